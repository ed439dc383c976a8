// args.js: what the API does with its callers' arguments before Go reads
// them (plain, guard, copied), and how an answer quotes them back (clip,
// tooLong, describe, argError).

// MAX_ITEMS is the longest array plain copies whole: the longest array
// Bitview reads is a mailbox of 64.
const MAX_ITEMS = 256;

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

// guard returns fn answering any exception it throws as an error answer
// of the shape shape.
export const guard = (fn, shape) => (...args) => {
  try {
    return fn(...args);
  } catch (err) {
    return { ...shape, ok: false, error: argError('', `internal error: ${err?.message ?? err}`) };
  }
};

// copied is guard with every argument copied into plain data first (see
// plain): an argument whose getters or traps throw is answered as an
// error naming it, and Go never sees it. The wrapper carries the
// arguments' names, which fromTable (api.js) holds to Go's.
export const copied = (names, fn, shape) => Object.assign((...args) => {
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

// describe names the type of v for a message: "null", "an array", "an
// object", "number", ….
export function describe(v) {
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
export function clip(s, limit) {
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
export function tooLong(what, s, limit) {
  return `unknown ${what} ${JSON.stringify(prefix(s))}… (${s.length.toLocaleString('en-US')} characters; the limit is ${limit})`;
}

// argError is the error object (jsapi.Error) for the argument name.
export function argError(name, message) {
  return { field: 0, fieldName: name, offset: -1, message };
}
