package view

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/magic"
	"github.com/bitview/bitview/wasm/model"
)

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

func TestMagicReportAndEmbedTools(t *testing.T) {
	p := mustPos(t, core.StartFEN)
	for _, tt := range []struct {
		pt core.PieceType
		sq string
	}{{core.Rook, "e4"}, {core.Bishop, "c1"}} {
		sq := mustSquare(t, tt.sq)
		s := MagicReport(&p, tt.pt, sq)
		if !strings.Contains(s, `class="verdict agree"`) || !strings.Contains(s, `data-square="`+tt.sq+`"`) ||
			!strings.Contains(s, "Bitview found its magic itself") {
			t.Errorf("%v %s:\n%s", tt.pt, tt.sq, stripTags(s))
		}
	}
	e := model.ResolveEmbed(model.Options{Magic: "bishop:c1", Zobrist: true}, nil)
	m := EmbedMarkup(e, core.NoSquare)
	if len(e.Problems) != 0 || !strings.Contains(m, `<div class="view-tools">`) || !strings.Contains(m, `data-piece="bishop"`) ||
		!strings.Contains(m, `data-key="463b96181691fc9c"`) {
		t.Errorf("embed with magic and zobrist: problems %q\n%s", e.Problems, m)
	}
	e = model.ResolveEmbed(model.Options{Magic: "queen:e4"}, nil)
	if len(e.Problems) != 1 || !strings.Contains(e.Problems[0], "rook or bishop") || EmbedTools(e) != "" ||
		!strings.Contains(EmbedMarkup(e, core.NoSquare), `<div class="view-tools" hidden>`) {
		t.Errorf("bad magic: problems %q, tools %q", e.Problems, EmbedTools(e))
	}
}
