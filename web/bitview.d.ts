// Types for bitview.js, Bitview's JavaScript API (see README.md, "JS API").
// Every call answers bad input with {ok: false, error}, never an exception.
// 64-bit values are strings: use BigInt(answer.hex) for arithmetic.

/** Where an input departs from what Bitview reads. */
export interface BitviewError {
  /** 1–6 for a FEN field (placement … fullmove number); 0 for an argument. */
  field: number;
  /** The field's or argument's name, e.g. "active color" or "fen". */
  fieldName: string;
  /** 0-based character offset into the input; -1 when not about one character. */
  offset: number;
  /** What is wrong, lower case. */
  message: string;
}

/** A square numbering's id, generated from Go's core.Layouts into bitview-options.d.ts. */
export type { LayoutId } from './bitview-options.js';
import type { LayoutId } from './bitview-options.js';

export interface LayoutCell {
  /** The square's name, "e4"; null off the board. */
  square: string | null;
  index: number;
  offBoard: boolean;
}

export interface Layout {
  id: LayoutId;
  name: string;
  about: string;
  slots: number;
  fitsUint64: boolean;
  msbFirst: boolean;
  /** index[i] is the slot of LERF square i (0 = a1 … 63 = h8). */
  index: number[];
  rows: number;
  cols: number;
  rowLabels: string[];
  colLabels: string[];
  /** The grid template in display order, rank 8 at the top. */
  cells: LayoutCell[];
}

export interface Warning {
  code: string;
  message: string;
  squares: string[];
}

export interface Position {
  sideToMove: 'w' | 'b';
  castling: string;
  enPassant: string;
  halfmoveClock: number;
  fullmoveNumber: number;
  /** 64 strings in LERF order: "" for empty, else the FEN letter. */
  mailbox: string[];
}

export interface ParseFenResult {
  ok: boolean;
  /** The canonical FEN; "" when not ok. */
  fen: string;
  error: BitviewError | null;
  warnings: Warning[];
  position: Position | null;
}

/** How writeFen writes castling rights: X-FEN (KQkq, a rook's file letter only where K or Q would name another rook) or Shredder-FEN (every right as its rook's file letter, HAha). */
export type CastlingNotation = 'X-FEN' | 'Shredder-FEN';

export interface WriteFenResult {
  ok: boolean;
  fen: string;
  error: BitviewError | null;
}

export interface GridCell {
  square: string | null;
  index: number;
  bit: 0 | 1;
  offBoard: boolean;
}

export interface BitboardResult {
  ok: boolean;
  error: BitviewError | null;
  /** The name given; one over 64 characters as its first 16, "…" and its length. */
  name: string;
  /** The layout given; one over 64 characters as its first 16, "…" and its length. */
  layout: string;
  /** "0x" and 16 digits (30 for 10x12, 32 for 0x88). */
  hex: string;
  binary: string;
  /** Unsigned decimal for 64-bit layouts, "" otherwise. */
  decimal: string;
  /** Two's-complement decimal for 64-bit layouts, "" otherwise. */
  signed: string;
  count: number;
  squares: string[];
  indices: number[];
  grid: { rows: number; cols: number; cells: GridCell[] } | null;
}

export interface BitboardName {
  name: string;
  title: string;
}

// mount's options: generated from Go's model.Attributes (go generate ./wasm/model).
export type { MountOptions } from './bitview-options.js';
import type { MountOptions } from './bitview-options.js';

export interface RenderResult {
  ok: boolean;
  error: BitviewError | null;
}

/** The colours and fonts of an exported figure (see themeOf). */
export interface Theme {
  light?: string;
  dark?: string;
  bitOn?: string;
  bitOnText?: string;
  bitOff?: string;
  bitOffText?: string;
  offBoard?: string;
  text?: string;
  muted?: string;
  background?: string;
  font?: string;
  mono?: string;
}

export interface MountHandle extends RenderResult {
  /** false when the view could not be drawn at all: Bitview holds nothing of it and its methods are inert. */
  drawn: boolean;
  update(options: MountOptions): RenderResult;
  /** The view as a standalone SVG document; pieces: 12 image hrefs in core.Piece order (see pieceImages). */
  svg(theme?: Theme, pieces?: string[]): string;
  /**
   * Removes the view and its listeners; afterwards update answers {ok: false, error} and svg ''.
   * A view whose root has been in the document and left it without destroy() is released
   * (Go forgets it and its listeners; the drawing stays): update then answers an error and
   * svg ''; destroy() empties the root.
   */
  destroy(): void;
}

/** The answer of perft: each legal move in UCI, in UCI order, with its leaf count. */
export interface PerftResult {
  ok: boolean;
  error: BitviewError | null;
  depth: number;
  nodes: number;
  /** false when onMove stopped the divide. */
  complete: boolean;
  divide: Record<string, number>;
  /** With {stats: true}: the leaves by kind of move, in total and per move (UCI order). */
  stats?: PerftStats;
  divideStats?: Record<string, PerftStats>;
}

