// Node tests of Bitview's limits and of a runtime that never dies: every
// JS API function given inputs at its limit, just over it and of 20 MB
// answers within a bounded time with an error naming the limit, and a
// valid call works afterwards; a stream of exceptions thrown by getters
// does not kill the Go runtime; mounting and destroying views and failing
// updates return Go's reference table and the wasm memory to a steady
// state. Loaded as wasm/api.test.mjs loads the API. The DOM tests need
// linkedom (`npm install`, a development dependency only) and are skipped
// without it. Run with `node --test wasm/` after `make wasm`; the figures
// go to the test log (node --test --test-reporter=spec wasm/limits.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startBitview } from './nodeload.mjs';


// A DOM for mount, when linkedom is installed; set up before Go starts.
let dom = null;
try {
  const { parseHTML } = await import('linkedom');
  dom = parseHTML('<!doctype html><html><head></head><body></body></html>');
  for (const name of ['window', 'document', 'Element', 'HTMLElement', 'Node', 'Event', 'CustomEvent']) {
    globalThis[name] ??= name === 'window' ? dom.window : dom[name] ?? dom.window[name];
  }
} catch {
  dom = null;
}

// Keep the Go instance bitview.js creates, to read its reference table,
// and the Go side of the API, to collect Go's garbage before a count.
let go = null;
const { api } = await startBitview(() => {
  globalThis.Go = class extends globalThis.Go {
    constructor() {
      super();
      go = this;
    }
  };
});
const goAPI = globalThis.__bitviewGo;

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MB20 = 20 << 20;
const big = (c = 'x') => c.repeat(MB20);
const BOUND_MS = 2000; // each over-limit call must answer within this

// timed runs fn and returns its result, failing when it took longer than
// BOUND_MS.
function timed(what, fn) {
  const t0 = performance.now();
  const r = fn();
  const ms = performance.now() - t0;
  assert.ok(ms < BOUND_MS, `${what} took ${ms.toFixed(0)} ms, want under ${BOUND_MS}`);
  return r;
}

const validStill = () => {
  assert.equal(api.parseFen(START).ok, true, 'a valid parseFen after the limit');
  assert.equal(api.bitboard(START, 'P').hex, '0x000000000000ff00', 'a valid bitboard after the limit');
};

// refs is the size of Go's table of JS values it holds.
const refs = () => go._ids.size;
const memory = () => go._inst.exports.mem.buffer.byteLength;
const tick = () => new Promise((r) => setTimeout(r, 0));
// settle lets pending timers run (destroy releases its functions in one),
// then collects Go's garbage and lets its finalizers give back their
// references, so that what is counted is what Go still holds.
async function settle() {
  for (let i = 0; i < 3; i++) await tick();
  for (let i = 0; i < 2; i++) {
    goAPI.collectGarbage();
    for (let j = 0; j < 3; j++) await tick();
  }
}
const MiB = (n) => (n / 1048576).toFixed(1) + ' MiB';

test('parseFen: at the limit, over it and 20 MB', () => {
  const at = START + ' '.repeat(256 - START.length); // 256 bytes: trailing blanks are allowed
  assert.equal(timed('parseFen at the limit', () => api.parseFen(at)).ok, true);
  for (const [name, fen] of [['257 bytes', at + ' '], ['20 MB', big()], ['20 MB of é', big('é')]]) {
    const r = timed(`parseFen(${name})`, () => api.parseFen(fen));
    assert.equal(r.ok, false, name);
    assert.match(r.error.message, /longer than 256 bytes/, name);
  }
  validStill();
});

test('bitboard: each argument at 20 MB', () => {
  const cases = [[big(), 'P', 'lerf', /longer than 256 bytes/], [START, big(), 'lerf', /unknown bitboard name/], [START, 'P', big(), /unknown layout/]];
  for (const [fen, name, layout, want] of cases) {
    const r = timed('bitboard with a 20 MB argument', () => api.bitboard(fen, name, layout));
    assert.equal(r.ok, false);
    assert.match(r.error.message, want);
    assert.ok(r.error.message.length < 400, `the message quotes at most a bounded part: ${r.error.message.length} characters`);
  }
  validStill();
});

