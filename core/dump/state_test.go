package dump

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
)

// statementsOf reads text and checks its statements against fen.
func statementsOf(t *testing.T, fen, text string, placementOnly bool) []Statement {
	t.Helper()
	p, _, err := core.ParseFENOrPlacement(fen)
	if err != nil {
		t.Fatal(err)
	}
	d := Read(text)
	var best *Result
	if rs := Match(&p, d.Numbers); len(rs) > 0 {
		best = &rs[0]
	}
	return Statements(&p, placementOnly, &d, best)
}

// TestStatementsDiffer: Stockfish's d of the start position checked
// against Kiwipete names the squares its board and FEN differ on; each of
// BBC's state lines that differs is named with the position's value.
func TestStatementsDiffer(t *testing.T) {
	ss := statementsOf(t, kiwipete, readTestdata(t, "stockfish-15.1-session-kiwipete.txt"), false)
	if len(ss) != 4 || !ss[0].OK || !ss[1].OK || ss[2].Checked || !ss[3].OK {
		t.Fatalf("Kiwipete's d against Kiwipete: %+v", ss)
	}
	start := strings.NewReplacer("BA0586148EFA180B", "8F8F01D4562F59FB").Replace(readTestdata(t, "stockfish-15.1-d-fools-mate.txt"))
	ss = statementsOf(t, kiwipete, start, false)
	want := []struct {
		what   string
		ok     bool
		detail string
	}{
		{"board", false, "a1 R in the dump, R in the position"},
		{FactFEN, false, "the placement: b1 N in the dump, nothing in the position"},
		{FactKey, false, "not the Polyglot key"},
		{FactCheckers, false, "h4 in the dump, none in the position"},
	}
	if len(ss) != len(want) {
		t.Fatalf("%d statements: %+v", len(ss), ss)
	}
	for i, w := range want {
		s := ss[i]
		if s.What != w.what || s.OK != w.ok || w.what != "board" && !strings.Contains(s.Detail, w.detail) {
			t.Errorf("statement %d: %s ok %v %q; want %s ok %v containing %q", i, s.What, s.OK, s.Detail, w.what, w.ok, w.detail)
		}
	}
	if !strings.HasPrefix(ss[0].Detail, "b1 N in the dump, nothing in the position") || !strings.HasSuffix(ss[0].Detail, "more squares") {
		t.Errorf("board detail %q: want the squares, six at most, then how many more", ss[0].Detail)
	}
	for _, want := range []string{"the fullmove number: 3, the position's 1", "the halfmove clock: 1, the position's 0"} {
		if !strings.Contains(ss[1].Detail, want) {
			t.Errorf("FEN detail %q lacks %q", ss[1].Detail, want)
		}
	}

	bbc := readTestdata(t, "bbc-1.4-print_board-kiwipete.txt")
	for _, tt := range []struct {
		from, to, what, detail string
	}{
		{"Side:     white", "Side:     black", FactSide, "the position's is white"},
		{"Castling:  KQkq", "Castling:  K-kq", FactCastling, "the position's are KQkq"},
		{"Enpassant:   no", "Enpassant:   e3", FactEnPassant, "the position's is -"},
		{"Fifty move: 0", "Fifty move: 7", FactHalfmove, "the position's is 0"},
		{"Side:     white", "Side:     purple", FactSide, "not white or black"},
	} {
		ss := statementsOf(t, kiwipete, strings.Replace(bbc, tt.from, tt.to, 1), false)
		found := false
		for _, s := range ss {
			if s.What == tt.what {
				found = true
				if s.OK || s.Detail != tt.detail {
					t.Errorf("%q: ok %v, %q; want %q", tt.to, s.OK, s.Detail, tt.detail)
				}
			} else if s.What != FactKey && !s.OK {
				t.Errorf("%q: %s differs too: %s", tt.to, s.What, s.Detail)
			}
		}
		if !found {
			t.Errorf("%q: no %s statement", tt.to, tt.what)
		}
	}
}

