package view

import (
	"html"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/core/pgn"
)

// squares returns the bitboard of the named squares.
func squares(t *testing.T, names ...string) core.Bitboard {
	t.Helper()
	var b core.Bitboard
	for _, n := range names {
		b.Set(mustSquare(t, n))
	}
	return b
}

// short returns s cut to 30 characters, for a subtest name.
func short(s string) string {
	if r := []rune(s); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}

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
			if e.Input != tt.o.FEN {
				t.Errorf("Input = %q, want the FEN as given %q", e.Input, tt.o.FEN)
			}
			if e.FENError != nil {
				t.Errorf("FENError = %v, want nil", e.FENError)
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

// TestResolveEmbedPlacementOnly: a piece placement alone (the form
// articles print) shows its position, white to move with no rights, and
// says so; a full FEN says nothing; a bad placement keeps its error.
func TestResolveEmbedPlacementOnly(t *testing.T) {
	placement := strings.Fields(kiwipeteFEN)[0]
	e := ResolveEmbed(Options{FEN: " " + placement + "\n", Show: "P"}, nil)
	want := mustParse(t, placement+" w - - 0 1")
	if e.FENError != nil || e.Pos == nil || *e.Pos != *want || !e.PlacementOnly || len(e.Shown) != 1 {
		t.Fatalf("ResolveEmbed(placement) = pos %v, error %v, placementOnly %v, %d cards", e.Pos, e.FENError, e.PlacementOnly, len(e.Shown))
	}
	errs := e.Errors()
	checkTagBalance(t, errs, "p", "code")
	for _, want := range []string{`class="notice"`, `role="status"`, `data-notice="placement-only"`, "white to move",
		"no castling rights", "<code>" + placement + " w - - 0 1</code>"} {
		if !strings.Contains(errs, want) {
			t.Errorf("notice %q lacks %q", errs, want)
		}
	}
	if strings.Contains(errs, `role="alert"`) {
		t.Errorf("notice is an alert: %s", errs)
	}
	if !strings.Contains(e.Markup(core.NoSquare), `data-notice="placement-only"`) {
		t.Error("Markup has no notice")
	}

	if e := ResolveEmbed(Options{FEN: kiwipeteFEN, Board: off, Grid: off}, nil); e.PlacementOnly || strings.Contains(e.Errors(), "notice") {
		t.Errorf("full FEN: placementOnly %v, errors %q", e.PlacementOnly, e.Errors())
	}
	last := mustParse(t, core.StartFEN)
	bad := "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"
	e = ResolveEmbed(Options{FEN: bad, Board: off, Grid: off}, last)
	if e.FENError == nil || e.FENError.Field != 1 || e.FENError.Offset != 18 || e.PlacementOnly || e.Pos != last ||
		strings.Contains(e.Errors(), "notice") {
		t.Errorf("bad placement: error %v, placementOnly %v, pos kept %v", e.FENError, e.PlacementOnly, e.Pos == last)
	}
	if e := ResolveEmbed(Options{FEN: placement + " w", Board: off, Grid: off}, nil); e.FENError == nil || e.FENError.Field != core.FieldCastling {
		t.Errorf("placement and side only: error %v, want castling missing", e.FENError)
	}
}

func TestFENNotice(t *testing.T) {
	out := FENNotice(`8/8/8/8/8/8/8/8 w - - 0 1<x>`)
	checkTagBalance(t, out, "p", "code")
	if !strings.Contains(out, core.PlacementOnlyNotice) || !strings.Contains(out, "&lt;x&gt;") {
		t.Errorf("FENNotice = %s", out)
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
			if e.FENError == nil {
				t.Fatal("FENError = nil, want the FEN's error")
			}
			if e.FENError.Field != bf.field {
				t.Errorf("FENError.Field = %d, want %d", e.FENError.Field, bf.field)
			}
			if e.Input != bf.fen {
				t.Errorf("Input = %q, want %q", e.Input, bf.fen)
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
			if e.FENError == nil || e.FENError.Field != bf.field {
				t.Errorf("FENError = %v, want field %d", e.FENError, bf.field)
			}
			if e.Pos != nil || e.Board || len(e.Shown) != 0 {
				t.Errorf("Pos = %v, Board = %v, Shown = %+v: want nothing shown", e.Pos, e.Board, e.Shown)
			}
		})
	}
}

