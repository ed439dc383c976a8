package view

import (
	"errors"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestParseFree(t *testing.T) {
	rank8 := core.Rank8.Bitboard()
	tests := []struct {
		layout, field, text string
		want                core.Bitboard
	}{
		{"lerf", FreeHex, "0xff", core.Rank1.Bitboard()},
		{"lerf", FreeHex, "FF00", core.Rank2.Bitboard()},
		{"lerf", FreeHex, " 0xFF00_0000_0000_0000 ", rank8},
		{"lerf", FreeHex, "0x0000000000000000", 0},
		{"lerf", FreeHex, "0xffffffffffffffff", core.AllSquares},
		// The number is in the layout on show: 0xff is rank 8 in BERF, the
		// a-file in LEFR, h1 … a1 read from the top bit in MSB-a8.
		{"berf", FreeHex, "0xff", rank8},
		{"lefr", FreeHex, "0xff", core.FileA.Bitboard()},
		{"befr", FreeHex, "0x1", core.H8.Bitboard()},
		{"msb-a8", FreeHex, "0x8000000000000000", core.A8.Bitboard()},
		{"0x88", FreeHex, "0x10000", core.A2.Bitboard()},
		{"0x88", FreeHex, "0x00ff0000000000000000000000000000", rank8},
		{"10x12", FreeHex, "0x200000", core.A1.Bitboard()},
		{"lerf", FreeDecimal, "255", core.Rank1.Bitboard()},
		{"lerf", FreeDecimal, "18446744073709551615", core.AllSquares},
		{"lerf", FreeDecimal, "1_000", 1000},
		{"lerf", FreeSigned, "-1", core.AllSquares},
		{"lerf", FreeSigned, "-9223372036854775808", core.H8.Bitboard()},
		{"lerf", FreeSigned, "9223372036854775807", core.AllSquares &^ core.H8.Bitboard()},
		{"lerf", FreeSigned, "-0", 0},
		{"lerf", FreeBinary, "0b101", core.A1.Bitboard() | core.C1.Bitboard()},
		{"lerf", FreeBinary, "11111111 00000000\n00000000", core.Rank3.Bitboard()},
		{"0x88", FreeBinary, "1 0000000000000000", core.A2.Bitboard()},
	}
	for _, tt := range tests {
		t.Run(tt.layout+"/"+tt.field+"/"+tt.text, func(t *testing.T) {
			got, err := ParseFree(mustLayout(t, tt.layout), tt.field, tt.text)
			if err != nil || got != tt.want {
				t.Errorf("ParseFree(%s, %s, %q) = %#x, %v; want %#x", tt.layout, tt.field, tt.text, uint64(got), err, uint64(tt.want))
			}
		})
	}
}

func TestParseFreeErrors(t *testing.T) {
	tests := []struct {
		layout, field, text string
		char                int    // the character named, 0 for none
		msg                 string // a part of the message
	}{
		{"lerf", FreeHex, "0x1g", 4, "'g' is not a hexadecimal digit"},
		{"lerf", FreeHex, "", 0, "type hexadecimal digits"},
		{"lerf", FreeHex, "0x", 0, "type hexadecimal digits"},
		{"lerf", FreeHex, "0x1ffffffffffffffff", 0, "the number has 65 bits; LERF (a1 = 0) has 64 slots"},
		{"lerf", FreeHex, "0x" + strings.Repeat("f", 33), 35, "does not fit"},
		{"lerf", FreeHex, "é", 1, "'é' is not a hexadecimal digit"},
		{"lerf", FreeDecimal, "12a", 3, "'a' is not a decimal digit"},
		{"lerf", FreeDecimal, "-1", 1, "'-' is not a decimal digit"},
		{"lerf", FreeDecimal, "18446744073709551616", 0, "does not fit 64 bits (the largest is 18446744073709551615)"},
		{"lerf", FreeSigned, "9223372036854775808", 0, "does not fit a signed 64-bit integer"},
		{"lerf", FreeSigned, "-9223372036854775809", 0, "does not fit a signed 64-bit integer"},
		{"lerf", FreeBinary, "0b102", 5, "'2' is not a binary digit"},
		{"0x88", FreeHex, "0x100", 0, "bit 8 is an off-board slot of 0x88"},
		{"10x12", FreeHex, "0x1", 0, "bit 0 is an off-board slot of 10×12 mailbox"},
		{"10x12", FreeHex, "0x" + strings.Repeat("f", 31), 0, "the number has 124 bits; 10×12 mailbox has 120 slots"},
		{"0x88", FreeDecimal, "1", 0, "128 slots do not fit a 64-bit integer"},
		{"lerf", FreeHex, strings.Repeat("0", MaxFreeLength+1), 0, "the limit is 512"},
		{"lerf", "octal", "1", 0, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.layout+"/"+tt.field+"/"+tt.text[:min(len(tt.text), 20)], func(t *testing.T) {
			_, err := ParseFree(mustLayout(t, tt.layout), tt.field, tt.text)
			var fe *FreeError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFree(%s, %s, %q) error = %v, want a *FreeError", tt.layout, tt.field, tt.text, err)
			}
			if fe.Char != tt.char || fe.Field != tt.field || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("ParseFree(%s, %s, %q) = %+v, want character %d and %q", tt.layout, tt.field, tt.text, *fe, tt.char, tt.msg)
			}
			if want := tt.field + ", character "; tt.char > 0 && !strings.HasPrefix(err.Error(), want) {
				t.Errorf("Error() = %q, want it to start %q", err.Error(), want)
			}
		})
	}
}

