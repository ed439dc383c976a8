// bitview-frame.js: sizes each Bitview iframe of the page to its view.
//
//   <iframe data-bitview src="/bitview/embed.html?fen=…&show=P" width="760" height="771" …></iframe>
//   <script src="/bitview/bitview-frame.js" async></script>
//
// embed.html tells its parent how tall its content is, whenever that
// changes, as a message {type: "bitview-height", height} (CSS pixels);
// this classic script (it runs from any site, under a Content Security
// Policy of script-src 'self' too) sets that height on the
// <iframe data-bitview> the message came from. A frame that spoke before
// the script ran is asked again ({type: "bitview-height?"}). Without it,
// the frame keeps the height the snippet gives it (its view at 760 px
// wide). A page may load it more than once: it listens once.
(() => {
  if (window.__bitviewFrames) return;
  window.__bitviewFrames = true;
  const frames = () => document.querySelectorAll('iframe[data-bitview]');
  addEventListener('message', (e) => {
    const h = e.data?.type === 'bitview-height' ? e.data.height : NaN;
    if (!(h > 0 && h < 1e5)) return; // a height, in pixels, of a page that fits a screen's scrolling
    for (const f of frames()) {
      if (f.contentWindow === e.source) f.style.height = `${Math.ceil(h)}px`;
    }
  });
  const ask = () => {
    for (const f of frames()) f.contentWindow?.postMessage({ type: 'bitview-height?' }, '*');
  };
  ask();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ask, { once: true });
})();