var (
	alertRE   = regexp.MustCompile(`<div class="error" role="alert"><p>(.*?)</p></div>`)
	sectionRE = regexp.MustCompile(`(?s)<section(\s[^>]*)>(.*?)</section>`)
)

func TestEmbedMarkup(t *testing.T) {
	kiwi := mustParse(t, kiwipeteFEN)
	const badFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
	tests := []struct {
		name string
		o    Options
		last *core.Position
	}{
		{"board and cards", Options{Layout: "berf", Show: "P, knightAttacks(h1), occupied"}, nil},
		{"cards only", Options{FEN: kiwipeteFEN, Layout: "0x88", Show: "n,rookAttacks(e4, occupied)", Board: off}, nil},
		{"board only", Options{Orientation: "black", Labels: true, Show: "P", Grid: off}, nil},
		{"nothing", Options{Board: off, Grid: off}, nil},
		{"bad FEN, last kept", Options{FEN: badFEN, Layout: "10x12", Show: "P"}, kiwi},
		{"bad FEN, last kept, no board", Options{FEN: badFEN, Show: "P", Board: off}, kiwi},
		{"bad FEN, nothing kept", Options{FEN: badFEN, Show: "P"}, nil},
		{"bad name escaped", Options{Show: "P, <script>alert(1)</script>, n"}, nil},
		{"bad layout and names", Options{Layout: "<i>", Show: `zz"z, P & é, occupied`, Board: off}, nil},
		{"everything wrong", Options{FEN: "<b>&", Layout: "x", Show: "P, <q>"}, kiwi},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := ResolveEmbed(tt.o, tt.last)
			out := e.Markup(core.NoSquare)
			checkTagBalance(t, out, "div", "section", "p", "pre")

			// The FEN error.
			hasFENError := strings.Contains(out, "data-error-field=")
			if hasFENError != (e.FENError != nil) {
				t.Errorf("FEN error markup present = %v, FENError = %v", hasFENError, e.FENError)
			}
			if e.FENError != nil {
				errs := startTags(t, out, "div")
				var fe map[string]string
				for _, a := range errs {
					if _, ok := a["data-error-field"]; ok {
						fe = a
					}
				}
				if fe == nil || fe["data-error-field"] != strconv.Itoa(e.FENError.Field) {
					t.Errorf("FEN error tag %v, want data-error-field=%d", fe, e.FENError.Field)
				}
				if !strings.Contains(out, FENError(e.Input, e.FENError, e.Pos != nil)) {
					t.Errorf("markup lacks the FEN error panel")
				}
			}
			if kept := strings.Contains(out, "last valid position"); kept != (e.FENError != nil && e.Pos != nil) {
				t.Errorf("says %q = %v, want %v", "last valid position", kept, e.FENError != nil && e.Pos != nil)
			}

			// One alert per problem, escaped.
			alerts := alertRE.FindAllStringSubmatch(out, -1)
			if len(alerts) != len(e.Problems) || strings.Count(out, `<div class="error" role="alert">`) != len(e.Problems) {
				t.Fatalf("%d alerts, want one per problem %q", len(alerts), e.Problems)
			}
			for i, a := range alerts {
				checkText(t, "problem "+strconv.Itoa(i), a[1], e.Problems[i])
			}
			if strings.Contains(out, "<script>") || strings.Contains(out, "<q>") || strings.Contains(out, "<i>") || strings.Contains(out, "<b>&") {
				t.Errorf("markup holds an unescaped tag from the options: %s", out)
			}

			// The board, iff Board.
			if got := strings.Count(out, `part="square"`); e.Board && got != 64 || !e.Board && got != 0 {
				t.Errorf("%d board squares with Board = %v", got, e.Board)
			}
			if got := strings.Count(out, `aria-label="Chess board`); got != map[bool]int{true: 1, false: 0}[e.Board] {
				t.Errorf("%d boards with Board = %v", got, e.Board)
			}
			if e.Board {
				side := map[bool]string{true: "black", false: "white"}[e.Flipped]
				if !strings.Contains(out, `aria-label="Chess board, `+side+` at the bottom"`) {
					t.Errorf("board is not drawn with %s at the bottom", side)
				}
				if got := strings.Count(out, `<span class="idx">`); e.Labels && got != 64 || !e.Labels && got != 0 {
					t.Errorf("%d square labels with Labels = %v", got, e.Labels)
				}
			}

			// One card per shown bitboard, in order, in the layout, with its bits.
			cards := sectionRE.FindAllStringSubmatch(out, -1)
			if len(cards) != len(e.Shown) {
				t.Fatalf("%d cards, want %d", len(cards), len(e.Shown))
			}
			for i, c := range cards {
				s := e.Shown[i]
				a := parseAttrs(t, c[1])
				if a["data-bitboard"] != s.Key || a["data-layout"] != e.Layout.ID {
					t.Errorf("card %d: data-bitboard %q, data-layout %q; want %q, %q", i, a["data-bitboard"], a["data-layout"], s.Key, e.Layout.ID)
				}
				var set core.Bitboard
				n := 0
				for _, cell := range gridcells(t, c[2]) {
					n++
					if cell.attrs["data-bit"] == "1" {
						set.Set(mustSquare(t, cell.attrs["data-square"]))
					}
				}
				if n != e.Layout.Slots || set != s.Bits {
					t.Errorf("card %d (%s): %d cells with bits %#x, want %d cells with %#x", i, s.Key, n, uint64(set), e.Layout.Slots, uint64(s.Bits))
				}
			}
		})
	}
}

