package view

import (
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

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

func TestZobristReport(t *testing.T) {
	start := mustPos(t, core.StartFEN)
	s := ZobristReport(&start, nil, core.NoMove)
	if !strings.Contains(s, `<code data-key="463b96181691fc9c">463b96181691fc9c</code>`) || strings.Contains(s, "zobrist-delta") {
		t.Errorf("start position:\n%s", s)
	}
	m, err := start.ParseUCI("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	after := start
	after.Play(m)
	s = ZobristReport(&after, &start, m)
	if !strings.Contains(s, `data-key="823c9b50fd114196"`) || !strings.Contains(s, `<table class="zobrist-delta" data-uci="e2e4"`) {
		t.Errorf("after 1.e4:\n%s", s)
	}
	// Out: the pawn on e2 and the turn; in: the pawn on e4 (no en passant
	// key: no black pawn can take on e3).
	var out, in []string
	for _, r := range startTags(t, s, "tr") {
		switch r["class"] {
		case "out":
			out = append(out, r["data-kind"]+" "+r["data-square"])
		case "in":
			in = append(in, r["data-kind"]+" "+r["data-square"])
		}
	}
	if !slices.Equal(out, []string{"piece e2", "turn "}) || !slices.Equal(in, []string{"piece e4"}) {
		t.Errorf("delta out %q, in %q", out, in)
	}
	checkTagBalance(t, s, "table", "tr", "p", "h3")
}