// TestStatementsEdges: a placement alone compares placements only; a
// key that is the Polyglot key agrees; an en passant square no pawn can
// take on may be left out; checkers written as a number are read in the
// numbers' mapping; a board without rank labels drawn upside down is
// read so.
func TestStatementsEdges(t *testing.T) {
	start := core.StartFEN
	ss := statementsOf(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "Fen: "+start+"\nSide: black\nKey: 463b96181691fc9c", true)
	if len(ss) != 3 || !ss[0].OK || ss[1].Checked || ss[2].Checked {
		t.Errorf("placement alone: %+v", ss)
	}
	for _, key := range []string{"463B96181691FC9C", "0x463b96181691fc9c", "5060803636482931868"} {
		if ss = statementsOf(t, start, "Key: "+key, false); !ss[0].OK || ss[0].Detail != "the Polyglot key" {
			t.Errorf("the Polyglot key as %s: %+v", key, ss[0])
		}
	}
	afterE4 := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	ss = statementsOf(t, afterE4, "Enpassant: no\nFen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false)
	if !ss[0].OK || !ss[1].OK || !strings.Contains(ss[0].Detail, "allows no capture") {
		t.Errorf("e3 left out: %+v", ss)
	}
	// A capture is possible on d6: leaving it out differs.
	epFEN := "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
	if ss = statementsOf(t, epFEN, "Enpassant: no", false); ss[0].OK {
		t.Errorf("d6 left out where e5 can take: %+v", ss[0])
	}
	mate := "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	ss = statementsOf(t, mate, "P: 0x0000000040206700\nCheckers: 0x0000000080000000", false)
	if len(ss) != 1 || !ss[0].OK || ss[0].Detail != "read in LERF (a1 = 0)" {
		t.Errorf("checkers as a LERF number: %+v", ss)
	}
	if ss = statementsOf(t, mate, "Checkers: 0x0000000080000000", false); ss[0].Checked {
		t.Errorf("checkers as a number alone: %+v", ss[0])
	}
	// python-chess's board of the start position drawn with rank 1 at the top.
	var rows []string
	for _, r := range strings.Split("rnbqkbnr pppppppp ........ ........ ........ ........ PPPPPPPP RNBQKBNR", " ") {
		rows = append([]string{strings.Join(strings.Split(r, ""), " ")}, rows...)
	}
	ss = statementsOf(t, start, strings.Join(rows, "\n"), false)
	if len(ss) != 1 || !ss[0].OK || ss[0].Detail != "read with rank 1 at the top (it has no rank labels)" {
		t.Errorf("a board upside down: %+v", ss)
	}
}

// TestMaxTextLengthHoldsGrids: the dumps MaxTextLength is sized for fit
// and are read whole: fourteen bitboards drawn with box-drawing
// characters (about 19 KB, as its doc comment says) beside a Stockfish session's d.
func TestMaxTextLengthHoldsGrids(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	var b strings.Builder
	top := "┌" + strings.Repeat("───┬", 7) + "───┐\n"
	mid := "├" + strings.Repeat("───┼", 7) + "───┤\n"
	bottom := "└" + strings.Repeat("───┴", 7) + "───┘\n"
	for _, name := range Orders[1].Names {
		bn, _ := core.LookupBitboard(name)
		grid := top + strings.ReplaceAll(kiwiGrid(bn.Of(&p), false, false, " ● ", "   ", "│", func(int) string { return "│" }), "\n", "│\n"+mid)
		grid = strings.TrimSuffix(grid, mid) + bottom + "  a   b   c   d   e   f   g   h\n"
		b.WriteString(grid)
	}
	if n := b.Len(); n < 18_000 || n > 20_000 || n <= 16<<10 {
		t.Errorf("fourteen box-drawn grids take %d bytes; MaxTextLength's comment says about 19 KB, over the 16 KiB of before", n)
	}
	b.WriteString(readTestdata(t, "stockfish-15.1-session-kiwipete.txt"))
	text := b.String()
	if len(text) > MaxTextLength {
		t.Fatalf("%d bytes, over MaxTextLength", len(text))
	}
	d := Read(text)
	rs := Match(&p, d.Numbers)
	if len(d.Problems) > 0 || len(d.Numbers) != 14 || len(d.Boards) != 1 || rs[0].Agree != 14 {
		t.Errorf("%d bytes: %d numbers, %d boards, problems %v, %d agree", len(text), len(d.Numbers), len(d.Boards), d.Problems, rs[0].Agree)
	}
}
