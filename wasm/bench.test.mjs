// Node tests of the engine author's bench in the JS API: bitview.perft,
// bitview.polyglotKey and bitview.matchBitboards, loaded as a page loads
// them. Run with `node --test wasm/` after `make wasm`. With
// BITVIEW_MEASURE=1 it also times divides at depths 1–5 under wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startBitview } from './nodeload.mjs';

const { api } = await startBitview();

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

test('perft: divide of the start position and Kiwipete', () => {
  const r = api.perft(START, 3);
  assert.equal(r.ok, true);
  assert.equal(r.error, null);
  assert.equal(r.depth, 3);
  assert.equal(r.nodes, 8902);
  const moves = Object.keys(r.divide);
  assert.equal(moves.length, 20);
  assert.deepEqual(moves, [...moves].sort(), 'moves in UCI order');
  assert.equal(r.divide.e2e4, 600);
  assert.equal(r.divide.g1f3, 440);
  assert.equal(typeof r.divide.a2a3, 'number');
  const k = api.perft(KIWIPETE, 2);
  assert.equal(k.nodes, 2039);
  assert.equal(Object.keys(k.divide).length, 48);
  assert.equal(k.divide.e1g1, 43);
  assert.equal(Object.values(k.divide).reduce((a, b) => a + b, 0), 2039);
});

test('perft: progress callback and stopping', () => {
  const seen = [];
  const r = api.perft(KIWIPETE, 2, (uci, nodes, done, total) => {
    seen.push([uci, nodes, done, total]);
    return done < 3;
  });
  assert.equal(r.ok, true);
  assert.equal(r.complete, false);
  assert.equal(seen.length, 3);
  assert.deepEqual(seen.map((s) => [s[2], s[3]]), [[1, 48], [2, 48], [3, 48]]);
  assert.equal(Object.keys(r.divide).length, 3);
  assert.equal(r.nodes, seen.reduce((a, s) => a + s[1], 0));
  assert.equal(api.perft(KIWIPETE, 1, () => undefined).complete, true, 'only false stops');
  assert.equal(api.perft(START, 1).complete, true);
});

test('perft: depth limit and bad arguments are error objects', () => {
  for (const depth of [0, 7, -1, 2.5, '3', undefined]) {
    const r = api.perft(START, depth);
    assert.equal(r.ok, false, String(depth));
    assert.equal(r.error.fieldName, 'depth');
    assert.match(r.error.message, /1 to 6/);
  }
  const bad = api.perft('8/8/8/8/8/8/8/8 x - - 0 1', 1);
  assert.equal(bad.ok, false);
  assert.equal(bad.error.field, 2);
  assert.equal(bad.error.fieldName, 'active color');
  assert.equal(api.perft(42, 1).error.fieldName, 'fen');
});

