// The page's loader: Go draws the page once bitview.wasm runs (see
// wasm/page.go); this only starts it, explains a failure, and keeps one
// length style.css needs.
import { load } from './bitview.js';

// The cards' scroller's content height in px, as --cards-h on the root
// (not on #cards, which the wasm takes over as it was prerendered):
// style.css sizes the cards' rows with it, where a percentage of the
// scroller made every new position lay out every card again (see
// style.css). It is written only when that height changes (a resize, a
// tool opened, the switches wrapping), never by a new position.
const cards = document.getElementById('cards');
if (cards && typeof ResizeObserver === 'function') {
  new ResizeObserver(([entry]) => {
    document.documentElement.style.setProperty('--cards-h', `${entry.contentRect.height}px`);
  }).observe(cards);
}

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
