// perft-worker.js: runs bitview.perft off the page's thread, so a deep
// divide never freezes the page. Start it as a module worker:
//
//   const w = new Worker(new URL('perft-worker.js', import.meta.url), { type: 'module' });
//   w.postMessage({ id: 1, fen, depth });
//
// It loads bitview.js, bitview.wasm and wasm_exec.js from its own folder
// (import.meta.url) and answers each request with messages of the same id:
//   {id, type: 'move', uci, nodes, done, total}   after each root move
//   {id, type: 'done', ok, error, depth, nodes, complete, divide, ms}
//                                                 the result (bitview.perft's)
//                                                 and the milliseconds it took
//   {id, type: 'error', message}                  Bitview could not start
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
  const result = bitview.perft(String(fen), Number(depth), (uci, nodes, done, total) => {
    self.postMessage({ id, type: 'move', uci, nodes, done, total });
    return true;
  });
  self.postMessage({
    id, type: 'done', ok: Boolean(result.ok), error: result.error?.message ?? '', ms: performance.now() - t0,
    depth: result.depth ?? 0, nodes: result.nodes ?? 0, complete: Boolean(result.complete), divide: result.divide ?? {},
  });
};
