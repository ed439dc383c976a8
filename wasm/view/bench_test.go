package view

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/magic"
)

func mustPos(t *testing.T, fen string) core.Position {
	t.Helper()
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

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

func TestMagicSteps(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	s, err := magic.Explain(core.Rook, core.H1, p.Occupied())
	if err != nil {
		t.Fatal(err)
	}
	m := MagicSteps(s)
	var steps []string
	for _, a := range startTags(t, m, "section") {
		steps = append(steps, a["data-step"])
	}
	if strings.Join(steps, " ") != "occupancy mask masked magic product index attacks reference" {
		t.Errorf("steps %v", steps)
	}
	cells := gridcells(t, m)
	if len(cells) != 7*64 {
		t.Fatalf("%d cells, want 7 grids of 64", len(cells))
	}
	// The product's grid marks the index bits: the top Bits bits.
	marked := 0
	for _, c := range cells[4*64 : 5*64] {
		if strings.Contains(c.attrs["class"], "index-bit") {
			marked++
		}
	}
	if marked != s.Bits {
		t.Errorf("%d index bits marked, want %d", marked, s.Bits)
	}
	// The attack grid's set cells are the sliding attacks.
	var set core.Bitboard
	for _, c := range cells[5*64 : 6*64] {
		if c.attrs["data-bit"] == "1" {
			sq, _ := core.ParseSquare(c.attrs["data-square"])
			set.Set(sq)
		}
	}
	if set != core.RookAttacks(core.H1, p.Occupied()) || !strings.Contains(m, `class="verdict agree"`) {
		t.Errorf("attack grid %x, want %x and the verdict agree", uint64(set), uint64(core.RookAttacks(core.H1, p.Occupied())))
	}
}

func TestZobristTable(t *testing.T) {
	p := mustPos(t, core.StartFEN)
	s := ZobristTable(&p)
	rows := startTags(t, s, "tr")
	// header, 32 pieces, 4 castling rights, turn, footer
	if len(rows) != 1+32+4+1+1 || !strings.Contains(s, "0x463b96181691fc9c") || !strings.Contains(s, `data-copy="463b96181691fc9c"`) {
		t.Errorf("%d rows; key present: %v", len(rows), strings.Contains(s, "463b96181691fc9c"))
	}
	if !strings.Contains(s, "<td>white king on e1</td><td>708</td>") || !strings.Contains(s, "<td>castling K</td><td>768</td>") {
		t.Errorf("king or castling row missing:\n%s", s)
	}
	m, _ := p.ParseUCI("e2e4")
	d := ZobristDelta(&p, m)
	var out, in []string
	for _, a := range startTags(t, d, "tr") {
		switch a["class"] {
		case "out":
			out = append(out, a["data-kind"]+":"+a["data-square"])
		case "in":
			in = append(in, a["data-kind"]+":"+a["data-square"])
		}
	}
	// e2e4 takes out the pawn on e2 and White's turn, puts in the pawn on
	// e4 (no en passant key: no black pawn can capture).
	if strings.Join(out, " ") != "piece:e2 turn:" || strings.Join(in, " ") != "piece:e4" || !strings.Contains(d, "0x823c9b50fd114196") {
		t.Errorf("delta out %v, in %v:\n%s", out, in, d)
	}
}

func TestDumpVerdicts(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	// LERF, white pieces only, the knights with e5 moved to e4.
	text := "P: 0x000000081000e700\nN = 0x0000000010040000\nB: 0x0000000000001800"
	nums, _ := dump.ParseNumbers(text)
	r := dump.Match(&p, nums)[0]
	s := DumpVerdicts(r)
	if r.Mapping.ID != "lerf" || !strings.Contains(s, `data-layout="lerf"`) || !strings.Contains(s, "2 of 3 numbers agree") {
		t.Fatalf("best %s %s with %d agreeing", r.Mapping.ID, r.Order.ID, r.Agree)
	}
	cells := gridcells(t, s)
	if len(cells) != 3*64 {
		t.Fatalf("%d cells", len(cells))
	}
	classes := map[string]string{}
	for _, c := range cells[64:128] {
		if cl := strings.TrimPrefix(c.attrs["class"], "cell "); cl != "cell" {
			classes[c.attrs["data-square"]] = cl
		}
	}
	if len(classes) != 2 || classes["e4"] != "extra" || classes["e5"] != "missing" {
		t.Errorf("knight cells marked %v, want e4 extra and e5 missing", classes)
	}
	if !strings.Contains(s, "extra: e4 missing: e5") || !strings.Contains(s, `class="card verdict differs"`) {
		t.Errorf("diff text or class missing")
	}
}
