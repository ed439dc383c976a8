// The page's loader: Go draws the page once bitview.wasm runs (see
// wasm/page.go); this only starts it and explains a failure.
import { load } from './bitview.js';

const loading = document.getElementById('loading');
load(new URL('bitview.wasm', import.meta.url)).then(
  () => loading.remove(),
  (err) => {
    loading.classList.add('failed');
    loading.textContent = `Bitview could not start: ${err.message}. ` +
      'It needs a browser with WebAssembly, and bitview.wasm next to this page (run "make wasm").';
  },
);

import('./sw-register.js').catch(() => {}); // offline after the first visit
