// embed.html?fen=…&show=P&arrows=Ge2e4: one <bitboard-view> from the
// URL's parameters, for sites that only allow iframes. The parameters are
// EMBED of bitview-options.js, which go generate writes from Go's one
// table of options (model.Attributes; README.md's table lists them).
//
// The frame tells its parent how tall its content is, whenever that
// changes, as a message {type: "bitview-height", height} (in CSS pixels),
// and again when the parent asks ({type: "bitview-height?"}). The parent
// may ignore it (the snippet's height fits the view at 760 px wide), or
// let the frame follow its content with the script file the snippet's
// second line loads, bitview-frame.js.
import './bitview-element.js';
import { EMBED } from './bitview-options.js'; // the parameters, from Go's model.Attributes

const params = new URLSearchParams(location.search);
const view = document.getElementById('view');
for (const name of EMBED) {
  if (params.has(name)) view.setAttribute(name, params.get(name));
}

// The height is sent once the view is drawn (bitview-ready, or the
// element's error when Bitview cannot start), read then from the laid-out
// page, and again whenever the content's height changes (a
// ResizeObserver): never before, when the page is only its padding and
// credit line (WebKit's frames were sized 37 px tall about one load in
// three). A frame as tall as its content shows no scroll bar: Chromium
// kept the one a shorter frame had shown (empty, the view laid out again
// 15 px narrower) after the listener made the frame fit. While the frame
// is shorter than its content, the content scrolls.
let drawn = false, sent = 0;
const post = () => {
  if (!drawn) return;
  const root = document.documentElement, height = Math.ceil(root.getBoundingClientRect().height);
  root.style.overflowY = innerHeight >= height ? 'hidden' : '';
  if (height === sent || window.parent === window) return;
  sent = height;
  window.parent.postMessage({ type: 'bitview-height', height }, '*'); // a height is no secret: any parent may read it
};
const start = () => {
  drawn = true;
  post();
};
new ResizeObserver(post).observe(document.documentElement);
addEventListener('message', (e) => {
  if (e.source !== window.parent || e.data?.type !== 'bitview-height?') return;
  sent = 0; // the parent's listener may have come after the last height: tell it again
  post();
});
addEventListener('resize', post);
view.addEventListener('bitview-ready', start, { once: true });
view.addEventListener('bitview-error', start, { once: true });
