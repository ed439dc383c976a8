// wrapper.js: the highlighter's wrapper around a bitboard block, which
// shows the block's view in a shadow root in place of what it holds
// (bitview-markdown.js): the page's nodes stay as its framework wrote
// them, so that a framework that hydrates the page (React in
// Docusaurus, Vue in VitePress) or navigates without reloading it finds
// them. The bitview command's prerender writes the same shadow root,
// declaratively, with the block's figure drawn (Go's wasm/figure/pages,
// wrapperShadow): it is adopted, and its element takes the figure over
// as it is.

// A highlighter's wrapper around one block: the outermost of these that
// holds no other <pre>, and no text beyond the block's but a label or a
// button's (WRAPPER_TEXT characters), hosts the view.
const WRAPPERS = 'div[class*="highlight"], div[class*="language-"], div[class*="codeBlock"], div[class*="code-block"]';
const WRAPPER_TEXT = 64;

// The wrapper's own box (a code block's background, padding, scroll bar)
// gives way to the figure's: important rules of a shadow root win over
// the page's. Prerender's shadow root on a wrapper has the same style
// (Go's pages.WrapperCSS; a Go test checks that they agree).
export const HOST_CSS = ':host{background:none!important;border:0!important;border-radius:0!important;box-shadow:none!important;padding:0!important;margin-inline:0!important;overflow:visible!important;height:auto!important;max-height:none!important}slot[hidden]{display:none}';

const hosts = new WeakMap(); // a wrapper → {root, slot, prerendered}: the shadow roots made or adopted here
const taken = new WeakSet(); // the wrappers taken away whose figure adoptOrphan gave a block

// hostOf returns the wrapper that is to show pre's view, or null.
export function hostOf(pre) {
  let host = null;
  const wraps = (el) => el?.matches(WRAPPERS) && el.querySelectorAll('pre').length === 1 && el.textContent.length - pre.textContent.length <= WRAPPER_TEXT;
  for (let el = pre.parentElement; wraps(el); el = el.parentElement) host = el;
  return host && (!host.shadowRoot || hosts.has(host) || prerendered(host)) ? host : null;
}

// prerendered reports whether host's shadow root is the one the bitview
// command's prerender writes on a block's wrapper (Go's wrapperShadow):
// its <style data-bitview="wrapper"> first, then the block's
// <bitboard-view> (bitview-load.js knows it so too). Prerender
// keeps the wrapper and the block as the generator wrote them, so that a
// framework hydrating the page (React in Docusaurus) finds its nodes.
function prerendered(host) {
  return !!host.shadowRoot?.firstElementChild?.matches('style[data-bitview="wrapper"]');
}

// shadowOf returns the shadow root made here on host, made once,
// or prerender's, adopted: a hidden slot is added, for the block to show
// again if its view is taken away, and its element is kept for the
// block (adoptPrerendered).
export function shadowOf(host) {
  let h = hosts.get(host);
  if (!h) {
    let root = host.shadowRoot, view = null;
    if (root) {
      view = [...root.children].find((c) => c.localName === 'bitboard-view') ?? null; // (:scope matches nothing in a shadow root)
    } else {
      root = host.attachShadow({ mode: 'open' });
      if (typeof ShadowRoot !== 'undefined' && 'adoptedStyleSheets' in ShadowRoot.prototype) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(HOST_CSS);
        root.adoptedStyleSheets = [sheet];
      }
    }
    const slot = document.createElement('slot');
    slot.hidden = view !== null;
    root.append(slot);
    h = { root, slot, prerendered: view };
    hosts.set(host, h);
  }
  return h;
}

// adoptPrerendered returns the element prerender wrote on host for a
// block of these attributes, once (null when there is none): its figure
// is already drawn and the element takes it over as it is. One the block
// no longer matches (its lines changed since) is taken away.
export function adoptPrerendered(host, attributes) {
  const h = shadowOf(host);
  const view = h.prerendered;
  h.prerendered = null;
  if (!view) return null;
  if (sameAttributes(view, attributes)) return view;
  view.remove();
  return null;
}

// adoptOrphan returns, once, the element prerender wrote for a block of
// these attributes on a wrapper the page took away before this module
// ran (null when there is none). A framework hydrating the page may
// write a block anew before the modules load (Docusaurus's React, in
// Firefox on most loads): bitview-load.js keeps the wrappers as the
// parser wrote them (globalThis.__bitviewPrerendered), and the figure is
// taken from the old one, drawn as it was, with no wasm.
export function adoptOrphan(attributes) {
  for (const host of globalThis.__bitviewPrerendered ?? []) {
    if (host.isConnected || hosts.has(host) || taken.has(host) || !prerendered(host)) continue;
    const view = [...host.shadowRoot.children].find((c) => c.localName === 'bitboard-view');
    if (view && sameAttributes(view, attributes)) {
      taken.add(host);
      return view;
    }
  }
  return null;
}

// sameAttributes reports whether view's attributes, data-* aside, are
// the block's (parseBlock's attributes).
function sameAttributes(view, attributes) {
  const names = view.getAttributeNames().filter((n) => !n.startsWith('data-'));
  return names.length === Object.keys(attributes).length && names.every((n) => attributes[n] === view.getAttribute(n));
}

// blockHidden hides (or shows again) what host holds, the block, behind
// its view; a wrapper whose shadow root is not made or adopted here is
// left alone.
export function blockHidden(host, hidden) {
  const h = hosts.get(host);
  if (h) h.slot.hidden = hidden;
}
