package dump

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// parseNumbers reads text and returns its numbers and problems.
func parseNumbers(text string) ([]Number, []Problem) {
	d := Read(text)
	return d.Numbers, d.Problems
}

func TestReadNumbers(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		values []uint64
		labels []string
		probs  []string // Text of each problem
	}{
		{"hex with 0x", "0x000000000000FF00, 0x0000000000000042", []uint64{0xFF00, 0x42}, []string{"", ""}, nil},
		{"hex without 0x", "000000000000FF00 00ff000000000000", []uint64{0xFF00, 0x00ff000000000000}, []string{"", ""}, nil},
		{"bare hex needs a digit", "deadbeefcafe 1234abcd", []uint64{0x1234abcd}, []string{"deadbeefcafe"}, nil},
		{"binary", "0b1010 " + strings.Repeat("0", 63) + "1", []uint64{10, 1}, []string{"", ""}, nil},
		{"decimal", "65280 18446744073709551615", []uint64{65280, 1<<64 - 1}, []string{"", ""}, nil},
		{"signed decimal", "-9151314442816847872 -1", []uint64{0x8100000000000000, 1<<64 - 1}, []string{"", ""}, nil},
		{"C literals and groups", "{ 0xFF00ULL, 0x00ff'0000'0000'0000ull, 1_000u }", []uint64{0xFF00, 0x00ff000000000000, 1000}, []string{"", "", ""}, nil},
		{"labels", "P: 0xff00\nWhitePawns = 65280\nbb[WN] = 0x42 bb[BN] = 0x42", []uint64{0xff00, 65280, 0x42, 0x42}, []string{"P", "WhitePawns", "bb[WN]", "bb[BN]"}, nil},
		{"hyphen inside a label is not a sign", "white-pawns 5", []uint64{5}, []string{"white-pawns"}, nil},
		{"too big", "0x1FFFFFFFFFFFFFFFF 18446744073709551616 -9223372036854775809", nil, nil, []string{"0x1FFFFFFFFFFFFFFFF", "18446744073709551616", "-9223372036854775809"}},
		{"bad literal", "0xZZ -0x10", nil, nil, []string{"0xZZ", "-0x10"}},
		{"fifteen numbers", strings.Repeat("1 ", 15), []uint64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, []string{"", "", "", "", "", "", "", "", "", "", "", "", "", ""}, []string{"1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nums, probs := parseNumbers(tt.text)
			var vs []uint64
			var ls, ps []string
			for _, n := range nums {
				vs = append(vs, n.Value)
				ls = append(ls, n.Label)
			}
			for _, p := range probs {
				ps = append(ps, p.Text)
			}
			if fmt.Sprint(vs) != fmt.Sprint(tt.values) || fmt.Sprint(ls) != fmt.Sprint(tt.labels) || fmt.Sprint(ps) != fmt.Sprint(tt.probs) {
				t.Errorf("parseNumbers(%q) = %x %q, problems %q;\nwant %x %q, problems %q", tt.text, vs, ls, ps, tt.values, tt.labels, tt.probs)
			}
		})
	}
	nums, _ := parseNumbers("a\n  P: 0x10")
	if n := nums[0]; n.Line != 2 || n.Col != 6 || n.Text != "0x10" || n.Base != 16 {
		t.Errorf("position of 0x10: %+v, want line 2, col 6", n)
	}
	nums, _ = parseNumbers("x -5")
	if n := nums[0]; n.Text != "-5" || n.Col != 3 || n.Base != 10 {
		t.Errorf("-5: %+v", n)
	}
	// At the limit the text is read; one byte over, nothing is.
	pad := strings.Repeat(" ", MaxTextLength-4)
	if nums, probs := parseNumbers(pad + "0x10"); len(nums) != 1 || len(probs) != 0 {
		t.Errorf("text of MaxTextLength bytes: %d numbers, problems %+v; want 1 and none", len(nums), probs)
	}
	nums, probs := parseNumbers(pad + " 0x10")
	if len(nums) != 0 || len(probs) != 1 || probs[0].Line != 1 || probs[0].Col != 1 ||
		probs[0].Reason != "the dump is 32,769 bytes; the limit is 32,768" {
		t.Errorf("text over MaxTextLength: %d numbers, problems %+v; want the limit named", len(nums), probs)
	}
}

// dumpText writes p's bitboards in order o under mapping m, in the given
// style: "hex", "dec" (signed), "labels".
func dumpText(p *core.Position, m Mapping, o Order, style string) string {
	var b strings.Builder
	for _, name := range o.Names {
		bn, _ := core.LookupBitboard(name)
		v := m.Value(bn.Of(p))
		switch style {
		case "hex":
			fmt.Fprintf(&b, "0x%016X,\n", v)
		case "dec":
			fmt.Fprintf(&b, "%d ", int64(v))
		case "labels":
			fmt.Fprintf(&b, "%s = %d\n", bn.Title, v)
		}
	}
	return b.String()
}

func mustMapping(t *testing.T, id string) Mapping {
	t.Helper()
	for _, m := range Mappings() {
		if m.ID == id {
			return m
		}
	}
	t.Fatalf("no mapping %q", id)
	return Mapping{}
}

