// bitview.js: loads Bitview's Go WebAssembly and completes its JavaScript API.
//
//   import { load } from './bitview.js';
//   const bitview = await load();   // bitview.wasm beside this module, or a URL, or the wasm's bytes
//   bitview.parseFen('8/8/8/8/8/8/8/8 w - - 0 1');
//
// Every file Bitview needs (bitview.wasm, wasm_exec.js, view.css, repr.css,
// pieces/chessnut/) is found beside this module, from import.meta.url, so a
// page in any folder of any origin can use it; setBaseURL(url) points them
// elsewhere (a bundler that moved this module, a self-hosted copy).
// wasm_exec.js (from Go's lib/wasm) defines globalThis.Go; load() loads it
// from the base unless the page already did. The hot paths, parseFen and bitboard, cross into Go through
// functions exported with //go:wasmexport and a shared buffer in the wasm's
// memory ("the wire", see wasm/wire.go); this module writes the arguments
// there and decodes the answers. Everything else is answered by Go directly.

const utf8 = new TextEncoder();
const text = new TextDecoder();
const latin1 = new TextDecoder('latin1'); // the fastest decoder of short ASCII

let loading;
let base = new URL('.', import.meta.url);
let pieceURLs = null; // pieceImages' answer, per base
const assetURLs = new Map(); // assetURL's answers, per base: a page of elements asks for the same few
const baseListeners = new Set();

/**
 * Sets the folder Bitview's files are loaded from (default: the folder of
 * this module). Relative URLs resolve against the page. Elements already on
 * the page follow; a wasm already started stays.
 * @param {string|URL} url the folder that holds bitview.wasm, wasm_exec.js, view.css and pieces/
 */
export function setBaseURL(url) {
  const u = new URL(url, globalThis.document?.baseURI ?? import.meta.url);
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  base = u;
  pieceURLs = null;
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

// plain copies a value a caller hands Bitview into plain data before Go
// reads it: primitives as they are (a string is not copied), arrays and
// objects property by property (own enumerable ones, at most depth levels
// deep), anything else (a function, a symbol, a deeper object) as {}. A
// getter or a Proxy trap that throws does so here, in JavaScript, where
// the API's guard answers it; Go only ever reads plain data, so nothing
// unwinds through Go (wasm_exec.js catches exceptions only in the calls
// it makes, not in property reads).
export function plain(v, depth = 3) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return typeof v === 'symbol' ? {} : v;
  if (typeof v === 'function' || depth === 0) return {};
  if (Array.isArray(v)) {
    // An array keeps its length, but at most MAX_ITEMS entries are copied:
    // Go refuses a longer one by its length before reading an entry.
    const out = new Array(v.length);
    for (let i = 0; i < v.length && i < MAX_ITEMS; i++) out[i] = plain(v[i], depth - 1);
    return out;
  }
  const out = {};
  for (const k of Object.keys(v)) out[k] = plain(v[k], depth - 1);
  return out;
}

// goEvents are the helpers of Go's one event path (wasm/events.go), set
// as globalThis.__bitviewJS before Go starts: listen(target, type, scope)
// adds one listener of events of type on target that copies what Go needs
// out of each event into plain values (its type, key, modifier keys,
// button, position, target, and a worker message's data; a toggle event's
// newState and an error event's message as its key) and hands them to
// __bitviewGo.event(scope, …), then calls preventDefault and
// stopPropagation as Go answered; unlisten(scope) removes a scope's
// listeners. Events that do not bubble are listened to in the capture
// phase.
const MAX_ITEMS = 256; // the longest array Bitview reads is a mailbox of 64

