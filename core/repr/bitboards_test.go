package repr

import (
	"errors"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
)

// TestBitboardSetsNames checks the names the sets carry, taken from
// BitboardNames.
func TestBitboardSetsNames(t *testing.T) {
	p, _ := core.ParseFEN(core.StartFEN)
	s12 := Bitboards12(&p)
	if s12[0].Name != "P" || s12[0].Title != "WhitePawns" || s12[11].Title != "BlackKings" {
		t.Errorf("Bitboards12 names: %+v … %+v", s12[0].BitboardName, s12[11].BitboardName)
	}
	want8 := []struct{ name, title string }{
		{"white", "pieces[White]"}, {"black", "pieces[Black]"},
		{"pawns", "pieces[Pawn]"}, {"knights", "pieces[Knight]"}, {"bishops", "pieces[Bishop]"},
		{"rooks", "pieces[Rook]"}, {"queens", "pieces[Queen]"}, {"kings", "pieces[King]"},
	}
	s8 := Bitboards8(&p)
	for i, w := range want8 {
		if s8[i].Name != w.name || s8[i].Title != w.title {
			t.Errorf("Bitboards8()[%d] is %q (%q), want %q (%q)", i, s8[i].Name, s8[i].Title, w.name, w.title)
		}
	}
	if s8[0].Bits != core.Rank1BB|core.Rank2BB || s8[2].Bits != core.Rank2BB|core.Rank7BB || s8[7].Bits != coretest.Squares(core.E1, core.E8) {
		t.Errorf("Bitboards8 of the start position: white %v, pawns %v, kings %v", s8[0].Bits.SquareList(), s8[2].Bits.SquareList(), s8[7].Bits.SquareList())
	}
}

// TestBitboardSetsRoundTrip builds every corpus position back from its 12
// bitboards and from its 8, and checks the two sets describe the same
// pieces.
func TestBitboardSetsRoundTrip(t *testing.T) {
	for _, c := range reprCases(t) {
		p := c.pos
		s12, s8 := Bitboards12(&p), Bitboards8(&p)
		var pieces [core.PieceCount]core.Bitboard
		for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
			i := pc.Index()
			pieces[i] = s12[i].Bits
			if want := s8[pc.Color()].Bits & s8[core.ColorCount+int(pc.Type())].Bits; s12[i].Bits != want || s12[i].Bits != p.Pieces(pc) {
				t.Errorf("%s: %s = %v, but colour & type give %v", c.name, s12[i].Title, s12[i].Bits.SquareList(), want.SquareList())
			}
		}
		got, err := PositionFromBitboards(pieces)
		checkRoundTrip(t, c.name+" 12 bitboards", got, err, p)
		var colors [core.ColorCount]core.Bitboard
		var types [core.PieceTypeCount]core.Bitboard
		for i := range colors {
			colors[i] = s8[i].Bits
		}
		for i := range types {
			types[i] = s8[core.ColorCount+i].Bits
		}
		got, err = PositionFromBitboards8(colors, types)
		checkRoundTrip(t, c.name+" 8 bitboards", got, err, p)
	}
}

// TestBitboardSetsReject checks overlapping or inconsistent sets are a
// *Error naming the square.
func TestBitboardSetsReject(t *testing.T) {
	p, _ := core.ParseFEN(core.StartFEN)
	var pieces [core.PieceCount]core.Bitboard
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		pieces[pc.Index()] = p.Pieces(pc)
	}
	pieces[core.BlackQueen.Index()] |= core.E1.Bitboard()
	got, err := PositionFromBitboards(pieces)
	checkReprError(t, "12 bitboards sharing e1", got, err, "bitboards-12", int(core.E1))

	colors := [core.ColorCount]core.Bitboard{p.Colors(core.White), p.Colors(core.Black)}
	var types [core.PieceTypeCount]core.Bitboard
	for pt := core.Pawn; pt <= core.King; pt++ {
		types[pt] = p.Types(pt)
	}
	tests := []struct {
		name   string
		change func(c *[core.ColorCount]core.Bitboard, t *[core.PieceTypeCount]core.Bitboard)
		square core.Square
	}{
		{"white and black", func(c *[core.ColorCount]core.Bitboard, _ *[core.PieceTypeCount]core.Bitboard) {
			c[core.Black] |= core.A1.Bitboard()
		}, core.A1},
		{"two types", func(_ *[core.ColorCount]core.Bitboard, t *[core.PieceTypeCount]core.Bitboard) {
			t[core.Queen] |= core.B1.Bitboard()
		}, core.B1},
		{"colour without type", func(c *[core.ColorCount]core.Bitboard, _ *[core.PieceTypeCount]core.Bitboard) {
			c[core.White] |= core.E4.Bitboard()
		}, core.E4},
		{"type without colour", func(_ *[core.ColorCount]core.Bitboard, t *[core.PieceTypeCount]core.Bitboard) {
			t[core.Pawn] |= core.D5.Bitboard()
		}, core.D5},
	}
	for _, tt := range tests {
		c, ty := colors, types
		tt.change(&c, &ty)
		got, err := PositionFromBitboards8(c, ty)
		checkReprError(t, tt.name, got, err, "bitboards-8", int(tt.square))
	}
}

// checkReprError fails t unless err is a *Error of repr at index and got,
// the position returned with it, is the empty position.
func checkReprError(t *testing.T, name string, got core.Position, err error, repr string, index int) {
	t.Helper()
	var re *Error
	if !errors.As(err, &re) || re.Repr != repr || re.Index != index || re.Msg == "" {
		t.Errorf("%s: got %v, want a *Error of %s at %d", name, err, repr, index)
	}
	if got != core.NewPosition() {
		t.Errorf("%s: got %q with the error, want the empty position", name, got.FEN())
	}
}
