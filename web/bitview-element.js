// bitview-element.js defines <bitboard-view>, a live bitboard for tutorial
// pages, on any page of any origin:
//
//   <script type="module" src="https://cdn.example/bitview/bitview-element.js"></script>
//   <bitboard-view fen="8/8/8/8/4P3/8/8/8 w - - 0 1" layout="lerf" show="P,empty"
//                  arrows="Ge2e4" marks="Gd4">This figure needs JavaScript.</bitboard-view>
//
// Attributes (all live): ATTRIBUTES of bitview-options.js, generated from
// Go's one table of options (model.Attributes): README.md's table lists
// them, bitview-options.d.ts describes each; readOptions gives mount its
// options, this module reads those that shape the element (size, height, values,
// repr, wasm). What the author writes inside the element is its fallback:
// shown where it is never defined (no JavaScript, its script not found or
// not allowed), hidden once it is.
//
// Every element on a page shares one Bitview instance, loaded when the
// first element needs it: a prerendered element (the bitview command's
// declarative shadow root) when it must change, another when it comes
// near the screen (bitview/idle.js). Its files (bitview.wasm,
// wasm_exec.js, view.css, repr.css, pieces/chessnut/) are found beside
// this module, from import.meta.url; setBaseURL(url), exported here,
// points them elsewhere. Drawing happens in Go (bitview.mount), inside
// each element's shadow root, styled by view.css and themed with the
// --bitview-* custom properties.
//
// Events (CustomEvents that bubble out of the shadow root):
//   bitview-ready   detail {ok, error}: the first drawing is done (for a
//                   prerendered element: at once, it is drawn)
//   bitview-error   detail {message, field, offset, fieldName}: a drawing
//                   failed (field 1–6 and offset ≥ 0 when the FEN is at
//                   fault), or Bitview could not start (field 0, offset -1)
//   bitview-square  detail {square, index, layout, type}: the pointer or
//                   focus entered a square (type "hover") or it was clicked
//                   ("click"), on the board or in a grid; index is the
//                   square's index in the element's layout
// Methods: toSVG() and toPNG(scale = 2) export what the element shows.
// status is the last drawing's {ok, error}. An element never throws into
// its page: problems show inside it.

import { load, svgToPng, themeOf, pieceImages, setBaseURL, baseURL, assetURL, onBaseURL } from './bitview.js';
import { explain, failureBox } from './bitview/diagnose.js';
import { FIGURE, applyBase, linkRepr, shadowOf, styled } from './bitview/shadow.js';
// The attributes, their on/off rule and the options they give mount, from Go's table (go generate ./wasm/model).
import { ATTRIBUTES, PIECE_BASE, VALUES, on, readOptions } from './bitview-options.js';
import { IDLE_EVENTS, idle, replayOf, squareIndex, whenNear } from './bitview/idle.js';

export { setBaseURL, baseURL };

const drawnFrom = (el) => JSON.stringify(readOptions(el)); // what a view's drawing depends on
let wasmURL = null; // null: bitview.wasm at the base
let started = null;

/** Sets where bitview.wasm is loaded from, for elements not yet started. */
export function setWasmURL(url) {
  wasmURL = new URL(url, document.baseURI);
}

// bitview starts the shared instance once, from the first element's URL.
function bitview(url) {
  started ??= load(url ?? wasmURL ?? undefined).catch((err) => {
    started = null; // let a later element try again
    throw err;
  });
  return started;
}

// The longest size or height attribute read (a CSS length such as "calc(100% - 2rem)");
// Go checks the others before it copies them (README.md, "Limits").
const MAX_SIZE = 64;