const NOT_BUBBLING = new Set(['toggle', 'pointerenter', 'pointerleave', 'mouseenter', 'mouseleave', 'focus', 'blur', 'load']);
const listeners = new Map(); // scope → [[target, type, fn, capture]]
const goEvents = {
  listen(target, type, scope) {
    const capture = true;
    const fn = (ev) => {
      let args;
      try {
        const key = type === 'toggle' ? ev.newState : type === 'error' ? ev.message : ev.key;
        args = [scope, ev.type, typeof key === 'string' ? key.slice(0, 64) : '',
          (ev.shiftKey ? 1 : 0) | (ev.altKey ? 2 : 0) | (ev.ctrlKey ? 4 : 0) | (ev.metaKey ? 8 : 0) | (ev.defaultPrevented ? 16 : 0),
          Number(ev.button) | 0, Number(ev.clientX) || 0, Number(ev.clientY) || 0,
          typeof Node === 'function' && ev.target instanceof Node ? ev.target : null, type === 'message' ? ev.data : undefined];
      } catch {
        return; // an event whose properties throw is not Bitview's
      }
      const answer = globalThis.__bitviewGo.event(...args);
      if (answer & 1) ev.preventDefault();
      if (answer & 2) ev.stopPropagation();
    };
    target.addEventListener(type, fn, capture);
    if (!listeners.has(scope)) listeners.set(scope, []);
    listeners.get(scope).push([target, type, fn, capture]);
  },
  unlisten(scope) {
    for (const [target, type, fn, capture] of listeners.get(scope) ?? []) target.removeEventListener(type, fn, capture);
    listeners.delete(scope);
  },
  // patchCard(card, cells, values) writes a new position into a card that
  // Go drew (wasm/view.Card), in one call from Go instead of one per
  // attribute (wasm/cards.go, patch): cells holds a line per changed
  // cell, its square, class, bit and name separated by tabs, and a fifth
  // field "b" when its binary digit changed too; values is "" or the
  // subtitle, hex, binary, decimal and decimal markup, separated by tabs.
  // It answers false, having written nothing, when the card is not as Go
  // drew it.
  patchCard(card, cells, values) {
    let nodes = cardNodes.get(card);
    if (!nodes) {
      const byName = (sel) => new Map([...card.querySelectorAll(sel)].map((el) => [el.dataset.square, el]));
      const copies = card.querySelectorAll('.readouts button.copy');
      nodes = { cells: byName('.bits [data-square]'), bins: byName('code[data-format="binary"] [data-square]'),
        sub: card.querySelector('header .sub'), hex: card.querySelector('code[data-format="hex"]'),
        dec: card.querySelector('code[data-format="decimal"]'), copies };
      cardNodes.set(card, nodes);
    }
    const lines = cells === '' ? [] : cells.split('\n').map((l) => l.split('\t'));
    if (lines.some(([sq, , , , b]) => !nodes.cells.has(sq) || (b && !nodes.bins.has(sq)))) return false;
    const v = values === '' ? null : values.split('\t');
    if (v && (!nodes.sub || !nodes.hex || nodes.copies.length < 2)) return false;
    for (const [sq, cls, bit, name, b] of lines) {
      const el = nodes.cells.get(sq);
      el.className = cls;
      el.setAttribute('data-bit', bit);
      el.setAttribute('aria-label', name);
      el.setAttribute('title', name);
      el.firstElementChild.setAttribute('data-digit', bit);
      if (b) nodes.bins.get(sq).textContent = bit;
    }
    if (v) {
      nodes.sub.textContent = v[0];
      nodes.hex.textContent = v[1];
      nodes.copies[0].setAttribute('data-copy', v[1]);
      nodes.copies[1].setAttribute('data-copy', v[2]);
      if (nodes.dec && nodes.copies[2]) {
        nodes.dec.innerHTML = v[4];
        nodes.copies[2].setAttribute('data-copy', v[3]);
      }
    }
    return true;
  },
};
const cardNodes = new WeakMap(); // patchCard's elements of each card, found at its first patch

