// bitview-element.js defines <bitboard-view>, a live bitboard for tutorial
// pages, on any page of any origin:
//
//   <script type="module" src="https://cdn.example/bitview/bitview-element.js"></script>
//   <bitboard-view fen="8/8/8/8/4P3/8/8/8 w - - 0 1" layout="lerf" show="P,empty"
//                  arrows="Ge2e4" marks="Gd4"></bitboard-view>
//
// Attributes (all live): ATTRIBUTES of bitview-options.js, which go
// generate writes from Go's one table of options (model.Attributes in
// wasm/model/options.go): README.md's table lists them with their values,
// bitview-options.d.ts describes each. readOptions gives Go's mount its
// options from them; this module reads the few that shape the element
// itself (size, height, values, repr for repr.css, wasm).
//
// Every element on a page shares one Bitview instance, loaded lazily when
// the first element connects. Its files (bitview.wasm, wasm_exec.js,
// view.css, repr.css, pieces/chessnut/) are found beside this module, from
// import.meta.url; setBaseURL(url), exported here, points them elsewhere.
// Drawing happens in Go (bitview.mount), inside each element's shadow root,
// styled by view.css and themed with the --bitview-* custom properties.
//
// Events (CustomEvents that bubble out of the shadow root):
//   bitview-ready   detail {ok, error}: the first drawing is done
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

import { load, svgToPng, themeOf, pieceImages, setBaseURL, baseURL, assetURL, onBaseURL, diagnose } from './bitview.js';
// The attributes, their on/off rule and the options they give mount:
// generated from Go's table (model.Attributes, go generate ./wasm/model).
import { ATTRIBUTES, DEFAULT_LAYOUT, PIECE_BASE, SQUARES, VALUES, on, readOptions } from './bitview-options.js';

export { setBaseURL, baseURL };

let wasmURL = null; // null: bitview.wasm at the base
let started = null;
let shared = null; // the started instance, once it answered
let layoutTable = null; // api.layouts(), read once, when a square is first pointed at
const diagnoses = new Map(); // URL → the promise of diagnose(URL): one probe per failed file for the page

/** Sets where bitview.wasm is loaded from, for elements not yet started. */
export function setWasmURL(url) {
  wasmURL = new URL(url, document.baseURI);
}

// bitview starts the shared instance once, from the first element's URL.
function bitview(url) {
  started ??= load(url ?? wasmURL ?? undefined).then((api) => (shared = api), (err) => {
    started = null; // let a later element try again
    throw err;
  });
  return started;
}

// afterLoad resolves at once, or, when wait is set (the element holds a
// prerendered figure), once the page has loaded.
function afterLoad(wait) {
  if (!wait || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }));
}

// The longest size or height attribute read (a CSS length such as "calc(100% - 2rem)").
// The other attributes are checked by Go before it copies them (see
// README.md, "Limits"): fen, show, layout, orientation and magic.
const MAX_SIZE = 64;


// HOST_CSS styles each element's shadow root, besides view.css and
// repr.css (where the element's own layout is, in :host rules, so that a
// prerendered element is styled with JavaScript off): one sheet that every
// element adopts.
const HOST_CSS = 'slot[hidden],.host[hidden]{display:none}::slotted(svg),::slotted(img[data-bitview-figure]){display:block;max-width:100%;height:auto}' +
  // The failure box is styled here, not by view.css, which may be what failed.
  '.failed{display:block;min-height:3rem;margin:0 0 .5rem;padding:.6rem .8rem;border:2px solid #b42318;border-radius:6px;' +
  'background:#fff4d6;color:#7a1a10;font:14px/1.45 system-ui,sans-serif;overflow-wrap:anywhere}.failed code{font-size:13px}';

let sheet = null;
function hostSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(HOST_CSS);
  }
  return sheet;
}

