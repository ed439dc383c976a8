package view

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
)

func TestPerftDepthOptions(t *testing.T) {
	opts := startTags(t, PerftDepthOptions(3), "option")
	if len(opts) != core.MaxDivideDepth {
		t.Fatalf("%d options, want %d", len(opts), core.MaxDivideDepth)
	}
	for i, o := range opts {
		_, sel := o["selected"]
		if sel != (i == 2) {
			t.Errorf("option %d selected = %v", i+1, sel)
		}
	}
}

func TestPerftPath(t *testing.T) {
	s := PerftPath(core.StartFEN, []string{"e2e4", "e7e5"}, 2)
	buttons := startTags(t, s, "button")
	if len(buttons) != 4 { // root, two moves, copy
		t.Fatalf("%d buttons, want 4:\n%s", len(buttons), s)
	}
	texts := regexp.MustCompile(`<button type="button" data-path[^>]*>(.*?)</button>`).FindAllStringSubmatch(s, -1)
	for i, want := range []string{"root depth 4", "e2e4 depth 3", "e7e5 depth 2"} {
		if buttons[i]["data-path"] != string(rune('0'+i)) || i >= len(texts) || stripTags(texts[i][1]) != want {
			t.Errorf("step %d: %v, want the text %q (its name)", i, buttons[i], want)
		}
		if _, ok := buttons[i]["aria-label"]; ok {
			t.Errorf("step %d has an aria-label: its text is its name", i)
		}
		if _, cur := buttons[i]["aria-current"]; cur != (i == 2) {
			t.Errorf("step %d aria-current = %v", i, cur)
		}
	}
	if got := buttons[3]["data-copy"]; got != "position startpos moves e2e4 e7e5\ngo perft 2" {
		t.Errorf("engine command %q", got)
	}
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	s = PerftPath(kiwi, nil, 3)
	if !strings.Contains(s, "position fen "+kiwi+"\ngo perft 3") || strings.Contains(s, "moves") {
		t.Errorf("root-only path from Kiwipete:\n%s", s)
	}
}

func TestPerftProgress(t *testing.T) {
	tests := []struct {
		run  PerftRun
		want []string
	}{
		{PerftRun{State: "idle"}, []string{`data-state="idle"`, "press Run"}},
		{PerftRun{State: "running", Depth: 6, Done: 12, Total: 20, Nodes: 1234567}, []string{`max="20"`, `value="12"`, "12 of 20 moves · 1,234,567 nodes", `data-nodes="1234567"`}},
		{PerftRun{State: "done", Depth: 3, Done: 20, Total: 20, Nodes: 8902, Seconds: 0.5}, []string{"20 moves · 8,902 nodes · 0.500 s</span>"}},
		{PerftRun{State: "done", Depth: 5, Done: 20, Total: 20, Nodes: 4865609, Seconds: 0.1}, []string{"4,865,609 nodes · 0.100 s · 48.7 M nodes/s"}},
		{PerftRun{State: "cancelled", Depth: 6, Done: 3, Total: 20, Nodes: 100}, []string{"Cancelled at depth 6 after 3 of 20 moves"}},
		{PerftRun{State: "failed", Error: "<x>"}, []string{`role="alert"`, "&lt;x&gt;"}},
	}
	for _, tt := range tests {
		s := PerftProgress(tt.run)
		for _, w := range tt.want {
			if !strings.Contains(s, w) {
				t.Errorf("PerftProgress(%+v) lacks %q:\n%s", tt.run, w, s)
			}
		}
	}
}

func TestPerftVerdict(t *testing.T) {
	p := mustPos(t, core.StartFEN)
	d, _ := core.Divide(p, 2, nil)
	var all strings.Builder
	for _, e := range d.Entries {
		all.WriteString(e.Move.UCI() + ": " + "20\n")
	}
	tests := []struct {
		name, text string
		want       []string
	}{
		{"agree", all.String(), []string{`data-differ="0"`, "All 20 moves agree."}},
		{"bad total", all.String() + "Nodes searched: 401", []string{`data-differ="0"`, "pasted total 401 is not their sum 400"}},
		{"nothing", "hello", []string{`data-differ="-1"`, "No move counts"}},
		{"wrong", strings.Replace(all.String(), "e2e4: 20", "e2e4: 21", 1), []string{`data-differ="1"`, "1 move differs: 1 with a wrong count", "Click a move"}},
		{"missing and extra", strings.Replace(all.String(), "e2e4: 20", "e1e2: 20", 1), []string{`data-differ="2"`, "2 moves differ: 1 missing, 1 extra", "Found it: in this position your move generator misses e2e4 and makes e1e2, which is not legal."}},
	}
	for _, tt := range tests {
		s := PerftVerdict(d, divide.Parse(tt.text))
		for _, w := range tt.want {
			if !strings.Contains(s, w) {
				t.Errorf("%s: lacks %q:\n%s", tt.name, w, s)
			}
		}
	}
}

func TestParsePerftOption(t *testing.T) {
	tests := []struct {
		in      string
		depth   int
		problem string
	}{
		{"", 0, ""}, {"  ", 0, ""}, {"1", 1, ""}, {" 3 ", 3, ""}, {"4", 4, ""},
		{"5", 0, "at most 4 plies"}, {"0", 0, "not a depth"}, {"-2", 0, "not a depth"}, {"three", 0, `"three" is not a depth`},
	}
	for _, tt := range tests {
		d, p := ParsePerftOption(tt.in)
		if d != tt.depth || (tt.problem == "") != (p == "") || !strings.Contains(p, tt.problem) {
			t.Errorf("ParsePerftOption(%q) = %d, %q; want %d, %q", tt.in, d, p, tt.depth, tt.problem)
		}
	}
}

func TestStaticDivideTable(t *testing.T) {
	d, _ := core.Divide(mustPos(t, core.StartFEN), 3, nil)
	s := StaticDivideTable(d)
	if strings.Contains(s, "data-descend") || len(rowsByUCI(t, s)) != 20 || !strings.Contains(s, `<th scope="row">total</th><td>8902</td>`) {
		t.Errorf("static divide:\n%s", s)
	}
	d.Entries, d.Nodes, d.Complete = d.Entries[:2], 800, false
	if s := DivideTable(d, nil); !strings.Contains(s, `<th scope="row">total so far</th><td>800</td>`) {
		t.Errorf("a cancelled divide's total:\n%s", s)
	}
}

func TestPerftEstimate(t *testing.T) {
	kiwi := mustParse(t, kiwipeteFEN)
	start := mustParse(t, core.StartFEN)
	tests := []struct {
		p             *core.Position
		depth         int
		actual        uint64 // the published count
		lowest, under float64
	}{
		{start, 1, 20, 1, 1},
		{start, 3, 8902, 1, 1},
		{start, 5, 4865609, 0.5, 2},
		{start, 6, 119060324, 0.5, 2},
		{kiwi, 5, 193690690, 0.5, 2},
		{kiwi, 6, 8031647685, 0.5, 2},
	}
	for _, tt := range tests {
		got := PerftEstimate(*tt.p, tt.depth)
		if r := float64(got) / float64(tt.actual); r < tt.lowest || r > tt.under {
			t.Errorf("PerftEstimate(%s, %d) = %d, %.2f× the %d counted", tt.p.FEN(), tt.depth, got, r, tt.actual)
		}
	}
	if got := PerftProgress(PerftRun{State: "waiting", Depth: 6, Estimate: 10_800_000_000}); !strings.Contains(got, "depth 6: about 10,800,000,000 leaves") || !strings.Contains(got, `data-state="waiting"`) {
		t.Errorf("the waiting line: %s", got)
	}
}