// compile downloads (from a URL) and compiles the wasm, streaming when
// the server says application/wasm. Its errors carry the URL (err.url),
// for diagnose.
async function compile(source) {
  if (typeof source !== 'string' && !(source instanceof URL)) return WebAssembly.compile(source);
  const url = String(source);
  const early = globalThis.__bitviewEarly; // started by prerender.js, see there
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

// The types a browser accepts for each kind of Bitview's files: a module
// script only with a JavaScript MIME type, a stylesheet only as text/css
// (the wasm is told by its first bytes, "\0asm").
const EXPECTED = {
  js: { name: 'JavaScript', type: 'text/javascript', ok: /^(text|application)\/(x-)?(javascript|ecmascript)\b/i },
  css: { name: 'a stylesheet', type: 'text/css', ok: /^text\/css\b/i },
  wasm: { name: 'WebAssembly', type: 'application/wasm', ok: /^application\/wasm\b/i },
};

/**
 * Tells why one of Bitview's files (or the element's own script) could
 * not be loaded, by asking for it again: a CORS request first, then, when
 * that fails, one that needs no CORS header (which succeeds when the site
 * answers but sends no Access-Control-Allow-Origin). It reads at most the
 * first 512 bytes of the answer.
 * @param {string|URL} url the file that failed
 * @returns {Promise<{cause: 'not-found'|'no-cors'|'mime'|'html'|'offline'|'http'|'loads', url: string, status: number, type: string, message: string, fix: string}>}
 *   cause names what went wrong; message says it, naming the URL; fix says what to do
 */
export async function diagnose(url) {
  const u = new URL(url, globalThis.document?.baseURI ?? import.meta.url);
  const href = u.href;
  const ext = /\.(m?js|css|wasm)$/i.exec(u.pathname)?.[1].toLowerCase().replace('mjs', 'js') ?? 'js';
  const want = EXPECTED[ext];
  const here = globalThis.location?.origin ?? '';
  const selfHost = 'run make dist in a clone of Bitview, copy dist/ whole to your site (e.g. to /bitview/) and load /bitview/bitview-load.js';
  const result = (cause, status, type, message, fix) => ({ cause, url: href, status, type, message, fix });
  let response;
  try {
    response = await fetch(href, { mode: 'cors', cache: 'no-store' });
  } catch {
    try {
      await fetch(href, { mode: 'no-cors', cache: 'no-store' });
    } catch {
      const offline = globalThis.navigator?.onLine === false;
      return result('offline', 0, '', offline
        ? `Bitview could not load ${href}: this browser is offline.`
        : `Bitview could not load ${href}: ${u.host} cannot be reached (it is down, or the network blocks it).`,
      offline ? `Reload the page once the network is back. To host Bitview yourself, ${selfHost}.`
        : `Check the address. To host Bitview yourself, ${selfHost}.`);
    }
    return result('no-cors', 0, '', `Bitview could not load ${href}: ${u.origin} answers without an Access-Control-Allow-Origin header, so this page (${here}) may not use its files.`,
      `Make ${u.origin} send Access-Control-Allow-Origin: * for Bitview's files (npm CDNs and Bitview's serve.go do; how on nginx, Apache, Caddy and Netlify: Bitview's web/sites/README.md), or host Bitview on this site: ${selfHost}.`);
  }
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  const start = await firstBytes(response, 512);
  if (response.status === 404 || response.status === 410) {
    const pkg = /\/(?:npm\/)?bitview@([^/]+)\//.exec(u.pathname);
    return result('not-found', response.status, type, `Bitview could not load ${href}: not found (HTTP ${response.status}).`, pkg
      ? `Version ${pkg[1]} of the bitview package may not be published yet, or the path is wrong. Until it is published, ${selfHost}.`
      : `The path is wrong: check the script's src, or call setBaseURL('/path/to/bitview/') from bitview-element.js before the first element draws. To host Bitview yourself, ${selfHost}.`);
  }
  if (!response.ok) {
    return result('http', response.status, type, `Bitview could not load ${href}: the server answered HTTP ${response.status} ${response.statusText}.`,
      `Ask the site's owner, or host Bitview yourself: ${selfHost}.`);
  }
  const text = new TextDecoder().decode(start).trimStart().toLowerCase();
  const isWasm = start[0] === 0 && start[1] === 0x61 && start[2] === 0x73 && start[3] === 0x6d;
  if (type === 'text/html' || (!isWasm && (text.startsWith('<!doctype html') || text.startsWith('<html')))) {
    return result('html', response.status, type, `Bitview could not load ${href}: the server answered an HTML page (${type || 'no type'}), not ${want.name}.`,
      `The file is not at that path (the site answers unknown paths with a page): check the path, or call setBaseURL('/path/to/bitview/'). To host Bitview yourself, ${selfHost}.`);
  }
  if (ext === 'wasm' ? !isWasm : !want.ok.test(type)) {
    return result('mime', response.status, type, ext === 'wasm'
      ? `Bitview could not load ${href}: it is not WebAssembly (it does not start with \\0asm; served as ${type || 'no type'}).`
      : `Bitview could not load ${href}: it is served as ${type || 'no type'}, and browsers take ${want.name} only as ${want.type}.`,
    'Make the server send .js as text/javascript, .css as text/css and .wasm as application/wasm, and each file of dist/ as it is.');
  }
  return result('loads', response.status, type, `Bitview could not load ${href}, which loads now.`, 'Reload the page.');
}

// firstBytes reads at most n bytes of a response's body and drops the rest.
async function firstBytes(response, n) {
  const out = new Uint8Array(n);
  let got = 0;
  const reader = response.body?.getReader();
  try {
    while (reader && got < n) {
      const { value, done } = await reader.read();
      if (done) break;
      const take = Math.min(value.length, n - got);
      out.set(value.subarray(0, take), got);
      got += take;
    }
  } catch {} finally {
    reader?.cancel().catch(() => {});
  }
  return out.subarray(0, got);
}

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `${typeof v}`;
}

