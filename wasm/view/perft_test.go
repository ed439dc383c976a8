package view

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/wasm/model"
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
	if !strings.Contains(s, "position fen "+kiwi+"\ngo perft 3") || strings.Contains(s, "moves") || strings.Contains(s, "UCI_Chess960") {
		t.Errorf("root-only path from Kiwipete:\n%s", s)
	}
	// A Chess960 position: the engine is told first, as it writes castling king-takes-rook.
	c960 := "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"
	s = PerftPath(c960, []string{"e1b1"}, 2)
	if b := startTags(t, s, "button"); b[len(b)-1]["data-copy"] != "setoption name UCI_Chess960 value true\nposition fen "+c960+" moves e1b1\ngo perft 2" {
		t.Errorf("a Chess960 path's commands: %q", b[len(b)-1]["data-copy"])
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
		// Cancelled before the first root move was counted: no "0 of 0".
		{PerftRun{State: "cancelled", Depth: 6, Total: 48}, []string{"Cancelled at depth 6 before the first of 48 moves finished."}},
		{PerftRun{State: "cancelled", Depth: 6}, []string{"Cancelled at depth 6 before the first move finished."}},
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
	d, _ := core.Divide(p, 2, nil) // every move 20, total 400
	d1, _ := core.Divide(p, 1, nil)
	var all strings.Builder
	for _, e := range d.Entries {
		all.WriteString(e.Move.UCI() + ": " + "20\n")
	}
	// with returns all with the replacements of strings.NewReplacer(repl...).
	with := func(repl ...string) string { return strings.NewReplacer(repl...).Replace(all.String()) }
	// Ten wrong counts and two moves missing.
	var many []string
	for _, m := range []string{"a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4"} {
		many = append(many, m+": 20\n", m+": 21\n")
	}
	many = append(many, "g1f3: 20\n", "", "g1h3: 20\n", "")
	// Three lines of Kiwipete's divide at depth 2 (48 root moves, 2,039
	// leaves): a part of a divide, no verdict on the 45 others.
	kd, _ := core.Divide(mustPos(t, kiwipeteFEN), 2, nil)
	var kiwi3 strings.Builder
	var kiwi3sum uint64
	for _, e := range kd.Entries[:3] {
		kiwi3.WriteString(e.Move.UCI() + ": " + strconv.FormatUint(e.Nodes, 10) + "\n")
		kiwi3sum += e.Nodes
	}
	kiwi3wrong := strings.Replace(kiwi3.String(), kd.Entries[1].Move.UCI()+": "+strconv.FormatUint(kd.Entries[1].Nodes, 10),
		kd.Entries[1].Move.UCI()+": 7", 1)
	tests := []struct {
		name      string
		d         core.Division
		text      string
		differ    string // data-differ
		sum, ours string // the total span's data-sum and data-ours; "-" for no total span
		reads     string // the paragraph's whole text
	}{
		{"agree", d, all.String(), "0", "-", "-", "All 20 moves agree."},
		{"agree with the total", d, all.String() + "Nodes searched: 400", "0", "equal", "equal",
			"All 20 moves agree, and so does the pasted total, 400."},
		{"bad total", d, all.String() + "Nodes searched: 401", "0", "differs", "differs",
			"All 20 moves agree, but the pasted total 401 is not their sum, 400."},
		{"nothing", d, "hello", "-1", "-", "-", "No move counts found in the paste: it should have lines like e2e4: 600."},
		{"wrong, no total", d, with("e2e4: 20", "e2e4: 21"), "1", "", "",
			"1 move differs: e2e4 wrong (Bitview 20, pasted 21). The paste states no total; its moves sum to 401, Bitview's to 400. " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
		{"wrong, total is the sum", d, with("e2e4: 20", "e2e4: 21") + "Nodes searched: 401", "1", "equal", "differs",
			"1 move differs: e2e4 wrong (Bitview 20, pasted 21). The pasted total 401 is the sum of the pasted moves; Bitview's is 400. " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
		{"wrong, total is ours", d, with("e2e4: 20", "e2e4: 21") + "Nodes searched: 400", "1", "differs", "equal",
			"1 move differs: e2e4 wrong (Bitview 20, pasted 21). The pasted total 400 equals Bitview's but not the sum of the pasted moves, 401. " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
		{"wrong, total is neither", d, with("e2e4: 20", "e2e4: 21") + "Nodes searched: 1,234", "1", "differs", "differs",
			"1 move differs: e2e4 wrong (Bitview 20, pasted 21). The pasted total 1,234 is neither the sum of the pasted moves, 401, nor Bitview's, 400. " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
		{"missing and extra cancel out", d, with("e2e4: 20", "e1e2: 20") + "Nodes searched: 400", "2", "equal", "equal",
			"2 moves differ: e2e4 missing (Bitview 20), e1e2 extra (pasted 20). The pasted total 400 is the sum of the pasted moves and equals Bitview's. " +
				"Found it: in this position your move generator misses 1 legal move and makes 1 move that is not legal."},
		{"missing at depth 1", d1, "a2a3 1\nb2b3 1\nNodes: 2", "18", "equal", "differs",
			"18 moves differ: a2a4 missing (Bitview 1), b1a3 missing (Bitview 1), b1c3 missing (Bitview 1), b2b4 missing (Bitview 1), " +
				"c2c3 missing (Bitview 1) and 13 more (in all 18 missing). " +
				"The pasted total 2 is the sum of the pasted moves; Bitview's is 20. Found it: in this position your move generator misses 18 legal moves."},
		// One line of 20 without a total is a part of a divide: no "misses 19 legal moves".
		{"a wrong count at depth 1 is not clicked", d1, "a2a3 2\n", "1", "-", "-",
			"1 of 20 root moves pasted: paste the whole divide to compare. Of the moves pasted, 1 differs: a2a3 wrong (Bitview 1, pasted 2)."},
		{"missing first, then extra, then wrong", d, with(many...) + "e1e2: 5\ne1f2 6\nNodes searched: 381", "14", "equal", "differs",
			"14 moves differ: g1f3 missing (Bitview 20), g1h3 missing (Bitview 20), e1e2 extra (pasted 5), e1f2 extra (pasted 6), " +
				"a2a3 wrong (Bitview 20, pasted 21) and 9 more (in all 2 missing, 2 extra, 10 wrong). The pasted total 381 is the sum of the pasted moves; Bitview's is 400. " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
		// The same with a total far above the pasted lines' sum: lines were
		// lost, so the two unpasted moves are not called missing.
		{"lines lost: the total is above their sum", d, with(many...) + "e1e2: 5\ne1f2 6\nNodes searched: 8,902", "12", "differs", "differs",
			"18 of 20 root moves pasted: paste the whole divide to compare. Of the moves pasted, 12 differ: e1e2 extra (pasted 5), e1f2 extra (pasted 6), " +
				"a2a3 wrong (Bitview 20, pasted 21), a2a4 wrong (Bitview 20, pasted 21), b2b3 wrong (Bitview 20, pasted 21) and 7 more (in all 2 extra, 10 wrong). " +
				"The pasted total 8,902 is neither the sum of the pasted moves, 381, nor Bitview's, 400. " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
		{"three of Kiwipete's 48", kd, kiwi3.String(), "0", "-", "-",
			"3 of 48 root moves pasted: paste the whole divide to compare. The 3 pasted agree."},
		{"three of Kiwipete's 48 with Stockfish's total", kd, kiwi3.String() + "\nNodes searched: 2039\n", "0", "differs", "equal",
			"3 of 48 root moves pasted: paste the whole divide to compare. The 3 pasted agree. " +
				"The pasted total 2,039 equals Bitview's but not the sum of the pasted moves, " + strconv.FormatUint(kiwi3sum, 10) + "."},
		{"three of Kiwipete's 48, one wrong", kd, kiwi3wrong, "1", "-", "-",
			"3 of 48 root moves pasted: paste the whole divide to compare. Of the moves pasted, 1 differs: " +
				kd.Entries[1].Move.UCI() + " wrong (Bitview " + strconv.FormatUint(kd.Entries[1].Nodes, 10) + ", pasted 7). " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
		{"one of 48 and a move that is not legal", kd, kiwi3.String()[:strings.Index(kiwi3.String(), "\n")+1] + "e1e2: 40\n", "1", "-", "-",
			"1 of 48 root moves pasted: paste the whole divide to compare. Of the moves pasted, 1 differs: e1e2 extra (pasted 40). " +
				"Found it: in this position your move generator makes 1 move that is not legal."},
		// Three moves whose sum is the stated total: the whole divide of a
		// generator that misses 45 moves.
		{"three of 48 with their sum as the total", kd, kiwi3.String() + "Nodes searched: " + strconv.FormatUint(kiwi3sum, 10), "45", "equal", "differs",
			"45 moves differ: a2a3 missing (Bitview 44), a2a4 missing (Bitview 44), b2b3 missing (Bitview 42), c3a4 missing (Bitview 42), c3b1 missing (Bitview 42) " +
				"and 40 more (in all 45 missing). The pasted total 129 is the sum of the pasted moves; Bitview's is 2,039. " +
				"Found it: in this position your move generator misses 45 legal moves."},
		{"sum past 64 bits", d, with("a2a3: 20", "a2a3: 18446744073709551615"), "1", "", "",
			"1 move differs: a2a3 wrong (Bitview 20, pasted 18,446,744,073,709,551,615). " +
				"The paste states no total; its moves sum to more than 18,446,744,073,709,551,615, Bitview's to 400. " +
				"Click a move with a wrong count to play it and divide one ply deeper."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := PerftVerdict(tt.d, divide.Parse(tt.text), nil)
			checkTagBalance(t, s, "p", "span", "code")
			ps := startTags(t, s, "p")
			if len(ps) != 1 || ps[0]["data-differ"] != tt.differ {
				t.Errorf("PerftVerdict: paragraphs %v, want one with data-differ=%q:\n%s", ps, tt.differ, s)
			}
			checkText(t, "PerftVerdict", stripTags(s), tt.reads)
			var total map[string]string
			named := 0
			for _, sp := range startTags(t, s, "span") {
				switch {
				case sp["class"] == "perft-total":
					total = sp
				case sp["data-uci"] != "" && sp["data-kind"] != "":
					named++
				default:
					t.Errorf("span %v is neither a named move nor the total", sp)
				}
			}
			if want := min(MaxVerdictMoves, max(atoi(t, tt.differ), 0)); named != want {
				t.Errorf("%d moves named, want %d", named, want)
			}
			switch {
			case tt.sum == "-":
				if total != nil {
					t.Errorf("a total span %v, want none", total)
				}
			case total == nil:
				t.Errorf("no total span, want data-sum=%q data-ours=%q", tt.sum, tt.ours)
			case total["data-sum"] != tt.sum || total["data-ours"] != tt.ours:
				t.Errorf("total span %v, want data-sum=%q data-ours=%q", total, tt.sum, tt.ours)
			}
		})
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
		got := model.PerftEstimate(*tt.p, tt.depth)
		if r := float64(got) / float64(tt.actual); r < tt.lowest || r > tt.under {
			t.Errorf("PerftEstimate(%s, %d) = %d, %.2f× the %d counted", tt.p.FEN(), tt.depth, got, r, tt.actual)
		}
	}
	if got := PerftProgress(PerftRun{State: "waiting", Depth: 6, Estimate: 10_800_000_000}); !strings.Contains(got, "depth 6: about 10,800,000,000 leaves") || !strings.Contains(got, `data-state="waiting"`) {
		t.Errorf("the waiting line: %s", got)
	}
}

// TestPerftVerdictKinds: beside a depth-1 divide of the position, the
// verdict on a paste that misses or adds moves says what kind of moves
// they are; without the position, or above depth 1, it does not.
func TestPerftVerdictKinds(t *testing.T) {
	p := mustParse(t, "7k/8/8/2pPp3/8/8/8/K7 w - c6 0 1")
	d, _ := core.Divide(*p, 1, nil)
	var paste strings.Builder
	for _, e := range d.Entries {
		if !e.Move.IsEnPassant() {
			paste.WriteString(e.Move.UCI() + ": 1\n")
		}
	}
	paste.WriteString("e1e2: 1\n")                                                // no piece there: an extra move
	paste.WriteString("\nNodes searched: " + strconv.Itoa(len(d.Entries)) + "\n") // the sum of the lines: a whole divide
	s := PerftVerdict(d, divide.Parse(paste.String()), p)
	checkTagBalance(t, s, "p", "span", "code")
	want := "Found it: in this position your move generator misses 1 legal move and makes 1 move that is not legal: " +
		"the missing move is an en passant capture; the extra move is a move of a square without a piece of the side to move."
	if got := stripTags(s); !strings.Contains(got, want) {
		t.Errorf("PerftVerdict reads\n%s\nwant it to hold\n%s", got, want)
	}
	if !strings.Contains(s, `<span class="perft-kinds">`) {
		t.Errorf("the kinds are not in a span of class perft-kinds:\n%s", s)
	}
	if s := PerftVerdict(d, divide.Parse(paste.String()), nil); strings.Contains(s, "perft-kinds") {
		t.Errorf("without the position, the verdict names kinds:\n%s", s)
	}
}
