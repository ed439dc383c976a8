// Node tests of the JS API, loaded exactly as a page loads it: wasm_exec.js
// from Go's lib/wasm, then web/bitview.js's load() with the wasm's bytes.
// Run with `node --test wasm/` after `make wasm`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startBitview } from './nodeload.mjs';

const { api, load, bytes } = await startBitview();

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const NAMES = [...'PNBRQKpnbrqk', 'white', 'black', 'occupied', 'empty', 'pawns', 'knights', 'bishops', 'rooks', 'queens', 'kings'];
const sq = (name) => (name.charCodeAt(0) - 97) + 8 * (Number(name[1]) - 1); // LERF index of "e4"

test('load twice gives the same API, also as globalThis.bitview', async () => {
  assert.equal(await load(bytes), api);
  assert.equal(globalThis.bitview, api);
  assert.match(api.version, /^\d+\.\d+\.\d+/);
});

test('layouts', () => {
  const ls = api.layouts();
  assert.deepEqual(ls.map((l) => l.id), ['lerf', '0x88', 'msb-a8', 'berf', '10x12', 'lefr', 'befr']);
  const byId = Object.fromEntries(ls.map((l) => [l.id, l]));
  const corners = { lerf: [0, 7, 56, 63, 28], '0x88': [0, 7, 112, 119, 52], 'msb-a8': [7, 0, 63, 56, 27], berf: [56, 63, 0, 7, 36], '10x12': [21, 28, 91, 98, 55], lefr: [0, 56, 7, 63, 35], befr: [63, 7, 56, 0, 28] };
  for (const [id, [a1, h1, a8, h8, e4]] of Object.entries(corners)) {
    const { index } = byId[id];
    assert.deepEqual([index[0], index[7], index[56], index[63], index[28]], [a1, h1, a8, h8, e4], id);
  }
  assert.equal(byId['0x88'].slots, 128);
  assert.equal(byId['0x88'].fitsUint64, false);
  assert.equal(byId.lerf.fitsUint64, true);
});

test('parseFen: the start position', () => {
  const r = api.parseFen(START);
  assert.equal(r.ok, true);
  assert.equal(r.fen, START);
  assert.equal(r.error, null);
  assert.deepEqual(r.warnings, []);
  const p = r.position;
  assert.deepEqual([p.sideToMove, p.castling, p.enPassant, p.halfmoveClock, p.fullmoveNumber], ['w', 'KQkq', '-', 0, 1]);
  assert.equal(p.mailbox.length, 64);
  assert.equal(p.mailbox.slice(0, 8).join(''), 'RNBQKBNR');
  assert.equal(p.mailbox[sq('e4')], '');
  assert.equal(p.mailbox[sq('e8')], 'k');
});

test('parseFen: Kiwipete in four fields, canonical FEN and warnings', () => {
  const r = api.parseFen('  r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\n');
  assert.equal(r.ok, true);
  assert.equal(r.fen, KIWIPETE);
  const a = api.parseFen('r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13');
  assert.equal(a.ok, true);
  assert.deepEqual(a.warnings.map((w) => [w.code, w.squares]), [['en-passant-rank', ['b3']]]);
  assert.equal(a.position.enPassant, 'b3');
});

