// api.js: the API object load() resolves to, built in the order of Go's
// table (jsapi.Functions): Go's own functions (__bitviewGo), the wire's
// (wire.js), mount (views.js) and the export helpers (export.js). Every
// argument a caller hands it is copied into plain data before Go reads it
// (args.js).

import { copied, guard } from './args.js';
import { makeWire } from './wire.js';
import { mount, mountedViews } from './views.js';
import { pieceImages, saveFigure, svgToPng, themeOf } from './export.js';

// makeApi makes the API of the instance's exports ex, with go the
// functions Go registered (__bitviewGo).
export function makeApi(ex, go) {
  // The square names, the castling field of each bitmask and the API's
  // entries, from Go (wasm/jsapi): nothing of them is restated here.
  const tables = go.tables();
  const { parseFen, bitboard } = makeWire(ex, go, tables);
  const views = mountedViews(go); // the mounted views, released when their root leaves the document

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
    writeFen: copied(['position', 'options'], (position, options) => go.writeFen(position, options), { fen: '' }),
    bitboard,
    /**
     * Perft divide of fen to depth plies (1–6): {ok, error, depth, nodes,
     * complete, divide: {uci: count}} with the moves in UCI order and counts as
     * numbers; a bad FEN or depth gives {ok: false, error: {field, fieldName,
     * offset, message}}. onMove(uci, nodes, done, total), if given, is called
     * after each root move (for a Web Worker's progress); returning false stops
     * the divide there (complete: false). With options {stats: true} the leaves
     * are also counted by kind of move: stats (the total) and divideStats ({uci:
     * stats}), each {nodes, captures, enPassant, castles, promotions, checks,
     * discoveredChecks, doubleChecks, checkmates}, and onMove gets a move's as a
     * fifth argument. Call it from a Web Worker for deep divides.
     */
    perft: (fen, depth, onMove = undefined, options = undefined) => copied(['fen', 'depth', 'options'],
      (f, d, o) => go.perft(f, d, typeof onMove === 'function' ? onMove : undefined, o), { nodes: 0, divide: {} })(fen, depth, options),
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
