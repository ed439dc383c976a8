package view

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
)

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

func TestTabState(t *testing.T) {
	tests := []struct {
		query, tab string
	}{
		{"", ""},
		{"?tab=perft", "perft"},
		{"?tab=engine&magic=Bishop:C1", "engine"},
		{"?tab=bogus", ""},
		// Links from before the tool area.
		{"?tools=magic,bogus,dump&magic=Bishop:C1", "engine"},
		{"?perft=3", "perft"},
		{"?tab=game&perft=3", "game"},
	}
	for _, tt := range tests {
		s := ParseQuery(tt.query)
		if s.Tab != tt.tab {
			t.Errorf("ParseQuery(%q).Tab = %q, want %q", tt.query, s.Tab, tt.tab)
		}
		if back := ParseQuery(s.Query()); back.Tab != s.Tab || back.Magic != s.Magic {
			t.Errorf("%q: round trip gives tab %q magic %q, want %q %q", tt.query, back.Tab, back.Magic, s.Tab, s.Magic)
		}
		if strings.Contains(s.Query(), "tools=") {
			t.Errorf("%q: Query() = %q still writes tools=", tt.query, s.Query())
		}
	}
	if s := ParseQuery("?tab=engine&magic=Bishop:C1"); s.Magic != "bishop:c1" || !strings.Contains(s.Query(), "&tab=engine&magic=bishop%3Ac1") {
		t.Errorf("magic %q, query %q", s.Magic, s.Query())
	}
	if bad := ParseQuery("?magic=queen:e4"); bad.Magic != "" {
		t.Errorf("bad magic kept: %q", bad.Magic)
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
	if s := DumpReport(&p, strings.Repeat("1 ", dump.MaxTextLength)); !strings.Contains(s, "the dump is 32,768 bytes; the limit is 16,384") {
		t.Errorf("over the limit: %s", s)
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
