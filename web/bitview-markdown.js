// bitview-markdown.js turns ```bitboard fences into live <bitboard-view>
// elements. Write in Markdown (Hugo, MkDocs, Docusaurus, Jekyll, …):
//
//   ```bitboard
//   fen: 8/8/8/8/4P3/8/8/8 w - - 0 1
//   show: P, empty
//   expr: (P << 8) & empty
//   layout: 0x88
//   arrows: Ge2e4
//   marks: Ge3 Ye4
//   ```
//
// and load this module once on the page:
//
//   <script type="module" src="https://cdn.example/bitview/bitview-markdown.js"></script>
//
// One "key: value" per line; blank lines and comments ("# " and a note)
// are skipped. The keys are KEYS of bitview-options.js, which go generate
// writes from Go's one table of options (model.Attributes): the element's
// attributes that a block may set, and expr (one expression, added to
// show; repeat the line for more). The static-site generator
// writes the fence as <pre><code class="language-bitboard">…</code></pre>
// (inside a highlighter's <div> at times); without JavaScript it stays
// readable text. With it, each block gets a <bitboard-view> whose
// attributes are the block's lines, the source kept in data-source. A
// block holding any other line (a key that is no option, a line without
// a colon, "## a heading": most often the prose after a fence left open,
// which the generator put into the code block) gets no view: it is left
// as it is, every line of it, with a list of its wrong lines before it:
// the rule the bitview command's prerender applies (Go's
// wasm/figure/pages, block.go), both tested against one table of cases
// (wasm/figure/pages/testdata/blocks.json).
//
// The page's nodes stay where they are, as the page's framework (VitePress,
// Docusaurus, mkdocs-material's instant navigation, Astro) wrote them: a
// framework that hydrates the page or navigates without reloading it
// finds what it wrote. Inside a highlighter's wrapper that holds the
// block alone, the view takes the wrapper's place on screen (a shadow
// root on the wrapper shows the view instead of what the wrapper holds:
// bitview/wrapper.js; prerender writes that root, and it is adopted);
// a block without one is hidden (display: none) with the view after it.
// A MutationObserver upgrades the blocks a navigation brings, follows a
// block whose text changes, and takes the view away with its block.

import { KEYS } from './bitview-options.js';
// A line not understood is quoted as Go's core/excerpt quotes it.
import { quote } from './bitview/quote.js';
// A highlighter's wrapper that shows a block's view in its shadow root.
import { hostOf, shadowOf, adoptPrerendered, adoptOrphan, blockHidden } from './bitview/wrapper.js';

/** The attributes a block line may set: key → attribute (generated from Go's model.Attributes). */
export { KEYS };

// BLANKS are the characters trimmed from a block line, its key and its
// value: ASCII's blanks (String.prototype.trim takes more than Go's
// strings.TrimSpace, and other ones).
const BLANKS = /^[ \t\r\f\v]+|[ \t\r\f\v]+$/g;
const trim = (s) => s.replace(BLANKS, '');

/**
 * Reads a bitboard block's text: after the blanks at either end (ASCII's)
 * are taken away, a line is blank, a comment ("#" alone, or "#" then a
 * space or a tab), or "key: value" with one of KEYS in any ASCII case;
 * show and expr lines are joined into show. Any other line is a problem,
 * and a block with a problem is not to be drawn.
 * @param {string} text the block's lines
 * @returns {{attributes: Record<string, string>, problems: string[]}} the
 *   element's attributes and one message per wrong line ("line N: …", N
 *   from 1), none when every line is right
 */