// An error answer echoes the name and layout it was given: a 10 MB name
// and layout came back whole, 20 million characters in one answer. Now
// an over-long one is cut to a quoted prefix with "…" and its length.
test('bitboard: an error answer echoes at most a prefix of a 10 MB name and layout', () => {
  const MB10 = 10 << 20;
  const name = 'n'.repeat(MB10);
  const layout = 'l'.repeat(MB10);
  const cases = [[undefined, name, layout, 'fen'], [START, name, layout, 'name'], [START, 'P', layout, 'layout'], [42, name, 'lerf', 'fen'], ['x', name, layout, 'piece placement']];
  for (const [fen, n, l, fieldName] of cases) {
    const r = timed('bitboard with 10 MB arguments', () => api.bitboard(fen, n, l));
    assert.equal(r.ok, false);
    assert.equal(r.error.fieldName, fieldName);
    const size = JSON.stringify(r).length;
    assert.ok(size < 1000, `the answer is ${size} characters`);
    if (n.length > 64) assert.equal(r.name, 'nnnnnnnnnnnnnnnn… (10,485,760 characters)');
    if (l.length > 64) assert.equal(r.layout, 'llllllllllllllll… (10,485,760 characters)');
  }
  const r = api.bitboard(START, name, 'lerf');
  assert.equal(r.error.message, 'unknown bitboard name "nnnnnnnnnnnnnnnn"… (10,485,760 characters; the limit is 64)');
  // A prefix does not end in half a surrogate pair; a name within the
  // limit is echoed as it was given.
  assert.equal(api.bitboard(undefined, 'a'.repeat(15) + '😀'.repeat(40), 'lerf').name, 'a'.repeat(15) + '… (95 characters)');
  assert.equal(api.bitboard(undefined, 'x'.repeat(64), 'y').name, 'x'.repeat(64));
  validStill();
});

test('writeFen: mailbox and fields at the limit, over it and 20 MB', () => {
  const pos = () => structuredClone(api.parseFen(START).position);
  assert.equal(timed('writeFen', () => api.writeFen(pos())).fen, START);
  const cases = [
    ['65 entries', (p) => p.mailbox.push(''), /has 65 entries; it needs 64/],
    ['100,000 entries', (p) => { p.mailbox = new Array(100000).fill(''); }, /has 100,000 entries; it needs 64/],
    ['10,000,000 entries', (p) => { p.mailbox = new Array(10000000); }, /has 10,000,000 entries; it needs 64/],
    ['a 20 MB entry', (p) => { p.mailbox[5] = big('P'); }, /mailbox\[5\] \(f1\) is a string of 20,971,520 characters/],
    ['a 2-letter entry', (p) => { p.mailbox[5] = 'PP'; }, /mailbox\[5\] \(f1\) is a string of 2 characters/],
    ['a 20 MB side to move', (p) => { p.sideToMove = big('w'); }, /sideToMove is 20,971,520 characters; the limit is 256/],
    ['a 20 MB castling field', (p) => { p.castling = big('K'); }, /castling is 20,971,520 characters; the limit is 256/],
  ];
  for (const [name, spoil, want] of cases) {
    const p = pos();
    spoil(p);
    const r = timed(`writeFen with ${name}`, () => api.writeFen(p));
    assert.equal(r.ok, false, name);
    assert.match(r.error.message, want, name);
  }
  assert.equal(api.writeFen(pos()).fen, START, 'a valid writeFen afterwards');
  validStill();
});

test('layouts and bitboardNames ignore 20 MB arguments', () => {
  assert.equal(timed('layouts', () => api.layouts(big())).length, api.layouts().length);
  assert.ok(timed('bitboardNames', () => api.bitboardNames(big())).length > 20);
});

// wasm_exec.js lets an exception thrown inside a property read Go makes
// unwind through Go without restoring Go's stack pointer: the runtime died
// with "fatal error: stack overflow" after 150,000–200,000 such calls.
// web/bitview.js now copies every argument into plain data before Go sees
// it (plain), so the getter throws in JavaScript: 300,000 answer.
test('300,000 exceptions thrown by getters do not kill the runtime', () => {
  // A thrown number, not an Error: the runtime's fate is the same, and
  // the test runs twice as fast without 300,000 stack traces.
  const throwing = { get mailbox() { throw 0; } }; // eslint-disable-line no-throw-literal
  const t0 = performance.now();
  let r;
  for (let i = 0; i < 300000; i++) r = api.writeFen(throwing);
  const ms = performance.now() - t0;
  console.log(`300,000 writeFen calls with a throwing getter: ${ms.toFixed(0)} ms; refs ${refs()}, memory ${MiB(memory())}`);
  assert.equal(r.ok, false);
  assert.match(r.error.message, /position could not be read/);
  assert.equal(r.error.fieldName, 'position');
  const proxy = new Proxy({}, { get() { throw new Error('trap'); }, has() { throw new Error('trap'); } });
  for (let i = 0; i < 1000; i++) r = api.writeFen(proxy);
  assert.equal(r.ok, false);
  assert.equal(api.writeFen(api.parseFen(START).position).fen, START);
  validStill();
});

