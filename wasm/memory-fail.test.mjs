// Node tests: 10,000 failing updates and 10,000 failing mounts return Go's
// reference table and the wasm memory to a steady state (see
// limitsetup.mjs; they need linkedom, a development dependency, and skip
// without it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dom, api, START, big, settle, measure, report, MiB } from './limitsetup.mjs';

test('10,000 failing updates return the references and memory to a steady state', { skip: dom === null && 'linkedom is not installed (npm install)' }, async () => {
  const el = document.createElement('div');
  document.body.append(el);
  const h = api.mount(el, { fen: START, board: false, grid: false });
  const bad = [{ fen: 'not a fen' }, { layout: 'nope' }, { show: 'P,nonsense' }, 5, { board: 'yes' }, { show: big() }, { get fen() { throw new Error('getter'); } }];
  const m = await measure(10000, (i) => {
    const r = h.update(bad[i % bad.length]);
    assert.equal(r.ok, false); // a getter that throws: the options could not be read
  });
  report('10,000 failing updates', m);
  assert.ok(m.after.refs <= m.before.refs + 100, `references grew from ${m.before.refs} to ${m.after.refs}`);
  assert.ok(m.after.memory <= m.before.memory + (32 << 20), `wasm memory grew from ${MiB(m.before.memory)} to ${MiB(m.after.memory)}`);
  assert.equal(h.update({ fen: START, show: 'P' }).ok, true, 'a valid update afterwards');
  h.destroy();
  el.remove();
});

// A mount whose first drawing fails (here the root's insertBefore throws)
// holds nothing: it answers {ok: false, drawn: false} with inert methods,
// and Go registers no view and keeps no listener. Before mount was a transaction,
// 10,000 of them took Go's reference table from 58 to 30,063 entries and
// the wasm from 5.6 to 28 MiB. The views have no board nor grids (as the
// bare cycles above): the failure is the same and linkedom does not parse
// 10,000 boards.
test('10,000 failing mounts return the references and memory to a steady state', { skip: dom === null && 'linkedom is not installed (npm install)' }, async () => {
  const el = document.createElement('div');
  document.body.append(el);
  el.insertBefore = () => { throw new Error('insertBefore refused'); };
  const m = await measure(10000, () => {
    const h = api.mount(el, { fen: START, board: false, grid: false });
    assert.equal(h.ok, false);
    assert.equal(h.drawn, false);
    assert.match(h.error.message, /could not be drawn/);
    assert.equal(h.update({ fen: START, board: false, grid: false }).ok, false);
    assert.equal(h.svg(), '');
    h.destroy();
  });
  report('10,000 failing mounts', m);
  assert.ok(m.after.refs <= m.before.refs + 100, `references grew from ${m.before.refs} to ${m.after.refs}`);
  assert.ok(m.after.memory <= m.before.memory + (8 << 20), `wasm memory grew from ${MiB(m.before.memory)} to ${MiB(m.after.memory)}`);
  el.remove();
});