class BitboardView extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  #root;
  #container;
  #slot; // shows the light DOM's prerendered figure, if any, until the view is drawn
  #handle = null;
  #status = { ok: false, error: null };
  #links;
  #stopBase = null;
  #stopNear = null;
  #lastError = '';
  #square = '';
  #ready = false; // bitview-ready was sent
  #settled = false; // connected and started (or idle): later attribute changes are changes
  // idle: the prerendered view's events before the wasm (bitview/idle.js),
  // while the shadow root came with the page (a declarative shadow root
  // written by the bitview command) holding the view as mount draws it,
  // which mount adopts (see #pieces); null once live, or not prerendered.
  #idle = null;
  #prerendered = false;
  #live = null; // the promise of the mounted view, once started
  #replay = null; // the event to dispatch again once live

  constructor() {
    super();
    ({ root: this.#root, container: this.#container, slot: this.#slot, links: this.#links, prerendered: this.#prerendered } = shadowOf(this));
    this.#slot.addEventListener('slotchange', () => { this.#slot.hidden = this.#handle !== null || this.#prerendered || !this.querySelector(FIGURE); });
    if (this.#prerendered) this.#idle = idle(this.#container, (ev) => this.#wake(ev), drawnFrom(this));
    for (const type of ['pointerover', 'focusin', 'click']) this.#root.addEventListener(type, (ev) => this.#pointAt(ev));
    for (const type of IDLE_EVENTS) this.#root.addEventListener(type, (ev) => this.#idle?.handle(ev), true);
  }

  connectedCallback() {
    this.#stopBase ??= onBaseURL(() => this.#applyBase());
    this.#applySize();
    this.#applyValues();
    if (this.#handle) return;
    // Start once the current script is done, so that a page (or bundle)
    // that imports this module and then calls setBaseURL is heard first.
    queueMicrotask(() => {
      if (!this.isConnected || this.#handle || this.#live) return;
      this.#settled = true;
      this.#applyBase();
      if (on(this.getAttribute('repr'), false)) linkRepr(this.#links);
      // A prerendered view that shows an error (a FEN's, a show item's),
      // or whose attributes changed since the page was parsed, starts at
      // once (for its status and bitview-error); another is ready.
      if (this.#idle && !this.#idle.stale(drawnFrom(this)) && !this.#container.querySelector('.errors .error')) {
        this.#setStatus({ ok: true, error: null });
        if (!this.#ready) this.#emit('bitview-ready', { ...this.#status });
        this.#ready = true;
        return;
      }
      this.#stopNear?.();
      this.#stopNear = this.#idle ? (this.#start(), null) : whenNear(this, () => this.#start());
    });
  }

  disconnectedCallback() {
    this.#stopBase?.();
    this.#stopBase = null;
    this.#stopNear?.();
    this.#stopNear = null;
    try {
      this.#handle?.destroy();
    } catch {}
    if (this.#handle) {
      this.#handle = null;
      this.#live = null;
      this.#slot.hidden = !this.querySelector(FIGURE); // the prerendered figure, until drawn again
      this.#container.hidden = true;
    }
  }

  attributeChangedCallback(name) {
    if (name === 'size' || name === 'height') this.#applySize();
    if (name === 'repr' && on(this.getAttribute('repr'), false)) linkRepr(this.#links);
    if (name === 'values') this.#applyValues();
    if (this.#idle && this.#settled && this.#idle.stale(drawnFrom(this))) this.#wake(null);
    if (!this.#handle) return;
    try {
      this.#setStatus(this.#handle.update(this.#options()));
    } catch (err) {
      this.#setStatus({ ok: false, error: { field: 0, fieldName: '', offset: -1, message: `internal error: ${err.message}` } });
    }
  }

  // wake starts the wasm for a prerendered view that must change, and
  // dispatches ev (if any) again once the view is live.
  #wake(ev) {
    if (ev) this.#replay = replayOf(ev);
    this.#start();
  }

  // start loads Bitview (once for the page) and view.css, then mounts the
  // view: a prerendered one is adopted as it is drawn (nothing is
  // redrawn, the focus stays), another is drawn and shown in one step, so
  // the prerendered figure never gives way to an unstyled or empty one.
  #start() {
    this.#live ??= Promise.all([bitview(this.getAttribute('wasm') ?? undefined), styled(this.#links)]).then(([api]) => {
      if (!this.isConnected || this.#handle) {
        this.#live = null;
        return;
      }
      this.#idle?.restore();
      const handle = api.mount(this.#container, this.#options());
      this.#idle = null;
      if (!handle.drawn) {
        this.#fail(`Bitview could not draw: ${handle.error?.message ?? 'no view'}`);
        return;
      }
      this.#handle = handle;
      this.#container.hidden = false;
      this.#slot.hidden = true;
      this.#setStatus({ ok: handle.ok, error: handle.error });
      if (!this.#ready) this.#emit('bitview-ready', { ...this.#status });
      this.#ready = true;
      const replay = this.#replay;
      this.#replay = null;
      replay?.();
    }, async (err) => {
      this.#live = null;
      const d = await explain(err, baseURL());
      if (this.isConnected && !this.#handle) await this.#fail(d.message, d.url, d.fix, d.cause);
    });
    return this.#live;
  }

  // fail shows why the element cannot draw, inside it, in the failure box
  // (bitview-load.js's failureBox), and tells the page (bitview-error). A
  // prerendered figure stays on show below the box.
  async #fail(message, url = '', fix = '', cause = '') {
    const text = fix ? `${message} ${fix}` : message;
    const box = await failureBox({ message, fix, url, cause }).catch(() => Object.assign(document.createElement('p'), { className: 'failed', textContent: text }));
    if (!this.#prerendered || this.#handle) this.#container.innerHTML = '';
    this.#container.querySelector(':scope > .failed')?.remove();
    this.#container.hidden = false;
    this.#container.prepend(box);
    this.#setStatus({ ok: false, error: { field: 0, fieldName: '', offset: -1, message: text } });
  }

  // setStatus records a drawing's result and sends bitview-error when it
  // failed in a new way (an unchanged error is not repeated).
  #setStatus({ ok, error }) {
    this.#status = { ok: Boolean(ok), error: error ?? null };
    const key = ok || !error ? '' : `${error.field}:${error.offset}:${error.message}`;
    if (key !== '' && key !== this.#lastError) {
      this.#emit('bitview-error', { message: error.message, field: error.field ?? 0, offset: error.offset ?? -1, fieldName: error.fieldName ?? '' });
    }
    this.#lastError = key;
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  // pointAt sends bitview-square for the square under the pointer or focus
  // (once per square) or clicked, with its index in the element's layout.
  #pointAt(ev) {
    const el = ev.target instanceof Element ? ev.target.closest('[data-square]') : null;
    const square = el?.dataset.square ?? '';
    const type = ev.type === 'click' ? 'click' : 'hover';
    if (type === 'hover' && square === this.#square) return;
    if (type === 'hover') this.#square = square;
    if (!square || !/^[a-h][1-8]$/.test(square)) return;
    this.#emit('bitview-square', { square, ...squareIndex(this.getAttribute('layout'), square), type });
  }

  // applyBase points the stylesheets (and, once drawn, the pieces) at the
  // current base URL.
  #applyBase() {
    if (!this.isConnected) return;
    applyBase(this.#links);
    if (this.#handle) this.attributeChangedCallback(''); // the pieces' URLs
  }

  /**
   * The result of the last drawing: {ok, error} (error as bitview.parseFen's:
   * {field, fieldName, offset, message}); {ok: false, error: null} until
   * the first drawing, and the reason when Bitview could not start.
   */
  get status() {
    return this.#status;
  }

  #applySize() {
    // A prerendered element's width and height, from the bitview command,
    // give way to the same set here. A CSS length is short: a longer value
    // is not one, and is not parsed.
    [...this.#root.children].find((el) => el.localName === 'style' && el.dataset.bitview === 'size')?.remove();
    for (const [name, prop, v = this.getAttribute(name)] of [['size', 'width'], ['height', 'height']])
      this.style[prop] = v && v.length <= MAX_SIZE && CSS.supports(prop, v) ? v : '';
  }

  // values="hex" keeps only each grid's hex value, values="none" none: for
  // compact figures; anything else is the default, all.
  #applyValues() {
    const v = this.getAttribute('values');
    this.#container.dataset.values = VALUES.includes(v) ? v : VALUES[0];
  }

  // pieces returns the folder of the piece images: as the bitview command
  // wrote it into a prerendered element (the container's data-base, often
  // relative to the page), while that is where Bitview's files are, so
  // that mount finds its drawing there unchanged; else beside the module.
  #pieces() {
    const base = this.#prerendered ? this.#container.dataset.base : undefined;
    if (base !== undefined && new URL(base, document.baseURI).href === baseURL()) return base + PIECE_BASE;
    return assetURL(PIECE_BASE);
  }

  #options() {
    return { ...readOptions(this), pieceBase: this.#pieces() };
  }

  /** Returns what the element shows as a standalone SVG document (text as text); a prerendered one starts Bitview first. */
  async toSVG() {
    if (!this.#handle && this.#idle) await this.#start();
    if (!this.#handle) throw new Error('the view is not drawn yet');
    return this.#handle.svg(themeOf(this.#container), await pieceImages());
  }

  /** Returns what the element shows as a PNG at scale × (2 for slides). */
  async toPNG(scale = 2) {
    return svgToPng(await this.toSVG(), scale);
  }
}

if (!customElements.get('bitboard-view')) customElements.define('bitboard-view', BitboardView);