export function parseBlock(text) {
  const attributes = {};
  const problems = [];
  const show = [];
  String(text).replace(/\r\n?/g, '\n').split('\n').forEach((raw, i) => {
    const line = trim(raw);
    if (line === '' || line === '#' || line.startsWith('# ') || line.startsWith('#\t')) return;
    const colon = line.indexOf(':');
    const key = colon < 0 ? '' : trim(line.slice(0, colon)).replace(/[A-Z]/g, (c) => c.toLowerCase());
    const value = colon < 0 ? '' : trim(line.slice(colon + 1));
    if (colon < 0) {
      problems.push(`line ${i + 1}: ${quote(line)} is not "key: value", a blank line or a "# comment"`);
      return;
    }
    if (!Object.hasOwn(KEYS, key)) {
      problems.push(`line ${i + 1}: unknown key ${quote(key)}; keys: ${Object.keys(KEYS).join(', ')}`);
      return;
    }
    if (KEYS[key] === 'show') { // show and expr: each line adds to the list
      if (value !== '') show.push(value);
      return;
    }
    attributes[KEYS[key]] = value;
  });
  if (show.length > 0) attributes.show = show.join(', ');
  return { attributes, problems };
}

// The shapes a fence takes once a generator and its highlighter wrote it,
// as prerender recognises them (wasm/figure/pages/fence.go; one table of
// cases, wasm/figure/pages/testdata/fences.json, tests both): a <pre> (or
// Marp's <marp-pre>) that says its language (the class language-bitboard
// or bitboard, data-language or data-lang="bitboard"), a <pre> whose
// first element is a <code> that says it, or a <pre> in a <div> wrapper
// of the class language-bitboard or highlight-bitboard (Sphinx).
const MARKS = ['.language-bitboard', '.bitboard', '[data-language="bitboard"]', '[data-lang="bitboard"]'];
const BLOCKS = ['pre', 'marp-pre'].flatMap((pre) => MARKS.flatMap((m) => [pre + m, `${pre} > code${m}`]))
  .concat('div.language-bitboard pre', 'div.highlight-bitboard pre').join(', ');

// <pre> → {shown: the view, or the list of its problems for a refused
// block; host: the wrapper that shows the view, or null; refused: the
// wrapper (or null) the list stands before, undefined for a view; source}.
const upgraded = new Map();
// During a sweep, the views of the blocks gone, by their source: a block
// of the same lines the framework wrote again (React writing a code
// block anew once the page is hydrated) gets its view back, drawn as it
// was (a prerendered one still needs no wasm).
let gone = null;

// textOf returns a block's text, as its lines: a <br> ends a line (Prism's
// per-line markup), and so does the end of a <div> in it whose text has
// not ended one (a highlighter that writes each line as a <div>).
function textOf(pre) {
  let text = '';
  const walk = (node) => {
    for (const n of node.childNodes) {
      if (n.nodeType === 3 || n.nodeType === 4) text += n.data; // text, CDATA
      else if (n.nodeType !== 1) continue;
      else if (n.localName === 'br') text += '\n';
      else {
        walk(n);
        if (n.localName === 'div' && text !== '' && !text.endsWith('\n')) text += '\n';
      }
    }
  };
  walk(pre);
  return text;
}

// show puts the block's view on screen in place of pre (see above).
function show(pre, rec) {
  if (rec.host) {
    const { root } = shadowOf(rec.host);
    blockHidden(rec.host, true);
    if (rec.shown.parentNode !== root) root.append(rec.shown);
    return;
  }
  pre.style.setProperty('display', 'none', 'important');
  if (rec.shown.previousSibling !== pre) pre.after(rec.shown);
}

// forget takes pre's view away and shows what the page wrote again.
function forget(pre) {
  const rec = upgraded.get(pre);
  upgraded.delete(pre);
  rec.shown.remove();
  if (rec.refused !== undefined) return; // a refused block was left as it was
  if (rec.host && ![...upgraded.values()].some((r) => r.host === rec.host)) blockHidden(rec.host, false);
  if (!rec.host && pre.style.getPropertyValue('display') === 'none') pre.style.removeProperty('display');
}

