package view

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/magic"
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

func TestParseMagic(t *testing.T) {
	tests := []struct {
		in   string
		pt   core.PieceType
		sq   string
		err  string // a part of the error, "" for none
		back string // FormatMagic of the result
	}{
		{"rook:e4", core.Rook, "e4", "", "rook:e4"},
		{"bishop:c1", core.Bishop, "c1", "", "bishop:c1"},
		{"Bishop C1", core.Bishop, "c1", "", "bishop:c1"},
		{"R:h8", core.Rook, "h8", "", "rook:h8"},
		{"b : a1", core.Bishop, "a1", "", "bishop:a1"},
		{"queen:e4", 0, "", "must be rook or bishop", ""},
		{"rook:e9", 0, "", `"e9" is not a square`, ""},
		{"rook", 0, "", "write a piece and a square", ""},
		{"rook:e4:e5", 0, "", "write a piece and a square", ""},
		{"", 0, "", "write a piece and a square", ""},
		{strings.Repeat("r", 65), 0, "", "magic is 65 bytes; the limit is 64", ""},
	}
	for _, tt := range tests {
		pt, sq, err := ParseMagic(tt.in)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseMagic(%q) error %v, want one containing %q", tt.in, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("ParseMagic(%q) error %v", tt.in, err)
		case tt.err == "" && (pt != tt.pt || sq.String() != tt.sq || FormatMagic(pt, sq) != tt.back):
			t.Errorf("ParseMagic(%q) = %v %v (%q), want %v %s (%q)", tt.in, pt, sq, FormatMagic(pt, sq), tt.pt, tt.sq, tt.back)
		}
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
	e := ResolveEmbed(Options{Magic: "bishop:c1", Zobrist: true}, nil)
	m := e.Markup(core.NoSquare)
	if len(e.Problems) != 0 || !strings.Contains(m, `<div class="view-tools">`) || !strings.Contains(m, `data-piece="bishop"`) ||
		!strings.Contains(m, `data-key="463b96181691fc9c"`) {
		t.Errorf("embed with magic and zobrist: problems %q\n%s", e.Problems, m)
	}
	e = ResolveEmbed(Options{Magic: "queen:e4"}, nil)
	if len(e.Problems) != 1 || !strings.Contains(e.Problems[0], "rook or bishop") || e.Tools() != "" ||
		!strings.Contains(e.Markup(core.NoSquare), `<div class="view-tools" hidden>`) {
		t.Errorf("bad magic: problems %q, tools %q", e.Problems, e.Tools())
	}
}
