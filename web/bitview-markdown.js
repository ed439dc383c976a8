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
// readable text. With it, each block becomes a <bitboard-view> whose
// attributes are the block's lines, the source kept in data-source. A
// block holding any other line (a key that is no option, a line without
// a colon, "## a heading": most often the prose after a fence left open,
// which the generator put into the code block) is left as it is, every
// line of it, with a list of its wrong lines before it: the rule the
// bitview command's prerender applies (Go's wasm/figure/pages, block.go),
// both tested against one table of cases
// (wasm/figure/pages/testdata/blocks.json).

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

/**
 * Returns the text of a block's <pre> as its lines: the text of every
 * node in it, and a line break for each <br> (Prism's per-line markup
 * ends each line with one), as prerender reads it.
 * @param {Element} pre
 * @returns {string}
 */
function blockText(pre) {
  let text = '';
  const todo = [...pre.childNodes].reverse();
  while (todo.length > 0) {
    const node = todo.pop();
    if (node.nodeType === 3 || node.nodeType === 4) text += node.data; // text, CDATA
    else if (node.nodeType === 1 && node.localName === 'br') text += '\n';
    else if (node.nodeType === 1) todo.push(...[...node.childNodes].reverse());
  }
  return text;
}

/**
 * Reports whether node has only blank text (or comments) before it in
 * its parent.
 * @param {Node} node
 * @returns {boolean}
 */
function firstIn(node) {
  for (let n = node.previousSibling; n; n = n.previousSibling) {
    if (n.nodeType !== 8 && (n.nodeType !== 3 || trim(n.data) !== '')) return false;
  }
  return true;
}

/**
 * Reports whether node (a child of its parent) is the only thing its
 * parent holds besides blank text: no other element, no comment, no
 * words.
 * @param {Node} node
 * @returns {boolean}
 */
function alone(node) {
  return [...node.parentNode.childNodes].every((n) => n === node || (n.nodeType === 3 && trim(n.data) === ''));
}

// refused are the blocks left as text, their problems said once.
const refused = new WeakSet();

const BLOCKS = 'pre > code.language-bitboard, pre.language-bitboard, div.language-bitboard pre';

/**
 * Upgrades every bitboard block under root (default: the document) that is
 * not upgraded yet, and returns the new elements. A block with a wrong
 * line (see parseBlock) is left as it is, after a list of its problems
 * (role="alert", class bitview-markdown-problems), once.
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export function upgrade(root = document) {
  const doc = root.ownerDocument ?? root;
  const done = [];
  for (const found of root.querySelectorAll(BLOCKS)) {
    const pre = found.closest('pre');
    if (!pre?.isConnected || refused.has(pre)) continue;
    // A <code> is the block when nothing but blanks comes before it in its <pre>.
    if (found !== pre && !firstIn(found)) continue;
    // Replace the highlighter's wrappers too, when they hold only this block.
    let outer = pre;
    while (outer.parentElement && outer.parentElement !== root && alone(outer) &&
      outer.parentElement.matches('div.highlight, div.language-bitboard, div.highlighter-rouge, div[class*="codeBlock"]')) {
      outer = outer.parentElement;
    }
    const source = blockText(pre);
    const { attributes, problems } = parseBlock(source);
    if (problems.length > 0) {
      const list = doc.createElement('ul');
      list.setAttribute('role', 'alert');
      list.className = 'bitview-markdown-problems';
      for (const p of problems) {
        const li = doc.createElement('li');
        li.textContent = `bitboard block, ${p}; the block is left as text`;
        list.append(li);
      }
      refused.add(pre);
      outer.before(list);
      continue;
    }
    const view = doc.createElement('bitboard-view');
    for (const [name, value] of Object.entries(attributes)) view.setAttribute(name, value);
    view.dataset.source = source;
    outer.replaceWith(view);
    done.push(view);
  }
  return done;
}

if (typeof document !== 'undefined') {
  import('./bitview-element.js'); // defines <bitboard-view>; the new elements upgrade when it is
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => upgrade(), { once: true });
  else upgrade();
}
