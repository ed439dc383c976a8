package model

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/expr"
)

func TestSplitShow(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"blanks only", "  \t ", nil},
		{"commas only", ",, , ,", nil},
		{"one name", "P", []string{"P"}},
		{"names", "P,n,occupied", []string{"P", "n", "occupied"}},
		{"blanks trimmed, empty items dropped", " P , n ,, occupied ,\t", []string{"P", "n", "occupied"}},
		{"tabs and newlines trimmed", "\tP\n,\r\nn ", []string{"P", "n"}},
		{"comma inside parentheses stays", "rookAttacks(e4, occupied)", []string{"rookAttacks(e4, occupied)"}},
		{"call between names", "P, rookAttacks(e4, occupied), n",
			[]string{"P", "rookAttacks(e4, occupied)", "n"}},
		{"nested parentheses", "rookAttacks(e4, bishopAttacks(d4, occupied) | P), white",
			[]string{"rookAttacks(e4, bishopAttacks(d4, occupied) | P)", "white"}},
		{"deeply nested", "f(g(a, b), h(c, (d, e))), x, (y, z)",
			[]string{"f(g(a, b), h(c, (d, e)))", "x", "(y, z)"}},
		{"blanks inside an item kept", "  (P << 8)  &  empty , n", []string{"(P << 8)  &  empty", "n"}},
		{"stray ')' then a call", "a), f(b, c), d", []string{"a)", "f(b, c)", "d"}},
		{"several stray ')'", "))), P, rookAttacks(e4, occupied)", []string{")))", "P", "rookAttacks(e4, occupied)"}},
		{"stray ')' inside an item", "P), (n, b)", []string{"P)", "(n, b)"}},
		{"unclosed '(' keeps the rest", "f(a, b, c", []string{"f(a, b, c"}},
		{"non-ASCII", "é, ü(1, 2)", []string{"é", "ü(1, 2)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SplitShow(tt.in)
			if tt.want == nil {
				if got != nil {
					t.Errorf("SplitShow(%q) = %q, want nil", tt.in, got)
				}
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("SplitShow(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestResolveEmbedDefaults(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	kiwi := mustParse(t, kiwipeteFEN)
	tests := []struct {
		name   string
		o      Options
		pos    *core.Position
		layout string
		shown  []string // keys
	}{
		{"zero options", Options{Board: off, Grid: off}, start, "lerf", nil},
		{"blank FEN and layout", Options{FEN: " \t ", Layout: "  ", Board: off, Grid: off}, start, "lerf", nil},
		{"board only", Options{Show: "P", Grid: off}, start, "lerf", nil},
		{"grid", Options{Show: "P, occupied", Board: off}, start, "lerf", []string{"P", "occupied"}},
		{"grid without show", Options{}, start, "lerf", nil},
		{"flipped with labels", Options{Orientation: "black", Labels: true, Grid: off}, start, "lerf", nil},
		{"labels without board", Options{Labels: true, Board: off, Grid: off}, start, "lerf", nil},
		{"every flag", Options{FEN: kiwipeteFEN, Layout: "10x12", Show: "k,K", Orientation: "black", Labels: true},
			kiwi, "10x12", []string{"k", "K"}},
		{"layout trimmed", Options{Layout: " berf ", Show: "n", Board: off}, start, "berf", []string{"n"}},
		{"FEN trimmed", Options{FEN: "  " + kiwipeteFEN + "\n", Layout: "0x88", Board: off, Grid: off}, kiwi, "0x88", nil},
		{"no grid hides the cards", Options{Show: "P, occupied, knightAttacks(h1), zzz", Grid: off}, start, "lerf", nil},
	}
	for _, l := range core.Layouts {
		tests = append(tests, struct {
			name   string
			o      Options
			pos    *core.Position
			layout string
			shown  []string
		}{"layout " + l.ID, Options{Layout: l.ID, Show: "white", Board: off}, start, l.ID, []string{"white"}})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := ResolveEmbed(tt.o, nil)
			if e.Read.Input != tt.o.FEN {
				t.Errorf("Input = %q, want the FEN as given %q", e.Read.Input, tt.o.FEN)
			}
			if e.Read.Err != nil {
				t.Errorf("FENError = %v, want nil", e.Read.Err)
			}
			if len(e.Problems) != 0 {
				t.Errorf("Problems = %q, want none", e.Problems)
			}
			if e.Pos == nil || *e.Pos != *tt.pos {
				t.Errorf("Pos = %v, want the position of %q", e.Pos, tt.o.FEN)
			}
			if e.Layout != mustLayout(t, tt.layout) {
				t.Errorf("Layout = %v, want %s", e.Layout, tt.layout)
			}
			if wantBoard, wantFlipped := tt.o.Board == nil, tt.o.Orientation == "black"; e.Board != wantBoard || e.Flipped != wantFlipped || e.Labels != tt.o.Labels {
				t.Errorf("Board, Flipped, Labels = %v, %v, %v, want %v, %v, %v",
					e.Board, e.Flipped, e.Labels, wantBoard, wantFlipped, tt.o.Labels)
			}
			var keys []string
			for _, s := range e.Shown {
				keys = append(keys, s.Key)
			}
			if !slices.Equal(keys, tt.shown) {
				t.Errorf("shown keys = %q, want %q", keys, tt.shown)
			}
		})
	}
}

func TestResolveEmbedNames(t *testing.T) {
	// Hand-checked values on the start position.
	start := []struct {
		name string
		bits core.Bitboard
	}{
		{"P", core.Rank2BB},
		{"p", core.Rank7BB},
		{"n", squares(t, "b8", "g8")},
		{"K", squares(t, "e1")},
		{"q", squares(t, "d8")},
		{"white", core.Rank1BB | core.Rank2BB},
		{"black", core.Rank7BB | core.Rank8BB},
		{"occupied", core.Rank1BB | core.Rank2BB | core.Rank7BB | core.Rank8BB},
		{"empty", core.Rank3BB | core.Rank4BB | core.Rank5BB | core.Rank6BB},
		{"pawns", core.Rank2BB | core.Rank7BB},
		{"rooks", squares(t, "a1", "h1", "a8", "h8")},
	}
	for _, tt := range start {
		t.Run("start/"+tt.name, func(t *testing.T) {
			e := ResolveEmbed(Options{Show: tt.name, Board: off}, nil)
			n, _ := core.LookupBitboard(tt.name)
			want := []Shown{{Key: tt.name, Title: n.Title, Bits: tt.bits}}
			if !slices.Equal(e.Shown, want) || len(e.Problems) != 0 {
				t.Errorf("Shown = %+v, Problems = %q; want %+v and no problems", e.Shown, e.Problems, want)
			}
		})
	}

	// Every name at once, on another position, in the order given.
	kiwi := mustParse(t, kiwipeteFEN)
	var names []string
	var want []Shown
	for i := len(core.BitboardNames) - 1; i >= 0; i-- { // reversed: the order is the show list's
		n := core.BitboardNames[i]
		names = append(names, n.Name)
		want = append(want, Shown{Key: n.Name, Title: n.Title, Bits: n.Of(kiwi)})
	}
	e := ResolveEmbed(Options{FEN: kiwipeteFEN, Layout: "msb-a8", Show: strings.Join(names, " , "), Board: off}, nil)
	if len(e.Problems) != 0 {
		t.Errorf("Problems = %q, want none", e.Problems)
	}
	if !slices.Equal(e.Shown, want) {
		t.Errorf("Shown = %+v\nwant %+v", e.Shown, want)
	}
}

func TestResolveEmbedExpressions(t *testing.T) {
	tests := []struct {
		fen, expr string
		want      core.Bitboard
	}{
		{"", "(whitePawns << 8) & ~allOccupied", 0x0000000000ff0000},
		{"", "knightAttacks(h1)", squares(t, "f2", "g3")},
		{"", "rookAttacks(e4, occupied)",
			squares(t, "a4", "b4", "c4", "d4", "f4", "g4", "h4", "e5", "e6", "e7", "e3", "e2")},
		{"", "P | p", core.Rank2BB | core.Rank7BB},
		{"", "~occupied & rank4", core.Rank4BB},
		{"", "0xff", core.Rank1BB},
		{kiwipeteFEN, "Q & white", squares(t, "f3")},
		{kiwipeteFEN, "knightAttacks(N) & p", squares(t, "d7", "f7", "g6")},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			// The expression is given with blanks around it and next to a name.
			e := ResolveEmbed(Options{FEN: tt.fen, Show: "  " + tt.expr + " , occupied", Board: off}, nil)
			if len(e.Problems) != 0 {
				t.Fatalf("Problems = %q, want none", e.Problems)
			}
			if len(e.Shown) != 2 {
				t.Fatalf("Shown = %+v, want the expression then occupied", e.Shown)
			}
			s := e.Shown[0]
			if s.Key != tt.expr || s.Title != tt.expr {
				t.Errorf("Key, Title = %q, %q, want the expression text %q for both", s.Key, s.Title, tt.expr)
			}
			if s.Bits != tt.want {
				t.Errorf("Bits = %#016x, want %#016x", uint64(s.Bits), uint64(tt.want))
			}
			if e.Shown[1].Key != "occupied" || e.Shown[1].Bits != e.Pos.Occupied() {
				t.Errorf("second shown = %+v, want occupied", e.Shown[1])
			}
		})
	}
}