// upgradeBlock gives pre its view and returns it, or refuses a block
// with a wrong line and returns undefined.
function upgradeBlock(pre) {
  const source = textOf(pre);
  const { attributes, problems } = parseBlock(source);
  if (problems.length > 0) return refuse(pre, source, problems);
  const host = hostOf(pre);
  let view = (host && adoptPrerendered(host, attributes)) || gone?.get(source) || (host && adoptOrphan(attributes));
  gone?.delete(source);
  if (!view) {
    view = document.createElement('bitboard-view');
    for (const [name, value] of Object.entries(attributes)) view.setAttribute(name, value);
  }
  view.dataset.source = source;
  const rec = { shown: view, host, source };
  upgraded.set(pre, rec);
  show(pre, rec);
  return view;
}

// refuse leaves the block pre as it is (its lines are not all right: see
// parseBlock), after a list of its problems (role="alert", class
// bitview-markdown-problems), said once.
function refuse(pre, source, problems) {
  const list = document.createElement('ul');
  list.setAttribute('role', 'alert');
  list.className = 'bitview-markdown-problems';
  for (const p of problems) {
    const li = document.createElement('li');
    li.textContent = `bitboard block, ${p}; the block is left as text`;
    list.append(li);
  }
  const rec = { shown: list, host: null, refused: hostOf(pre), source };
  upgraded.set(pre, rec);
  placeList(pre, rec);
}

// placeList puts a refused block's list of problems before the block (or
// before its wrapper).
function placeList(pre, rec) {
  const at = rec.refused ?? pre;
  if (rec.shown.nextSibling !== at) at.before(rec.shown);
}

/**
 * Gives every bitboard block under root (default: the document) that has
 * none yet its <bitboard-view>, and returns the new elements.
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export function upgrade(root = document) {
  const doc = root.ownerDocument ?? root;
  const done = [];
  for (const found of root.querySelectorAll(BLOCKS)) {
    const pre = found.closest('pre, marp-pre');
    // A <code> says the block's language when it is the <pre>'s first element, nothing but blanks before it.
    const kids = pre ? [...pre.childNodes] : [];
    const first = found === pre || kids.slice(0, kids.indexOf(found)).every((n) => n.nodeType === 8 || (n.nodeType === 3 && n.data.trim() === ''));
    if (first && pre?.isConnected && !upgraded.has(pre)) {
      const view = upgradeBlock(pre);
      if (view) done.push(view);
    }
  }
  return done;
}

// sweep follows the page's changes: a block gone takes its view with it,
// a block whose text changed gets a new view, a view the page's
// framework took away (as it hydrated what it wrote) is put back, and
// new blocks are upgraded.
function sweep() {
  gone = new Map();
  for (const [pre, rec] of [...upgraded]) {
    if (rec.refused !== undefined) { // a block left as text, its problems before it
      if (!pre.isConnected || hostOf(pre) !== rec.refused) forget(pre);
      else if (textOf(pre) !== rec.source) {
        forget(pre);
        upgradeBlock(pre);
      } else if (!rec.shown.isConnected) placeList(pre, rec);
      continue;
    }
    if (!pre.isConnected || (rec.host && !rec.host.contains(pre)) || (!rec.host && hostOf(pre))) {
      forget(pre);
      gone.set(rec.source, rec.shown);
    } else if (textOf(pre) !== rec.source) {
      forget(pre);
      upgradeBlock(pre);
    } else if (!rec.shown.isConnected || (!rec.host && pre.style.getPropertyValue('display') !== 'none')) {
      show(pre, rec);
    }
  }
  upgrade();
  gone = null;
}

let swept = false; // a sweep is due at the end of this task
const observer = typeof MutationObserver === 'function' ? new MutationObserver(() => {
  if (swept) return;
  swept = true;
  queueMicrotask(() => {
    swept = false;
    sweep();
  });
}) : null;

if (typeof document !== 'undefined') {
  import('./bitview-element.js'); // defines <bitboard-view>; the new elements upgrade when it is
  // From the parsed page on (a block the parser is still writing is not read).
  const start = () => {
    upgrade();
    observer?.observe(document, { childList: true, subtree: true, characterData: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
