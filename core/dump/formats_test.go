package dump

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
)

// engineDumps are the dumps in testdata, each printed by a real engine or
// library (testdata/SOURCES.md says how), with what Read and Match must
// find in it: how many bitboards and boards, the numbering of its numbers
// ("" when it has none in the engine's numbering), the rank at the top of
// its unlabelled grids (0 for none), and the kinds of its facts.
var engineDumps = []struct {
	file    string
	fen     string
	numbers int
	boards  int
	mapping string
	gridTop int
	order   string // Orders[0].ID when ""
	facts   []string
}{
	{"stockfish-15.1-session-kiwipete.txt", kiwipete, 0, 1, "", 0, "", []string{FactFEN, FactKey, FactCheckers}},
	{"stockfish-15.1-d-start.txt", core.StartFEN, 0, 1, "", 0, "", []string{FactFEN, FactKey, FactCheckers}},
	{"stockfish-15.1-d-after-e4.txt", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, 1, "", 0, "", []string{FactFEN, FactKey, FactCheckers}},
	{"stockfish-15.1-d-fools-mate.txt", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 0, 1, "", 0, "", []string{FactFEN, FactKey, FactCheckers}},
	{"stockfish-15.1-pretty-kiwipete.txt", kiwipete, 12, 0, "", 0, "", nil},
	{"bbc-1.4-print_bitboard-kiwipete.txt", kiwipete, 12, 0, "berf", 0, "", nil},
	{"bbc-1.4-print_board-kiwipete.txt", kiwipete, 0, 1, "", 0, "", []string{FactSide, FactEnPassant, FactCastling, FactKey, FactHalfmove}},
	{"viperfish-422d1f5-print_bboard-kiwipete.txt", kiwipete, 12, 0, "", 1, "", nil},
	{"viperfish-ab67699-print_bboard-kiwipete.txt", kiwipete, 12, 0, "", 8, "", nil},
	{"viperfish-ab67699-print_board-kiwipete.txt", kiwipete, 0, 1, "", 0, "", nil},
	{"python-chess-1.11.2-squareset-repr-kiwipete.txt", kiwipete, 12, 0, "", 0, "", nil},
	{"python-chess-1.11.2-squareset-str-kiwipete.txt", kiwipete, 12, 0, "", 8, "", nil},
	{"python-chess-1.11.2-board-str-kiwipete.txt", kiwipete, 0, 1, "", 0, "", nil},
	{"literals-c-kiwipete.txt", kiwipete, 12, 0, "lerf", 0, "", nil},
	{"literals-rust-kiwipete.txt", kiwipete, 12, 0, "lerf", 0, "labels", nil},
	{"literals-go-kiwipete.txt", kiwipete, 12, 0, "lerf", 0, "", nil},
	{"literals-java-kiwipete.txt", kiwipete, 12, 0, "lerf", 0, "", nil},
}

func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReadEngineDumps reads each engine's dump and checks it against the
// position it was printed for: every bitboard agrees under the engine's
// numbering and piece order, every board and fact agrees (a key other
// than Polyglot's is not checked), and nothing is left unread.
func TestReadEngineDumps(t *testing.T) {
	for _, tt := range engineDumps {
		t.Run(strings.TrimSuffix(tt.file, ".txt"), func(t *testing.T) {
			p := coretest.MustFEN(t, tt.fen)
			d := Read(readTestdata(t, tt.file))
			if len(d.Problems) > 0 {
				t.Errorf("problems: %+v", d.Problems)
			}
			if len(d.Numbers) != tt.numbers || len(d.Boards) != tt.boards {
				t.Fatalf("%d numbers and %d boards, want %d and %d: %+v", len(d.Numbers), len(d.Boards), tt.numbers, tt.boards, d.Numbers)
			}
			var kinds []string
			for _, f := range d.Facts {
				kinds = append(kinds, f.Kind)
			}
			if strings.Join(kinds, ",") != strings.Join(tt.facts, ",") {
				t.Errorf("facts %q, want %q", kinds, tt.facts)
			}
			var best *Result
			if tt.numbers > 0 {
				order := tt.order
				if order == "" {
					order = Orders[0].ID
				}
				rs := Match(&p, d.Numbers)
				best = &rs[0]
				if best.Agree != tt.numbers || best.Wrong != 0 || best.Mapping.ID != tt.mapping || best.GridTop != tt.gridTop || best.Order.ID != order {
					t.Errorf("best: %s/%d/%s, %d agree, %d bits wrong; want %q/%d/%s, all agree",
						best.Mapping.ID, best.GridTop, best.Order.ID, best.Agree, best.Wrong, tt.mapping, tt.gridTop, order)
				}
			}
			for _, s := range Statements(&p, false, &d, best) {
				if s.What == FactKey {
					if s.Checked || !strings.HasPrefix(s.Detail, "not the Polyglot key") {
						t.Errorf("key %q: checked %v, %q; want not checked", s.Text, s.Checked, s.Detail)
					}
					continue
				}
				if !s.Checked || !s.OK {
					t.Errorf("%s (line %d) %q: checked %v, ok %v: %s", s.What, s.Line, s.Text, s.Checked, s.OK, s.Detail)
				}
			}
		})
	}
}