test('mount: options at the limit, over it and 20 MB', { skip: dom === null && 'linkedom is not installed (npm install)' }, () => {
  const el = document.createElement('div');
  document.body.append(el);
  const names = (n) => Array(n).fill('P').join(',');
  const h = api.mount(el, { fen: START, show: names(64) });
  assert.equal(h.ok, true, JSON.stringify(h.error));
  assert.equal(el.querySelectorAll('.card').length, 64);
  const cases = [
    [{ show: names(65) }, /show lists 65 items; the limit is 64/],
    [{ show: 'P,' + ' '.repeat(4096) }, /show is 4,098 characters; the limit is 4,096 bytes/],
    [{ show: big() }, /show is 20,971,520 characters; the limit is 4,096 bytes/],
    [{ layout: big() }, /layout is 20,971,520 characters; the limit is 64 bytes/],
    [{ orientation: big() }, /orientation is 20,971,520 characters; the limit is 64 bytes/],
    [{ fen: big() }, /longer than 256 bytes/],
    [{ fen: START + ' '.repeat(300) }, /longer than 256 bytes/],
  ];
  for (const [opts, want] of cases) {
    const r = timed(`update(${Object.keys(opts)[0]} over the limit)`, () => h.update(opts));
    assert.equal(r.ok, false);
    assert.match(r.error.message, want);
    assert.ok(el.querySelector('.board'), 'the board stays');
  }
  const m = timed('mount with a 20 MB show', () => api.mount(document.createElement('div'), { show: big() }));
  assert.equal(m.ok, false);
  m.destroy();
  assert.equal(h.update({ fen: START, show: 'P' }).ok, true, 'a valid update afterwards');
  assert.equal(el.querySelectorAll('.card').length, 1);
  h.destroy();
  el.remove();
});

// Views mounted with the same options share their first markup (parsed
// once and cloned) and two Go functions bound to each view's id: each
// view still has its own DOM and its own state, and a destroyed view
// answers an error without touching the others.
test('views drawn from one markup are independent, and a destroyed one answers an error', { skip: dom === null && 'linkedom is not installed (npm install)' }, () => {
  const els = [0, 1, 2].map(() => document.body.appendChild(document.createElement('div')));
  const hs = els.map((el) => api.mount(el, { fen: START }));
  for (const [i, el] of els.entries()) {
    assert.equal(hs[i].ok, true);
    assert.equal(el.querySelectorAll('.board [data-square]').length, 64, `view ${i} has its board`);
  }
  assert.notEqual(els[0].querySelector('.board'), els[1].querySelector('.board'), 'each view has its own nodes');
  assert.equal(hs[1].update({ fen: '8/8/8/8/4P3/8/8/8 w - - 0 1' }).ok, true);
  assert.equal(els[1].querySelectorAll('.board [data-piece]').length, 1, 'the updated view has one piece');
  assert.equal(els[0].querySelectorAll('.board [data-piece]').length, 32, 'the others keep theirs');
  assert.equal(els[2].querySelectorAll('.board [data-piece]').length, 32);
  hs[0].destroy();
  assert.equal(els[0].innerHTML, '', 'destroy empties the view');
  const r = hs[0].update({ fen: START });
  assert.equal(r.ok, false);
  assert.match(r.error.message, /destroyed/);
  assert.equal(hs[0].svg(), '');
  assert.equal(els[0].innerHTML, '', 'an update after destroy draws nothing');
  assert.equal(hs[2].update({ fen: START, show: 'P' }).ok, true, 'the other views still work');
  assert.equal(els[2].querySelectorAll('.card').length, 1);
  for (const h of hs.slice(1)) h.destroy();
  for (const el of els) el.remove();
});

// measure runs n rounds of fn (awaiting a tick every 100, so timers such
// as destroy's deferred release run) and returns the reference table and
// memory before and after, once warm.
async function measure(n, fn) {
  for (let i = 0; i < 100; i++) fn(i); // warm up: caches, the heap's first growth
  await settle();
  const before = { refs: refs(), memory: memory() };
  const t0 = performance.now();
  let peak = before.refs;
  for (let i = 0; i < n; i++) {
    fn(i);
    if (i % 100 === 99) {
      await tick();
      peak = Math.max(peak, refs());
    }
  }
  await settle();
  return { before, after: { refs: refs(), memory: memory() }, peak, ms: performance.now() - t0 };
}

const report = (what, m) => console.log(`${what}: ${m.ms.toFixed(0)} ms; references ${m.before.refs} → ${m.after.refs} (peak ${m.peak}); ` +
  `wasm memory ${MiB(m.before.memory)} → ${MiB(m.after.memory)}`);

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
