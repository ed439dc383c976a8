package view

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
)

func TestDumpVerdicts(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	// LERF, white pieces only, the knights with e5 moved to e4.
	text := "P: 0x000000081000e700\nN = 0x0000000010040000\nB: 0x0000000000001800"
	nums := dump.Read(text).Numbers
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

// dumpOf writes p's twelve piece bitboards (order PNBRQKpnbrqk) in the
// layout id, as 0x-hex or signed decimal.
func dumpOf(t *testing.T, p *core.Position, id string, signed bool) []string {
	t.Helper()
	l := mustLayout(t, id)
	var out []string
	for _, letter := range strings.Split("P N B R Q K p n b r q k", " ") {
		bn, _ := core.LookupBitboard(letter)
		var v uint64
		for sq := range bn.Of(p).Squares() {
			v |= 1 << l.Index(sq)
		}
		if signed {
			out = append(out, fmt.Sprint(int64(v)))
		} else {
			out = append(out, fmt.Sprintf("0x%016X", v))
		}
	}
	return out
}

func TestDumpReport(t *testing.T) {
	p := mustPos(t, core.StartFEN)
	for _, tt := range []struct {
		layout string
		signed bool
	}{{"berf", false}, {"lerf", true}, {"msb-a8", false}} {
		nums := dumpOf(t, &p, tt.layout, tt.signed)
		s := DumpReport(&p, strings.Join(nums, ",\n"))
		best := startTags(t, s, "p")
		var got map[string]string
		for _, a := range best {
			if a["class"] == "dump-best" {
				got = a
			}
		}
		if got["data-layout"] != tt.layout || got["data-order"] != "PNBRQKpnbrqk" || !strings.Contains(s, "12 of 12 numbers agree.") {
			t.Errorf("%s signed=%v: best %v\n%s", tt.layout, tt.signed, got, stripTags(s))
		}
		if strings.Contains(s, "dump-candidates") || strings.Contains(s, `class="cell extra"`) {
			t.Errorf("%s: a perfect match shows runners-up or extra bits", tt.layout)
		}
		// The start position cannot tell BERF, White first from LERF, Black first.
		if other := map[string]string{"berf": "lerf", "lerf": "berf"}[tt.layout]; other != "" &&
			!strings.Contains(s, `<span data-layout="`+other+`" data-order="pnbrqkPNBRQK">`) {
			t.Errorf("%s: the tie with %s, Black first, is not named:\n%s", tt.layout, other, stripTags(s))
		}
	}
	// One wrong number: the white knights with b1 moved to c3 (BERF bit 42).
	nums := dumpOf(t, &p, "berf", false)
	nums[1] = "0x4000040000000000"
	s := DumpReport(&p, "junk 0xZZ "+strings.Join(nums, " "))
	if !strings.Contains(s, "11 of 12 numbers agree; 1 differ in 2 bits.") {
		t.Errorf("one wrong number:\n%s", stripTags(s))
	}
	var extra, missing []string
	for _, c := range gridcells(t, s) {
		switch c.attrs["class"] {
		case "cell extra":
			extra = append(extra, c.attrs["data-square"]+"/"+c.attrs["data-index"])
		case "cell missing":
			missing = append(missing, c.attrs["data-square"]+"/"+c.attrs["data-index"])
		}
	}
	if !slices.Equal(extra, []string{"c3/42"}) || !slices.Equal(missing, []string{"b1/57"}) {
		t.Errorf("extra %v, missing %v; want c3/42 and b1/57", extra, missing)
	}
	if !strings.Contains(s, `<li data-line="1" data-col="6">line 1, column 6: <code>0xZZ</code>`) {
		t.Errorf("problem not listed with its place:\n%s", s)
	}
	checkTagBalance(t, s, "div", "section", "p", "ul", "li", "details")

	if s := DumpReport(&p, "  "); !strings.Contains(s, `class="hint"`) {
		t.Errorf("empty dump: %s", s)
	}
	if s := DumpReport(&p, "no numbers"); !strings.Contains(s, "No numbers found.") {
		t.Errorf("no numbers: %s", s)
	}
	if s := DumpReport(&p, strings.Repeat("1 ", dump.MaxTextLength)); !strings.Contains(s, "the dump is 65,536 bytes; the limit is 32,768") {
		t.Errorf("over the limit: %s", s)
	}
}

// TestDumpNextBest: the runners-up are other readings than the best (a
// twelve-number LERF dump once had "LERF, White first, then the colours"
// as next best: the best's own reading, its order differing only beyond
// the numbers) and than those named equally good, each once.
func TestDumpNextBest(t *testing.T) {
	for _, tt := range []struct {
		fen, layout string
	}{{kiwipeteFEN, "lerf"}, {core.StartFEN, "berf"}} {
		p := mustPos(t, tt.fen)
		nums := dumpOf(t, &p, tt.layout, false)
		nums[1] = "0x4000040000000000" // one wrong number
		s := DumpReport(&p, strings.Join(nums, "\n"))
		// reading is what a result compares for these twelve numbers: its
		// layout and its order's first twelve bitboards.
		reading := func(a map[string]string) string {
			for _, o := range dump.Orders {
				if o.ID == a["data-order"] {
					return a["data-layout"] + " " + strings.Join(o.Names[:min(12, len(o.Names))], " ")
				}
			}
			t.Fatalf("unknown order %q", a["data-order"])
			return ""
		}
		named := map[string]string{}
		var next int
		for _, tag := range []string{"p", "span", "li"} {
			for _, a := range startTags(t, s, tag) {
				if a["data-layout"] == "" || tag == "p" && a["class"] != "dump-best" {
					continue
				}
				if tag == "li" {
					next++
				}
				r := reading(a)
				if prev, ok := named[r]; ok {
					t.Errorf("%s %s: %s/%s (%s) is the reading of %s, named already", tt.fen, tt.layout, a["data-layout"], a["data-order"], tag, prev)
				}
				named[r] = a["data-layout"] + "/" + a["data-order"] + " (" + tag + ")"
			}
		}
		if next != 4 {
			t.Errorf("%s %s: %d runners-up, want 4:\n%s", tt.fen, tt.layout, next, stripTags(s))
		}
	}
}

// TestDumpTieAdvice: a tie on Kiwipete (its rooks alone read alike under
// several readings) never advises dumping Kiwipete, which is on show; the
// start position's tie still does.
func TestDumpTieAdvice(t *testing.T) {
	for _, tt := range []struct {
		fen, dump, want, not string
	}{
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "R 0x81\nr 0x8100000000000000",
			"These numbers cannot tell them apart: the bitboards dumped read alike under each of them in this position; check a dump of all twelve to be sure.", "Kiwipete"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "0x81 0x8100000000000000", "check a dump of all twelve", "Kiwipete"},
		{core.StartFEN, "0xff00 0x42", "(the start position is its own mirror image with the colours swapped): check a dump of a less symmetric position, such as Kiwipete, to be sure.", ""},
	} {
		p := mustPos(t, tt.fen)
		s := stripTags(DumpReport(&p, tt.dump))
		if !strings.Contains(s, tt.want) || tt.not != "" && strings.Contains(s, tt.not) {
			t.Errorf("%s, dump %q: want %q%s in\n%s", tt.fen, tt.dump, tt.want, map[bool]string{true: " and no " + tt.not}[tt.not != ""], s)
		}
	}
}

