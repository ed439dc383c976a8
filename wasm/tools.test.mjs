// Node tests of bitview.magic, loaded as a page loads it: the steps of a
// rook and a bishop lookup follow one another with BigInt arithmetic and
// equal the sliding attacks, on every subset of a mask too; bad arguments
// are error objects. Run with `node --test wasm/` after `make wasm`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startBitview } from './nodeload.mjs';

const { api } = await startBitview();

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const M64 = (1n << 64n) - 1n;

// The start position's occupancy as a BigInt, from bitview.bitboard.
const occupied = BigInt(api.bitboard(START, 'occupied', 'lerf').hex);

// slide is a plain ray walk, independent of Bitview's: the attacks of a
// slider on sq (0 = a1 … 63 = h8) with occupancy occ.
function slide(piece, sq, occ) {
  const dirs = piece === 'rook' ? [[1, 0], [-1, 0], [0, 1], [0, -1]] : [[1, 1], [1, -1], [-1, 1], [-1, -1]];
  let a = 0n;
  for (const [df, dr] of dirs) {
    for (let f = (sq % 8) + df, r = Math.floor(sq / 8) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
      const bit = 1n << BigInt(8 * r + f);
      a |= bit;
      if (occ & bit) break;
    }
  }
  return a;
}

test('magic: rook e4 and bishop c1 with the start position, step by step', () => {
  for (const [piece, square, sq, bits] of [['rook', 'e4', 28, 10], ['bishop', 'c1', 2, 5]]) {
    const r = api.magic(piece, square, occupied);
    assert.equal(r.ok, true, JSON.stringify(r.error));
    assert.equal(r.piece, piece);
    assert.equal(r.square, square);
    assert.equal(r.bits, bits, 'mask size');
    assert.equal(r.shift, 64 - bits);
    for (const k of ['occupancy', 'mask', 'masked', 'magic', 'product', 'attacks', 'reference']) assert.match(r[k], /^0x[0-9a-f]{16}$/, k);
    assert.equal(BigInt(r.occupancy), occupied);
    assert.equal(BigInt(r.masked), occupied & BigInt(r.mask));
    assert.equal(BigInt(r.product), (BigInt(r.masked) * BigInt(r.magic)) & M64);
    assert.equal(BigInt(r.index), BigInt(r.product) >> BigInt(r.shift));
    assert.equal(BigInt(r.attacks), slide(piece, sq, occupied));
    assert.equal(r.equal, true);
    assert.equal(r.seed, '0xb17b0a7d');
  }
  // The start position's rook on e4 sees e3–e6 and the fourth rank.
  assert.deepEqual(api.magic('rook', 'e4', occupied).attackSquares,
    ['a4', 'b4', 'c4', 'd4', 'f4', 'g4', 'h4', 'e3', 'e5', 'e2', 'e6', 'e7'].sort((a, b) => {
      const i = (s) => 8 * (s.charCodeAt(1) - 49) + s.charCodeAt(0) - 97;
      return i(a) - i(b);
    }));
});

test('magic: every subset of the rook-e4 and bishop-c1 masks', () => {
  for (const [piece, square, sq] of [['rook', 'e4', 28], ['bishop', 'c1', 2]]) {
    const mask = BigInt(api.magic(piece, square).mask);
    let n = 0;
    for (let sub = 0n; ; ) {
      const r = api.magic(piece, square, sub);
      assert.equal(BigInt(r.attacks), slide(piece, sq, sub), `${piece} ${square} occupancy ${sub.toString(16)}`);
      n++;
      sub = (sub - mask) & mask;
      if (sub === 0n) break;
    }
    assert.equal(n, 2 ** api.magic(piece, square).bits);
  }
});

test('magic: bad arguments are error objects naming the argument', () => {
  for (const [args, field] of [[[], 'piece'], [['queen', 'e4'], 'piece'], [['rook', 'z9'], 'square'], [['rook', 42], 'square'],
    [['rook', 'e4', 'xyz'], 'occupancy'], [['rook', 'e4', 12], 'occupancy'], [['rook', 'e'.repeat(1e6)], 'square']]) {
    const r = api.magic(...args);
    assert.equal(r.ok, false, JSON.stringify(args).slice(0, 40));
    assert.equal(r.error.fieldName, field);
    assert.equal(r.error.offset, -1);
  }
  // A BigInt wider than 64 bits is cut to its low 64, as engines hold it.
  assert.equal(api.magic('rook', 'a1', (1n << 64n) | 2n).occupancy, '0x0000000000000002');
});

test('matchBitboards: a dump over the limit is refused before it is read', () => {
  const r = api.matchBitboards(START, '1 '.repeat(20000));
  assert.equal(r.ok, false);
  assert.equal(r.error.fieldName, 'text');
  assert.match(r.error.message, /40,000 characters; the limit is 32,768/);
});
