// wire.js: the hot paths of the API, parseFen and bitboard, through "the
// wire" (wasm/wire.go): functions the wasm exports with //go:wasmexport
// and a buffer in its memory. This module writes the arguments there,
// calls the export and decodes the answer from the same bytes, in the
// format each Go function documents; no js.FuncOf call, no property read
// per value (about 100 times faster than plain syscall/js: see make
// jscall).

import { argError, clip, describe, tooLong } from './args.js';
import { DEFAULT_LAYOUT } from '../bitview-options.js';

const utf8 = new TextEncoder();
const text = new TextDecoder();
const latin1 = new TextDecoder('latin1'); // the fastest decoder of short ASCII

// makeWire returns parseFen and bitboard over the wire of the instance's
// exports ex, with go the functions Go registered (__bitviewGo) and tables
// its tables (go.tables()).
export function makeWire(ex, go, tables) {
  const mem = ex.mem;
  const wire = ex.bitview_wire();
  // The wire's format, from Go (wasm/wire.go, wireFormat): the longest FEN
  // and name or layout written, where the answer starts, and the piece
  // letter of each mailbox byte.
  const { fenLimit: MAX_FEN, argLimit: MAX_ARG, answerAt: ANSWER, letters: LETTERS } = go.wireFormat();
  // The square names and the castling field of each bitmask, from Go
  // (wasm/jsapi): nothing of them is restated here.
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
      const cr = r8();
      const castling = cr < CASTLING.length ? CASTLING[cr] : ascii(); // a Chess960 field with file letters follows as a string
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

  function bitboard(fen, name, layout = DEFAULT_LAYOUT) {
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

  return { parseFen, bitboard };
}
