// Node tests: mounting, updating and destroying views, and views whose
// root leaves the document without destroy(), return Go's reference table,
// the wasm memory and the listeners to a steady state (see limitsetup.mjs;
// they need linkedom, a development dependency, and skip without it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dom, api, START, big, settle, measure, report, MiB } from './limitsetup.mjs';

// 10,000 cycles of a view without board or grids (its listeners, handle
// functions and regions: every reference a view takes), then 500 of a
// full view (linkedom parses the markup of a board and a card in about
// 25 ms, so 10,000 would take minutes).
test('10,000 mount/destroy cycles return the references and memory to a steady state', { skip: dom === null && 'linkedom is not installed (npm install)' }, async () => {
  const el = document.createElement('div');
  document.body.append(el);
  for (const [what, n, opts] of [['bare', 10000, { board: false, grid: false }], ['full', 500, { fen: START, show: 'white', labels: true }]]) {
    const m = await measure(n, (i) => {
      const h = api.mount(el, opts);
      h.update({ ...opts, orientation: i % 2 ? 'black' : 'white' });
      h.destroy();
    });
    report(`${n} mount/update/destroy cycles of a ${what} view`, m);
    assert.ok(m.after.refs <= m.before.refs + 100, `references grew from ${m.before.refs} to ${m.after.refs}`);
    assert.ok(m.after.memory <= m.before.memory + (32 << 20), `wasm memory grew from ${MiB(m.before.memory)} to ${MiB(m.after.memory)}`);
  }
  el.remove();
});

// listenerCount counts the listeners added to and removed from linkedom's
// nodes, by wrapping its EventTarget's methods (web/bitview.js's listen
// adds each of Go's listeners with addEventListener).
let listenerCount = 0;
if (dom !== null) {
  let proto = Object.getPrototypeOf(document.createElement('div'));
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'addEventListener')) proto = Object.getPrototypeOf(proto);
  const { addEventListener: add, removeEventListener: remove } = proto;
  proto.addEventListener = function (...args) { listenerCount++; return add.apply(this, args); };
  proto.removeEventListener = function (...args) { listenerCount--; return remove.apply(this, args); };
}

// A view whose root leaves the document without destroy() kept about 12
// of Go's references and its listeners for as long as the page lived.
// web/bitview.js now releases it: at the next mount, and by a
// MutationObserver where there is one. Each cycle mounts a view into a
// new element of the document, updates it and removes the element; over
// 1,000 cycles Go's references and the listeners stay where they were.
// A root taken out and put back at once, and one mounted before it is
// inserted, are not released.
test('1,000 views whose root left the document without destroy() are released', { skip: dom === null && 'linkedom is not installed (npm install)' }, async () => {
  const opts = { fen: START, board: false, grid: false };
  const cycle = (i) => {
    const el = document.body.appendChild(document.createElement('div'));
    const h = api.mount(el, opts);
    assert.equal(h.ok, true);
    h.update({ ...opts, orientation: i % 2 ? 'black' : 'white' });
    el.remove();
    return h;
  };
  for (const how of ['at the next mount', 'by a MutationObserver']) {
    if (how === 'by a MutationObserver') globalThis.MutationObserver = dom.MutationObserver;
    cycle(0); // the first release, so that the warm-up of measure starts from the steady state
    await settle();
    const listenersBefore = listenerCount;
    let peakListeners = listenerCount;
    const m = await measure(1000, (i) => {
      cycle(i);
      peakListeners = Math.max(peakListeners, listenerCount);
    });
    report(`1,000 views released ${how}`, m);
    console.log(`listeners ${listenersBefore} → ${listenerCount} (peak ${peakListeners})`);
    assert.ok(m.after.refs <= m.before.refs + 100, `references grew from ${m.before.refs} to ${m.after.refs}`);
    assert.ok(m.after.memory <= m.before.memory + (8 << 20), `wasm memory grew from ${MiB(m.before.memory)} to ${MiB(m.after.memory)}`);
    assert.ok(listenerCount <= listenersBefore + 20, `listeners grew from ${listenersBefore} to ${listenerCount}`);
    if (how === 'by a MutationObserver') {
      // Nothing is left to release at a next mount: the observer did it.
      assert.ok(listenerCount <= listenersBefore, `listeners grew from ${listenersBefore} to ${listenerCount}`);
      assert.ok(peakListeners <= listenersBefore + 20, `listeners peaked at ${peakListeners}, from ${listenersBefore}`);
    }
  }
  // A released handle says so, keeps its drawing until destroy().
  const el = document.body.appendChild(document.createElement('div'));
  const h = api.mount(el, { fen: START, show: 'P' });
  el.remove();
  await settle();
  const r = h.update({ fen: START });
  assert.equal(r.ok, false);
  assert.match(r.error.message, /released: its root left the document/);
  assert.equal(h.svg(), '');
  assert.equal(el.querySelectorAll('.card').length, 1, 'the drawing stays');
  h.destroy();
  assert.equal(el.innerHTML, '', 'destroy empties it');
  // Taken out and put back in one task: still alive.
  const moved = document.body.appendChild(document.createElement('div'));
  const hm = api.mount(moved, { fen: START, show: 'P' });
  moved.remove();
  document.body.append(moved);
  await settle();
  assert.equal(hm.update({ fen: START, show: 'P,p' }).ok, true, 'a moved root keeps its view');
  // Mounted before it is inserted: alive until it has been in the document and left it.
  const early = document.createElement('div');
  const he = api.mount(early, { fen: START, show: 'P' });
  await settle();
  assert.equal(he.update({ fen: START, show: 'p' }).ok, true, 'a view mounted into a detached element lives');
  document.body.append(early);
  await settle();
  early.remove();
  await settle();
  assert.match(he.update({ fen: START }).error?.message ?? '', /released/, 'released once it left the document');
  hm.destroy();
  moved.remove();
  delete globalThis.MutationObserver;
});