// TestReadLiterals: each language's literals read as its own compiler
// reads them (testdata/literals-kiwipete.want holds what gcc, rustc, go
// and javac printed for the same lines).
func TestReadLiterals(t *testing.T) {
	var want []uint64
	for _, f := range strings.Fields(readTestdata(t, "literals-kiwipete.want")) {
		v, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, v)
	}
	for _, lang := range []string{"c", "rust", "go", "java"} {
		d := Read(readTestdata(t, "literals-"+lang+"-kiwipete.txt"))
		var got []uint64
		for _, n := range d.Numbers {
			got = append(got, n.Value)
		}
		if len(d.Problems) > 0 || len(got) != len(want) {
			t.Errorf("%s: %d numbers %+v, problems %+v; want %d", lang, len(got), d.Numbers, d.Problems, len(want))
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: number %d, %q, read as %d; the compiler reads %d", lang, i+1, d.Numbers[i].Text, got[i], want[i])
			}
		}
	}
}

// kiwiGrid draws bitboard b (LERF) as eight rows of cells, the top row
// first: rank 8 at the top unless rank1Top, each row from file a (from
// file h when mirrored), set cells written on and clear ones off,
// separated by sep, with row(rank) written before each row.
func kiwiGrid(b core.Bitboard, rank1Top, mirrored bool, on, off, sep string, row func(rank int) string) string {
	var s strings.Builder
	for i := range 8 {
		rank := 7 - i
		if rank1Top {
			rank = i
		}
		var cells []string
		for j := range 8 {
			file := j
			if mirrored {
				file = 7 - j
			}
			c := off
			if b.Has(core.NewSquare(core.File(file), core.Rank(rank))) {
				c = on
			}
			cells = append(cells, c)
		}
		s.WriteString(row(rank+1) + strings.Join(cells, sep) + "\n")
	}
	return s.String()
}

