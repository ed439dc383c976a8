// shadow.js: a <bitboard-view>'s shadow root (bitview-element.js): its
// stylesheets (view.css, repr.css when the view shows the
// representations), the slot that shows a figure the bitview command
// wrote into the element, and the container Go's mount draws into. A
// declarative shadow root the bitview command wrote (a prerendered view)
// is adopted as it is.

import { assetURL } from './base.js';

// HOST_CSS styles each element's shadow root, besides view.css and
// repr.css (where the element's own layout is, in :host rules, so that a
// prerendered element is styled with JavaScript off): one sheet that every
// element adopts. The slot shows a figure the bitview command wrote into
// the element (for browsers without declarative shadow roots) until the
// view is drawn, never the author's fallback text.
const HOST_CSS = 'slot[hidden],.host[hidden]{display:none}::slotted(:not(svg,img[data-bitview-figure])){display:none}' +
  '::slotted(svg),::slotted(img[data-bitview-figure]){display:block;max-width:100%;height:auto}';

/** The prerendered figure among an element's children, for the slot. */
export const FIGURE = ':scope > svg, :scope > img[data-bitview-figure]';

let sheet = null;

/**
 * The shadow root of el: {root, container, slot, links, prerendered},
 * links being [[<link>, 'view.css'], [<link>, 'repr.css']] (their hrefs
 * set by applyBase; repr.css joins the root when linkRepr is called: a
 * stylesheet still loading holds up the page's first paint, and a
 * prerendered figure that shows none would wait for it for nothing).
 * @param {HTMLElement} el
 */
export function shadowOf(el) {
  const links = ['view.css', 'repr.css'].map((name) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    return [link, name];
  });
  const slot = document.createElement('slot');
  let root, container, prerendered = false;
  // A declarative shadow root is adopted as it is (attachShadow would
  // empty it): its links and its .host container, drawn as mount draws.
  const children = [...(el.shadowRoot?.children ?? [])];
  const declared = children.find((c) => c.classList.contains('host'));
  if (declared) {
    root = el.shadowRoot;
    prerendered = true;
    container = declared;
    for (const pair of links) {
      const found = children.find((c) => c.localName === 'link' && c.dataset.bitview === pair[1]);
      if (found) pair[0] = found;
      else if (pair[1] === 'view.css') declared.before(pair[0]);
    }
    slot.hidden = true; // the drawn view is on show already
    root.append(slot);
  } else {
    root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    root.replaceChildren();
    container = document.createElement('div');
    container.setAttribute('part', 'view');
    container.className = 'host';
    container.hidden = true; // until drawn: the slot shows the prerendered figure, if any
    slot.hidden = !el.querySelector(FIGURE);
    root.append(links[0][0], slot, container);
  }
  if ('adoptedStyleSheets' in ShadowRoot.prototype) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(HOST_CSS);
    }
    root.adoptedStyleSheets = [sheet]; // after the links in the cascade, as a <style> after them
  } else {
    const style = document.createElement('style');
    style.textContent = HOST_CSS;
    container.before(style);
  }
  return { root, container, slot, links, prerendered };
}

/** Points the stylesheets at the current base URL. */
export function applyBase(links) {
  for (const [link, name] of links) {
    const href = assetURL(name);
    if (link.href !== href) link.href = href;
  }
}

/** Puts repr.css into the shadow root, after view.css. */
export function linkRepr(links) {
  if (!links[1][0].isConnected) links[0][0].after(links[1][0]);
}

/**
 * Resolves when the stylesheets in the shadow root (view.css, and
 * repr.css when linked) have loaded (at once when they already have), and
 * rejects, naming the URL (err.url), when one cannot be.
 */
export function styled(links) {
  return Promise.all(links.filter(([link]) => link.isConnected).map(([link]) => new Promise((resolve, reject) => {
    if (link.sheet) return resolve();
    const failed = () => reject(Object.assign(new Error(`could not load ${link.href}`), { url: link.href }));
    // A stylesheet the browser refused (a wrong MIME type) may still
    // fire load, with no sheet.
    link.addEventListener('load', () => (link.sheet ? resolve() : failed()), { once: true });
    link.addEventListener('error', failed, { once: true });
  })));
}
