package repr

import (
	"slices"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestPieceListsStart checks the lists and the reverse map of the start
// position against the example of the PieceLists doc comment.
func TestPieceListsStart(t *testing.T) {
	p, _ := core.ParseFEN(core.StartFEN)
	l := PieceListsOf(&p)
	lists := []struct {
		pc   core.Piece
		want []core.Square
	}{
		{core.WhitePawn, []core.Square{core.A2, core.B2, core.C2, core.D2, core.E2, core.F2, core.G2, core.H2}},
		{core.WhiteKnight, []core.Square{core.B1, core.G1}},
		{core.WhiteBishop, []core.Square{core.C1, core.F1}},
		{core.WhiteRook, []core.Square{core.A1, core.H1}},
		{core.WhiteQueen, []core.Square{core.D1}},
		{core.WhiteKing, []core.Square{core.E1}},
		{core.BlackPawn, []core.Square{core.A7, core.B7, core.C7, core.D7, core.E7, core.F7, core.G7, core.H7}},
		{core.BlackKnight, []core.Square{core.B8, core.G8}},
		{core.BlackBishop, []core.Square{core.C8, core.F8}},
		{core.BlackRook, []core.Square{core.A8, core.H8}},
		{core.BlackQueen, []core.Square{core.D8}},
		{core.BlackKing, []core.Square{core.E8}},
	}
	for _, tt := range lists {
		if !slices.Equal(l.Squares[tt.pc], tt.want) {
			t.Errorf("Squares[%v] = %v, want %v", tt.pc, l.Squares[tt.pc], tt.want)
		}
	}
	for sq, want := range map[core.Square]uint8{core.B1: 0, core.G1: 1, core.E8: 0, core.H7: 7, core.A2: 0, core.E4: NoListIndex, core.A3: NoListIndex} {
		if l.Index[sq] != want {
			t.Errorf("Index[%v] = %d, want %d", sq, l.Index[sq], want)
		}
	}
}

// TestPieceListsRoundTrip checks every corpus position: each list is
// ascending, the reverse map points into it, and the lists build the
// position back.
func TestPieceListsRoundTrip(t *testing.T) {
	for _, c := range reprCases(t) {
		l := PieceListsOf(&c.pos)
		n := 0
		for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
			if !slices.IsSorted(l.Squares[pc]) || len(l.Squares[pc]) != c.pos.Pieces(pc).Count() {
				t.Errorf("%s: Squares[%v] = %v, want the %d squares of %v ascending", c.name, pc, l.Squares[pc], c.pos.Pieces(pc).Count(), pc)
			}
			for i, sq := range l.Squares[pc] {
				if int(l.Index[sq]) != i || c.pos.PieceAt(sq) != pc {
					t.Errorf("%s: Squares[%v][%d] = %v, but Index[%v] = %d and the board holds %v", c.name, pc, i, sq, sq, l.Index[sq], c.pos.PieceAt(sq))
				}
			}
			n += len(l.Squares[pc])
		}
		if n != c.pos.Occupied().Count() {
			t.Errorf("%s: lists hold %d squares, board %d", c.name, n, c.pos.Occupied().Count())
		}
		got, err := PositionFromPieceLists(l)
		checkRoundTrip(t, c.name+" piece lists", got, err, c.pos)
	}
}

// TestPieceListsAppendSafe checks that appending to one list cannot
// overwrite the next one in the shared backing array.
func TestPieceListsAppendSafe(t *testing.T) {
	p, _ := core.ParseFEN(core.StartFEN)
	l := PieceListsOf(&p)
	_ = append(l.Squares[core.WhitePawn], core.H8)
	if l.Squares[core.WhiteKnight][0] != core.B1 {
		t.Errorf("append to the pawn list changed the knight list: %v", l.Squares[core.WhiteKnight])
	}
}

// TestPieceListsReject breaks the lists or the reverse map and expects a
// *Error naming the square.
func TestPieceListsReject(t *testing.T) {
	start, _ := core.ParseFEN(core.StartFEN)
	tests := []struct {
		name   string
		square int
		break_ func(l *PieceLists)
	}{
		{"square in two lists", int(core.E1), func(l *PieceLists) { l.Squares[core.BlackQueen] = []core.Square{core.E1} }},
		{"square twice in a list", int(core.B1), func(l *PieceLists) { l.Squares[core.WhiteKnight] = []core.Square{core.B1, core.B1} }},
		{"NoSquare in a list", int(core.NoSquare), func(l *PieceLists) { l.Squares[core.WhiteKing] = []core.Square{core.NoSquare} }},
		{"index points elsewhere", int(core.G1), func(l *PieceLists) { l.Index[core.G1] = 0 }},
		{"index on an empty square", int(core.E4), func(l *PieceLists) { l.Index[core.E4] = 3 }},
		{"missing index", int(core.E8), func(l *PieceLists) { l.Index[core.E8] = NoListIndex }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := PieceListsOf(&start)
			tt.break_(&l)
			got, err := PositionFromPieceLists(l)
			checkReprError(t, "PositionFromPieceLists", got, err, "piece-lists", tt.square)
		})
	}
}
