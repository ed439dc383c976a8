// Types for bitview-element.js: <bitboard-view>, its attributes,
// properties, methods and events, for TypeScript and JSX (React 19 passes
// a custom element's props as properties when it has them, else as
// attributes; React 18 passes strings as attributes).
import type { BitviewError, RenderResult } from './bitview.js';

export { setBaseURL, baseURL } from './bitview.js';

/** Sets where bitview.wasm is loaded from, for elements not yet started. */
export function setWasmURL(url: string | URL): void;

/** detail of bitview-ready. */
export type BitviewReadyDetail = RenderResult;

/** detail of bitview-error: field 1–6 and offset ≥ 0 when the FEN is at fault. */
export interface BitviewErrorDetail {
  message: string;
  field: number;
  offset: number;
  fieldName: string;
}

/** detail of bitview-square. */
export interface BitviewSquareDetail {
  /** "e4" */
  square: string;
  /** The square's index in the element's layout (e4 is 52 in 0x88). */
  index: number;
  layout: string;
  /** "hover": the pointer or focus entered the square; "click": it was clicked. */
  type: 'hover' | 'click';
}

export interface BitboardViewEventMap extends HTMLElementEventMap {
  'bitview-ready': CustomEvent<BitviewReadyDetail>;
  'bitview-error': CustomEvent<BitviewErrorDetail>;
  'bitview-square': CustomEvent<BitviewSquareDetail>;
}

/** The attributes of <bitboard-view>, all live. "false", "0", "off" and "no" turn a switch off. */
export interface BitboardViewAttributes {
  /** A FEN; default the start position. */
  fen?: string;
  /** lerf (default), 0x88, msb-a8, berf, 10x12. */
  layout?: string;
  /** Comma-separated bitboard names, attack-map keys or expressions, e.g. "P,(P << 8) & empty". */
  show?: string;
  board?: string | boolean;
  grid?: string | boolean;
  labels?: string | boolean;
  /** The side at the bottom; the grids turn with the board unless grids is "fixed". */
  orientation?: 'white' | 'black';
  grids?: 'fixed';
  /** A CSS length for the width. */
  size?: string;
  interactive?: string | boolean;
  values?: 'all' | 'hex' | 'none';
  repr?: string | boolean;
  /** Arrows in the PGN [%cal] syntax, "Ge2e4 Rd7d5" (colours G R Y B). */
  arrows?: string;
  /** Marked squares in the PGN [%csl] syntax, "Gd4 Ye5". */
  marks?: string;
  /** A magic-bitboard lookup below the view, step by step, with the position's occupancy: "rook:e4", "bishop:c1" (at most 64 characters). */
  magic?: string;
  /** Shows the position's Polyglot (Zobrist) key below the view. */
  zobrist?: string | boolean;
  /**
   * A perft divide under the view, "1" to "4" plies: each legal move in UCI
   * with the number of leaves below it, and the total. Counted on the page's
   * thread, so capped at 4 (Kiwipete depth 4, 4 million leaves, about 0.1 s);
   * a deeper value is refused with an error. Deeper divides: the page's panel
   * or bitview.perft in a Web Worker (web/perft-worker.js).
   */
  perft?: string;
  /** The URL of bitview.wasm, for the first element that starts it. */
  wasm?: string;
}

export class BitboardView extends HTMLElement {
  /** The last drawing's result; {ok: false, error: null} before the first. */
  readonly status: { ok: boolean; error: BitviewError | null };
  /** What the element shows as a standalone SVG document (text as text). */
  toSVG(): Promise<string>;
  /** What the element shows as a PNG at scale × (2 for slides). */
  toPNG(scale?: number): Promise<Blob>;
  addEventListener<K extends keyof BitboardViewEventMap>(type: K, listener: (this: BitboardView, ev: BitboardViewEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof BitboardViewEventMap>(type: K, listener: (this: BitboardView, ev: BitboardViewEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'bitboard-view': BitboardView;
  }
  interface HTMLElementEventMap {
    'bitview-ready': CustomEvent<BitviewReadyDetail>;
    'bitview-error': CustomEvent<BitviewErrorDetail>;
    'bitview-square': CustomEvent<BitviewSquareDetail>;
  }
  // JSX without React's types (Preact, Solid, a bare tsconfig "jsx" setting).
  namespace JSX {
    interface IntrinsicElements {
      'bitboard-view': BitboardViewAttributes & { id?: string; class?: string; className?: string; style?: unknown; key?: unknown; ref?: unknown; children?: unknown };
    }
  }
}

// For React 19's JSX (React.JSX), import the types of bitview/react too:
//   import type {} from 'bitview/react';