// TestMatch dumps Kiwipete (every square of each mapping's corners is
// exercised by its rooks and kings) under each mapping and order and
// checks that Match finds them, also from signed decimals and labels.
func TestMatch(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	for _, m := range Mappings() {
		for _, o := range Orders {
			for _, style := range []string{"hex", "dec"} {
				nums, probs := parseNumbers(dumpText(&p, m, o, style))
				if len(probs) != 0 {
					t.Fatalf("%s %s %s: problems %v", m.ID, o.ID, style, probs)
				}
				rs := Match(&p, nums)
				best := rs[0]
				if best.Agree != len(o.Names) || best.Wrong != 0 {
					t.Errorf("%s %s %s: best is %s %s with %d agreeing", m.ID, o.ID, style, best.Mapping.ID, best.Order.ID, best.Agree)
					continue
				}
				// Another order may also agree when it starts the same way
				// (PNBRQKpnbrqk is a prefix of PNBRQKpnbrqk+colours).
				if best.Mapping.ID != m.ID || !strings.HasPrefix(o.ID, best.Order.ID) && !strings.HasPrefix(best.Order.ID, o.ID) {
					t.Errorf("%s %s %s: best is %s %s", m.ID, o.ID, style, best.Mapping.ID, best.Order.ID)
				}
			}
		}
	}
	// Labels: any order, found by name.
	berf := mustMapping(t, "berf")
	o := Order{Names: strings.Split("k K q Q n N r R b B p P", " ")}
	nums, _ := parseNumbers(dumpText(&p, berf, o, "labels"))
	rs := Match(&p, nums)
	if rs[0].Order.ID != "labels" || rs[0].Mapping.ID != "berf" || rs[0].Agree != 12 || len(rs) != len(Mappings()) {
		t.Errorf("labelled BERF dump: best %s %s with %d agreeing, %d results", rs[0].Mapping.ID, rs[0].Order.ID, rs[0].Agree, len(rs))
	}
	if Match(&p, nil) != nil {
		t.Error("Match of no numbers is not nil")
	}
}

// TestMatchVerdicts checks the per-number verdicts of a dump with one
// wrong bitboard: the white knights with e5 moved to e4.
func TestMatchVerdicts(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	lerf := mustMapping(t, "lerf")
	text := dumpText(&p, lerf, Orders[0], "hex")
	wn := p.Pieces(core.WhiteKnight)
	wrong := wn&^core.E5.Bitboard() | core.E4.Bitboard()
	text = strings.Replace(text, fmt.Sprintf("0x%016X", uint64(wn)), fmt.Sprintf("0x%016X", uint64(wrong)), 1)
	nums, _ := parseNumbers(text)
	best := Match(&p, nums)[0]
	if best.Mapping.ID != "lerf" || best.Order.ID != Orders[0].ID || best.Agree != 11 || best.Wrong != 2 {
		t.Fatalf("best = %s %s, %d agree, %d bits wrong", best.Mapping.ID, best.Order.ID, best.Agree, best.Wrong)
	}
	v := best.Verdicts[1]
	if v.OK || v.Bitboard != "N" || v.Extra != core.E4.Bitboard() || v.Missing != core.E5.Bitboard() {
		t.Errorf("knights verdict = %+v, want extra e4, missing e5", v)
	}
}

func TestMappings(t *testing.T) {
	ms := Mappings()
	ids := map[string]bool{}
	for _, m := range ms {
		if ids[m.ID] {
			t.Errorf("mapping %s twice", m.ID)
		}
		ids[m.ID] = true
		seen := map[int]bool{}
		for sq := core.A1; sq < core.NoSquare; sq++ {
			seen[m.Bit(sq)] = true
		}
		if len(seen) != 64 {
			t.Errorf("%s is not a bijection", m.ID)
		}
		b := core.Bitboard(0x0123456789ABCDEF)
		if m.Squares(m.Value(b)) != b {
			t.Errorf("%s: Squares(Value(b)) != b", m.ID)
		}
	}
	// Every 64-slot layout of core is a candidate, and each symmetry is
	// one, under a layout's id where a layout numbers the squares as it
	// does (msb-a8 for lerf-mirrored): 8 in all.
	for _, l := range core.Layouts {
		if l.Slots == 64 && !ids[l.ID] {
			t.Errorf("no mapping %s", l.ID)
		}
	}
	for _, s := range symmetries {
		m := mappingByID(s.id)
		for sq := core.A1; sq < core.NoSquare; sq++ {
			if int(m.bit[sq]) != s.bit(int(sq.File()), int(sq.Rank())) {
				t.Errorf("symmetry %s: mapping %q numbers %v %d", s.id, m.ID, sq, m.bit[sq])
				break
			}
		}
	}
	if ids["lerf-mirrored"] || len(ms) != 8 {
		t.Errorf("%d mappings %v: want the 8 symmetries, msb-a8 in place of lerf-mirrored", len(ms), ids)
	}
}

