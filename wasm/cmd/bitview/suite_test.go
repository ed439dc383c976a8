package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
)

// suiteFile writes text as a suite file in a temporary folder.
func suiteFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "suite.epd")
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// shipped is core's perftsuite.epd, the standard suite.
var shipped = filepath.Join("..", "..", "..", "core", "testdata", "perftsuite.epd")

// epSuite is a small suite whose positions have en passant captures two
// plies down (Kiwipete) or at once, for the fake engine that never
// generates them; and a line without counts.
const epSuite = `# en passant
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
7k/8/8/3pP3/8/8/8/K7 w - d6 0 1 ;D1 5 ;D2 19
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;id "kiwipete" ;D1 48 ;D2 2039 ;D3 97862
8/8/8/8/8/8/8/K1k5 w - -
`

// TestDivideSuiteAlone: without an engine, -suite checks Bitview against
// the file: the standard suite agrees everywhere; a wrong count of the
// file is named with its line and depth, exit 1.
func TestDivideSuiteAlone(t *testing.T) {
	code, out, errOut := bench(t, "", "divide", "-suite", shipped, "-max-depth", "3")
	if code != 0 || !strings.Contains(out, "126 positions, depths up to 3 (377 counts deeper not run: see -max-depth)") ||
		!strings.Contains(out, "all 378 counts of the suite agree.") || strings.Count(out, "  ok    ok    ok  ") != 126 {
		t.Errorf("divide -suite perftsuite.epd -max-depth 3: exit %d\n%s%s", code, out, errOut)
	}
	bad := suiteFile(t, strings.Replace(epSuite, ";D2 19", ";D2 18", 1))
	code, out, _ = bench(t, "", "divide", "-suite", bad, "-max-depth", "2")
	for _, want := range []string{"1 of the suite's 6 counts differs.", "\n     3  ok    DIFF  7k/8/8/3pP3/8/8/8/K7 w - d6 0 1\n",
		"\n     5  ok    ok    8/8/8/8/8/8/8/K1k5 w - -\n", "line 3 D2: the suite says 18, Bitview counts 19", "(kiwipete)"} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("a suite with a wrong count: exit %d, want 1 and %q:\n%s", code, want, out)
		}
	}
}

// TestDivideSuiteEngines runs a suite against the fake engines: a
// correct one agrees everywhere; one that never generates en passant
// captures differs, its positions stop at their first depth that
// differs, and the first difference is drilled down to the missing en
// passant capture; a file whose count Bitview does not share stops
// before the engine is asked (exit 2).
func TestDivideSuiteEngines(t *testing.T) {
	exe := self(t)
	t.Setenv(fakeEnv, "")
	path := suiteFile(t, epSuite)
	for _, tc := range []struct {
		name, mode, flag string
		code             int
		want             []string
	}{
		{"correct uci", "uci:correct", "-engine", 0, []string{"11 of 11 counts run agree.", "\n     4  ok    ok    ok    r3k2r/"}},
		{"correct perftree", "perftree:correct", "-perftree", 0, []string{"11 of 11 counts run agree."}},
		{"uci without en passant", "uci:noep", "-engine", 1, []string{
			"7 of 9 counts run agree; 2 positions differ (the deeper depths of each skipped).",
			"\n     3  DIFF  ·     -     7k/8/8/3pP3/8/8/8/K7 w - d6 0 1\n",
			"\n     4  ok    DIFF  ·     r3k2r/p1ppqpb1/",
			"The first difference, line 3 at depth 1:",
			"Found it: in this position your engine misses 1 legal move (e5d6): the missing move is an en passant capture."}},
		{"perftree without en passant", "perftree:noep", "-perftree", 1, []string{"The first difference, line 3 at depth 1:", "the missing move is an en passant capture"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(fakeEnv, tc.mode)
			code, out, errOut := bench(t, "", "divide", "-suite", path, "-max-depth", "3", tc.flag, exe)
			for _, want := range tc.want {
				if code != tc.code || !strings.Contains(out, want) {
					t.Errorf("exit %d, want %d and %q:\n%s%s", code, tc.code, want, out, errOut)
				}
			}
			checkNoneLeft(t)
		})
	}
	// A file Bitview disagrees with: the engine is not asked (this one
	// would exit at its first go perft, status 1).
	t.Setenv(fakeEnv, "uci:exit")
	bad := suiteFile(t, strings.Replace(epSuite, ";D3 8902", ";D3 8903", 1))
	code, out, errOut := bench(t, "", "divide", "-suite", bad, "-max-depth", "3", "-engine", exe)
	if code != 2 || !strings.Contains(errOut, "Bitview's perft differs from 1 count of the suite, so the engine is not asked (no verdict on it): line 2 D3: the suite says 8,903, Bitview counts 8,902") ||
		!strings.Contains(out, "\n     2  ok    ok    FILE  rnbqkbnr/") {
		t.Errorf("a wrong suite with an engine: exit %d\n%s%s", code, out, errOut)
	}
	checkNoneLeft(t)
}

