// Node tests of web/bitview/quote.js, the quote of the Markdown blocks'
// problems, against the cases of Go's core/excerpt.Quote
// (core/excerpt/testdata/quote.json, which excerpt's TestQuoteCases reads
// too): both quote every input the same way. Run with
// `node --test wasm/*.test.mjs`; no build needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { quote } from '../web/bitview/quote.js';

const table = JSON.parse(await readFile(new URL('../core/excerpt/testdata/quote.json', import.meta.url), 'utf8'));

test('quote.js passes every case of core/excerpt/testdata/quote.json', async (t) => {
  assert.ok(table.cases.length >= 10, `${table.cases.length} cases`);
  for (const c of table.cases) {
    await t.test(c.name, () => {
      const input = (c.in ?? '') + (c.repeat ?? '').repeat(c.times ?? 0) + (c.tail ?? '');
      assert.equal(quote(input), c.want);
    });
  }
});