// CLIP_PREFIX is how many characters of an over-long string an answer
// quotes.
const CLIP_PREFIX = 16;

// clip is s when it is no string or has at most limit characters, else its
// first CLIP_PREFIX characters, "…" and its length: "xxxxxxxxxxxxxxxx…
// (20,971,520 characters)". An answer echoes an argument through it, so
// that a 20 MB argument is not sent back whole.
function clip(s, limit) {
  if (typeof s !== 'string' || s.length <= limit) return s;
  return `${prefix(s)}… (${s.length.toLocaleString('en-US')} characters)`;
}

// prefix is the first CLIP_PREFIX characters of s, a surrogate pair kept
// whole.
function prefix(s) {
  const c = s.charCodeAt(CLIP_PREFIX - 1);
  return s.slice(0, c >= 0xd800 && c <= 0xdbff ? CLIP_PREFIX - 1 : CLIP_PREFIX);
}

// tooLong is the message for a name or layout longer than limit: what it
// is, a quoted prefix and the lengths.
function tooLong(what, s, limit) {
  return `unknown ${what} ${JSON.stringify(prefix(s))}… (${s.length.toLocaleString('en-US')} characters; the limit is ${limit})`;
}

function argError(name, message) {
  return { field: 0, fieldName: name, offset: -1, message };
}

