package corpus

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Positions the tests, fuzz seeds and benchmarks share, as FEN.
const (
	// Start is the standard starting position.
	Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	// Kiwipete is the Chess Programming Wiki's perft position 2.
	Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	// ArticleFEN is the position from one of our reference articles; its
	// en passant target square b3 is on the wrong rank for White to move.
	ArticleFEN = "r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13"
	// CPWPosition3, 4 and 5 are the Chess Programming Wiki's perft
	// positions of those numbers.
	CPWPosition3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	CPWPosition4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
	CPWPosition5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
)

// BenchFENs is the fixed set of positions the FEN and representation
// benchmarks run over, one sub-benchmark each.
var BenchFENs = []struct{ Name, FEN string }{
	{"start", Start},
	{"kiwipete", Kiwipete},
	{"cpw-pos4", CPWPosition4},
	{"cpw-pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
	{"cpw-pos3", CPWPosition3},
	{"article", ArticleFEN},
}

// Dir returns the path of core/testdata, found from this file's own
// location so that a test of any package under core can read it.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// ReadFile returns the contents of the file name in core/testdata,
// failing t if it cannot be read.
func ReadFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An Entry is one position of testdata/positions.txt.
type Entry struct {
	Line              int // 1-based line in the file
	FEN, Source, Note string
}

// Read returns every position of testdata/positions.txt: lines of FEN,
// source id and note separated by tabs; blank lines and lines starting
// with '#' are skipped.
func Read(t testing.TB) []Entry {
	t.Helper()
	f, err := os.Open(filepath.Join(Dir(), "positions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var es []Entry
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 3 {
			t.Fatalf("positions.txt:%d: %d columns, want FEN, source and note", line, len(cols))
		}
		es = append(es, Entry{line, cols[0], cols[1], cols[2]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return es
}
