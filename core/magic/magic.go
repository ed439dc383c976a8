package magic

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/bitview/bitview/core"
)

// Seed is the first seed of the PCG generator that finds the magics; the
// second is 64 × kind + square, kind 0 for the rook and 1 for the bishop,
// so each square's magic is found independently of the others.
const Seed = 0xB17B0A7D

// ErrPiece is returned for a piece type other than a rook or a bishop:
// the queen's attacks are the union of both, and the other pieces do not
// slide.
var ErrPiece = errors.New("magic bitboards are for rooks and bishops (a queen uses both)")

// ErrSquare is returned for NoSquare or a value beyond it.
var ErrSquare = errors.New("no such square")

// An entry is one square's magic and attack table.
type entry struct {
	mask    core.Bitboard
	magic   uint64
	shift   uint
	attacks []core.Bitboard
	tries   int // candidates drawn until one worked
}

// tables[kind][sq], each built on first use.
var (
	tables [2][core.SquareCount]entry
	once   [2][core.SquareCount]sync.Once
)

// kindOf returns 0 for the rook, 1 for the bishop.
func kindOf(pt core.PieceType) (int, error) {
	switch pt {
	case core.Rook:
		return 0, nil
	case core.Bishop:
		return 1, nil
	}
	return 0, ErrPiece
}

// slide returns the reference attacks, core's ray-by-ray sliding function.
func slide(kind int, sq core.Square, occ core.Bitboard) core.Bitboard {
	if kind == 0 {
		return core.RookAttacks(sq, occ)
	}
	return core.BishopAttacks(sq, occ)
}

// Mask returns the relevant-occupancy mask of a rook or bishop on sq: the
// squares of its empty-board attacks that could block it, that is without
// each ray's last square (for a rook on a1: a2–a7 and b1–g1, 12 squares).
// Errors: ErrPiece, ErrSquare.
func Mask(pt core.PieceType, sq core.Square) (core.Bitboard, error) {
	kind, err := kindOf(pt)
	if err != nil {
		return 0, err
	}
	if sq >= core.NoSquare {
		return 0, ErrSquare
	}
	return mask(kind, sq), nil
}

// mask computes the relevant-occupancy mask: the empty-board attacks less
// the edge squares the piece does not stand on the line of.
func mask(kind int, sq core.Square) core.Bitboard {
	edges := (core.Rank1BB|core.Rank8BB)&^sq.Rank().Bitboard() |
		(core.FileABB|core.FileHBB)&^sq.File().Bitboard()
	return slide(kind, sq, 0) &^ edges
}

// table returns the entry of kind and sq, building it on first use.
func table(kind int, sq core.Square) *entry {
	once[kind][sq].Do(func() { tables[kind][sq] = build(kind, sq) })
	return &tables[kind][sq]
}

// build finds a magic for kind on sq and fills its table.
func build(kind int, sq core.Square) entry {
	m := mask(kind, sq)
	n := m.Count()
	e := entry{mask: m, shift: uint(64 - n), attacks: make([]core.Bitboard, 1<<n)}
	// Every subset of the mask and its attack set, by Carry-Rippler.
	subsets := make([]core.Bitboard, 0, 1<<n)
	refs := make([]core.Bitboard, 0, 1<<n)
	for sub := core.Bitboard(0); ; {
		subsets = append(subsets, sub)
		refs = append(refs, slide(kind, sq, sub))
		sub = (sub - m) & m
		if sub == 0 {
			break
		}
	}
	used := make([]bool, 1<<n)
	rng := rand.New(rand.NewPCG(Seed, uint64(64*kind+int(sq))))
	for {
		e.tries++
		magic := rng.Uint64() & rng.Uint64() & rng.Uint64()
		if bits.OnesCount64((uint64(m)*magic)>>56) < 6 {
			continue
		}
		clear(used)
		ok := true
		for i, sub := range subsets {
			idx := (uint64(sub) * magic) >> e.shift
			if used[idx] && e.attacks[idx] != refs[i] {
				ok = false
				break
			}
			used[idx] = true
			e.attacks[idx] = refs[i]
		}
		if ok {
			e.magic = magic
			return e
		}
	}
}

// Attacks returns the attacks of a rook or bishop on sq when the squares
// of occ are occupied, looked up in the magic table; it equals
// core.RookAttacks or core.BishopAttacks. Errors: ErrPiece, ErrSquare.
func Attacks(pt core.PieceType, sq core.Square, occ core.Bitboard) (core.Bitboard, error) {
	kind, err := kindOf(pt)
	if err != nil {
		return 0, err
	}
	if sq >= core.NoSquare {
		return 0, ErrSquare
	}
	e := table(kind, sq)
	return e.attacks[(uint64(occ&e.mask)*e.magic)>>e.shift], nil
}

// Steps is one magic lookup, step by step, for display: each Bitboard is
// LERF (bit n is square n); Magic and Product are plain 64-bit numbers.
type Steps struct {
	Piece     core.PieceType // core.Rook or core.Bishop
	Square    core.Square
	Occupancy core.Bitboard // the board's occupancy as given
	Mask      core.Bitboard // relevant-occupancy mask (see Mask)
	Masked    core.Bitboard // Occupancy & Mask
	Magic     uint64        // the square's magic number
	Product   uint64        // Masked × Magic, mod 2^64
	Shift     uint          // 64 − Bits
	Bits      int           // Mask.Count(): the index width; the table has 2^Bits entries
	Index     uint64        // Product >> Shift, 0 ≤ Index < 2^Bits
	Attacks   core.Bitboard // the table's entry at Index
	Reference core.Bitboard // core.RookAttacks/BishopAttacks(Square, Occupancy)
	Tries     int           // candidates drawn before this square's magic was found
}

// OK reports whether the table's attacks equal the sliding attacks.
func (s Steps) OK() bool { return s.Attacks == s.Reference }

// Explain returns the steps of the magic lookup of a rook or bishop on sq
// with occupancy occ. The piece's own square may be in occ or not: it is
// not in the mask, so it changes nothing. Errors: ErrPiece, ErrSquare.
func Explain(pt core.PieceType, sq core.Square, occ core.Bitboard) (Steps, error) {
	kind, err := kindOf(pt)
	if err != nil {
		return Steps{}, err
	}
	if sq >= core.NoSquare {
		return Steps{}, ErrSquare
	}
	e := table(kind, sq)
	s := Steps{Piece: pt, Square: sq, Occupancy: occ, Mask: e.mask, Masked: occ & e.mask,
		Magic: e.magic, Shift: e.shift, Bits: 64 - int(e.shift), Tries: e.tries}
	s.Product = uint64(s.Masked) * s.Magic
	s.Index = s.Product >> s.Shift
	s.Attacks = e.attacks[s.Index]
	s.Reference = slide(kind, sq, occ)
	return s, nil
}
