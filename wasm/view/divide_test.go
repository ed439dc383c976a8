package view

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
)

// rowsByUCI returns the attributes of each <tr> with data-uci.
func rowsByUCI(t *testing.T, s string) map[string]map[string]string {
	rows := map[string]map[string]string{}
	for _, a := range startTags(t, s, "tr") {
		if uci, ok := a["data-uci"]; ok {
			if rows[uci] != nil {
				t.Errorf("row %s twice", uci)
			}
			rows[uci] = a
		}
	}
	return rows
}

func TestDivideTable(t *testing.T) {
	p := mustPos(t, core.StartFEN)
	d, _ := core.Divide(p, 2, nil)
	plain := DivideTable(d, nil)
	rows := rowsByUCI(t, plain)
	if len(rows) != 20 || strings.Contains(plain, "pasted") || !strings.Contains(plain, "<td>400</td>") {
		t.Errorf("plain divide: %d rows, want 20 without a pasted column and total 400", len(rows))
	}
	for uci, a := range rows {
		if a["class"] != "" {
			t.Errorf("plain divide row %s has class %q", uci, a["class"])
		}
	}
	got := divide.Parse("e2e4: 20\ng1f3: 21\ne1e2: 19\n<b>junk</b>\nNodes searched: 60")
	s := DivideTable(d, &got)
	rows = rowsByUCI(t, s)
	want := map[string]string{"e2e4": "", "g1f3": "wrong", "e1e2": "extra", "a2a3": "missing", "d2d4": "missing"}
	for uci, class := range want {
		if rows[uci] == nil || rows[uci]["class"] != class {
			t.Errorf("row %s: attrs %v, want class %q", uci, rows[uci], class)
		}
	}
	if len(rows) != 21 {
		t.Errorf("%d rows, want 20 legal moves and 1 extra", len(rows))
	}
	// Every legal move can be descended into; the extra one cannot be played.
	buttons := startTags(t, s, "button")
	if len(buttons) != 20 || buttons[0]["data-descend"] != "a2a3" || !strings.Contains(buttons[0]["aria-label"], "missing") {
		t.Errorf("buttons: %d, first %v", len(buttons), buttons[0])
	}
	for _, a := range buttons {
		if a["data-descend"] == "e1e2" {
			t.Errorf("the extra move e1e2 has a descend button")
		}
	}
	if !strings.Contains(s, `<td class="wrong">60</td>`) || !strings.Contains(s, "not understood: line 4 '<code>&lt;b&gt;junk&lt;/b&gt;</code>' — no move and count") ||
		!strings.Contains(s, "&lt;b&gt;junk&lt;/b&gt;") || strings.Contains(s, "<b>junk") {
		t.Errorf("total, skipped lines or escaping missing:\n%s", s)
	}
	// At depth 1 every count is 1: nothing to descend into.
	d1, _ := core.Divide(p, 1, nil)
	if s := DivideTable(d1, nil); strings.Contains(s, "data-descend") || len(rowsByUCI(t, s)) != 20 {
		t.Errorf("depth 1 divide has descend buttons or not 20 rows:\n%s", s)
	}
}

