// Node tests of Bitview's limits and of a runtime that never dies: every
// JS API function given inputs at its limit, just over it and of 20 MB
// answers within a bounded time with an error naming the limit, and a
// valid call works afterwards; a stream of exceptions thrown by getters
// does not kill the Go runtime. Bitview is started as wasm/api.test.mjs
// starts it (limitsetup.mjs). The DOM tests need linkedom (npm ci, a
// development dependency only) and are skipped without it. Run with
// `node --test wasm/limits.test.mjs` after `make wasm`; the figures go to
// the test log (node --test --test-reporter=spec wasm/limits.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dom, api, START, big, timed, validStill, refs, memory, MiB } from './limitsetup.mjs';

// The steady state of references and memory over thousands of mounts,
// updates and releases is tested in memory-mount.test.mjs and
// memory-fail.test.mjs (files of their own, which node --test runs beside
// this one).

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