test('parseFen: errors name the field and the character offset', () => {
  const cases = [
    ['rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 1, 'piece placement', 17, /rank 7 has 9 squares/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 2, 'active color', 44, /must be 'w' or 'b'/],
    ['r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1', 3, 'castling availability', 26, /names the e-file, the white king's/],
    ['8/8/8/8/8/8/8/8 w - e4 0 1', 4, 'en passant target square', 21, /rank 3 or 6/],
    ['8/8/8/8/8/8/8/8 w - - -1 1', 5, 'halfmove clock', 22, /sign/],
    ['8/8/8/8/8/8/8/8 w - - 0 0', 6, 'fullmove number', 24, /at least 1/],
    // Offsets count characters, not UTF-8 bytes: 'é' is two bytes, one character.
    ['8/8/8/8/8/8/8/8 w é - 0 1', 3, 'castling availability', 18, /U\+00E9/],
    // Over 256 bytes: the offset of the 256th byte, in characters ('é' is two bytes).
    ['é'.repeat(200), 1, 'piece placement', 128, /longer than 256 bytes/],
    ['♔/8/8/8/8/8/8/8 w - - 0 1', 1, 'piece placement', 0, /U\+2654/],
    ['8/8/8/8/8/8/8/8\u00a0w - - 0 1', 1, 'piece placement', 15, /U\+00A0/],
  ];
  for (const [fen, field, fieldName, offset, message] of cases) {
    const r = api.parseFen(fen);
    assert.equal(r.ok, false, fen);
    assert.equal(r.fen, '');
    assert.equal(r.position, null);
    assert.deepEqual([r.error.field, r.error.fieldName, r.error.offset], [field, fieldName, offset], fen);
    assert.match(r.error.message, message);
  }
});

// check verifies one bitboard answer against the layout table, independently
// of how Go computed it.
function check(r, layout, expectSquares) {
  assert.equal(r.ok, true, JSON.stringify(r.error));
  const l = api.layouts().find((x) => x.id === layout);
  const indices = expectSquares.map((s) => l.index[sq(s)]).sort((a, b) => a - b);
  assert.deepEqual(r.indices, indices);
  assert.deepEqual(r.squares.map((s) => l.index[sq(s)]), indices);
  assert.equal(r.count, expectSquares.length);
  let value = 0n;
  for (const i of indices) value |= 1n << BigInt(i);
  const digits = Math.ceil(l.slots / 4);
  assert.equal(r.hex, '0x' + value.toString(16).padStart(digits, '0'));
  assert.equal(r.binary, value.toString(2).padStart(l.slots, '0'));
  assert.equal(r.decimal, l.fitsUint64 ? value.toString() : '');
  assert.equal(r.signed, l.fitsUint64 ? BigInt.asIntN(64, value).toString() : '');
  assert.equal(r.grid.rows * r.grid.cols, l.slots);
  assert.equal(r.grid.cells.length, l.slots);
  for (const c of r.grid.cells) {
    assert.equal(c.bit, c.offBoard ? 0 : Number(expectSquares.includes(c.square)));
    if (!c.offBoard) assert.equal(c.index, l.index[sq(c.square)]);
  }
  // Display order: rank 8 at the top.
  const first = r.grid.cells.find((c) => !c.offBoard);
  assert.equal(first.square, 'a8');
}

test('bitboard: the start position and Kiwipete across all layouts and names', () => {
  for (const fen of [START, KIWIPETE]) {
    const { position } = api.parseFen(fen);
    const squaresOf = (pred) => position.mailbox.flatMap((p, i) => (pred(p) ? ['abcdefgh'[i & 7] + (1 + (i >> 3))] : []));
    const expect = {
      white: (p) => p !== '' && p === p.toUpperCase(), black: (p) => p !== '' && p === p.toLowerCase(),
      occupied: (p) => p !== '', empty: (p) => p === '',
    };
    for (const [type, letter] of Object.entries({ pawns: 'p', knights: 'n', bishops: 'b', rooks: 'r', queens: 'q', kings: 'k' })) {
      expect[type] = (p) => p.toLowerCase() === letter;
    }
    for (const l of 'PNBRQKpnbrqk') expect[l] = (p) => p === l;
    for (const layout of ['lerf', '0x88', 'msb-a8', 'berf', '10x12', 'lefr', 'befr']) {
      for (const name of NAMES) {
        const r = api.bitboard(fen, name, layout);
        assert.equal(r.name, name);
        assert.equal(r.layout, layout);
        check(r, layout, squaresOf(expect[name]));
      }
    }
  }
  // Values worked out by hand.
  assert.equal(api.bitboard(START, 'P', 'lerf').hex, '0x000000000000ff00');
  assert.equal(api.bitboard(START, 'occupied', 'lerf').hex, '0xffff00000000ffff');
  assert.equal(api.bitboard(KIWIPETE, 'P', 'lerf').hex, '0x000000081000e700');
  assert.equal(api.bitboard(START, 'k', 'lerf').decimal, '1152921504606846976');
  assert.equal(api.bitboard(START, 'r', 'msb-a8').signed, '-9151314442816847872');
  assert.equal(api.bitboard(START, 'P', 'berf').hex, '0x00ff000000000000');
  assert.equal(api.bitboard(START, 'P', 'lefr').hex, '0x0202020202020202');
  assert.equal(api.bitboard(START, 'P', 'befr').hex, '0x4040404040404040');
});

test('bitboard: bad arguments are error values', () => {
  const bad = [
    [[START, 'x', 'lerf'], 'name'], [[START, 'P', 'nope'], 'layout'], [[42, 'P', 'lerf'], 'fen'],
    [[START, null, 'lerf'], 'name'], [[START, 'P', 7], 'layout'], [['8/8 w', 'P', 'lerf'], 'piece placement'],
  ];
  for (const [args, fieldName] of bad) {
    const r = api.bitboard(...args);
    assert.equal(r.ok, false);
    assert.equal(r.error.fieldName, fieldName, JSON.stringify(args));
    assert.equal(r.grid, null);
  }
});

test('parseFen: Chess960 castling in KQkq, X-FEN and Shredder-FEN', () => {
  // A start position: both rooks are the outermost, KQkq names them.
  const sp0 = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1';
  for (const fen of [sp0, sp0.replace('KQkq', 'HFhf'), sp0.replace('KQkq', 'FHfh')]) {
    const r = api.parseFen(fen);
    assert.equal(r.ok, true, fen);
    assert.equal(r.fen, sp0);
    assert.equal(r.position.castling, 'KQkq');
  }
  // Inner rooks need a file letter: the field comes as a string.
  const r = api.parseFen('r2rk2r/8/8/8/8/8/8/R2RK2R w DHdh - 0 1');
  assert.equal(r.ok, true);
  assert.equal(r.fen, 'r2rk2r/8/8/8/8/8/8/R2RK2R w KDkd - 0 1');
  assert.equal(r.position.castling, 'KDkd');
  assert.deepEqual(api.writeFen(r.position), { ok: true, fen: r.fen, error: null });
});

test('writeFen is the inverse of parseFen', () => {
  for (const fen of [START, KIWIPETE, '8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 50', 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1']) {
    assert.deepEqual(api.writeFen(api.parseFen(fen).position), { ok: true, fen, error: null });
  }
  for (const bad of [undefined, null, 5, 'x', [], {}, { mailbox: 'x' }, 10n, Symbol('s')]) {
    const r = api.writeFen(bad);
    assert.equal(r.ok, false, String(bad?.toString?.()));
    assert.equal(typeof r.error.message, 'string');
  }
});

test('writeFen writes castling in the notation asked for', () => {
  const shredder = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
  const { position } = api.parseFen(shredder);
  // X-FEN by default: KQkq where the letters name the outermost rooks.
  assert.deepEqual(api.writeFen(position), { ok: true, fen: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9', error: null });
  assert.deepEqual(api.writeFen(position, { castling: 'X-FEN' }), api.writeFen(position));
  assert.deepEqual(api.writeFen(position, { castling: 'Shredder-FEN' }), { ok: true, fen: shredder, error: null });
  // A standard position: KQkq, or HAha when Shredder-FEN is asked for.
  const start = api.parseFen(START).position;
  assert.equal(api.writeFen(start, {}).fen, START);
  assert.equal(api.writeFen(start, { castling: 'Shredder-FEN' }).fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1');
  // Inner rooks: X-FEN names them by file where K or Q would name another.
  const inner = api.parseFen('1r1k1r2/8/8/8/8/8/8/RR1K1RR1 w FBfb - 0 1').position;
  assert.equal(api.writeFen(inner).fen, '1r1k1r2/8/8/8/8/8/8/RR1K1RR1 w FBkq - 0 1');
  assert.equal(api.writeFen(inner, { castling: 'Shredder-FEN' }).fen, '1r1k1r2/8/8/8/8/8/8/RR1K1RR1 w FBfb - 0 1');
  for (const bad of [5, 'Shredder-FEN', { castling: 'shredder' }, { castling: 1 }]) {
    const r = api.writeFen(start, bad);
    assert.equal(r.ok, false, JSON.stringify(bad));
    assert.match(r.error.message, /options/);
  }
});

// A small deterministic generator, so failures reproduce.
function rng(seed) {
  return () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
}

test('1,000 malformed inputs are answered with error values, and the runtime survives', () => {
  const rand = rng(7);
  const inputs = [undefined, null, 0, NaN, true, {}, [], () => 1, 10n, Symbol('x'), new Uint8Array(4), 'x'.repeat(1e6), ' '.repeat(300) + START];
  while (inputs.length < 1000) {
    const kind = inputs.length % 3;
    if (kind === 0) { // random bytes
      const n = Math.floor(rand() * 100) + 1;
      inputs.push(String.fromCharCode(...Array.from({ length: n }, () => Math.floor(rand() * 256))) + '\u0000');
    } else if (kind === 1) { // a truncated FEN with a bad last character
      const f = rand() < 0.5 ? START : KIWIPETE;
      inputs.push(f.slice(0, Math.floor(rand() * f.length)) + '#');
    } else { // a FEN with one character replaced by a random one outside the format
      const f = KIWIPETE.split('');
      f[Math.floor(rand() * f.length)] = String.fromCharCode(0x100 + Math.floor(rand() * 0xff00));
      inputs.push(f.join(''));
    }
  }
  assert.equal(inputs.length, 1000);
  for (const input of inputs) {
    const answers = [api.parseFen(input), api.bitboard(input, 'P', 'lerf'), api.bitboard(START, input, 'lerf'), api.writeFen(input)];
    if (input !== undefined) answers.push(api.bitboard(START, 'P', input)); // an omitted layout means 'lerf'
    for (const r of answers) {
      assert.equal(r.ok, false, `accepted ${String(input).slice(0, 40)}`);
      assert.equal(typeof r.error.message, 'string');
      assert.equal(typeof r.error.field, 'number');
      assert.equal(typeof r.error.offset, 'number');
    }
  }
  assert.equal(api.parseFen(START).ok, true);
  assert.equal(api.bitboard(KIWIPETE, 'occupied', '0x88').ok, true);
});

test('a FEN longer than 256 characters is rejected at offset 256', () => {
  const r = api.parseFen(START + ' '.repeat(300) + 'x');
  assert.equal(r.ok, false);
  assert.equal(r.error.offset, 256);
  assert.match(r.error.message, /longer than 256/);
});