// TestReadGrids reads grids in each style and rank order, with the
// numbers printed beside them, and refuses grids it cannot read.
func TestReadGrids(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	wp := p.Pieces(core.WhitePawn)
	none := func(int) string { return "" }
	label := func(r int) string { return strconv.Itoa(r) + "  " }
	for _, tt := range []struct {
		name, text string
		numbering  string // the grid's own numbering, "" for none
		value      string // the number printed beside it, "" for none
		label      string
		problem    string // the start of a Problem's reason, when the grid cannot be read
	}{
		{"rank 1 at the top, labelled", kiwiGrid(wp, true, false, "1", "0", " ", label) + "\n    a b c d e f g h\n", "lerf", "", "", ""},
		{"rank 8 at the top, labels 7 to 0", kiwiGrid(wp, false, false, "X", ".", " ", func(r int) string { return strconv.Itoa(r-1) + " " }), "berf", "", "", ""},
		{"files h to a", kiwiGrid(wp, false, true, "1", "0", " ", label) + "   h g f e d c b a\n", "lerf-reversed", "", "", ""},
		{"rank 1 at the top, files h to a", "   H G F E D C B A\n" + kiwiGrid(wp, true, true, "x", "-", " ", label), "msb-a8", "", "", ""},
		{"box drawing", "┌───┬───┬───┬───┬───┬───┬───┬───┐\n" +
			strings.ReplaceAll(kiwiGrid(wp, false, false, " ● ", "   ", "│", func(r int) string { return "│" }), "\n", "│\n├───┼───┼───┼───┼───┼───┼───┼───┤\n") + "└───┴───┴───┴───┴───┴───┴───┴───┘\n",
			"", "", "", ""},
		{"labelled above, its value under it", "WhitePawns:\n" + kiwiGrid(wp, false, false, "1", "0", " ", label) + "\n     a b c d e f g h\n\n     Bitboard: 34628232960d\n     Hex: 0x000000081000E700\n",
			"berf", "34628232960d", "WhitePawns", ""},
		{"its value above it", "  Bitboard: 34628232960\n\n" + kiwiGrid(wp, false, false, "1", "0", " ", label), "berf", "34628232960", "", ""},
		{"seven rows", strings.Join(strings.Split(kiwiGrid(wp, false, false, "1", "0", " ", none), "\n")[:7], "\n"), "", "", "", "7 rows of squares (lines 1–7): a grid has 8"},
		{"rank labels out of order", strings.Replace(kiwiGrid(wp, false, false, "1", "0", " ", label), "2  ", "9  ", 1), "", "", "", "the rank labels of the grid at lines 1–8 run neither 8 to 1 nor 1 to 8"},
		{"pieces and bits", strings.Replace(kiwiGrid(wp, false, false, "1", "0", " ", none), "1", "P", 1), "", "", "", "the grid at lines 1–8 holds both pieces and bits"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := Read(tt.text)
			if tt.problem != "" {
				if len(d.Problems) != 1 || !strings.HasPrefix(d.Problems[0].Reason, tt.problem) || len(d.Numbers) != 0 {
					t.Errorf("problems %+v, %d numbers; want one: %q", d.Problems, len(d.Numbers), tt.problem)
				}
				return
			}
			if len(d.Problems) > 0 || len(d.Numbers) != 1 || d.Numbers[0].Grid == nil {
				t.Fatalf("problems %+v, numbers %+v; want one grid", d.Problems, d.Numbers)
			}
			n := d.Numbers[0]
			if n.Grid.Numbering != tt.numbering || n.Text != tt.value || n.Label != tt.label {
				t.Errorf("grid numbering %q, value %q, label %q; want %q, %q, %q", n.Grid.Numbering, n.Text, n.Label, tt.numbering, tt.value, tt.label)
			}
			if gm := GridMapping(n.Grid, 8); gm.Squares(n.Grid.Cells) != wp {
				got := gm.Squares(n.Grid.Cells)
				t.Errorf("grid squares %s, want %s", got.SquareList(), wp.SquareList())
			}
			if rs := Match(&p, d.Numbers); rs[0].Agree != 1 || rs[0].Verdicts[0].Bitboard != "P" || rs[0].Wrong != 0 {
				t.Errorf("best %s/%d/%s: %d agree, %d bits wrong", rs[0].Mapping.ID, rs[0].GridTop, rs[0].Order.ID, rs[0].Agree, rs[0].Wrong)
			}
		})
	}
}

// TestMatchGridAndNumber: a LERF engine printing BBC's way, the grid by
// its labels and "Bitboard: N" in its own numbering, is read in LERF; a
// number that disagrees with its own grid is told apart from it.
func TestMatchGridAndNumber(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	var b strings.Builder
	for _, name := range Orders[0].Names {
		bn, _ := core.LookupBitboard(name)
		v := bn.Of(&p)
		b.WriteString(kiwiGrid(v, false, false, "1", "0", " ", func(r int) string { return strconv.Itoa(r) + " " }))
		b.WriteString("\n  a b c d e f g h\n  Bitboard: " + strconv.FormatUint(uint64(v), 10) + "\n\n")
	}
	d := Read(b.String())
	rs := Match(&p, d.Numbers)
	if len(d.Problems) > 0 || len(d.Numbers) != 12 || rs[0].Mapping.ID != "lerf" || rs[0].Agree != 12 {
		t.Fatalf("%d numbers, problems %v; best %s with %d agreeing", len(d.Numbers), d.Problems, rs[0].Mapping.ID, rs[0].Agree)
	}
	// The knights' number with e5 moved to e4; its grid stays right.
	knights := p.Pieces(core.WhiteKnight)
	wrong := knights&^core.E5.Bitboard() | core.E4.Bitboard()
	text := strings.Replace(b.String(), "Bitboard: "+strconv.FormatUint(uint64(knights), 10)+"\n", "Bitboard: "+strconv.FormatUint(uint64(wrong), 10)+"\n", 1)
	d = Read(text)
	best := Match(&p, d.Numbers)[0]
	v := best.Verdicts[1]
	if best.Agree != 11 || v.OK || v.Extra != core.E4.Bitboard() || v.Missing != core.E5.Bitboard() || v.GridExtra|v.GridMissing != 0 {
		t.Errorf("a wrong number beside a right grid: %d agree; knights %+v", best.Agree, v)
	}
}

