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

// Offline after the first visit: sw.js, beside this page, caches the page,
// the tutorial and their files (registered after load, so that it does not
// compete with the page's own downloads; see sw.js).
addEventListener('load', () => navigator.serviceWorker?.register(new URL('sw.js', import.meta.url), { updateViaCache: 'none' }).catch(() => {}));
