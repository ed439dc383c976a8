// The page's loader: Go draws the page once bitview.wasm runs (see
// wasm/page.go); this only starts it, explains a failure, keeps one
// length style.css needs, and shows the square panel beside a square
// tapped on a phone.
import { load } from './bitview.js';

// The cards' scroller's content height in px, as --cards-h on
// #bits-side, the cards' column (not on #cards, which the wasm takes over
// as it was prerendered): style.css sizes the cards' rows with it, where
// a percentage of the scroller made every new position lay out every card
// again (see style.css). It is written only when that height changes (a
// resize, a tool opened, the switches wrapping), never by a new position,
// and only the column inherits it: on the root, each write restyled the
// whole page (20 resizes of the default page in Chromium 156: 2.8–3.1 s
// of style recalculation with it on the root, 1.8–2.0 on #bits-side).
const cards = document.getElementById('cards');
const column = document.getElementById('bits-side');
if (cards && column && typeof ResizeObserver === 'function') {
  new ResizeObserver(([entry]) => {
    column.style.setProperty('--cards-h', `${entry.contentRect.height}px`);
  }).observe(cards);
}

// On a phone the square panel (the pointed square's index in every
// numbering) is at the end of the page, far from a square tapped on the
// board or in a grid: while it is out of sight, a tap on a square or a
// cell shows it beside what was tapped (above it, or under it where
// there is no room above), over the page, until the page scrolls, another
// place is tapped or Escape is pressed. Go has written the panel for that
// square when the pointer came over it (wasm/figure.go), before the click.
const info = document.getElementById('square-info');
if (info) {
  const hide = () => { if (info.classList.contains('callout')) info.classList.remove('callout'); }; // no write when hidden
  document.addEventListener('click', (e) => {
    const at = e.target instanceof Element ? e.target.closest('#board [data-square], #bitview-app .bits .cell[data-square]') : null;
    hide();
    if (!at) return;
    const r = info.getBoundingClientRect();
    if (r.height > 0 && r.top >= 0 && r.bottom <= innerHeight) return; // in sight where it stands
    info.classList.add('callout');
    const t = at.getBoundingClientRect(), w = info.offsetWidth, h = info.offsetHeight, gap = 6;
    let top = t.top - h - gap;
    if (top < gap) top = Math.min(t.bottom + gap, innerHeight - h - gap);
    const left = Math.max(gap, Math.min(t.left + t.width / 2 - w / 2, innerWidth - w - gap));
    info.style.setProperty('--callout-x', `${left}px`);
    info.style.setProperty('--callout-y', `${Math.max(gap, top)}px`);
  }, true); // before the page's own click, which may draw the board afresh
  addEventListener('scroll', hide, { passive: true });
  addEventListener('keydown', (e) => { if (e.key === 'Escape') hide(); });
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
