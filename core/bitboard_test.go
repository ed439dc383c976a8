package core

import (
	"slices"
	"testing"
)

func TestSquareNames(t *testing.T) {
	tests := []struct {
		sq   Square
		name string
		f    File
		r    Rank
	}{{A1, "a1", FileA, Rank1}, {H1, "h1", FileH, Rank1}, {E4, "e4", FileE, Rank4}, {A8, "a8", FileA, Rank8}, {H8, "h8", FileH, Rank8}}
	for _, tt := range tests {
		if tt.sq.String() != tt.name || tt.sq.File() != tt.f || tt.sq.Rank() != tt.r || NewSquare(tt.f, tt.r) != tt.sq {
			t.Errorf("square %d: %q %v %v", tt.sq, tt.sq.String(), tt.sq.File(), tt.sq.Rank())
		}
		if sq, ok := ParseSquare(tt.name); !ok || sq != tt.sq {
			t.Errorf("ParseSquare(%q) = %v, %v", tt.name, sq, ok)
		}
	}
	if E4 != 28 || H8 != 63 || NoSquare.String() != "-" {
		t.Errorf("E4 = %d, H8 = %d, NoSquare = %q", E4, H8, NoSquare)
	}
	for _, bad := range []string{"", "-", "i1", "a9", "a0", "E4", "e44"} {
		if _, ok := ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
	for sq := A1; sq < NoSquare; sq++ {
		if got, ok := ParseSquare(sq.String()); !ok || got != sq {
			t.Errorf("ParseSquare(%v) = %v", sq, got)
		}
	}
}

func TestPieces(t *testing.T) {
	n := 0
	for pc := WhitePawn; pc <= BlackKing; pc++ {
		got, ok := PieceFromLetter(pc.Letter())
		if !ok || got != pc || NewPiece(pc.Color(), pc.Type()) != pc {
			t.Errorf("piece %v: letter %c gives %v", pc, pc.Letter(), got)
		}
		n++
	}
	if n != PieceCount {
		t.Errorf("WhitePawn … BlackKing are %d pieces, want PieceCount = %d", n, PieceCount)
	}
	var zero Piece
	if zero != NoPiece {
		t.Errorf("the zero Piece is %v, want NoPiece", zero)
	}
	if WhitePawn.String() != "WhitePawn" || BlackKing.String() != "BlackKing" || NoPiece.String() != "NoPiece" {
		t.Error("piece names")
	}
	if BlackKnight.Letter() != 'n' || WhiteQueen.Letter() != 'Q' || NoPiece.Letter() != ' ' {
		t.Error("piece letters")
	}
	if _, ok := PieceFromLetter('x'); ok {
		t.Error("PieceFromLetter('x') accepted")
	}
	if White.Other() != Black || Black.Other() != White || White.String() != "white" {
		t.Error("colours")
	}
}

func TestBitboardBasics(t *testing.T) {
	var b Bitboard
	b.Set(E4)
	b.Set(A1)
	b.Set(H8)
	b.Set(NoSquare)
	if !b.Has(E4) || b.Has(E5) || b.Has(NoSquare) || b.Count() != 3 || b.LSB() != A1 || b.MSB() != H8 {
		t.Errorf("b = %#x", b)
	}
	if got := slices.Collect(b.Squares()); !slices.Equal(got, []Square{A1, E4, H8}) {
		t.Errorf("Squares() = %v", got)
	}
	b.Clear(E4)
	if b != A1.Bitboard()|H8.Bitboard() {
		t.Errorf("Clear: %#x", b)
	}
	if sq := b.PopLSB(); sq != A1 || b != H8.Bitboard() {
		t.Errorf("PopLSB = %v, left %#x", sq, b)
	}
	if Empty.LSB() != NoSquare || Empty.MSB() != NoSquare {
		t.Error("empty LSB/MSB")
	}
	for range AllSquares.Squares() {
		break // stopping early must be safe
	}
	if FileEBB != FileE.Bitboard() || Rank4BB != Rank4.Bitboard() || FileABB|FileHBB != 0x8181818181818181 {
		t.Error("masks")
	}
}

func TestShifts(t *testing.T) {
	tests := []struct {
		name  string
		shift func(Bitboard) Bitboard
		from  Bitboard
		want  Bitboard
	}{
		{"north e4", Bitboard.North, E4.Bitboard(), E5.Bitboard()},
		{"north off rank 8", Bitboard.North, Rank8BB, 0},
		{"south e4", Bitboard.South, E4.Bitboard(), E3.Bitboard()},
		{"south off rank 1", Bitboard.South, Rank1BB, 0},
		{"east e4", Bitboard.East, E4.Bitboard(), F4.Bitboard()},
		{"east h-file does not wrap", Bitboard.East, H4.Bitboard(), 0},
		{"west e4", Bitboard.West, E4.Bitboard(), D4.Bitboard()},
		{"west a-file does not wrap", Bitboard.West, A4.Bitboard(), 0},
		{"north-east", Bitboard.NorthEast, E4.Bitboard() | H4.Bitboard(), F5.Bitboard()},
		{"north-west", Bitboard.NorthWest, E4.Bitboard() | A4.Bitboard(), D5.Bitboard()},
		{"south-east", Bitboard.SouthEast, E4.Bitboard() | H4.Bitboard(), F3.Bitboard()},
		{"south-west", Bitboard.SouthWest, E4.Bitboard() | A4.Bitboard(), D3.Bitboard()},
		{"pawns single push", Bitboard.North, Rank2BB, Rank3BB},
	}
	for _, tt := range tests {
		if got := tt.shift(tt.from); got != tt.want {
			t.Errorf("%s: %#x, want %#x", tt.name, got, tt.want)
		}
	}
	// Without the mask, << 1 wraps h4 to a5: the reason the masks exist.
	if H4.Bitboard()<<1 != A5.Bitboard() {
		t.Error("raw shift")
	}
}

// TestPieceIndex pins the order Index gives, which the JS API's piece
// tables (web/bitview.js: LETTERS, PIECES) and the wire's mailbox bytes
// rely on: the twelve pieces in FEN letter order "PNBRQKpnbrqk", white
// first, then 12 for NoPiece and for anything that is not a piece.
func TestPieceIndex(t *testing.T) {
	const order = "PNBRQKpnbrqk"
	for i := range len(order) {
		pc, ok := PieceFromLetter(order[i])
		if !ok || pc.Index() != i {
			t.Errorf("%c: Index() = %d, want %d", order[i], pc.Index(), i)
		}
		if got := BitboardNames[pc.Index()].Name; got != order[i:i+1] {
			t.Errorf("BitboardNames[%v.Index()] = %q, want %q", pc, got, order[i:i+1])
		}
	}
	for _, pc := range []Piece{NoPiece, BlackKing + 1, 200, 255} {
		if pc.Index() != PieceCount {
			t.Errorf("Piece(%d).Index() = %d, want PieceCount (%d)", pc, pc.Index(), PieceCount)
		}
		if pc.Letter() != ' ' || pc.String() != "NoPiece" {
			t.Errorf("Piece(%d): Letter() = %q, String() = %q, want ' ' and NoPiece", pc, pc.Letter(), pc.String())
		}
	}
}

// TestSquareList: a set's squares by name, in LERF order.
func TestSquareListNames(t *testing.T) {
	for _, tc := range []struct {
		b    Bitboard
		list string
	}{
		{0, ""},
		{E4.Bitboard(), "e4"},
		{E4.Bitboard() | A1.Bitboard() | H8.Bitboard(), "a1, e4, h8"},
	} {
		if got := tc.b.SquareList(); got != tc.list {
			t.Errorf("%v.SquareList() = %q, want %q", tc.b, got, tc.list)
		}
		if names := tc.b.SquareNames(); names == nil || len(names) != tc.b.Count() {
			t.Errorf("%v.SquareNames() = %#v", tc.b, names)
		}
	}
}
