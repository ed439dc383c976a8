package dump

import (
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

var _ = core.StartFEN