// engineDump reads an engine's own output from core/dump/testdata (see
// its SOURCES.md).
func engineDump(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "core", "dump", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDumpReportFormats: the Engine tab reads what engines print, as
// bitview check does: Stockfish's d (its board and facts listed, each
// agreeing or not checked), grids with their values (BBC: a card per
// grid, its cells in the engine's numbering), grids without rank labels
// (viperfish, rank 1 at the top: named), and a board that differs.
func TestDumpReportFormats(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	s := DumpReport(&p, engineDump(t, "stockfish-15.1-session-kiwipete.txt"))
	var classes []string
	for _, li := range startTags(t, s, "li") {
		classes = append(classes, li["data-what"]+"/"+li["class"])
	}
	if got := strings.Join(classes, " "); got != "board/ok FEN/ok Zobrist key/unchecked checkers/ok" || strings.Contains(s, "dump-best") || strings.Contains(s, "No numbers") {
		t.Errorf("Stockfish's d: statements %q, want the board, FEN and checkers agreeing, the key not checked:\n%s", got, stripTags(s))
	}
	if text := stripTags(s); !strings.Contains(text, "Board (lines 29–43): agrees") || !strings.Contains(text, "Key (line 48): not checked: not the Polyglot key (C3CE103F01D15E1D)") {
		t.Errorf("Stockfish's d: %s", text)
	}
	checkTagBalance(t, s, "ul", "li", "strong")

	s = DumpReport(&p, engineDump(t, "bbc-1.4-print_bitboard-kiwipete.txt"))
	best := map[string]string{}
	for _, a := range startTags(t, s, "p") {
		if a["class"] == "dump-best" {
			best = a
		}
	}
	if best["data-layout"] != "berf" || best["data-order"] != "PNBRQKpnbrqk" || !strings.Contains(s, "12 of 12 numbers agree.") ||
		!strings.Contains(s, "<code>65020788473856000d</code> and its grid") {
		t.Errorf("BBC's grids: best %v\n%s", best, stripTags(s))
	}
	if cells := gridcells(t, s); len(cells) != 12*64 || cells[0].attrs["data-square"] != "a8" || cells[0].attrs["data-index"] != "0" {
		t.Errorf("BBC's grids: %d cells, the first %v; want 12 grids, a8 bit 0 in BERF", len(cells), cells[0].attrs)
	}

	s = DumpReport(&p, engineDump(t, "viperfish-422d1f5-print_bboard-kiwipete.txt"))
	if !strings.Contains(s, `data-grid-top="1"`) || !strings.Contains(stripTags(s), "grids with rank 1 at the top (they have no rank labels), order white P N B R Q K, then black: 12 of 12 numbers agree.") {
		t.Errorf("viperfish's grids, rank 1 at the top:\n%s", stripTags(s))
	}

	start := mustPos(t, core.StartFEN)
	s = DumpReport(&start, engineDump(t, "python-chess-1.11.2-board-str-kiwipete.txt"))
	if !strings.Contains(s, `<li class="differs" data-what="board" data-line="1">`) || !strings.Contains(stripTags(s), "b1 nothing in the dump, N in the position") {
		t.Errorf("Kiwipete's board against the start position:\n%s", s)
	}
}