function makeApi(ex, go) {
  const mem = ex.mem;
  const wire = ex.bitview_wire();
  // The wire's format, from Go (wasm/wire.go, wireFormat): the longest FEN
  // and name or layout written, where the answer starts, and the piece
  // letter of each mailbox byte.
  const { fenLimit: MAX_FEN, argLimit: MAX_ARG, answerAt: ANSWER, letters: LETTERS } = go.wireFormat();
  // The square names, the castling field of each bitmask and the API's
  // entries, from Go (wasm/jsapi): nothing of them is restated here.
  const tables = go.tables();
  const SQUARES = tables.squares.split(' ');
  const CASTLING = tables.castling.split(' ');
  let u8 = new Uint8Array(mem.buffer);
  let dv = new DataView(mem.buffer);
  let pos = 0; // read position in the answer
  let encoded = null; // the FEN's UTF-8 bytes when it was not ASCII

  // Tables read from Go when first needed: converting the layouts takes
  // milliseconds that a page of elements would wait for before drawing.
  let codes = null; // go.warningCodes(), at the first parseFen call
  let grids = null; // the grid templates, at the first bitboard call
  const views = mountedViews(go); // the mounted views, released when their root leaves the document

  // Memory can grow during a call, which detaches the old views (their
  // length drops to 0).
  const fresh = () => {
    if (u8.byteLength === 0) {
      u8 = new Uint8Array(mem.buffer);
      dv = new DataView(mem.buffer);
    }
  };

  // put writes s at wire+at, at most max bytes, and returns the byte count.
  const put = (s, at, max) => {
    const n = s.length < max ? s.length : max;
    const base = wire + at;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 127) {
        const bytes = utf8.encode(s.slice(0, max));
        const len = bytes.length < max ? bytes.length : max;
        u8.set(bytes.subarray(0, len), base);
        if (at === 0) encoded = bytes;
        return len;
      }
      u8[base + i] = c;
    }
    return n;
  };

  const r8 = () => u8[pos++];
  const r16 = () => { const v = dv.getUint16(pos, true); pos += 2; return v; };
  const r32 = () => { const v = dv.getUint32(pos, true); pos += 4; return v; };
  const ascii = () => {
    const n = r16();
    const s = n === 0 ? '' : latin1.decode(u8.subarray(pos, pos + n));
    pos += n;
    return s;
  };
  const utf = () => {
    const n = r16();
    const s = text.decode(u8.subarray(pos, pos + n));
    pos += n;
    return s;
  };

  // readError decodes an error answer; offsets become character offsets.
  const readError = () => {
    const field = r8();
    let offset = r16();
    const message = utf();
    const fieldName = utf();
    if (encoded !== null && field > 0) offset = text.decode(encoded.subarray(0, offset)).length;
    return { field, fieldName, offset, message };
  };

  function parseFen(fen) {
    if (typeof fen !== 'string') {
      return { ok: false, fen: '', error: argError('fen', `parseFen needs a FEN string, not ${describe(fen)}`), warnings: [], position: null };
    }
    try {
      codes ??= go.warningCodes(); // before fresh(): a call into Go may grow the memory
      fresh();
      encoded = null;
      const n = ex.bitview_parse_fen(put(fen, 0, MAX_FEN));
      fresh();
      pos = wire + ANSWER;
      if (r8() === 0) return { ok: false, fen: '', error: readError(), warnings: [], position: null };
      const sideToMove = r8() === 0 ? 'w' : 'b';
      const castling = CASTLING[r8()];
      const ep = r8();
      const halfmoveClock = r32();
      const fullmoveNumber = r32();
      const mailbox = new Array(64);
      for (let i = 0; i < 64; i++) mailbox[i] = LETTERS[u8[pos + i]];
      pos += 64;
      const canonical = r8() === 1 ? fen.trim() : ascii();
      const warnings = [];
      for (let k = r8(); k > 0; k--) {
        const code = codes[r8()];
        const squares = [];
        for (let s = r8(); s > 0; s--) squares.push(SQUARES[r8()]);
        warnings.push({ code, message: utf(), squares });
      }
      if (pos !== wire + ANSWER + n) throw new Error('answer length mismatch');
      return {
        ok: true, fen: canonical, error: null, warnings,
        position: { sideToMove, castling, enPassant: ep < 64 ? SQUARES[ep] : '-', halfmoveClock, fullmoveNumber, mailbox },
      };
    } catch (err) {
      return { ok: false, fen: '', error: argError('fen', `internal error: ${err.message}`), warnings: [], position: null };
    }
  }

  // An error answer echoes the name and layout it was given, each cut to
  // a short prefix when longer than the wire takes (see clip).
  const fail = (error, name, layout) => ({ ok: false, error, name: clip(name, MAX_ARG), layout: clip(layout, MAX_ARG), hex: '', binary: '', decimal: '', signed: '', count: 0, squares: [], indices: [], grid: null });

  // The grid templates as plain arrays, read on every bitboard call.
  const gridsOf = (layouts) => layouts.map((l) => ({
    rows: l.rows, cols: l.cols,
    square: l.cells.map((c) => c.square), index: l.cells.map((c) => c.index), offBoard: l.cells.map((c) => c.offBoard),
  }));

  function bitboard(fen, name, layout = 'lerf') {
    if (typeof fen !== 'string') return fail(argError('fen', `bitboard needs a FEN string, not ${describe(fen)}`), name, layout);
    if (typeof name !== 'string') return fail(argError('name', `bitboard needs a bitboard name string, not ${describe(name)}`), name, layout);
    if (typeof layout !== 'string') return fail(argError('layout', `bitboard needs a layout id string, not ${describe(layout)}`), name, layout);
    try {
      grids ??= gridsOf(go.layouts()); // before fresh(): a call into Go may grow the memory
      fresh();
      encoded = null;
      const a = put(fen, 0, MAX_FEN);
      const b = put(name, a, MAX_ARG);
      const c = put(layout, a + b, MAX_ARG);
      ex.bitview_bitboard(a, b, c);
      fresh();
      pos = wire + ANSWER;
      if (r8() === 0) {
        // Go saw MAX_ARG bytes of a longer name or layout: the message
        // says how long it was instead of quoting what Go saw.
        const error = readError();
        if (error.fieldName === 'name' && name.length > MAX_ARG) error.message = tooLong('bitboard name', name, MAX_ARG);
        if (error.fieldName === 'layout' && layout.length > MAX_ARG) error.message = tooLong('layout', layout, MAX_ARG);
        return fail(error, name, layout);
      }
      const g = grids[r8()];
      const count = r8();
      const squares = new Array(count);
      const indices = new Array(count);
      for (let i = 0; i < count; i++) squares[i] = SQUARES[u8[pos + i]];
      pos += count;
      for (let i = 0; i < count; i++) indices[i] = u8[pos + i];
      pos += count;
      // The four readouts, each an ASCII string after its 16-bit length,
      // decoded in one call (latin1: a byte is a character, so the
      // offsets in the bytes are the offsets in the text).
      const at = pos;
      const n1 = r16(); pos += n1;
      const n2 = r16(); pos += n2;
      const n3 = r16(); pos += n3;
      const n4 = r16(); pos += n4;
      const all = latin1.decode(u8.subarray(at, pos));
      const hex = all.slice(2, 2 + n1);
      const binary = all.slice(4 + n1, 4 + n1 + n2);
      const decimal = all.slice(6 + n1 + n2, 6 + n1 + n2 + n3);
      const signed = all.slice(8 + n1 + n2 + n3, 8 + n1 + n2 + n3 + n4);
      const n = g.square.length;
      const cells = new Array(n);
      for (let i = 0; i < n; i++) {
        cells[i] = { square: g.square[i], index: g.index[i], bit: u8[pos + i], offBoard: g.offBoard[i] };
      }
      return {
        ok: true, error: null, name, layout, hex, binary, decimal, signed, count, squares, indices,
        grid: { rows: g.rows, cols: g.cols, cells },
      };
    } catch (err) {
      return fail(argError('fen', `internal error: ${err.message}`), name, layout);
    }
  }

  const guard = (fn, shape) => (...args) => {
    try {
      return fn(...args);
    } catch (err) {
      return { ...shape, ok: false, error: argError('', `internal error: ${err?.message ?? err}`) };
    }
  };

  // copied is guard with every argument copied into plain data first (see
  // plain): an argument whose getters or traps throw is answered as an
  // error naming it, and Go never sees it. The wrapper carries the
  // arguments' names, which fromTable holds to Go's.
  const copied = (names, fn, shape) => Object.assign((...args) => {
    const copies = [];
    for (let i = 0; i < names.length; i++) {
      try {
        copies.push(plain(args[i]));
      } catch (err) {
        return { ...shape, ok: false, error: argError(names[i], `${names[i]} could not be read: ${err?.message ?? err}`) };
      }
    }
    return guard(fn, shape)(...copies);
  }, { params: names });

  return fromTable(entriesOf(tables.api), {
    version: go.version,
    /**
     * Draws a view (board and bit grids) into root, as <bitboard-view> does.
     * options: MountOptions (bitview-options.d.ts, from Go's model.Attributes;
     * pieceBase default: pieces/chessnut/ at the base). Returns a handle
     * {ok, error, drawn, update(options), svg(theme, pieces), destroy()}.
     * A view whose root has been in the document and has left it without
     * destroy() is released (see mountedViews).
     */
    mount: (root, options = undefined) => mount(go, views, root, options),
    themeOf,
    pieceImages,
    svgToPng,
    saveFigure,
    layouts: guard(() => go.layouts(), {}),
    bitboardNames: guard(() => go.bitboardNames(), {}),
    parseFen,
    writeFen: copied(['position'], (position) => go.writeFen(position), { fen: '' }),
    bitboard,
    /**
     * Perft divide of fen to depth plies (1–6): {ok, error, depth, nodes,
     * complete, divide: {uci: count}} with the moves in UCI order and counts as
     * numbers; a bad FEN or depth gives {ok: false, error: {field, fieldName,
     * offset, message}}. onMove(uci, nodes, done, total), if given, is called
     * after each root move (for a Web Worker's progress); returning false stops
     * the divide there (complete: false). Call it from a Web Worker for deep divides.
     */
    perft: (fen, depth, onMove = undefined) => copied(['fen', 'depth'], (f, d) => go.perft(f, d, typeof onMove === 'function' ? onMove : undefined),
      { nodes: 0, divide: {} })(fen, depth),
    /**
     * The Polyglot opening-book key of fen as 16 lowercase hex digits
     * (the start position's is "463b96181691fc9c"), or {ok: false, error}.
     */
    polyglotKey: copied(['fen'], (fen) => go.polyglotKey(fen), {}),
    /**
     * Which square layout and bitboard order make the numbers pasted in text
     * (hex, binary, signed or unsigned decimal, optionally labelled) agree
     * with fen: {ok, error, layout: {id, name, about}, order: {id, name, names},
     * agree, count, wrongBits, verdicts: [{text, line, col, label, value, bitboard,
     * title, want, ok, extra: [squares], missing: [squares]}], problems:
     * [{line, col, text, reason}], candidates: [{layout, order, agree, wrongBits}]}.
     * 64-bit values (value, want) are 16 hex digits.
     */
    matchBitboards: copied(['fen', 'text'], (fen, text) => go.matchBitboards(fen, text), {}),
    /**
     * The magic-bitboard lookup of a rook or bishop ("rook", "bishop") on
     * square ("e4") with occupancy (hex digits, 0x optional, or a BigInt;
     * default the empty board), step by step: {ok, error, piece, square,
     * occupancy, mask, masked, magic, product, bits, shift, index, attacks,
     * attackSquares, reference, equal, tries, seed}. 64-bit values are "0x" and
     * 16 hex digits (BigInt(r.product) works); bit n is LERF square n (a1 = 0);
     * equal says the table's attacks are core's sliding attacks.
     */
    magic: copied(['piece', 'square', 'occupancy'], (piece, square, occupancy) => go.magic(piece, square,
      typeof occupancy === 'bigint' ? '0x' + BigInt.asUintN(64, occupancy).toString(16) : occupancy), {}),
  });
}

