// perft-worker.js: runs bitview.perft off the page's thread, so a deep
// divide never freezes the page. Start it as a module worker:
//
//   const w = new Worker(new URL('perft-worker.js', import.meta.url), { type: 'module' });
//   w.postMessage({ id: 1, fen, depth });
//
// It loads bitview.js, bitview.wasm and wasm_exec.js from its own folder
// (import.meta.url) and answers each request with messages of the same id:
//   {id, type: 'move', uci, nodes, done, total, stats}
//                                                 after each root move (stats
//                                                 when asked: {id, fen, depth, stats: true})
//   {id, type: 'done', ok, error, depth, nodes, complete, divide, stats, ms}
//                                                 the result (bitview.perft's)
//                                                 and the milliseconds it took
//   {id, type: 'error', message}                  Bitview could not start
// A perft suite's run, {id, suite: [{fen, depth}, …]}, counts each cell in
// turn (one bitview.perft each) and answers
//   {id, type: 'cell', index, ok, error, nodes}   after each cell
//   {id, type: 'done', ok: true, ms}              when every cell is counted
// There is no cancel message: a divide runs to its end inside one call, so
// the page cancels by terminating the worker and starts a new one for the
// next run.

import { load } from './bitview.js';

const ready = load(new URL('bitview.wasm', import.meta.url));

self.onmessage = async ({ data }) => {
  const { id, fen, depth } = data ?? {};
  let bitview;
  try {
    bitview = await ready;
  } catch (err) {
    self.postMessage({ id, type: 'error', message: `Bitview could not start in the worker: ${err.message}` });
    return;
  }
  const t0 = performance.now();
  if (Array.isArray(data?.suite)) {
    data.suite.forEach(({ fen: f, depth: d } = {}, index) => {
      const r = bitview.perft(String(f), Number(d));
      self.postMessage({ id, type: 'cell', index, ok: Boolean(r.ok), error: r.error?.message ?? '', nodes: r.nodes ?? 0 });
    });
    self.postMessage({ id, type: 'done', ok: true, error: '', ms: performance.now() - t0 });
    return;
  }
  const result = bitview.perft(String(fen), Number(depth), (uci, nodes, done, total, stats) => {
    self.postMessage({ id, type: 'move', uci, nodes, done, total, stats });
    return true;
  }, { stats: data?.stats === true });
  self.postMessage({
    id, type: 'done', ok: Boolean(result.ok), error: result.error?.message ?? '', ms: performance.now() - t0,
    depth: result.depth ?? 0, nodes: result.nodes ?? 0, complete: Boolean(result.complete), divide: result.divide ?? {},
    stats: result.stats,
  });
};