// TestEmbedMarkupFENErrorMark checks that the FEN error marks the
// offending character of the FEN as the user gave it, blanks included.
func TestEmbedMarkupFENErrorMark(t *testing.T) {
	const bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
	markRE := regexp.MustCompile(`<mark>(.*?)</mark>`)
	for _, tt := range []struct{ name, fen string }{
		{"as is", bad},
		{"trailing blanks", bad + "  "},
		{"leading blanks", "  " + bad},
		{"leading tab and newline", "\t\n" + bad},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := ResolveEmbed(Options{FEN: tt.fen, Grid: off}, nil)
			if e.FENError == nil {
				t.Fatal("no FEN error")
			}
			out := e.Markup(core.NoSquare)
			want := strings.Index(tt.fen, " x ") + 1 // the active colour 'x'
			var off string
			for _, a := range startTags(t, out, "div") {
				if v, ok := a["data-error-offset"]; ok {
					off = v
				}
			}
			m := markRE.FindStringSubmatch(out)
			if off != strconv.Itoa(want) || m == nil || m[1] != "x" {
				t.Errorf("error marks offset %s, %q; want offset %d, the 'x' of %q", off, m, want, tt.fen)
			}
		})
	}
}

var snippetRE = regexp.MustCompile(`(?s)<code data-snippet="([a-z]+)">(.*?)</code>`)