func TestResolveEmbedUnknownLayout(t *testing.T) {
	for _, id := range []string{"lerf2", "0X88", "LERF", "msb", "<b>"} {
		t.Run(id, func(t *testing.T) {
			e := ResolveEmbed(Options{Layout: " " + id + " ", Show: "P"}, nil)
			if e.Layout != mustLayout(t, "lerf") {
				t.Errorf("Layout = %v, want the lerf fallback", e.Layout)
			}
			if len(e.Problems) != 1 {
				t.Fatalf("Problems = %q, want one", e.Problems)
			}
			msg := e.Problems[0]
			if !strings.Contains(msg, `"`+id+`"`) {
				t.Errorf("problem %q does not name the layout %q", msg, id)
			}
			for _, l := range core.Layouts {
				if !strings.Contains(msg, l.ID) {
					t.Errorf("problem %q does not list layout %q", msg, l.ID)
				}
			}
			if len(e.Shown) != 1 || e.Shown[0].Bits != core.Rank2BB || !e.Board {
				t.Errorf("Shown = %+v, Board = %v: the view should still show P on the board", e.Shown, e.Board)
			}
		})
	}
}

func TestResolveEmbedBadItems(t *testing.T) {
	long := "P | " + strings.Repeat("é", 600) // 1204 bytes: too long at byte 1000, character 4 + 498 + 1
	tests := []struct {
		item string
		char int // the 1-based character the problem points at
	}{
		{"zzz", 1},
		{"P & zzz", 5},
		{"é & P", 1},
		{"P & é", 5},
		{"P &", 4},
		{"(P", 3},
		{"P)", 2},
		{"rookAttacks(e4, occupied", 25},
		{"knightAttacks(h1, h2)", 1},
		{"<script>alert(1)</script>", 1},
		{long, 503},
	}
	for _, tt := range tests {
		t.Run(short(tt.item), func(t *testing.T) {
			// Last in the list, so that an unclosed '(' does not swallow the others.
			e := ResolveEmbed(Options{Show: "P, occupied, " + tt.item, Board: off}, nil)
			var keys []string
			for _, s := range e.Shown {
				keys = append(keys, s.Key)
			}
			if !slices.Equal(keys, []string{"P", "occupied"}) {
				t.Errorf("shown keys = %q, want the good items P, occupied", keys)
			}
			if len(e.Problems) != 1 {
				t.Fatalf("Problems = %q, want one", e.Problems)
			}
			msg := e.Problems[0]
			if !strings.Contains(msg, excerpt.Quote(tt.item)) { // the item, cut to 40 characters
				t.Errorf("problem %q does not name the item %q", msg, tt.item)
			}
			if want := "(character " + strconv.Itoa(tt.char) + ")"; !strings.Contains(msg, want) {
				t.Errorf("problem %q does not point at %s", msg, want)
			}
			// The character count agrees with core's byte offset.
			_, err := expr.Parse(tt.item)
			xe, ok := err.(*expr.Error)
			if !ok {
				t.Fatalf("ParseExpr(%q) error = %v, want an *ExprError", tt.item, err)
			}
			if got := len([]rune(tt.item[:xe.Offset])) + 1; got != tt.char {
				t.Errorf("core's offset %d is character %d, the table says %d", xe.Offset, got, tt.char)
			}
			if !strings.Contains(msg, xe.Msg) {
				t.Errorf("problem %q does not carry core's message %q", msg, xe.Msg)
			}
		})
	}

	// Several bad items: one problem each, in order.
	e := ResolveEmbed(Options{Show: "zzz, P, yyy(1, 2), n", Board: off}, nil)
	if len(e.Problems) != 2 || !strings.Contains(e.Problems[0], `"zzz"`) || !strings.Contains(e.Problems[1], `"yyy(1, 2)"`) {
		t.Errorf("Problems = %q, want one for zzz then one for yyy(1, 2)", e.Problems)
	}
	if len(e.Shown) != 2 || e.Shown[0].Key != "P" || e.Shown[1].Key != "n" {
		t.Errorf("Shown = %+v, want P and n", e.Shown)
	}
}

