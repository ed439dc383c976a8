// sw-register.js: makes the page that imports it (the page, main.js, and
// the tutorial, tutorial.js) work offline after the first visit, by
// registering sw.js for this folder (see sw.js). Nothing else imports it:
// a site that embeds <bitboard-view> or embed.html never gets the worker.
//
// The pages import it dynamically and ignore a failure: without it they
// work as before, online.
//
// It registers after the load event, so that the worker's downloads do
// not compete with the page's own, and not from a page the worker already
// controls: the browser checks for a new sw.js on every visit by itself,
// and registering again would bring back a worker that has just
// unregistered itself (Chromium revives a registration being removed when
// its script is registered again; see retire in sw.js).
const script = new URL('sw.js', import.meta.url);

function register() {
  const workers = navigator.serviceWorker;
  if (!workers || workers.controller?.scriptURL === script.href) return;
  workers.register(script, { updateViaCache: 'none' }).catch(() => {}); // no worker: the page works online as before
}

if (document.readyState === 'complete') register();
else addEventListener('load', register, { once: true });
