// quote.js: the one way a message of Bitview's scripts quotes its input,
// as Go's core/excerpt.Quote does (the Markdown blocks' problems say what
// Go's block reader says): in double quotes, escaped as Go's
// strconv.Quote escapes, and, beyond 40 characters (code points), the
// first 40, an ellipsis and the length in UTF-8 bytes. The cases both
// pass are core/excerpt/testdata/quote.json (excerpt's Go test and
// wasm/quote.test.mjs read it).

/** The most characters quoted (excerpt.MaxChars). */
export const MAX_CHARS = 40;

// PRINT is what Go's unicode.IsPrint keeps as it is: letters, marks,
// numbers, punctuation, symbols and the ASCII space.
const PRINT = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const ESCAPES = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };

// escape writes one code point as strconv.Quote does; a lone surrogate,
// which UTF-8 cannot hold, is U+FFFD, as it reaches Go.
function escape(c) {
  if (ESCAPES[c]) return ESCAPES[c];
  const n = c.codePointAt(0);
  if (n >= 0xd800 && n <= 0xdfff) return '\ufffd';
  if (PRINT.test(c)) return c;
  if (n < 0x80) return '\\x' + n.toString(16).padStart(2, '0');
  return n < 0x10000 ? '\\u' + n.toString(16).padStart(4, '0') : '\\U' + n.toString(16).padStart(8, '0');
}

/**
 * Quotes text for a message (see above): `"Nf9"`, or
 * `"NNNN…"… (4,194,304 bytes)`.
 * @param {string} text
 * @returns {string}
 */
export function quote(text) {
  const s = String(text);
  const head = [...s.slice(0, 2 * MAX_CHARS + 2)].slice(0, MAX_CHARS + 1);
  const quoted = (chars) => '"' + chars.map(escape).join('') + '"';
  if (head.length <= MAX_CHARS) return quoted(head);
  const bytes = new TextEncoder().encode(s).length;
  return `${quoted(head.slice(0, MAX_CHARS))}… (${bytes.toLocaleString('en-US')} bytes)`;
}