// TestReadLiteralForms: shifts, ORs, suffixes, separators and signs, each
// read as a compiler reads it, and what is never a value.
func TestReadLiteralForms(t *testing.T) {
	for _, tt := range []struct {
		text   string
		values []uint64
		texts  []string
		probs  []string // each Problem's Reason
	}{
		{"x = 1ULL << 50;", []uint64{1 << 50}, []string{"1ULL << 50"}, nil},
		{"(1ULL<<8)|(1ULL<<9)", []uint64{0x300}, []string{"(1ULL<<8)|(1ULL<<9)"}, nil},
		{"RANK_2 = 0xFF << (8 * 1)", []uint64{0xff00}, []string{"0xFF << (8 * 1)"}, nil},
		{"uint64(1) << 50", []uint64{1 << 50}, []string{"uint64(1) << 50"}, nil},
		{"0xff00 | 0x42", []uint64{0xff00, 0x42}, []string{"0xff00", "0x42"}, nil},
		{"1ULL << 64", nil, nil, []string{"a shift by 64: 64 or more leaves no 64-bit value"}},
		{"0xff00_u64 0x42u64 66i64 7LLU 8lu", []uint64{0xff00, 0x42, 66, 7, 8}, []string{"0xff00_u64", "0x42u64", "66i64", "7LLU", "8lu"}, nil},
		{"-9151314442816847872L", []uint64{0x8100000000000000}, []string{"-9151314442816847872L"}, nil},
		{"SquareSet(0x0000_0000_0000_ff00)", []uint64{0xff00}, []string{"0x0000_0000_0000_ff00"}, nil},
		{"Bitboard: 65280d", []uint64{65280}, []string{"65280d"}, nil},
		// Never values: versions, UCI lines, comments, facts, indices.
		{"Stockfish 15.1 by the Stockfish developers", nil, nil, nil},
		{"option name Hash type spin default 16 min 1 max 33554432\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\nd", nil, nil, nil},
		{"// 0xff00\n# 0x42\n/* 0x24\n0x81 */ 0x8", []uint64{8}, []string{"0x8"}, nil},
		{"Key: 8F8F01D4562F59FB\nHash key: b6a3e0ee0ff9bed8", nil, nil, nil},
		{"bb[0][1] = 0x42; sizes[12]; 3 of 12", []uint64{0x42}, []string{"0x42"}, nil},
		{"info depth 1 score cp 20 nodes 20\ninfo string P = 0xff00", []uint64{0xff00}, []string{"0xff00"}, nil},
	} {
		d := Read(tt.text)
		var vs []uint64
		var ts, ps []string
		for _, n := range d.Numbers {
			vs, ts = append(vs, n.Value), append(ts, n.Text)
		}
		for _, p := range d.Problems {
			ps = append(ps, p.Reason)
		}
		if fmt.Sprint(vs) != fmt.Sprint(tt.values) || fmt.Sprint(ts) != fmt.Sprint(tt.texts) || fmt.Sprint(ps) != fmt.Sprint(tt.probs) {
			t.Errorf("Read(%q) = %x %q, problems %q;\nwant %x %q, problems %q", tt.text, vs, ts, ps, tt.values, tt.texts, tt.probs)
		}
	}
	if d := Read("SquareSet(0x0000_0000_0000_ff00)"); d.Numbers[0].Numbering != "lerf" {
		t.Errorf("a SquareSet is not read in LERF: %+v", d.Numbers[0])
	}
}

// TestReadIndices: numeric subscripts and ordinals place their numbers
// in the order; sizes, partial or repeated indices do not.
func TestReadIndices(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []int // each number's Index; nil when none is Indexed
	}{
		{"pieces[3] = 0x81\npieces[0] = 0xff00", []int{3, 0}},
		{"bb[1][2] = 0x24\nbb[0][5] = 0x10", []int{8, 5}},
		{"Bitboard 2 of 12: 0x42\nBitboard 1 of 12: 0xff00", []int{1, 0}},
		{" 2. 0x42\n 1. 0xff00", []int{1, 0}},
		{"uint64_t bb[12] = {0xff00, 0x42};", nil},
		{"pieces[1] = 0x42\n0xff00", nil},
		{"pieces[1] = 0x42\npieces[1] = 0xff00", nil},
	} {
		d := Read(tt.text)
		var got []int
		for _, n := range d.Numbers {
			if n.Indexed {
				got = append(got, n.Index)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) || got != nil && len(got) != len(d.Numbers) {
			t.Errorf("Read(%q): indices %v, want %v", tt.text, got, tt.want)
		}
	}
}
