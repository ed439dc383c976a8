package repr

import (
	"math/rand/v2"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/internal/corpus"
)

// TestRotationBitsFromCrafty checks the square-to-bit numbers against
// entries of Crafty's init_l90, init_l45 and init_r45 tables (init.c, see
// the Rotation doc comment), whose numbers Bitview reads from the least
// significant bit.
func TestRotationBitsFromCrafty(t *testing.T) {
	tests := []struct {
		r    Rotation
		sq   core.Square
		want int
	}{
		{Rotated0, core.A1, 0}, {Rotated0, core.H8, 63}, {Rotated0, core.E4, 28},
		// init_l90: a1 7, h1 63, a8 0, h8 56, d4 28.
		{RotatedL90, core.A1, 7}, {RotatedL90, core.H1, 63}, {RotatedL90, core.A8, 0}, {RotatedL90, core.H8, 56}, {RotatedL90, core.D4, 28},
		// init_l45: a1 0, b1 2, a2 1, g1 27, h1 35, a8 28, b8 36, h8 63, e4 32.
		{RotatedL45, core.A1, 0}, {RotatedL45, core.B1, 2}, {RotatedL45, core.A2, 1}, {RotatedL45, core.G1, 27}, {RotatedL45, core.H1, 35},
		{RotatedL45, core.A8, 28}, {RotatedL45, core.B8, 36}, {RotatedL45, core.H8, 63}, {RotatedL45, core.E4, 32},
		// init_r45: h1 0, g1 1, h2 2, a1 28, h8 35, a2 36, b8 62, a8 63, e4 24.
		{RotatedR45, core.H1, 0}, {RotatedR45, core.G1, 1}, {RotatedR45, core.H2, 2}, {RotatedR45, core.A1, 28}, {RotatedR45, core.H8, 35},
		{RotatedR45, core.A2, 36}, {RotatedR45, core.B8, 62}, {RotatedR45, core.A8, 63}, {RotatedR45, core.E4, 24},
	}
	for _, tt := range tests {
		if got := tt.r.Bit(tt.sq); got != tt.want {
			t.Errorf("%v.Bit(%v) = %d, want %d", tt.r, tt.sq, got, tt.want)
		}
		if got := tt.r.SquareAt(tt.want); got != tt.sq {
			t.Errorf("%v.SquareAt(%d) = %v, want %v", tt.r, tt.want, got, tt.sq)
		}
	}
	for r, want := range [RotationCount]string{"r0", "rl90", "rl45", "rr45"} {
		if got := Rotation(r).String(); got != want {
			t.Errorf("Rotation(%d).String() = %q, want %q", r, got, want)
		}
	}
}

// TestRotationLines checks that each rotation is a permutation of the 64
// bits and that each square's run holds exactly the squares of its line,
// in order from the lower-file (or, for files, the rank 8) end.
func TestRotationLines(t *testing.T) {
	for r := Rotated0; r < RotationCount; r++ {
		var used core.Bitboard
		for sq := core.A1; sq < core.NoSquare; sq++ {
			used.Set(core.Square(r.Bit(sq)))
			l := r.Line(sq)
			if l.Rotation != r || l.Len < 1 || l.Len > 8 || l.Offset < 0 || l.Offset >= l.Len || l.Start+l.Len > 64 || r.Bit(sq) != l.Start+l.Offset {
				t.Errorf("%v.Line(%v) = %+v, bit %d", r, sq, l, r.Bit(sq))
				continue
			}
			var want core.Bitboard // the squares sharing sq's rank, file, rank + file or file − rank
			for o := core.A1; o < core.NoSquare; o++ {
				f, rk, of, ork := int(sq.File()), int(sq.Rank()), int(o.File()), int(o.Rank())
				if [RotationCount]bool{rk == ork, f == of, f+rk == of+ork, f-rk == of-ork}[r] {
					want.Set(o)
				}
			}
			if got := l.Squares(); got != want {
				t.Errorf("%v.Line(%v).Squares() = %v, want %v", r, sq, got.SquareList(), want.SquareList())
			}
			if l.Mask().Count() != l.Len || r.Rotate(want) != l.Mask() {
				t.Errorf("%v.Line(%v): the line's squares rotate to %#x, want the run %#x", r, sq, uint64(r.Rotate(want)), uint64(l.Mask()))
			}
		}
		if used != core.AllSquares {
			t.Errorf("%v: bits %#x unused, not a permutation", r, uint64(^used))
		}
	}
	// The a-file is the lowest byte of RotatedL90, a8 its bit 0.
	if got := RotatedL90.Rotate(core.FileABB); got != 0xFF || RotatedL90.Bit(core.A8) != 0 {
		t.Errorf("RotatedL90.Rotate(FileABB) = %#x, want 0xff", uint64(got))
	}
	// The long diagonals are bits 28–35 of the 45° boards.
	long := core.Bitboard(0xFF) << 28
	if RotatedL45.Rotate(coretest.Squares(core.A8, core.B7, core.C6, core.D5, core.E4, core.F3, core.G2, core.H1)) != long || RotatedR45.Rotate(coretest.Squares(core.A1, core.B2, core.C3, core.D4, core.E5, core.F6, core.G7, core.H8)) != long {
		t.Error("the long diagonals are not bits 28–35")
	}
}

