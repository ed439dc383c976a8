package magic

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestMask checks mask sizes known from the literature (CPW "Magic
// Bitboards": a rook needs 12 bits in a corner, 10 in the centre; a
// bishop 6 in a corner, 9 in the centre) and the squares of two masks.
func TestMask(t *testing.T) {
	tests := []struct {
		pt   core.PieceType
		sq   core.Square
		bits int
	}{
		{core.Rook, core.A1, 12}, {core.Rook, core.H8, 12}, {core.Rook, core.E4, 10},
		{core.Rook, core.A4, 11}, {core.Bishop, core.A1, 6}, {core.Bishop, core.E4, 9},
		{core.Bishop, core.D5, 9}, {core.Bishop, core.B2, 5}, {core.Bishop, core.A4, 5},
	}
	for _, tt := range tests {
		m, err := Mask(tt.pt, tt.sq)
		if err != nil || m.Count() != tt.bits {
			t.Errorf("Mask(%v, %v) = %d squares, %v; want %d", tt.pt, tt.sq, m.Count(), err, tt.bits)
		}
	}
	m, _ := Mask(core.Rook, core.A1)
	if want := (core.FileABB | core.Rank1BB) &^ (core.A1.Bitboard() | core.A8.Bitboard() | core.H1.Bitboard()); m != want {
		t.Errorf("Mask(rook, a1) = %016x, want a2-a7 and b1-g1 %016x", uint64(m), uint64(want))
	}
	m, _ = Mask(core.Bishop, core.E4)
	var want core.Bitboard
	for _, s := range []core.Square{core.B1, core.C2, core.D3, core.F5, core.G6, core.F3, core.G2, core.D5, core.C6, core.B7} {
		want.Set(s)
	}
	want.Clear(core.B1)
	if m != want {
		t.Errorf("Mask(bishop, e4) = %016x, want %016x", uint64(m), uint64(want))
	}
}

func TestErrors(t *testing.T) {
	for _, pt := range []core.PieceType{core.Pawn, core.Knight, core.Queen, core.King} {
		if _, err := Mask(pt, core.E4); !errors.Is(err, ErrPiece) {
			t.Errorf("Mask(%v) error = %v, want ErrPiece", pt, err)
		}
		if _, err := Attacks(pt, core.E4, 0); !errors.Is(err, ErrPiece) {
			t.Errorf("Attacks(%v) error = %v, want ErrPiece", pt, err)
		}
		if _, err := Explain(pt, core.E4, 0); !errors.Is(err, ErrPiece) {
			t.Errorf("Explain(%v) error = %v, want ErrPiece", pt, err)
		}
	}
	for _, sq := range []core.Square{core.NoSquare, 200} {
		_, err1 := Mask(core.Rook, sq)
		_, err2 := Attacks(core.Bishop, sq, 0)
		_, err3 := Explain(core.Rook, sq, 0)
		if !errors.Is(err1, ErrSquare) || !errors.Is(err2, ErrSquare) || !errors.Is(err3, ErrSquare) {
			t.Errorf("square %d: errors %v, %v, %v; want ErrSquare", sq, err1, err2, err3)
		}
	}
}

// TestEveryOccupancy checks the magic tables of all 64 squares of both
// pieces against core's sliding attacks on every subset of each mask,
// alone and with random pieces outside the mask added, which must change
// nothing.
func TestEveryOccupancy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := map[core.PieceType]int{}
	for _, pt := range []core.PieceType{core.Rook, core.Bishop} {
		for sq := core.A1; sq < core.NoSquare; sq++ {
			m, _ := Mask(pt, sq)
			for sub := core.Bitboard(0); ; {
				noise := core.Bitboard(rng.Uint64()) &^ m
				for _, occ := range []core.Bitboard{sub, sub | noise} {
					s, err := Explain(pt, sq, occ)
					if err != nil {
						t.Fatal(err)
					}
					if !s.OK() || s.Index >= 1<<s.Bits || s.Masked != sub || s.Bits != m.Count() || s.Shift != uint(64-s.Bits) {
						t.Fatalf("%v on %v, occupancy %016x: steps %+v", pt, sq, uint64(occ), s)
					}
				}
				checked[pt]++
				sub = (sub - m) & m
				if sub == 0 {
					break
				}
			}
		}
	}
	// 102,400 rook and 5,248 bishop subsets: the sizes of the fancy tables.
	if checked[core.Rook] != 102400 || checked[core.Bishop] != 5248 {
		t.Errorf("checked %d rook and %d bishop subsets, want 102400 and 5248", checked[core.Rook], checked[core.Bishop])
	}
	t.Logf("checked every mask subset: %d rook, %d bishop (each alone and with outside pieces)", checked[core.Rook], checked[core.Bishop])
}

// TestDeterministic checks that the magics depend only on Seed: building
// a square again gives the same magic.
func TestDeterministic(t *testing.T) {
	for _, sq := range []core.Square{core.A1, core.E4, core.H8} {
		s, _ := Explain(core.Rook, sq, 0)
		if e := build(0, sq); e.magic != s.Magic || e.tries != s.Tries {
			t.Errorf("rook %v: rebuilt magic %016x after %d tries, first %016x after %d", sq, e.magic, e.tries, s.Magic, s.Tries)
		}
	}
}

func TestExplainExample(t *testing.T) {
	// Rook on e4 with blockers on e6, b4 and g4 (and h4 behind g4).
	var occ core.Bitboard
	for _, s := range []core.Square{core.E6, core.B4, core.G4, core.H4, core.E4} {
		occ.Set(s)
	}
	s, err := Explain(core.Rook, core.E4, occ)
	if err != nil {
		t.Fatal(err)
	}
	var want core.Bitboard
	for _, sq := range []core.Square{core.E5, core.E6, core.E3, core.E2, core.E1, core.D4, core.C4, core.B4, core.F4, core.G4} {
		want.Set(sq)
	}
	if s.Attacks != want || !s.OK() {
		t.Errorf("rook e4 attacks = %016x, want %016x", uint64(s.Attacks), uint64(want))
	}
	if s.Masked != occ&^(core.E4.Bitboard()|core.H4.Bitboard()) {
		t.Errorf("masked = %016x: e4 and h4 (edge) should be dropped", uint64(s.Masked))
	}
}

var sinkAttacks core.Bitboard

func BenchmarkAttacks(b *testing.B) {
	occ := core.Bitboard(0x0000_1234_5678_0000)
	Attacks(core.Rook, core.E4, occ)
	b.ReportAllocs()
	for b.Loop() {
		a, _ := Attacks(core.Rook, core.E4, occ)
		sinkAttacks = a
	}
}

// BenchmarkBuild times finding the magics and filling the tables of all
// 128 squares, the cost paid lazily, square by square, on first use.
func BenchmarkBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for kind := range 2 {
			for sq := core.A1; sq < core.NoSquare; sq++ {
				build(kind, sq)
			}
		}
	}
}
