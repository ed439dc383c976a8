package repr

import (
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
)

// TestPieceCodes checks the one code table of the array forms against the
// tutorial numbering, both ways.
func TestPieceCodes(t *testing.T) {
	tests := []struct {
		pc   core.Piece
		code uint8
		name string
	}{
		{core.NoPiece, 0, "EMPTY"},
		{core.WhitePawn, 1, "WPAWN"}, {core.WhiteKnight, 2, "WKNIGHT"}, {core.WhiteBishop, 3, "WBISHOP"},
		{core.WhiteRook, 4, "WROOK"}, {core.WhiteQueen, 5, "WQUEEN"}, {core.WhiteKing, 6, "WKING"},
		{core.BlackPawn, 7, "BPAWN"}, {core.BlackKnight, 8, "BKNIGHT"}, {core.BlackBishop, 9, "BBISHOP"},
		{core.BlackRook, 10, "BROOK"}, {core.BlackQueen, 11, "BQUEEN"}, {core.BlackKing, 12, "BKING"},
	}
	for _, tt := range tests {
		if got := Code(tt.pc); got != tt.code {
			t.Errorf("Code(%v) = %d, want %d", tt.pc, got, tt.code)
		}
		if got, ok := PieceFromCode(tt.code); !ok || got != tt.pc {
			t.Errorf("PieceFromCode(%d) = %v, %v, want %v", tt.code, got, ok, tt.pc)
		}
		if got := CodeName(tt.code); got != tt.name {
			t.Errorf("CodeName(%d) = %q, want %q", tt.code, got, tt.name)
		}
	}
	for _, c := range []uint8{13, 100, CodeOffBoard} {
		if pc, ok := PieceFromCode(c); ok {
			t.Errorf("PieceFromCode(%d) = %v, true, want false", c, pc)
		}
	}
	if CodeName(CodeOffBoard) != "OFFBOARD" || CodeName(13) != "13" {
		t.Errorf("CodeName(255), CodeName(13) = %q, %q", CodeName(CodeOffBoard), CodeName(13))
	}
}

// TestArrayCells checks chosen cells of each array form for the start
// position against the numbering of its diagram.
func TestArrayCells(t *testing.T) {
	p, _ := core.ParseFEN(core.StartFEN)
	a64, a88, a120, a256 := Array64(&p), Array0x88(&p), Array10x12(&p), Array16x16(&p)
	tests := []struct {
		name string
		got  uint8
		want uint8
	}{
		{"array64[a1]", a64[0], 4}, {"array64[e1]", a64[4], 6}, {"array64[d8]", a64[59], 11},
		{"array64[e4]", a64[28], CodeEmpty}, {"array64[h7]", a64[55], 7},
		{"0x88[0x00] a1", a88[0x00], 4}, {"0x88[0x04] e1", a88[0x04], 6}, {"0x88[0x74] e8", a88[0x74], 12},
		{"0x88[0x34] e4", a88[0x34], CodeEmpty}, {"0x88[0x08] off", a88[0x08], CodeOffBoard},
		{"0x88[0x7f] off", a88[0x7f], CodeOffBoard},
		{"10x12[21] a1", a120[21], 4}, {"10x12[25] e1", a120[25], 6}, {"10x12[98] h8", a120[98], 10},
		{"10x12[55] e4", a120[55], CodeEmpty}, {"10x12[0] border", a120[0], CodeOffBoard},
		{"10x12[20] border", a120[20], CodeOffBoard}, {"10x12[29] border", a120[29], CodeOffBoard},
		{"10x12[119] border", a120[119], CodeOffBoard},
		{"16x16[68] a1", a256[0x44], 4}, {"16x16[72] e1", a256[0x48], 6}, {"16x16[187] h8", a256[0xBB], 10},
		{"16x16[0x78] e4", a256[0x78], CodeEmpty}, {"16x16[0x43] border", a256[0x43], CodeOffBoard},
		{"16x16[0x4C] border", a256[0x4C], CodeOffBoard}, {"16x16[0xC4] border", a256[0xC4], CodeOffBoard},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("start position %s = %s, want %s", tt.name, CodeName(tt.got), CodeName(tt.want))
		}
	}
	off := map[string]int{}
	for _, c := range a88 {
		if c == CodeOffBoard {
			off["0x88"]++
		}
	}
	for _, c := range a120 {
		if c == CodeOffBoard {
			off["10x12"]++
		}
	}
	for _, c := range a256 {
		if c == CodeOffBoard {
			off["16x16"]++
		}
	}
	for id, want := range map[string]int{"0x88": 64, "10x12": 56, "16x16": 192} {
		if off[id] != want {
			t.Errorf("%s: %d OFFBOARD cells, want %d", id, off[id], want)
		}
	}
}

