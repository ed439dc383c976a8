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
// One "key: value" per line; blank lines and lines starting with # are
// skipped. The keys are KEYS of bitview-options.js, which go generate
// writes from Go's one table of options (model.Attributes): the element's
// attributes that a block may set, and expr (one expression, added to
// show; repeat the line for more). The static-site generator
// writes the fence as <pre><code class="language-bitboard">…</code></pre>
// (inside a highlighter's <div> at times); without JavaScript it stays
// readable text. With it, each block becomes a <bitboard-view> whose
// attributes are the block's lines; a line that is not understood is
// shown under the view, and the source stays in data-source.

import { KEYS } from './bitview-options.js';

/** The attributes a block line may set: key → attribute (generated from Go's model.Attributes). */
export { KEYS };

/**
 * Quotes text for a problem, cut as Go's core/excerpt cuts it: at most 40
 * characters (code points), then an ellipsis and the length, so that no
 * line makes a long message.
 * @param {string} text
 * @returns {string} e.g. `"colour"`, or `"xxxx…"… (1,048,576 characters)`
 */
function quote(text) {
  const chars = [...text.slice(0, 80)]; // 80 UTF-16 units hold 40 code points
  if (chars.length <= 40 && text.length <= 80) return `"${text}"`;
  return `"${chars.slice(0, 40).join('')}"… (${text.length.toLocaleString('en-US')} characters)`;
}

/**
 * Reads a bitboard block's text.
 * @param {string} text the block's lines
 * @returns {{attributes: Record<string, string>, problems: string[]}} the
 *   element's attributes and one message per line not understood
 */
export function parseBlock(text) {
  const attributes = {};
  const problems = [];
  const show = [];
  String(text).split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const colon = line.indexOf(':');
    const key = colon < 0 ? '' : line.slice(0, colon).trim().toLowerCase();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (!Object.hasOwn(KEYS, key)) {
      problems.push(`line ${i + 1}: ${colon < 0 ? `${quote(line)} is not "key: value"` : `unknown key ${quote(key)}`}; keys: ${Object.keys(KEYS).join(', ')}`);
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

const BLOCKS = 'pre > code.language-bitboard, pre.language-bitboard, div.language-bitboard pre';

/**
 * Upgrades every bitboard block under root (default: the document) that is
 * not upgraded yet, and returns the new elements.
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export function upgrade(root = document) {
  const done = [];
  for (const found of root.querySelectorAll(BLOCKS)) {
    const pre = found.closest('pre');
    if (!pre?.isConnected) continue;
    // Replace the highlighter's wrappers too, when they hold only this block.
    let outer = pre;
    while (outer.parentElement && outer.parentElement !== root && outer.parentElement.children.length === 1 &&
      outer.parentElement.matches('div.highlight, div.language-bitboard, div.highlighter-rouge, div[class*="codeBlock"]')) {
      outer = outer.parentElement;
    }
    const source = pre.textContent;
    const { attributes, problems } = parseBlock(source);
    const view = document.createElement('bitboard-view');
    for (const [name, value] of Object.entries(attributes)) view.setAttribute(name, value);
    view.dataset.source = source;
    let replacement = view;
    if (problems.length > 0) {
      replacement = document.createElement('div');
      replacement.className = 'bitview-markdown';
      const list = document.createElement('ul');
      list.setAttribute('role', 'alert');
      list.className = 'bitview-markdown-problems';
      for (const p of problems) {
        const li = document.createElement('li');
        li.textContent = `bitboard block, ${p}`;
        list.append(li);
      }
      replacement.append(view, list);
    }
    outer.replaceWith(replacement);
    done.push(view);
  }
  return done;
}

if (typeof document !== 'undefined') {
  import('./bitview-element.js'); // defines <bitboard-view>; the new elements upgrade when it is
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => upgrade(), { once: true });
  else upgrade();
}