// entriesOf reads the API's signatures from Go (jsapi.Function.Signature):
// "version" (a property), "layouts()", "mount(root,options?)", space-separated.
function entriesOf(signatures) {
  return signatures.split(' ').map((sig) => {
    const [, name, list] = /^(\w+)(?:\((.*)\))?$/.exec(sig);
    const params = list ? list.split(',') : [];
    const firstOptional = params.findIndex((p) => p.endsWith('?'));
    return {
      name, property: list === undefined, params: params.map((p) => p.replace(/\?$/, '')),
      required: firstOptional < 0 ? params.length : firstOptional,
    };
  });
}

// fromTable makes the API object from its implementations, in the order
// of Go's table (jsapi.Functions, as __bitviewGo.tables().api): each
// function's length is the number of its required arguments, and a
// wrapper's argument names (copied's) are Go's. An entry without an
// implementation, an implementation without an entry or a different
// argument list means bitview.js and bitview.wasm are not of one build:
// load refuses it, naming what differs.
function fromTable(entries, impl) {
  const api = {};
  const differs = (what) => new Error(`bitview.js and bitview.wasm are not of one build: ${what}`);
  for (const { name, params, required, property } of entries) {
    const v = impl[name];
    if (v === undefined) throw differs(`bitview.js has no ${name}`);
    if (!property) {
      if (typeof v !== 'function') throw differs(`${name} is not a function`);
      if (v.params && v.params.join() !== params.join()) throw differs(`${name}(${v.params.join(', ')}), Go has ${name}(${params.join(', ')})`);
      if (v.params) Object.defineProperty(v, 'length', { value: required });
      if (v.length !== required) throw differs(`${name} takes ${v.length} required arguments, Go says ${required} (${params.join(', ')})`);
    }
    api[name] = v;
  }
  const extra = Object.keys(impl).filter((k) => !Object.hasOwn(api, k));
  if (extra.length > 0) throw differs(`Go does not list ${extra.join(', ')}`);
  return Object.freeze(api);
}