/**
 * The leaves of a perft counted by the kind of move that reaches them, the
 * columns of the Chess Programming Wiki's "Perft Results" tables (Go's
 * core.PerftStats): a discovered check is one given by no piece the move
 * placed; a double check by two pieces; checks include checkmates.
 */
export interface PerftStats {
  nodes: number;
  captures: number;
  enPassant: number;
  castles: number;
  promotions: number;
  checks: number;
  discoveredChecks: number;
  doubleChecks: number;
  checkmates: number;
}

// The API's members: generated from Go's table (jsapi.Functions, go generate ./wasm/model).
export type { Bitview } from './bitview-api.js';
import type { Bitview } from './bitview-api.js';

/**
 * One magic-bitboard lookup, step by step (bitview.magic). 64-bit values
 * are "0x" and 16 lowercase hex digits (BigInt(r.product) works); bit n
 * is LERF square n (a1 = 0, h8 = 63).
 */
export interface MagicSteps {
  ok: boolean;
  error: BitviewError | null;
  piece: 'rook' | 'bishop';
  /** "e4" */
  square: string;
  occupancy: string;
  /** The relevant-occupancy mask: the squares that can block, without each ray's last. */
  mask: string;
  /** occupancy & mask */
  masked: string;
  magic: string;
  /** masked × magic, mod 2^64 */
  product: string;
  /** popcount(mask): the index width; the square's table has 2^bits entries. */
  bits: number;
  /** 64 − bits */
  shift: number;
  /** product >> shift */
  index: number;
  /** The table's entry at index. */
  attacks: string;
  attackSquares: string[];
  /** core's ray-by-ray sliding attacks for the same occupancy. */
  reference: string;
  /** attacks === reference */
  equal: boolean;
  /** Candidates drawn before the square's magic was found. */
  tries: number;
  /** The first seed of the PCG generator Bitview finds its magics with. */
  seed: string;
}

/** One pasted number's verdict in matchBitboards. */
export interface DumpVerdict {
  text: string;
  line: number;
  col: number;
  label: string;
  /** 16 hex digits */
  value: string;
  /** The bitboard name it was compared with, "" beyond the order. */
  bitboard: string;
  title: string;
  /** The position's bitboard in the layout, 16 hex digits. */
  want: string;
  ok: boolean;
  /** Squares set in the number but not on the board. */
  extra: string[];
  /** Squares on the board the number lacks. */
  missing: string[];
}

/** The answer of matchBitboards. */
export interface MatchResult {
  ok: boolean;
  error: BitviewError | null;
  layout: { id: string; name: string; about: string };
  order: { id: string; name: string; names: string[] };
  agree: number;
  count: number;
  wrongBits: number;
  verdicts: DumpVerdict[];
  problems: { line: number; col: number; text: string; reason: string }[];
  candidates: { layout: string; order: string; agree: number; wrongBits: number }[];
}

/**
 * Loads Bitview once and resolves to its API (also set as globalThis.bitview).
 * source: the wasm's URL or bytes; default bitview.wasm at the base URL.
 */
export function load(source?: string | URL | Uint8Array | ArrayBuffer): Promise<Bitview>;

/** Sets the folder Bitview's files are loaded from (default: this module's folder). */
export function setBaseURL(url: string | URL): void;
/** The folder Bitview's files are loaded from, ending in "/". */
export function baseURL(): string;
/** The URL of one of Bitview's files, e.g. assetURL("view.css"). */
export function assetURL(name: string): string;
/** Calls fn whenever setBaseURL changes the base; returns a function that stops it. */
export function onBaseURL(fn: (url: string) => void): () => void;

/** Why one of Bitview's files could not be loaded (see diagnose). */
export interface LoadDiagnosis {
  /** not-found: HTTP 404 or 410; no-cors: the site answers without Access-Control-Allow-Origin; mime: the wrong type (or not WebAssembly);
   * html: an HTML page instead of the file; offline: no answer at all; http: another HTTP error; loads: it loads now. */
  cause: 'not-found' | 'no-cors' | 'mime' | 'html' | 'offline' | 'http' | 'loads';
  url: string;
  /** The HTTP status, 0 when there was no readable answer. */
  status: number;
  /** The answer's Content-Type without parameters, "" when unknown. */
  type: string;
  /** What went wrong, naming the URL. */
  message: string;
  /** What to do about it. */
  fix: string;
}
/** Asks for url again to tell why it could not be loaded (reads at most 512 bytes of it). */
export function diagnose(url: string | URL): Promise<LoadDiagnosis>;

/** The colours and fonts an element shows, for exporting figures in the same theme. */
export function themeOf(el: Element): Theme;
/** The twelve Chessnut pieces as data: URLs in core.Piece order; [] when they cannot be read. */
export function pieceImages(): Promise<string[]>;
/** Saves an SVG document as name.svg, or as name.png at 2×. */
export function saveFigure(svg: string, format: 'svg' | 'png', name?: string): Promise<void>;
/** Renders an SVG document to a PNG at scale × its size. */
export function svgToPng(svg: string, scale?: number): Promise<Blob>;

declare global {
  // eslint-disable-next-line no-var
  var bitview: Bitview | undefined;
}