func TestResolveEmbedBadFEN(t *testing.T) {
	kiwi := mustParse(t, kiwipeteFEN)
	badFENs := []struct {
		fen   string
		field int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", core.FieldActiveColor},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", core.FieldPiecePlacement},
		{"not a fen", core.FieldPiecePlacement},
		{"8/8/8/8/8/8/8/8 w - - 0 0", core.FieldFullmoveNumber},
		{strings.Repeat("8/", 200), core.FieldPiecePlacement}, // longer than core.MaxFENLength
		{"8/8/8/8/8/8/8/8 w - é 0 1", core.FieldEnPassant},
	}
	for _, bf := range badFENs {
		t.Run("kept/"+short(bf.fen), func(t *testing.T) {
			o := Options{FEN: bf.fen, Layout: "berf", Orientation: "black", Labels: true, Show: "P, knightAttacks(N)"}
			e := ResolveEmbed(o, kiwi)
			if e.Read.Err == nil {
				t.Fatal("FENError = nil, want the FEN's error")
			}
			if e.Read.Err.Field != bf.field {
				t.Errorf("FENError.Field = %d, want %d", e.Read.Err.Field, bf.field)
			}
			if e.Read.Input != bf.fen {
				t.Errorf("Input = %q, want %q", e.Read.Input, bf.fen)
			}
			if e.Pos != kiwi {
				t.Errorf("Pos = %p, want the last position %p", e.Pos, kiwi)
			}
			if !e.Board || !e.Flipped || !e.Labels || e.Layout != mustLayout(t, "berf") {
				t.Errorf("Board, Flipped, Labels, Layout = %v, %v, %v, %v: want the options", e.Board, e.Flipped, e.Labels, e.Layout.ID)
			}
			want := []Shown{
				{Key: "P", Title: core.BitboardNames[core.WhitePawn.Index()].Title, Bits: kiwi.Pieces(core.WhitePawn)},
				{Key: "knightAttacks(N)", Title: "knightAttacks(N)", Bits: kiwi.Pieces(core.WhiteKnight).KnightAttacks()},
			}
			if !slices.Equal(e.Shown, want) {
				t.Errorf("Shown = %+v, want %+v (of the last position)", e.Shown, want)
			}
			if len(e.Problems) != 0 {
				t.Errorf("Problems = %q, want none (the FEN error is apart)", e.Problems)
			}
		})
		t.Run("none/"+short(bf.fen), func(t *testing.T) {
			e := ResolveEmbed(Options{FEN: bf.fen, Show: "P, occupied, zzz"}, nil)
			if e.Read.Err == nil || e.Read.Err.Field != bf.field {
				t.Errorf("FENError = %v, want field %d", e.Read.Err, bf.field)
			}
			if e.Pos != nil || e.Board || len(e.Shown) != 0 {
				t.Errorf("Pos = %v, Board = %v, Shown = %+v: want nothing shown", e.Pos, e.Board, e.Shown)
			}
		})
	}
}