// mount draws a view into root (see the API's mount) and answers its
// handle: {ok, error, drawn, update(options), svg(theme, pieces),
// destroy()}.
// The options, the theme and the pieces are copied into plain data before
// Go reads them. A view that could not be drawn at all (drawn: false; Go
// holds nothing of it) answers {ok: false, error} with inert methods:
// update answers the same error, svg '', and destroy does nothing. A view
// released because its root left the document (see mountedViews) answers
// update with an error saying so and svg with ''; its destroy() empties
// the root.
function mount(go, views, root, options) {
  views.sweep();
  let drawn;
  try {
    if (typeof Element !== 'function' || !(root instanceof Element)) throw new Error('mount needs an element to draw into');
    drawn = go.mount(root, viewOptions(options));
  } catch (err) {
    drawn = { id: 0, ok: false, error: argError('root', err.message) };
  }
  const { id, ok, error } = drawn;
  if (id === 0) {
    return {
      ok: false, error, drawn: false,
      update: () => ({ ok: false, error }),
      svg: () => '',
      destroy: () => {},
    };
  }
  let released = false;
  const call = (method, ...args) => {
    try {
      return go.view(id, method, ...args);
    } catch (err) {
      return method === 'update' ? { ok: false, error: argError('options', `internal error: ${err.message}`) } : method === 'svg' ? '' : undefined;
    }
  };
  views.add(id, root, () => {
    released = true;
    call('release');
  });
  return {
    ok, error, drawn: true,
    update: (o) => {
      if (released) return { ok: false, error: argError('root', RELEASED) };
      let copy;
      try {
        copy = viewOptions(o);
      } catch (err) {
        return { ok: false, error: argError('options', `the options could not be read: ${err?.message ?? err}`) };
      }
      return call('update', copy);
    },
    svg: (theme, pieces) => released ? '' : call('svg', plain(theme ?? null), plain(pieces ?? null)),
    destroy: () => {
      views.delete(id);
      if (released) {
        root.replaceChildren();
        return;
      }
      call('destroy');
    },
  };
}

const RELEASED = 'the view was released: its root left the document without destroy(); mount it again';