// TestFreeTextRoundTrip writes sets of squares in every field of every
// layout and reads them back.
func TestFreeTextRoundTrip(t *testing.T) {
	sets := []core.Bitboard{0, core.AllSquares, core.Rank8.Bitboard(), core.A1.Bitboard() | core.H8.Bitboard(), 0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef}
	for _, l := range core.Layouts {
		for _, bb := range sets {
			for _, f := range FreeFields {
				text := FreeText(l, f, bb)
				if text == "" {
					if l.FitsUint64() || (f != FreeDecimal && f != FreeSigned) {
						t.Errorf("FreeText(%s, %s, %#x) is empty", l.ID, f, uint64(bb))
					}
					continue
				}
				if got, err := ParseFree(l, f, text); err != nil || got != bb {
					t.Errorf("ParseFree(%s, %s, FreeText = %q) = %#x, %v; want %#x", l.ID, f, text, uint64(got), err, uint64(bb))
				}
			}
		}
	}
	if got := FreeText(mustLayout(t, "lerf"), FreeBinary, core.Rank8.Bitboard()); got != "11111111\n"+strings.Repeat("00000000\n", 6)+"00000000" {
		t.Errorf("binary of rank 8 in LERF = %q, want one rank a line", got)
	}
	if got := FreeLiteral(core.Rank2.Bitboard()); got != "0x000000000000ff00" {
		t.Errorf("FreeLiteral(rank 2) = %q", got)
	}
}

func TestFreeCard(t *testing.T) {
	l := mustLayout(t, "berf")
	bb := core.Rank8.Bitboard() | core.E4.Bitboard()
	out := FreeCard(l, bb, false, FreeEdit{})
	checkTagBalance(t, out, "div", "section", "label", "button", "span")
	cells := gridcells(t, out)
	if len(cells) != 64 {
		t.Fatalf("%d cells, want 64", len(cells))
	}
	tabs := 0
	for i, c := range cells {
		if c.attrs["tabindex"] == "0" {
			tabs++
			if i != 0 {
				t.Errorf("cell %d has tabindex 0, want the first", i)
			}
		} else if c.attrs["tabindex"] != "-1" {
			t.Errorf("cell %s tabindex %q", c.attrs["data-square"], c.attrs["tabindex"])
		}
	}
	if tabs != 1 {
		t.Errorf("%d cells in the tab order, want 1", tabs)
	}
	if e4 := cells[4*8+4]; e4.attrs["data-square"] != "e4" || e4.attrs["data-bit"] != "1" || e4.attrs["data-index"] != "36" {
		t.Errorf("cell of e4 in BERF = %v", e4.attrs)
	}
	// Rank 8 is full (its button clears), rank 1 and the e-file are not.
	fills := map[string]string{}
	for _, a := range startTags(t, out, "button") {
		if a["data-fill"] != "" {
			fills[a["data-fill"]] = a["aria-label"]
			if a["tabindex"] != "-1" {
				t.Errorf("fill button %s tabindex %q, want -1 (reached with the arrow keys)", a["data-fill"], a["tabindex"])
			}
		}
	}
	for key, want := range map[string]string{"rank:8": "Clear rank 8", "rank:1": "Fill rank 1", "file:e": "Fill file e"} {
		if fills[key] != want {
			t.Errorf("button %s says %q, want %q", key, fills[key], want)
		}
	}
	if len(fills) != 16 {
		t.Errorf("%d fill buttons, want 16", len(fills))
	}
	fields := map[string]map[string]string{}
	for _, a := range startTags(t, out, "input") {
		fields[a["data-free-field"]] = a
	}
	if fields[FreeHex]["value"] != "0x00000010000000ff" {
		t.Errorf("hex field %q, want the BERF value 0x00000010000000ff (e4 is bit 36)", fields[FreeHex]["value"])
	}
	if fields[FreeSigned]["value"] != "68719476991" {
		t.Errorf("signed field %q", fields[FreeSigned]["value"])
	}
	if !strings.Contains(out, ">Numbers are in BERF (a8 = 0): bit <var>i</var> is the square whose cell shows index <var>i</var>") {
		t.Errorf("the card does not say its numbering")
	}
	for _, a := range []string{"clear", "fill", "invert", "expr"} {
		if !strings.Contains(out, `data-free-action="`+a+`"`) {
			t.Errorf("no %s button", a)
		}
	}

	// A field being typed in keeps its text and shows its error.
	out = FreeCard(l, bb, false, FreeEdit{Field: FreeHex, Text: "0x1g<", Err: "hex, character 4: 'g' is not a hexadecimal digit"})
	for _, a := range startTags(t, out, "input") {
		if a["data-free-field"] == FreeHex && (a["value"] != "0x1g<" || a["aria-invalid"] != "true" || a["aria-describedby"] != "free-error") {
			t.Errorf("hex field while typing: %v", a)
		}
	}
	if !strings.Contains(out, `id="free-error" role="alert"><p>hex, character 4: &#39;g&#39; is not a hexadecimal digit</p>`) {
		t.Errorf("no error panel in %s", out)
	}

	// 0x88: the decimal fields are off, the binary has a row a line.
	out = FreeCard(mustLayout(t, "0x88"), bb, true, FreeEdit{})
	for _, a := range startTags(t, out, "input") {
		if f := a["data-free-field"]; f == FreeDecimal || f == FreeSigned {
			if _, off := a["disabled"]; off {
				continue
			}
			t.Errorf("0x88 %s field is not disabled", f)
		}
	}
	if n := len(gridcells(t, out)); n != 128 {
		t.Errorf("0x88 free card has %d cells, want 128", n)
	}
	if !strings.Contains(out, `<textarea rows="8"`) {
		t.Errorf("0x88 binary field is not 8 rows")
	}
}