// TestDivideSuiteBadInput: a suite that cannot be read, or flags that do
// not go with -suite, exit 2 with the fault named.
func TestDivideSuiteBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"-suite", filepath.Join(dir, "none.epd")}, "", "none.epd: no such file"},
		{[]string{"-suite", "-"}, "8/8/8/8/8/8/8/K1k5 w - - ;D1 3\n8/8/9/8/8/8/8/K1k5 w - - ;D1 3\n", "bitview divide: standard input: line 2, column 5: FEN piece placement (field 1)"},
		{[]string{"-suite", "-"}, "8/8/8/8/8/8/8/K1k5 w - - ;D1 x", `bitview divide: standard input: line 1, column 30: D1 count "x" is not a number`},
		{[]string{"-suite", "-"}, "# nothing\n", "bitview divide: standard input holds no position"},
		{[]string{"-suite", "-"}, strings.Repeat("#", 1<<20+1), "bitview divide: the suite on standard input is over its limit of 1,048,576 bytes"},
		{[]string{"-suite", "-", "-max-depth", "7"}, "8/8/8/8/8/8/8/K1k5 w - - ;D1 3", "bitview divide: -max-depth 7 is out of range: 1 to 6"},
		{[]string{"-suite", "x.epd", "-depth", "3"}, "", "bitview divide: -suite runs the suite's positions at its depths: give no -fen, -depth or -stats"},
		{[]string{"-suite", "x.epd", "-stats"}, "", "bitview divide: -suite runs the suite's positions at its depths"},
		{[]string{"-suite", "x.epd", "-engine", "-"}, "", "bitview divide: -suite asks an engine for many divides"},
		{[]string{"-depth", "3", "-max-depth", "3"}, "", "bitview divide: -max-depth applies to -suite"},
	} {
		code, out, errOut := bench(t, tc.stdin, append([]string{"divide"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("divide %q: exit %d, %q %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestDivideJSON decodes divide -json in each of its forms: a divide, a
// divide with stats, a comparison with an engine drilled down, a suite,
// and bad input; each is one bitview-divide/1 document whose every member
// the schema knows, with the values the text gives.
func TestDivideJSON(t *testing.T) {
	exe := self(t)
	var doc benchjson.Divide
	code, out, _ := bench(t, "", "divide", "-depth", "2", "-json")
	decodeJSON(t, out, &doc)
	if code != 0 || doc.Schema != "bitview-divide/1" || doc.Depth != 2 || doc.Nodes != 400 || len(doc.Moves) != 20 || doc.Moves[0] != (benchjson.Move{UCI: "a2a3", Nodes: 20}) ||
		doc.Stats != nil || doc.Engine != nil || doc.Suite != nil || doc.Exit != 0 {
		t.Errorf("divide -depth 2 -json: exit %d, %+v", code, doc)
	}

	doc = benchjson.Divide{}
	code, out, _ = bench(t, "", "divide", "-depth", "3", "-stats", "-json", "-fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	decodeJSON(t, out, &doc)
	wantStats := benchjson.Stats{Nodes: 2812, Captures: 209, EnPassant: 2, Checks: 267, DiscoveredChecks: 3}
	if code != 0 || doc.Stats == nil || *doc.Stats != wantStats || len(doc.Moves) != 14 || doc.Moves[11].UCI != "e2e4" ||
		doc.Moves[11].Stats == nil || doc.Moves[11].Stats.DiscoveredChecks != 1 {
		t.Errorf("divide -stats -json: exit %d, %+v", code, doc)
	}

	t.Setenv(fakeEnv, "uci:noep")
	doc = benchjson.Divide{}
	code, out, _ = bench(t, "", "divide", "-depth", "3", "-json", "-fen", kiwipete, "-engine", exe)
	decodeJSON(t, out, &doc)
	e := doc.Engine
	if code != 1 || doc.Exit != 1 || e == nil || e.Outcome != "found" || len(e.Steps) != 3 || e.Steps[2].Depth != 1 ||
		len(e.Steps[2].Differences) != 1 || e.Steps[2].Differences[0] != (benchjson.Difference{UCI: "d5c6", Kind: "missing", Bitview: 1, MoveKind: "en passant capture"}) ||
		e.Verdict != "in this position your engine misses 1 legal move (d5c6): the missing move is an en passant capture" ||
		len(e.See) != 2 || e.See[0] != "position fen "+kiwipete+" moves a1b1 c7c5" || e.Total == nil || *e.Total != sumMoves(e.Moves) || doc.Nodes != 97862 {
		t.Errorf("divide -json with an engine: exit %d, %+v %+v", code, doc, e)
	}

	t.Setenv(fakeEnv, "uci:noep")
	doc = benchjson.Divide{}
	code, out, _ = bench(t, "", "divide", "-suite", suiteFile(t, epSuite), "-max-depth", "3", "-json", "-engine", exe)
	decodeJSON(t, out, &doc)
	s := doc.Suite
	if code != 1 || s == nil || s.MaxDepth != 3 || len(s.Positions) != 4 || s.Counts != 9 || s.Agree != 7 ||
		s.First == nil || *s.First != (benchjson.CellRef{Line: 3, Depth: 1}) || doc.Engine == nil || doc.Engine.Outcome != "found" {
		t.Fatalf("divide -suite -json: exit %d, %+v", code, doc)
	}
	if c := s.Positions[1].Cells; len(c) != 2 || c[0].Status != "differs" || c[0].Suite == nil || *c[0].Suite != 5 || c[0].Bitview != 5 ||
		c[0].Engine == nil || *c[0].Engine != 4 || c[1].Status != "skipped" || c[1].Engine != nil {
		t.Errorf("the en passant line's cells: %+v", c)
	}
	if c := s.Positions[3].Cells; len(c) != 3 || c[2].Suite != nil || c[2].Bitview != 12 || c[2].Engine == nil || *c[2].Engine != 12 || c[2].Status != "agree" {
		t.Errorf("the line without counts: %+v", c)
	}

	doc = benchjson.Divide{}
	code, out, errOut := bench(t, "", "divide", "-depth", "9", "-json")
	decodeJSON(t, out, &doc)
	if code != 2 || doc.Exit != 2 || doc.Schema != "bitview-divide/1" || !strings.Contains(errOut, doc.Error) || doc.Error == "" {
		t.Errorf("divide -json with a bad depth: exit %d, %+v, %q", code, doc, errOut)
	}
}

// TestDivideStats: -stats prints the CPW table's columns per move and in
// total (CPW position 3 at depth 3: 2,812 nodes, 209 captures, 2 en
// passant, 267 checks, 3 discovered), then the total as a divide ends;
// with an engine, after the comparison.
func TestDivideStats(t *testing.T) {
	code, out, _ := bench(t, "", "divide", "-depth", "3", "-stats", "-fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	for _, want := range []string{
		"move   nodes  captures  e.p.  castles  promotions  checks  discovered  double  checkmates\n",
		"e2e4     177         6     0        0           0      14           1       0           0\n",
		"\ntotal   2812       209     2        0           0     267           3       0           0\n\nNodes searched: 2812\n",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("divide -stats: exit %d, want %q:\n%s", code, want, out)
		}
	}
	exe := self(t)
	t.Setenv(fakeEnv, "uci:correct")
	code, out, _ = bench(t, "", "divide", "-depth", "2", "-stats", "-engine", exe)
	if code != 0 || !strings.Contains(out, "All 20 moves agree.\n\nperft divide by kind of move, depth 2") {
		t.Errorf("divide -stats with an engine: exit %d:\n%s", code, out)
	}
}

// sumMoves adds the moves' counts.
func sumMoves(ms []benchjson.Move) uint64 {
	var n uint64
	for _, m := range ms {
		n += m.Nodes
	}
	return n
}

// TestDivideJSONStdin decodes divide -engine - -json: a whole divide on
// standard input that differs at depth 1 ("found", its kind named), and a
// part of one ("partial", no verdict on the moves it leaves out).
func TestDivideJSONStdin(t *testing.T) {
	const ep = "7k/8/8/3pP3/8/8/8/K7 w - d6 0 1"
	whole := "a1a2: 1\na1b1: 1\na1b2: 1\ne5e6: 1\n\nNodes searched: 4\n"
	var doc benchjson.Divide
	code, out, _ := bench(t, whole, "divide", "-fen", ep, "-depth", "1", "-engine", "-", "-json")
	decodeJSON(t, out, &doc)
	if e := doc.Engine; code != 1 || e == nil || e.Command != "standard input" || e.Outcome != "found" || len(e.Differences) != 1 ||
		e.Differences[0].MoveKind != "en passant capture" || !strings.Contains(e.Verdict, "the missing move is an en passant capture") {
		t.Errorf("a whole divide on standard input: exit %d, %+v %+v", code, doc, e)
	}
	doc = benchjson.Divide{}
	code, out, _ = bench(t, "a1a2: 1\n", "divide", "-fen", ep, "-depth", "1", "-engine", "-", "-json")
	decodeJSON(t, out, &doc)
	if e := doc.Engine; code != 2 || doc.Exit != 2 || e == nil || e.Outcome != "partial" || !strings.Contains(e.Verdict, "a part of a divide (1 move of 5, no total)") {
		t.Errorf("a part of a divide on standard input: exit %d, %+v %+v", code, doc, e)
	}
}
