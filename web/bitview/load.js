// load.js: loads Bitview's Go WebAssembly once, with Go's wasm_exec.js,
// and resolves to the API (api.js). The wasm downloads and compiles while
// wasm_exec.js loads.

import { assetURL } from './base.js';
import { goEvents } from './events.js';
import { makeApi } from './api.js';

let loading;

/**
 * Loads Bitview once and resolves to its API (also set as globalThis.bitview).
 * @param {string|URL|Uint8Array|ArrayBuffer} [source] the wasm's URL, or its bytes (default: bitview.wasm at the base)
 * @returns {Promise<object>} the API; later calls return the same one
 */
export function load(source) {
  loading ??= start(source ?? assetURL('bitview.wasm')).catch((err) => {
    loading = undefined; // a failed download may be retried
    throw err;
  });
  return loading;
}

// wasmExec loads Go's wasm_exec.js from the base unless the page did: a
// classic script in a page (no CORS needed), a module import elsewhere
// (Node, workers).
function wasmExec() {
  if (typeof globalThis.Go === 'function') return Promise.resolve();
  const src = assetURL('wasm_exec.js');
  if (typeof document === 'undefined') {
    return import(src).catch((err) => { throw withURL(new Error(`could not load ${src}: ${err.message}`), src); });
  }
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(withURL(new Error(`could not load ${src}`), src));
    document.head.append(s);
  });
}

async function start(source) {
  if (typeof WebAssembly !== 'object') throw new Error('this browser cannot run WebAssembly, which Bitview needs');
  // The wasm downloads and compiles while wasm_exec.js loads: compiling
  // needs no imports.
  const compiled = compile(source);
  compiled.catch(() => {}); // reported when awaited below, unless wasm_exec.js failed first
  await wasmExec();
  if (typeof globalThis.Go !== 'function') throw withURL(new Error('wasm_exec.js did not define globalThis.Go'), assetURL('wasm_exec.js'));
  const go = new globalThis.Go();
  globalThis.__bitviewJS = goEvents;
  const module = await compiled;
  mark('bitview-compiled');
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const ready = new Promise((resolve) => { globalThis.__bitviewReady = resolve; });
  mark('bitview-run');
  go.run(instance); // resolves only when the Go program exits, which it never does
  await ready;
  delete globalThis.__bitviewReady;
  const api = makeApi(instance.exports, globalThis.__bitviewGo);
  globalThis.bitview = api;
  return api;
}

// mark sets a performance mark of start-up (measured by make measure,
// wasm/browser/startup_test.go), where the platform has them.
function mark(name) {
  globalThis.performance?.mark?.(name);
}

// compile downloads (from a URL) and compiles the wasm, streaming when
// the server says application/wasm. Its errors carry the URL (err.url),
// for diagnose.
async function compile(source) {
  if (typeof source !== 'string' && !(source instanceof URL)) return WebAssembly.compile(source);
  const url = String(source);
  const early = globalThis.__bitviewEarly; // started by page-start.js, see there
  if (early?.url === url) {
    delete globalThis.__bitviewEarly;
    const module = await early.compiled.catch(() => undefined);
    if (module) return module;
  }
  let response;
  try {
    response = await fetch(source);
  } catch (err) {
    throw withURL(new Error(`could not download ${url}: ${err.message}`), url);
  }
  if (!response.ok) throw withURL(new Error(`could not download ${url}: HTTP ${response.status} ${response.statusText}`), url);
  try {
    if (WebAssembly.compileStreaming && response.headers.get('Content-Type') === 'application/wasm') {
      return await WebAssembly.compileStreaming(response);
    }
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (err) {
    throw withURL(new Error(`could not compile ${url}: ${err.message}`), url);
  }
}

function withURL(err, url) {
  err.url = String(url);
  return err;
}
