// jscall.bench.mjs: the cost of one call of Bitview's JS API, parseFen and
// bitboard, through the wire (web/bitview.js over //go:wasmexport, what
// ships) and through plain syscall/js (wasm/jscallplain, linked with
// -tags jscallplain), against chessops's parseFen, in one Node process:
// the measure of ../shared/bench/jscall with the plain transport beside
// the wire. `make jscall` builds the wasm and runs it:
//
//   node wasm/jscall.bench.mjs ROOT WASM CHESSOPS_DIR [ROUNDS]
//
// With the plain functions it first checks that both transports answer
// alike for every FEN (a wasm without them, as shipped, is timed through
// the wire alone), then runs ROUNDS rounds (15 by default) of 10,000 calls of each case in turn,
// and prints each case's µs per call and each ratio to chessops, computed
// round by round, as median (min–max) over the rounds, then a line
// "jscall-json {parseFen, bitboard}" with the wire's median ratios
// (make measure reads it).

import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { execSync } from 'node:child_process';

const [root, wasm, peer, roundsArg] = process.argv.slice(2);
const ROUNDS = Number(roundsArg) || 15;
const N = 10000;
await import(pathToFileURL(path.join(execSync('go env GOROOT').toString().trim(), 'lib/wasm/wasm_exec.js')).href);
const { load } = await import(pathToFileURL(path.join(root, 'web/bitview.js')).href);
const api = await load(fs.readFileSync(wasm));
// Without -tags jscallplain (the wasm that ships), only the wire is timed.
const go = globalThis.__bitviewPlain;
const plain = typeof go?.parseFen === 'function';
const { parseFen } = await import(pathToFileURL(path.join(peer, 'node_modules/chessops/dist/esm/fen.js')).href);

// The FENs of ../shared/bench/jscall, and two with errors and warnings for
// the check of equal answers.
const fens = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  '8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 50',
];
for (const fen of plain ? [...fens, '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'] : []) {
  assert.deepEqual(go.parseFen(fen), api.parseFen(fen), `parseFen(${fen})`);
  for (const [name, layout] of [['P', 'lerf'], ['occupied', '0x88'], ['k', '10x12'], ['x', 'lerf']]) {
    assert.deepEqual(go.bitboard(fen, name, layout), api.bitboard(fen, name, layout), `bitboard(${fen}, ${name}, ${layout})`);
  }
}

let sink;
const cases = {
  'wire parseFen': (i) => { sink = api.parseFen(fens[i % 6]); },
  'plain parseFen': (i) => { sink = go.parseFen(fens[i % 6]); },
  'wire bitboard': (i) => { sink = api.bitboard(fens[i % 6], 'P', 'lerf'); },
  'plain bitboard': (i) => { sink = go.bitboard(fens[i % 6], 'P', 'lerf'); },
  'chessops parseFen': (i) => { sink = parseFen(fens[i % 6]); },
};
if (!plain) {
  delete cases['plain parseFen'];
  delete cases['plain bitboard'];
}
for (const f of Object.values(cases)) for (let i = 0; i < N; i++) f(i); // warm-up
const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [k, f] of Object.entries(cases)) {
    const t = performance.now();
    for (let i = 0; i < N; i++) f(i);
    times[k].push((performance.now() - t) * 1000 / N);
  }
}
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[s.length >> 1].toFixed(3)} (${s[0].toFixed(3)}–${s[s.length - 1].toFixed(3)})`;
};
console.log(`µs per call, median (min–max) of ${ROUNDS} rounds × ${N} calls; ratios to chessops's parseFen round by round`);
for (const [k, xs] of Object.entries(times)) {
  const ratio = k.startsWith('chessops') ? '' : `  ${summary(xs.map((x, r) => x / times['chessops parseFen'][r]))}× chessops`;
  console.log(`  ${k.padEnd(18)} ${summary(xs)} µs${ratio}`);
}
for (const fn of plain ? ['parseFen', 'bitboard'] : []) {
  console.log(`  ${fn}: wire/plain ${summary(times[`wire ${fn}`].map((x, r) => x / times[`plain ${fn}`][r]))}×`);
}
// The medians of the wire's ratios, for make measure's table.
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ratio = (k) => med(times[k].map((x, r) => x / times['chessops parseFen'][r]));
console.log(`jscall-json ${JSON.stringify({ parseFen: ratio('wire parseFen'), bitboard: ratio('wire bitboard') })}`);
void sink;
process.exit(0);
