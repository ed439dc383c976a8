// bitview-element.js defines <bitboard-view>, a live bitboard for tutorial
// pages:
//
//   <script type="module" src="bitview-element.js"></script>
//   <bitboard-view fen="8/8/8/8/4P3/8/8/8 w - - 0 1" layout="lerf" show="P,empty"></bitboard-view>
//
// Attributes (all live): fen (default: the start position), layout (lerf,
// 0x88, msb-a8, berf, 10x12), show (comma list of bitboard names), board and
// grid ("false" hides them), labels (square indices on the board),
// orientation (white|black), size (a CSS length for the width), interactive
// ("false" makes a static figure), values ("hex" or "none" for compact
// grids), repr (the position in every board representation, below),
// wasm (the URL of bitview.wasm).
//
// Every element on a page shares one Bitview instance, loaded lazily when
// the first element connects, from bitview.wasm next to this module (or
// setWasmURL's, or an element's wasm attribute). Drawing happens in Go
// (bitview.mount), inside each element's shadow root, styled by view.css
// and themed with the --bitview-* custom properties. Methods: toSVG() and
// toPNG(scale = 2) export what the element shows. An element never throws
// into its page: problems show inside it.

import { load, svgToPng, themeOf, pieceImages } from './bitview.js';

const base = new URL('.', import.meta.url);
let wasmURL = new URL('bitview.wasm', base);
let started = null;

/** Sets where bitview.wasm is loaded from, for elements not yet started. */
export function setWasmURL(url) {
  wasmURL = new URL(url, document.baseURI);
}

// wasmExec loads Go's wasm_exec.js (next to this module) unless the page did.
function wasmExec() {
  if (typeof globalThis.Go === 'function') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = new URL('wasm_exec.js', base).href;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(`could not load ${s.src}`));
    document.head.append(s);
  });
}

// bitview starts the shared instance once, from the first element's URL.
function bitview(url) {
  started ??= wasmExec().then(() => load(url ?? wasmURL)).catch((err) => {
    started = null; // let a later element try again
    throw err;
  });
  return started;
}

// The longest size attribute read (a CSS length such as "calc(100% - 2rem)").
// The other attributes are checked by Go before it copies them (see
// README-limits.md): fen, show, layout and orientation.
const MAX_SIZE = 64;

const ATTRIBUTES = ['fen', 'layout', 'show', 'board', 'grid', 'labels', 'orientation', 'size', 'interactive', 'values', 'repr', 'wasm'];
const off = (v) => v !== null && /^(false|0|off|no)$/i.test(v.trim());

class BitboardView extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  #root;
  #container;
  #handle = null;
  #status = { ok: false, error: null };
  #resize;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('view.css', base).href;
    const reprLink = document.createElement('link');
    reprLink.rel = 'stylesheet';
    reprLink.href = new URL('repr.css', base).href;
    const style = document.createElement('style');
    style.textContent = ':host{display:block;font-family:var(--bitview-font);color:var(--bitview-fg)}' +
      ':host([hidden]){display:none}.close{display:none}.failed{color:var(--bitview-error)}' +
      '[data-values=hex] .readout+.readout,[data-values=none] .readouts{display:none}' +
      '[data-values=hex] .view .cards,[data-values=none] .view .cards{grid-template-columns:repeat(auto-fill,minmax(min(100%,11rem),1fr))}' +
      '[data-values=hex] .card h3,[data-values=none] .card h3{font-size:.85rem}' +
      '[data-values=hex] .card header,[data-values=none] .card header{flex-wrap:wrap;gap:0 .4rem}' +
      '[data-values=hex] .card .sub,[data-values=none] .card .sub{flex-basis:100%}' +
      '[data-values=hex] .cell small,[data-values=none] .cell small{display:none}' +
      '[data-values=hex] .cell b,[data-values=none] .cell b{font-size:.75rem}';
    this.#container = document.createElement('div');
    this.#container.setAttribute('part', 'view');
    this.#container.className = 'host';
    this.#root.append(link, reprLink, style, this.#container);
    this.#resize = new ResizeObserver(([entry]) => {
      const w = entry.contentRect.width;
      this.#container.dataset.width = w < 320 ? 's' : w < 640 ? 'm' : 'l';
    });
  }

  connectedCallback() {
    this.#resize.observe(this);
    this.#applySize();
    this.#applyValues();
    if (this.#handle) return;
    bitview(this.getAttribute('wasm') ?? undefined).then(
      (api) => {
        if (!this.isConnected || this.#handle) return;
        this.#handle = api.mount(this.#container, this.#options());
        this.#status = { ok: this.#handle.ok, error: this.#handle.error };
        this.dispatchEvent(new Event('bitview-ready'));
      },
      (err) => {
        this.#container.innerHTML = '';
        const p = document.createElement('p');
        p.className = 'failed';
        p.setAttribute('role', 'alert');
        p.textContent = `Bitview could not start: ${err.message}`;
        this.#container.append(p);
      },
    );
  }

  disconnectedCallback() {
    this.#resize.disconnect();
    try {
      this.#handle?.destroy();
    } catch {}
    this.#handle = null;
  }

  attributeChangedCallback(name) {
    if (name === 'size') this.#applySize();
    if (name === 'values') this.#applyValues();
    if (!this.#handle) return;
    try {
      this.#status = this.#handle.update(this.#options());
    } catch {}
  }

  /** The result of the last drawing: {ok, error} (error as bitview.parseFen's). */
  get status() {
    return this.#status;
  }

  #applySize() {
    const size = this.getAttribute('size');
    // A CSS length is short: a longer value is not one, and is not parsed.
    this.style.width = size && size.length <= MAX_SIZE && CSS.supports('width', size) ? size : '';
  }

  // values="hex" keeps only each grid's hex value, values="none" none: for
  // compact figures.
  #applyValues() {
    const v = this.getAttribute('values');
    this.#container.dataset.values = v === 'hex' || v === 'none' ? v : 'all';
  }

  #options() {
    return {
      fen: this.getAttribute('fen') ?? '',
      layout: this.getAttribute('layout') ?? '',
      show: this.getAttribute('show') ?? '',
      board: !off(this.getAttribute('board')),
      grid: !off(this.getAttribute('grid')),
      labels: this.hasAttribute('labels') && !off(this.getAttribute('labels')),
      orientation: this.getAttribute('orientation') ?? 'white',
      interactive: !off(this.getAttribute('interactive')),
      repr: this.hasAttribute('repr') && !off(this.getAttribute('repr')),
    };
  }

  /** Returns what the element shows as a standalone SVG document (text as text). */
  async toSVG() {
    if (!this.#handle) throw new Error('the view is not drawn yet');
    return this.#handle.svg(themeOf(this.#container), await pieceImages());
  }

  /** Returns what the element shows as a PNG at scale × (2 for slides). */
  async toPNG(scale = 2) {
    return svgToPng(await this.toSVG(), scale);
  }
}

if (!customElements.get('bitboard-view')) customElements.define('bitboard-view', BitboardView);
