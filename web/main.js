// The page's loader: Go draws the page once bitview.wasm runs (see
// wasm/page.go); this only starts it and explains a failure.
import { load } from './bitview.js';

// index.html holds the default view, prerendered (see wasm/prerender). A
// link to another view marks it as not yet the linked one until Go has
// drawn that (wasm/page.go removes the class; style.css greys the board).
const app = document.getElementById('bitview-app');
if (location.search.length > 1 && location.search !== app.dataset.defaultQuery) app.classList.add('pending');

const loading = document.getElementById('loading');
load(new URL('bitview.wasm', import.meta.url)).then(
  () => loading.remove(),
  (err) => {
    loading.classList.add('failed');
    loading.textContent = `Bitview could not start: ${err.message}. ` +
      'It needs a browser with WebAssembly, and bitview.wasm next to this page (run "make wasm").';
  },
);
