package core

import (
	"errors"
	"slices"
	"testing"
)

// TestPieceListsStart checks the lists and the reverse map of the start
// position against the example of the PieceLists doc comment.
func TestPieceListsStart(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	l := p.PieceLists()
	lists := []struct {
		pc   Piece
		want []Square
	}{
		{WhitePawn, []Square{A2, B2, C2, D2, E2, F2, G2, H2}},
		{WhiteKnight, []Square{B1, G1}},
		{WhiteBishop, []Square{C1, F1}},
		{WhiteRook, []Square{A1, H1}},
		{WhiteQueen, []Square{D1}},
		{WhiteKing, []Square{E1}},
		{BlackPawn, []Square{A7, B7, C7, D7, E7, F7, G7, H7}},
		{BlackKnight, []Square{B8, G8}},
		{BlackBishop, []Square{C8, F8}},
		{BlackRook, []Square{A8, H8}},
		{BlackQueen, []Square{D8}},
		{BlackKing, []Square{E8}},
	}
	for _, tt := range lists {
		if !slices.Equal(l.Squares[tt.pc], tt.want) {
			t.Errorf("Squares[%v] = %v, want %v", tt.pc, l.Squares[tt.pc], tt.want)
		}
	}
	for sq, want := range map[Square]uint8{B1: 0, G1: 1, E8: 0, H7: 7, A2: 0, E4: NoListIndex, A3: NoListIndex} {
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
		l := c.pos.PieceLists()
		n := 0
		for pc := WhitePawn; pc < NoPiece; pc++ {
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
	p, _ := ParseFEN(StartFEN)
	l := p.PieceLists()
	_ = append(l.Squares[WhitePawn], H8)
	if l.Squares[WhiteKnight][0] != B1 {
		t.Errorf("append to the pawn list changed the knight list: %v", l.Squares[WhiteKnight])
	}
}

// TestPieceListsReject breaks the lists or the reverse map and expects a
// *ReprError naming the square.
func TestPieceListsReject(t *testing.T) {
	start, _ := ParseFEN(StartFEN)
	tests := []struct {
		name   string
		square int
		break_ func(l *PieceLists)
	}{
		{"square in two lists", int(E1), func(l *PieceLists) { l.Squares[BlackQueen] = []Square{E1} }},
		{"square twice in a list", int(B1), func(l *PieceLists) { l.Squares[WhiteKnight] = []Square{B1, B1} }},
		{"NoSquare in a list", int(NoSquare), func(l *PieceLists) { l.Squares[WhiteKing] = []Square{NoSquare} }},
		{"index points elsewhere", int(G1), func(l *PieceLists) { l.Index[G1] = 0 }},
		{"index on an empty square", int(E4), func(l *PieceLists) { l.Index[E4] = 3 }},
		{"missing index", int(E8), func(l *PieceLists) { l.Index[E8] = NoListIndex }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := start.PieceLists()
			tt.break_(&l)
			_, err := PositionFromPieceLists(l)
			var re *ReprError
			if !errors.As(err, &re) || re.Repr != "piece-lists" || re.Index != tt.square || re.Msg == "" {
				t.Errorf("PositionFromPieceLists = %v, want a *ReprError at square %d", err, tt.square)
			}
		})
	}
}