func TestCardTabStops(t *testing.T) {
	for _, l := range core.Layouts {
		for _, flipped := range []bool{false, true} {
			cells := gridcells(t, Card(l, Shown{"P", "WhitePawns", core.Rank2.Bitboard()}, core.Rank2.Bitboard(), flipped))
			if len(cells) != l.Rows*l.Cols {
				t.Fatalf("%s: %d cells", l.ID, len(cells))
			}
			for i, c := range cells {
				want := "-1"
				if i == 0 {
					want = "0"
				}
				if c.attrs["tabindex"] != want {
					t.Errorf("%s flipped=%v cell %d tabindex %q, want %q", l.ID, flipped, i, c.attrs["tabindex"], want)
				}
			}
		}
	}
}

func TestFreeState(t *testing.T) {
	s := DefaultState()
	s.Layout, s.Free = "berf", core.Rank8.Bitboard()
	s.Toggle(FreeKey)
	q := s.Query()
	if !strings.HasSuffix(q, "&free=0x00000000000000ff") || !strings.Contains(q, "show=P%2Coccupied%2Cfree") {
		t.Errorf("Query() = %q, want show=…free and the BERF value", q)
	}
	back := ParseQuery(q)
	if back.Free != s.Free || back.Layout != "berf" {
		t.Errorf("ParseQuery(%q) free %#x layout %s, want %#x berf", q, uint64(back.Free), back.Layout, uint64(s.Free))
	}
	for _, bad := range []string{"0xzz", "0x100", strings.Repeat("f", 600)} {
		if got := ParseQuery("?layout=0x88&free=" + bad); got.Free != 0 {
			t.Errorf("ParseQuery(free=%.20s…) = %#x, want it dropped", bad, uint64(got.Free))
		}
	}
	if got := ParseQuery("?layout=0x88&free=0x10000").Free; got != core.A2.Bitboard() {
		t.Errorf("free=0x10000 in 0x88 = %#x, want a2", uint64(got))
	}
	if s.Free = 0; strings.Contains(s.Query(), "free=") {
		t.Errorf("an empty free bitboard is written: %q", s.Query())
	}
	s.Free = core.Rank8.Bitboard()
	if got := s.EmbedShow(); strings.Join(got, ",") != "P,occupied,0xff00000000000000" {
		t.Errorf("EmbedShow() = %v, want the free bitboard as a LERF number", got)
	}
	snip := EmbedSnippets(s, "https://example.org/", "0.1.0")
	if strings.Contains(snip, "free=") || strings.Contains(snip, ",free") || !strings.Contains(snip, `show=&#34;P,occupied,0xff00000000000000&#34;`) {
		t.Errorf("the snippets name the free bitboard instead of its value: %s", snip)
	}
	if !strings.Contains(FreeToggle(s.Show), `aria-pressed="true" data-toggle="free"`) {
		t.Errorf("the free switch is not pressed")
	}
}