// TestDivideTableTotals checks the footer of a compared divide: the
// pasted total beside Bitview's, and the sum of the pasted moves when the
// paste states no total or another one.
func TestDivideTableTotals(t *testing.T) {
	d, _ := core.Divide(mustPos(t, core.StartFEN), 1, nil) // 20 moves of 1
	var all strings.Builder
	for _, e := range d.Entries {
		all.WriteString(e.Move.UCI() + " 1\n")
	}
	footer := regexp.MustCompile(`(?s)<tfoot>.*</tfoot>`)
	tests := []struct {
		name, text string
		want       string // the footer's rows, tags and all
	}{
		{"total is the sum and ours", all.String() + "Nodes searched: 20",
			`<tfoot><tr><th scope="row">total</th><td>20</td><td>20</td></tr></tfoot>`},
		{"total is the sum, not ours", "a2a3 1\nNodes searched: 1",
			`<tfoot><tr><th scope="row">total</th><td>20</td><td class="wrong">1</td></tr></tfoot>`},
		{"no total", "a2a3 1\nb2b3 1",
			`<tfoot><tr><th scope="row">total</th><td>20</td><td>—</td></tr>` +
				`<tr data-total="sum"><th scope="row">sum of the pasted moves</th><td></td><td class="wrong">2</td></tr></tfoot>`},
		{"no total, the sum is ours", all.String(),
			`<tfoot><tr><th scope="row">total</th><td>20</td><td>—</td></tr>` +
				`<tr data-total="sum"><th scope="row">sum of the pasted moves</th><td></td><td>20</td></tr></tfoot>`},
		{"total is ours, not the sum", "a2a3 1\nNodes searched: 20",
			`<tfoot><tr><th scope="row">total</th><td>20</td><td>20</td></tr>` +
				`<tr data-total="sum"><th scope="row">sum of the pasted moves</th><td></td><td class="wrong">1</td></tr></tfoot>`},
		{"sum past 64 bits", "a2a3 18446744073709551615\nb2b3 1\nNodes searched: 20",
			`<tfoot><tr><th scope="row">total</th><td>20</td><td>20</td></tr>` +
				`<tr data-total="sum"><th scope="row">sum of the pasted moves</th><td></td><td class="wrong">&gt; 18,446,744,073,709,551,615</td></tr></tfoot>`},
		{"no moves", "Nodes searched: 20",
			`<tfoot><tr><th scope="row">total</th><td>20</td><td>20</td></tr></tfoot>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := divide.Parse(tt.text)
			s := DivideTable(d, &got)
			if f := footer.FindString(s); f != tt.want {
				t.Errorf("DivideTable footer of %q =\n%s\nwant\n%s", tt.text, f, tt.want)
			}
		})
	}
}

// TestDivideTablePartial: three lines of a divide without a total mark
// the moves pasted (a wrong count, an extra move) and none of the
// unpasted moves missing; the same three lines with their sum as the
// total are a whole divide, and the 17 others are missing.
func TestDivideTablePartial(t *testing.T) {
	d, _ := core.Divide(mustPos(t, core.StartFEN), 2, nil)
	for _, tt := range []struct {
		text    string
		missing int
	}{
		{"e2e4: 20\ng1f3: 21\nd2d4: 20\ne1e2: 19\n", 0},
		{"e2e4: 20\ng1f3: 21\nd2d4: 20\ne1e2: 19\nNodes searched: 400\n", 0}, // a total above the lines' sum: lines were lost
		{"e2e4: 20\ng1f3: 21\nd2d4: 20\ne1e2: 19\nNodes searched: 80\n", 17},
	} {
		got := divide.Parse(tt.text)
		rows := rowsByUCI(t, DivideTable(d, &got))
		classes := map[string]int{}
		for _, a := range rows {
			classes[a["class"]]++
		}
		if rows["g1f3"]["class"] != "wrong" || rows["e1e2"]["class"] != "extra" || rows["e2e4"]["class"] != "" || classes["missing"] != tt.missing {
			t.Errorf("%q: g1f3 %q, e1e2 %q, e2e4 %q, %d missing; want wrong, extra, none and %d missing",
				tt.text, rows["g1f3"]["class"], rows["e1e2"]["class"], rows["e2e4"]["class"], classes["missing"], tt.missing)
		}
	}
}

// TestDivideTableNotation: a Chess960 position's castling rows are
// written king-takes-rook; castling pasted in UCI's other notation counts
// for the move it names; a move pasted twice is marked repeated.
func TestDivideTableNotation(t *testing.T) {
	d960, _ := core.Divide(mustPos(t, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"), 1, nil)
	rows := rowsByUCI(t, DivideTable(d960, nil))
	if rows["e1b1"] == nil || rows["e1g1"] == nil || rows["e1c1"] != nil || len(rows) != 25 {
		t.Errorf("Chess960 rows %v, want e1b1 and e1g1 (king takes rook), 25 in all", rows)
	}
	d, _ := core.Divide(mustPos(t, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), 1, nil)
	got := divide.Parse("e1h1: 1\ne1a1: 2\ne1d1: 1\ne1d1: 1\n\nNodes searched: 5\n")
	s := DivideTable(d, &got)
	rows = rowsByUCI(t, s)
	for uci, class := range map[string]string{"e1g1": "", "e1c1": "wrong", "e1d1": "repeated", "a1a2": "missing"} {
		if rows[uci] == nil || rows[uci]["class"] != class {
			t.Errorf("row %s: %v, want class %q", uci, rows[uci], class)
		}
	}
	if rows["e1h1"] != nil || rows["e1a1"] != nil || !strings.Contains(s, `<tr data-uci="e1g1"><th scope="row"><code>e1g1</code></th><td>1</td><td>1</td></tr>`) {
		t.Errorf("castling king-takes-rook is not the rows of e1g1 and e1c1:\n%s", s)
	}
	v := PerftVerdict(d, got, nil)
	if !strings.Contains(v, "1 repeated") || !strings.Contains(v, "lists 1 move more than once") {
		t.Errorf("verdict %s", v)
	}
}