// TestIndex16x16 checks the 16×16 numbering (Fruit's) and its inverse on
// every cell.
func TestIndex16x16(t *testing.T) {
	for sq, want := range map[core.Square]int{core.A1: 0x44, core.H1: 0x4B, core.A8: 0xB4, core.H8: 0xBB, core.E4: 0x78} {
		if got := Index16x16(sq); got != want {
			t.Errorf("Index16x16(%v) = %#x, want %#x", sq, got, want)
		}
	}
	n := 0
	for i := -1; i <= 256; i++ {
		sq := SquareAt16x16(i)
		if sq == core.NoSquare {
			continue
		}
		n++
		if Index16x16(sq) != i {
			t.Errorf("Index16x16(SquareAt16x16(%d) = %v) = %d", i, sq, Index16x16(sq))
		}
	}
	if n != core.SquareCount {
		t.Errorf("%d cells hold a square, want 64", n)
	}
}

// TestArraysRoundTrip converts every corpus position to each array form
// and back through Put.
func TestArraysRoundTrip(t *testing.T) {
	for _, c := range reprCases(t) {
		p := c.pos
		got, err := PositionFromArray64(Array64(&p))
		checkRoundTrip(t, c.name+" array64", got, err, p)
		got, err = PositionFromArray0x88(Array0x88(&p))
		checkRoundTrip(t, c.name+" 0x88", got, err, p)
		got, err = PositionFromArray10x12(Array10x12(&p))
		checkRoundTrip(t, c.name+" 10x12", got, err, p)
		got, err = PositionFromArray16x16(Array16x16(&p))
		checkRoundTrip(t, c.name+" 16x16", got, err, p)
	}
}

// TestArraysRejectBadCells breaks one cell of each form and expects a
// *Error naming that cell.
func TestArraysRejectBadCells(t *testing.T) {
	start, _ := core.ParseFEN(core.StartFEN)
	tests := []struct {
		name  string
		repr  string
		index int
		build func() (core.Position, error)
	}{
		{"array64 code 13", "array64", 5, func() (core.Position, error) {
			a := Array64(&start)
			a[5] = 13
			return PositionFromArray64(a)
		}},
		{"array64 OFFBOARD on a square", "array64", 63, func() (core.Position, error) {
			a := Array64(&start)
			a[63] = CodeOffBoard
			return PositionFromArray64(a)
		}},
		{"0x88 piece off the board", "0x88", 0x08, func() (core.Position, error) {
			a := Array0x88(&start)
			a[0x08] = 1
			return PositionFromArray0x88(a)
		}},
		{"0x88 empty off the board", "0x88", 0x7f, func() (core.Position, error) {
			a := Array0x88(&start)
			a[0x7f] = CodeEmpty
			return PositionFromArray0x88(a)
		}},
		{"10x12 border emptied", "10x12", 20, func() (core.Position, error) {
			a := Array10x12(&start)
			a[20] = CodeEmpty
			return PositionFromArray10x12(a)
		}},
		{"10x12 square OFFBOARD", "10x12", 55, func() (core.Position, error) {
			a := Array10x12(&start)
			a[55] = CodeOffBoard
			return PositionFromArray10x12(a)
		}},
		{"16x16 border piece", "16x16", 0, func() (core.Position, error) {
			a := Array16x16(&start)
			a[0] = 12
			return PositionFromArray16x16(a)
		}},
		{"16x16 code 200", "16x16", 0x78, func() (core.Position, error) {
			a := Array16x16(&start)
			a[0x78] = 200
			return PositionFromArray16x16(a)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.build()
			checkReprError(t, tt.name, got, err, tt.repr, tt.index)
		})
	}
}