class BitboardView extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  #root;
  #container;
  #slot; // shows the light DOM (a prerendered SVG) until the view is drawn
  #handle = null;
  #status = { ok: false, error: null };
  #links;
  #stopBase = null;
  #lastError = '';
  #square = '';
  // prerendered: the shadow root came with the page (a declarative shadow
  // root written by the bitview command) and holds the view as mount
  // draws it, which mount adopts (see #pieces).
  #prerendered = false;

  constructor() {
    super();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    const reprLink = document.createElement('link');
    reprLink.rel = 'stylesheet';
    // Their hrefs: applyBase, when connected. repr.css joins the shadow
    // root only when the view shows the representations (#linkRepr): a
    // stylesheet still loading holds up the page's first paint, and a
    // prerendered figure that shows none would wait for it for nothing.
    this.#links = [[link, 'view.css'], [reprLink, 'repr.css']];
    this.#slot = document.createElement('slot');
    // A declarative shadow root is adopted as it is (attachShadow would
    // empty it): its links and its .host container, drawn as mount draws.
    const children = [...(this.shadowRoot?.children ?? [])];
    const declared = children.find((el) => el.classList.contains('host'));
    if (declared) {
      this.#root = this.shadowRoot;
      this.#prerendered = true;
      this.#container = declared;
      for (const pair of this.#links) {
        const found = children.find((el) => el.localName === 'link' && el.dataset.bitview === pair[1]);
        if (found) pair[0] = found;
        else if (pair[1] === 'view.css') declared.before(pair[0]);
      }
      this.#slot.hidden = true; // the drawn view is on show already
      this.#root.append(this.#slot);
    } else {
      this.#root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      this.#root.replaceChildren();
      this.#container = document.createElement('div');
      this.#container.setAttribute('part', 'view');
      this.#container.className = 'host';
      this.#container.hidden = true; // until drawn: the slot shows the prerendered figure, if any
      this.#root.append(link, this.#slot, this.#container);
    }
    if ('adoptedStyleSheets' in ShadowRoot.prototype) {
      this.#root.adoptedStyleSheets = [hostSheet()]; // after the links in the cascade, as a <style> after them
    } else {
      const style = document.createElement('style');
      style.textContent = HOST_CSS;
      this.#container.before(style);
    }
    for (const type of ['pointerover', 'focusin', 'click']) {
      this.#root.addEventListener(type, (ev) => this.#pointAt(ev));
    }
  }

  connectedCallback() {
    this.#stopBase ??= onBaseURL(() => this.#applyBase());
    this.#applySize();
    this.#applyValues();
    if (this.#handle) return;
    // Start once the current script is done, so that a page (or bundle)
    // that imports this module and then calls setBaseURL is heard first.
    queueMicrotask(() => {
      if (!this.isConnected || this.#handle) return;
      this.#applyBase();
      this.#linkRepr();
      // The view is shown once Bitview and view.css are both there, in
      // one step, so the prerendered figure never gives way to an
      // unstyled or empty one. A page whose figures are prerendered shows
      // them first: Bitview starts after the page has loaded, so its
      // download and compilation do not hold up their painting.
      afterLoad(this.#prerendered || this.firstElementChild !== null).then(() => Promise.all([bitview(this.getAttribute('wasm') ?? undefined), this.#styled()])).then(
        ([api]) => {
          if (!this.isConnected || this.#handle) return;
          const handle = api.mount(this.#container, this.#options());
          if (!handle.drawn) {
            this.#fail(`Bitview could not draw: ${handle.error?.message ?? 'no view'}`);
            return;
          }
          this.#handle = handle;
          this.#show();
          this.#setStatus({ ok: handle.ok, error: handle.error });
          this.#emit('bitview-ready', { ...this.#status });
        },
        (err) => this.#failToLoad(err),
      );
    });
  }

  disconnectedCallback() {
    this.#stopBase?.();
    this.#stopBase = null;
    try {
      this.#handle?.destroy();
    } catch {}
    this.#handle = null;
    this.#slot.hidden = false; // the prerendered figure, until drawn again
    this.#container.hidden = true;
  }

  attributeChangedCallback(name) {
    if (name === 'size' || name === 'height') this.#applySize();
    if (name === 'repr') this.#linkRepr();
    if (name === 'values') this.#applyValues();
    if (!this.#handle) return;
    try {
      this.#setStatus(this.#handle.update(this.#options()));
    } catch (err) {
      this.#setStatus({ ok: false, error: { field: 0, fieldName: '', offset: -1, message: `internal error: ${err.message}` } });
    }
  }

  // linkRepr puts repr.css into the shadow root, after view.css, once the
  // view shows the representations.
  #linkRepr() {
    const [reprLink] = this.#links[1];
    if (reprLink.isConnected || !on(this.getAttribute('repr'), false)) return;
    this.#links[0][0].after(reprLink);
  }

  // styled resolves when the stylesheets in the shadow root (view.css, and
  // repr.css when linked) have loaded (at once when they already have),
  // and rejects, naming the URL, when one cannot be.
  #styled() {
    return Promise.all(this.#links.filter(([link]) => link.isConnected).map(([link]) => new Promise((resolve, reject) => {
      if (link.sheet) return resolve();
      const failed = () => {
        const err = new Error(`could not load ${link.href}`);
        err.url = link.href;
        reject(err);
      };
      // A stylesheet the browser refused (a wrong MIME type) may still
      // fire load, with no sheet.
      link.addEventListener('load', () => (link.sheet ? resolve() : failed()), { once: true });
      link.addEventListener('error', failed, { once: true });
    })));
  }

  // show replaces the prerendered figure (the slot) with the drawn view,
  // in one step; the focus, if it was on the element, stays there.
  #show() {
    this.#container.hidden = false;
    this.#slot.hidden = true;
  }

  // failToLoad shows why Bitview's files could not be loaded: the file
  // that failed is asked for again (diagnose, once per URL for the whole
  // page) to name the cause (not found, no CORS header, a wrong MIME type,
  // an HTML page instead of the file, offline) and its fix.
  async #failToLoad(err) {
    if (!err?.url) {
      this.#fail(`Bitview could not start: ${err?.message ?? err}`, baseURL(),
        `Bitview loads its files from ${baseURL()}; call setBaseURL('/path/to/bitview/') from bitview-element.js if they are elsewhere.`);
      return;
    }
    let found = diagnoses.get(err.url);
    if (!found) {
      found = Promise.race([
        diagnose(err.url),
        new Promise((resolve) => setTimeout(resolve, 10_000, null)), // a probe that hangs says nothing
      ]).catch(() => null);
      diagnoses.set(err.url, found);
    }
    const d = await found;
    if (!this.isConnected || this.#handle) return;
    if (!d || d.cause === 'loads') {
      this.#fail(`Bitview could not start: ${err.message}`, err.url, d?.fix ?? 'Reload the page.');
      return;
    }
    this.#fail(d.message, err.url, d.fix, d.cause);
  }

  // fail shows why the element cannot draw, inside it, in a box styled
  // without view.css (never 0 px tall), with the URL that failed and the
  // fix, and tells the page (bitview-error). A prerendered figure stays
  // on show below the box.
  #fail(message, url, fix = '', cause = '') {
    if (!this.#prerendered || this.#handle) this.#container.innerHTML = '';
    this.#container.querySelector(':scope > .failed')?.remove();
    this.#container.hidden = false;
    const box = document.createElement('div');
    box.className = 'failed';
    box.setAttribute('role', 'alert');
    if (url) box.dataset.url = url;
    if (cause) box.dataset.cause = cause;
    const what = document.createElement('p');
    what.style.margin = '0';
    what.textContent = message;
    box.append(what);
    if (fix) {
      const how = document.createElement('p');
      how.style.margin = '.3rem 0 0';
      how.textContent = fix;
      box.append(' ', how); // the box's text is the status's message
    }
    this.#container.prepend(box);
    this.#setStatus({ ok: false, error: { field: 0, fieldName: '', offset: -1, message: fix ? `${message} ${fix}` : message } });
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
  // (once per square) or clicked.
  #pointAt(ev) {
    const el = ev.target instanceof Element ? ev.target.closest('[data-square]') : null;
    const square = el?.dataset.square ?? '';
    const type = ev.type === 'click' ? 'click' : 'hover';
    if (type === 'hover' && square === this.#square) return;
    if (type === 'hover') this.#square = square;
    if (!square || !/^[a-h][1-8]$/.test(square)) return;
    // The layouts are read from Go once per page, when first needed: a
    // conversion costs milliseconds, too much to repeat for every element.
    if (shared && !layoutTable) layoutTable = shared.layouts();
    const layouts = Array.isArray(layoutTable) ? layoutTable : [];
    const layout = layouts.find((l) => l.id === (this.getAttribute('layout') ?? '').trim()) ?? layouts.find((l) => l.id === DEFAULT_LAYOUT);
    const lerf = SQUARES.indexOf(square);
    this.#emit('bitview-square', { square, index: layout ? layout.index[lerf] : lerf, layout: layout?.id ?? DEFAULT_LAYOUT, type });
  }

  // applyBase points the stylesheets (and, once drawn, the pieces) at the
  // current base URL.
  #applyBase() {
    if (!this.isConnected) return;
    for (const [link, name] of this.#links) {
      const href = assetURL(name);
      if (link.href !== href) link.href = href;
    }
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
    // give way to the same set here.
    [...this.#root.children].find((el) => el.localName === 'style' && el.dataset.bitview === 'size')?.remove();
    // A CSS length is short: a longer value is not one, and is not parsed.
    for (const [name, prop] of [['size', 'width'], ['height', 'height']]) {
      const v = this.getAttribute(name);
      this.style[prop] = v && v.length <= MAX_SIZE && CSS.supports(prop, v) ? v : '';
    }
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
