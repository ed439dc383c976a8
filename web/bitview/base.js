// base.js: where Bitview's files are (bitview.wasm, wasm_exec.js, view.css,
// repr.css, pieces/chessnut/): by default the folder of bitview.js, the
// folder above this module, found from import.meta.url, so that a page in
// any folder of any origin can use them; setBaseURL points them elsewhere.

// home is the folder of bitview.js, against which a relative URL resolves
// where there is no document (Node, workers).
export const home = new URL('../', import.meta.url);

let base = home;
const assetURLs = new Map(); // assetURL's answers, per base: a page of elements asks for the same few
const baseListeners = new Set();

/**
 * Sets the folder Bitview's files are loaded from (default: the folder of
 * bitview.js). Relative URLs resolve against the page. Elements already on
 * the page follow; a wasm already started stays.
 * @param {string|URL} url the folder that holds bitview.wasm, wasm_exec.js, view.css and pieces/
 */
export function setBaseURL(url) {
  const u = new URL(url, globalThis.document?.baseURI ?? home);
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  base = u;
  assetURLs.clear();
  for (const fn of baseListeners) fn(base.href);
}

/** The folder Bitview's files are loaded from, ending in "/". */
export function baseURL() {
  return base.href;
}

/** The URL of one of Bitview's files, e.g. assetURL('view.css'). */
export function assetURL(name) {
  let url = assetURLs.get(name);
  if (url === undefined) {
    url = new URL(name, base).href;
    assetURLs.set(name, url);
  }
  return url;
}

/** Calls fn(url) whenever setBaseURL changes the base; returns a function that stops it. */
export function onBaseURL(fn) {
  baseListeners.add(fn);
  return () => baseListeners.delete(fn);
}