func TestSnippets(t *testing.T) {
	tests := []struct {
		name string
		s    State
		base string
	}{
		{"default", DefaultState(), "https://example.com/bitview/"},
		{"flipped and labels", State{FEN: kiwipeteFEN, Layout: "0x88", Show: []string{"n", "empty"}, Flipped: true, Labels: true}, "https://example.com/"},
		{"flipped only", State{FEN: core.StartFEN, Layout: "berf", Show: []string{"P"}, Flipped: true}, "/"},
		{"labels only", State{FEN: core.StartFEN, Layout: "10x12", Show: []string{"P", "p"}, Labels: true}, "./"},
		{"nothing shown", State{FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Layout: "msb-a8"}, "https://a.example/x/"},
		{"quotes and tags", State{FEN: `8/8/8/8 w - - 0 1" onload="alert('<x>')&amp;`, Layout: `le"rf<`, Show: []string{"P", `<i>"&`}, Flipped: true, Labels: true},
			`https://example.com/a&b/"q"<x>/`},
		{"annotated, the grids fixed", State{FEN: kiwipeteFEN, Layout: "lerf", Show: []string{"P"}, Flipped: true, FixedGrids: true,
			Arrows: mustArrows(t, "Ge2e4,Rd7d5"), Marked: mustMarks(t, "Ye5")}, "/"},
		// Copied from the Embed tab with a perft path, a magic lookup, a
		// game and the expression field in the page's state: the iframe
		// shows the view, not the page's tools (it carried &tab=embed).
		{"the page's tools", State{FEN: kiwipeteFEN, Layout: "lerf", Show: []string{"P"}, Tab: "embed", Magic: "rook:e4", Perft: 2,
			Path: []string{"a1b1"}, Root: core.StartFEN, Expr: "P|N", Present: true, Moves: []string{"e2e4"}, Ply: 1}, "https://example.com/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := EmbedSnippets(tt.s, tt.base, "0.1.0")
			checkTagBalance(t, out, "div", "pre", "code", "button")

			// Read the snippets back from the code elements and check each
			// copy button copies exactly that text.
			codes := snippetRE.FindAllStringSubmatch(out, -1)
			if len(codes) != 2 || codes[0][1] != "element" || codes[1][1] != "iframe" {
				t.Fatalf("code elements %q, want element then iframe", codes)
			}
			var copies []string
			for _, b := range startTags(t, out, "button") {
				if b["class"] == "copy" {
					copies = append(copies, b["data-copy"])
				}
			}
			if len(copies) != 2 {
				t.Fatalf("%d copy buttons, want 2", len(copies))
			}
			text := map[string]string{}
			for i, c := range codes {
				text[c[1]] = html.UnescapeString(c[2])
				checkText(t, c[1]+" snippet", c[2], text[c[1]])
				if copies[i] != text[c[1]] {
					t.Errorf("%s copy button copies %q, the snippet reads %q", c[1], copies[i], text[c[1]])
				}
			}

			// The element snippet: the script, then the element.
			el := text["element"]
			lines := strings.Split(el, "\n")
			if len(lines) != 2 {
				t.Fatalf("element snippet %q, want two lines", el)
			}
			// The element comes from the CDN, whatever page the snippet
			// was copied from (see TestEmbedSnippets).
			scripts := startTags(t, lines[0], "script")
			if src := CDN + "0.1.0/bitview-element.js"; len(scripts) != 1 || scripts[0]["type"] != "module" || scripts[0]["src"] != src ||
				!strings.HasSuffix(lines[0], `"></script>`) {
				t.Errorf("script line %q, want a module script from %q", lines[0], src)
			}
			views := startTags(t, lines[1], "bitboard-view")
			if len(views) != 1 || !strings.HasSuffix(lines[1], "></bitboard-view>") {
				t.Fatalf("element line %q, want one <bitboard-view></bitboard-view>", lines[1])
			}
			v := views[0]
			want := map[string]string{"fen": tt.s.FEN, "layout": tt.s.Layout, "show": strings.Join(tt.s.Show, ",")}
			if tt.s.Flipped {
				want["orientation"] = "black"
				if tt.s.FixedGrids {
					want["grids"] = "fixed"
				}
			}
			if tt.s.Labels {
				want["labels"] = ""
			}
			if len(v) != len(want) {
				t.Errorf("bitboard-view attributes %q, want %q", v, want)
			}
			for k, w := range want {
				if got, ok := v[k]; !ok || got != w {
					t.Errorf("bitboard-view %s = %q (present %v), want %q", k, got, ok, w)
				}
			}
			if got := regexp.MustCompile(`\slabels[\s>]`).MatchString(lines[1]); got != tt.s.Labels {
				t.Errorf("bare labels attribute in %q is %v, want %v", lines[1], got, tt.s.Labels)
			}
			raw := regexp.MustCompile(`\sfen="([^"]*)"`).FindStringSubmatch(lines[1])
			if raw == nil {
				t.Fatalf("no fen attribute in %q", lines[1])
			}
			checkText(t, "fen attribute", raw[1], tt.s.FEN)

			// The iframe snippet.
			ifrLines := strings.Split(text["iframe"], "\n")
			if len(ifrLines) != 2 || ifrLines[1] != frameListener {
				t.Fatalf("iframe snippet %q, want the frame and the height listener", text["iframe"])
			}
			ifr := ifrLines[0]
			frames := startTags(t, ifr, "iframe")
			if len(frames) != 1 || !strings.HasSuffix(ifr, "></iframe>") {
				t.Fatalf("iframe snippet %q, want one <iframe></iframe>", ifr)
			}
			if _, ok := frames[0]["data-bitview"]; !ok || frames[0]["height"] != strconv.Itoa(FrameHeight(tt.s)) {
				t.Errorf("iframe %v, want data-bitview and height %d", frames[0], FrameHeight(tt.s))
			}
			src := frames[0]["src"]
			// The view's options only, none of the page's tools.
			wantSrc := tt.base + "embed.html?fen=" + url.QueryEscape(tt.s.FEN) + "&layout=" + url.QueryEscape(tt.s.Layout) +
				"&show=" + url.QueryEscape(strings.Join(tt.s.Show, ","))
			if tt.s.Labels {
				wantSrc += "&labels=1"
			}
			if tt.s.Flipped {
				wantSrc += "&orientation=black"
				if tt.s.FixedGrids {
					wantSrc += "&grids=fixed"
				}
			}
			var items []string
			for _, a := range tt.s.Arrows {
				items = append(items, a.String())
			}
			if len(items) > 0 {
				wantSrc += "&arrows=" + strings.Join(items, ",")
			}
			items = nil
			for _, m := range tt.s.Marked {
				items = append(items, m.String())
			}
			if len(items) > 0 {
				wantSrc += "&marks=" + strings.Join(items, ",")
			}
			if src != wantSrc {
				t.Errorf("iframe src = %q, want %q", src, wantSrc)
			}
			rawSrc := regexp.MustCompile(`\ssrc="([^"]*)"`).FindStringSubmatch(ifr)
			if rawSrc == nil {
				t.Fatalf("no src attribute in %q", ifr)
			}
			checkText(t, "iframe src", rawSrc[1], wantSrc)
			q, err := url.ParseQuery(src[strings.Index(src, "embed.html?")+len("embed.html?"):])
			if err != nil {
				t.Fatalf("iframe query: %v", err)
			}
			if q.Get("fen") != tt.s.FEN || q.Get("layout") != tt.s.Layout || q.Get("show") != strings.Join(tt.s.Show, ",") {
				t.Errorf("iframe query %v does not reproduce the state %+v", q, tt.s)
			}
			if got := q.Get("orientation") == "black"; got != tt.s.Flipped {
				t.Errorf("iframe orientation=black is %v, want %v", got, tt.s.Flipped)
			}
			if got := q.Get("labels") == "1"; got != tt.s.Labels {
				t.Errorf("iframe labels=1 is %v, want %v", got, tt.s.Labels)
			}
			for _, k := range []string{"tab", "magic", "perft", "path", "root", "expr", "present", "moves", "ply", "start", "flip", "free"} {
				if q.Has(k) {
					t.Errorf("iframe query has the page's %s=%q: %s", k, q.Get(k), src)
				}
			}
			if frames[0]["title"] != "Bitview: "+tt.s.FEN {
				t.Errorf("iframe title %q, want %q", frames[0]["title"], "Bitview: "+tt.s.FEN)
			}
		})
	}
}

// mustArrows reads arrows in the [%cal] syntax.
func mustArrows(t *testing.T, s string) []pgn.Arrow {
	t.Helper()
	a, err := pgn.ParseArrows(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// mustMarks reads marks in the [%csl] syntax.
func mustMarks(t *testing.T, s string) []pgn.Mark {
	t.Helper()
	m, err := pgn.ParseMarks(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
