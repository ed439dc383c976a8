package view

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/perftsuite"
)

const testSuite = `# two positions of perftsuite.epd, one count wrong, and a line without counts
4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197 ;D4 7059
4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;id "long castling" ;D1 16 ;D2 72
8/8/8/8/8/8/8/K1k5 w - -
`

func suiteOf(t *testing.T, text string) *perftsuite.Suite {
	t.Helper()
	s, err := perftsuite.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return &s
}

// counted returns Bitview's counts of every cell of s up to depth.
func counted(s *perftsuite.Suite, depth int) []SuiteCount {
	cells, _ := s.Cells(depth)
	got := make([]SuiteCount, len(cells))
	for i, c := range cells {
		got[i] = SuiteCount{Nodes: core.PerftDepths(s.Positions[c.Position].Position, c.Depth)[c.Depth-1], Done: true}
	}
	return got
}

// TestPerftSuiteTable: a row per position, a column per depth run, each
// cell's status and counts, the row's button opening the position at its
// first depth that differs.
func TestPerftSuiteTable(t *testing.T) {
	s := suiteOf(t, testSuite)
	got := counted(s, 3)
	out := PerftSuiteTable(s, 3, got)
	checkTagBalance(t, out, "table", "tr", "td", "th", "button", "code")
	for _, want := range []string{
		`<th scope="col">D1</th><th scope="col">D2</th><th scope="col">D3</th><th scope="col">position</th>`,
		`<tr data-line="2"><th scope="row"><button type="button" data-suite-fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1" data-suite-depth="3" aria-label="Open line 2 in the divide, at depth 3">2</button></th>`,
		`<td data-depth="3" data-status="agree" title="suite 1,197, Bitview 1,197">ok</td>`,
		`<button type="button" data-suite-fen="4k3/8/8/8/8/8/8/R3K3 w Q - 0 1" data-suite-depth="2"`,
		`<td data-depth="2" data-status="differs" title="suite 72, Bitview 71">72 ≠ 71</td><td data-depth="3">—</td>`,
		`<small>long castling</small>`,
		`<td data-depth="3" data-status="counted" title="Bitview 12">12</td>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("PerftSuiteTable lacks %s:\n%s", want, out)
		}
	}
	pending := PerftSuiteTable(s, 3, nil)
	if strings.Count(pending, `data-status="pending"`) != 8 || strings.Contains(pending, "ok<") {
		t.Errorf("before a run every cell is pending:\n%s", pending)
	}
}

// TestPerftSuiteVerdict: before, during and after a run, and with a
// depth that leaves counts out.
func TestPerftSuiteVerdict(t *testing.T) {
	s := suiteOf(t, testSuite)
	for _, tc := range []struct {
		name  string
		depth int
		got   []SuiteCount
		reads string
		attrs map[string]string
	}{
		{"before", 3, nil, "A perft suite of 3 positions: Run counts each at every depth it lists up to 3 (5 counts) and compares Bitview's counts with the suite's. 1 count is deeper than depth 3: pick a deeper depth to run it.",
			map[string]string{"data-cells": "5", "data-counted": "0", "data-differ": "0"}},
		{"during", 3, counted(s, 3)[:5], "5 of 8 counted; 1 differs from the suite so far. 1 count is deeper than depth 3: pick a deeper depth to run it.",
			map[string]string{"data-counted": "5", "data-differ": "1"}},
		{"after", 4, counted(s, 4), "1 of the suite's 6 counts differs from Bitview's: line 3 at depth 2 (suite 72, Bitview 71). Click a line to divide it.",
			map[string]string{"data-cells": "6", "data-counted": "10", "data-differ": "1"}},
		{"all agree", 1, counted(s, 1), "Bitview agrees with all 2 counts of the suite (3 positions). 4 counts are deeper than depth 1: pick a deeper depth to run them.",
			map[string]string{"data-differ": "0"}},
	} {
		out := PerftSuiteVerdict(s, tc.depth, tc.got)
		checkText(t, tc.name, stripTags(out), tc.reads)
		ps := startTags(t, out, "p")
		for k, v := range tc.attrs {
			if len(ps) != 1 || ps[0][k] != v {
				t.Errorf("%s: %s = %q, want %q", tc.name, k, ps[0][k], v)
			}
		}
	}
}

// TestDivideTableStats: a divide with stats has a column per kind of move
// (StatKinds), each cell with data-kind, and their totals in the footer;
// one without has none.
func TestDivideTableStats(t *testing.T) {
	p := mustParse(t, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	d, _ := core.DivideStats(*p, 3, nil)
	out := DivideTable(d, nil)
	checkTagBalance(t, out, "table", "tr", "td", "th", "abbr")
	for _, want := range []string{
		`<th scope="col" class="stat"><abbr title="discovered checks">disc.</abbr></th>`,
		`<tr data-uci="e2e4">`,
		`<td>177</td><td class="stat" data-kind="captures">6</td><td class="stat" data-kind="enPassant">0</td>`,
		`<tfoot><tr><th scope="row">total</th><td>2812</td><td class="stat" data-kind="captures">209</td><td class="stat" data-kind="enPassant">2</td>`,
		`<td class="stat" data-kind="checks">267</td><td class="stat" data-kind="discoveredChecks">3</td>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("DivideTable with stats lacks %s:\n%s", want, out)
		}
	}
	plain, _ := core.Divide(*p, 3, nil)
	if strings.Contains(DivideTable(plain, nil), `class="stat"`) {
		t.Error("a divide without stats has stat columns")
	}
}
