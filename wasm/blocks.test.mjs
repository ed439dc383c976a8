// The browser loader's bitboard block reader (web/bitview-markdown.js)
// against the one table of cases it shares with prerender's
// (wasm/figure/pages/testdata/blocks.json, read by Go's TestBlockTable
// too): the blocks found and their attributes, what a wrapper keeps, and
// a block with a wrong line left as it is, every such line named. The
// DOM is linkedom's (a development dependency: `npm install` in wasm/).
// Run with `node --test wasm/blocks.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { upgrade } from '../web/bitview-markdown.js';

const table = JSON.parse(readFileSync(new URL('./figure/pages/testdata/blocks.json', import.meta.url), 'utf8'));

for (const c of table.cases) {
  test(c.name, () => {
    const { document } = parseHTML(`<!doctype html><html><head></head><body>${c.html}</body></html>`);
    globalThis.document = document; // for a loader that creates its elements in the global document
    const before = document.body.innerHTML;
    const made = upgrade(document);
    // The views: after their block, or in the shadow root of the wrapper
    // that holds it alone (the page's nodes stay, hidden).
    const views = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'bitboard-view') views.push(el);
        else if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    assert.deepEqual(views, made, 'the elements upgrade returned are those of the page');
    const problems = [...document.querySelectorAll('.bitview-markdown-problems[role=alert] li')].map((li) => li.textContent);
    if (c.errors) {
      assert.equal(views.length, 0, 'a block with a wrong line is not replaced');
      assert.equal(problems.length, c.errors.length, `problems: ${problems.join(' | ')}`);
      c.errors.forEach((e, i) => {
        assert.ok(problems[i].startsWith(`bitboard block, line ${e.blockLine}: `) && problems[i].includes(e.message),
          `problem ${i}: ${problems[i]}; want line ${e.blockLine} and ${e.message}`);
      });
      for (const list of document.querySelectorAll('.bitview-markdown-problems')) list.remove();
      assert.equal(document.body.innerHTML, before, 'the block is left as it was, every line of it');
      assert.deepEqual(upgrade(document), [], 'a second upgrade');
      assert.equal(document.querySelectorAll('.bitview-markdown-problems').length, 0, 'a second upgrade does not list them again');
      return;
    }
    assert.deepEqual(problems, []);
    const attrs = views.map((v) => Object.fromEntries(v.getAttributeNames().filter((n) => n !== 'data-source').map((n) => [n, v.getAttribute(n)])));
    assert.deepEqual(attrs, c.blocks);
    for (const k of c.keep ?? []) assert.ok(document.body.innerHTML.includes(k), `${k} is gone: ${document.body.innerHTML}`);
  });
}
