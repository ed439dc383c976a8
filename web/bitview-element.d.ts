// Types for bitview-element.js: <bitboard-view>, its attributes,
// properties, methods and events, for TypeScript and JSX (React 19 passes
// a custom element's props as properties when it has them, else as
// attributes; React 18 passes strings as attributes).
import type { BitviewError, RenderResult, LayoutId } from './bitview.js';

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
  /** The element's layout (lerf when its layout attribute is none of them). */
  layout: LayoutId;
  /** "hover": the pointer or focus entered the square; "click": it was clicked. */
  type: 'hover' | 'click';
}

export interface BitboardViewEventMap extends HTMLElementEventMap {
  'bitview-ready': CustomEvent<BitviewReadyDetail>;
  'bitview-error': CustomEvent<BitviewErrorDetail>;
  'bitview-square': CustomEvent<BitviewSquareDetail>;
}

// The attributes: generated from Go's model.Attributes (go generate ./wasm/model).
export type { BitboardViewAttributes } from './bitview-options.js';
import type { BitboardViewAttributes } from './bitview-options.js';

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