func TestLookupLabel(t *testing.T) {
	tests := map[string]string{
		"P": "P", "k": "k", "WhitePawns": "P", "white_knights": "N", "wN": "N", "bK": "k", "BlackQueen": "q",
		"pieces[WHITE_PAWN": "P", "bb[BN": "n", "black": "b" + "lack", "Occupied": "occupied", "pawns": "pawns",
		"byColorBB[WHITE": "white", "RooksBlack": "r", "x": "", "": "", "foo bar": "",
	}
	for label, want := range tests {
		got, ok := LookupLabel(label)
		if got != want || ok != (want != "") {
			t.Errorf("LookupLabel(%q) = %q, %v; want %q", label, got, ok, want)
		}
	}
}

func BenchmarkMatch(b *testing.B) {
	p := coretest.MustFEN(b, kiwipete)
	lerf := Mappings()[0]
	text := dumpText(&p, lerf, Orders[0], "hex")
	b.ReportAllocs()
	for b.Loop() {
		nums, _ := parseNumbers(text)
		sinkResults = Match(&p, nums)
	}
}

var sinkResults []Result

// TestTied: the start position is symmetric under a vertical flip with
// the colours swapped, so a BERF dump with White first ties with LERF
// with Black first; the tie goes to the usual order, White first.
func TestTied(t *testing.T) {
	p := coretest.MustFEN(t, core.StartFEN)
	for _, id := range []string{"berf", "lerf"} {
		nums, _ := parseNumbers(dumpText(&p, mustMapping(t, id), Orders[0], "hex"))
		rs := Match(&p, nums)
		tied := Tied(rs)
		other := map[string]string{"berf": "lerf", "lerf": "berf"}[id]
		if rs[0].Mapping.ID != id || rs[0].Order.ID != Orders[0].ID || len(tied) == 0 ||
			tied[0].Mapping.ID != other || tied[0].Order.ID != "pnbrqkPNBRQK" {
			t.Errorf("%s dump: best %s/%s, tied %d", id, rs[0].Mapping.ID, rs[0].Order.ID, len(tied))
		}
	}
	kiwi := coretest.MustFEN(t, kiwipete)
	nums, _ := parseNumbers(dumpText(&kiwi, mustMapping(t, "berf"), Orders[0], "hex"))
	if tied := Tied(Match(&kiwi, nums)); len(tied) != 0 {
		t.Errorf("Kiwipete in BERF: %d ties, want none", len(tied))
	}
}

// TestDistinct: twelve numbers read under PNBRQKpnbrqk and under
// PNBRQKpnbrqk+colours (the same twelve bitboards first) are one reading,
// kept once, under the first order; fourteen numbers tell them apart.
func TestDistinct(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	lerf := mustMapping(t, "lerf")
	for _, tt := range []struct {
		order    Order
		together bool // PNBRQKpnbrqk and PNBRQKpnbrqk+colours are one reading under LERF
	}{{Orders[0], true}, {Orders[1], false}} {
		nums, _ := parseNumbers(dumpText(&p, lerf, tt.order, "hex"))
		rs := Match(&p, nums)
		ds := Distinct(rs)
		seen := map[string]string{}
		orders := map[string]bool{}
		for _, r := range ds {
			key := r.Mapping.ID
			for _, v := range r.Verdicts {
				key += " " + v.Bitboard
			}
			if prev, ok := seen[key]; ok {
				t.Errorf("%s dump: %s/%s reads the numbers as %s does", tt.order.ID, r.Mapping.ID, r.Order.ID, prev)
			}
			seen[key] = r.Mapping.ID + "/" + r.Order.ID
			if r.Mapping.ID == "lerf" {
				orders[r.Order.ID] = true
			}
		}
		if !orders[Orders[0].ID] || orders[Orders[1].ID] == tt.together {
			t.Errorf("%s dump: LERF readings kept under orders %v", tt.order.ID, orders)
		}
		if ds[0].Mapping.ID != rs[0].Mapping.ID || ds[0].Order.ID != rs[0].Order.ID {
			t.Errorf("%s dump: Distinct's first is %s/%s, Match's %s/%s", tt.order.ID, ds[0].Mapping.ID, ds[0].Order.ID, rs[0].Mapping.ID, rs[0].Order.ID)
		}
		if want := len(rs) - len(Mappings()); tt.together && len(ds) > want {
			t.Errorf("%s dump: %d distinct readings of %d results, want at most %d", tt.order.ID, len(ds), len(rs), want)
		}
	}
}

// BenchmarkRead reads engines' dumps: twelve Stockfish grids, twelve BBC
// grids with their values, a C array, and a Stockfish session's d.
func BenchmarkRead(b *testing.B) {
	for _, f := range []string{"stockfish-15.1-pretty-kiwipete.txt", "bbc-1.4-print_bitboard-kiwipete.txt", "literals-c-kiwipete.txt", "stockfish-15.1-session-kiwipete.txt"} {
		text := readTestdata(b, f)
		b.Run(strings.TrimSuffix(f, "-kiwipete.txt"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkDump = Read(text)
			}
		})
	}
}

var sinkDump Dump