test('perft: counts by kind of move with {stats: true}', () => {
  // CPW position 3 at depth 3: the wiki's table gives 2,812 nodes, 209
  // captures, 2 en passant, 267 checks and 3 discovered checks.
  const seen = {};
  const r = api.perft('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 3, (uci, nodes, done, total, stats) => { seen[uci] = stats; }, { stats: true });
  assert.equal(r.ok, true);
  assert.deepEqual(r.stats, { nodes: 2812, captures: 209, enPassant: 2, castles: 0, promotions: 0, checks: 267, discoveredChecks: 3, doubleChecks: 0, checkmates: 0 });
  assert.deepEqual(Object.keys(r.divideStats), Object.keys(r.divide));
  assert.equal(r.divideStats.e2e4.discoveredChecks, 1);
  assert.equal(r.divideStats.e2e4.nodes, r.divide.e2e4);
  assert.deepEqual(seen.e2e4, r.divideStats.e2e4, 'onMove gets each move\'s stats');
  const plain = api.perft(START, 2, (uci, nodes, done, total, stats) => assert.equal(stats, undefined));
  assert.equal(plain.stats, undefined, 'no stats unless asked');
  assert.equal(api.perft(START, 2, undefined, { stats: 'yes' }).stats, undefined, 'stats must be true');
});

test('perft: a position without moves', () => {
  const r = api.perft('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', 1); // stalemate
  assert.deepEqual([r.ok, r.nodes, Object.keys(r.divide).length], [true, 0, 0]);
});

test('polyglotKey: the published test positions', () => {
  const keys = {
    [START]: '463b96181691fc9c',
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1': '823c9b50fd114196',
    'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2': '0756b94461c50fb0',
    'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2': '662fafb965db29d4',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3': '22a48b5a8e47ff78',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3': '652a607ca3f242c1',
    'rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4': '00fdd303c946bdd9',
    'rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3': '3c8123ea7b067637',
    'rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4': '5c3f9b829b279560',
  };
  for (const [fen, key] of Object.entries(keys)) assert.equal(api.polyglotKey(fen), key, fen);
  const bad = api.polyglotKey('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0');
  assert.equal(bad.ok, false);
  assert.ok(bad.error.message.length > 0);
});

// lerf writes the twelve piece bitboards of a mailbox in LERF as hex.
function lerfDump(fen, order = 'PNBRQKpnbrqk', signed = false) {
  const { mailbox } = api.parseFen(fen).position;
  return [...order].map((letter) => {
    let v = 0n;
    mailbox.forEach((pc, sq) => { if (pc === letter) v |= 1n << BigInt(sq); });
    return signed ? BigInt.asIntN(64, v).toString() : '0x' + v.toString(16).padStart(16, '0');
  }).join('\n');
}

test('matchBitboards: finds LERF and the piece order, also from signed decimals', () => {
  for (const signed of [false, true]) {
    const r = api.matchBitboards(KIWIPETE, lerfDump(KIWIPETE, 'PNBRQKpnbrqk', signed));
    assert.equal(r.ok, true);
    assert.equal(r.layout.id, 'lerf');
    assert.equal(r.order.id, 'PNBRQKpnbrqk');
    assert.deepEqual([r.agree, r.count, r.wrongBits], [12, 12, 0]);
    assert.equal(r.verdicts.length, 12);
    assert.ok(r.verdicts.every((v) => v.ok && v.extra.length === 0 && v.missing.length === 0));
    assert.equal(r.verdicts[0].bitboard, 'P');
    assert.match(r.verdicts[0].value, /^[0-9a-f]{16}$/);
    assert.equal(r.candidates.length, 5);
    // One candidate per reading: twelve numbers read White first with or
    // without the colours after are the best's reading, not a runner-up.
    assert.deepEqual([r.candidates[0].layout, r.candidates[0].order], ['lerf', 'PNBRQKpnbrqk']);
    assert.ok(!r.candidates.some((c) => c.layout === 'lerf' && c.order === 'PNBRQKpnbrqk+colours'), JSON.stringify(r.candidates));
  }
  const inter = api.matchBitboards(KIWIPETE, lerfDump(KIWIPETE, 'PpNnBbRrQqKk'));
  assert.equal(inter.order.id, 'PpNnBbRrQqKk');
});

test('matchBitboards: a wrong number, by squares; labels; problems', () => {
  // White knights c3 and e5, pasted as c3 and e4.
  const text = lerfDump(KIWIPETE).replace('0x0000001000040000', '0x0000000010040000');
  const r = api.matchBitboards(KIWIPETE, text);
  assert.equal(r.layout.id, 'lerf');
  assert.equal(r.agree, 11);
  const n = r.verdicts[1];
  assert.deepEqual([n.ok, n.bitboard, n.extra, n.missing], [false, 'N', ['e4'], ['e5']]);
  const labelled = api.matchBitboards(START, 'k: 0x1000000000000000\nK = 0x10\n0x1FFFFFFFFFFFFFFFF');
  assert.equal(labelled.order.id, 'labels');
  assert.deepEqual(labelled.order.names, ['k', 'K']);
  assert.equal(labelled.agree, 2);
  assert.equal(labelled.problems.length, 1);
  assert.equal(labelled.problems[0].reason, 'more than 64 bits');
  const none = api.matchBitboards(START, 'nothing here');
  assert.equal(none.ok, false);
  assert.match(none.error.message, /no numbers/);
  assert.equal(api.matchBitboards(START).error.fieldName, 'text');
});

test('divide timings under wasm (BITVIEW_MEASURE=1)', { skip: !process.env.BITVIEW_MEASURE }, () => {
  for (const [name, fen] of [['start', START], ['kiwipete', KIWIPETE]]) {
    for (let depth = 1; depth <= 5; depth++) {
      const t0 = performance.now();
      const r = api.perft(fen, depth);
      const ms = performance.now() - t0;
      console.log(`${name} d${depth}: ${r.nodes} nodes in ${ms.toFixed(1)} ms (${(r.nodes / ms / 1000).toFixed(1)} M nodes/s)`);
    }
  }
});
