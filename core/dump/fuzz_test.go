package dump

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core/coretest"
)

// FuzzRead checks that Read never panics and keeps its promises on any
// text: at most MaxNumbers bitboards; each number's Text, each fact's
// Text found at its line and column; grids and boards of eight rows
// inside the text; indices on every number or none, all different; every
// problem with a reason and a line; the same answer twice. Each number's
// value read back from its hex, decimal, signed and binary forms, and
// from a grid drawing its squares, is the same value. Match and
// Statements answer for every number, board and fact. Seeded with the
// engines' dumps of testdata and the cases of the other tests.
func FuzzRead(f *testing.F) {
	files, _ := os.ReadDir("testdata")
	for _, e := range files {
		if strings.HasSuffix(e.Name(), ".txt") {
			f.Add(readTestdata(f, e.Name()))
		}
	}
	for _, s := range []string{
		"0x000000000000FF00, -1 0b101 P: 65280", "WhitePawns = 000000000000ff00ULL\nbb[BN] = 0x42", strings.Repeat("1 ", 20),
		"pieces[WHITE][PAWN] = 0xff00\npieces[1] = 0x42", "uint64_t bb[12] = {0xff00ULL, (1ULL << 8) | (1ULL<<9)};", "Bitboard 1 of 12: 0xff00",
		"x = 0xFF << (8 * 6) | uint64(1) << 63", "1ULL << 64", "SquareSet(0x0000_0000_0000_ff00)", "Fen: 8/8/8/8/8/8/8/8 w - - 0 1\nCheckers: e1 0x10",
		"+---+\n| X |", "/* 0x10 \n 0x20 */ 0x30 // 0x40", "Stockfish 15.1\noption name Hash type spin default 16",
	} {
		f.Add(s)
	}
	f.Fuzz(fuzzBody)
}

// fuzzBody is FuzzRead's check of one text.
func fuzzBody(t *testing.T, text string) {
	{
		kiwi := coretest.MustFEN(t, kiwipete)
		d := Read(text)
		if !reflect.DeepEqual(d, Read(text)) {
			t.Fatal("two reads of the same text differ")
		}
		if len(d.Numbers) > MaxNumbers {
			t.Fatalf("%d numbers", len(d.Numbers))
		}
		lines := strings.Split(text, "\n")
		at := func(line, col int, s string) bool {
			return line >= 1 && line <= len(lines) && col >= 1 && col-1 <= len(lines[line-1]) && strings.HasPrefix(lines[line-1][col-1:], s)
		}
		indexed := map[int]bool{}
		for _, n := range d.Numbers {
			if n.Base != 0 && !at(n.Line, n.Col, n.Text) {
				t.Fatalf("number %+v not found at its line and column", n)
			}
			if g := n.Grid; g != nil && (g.Line < 1 || g.EndLine < g.Line+7 || g.EndLine > len(lines)) {
				t.Fatalf("grid at lines %d–%d of %d", g.Line, g.EndLine, len(lines))
			}
			if n.Base == 0 && n.Grid == nil {
				t.Fatalf("neither a number nor a grid: %+v", n)
			}
			if n.Indexed != d.Numbers[0].Indexed || n.Indexed && indexed[n.Index] {
				t.Fatalf("indices on some numbers only, or twice: %+v", d.Numbers)
			}
			indexed[n.Index] = true
			if n.Base == 0 {
				continue
			}
			for _, form := range []string{
				"0x" + strconv.FormatUint(n.Value, 16), strconv.FormatUint(n.Value, 10),
				strconv.FormatInt(int64(n.Value), 10), "0b" + strconv.FormatUint(n.Value, 2),
			} {
				again := Read(form)
				if len(again.Numbers) != 1 || again.Numbers[0].Value != n.Value {
					t.Fatalf("%q read back as %+v, want %x", form, again.Numbers, n.Value)
				}
			}
			lerf := mappingByID("lerf")
			grid := Read(kiwiGrid(lerf.Squares(n.Value), false, false, "1", "0", " ", func(r int) string { return strconv.Itoa(r) + " " }))
			if len(grid.Numbers) != 1 || grid.Numbers[0].Grid == nil || grid.Numbers[0].Grid.Squares("") != lerf.Squares(n.Value) {
				t.Fatalf("%x drawn as a grid read back as %+v", n.Value, grid.Numbers)
			}
		}
		for _, b := range d.Boards {
			if b.Line < 1 || b.EndLine < b.Line+7 || b.EndLine > len(lines) {
				t.Fatalf("board at lines %d–%d of %d", b.Line, b.EndLine, len(lines))
			}
		}
		for _, fa := range d.Facts {
			if !at(fa.Line, fa.Col, fa.Text) {
				t.Fatalf("fact %+v not found at its line and column", fa)
			}
		}
		for _, p := range d.Problems {
			if p.Reason == "" || p.Line < 1 || p.Line > len(lines) {
				t.Fatalf("problem without reason or line: %+v", p)
			}
		}
		rs := Match(&kiwi, d.Numbers)
		var best *Result
		if len(rs) > 0 {
			best = &rs[0]
			if len(best.Verdicts) != len(d.Numbers) || best.Agree > len(d.Numbers) {
				t.Fatalf("best reading: %d verdicts, %d agree, for %d numbers", len(best.Verdicts), best.Agree, len(d.Numbers))
			}
		}
		ss := Statements(&kiwi, false, &d, best)
		if len(ss) != len(d.Boards)+len(d.Facts) {
			t.Fatalf("%d statements for %d boards and %d facts", len(ss), len(d.Boards), len(d.Facts))
		}
		for _, s := range ss {
			if !s.Checked && s.OK {
				t.Fatalf("not checked but agreeing: %+v", s)
			}
		}
	}
}