// reprOccupancies returns random occupancies of several densities and the
// occupancy of every corpus position.
func reprOccupancies(t *testing.T) []core.Bitboard {
	rng := rand.New(rand.NewPCG(1, 2))
	var occs []core.Bitboard
	for range 300 {
		a, b, c := core.Bitboard(rng.Uint64()), core.Bitboard(rng.Uint64()), core.Bitboard(rng.Uint64())
		occs = append(occs, a, a&b, a&b&c, a|b)
	}
	for _, c := range reprCases(t) {
		occs = append(occs, c.pos.Occupied())
	}
	return append(occs, 0, core.AllSquares)
}

// TestRotationRoundTrip checks Unrotate(Rotate(b)) == b for every
// rotation and many occupancies, and RotatedBitboards of the corpus.
func TestRotationRoundTrip(t *testing.T) {
	for _, b := range reprOccupancies(t) {
		for r := Rotated0; r < RotationCount; r++ {
			if got := r.Unrotate(r.Rotate(b)); got != b {
				t.Fatalf("%v: Unrotate(Rotate(%#x)) = %#x", r, uint64(b), uint64(got))
			}
			if r.Rotate(b).Count() != b.Count() {
				t.Fatalf("%v: Rotate(%#x) changes the population", r, uint64(b))
			}
		}
	}
	for _, c := range reprCases(t) {
		rb := RotatedBitboardsOf(&c.pos)
		for r := Rotated0; r < RotationCount; r++ {
			if r.Unrotate(rb[r]) != c.pos.Occupied() {
				t.Errorf("%s: %v board does not unrotate to the occupancy", c.name, r)
			}
		}
	}
}

// lineSlides[n][i][occ] holds the attacks, as bits of the run, of a slider
// at place i of a run of n bits whose occupancy is occ: each way up to and
// including the first occupied place. It is the small table a rotated-
// bitboard engine precomputes per square.
var lineSlides = func() (t [9][8][256]uint8) {
	for n := 1; n <= 8; n++ {
		for i := range n {
			for occ := range 1 << n {
				var a uint8
				for j := i + 1; j < n; j++ {
					a |= 1 << j
					if occ>>j&1 != 0 {
						break
					}
				}
				for j := i - 1; j >= 0; j-- {
					a |= 1 << j
					if occ>>j&1 != 0 {
						break
					}
				}
				t[n][i][occ] = a
			}
		}
	}
	return t
}()

// rotatedAttacks looks up the attacks along rotation r's line through sq
// from the rotated occupancy rb[r], the way Crafty's AttacksRank,
// AttacksFile, AttacksDiaga1 and AttacksDiagh1 do, and returns them as a
// normal bitboard.
func rotatedAttacks(rb RotatedBitboards, r Rotation, sq core.Square) core.Bitboard {
	l := rb.Lines(sq)[r]
	return r.Unrotate(core.Bitboard(lineSlides[l.Len][l.Offset][l.Bits]) << l.Start)
}

// TestRotatedAttacks proves the mapping: for every square and many
// occupancies, rook attacks from the rank and file runs and bishop attacks
// from the two diagonal runs equal RookAttacks and BishopAttacks.
func TestRotatedAttacks(t *testing.T) {
	for _, occ := range reprOccupancies(t) {
		var rb RotatedBitboards
		for r := Rotated0; r < RotationCount; r++ {
			rb[r] = r.Rotate(occ)
		}
		for sq := core.A1; sq < core.NoSquare; sq++ {
			rook := rotatedAttacks(rb, Rotated0, sq) | rotatedAttacks(rb, RotatedL90, sq)
			if want := core.RookAttacks(sq, occ); rook != want {
				t.Fatalf("rook on %v, occupancy %#x: rotated lookup %v, RookAttacks %v", sq, uint64(occ), rook.SquareList(), want.SquareList())
			}
			bishop := rotatedAttacks(rb, RotatedL45, sq) | rotatedAttacks(rb, RotatedR45, sq)
			if want := core.BishopAttacks(sq, occ); bishop != want {
				t.Fatalf("bishop on %v, occupancy %#x: rotated lookup %v, BishopAttacks %v", sq, uint64(occ), bishop.SquareList(), want.SquareList())
			}
		}
	}
}

// TestRotatedLinesExample pins the runs the page highlights for a rook
// and bishop on e4 in Kiwipete.
func TestRotatedLinesExample(t *testing.T) {
	p, _ := core.ParseFEN(corpus.Kiwipete)
	ls := RotatedBitboardsOf(&p).Lines(core.E4)
	tests := []struct {
		r                  Rotation
		start, len, offset int
		bits               uint8
	}{
		// Rank 4: b4 (black pawn) and e4 (white pawn).
		{Rotated0, 24, 8, 4, 0b00010010},
		// e-file from e8 down: e8 k, e7 q, e6 p, e5 N, e4 P, e2 B, e1 K.
		{RotatedL90, 32, 8, 4, 0b11011111},
		// a8–h1 diagonal through e4: a8 r, b7 -, c6 -, d5 P, e4 P, f3 Q, g2 P, h1 R.
		{RotatedL45, 28, 8, 4, 0b11111001},
		// a1–h8 diagonal through e4: b1 -, c2 P, d3 -, e4 P, f5 -, g6 p, h7 -.
		{RotatedR45, 21, 7, 3, 0b0101010},
	}
	for _, tt := range tests {
		l := ls[tt.r]
		if l.Start != tt.start || l.Len != tt.len || l.Offset != tt.offset || l.Bits != tt.bits {
			t.Errorf("%v run of e4 = start %d len %d offset %d bits %0*b, want %d %d %d %0*b",
				tt.r, l.Start, l.Len, l.Offset, l.Len, l.Bits, tt.start, tt.len, tt.offset, tt.len, tt.bits)
		}
	}
}