// TestKnightTargets checks each form's knight jumps from a corner, an
// edge and the centre: the offsets, the target indices and which targets
// the form's off-board test rejects.
func TestKnightTargets(t *testing.T) {
	l88, l120 := coretest.MustLayout(t, "0x88"), coretest.MustLayout(t, "10x12")
	tests := []struct {
		name    string
		targets func(int) []KnightTarget
		index   func(core.Square) int
		offsets []int
		from    core.Square
		onBoard core.Bitboard // the targets the test must accept
	}{
		{"0x88 a1", KnightTargets0x88, l88.Index, []int{33, 31, 18, 14, -31, -33, -14, -18}, core.A1, coretest.Squares(core.B3, core.C2)},
		{"0x88 h8", KnightTargets0x88, l88.Index, []int{33, 31, 18, 14, -31, -33, -14, -18}, core.H8, coretest.Squares(core.G6, core.F7)},
		{"0x88 g2", KnightTargets0x88, l88.Index, []int{33, 31, 18, 14, -31, -33, -14, -18}, core.G2, coretest.Squares(core.H4, core.F4, core.E3, core.E1)},
		{"0x88 d4", KnightTargets0x88, l88.Index, []int{33, 31, 18, 14, -31, -33, -14, -18}, core.D4, core.KnightAttacks(core.D4)},
		{"10x12 a1", KnightTargets10x12, l120.Index, []int{21, 19, 12, 8, -19, -21, -8, -12}, core.A1, coretest.Squares(core.B3, core.C2)},
		{"10x12 h8", KnightTargets10x12, l120.Index, []int{21, 19, 12, 8, -19, -21, -8, -12}, core.H8, coretest.Squares(core.G6, core.F7)},
		{"10x12 b7", KnightTargets10x12, l120.Index, []int{21, 19, 12, 8, -19, -21, -8, -12}, core.B7, coretest.Squares(core.D8, core.D6, core.C5, core.A5)},
		{"16x16 a1", KnightTargets16x16, Index16x16, []int{33, 31, 18, 14, -31, -33, -14, -18}, core.A1, coretest.Squares(core.B3, core.C2)},
		{"16x16 h1", KnightTargets16x16, Index16x16, []int{33, 31, 18, 14, -31, -33, -14, -18}, core.H1, coretest.Squares(core.G3, core.F2)},
		{"16x16 e5", KnightTargets16x16, Index16x16, []int{33, 31, 18, 14, -31, -33, -14, -18}, core.E5, core.KnightAttacks(core.E5)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from := tt.index(tt.from)
			ts := tt.targets(from)
			if len(ts) != 8 {
				t.Fatalf("%d targets, want 8", len(ts))
			}
			var on core.Bitboard
			for i, k := range ts {
				if k.Offset != tt.offsets[i] || k.Target != from+k.Offset || k.Why == "" {
					t.Errorf("target %d = %+v, want offset %d to %d with a reason", i, k, tt.offsets[i], from+tt.offsets[i])
				}
				if k.OffBoard != (k.Square == core.NoSquare) {
					t.Errorf("target %d = %+v: OffBoard and Square disagree", i, k)
				}
				if !k.OffBoard {
					if tt.index(k.Square) != k.Target {
						t.Errorf("target %d = %+v: index of %v is %d", i, k, k.Square, tt.index(k.Square))
					}
					on.Set(k.Square)
				}
			}
			if on != tt.onBoard || on != core.KnightAttacks(tt.from) {
				t.Errorf("on-board targets %v, want %v (KnightAttacks %v)", on.SquareList(), tt.onBoard.SquareList(), core.KnightAttacks(tt.from).SquareList())
			}
		})
	}
	for _, bad := range []int{-1, 0x08, 0x88, 128} {
		if ts := KnightTargets0x88(bad); ts != nil {
			t.Errorf("KnightTargets0x88(%#x) = %v, want nil (not a square)", bad, ts)
		}
	}
	for _, bad := range []int{0, 20, 29, 120} {
		if ts := KnightTargets10x12(bad); ts != nil {
			t.Errorf("KnightTargets10x12(%d) = %v, want nil", bad, ts)
		}
	}
	for _, bad := range []int{0, 0x43, 0x4C, 256} {
		if ts := KnightTargets16x16(bad); ts != nil {
			t.Errorf("KnightTargets16x16(%d) = %v, want nil", bad, ts)
		}
	}
}

// TestKnightTargetsWhy pins the explanations the page shows for the 0x88
// test, negative targets included, and for the sentinel read.
func TestKnightTargetsWhy(t *testing.T) {
	tests := []struct {
		name string
		got  KnightTarget
		want string
	}{
		{"a1 +33 on board", KnightTargets0x88(0x00)[0], "0x21 & 0x88 = 0: on the board: b3"},
		{"a1 -33 below", KnightTargets0x88(0x00)[5], "-0x21 & 0x88 = 0x88: both the file and the rank left the board"},
		{"h1 +18 right", KnightTargets0x88(0x07)[2], "0x19 & 0x88 = 0x08: the file left a–h"},
		{"a8 +31 above", KnightTargets0x88(0x70)[1], "0x8f & 0x88 = 0x88: both the file and the rank left the board"},
		{"e8 +33 above", KnightTargets0x88(0x74)[0], "0x95 & 0x88 = 0x80: the rank left 1–8"},
		{"10x12 a1 -21", KnightTargets10x12(21)[5], "cell 0 holds OFFBOARD (255): the sentinel border"},
		{"10x12 a1 +21", KnightTargets10x12(21)[0], "on the board: b3"},
	}
	for _, tt := range tests {
		if tt.got.Why != tt.want {
			t.Errorf("%s: Why = %q, want %q", tt.name, tt.got.Why, tt.want)
		}
	}
}