// mountedViews keeps one Go instance's mounted views by id, to release a
// view whose root has left the document without destroy(): Go forgets it
// and removes its listeners, and its drawing stays in the root as it was.
// A view's root counts as having been in the document once it is seen
// connected (at mount or at a sweep); one mounted into a detached element
// is released only after it has been inserted and removed again. A sweep
// runs at every mount and, where there is a MutationObserver, after any
// change to the documents the roots belong to (a root inside another
// element's shadow root is seen to go when its host goes, and at the next
// mount otherwise). A root taken out and put back in one task is not
// released.
function mountedViews(go) {
  const live = new Map(); // id → {root, seen, release}
  let observer = null;
  const observed = new Set(); // the documents the observer watches
  const sweep = () => {
    for (const [id, v] of live) {
      if (v.root.isConnected) {
        v.seen = true;
      } else if (v.seen) {
        live.delete(id);
        v.release();
      }
    }
    if (live.size === 0 && observer !== null) {
      observer.disconnect();
      observed.clear();
    }
  };
  const observe = (doc) => {
    if (typeof MutationObserver !== 'function' || doc === null || observed.has(doc)) return;
    try {
      observer ??= new MutationObserver(sweep);
      observer.observe(doc, { childList: true, subtree: true });
      observed.add(doc);
    } catch {} // a document that cannot be observed is swept at the next mount
  };
  return {
    sweep,
    add(id, root, release) {
      live.set(id, { root, seen: root.isConnected, release });
      observe(root.ownerDocument);
    },
    delete(id) {
      live.delete(id);
    },
  };
}

// viewOptions copies a view's options into plain data, with the pieces'
// folder at the base unless they name one; a value that is no object is
// passed as it is, for Go to refuse.
function viewOptions(o) {
  if (o === undefined || o === null) return { pieceBase: assetURL('pieces/chessnut/') };
  return typeof o === 'object' ? { pieceBase: assetURL('pieces/chessnut/'), ...plain(o) } : o;
}

// BEGIN generated by go generate ./wasm/model from jsapi.ThemeProperties and jsapi.PieceFiles (wasm/jsapi): edit those.
// THEME maps view.Theme's fields to the --bitview-* properties of view.css.
const THEME = {
  light: '--bitview-light',
  dark: '--bitview-dark',
  bitOn: '--bitview-bit-on',
  bitOnText: '--bitview-bit-on-text',
  bitOff: '--bitview-bit-off',
  bitOffText: '--bitview-bit-off-text',
  offBoard: '--bitview-off-board-flat',
  text: '--bitview-fg',
  muted: '--bitview-muted',
  background: '--bitview-panel',
  font: '--bitview-font',
  mono: '--bitview-mono',
};

// PIECES are the names of the piece images (pieces/chessnut/NAME.svg), in core.Piece order.
const PIECES = ['wP', 'wN', 'wB', 'wR', 'wQ', 'wK', 'bP', 'bN', 'bB', 'bR', 'bQ', 'bK'];
// END generated

/** The colours and fonts an element shows, for exporting figures in the same theme. */
export function themeOf(el) {
  const cs = getComputedStyle(el);
  return Object.fromEntries(Object.entries(THEME).map(([k, v]) => [k, cs.getPropertyValue(v).trim()]));
}

/**
 * The twelve Chessnut pieces (at the base) as data: URLs, in
 * core.Piece.Index order, so exported SVGs stand alone; [] when they cannot be read.
 */
export function pieceImages() {
  pieceURLs ??= Promise.all(PIECES.map(async (p) => {
    const res = await fetch(assetURL(`pieces/chessnut/${p}.svg`));
    if (!res.ok) throw new Error(res.statusText);
    const bytes = new Uint8Array(await res.arrayBuffer());
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return 'data:image/svg+xml;base64,' + btoa(bin);
  })).catch(() => []);
  return pieceURLs;
}

/** Saves an SVG document as name.svg, or as name.png at 2×. */
export async function saveFigure(svg, format, name = 'bitview') {
  const blob = format === 'png' ? await svgToPng(svg, 2) : new Blob([svg], { type: 'image/svg+xml' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name}.${format === 'png' ? 'png' : 'svg'}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/**
 * Renders an SVG document to a PNG at scale × its size (2 for slides).
 * @param {string} svg a standalone SVG with width and height attributes
 * @param {number} scale
 * @returns {Promise<Blob>} the PNG
 */
export async function svgToPng(svg, scale = 2) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    const loaded = new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = () => reject(new Error('the SVG could not be read as an image'));
    });
    img.src = url;
    // The load event, not decode() alone: Firefox resolves decode() before
    // the SVG's own images (the pieces, data: URLs) have loaded, and the
    // PNG had no piece (wasm/browser's TestFigureSVGMatchesElement).
    await loaded;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(img.naturalWidth * scale);
    canvas.height = Math.round(img.naturalHeight * scale);
    canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
