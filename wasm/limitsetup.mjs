// limitsetup.mjs: what the Node tests of limits and of steady memory
// share (limits.test.mjs, memory-mount.test.mjs, memory-fail.test.mjs; each
// file runs in a process of its own, node --test two at a time): a DOM
// from linkedom for mount when it is installed (set up before Go starts),
// Bitview started as a page starts it, with its Go instance kept to read
// Go's reference table and the wasm memory, and the helpers that bound a
// call's time and measure a steady state. Not a test file itself.
import assert from 'node:assert/strict';
import { startBitview } from './nodeload.mjs';


// A DOM for mount, when linkedom is installed; set up before Go starts.
export let dom = null;
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
export let go = null;
export const { api } = await startBitview(() => {
  globalThis.Go = class extends globalThis.Go {
    constructor() {
      super();
      go = this;
    }
  };
});
export const goAPI = globalThis.__bitviewGo;

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const MB20 = 20 << 20;
export const big = (c = 'x') => c.repeat(MB20);
export const BOUND_MS = 2000; // each over-limit call must answer within this much CPU time

// timed runs fn and returns its result, failing when it took longer than
// BOUND_MS of this process's CPU time (user and system): the bound is on
// the work a call does, which other programs on a loaded machine do not
// lengthen as they lengthen its wall time.
export function timed(what, fn) {
  const t0 = process.cpuUsage();
  const r = fn();
  const { user, system } = process.cpuUsage(t0);
  const ms = (user + system) / 1000;
  assert.ok(ms < BOUND_MS, `${what} took ${ms.toFixed(0)} ms of CPU time, want under ${BOUND_MS}`);
  return r;
}

export const validStill = () => {
  assert.equal(api.parseFen(START).ok, true, 'a valid parseFen after the limit');
  assert.equal(api.bitboard(START, 'P').hex, '0x000000000000ff00', 'a valid bitboard after the limit');
};

// refs is the size of Go's table of JS values it holds.
export const refs = () => go._ids.size;
export const memory = () => go._inst.exports.mem.buffer.byteLength;
export const tick = () => new Promise((r) => setTimeout(r, 0));
// settle lets pending timers run (destroy releases its functions in one),
// then collects Go's garbage and lets its finalizers give back their
// references, so that what is counted is what Go still holds.
export async function settle() {
  for (let i = 0; i < 3; i++) await tick();
  for (let i = 0; i < 2; i++) {
    goAPI.collectGarbage();
    for (let j = 0; j < 3; j++) await tick();
  }
}
export const MiB = (n) => (n / 1048576).toFixed(1) + ' MiB';

export const report = (what, m) => console.log(`${what}: ${m.ms.toFixed(0)} ms; references ${m.before.refs} → ${m.after.refs} (peak ${m.peak}); ` +
  `wasm memory ${MiB(m.before.memory)} → ${MiB(m.after.memory)}`);

// measure runs n rounds of fn (awaiting a tick every 100, so timers such
// as destroy's deferred release run) and returns the reference table and
// memory before and after, once warm.
export async function measure(n, fn) {
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
