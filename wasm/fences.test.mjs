// The browser loader (web/bitview-markdown.js) finds a ```bitboard fence
// in every highlighter's shape, from the table of cases prerender's
// reader shares (wasm/figure/pages/testdata/fences.json, read by Go's
// TestFenceShapes too): the blocks found, the attributes their lines give
// (lines read as lines), and the block's nodes kept. The DOM is
// linkedom's (a development dependency: `npm ci` in wasm/).
// Run with `node --test wasm/fences.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { upgrade } from '../web/bitview-markdown.js';

const table = JSON.parse(readFileSync(new URL('./figure/pages/testdata/fences.json', import.meta.url), 'utf8'));

test('the table has cases', () => assert.ok(table.cases.length > 0));

for (const c of table.cases) {
  test(c.name, () => {
    const window = parseHTML(`<!doctype html><html><head></head><body>${c.html}</body></html>`);
    const { document } = window;
    // The loader makes its elements in the page's document and its shadow roots with the page's classes.
    Object.assign(globalThis, { document, ShadowRoot: window.ShadowRoot ?? class {} });
    const text = document.body.textContent;
    const made = upgrade(document);
    const attrs = made.map((v) => Object.fromEntries(v.getAttributeNames().filter((n) => n !== 'data-source').map((n) => [n, v.getAttribute(n)])));
    assert.deepEqual(attrs, c.blocks);
    assert.equal(document.body.textContent.includes(text), true, 'the block\'s nodes stay in the page');
    assert.deepEqual(upgrade(document), [], 'a second upgrade finds no new block');
  });
}
