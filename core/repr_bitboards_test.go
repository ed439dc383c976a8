package core

import (
	"errors"
	"testing"
)

// TestBitboardSetsNames checks the names the sets carry, taken from
// BitboardNames.
func TestBitboardSetsNames(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	s12 := p.Bitboards12()
	if s12[WhitePawn].Name != "P" || s12[WhitePawn].Title != "WhitePawns" || s12[BlackKing].Title != "BlackKings" {
		t.Errorf("Bitboards12 names: %+v … %+v", s12[WhitePawn].BitboardName, s12[BlackKing].BitboardName)
	}
	want8 := []struct{ name, title string }{
		{"white", "pieces[White]"}, {"black", "pieces[Black]"},
		{"pawns", "pieces[Pawn]"}, {"knights", "pieces[Knight]"}, {"bishops", "pieces[Bishop]"},
		{"rooks", "pieces[Rook]"}, {"queens", "pieces[Queen]"}, {"kings", "pieces[King]"},
	}
	s8 := p.Bitboards8()
	for i, w := range want8 {
		if s8[i].Name != w.name || s8[i].Title != w.title {
			t.Errorf("Bitboards8()[%d] is %q (%q), want %q (%q)", i, s8[i].Name, s8[i].Title, w.name, w.title)
		}
	}
	if s8[0].Bits != Rank1BB|Rank2BB || s8[2].Bits != Rank2BB|Rank7BB || s8[7].Bits != squares(E1, E8) {
		t.Errorf("Bitboards8 of the start position: white %v, pawns %v, kings %v", squareList(s8[0].Bits), squareList(s8[2].Bits), squareList(s8[7].Bits))
	}
}

// TestBitboardSetsRoundTrip builds every corpus position back from its 12
// bitboards and from its 8, and checks the two sets describe the same
// pieces.
func TestBitboardSetsRoundTrip(t *testing.T) {
	for _, c := range reprCases(t) {
		p := c.pos
		s12, s8 := p.Bitboards12(), p.Bitboards8()
		var pieces [PieceCount]Bitboard
		for pc := WhitePawn; pc < NoPiece; pc++ {
			pieces[pc] = s12[pc].Bits
			if want := s8[pc.Color()].Bits & s8[ColorCount+int(pc.Type())].Bits; s12[pc].Bits != want {
				t.Errorf("%s: %s = %v, but colour & type give %v", c.name, s12[pc].Title, squareList(s12[pc].Bits), squareList(want))
			}
		}
		got, err := PositionFromBitboards(pieces)
		checkRoundTrip(t, c.name+" 12 bitboards", got, err, p)
		var colors [ColorCount]Bitboard
		var types [PieceTypeCount]Bitboard
		for i := range colors {
			colors[i] = s8[i].Bits
		}
		for i := range types {
			types[i] = s8[ColorCount+i].Bits
		}
		got, err = PositionFromBitboards8(colors, types)
		checkRoundTrip(t, c.name+" 8 bitboards", got, err, p)
	}
}

// TestBitboardSetsReject checks overlapping or inconsistent sets are a
// *ReprError naming the square.
func TestBitboardSetsReject(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	var pieces [PieceCount]Bitboard
	for pc := WhitePawn; pc < NoPiece; pc++ {
		pieces[pc] = p.Pieces(pc)
	}
	pieces[BlackQueen] |= E1.Bitboard()
	_, err := PositionFromBitboards(pieces)
	checkReprError(t, "12 bitboards sharing e1", err, "bitboards-12", int(E1))

	colors := [ColorCount]Bitboard{p.Colors(White), p.Colors(Black)}
	var types [PieceTypeCount]Bitboard
	for pt := Pawn; pt <= King; pt++ {
		types[pt] = p.Types(pt)
	}
	tests := []struct {
		name   string
		change func(c *[ColorCount]Bitboard, t *[PieceTypeCount]Bitboard)
		square Square
	}{
		{"white and black", func(c *[ColorCount]Bitboard, _ *[PieceTypeCount]Bitboard) { c[Black] |= A1.Bitboard() }, A1},
		{"two types", func(_ *[ColorCount]Bitboard, t *[PieceTypeCount]Bitboard) { t[Queen] |= B1.Bitboard() }, B1},
		{"colour without type", func(c *[ColorCount]Bitboard, _ *[PieceTypeCount]Bitboard) { c[White] |= E4.Bitboard() }, E4},
		{"type without colour", func(_ *[ColorCount]Bitboard, t *[PieceTypeCount]Bitboard) { t[Pawn] |= D5.Bitboard() }, D5},
	}
	for _, tt := range tests {
		c, ty := colors, types
		tt.change(&c, &ty)
		_, err := PositionFromBitboards8(c, ty)
		checkReprError(t, tt.name, err, "bitboards-8", int(tt.square))
	}
}

// checkReprError fails t unless err is a *ReprError of repr at index.
func checkReprError(t *testing.T, name string, err error, repr string, index int) {
	t.Helper()
	var re *ReprError
	if !errors.As(err, &re) || re.Repr != repr || re.Index != index || re.Msg == "" {
		t.Errorf("%s: got %v, want a *ReprError of %s at %d", name, err, repr, index)
	}
}
