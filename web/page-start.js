// index.html holds the default view, prerendered at build time (see
// wasm/webpages). This classic script runs before the body is parsed,
// so before the first paint: on a link to another view it marks the page
// (class "pending" on <html>) until Go has drawn that view (wasm/page.go
// removes the mark; style.css greys the prerendered board meanwhile).
// Its data-default-query is the default view's query, written by the
// prerender; a module script would run too late (after a first paint).
//
// It also starts compiling bitview.wasm while the body is parsed and laid
// out: main.js, a module, runs only after the document is parsed, so a
// compile started there begins after the wasm has arrived. bitview.js's
// load takes the compile over when it asks for the same URL
// (globalThis.__bitviewEarly) and otherwise, or when this one failed,
// downloads and compiles as it would without it. Its fetch is the wasm's
// one download: index.html has no <link rel="preload"> of the wasm, which
// WebKit never hands to a fetch() (it downloaded the wasm twice; Chromium
// and Firefox use it), and loads this script before its stylesheets,
// which would hold it back until they had arrived (wasm/browser's
// TestPageWasmOnce counts the downloads in the three engines).
{
  const script = document.currentScript;
  const defaultQuery = script.dataset.defaultQuery;
  if (location.search.length > 1 && location.search !== defaultQuery) document.documentElement.classList.add('pending');
  if (typeof WebAssembly === 'object' && WebAssembly.compileStreaming && typeof fetch === 'function') {
    const url = new URL('bitview.wasm', script.src).href;
    const compiled = WebAssembly.compileStreaming(fetch(url));
    compiled.catch(() => {}); // bitview.js compiles again and tells why
    globalThis.__bitviewEarly = { url, compiled };
  }
}
