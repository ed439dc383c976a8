package view

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

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
	if fields[model.FreeHex]["value"] != "0x00000010000000ff" {
		t.Errorf("hex field %q, want the BERF value 0x00000010000000ff (e4 is bit 36)", fields[model.FreeHex]["value"])
	}
	if fields[model.FreeSigned]["value"] != "68719476991" {
		t.Errorf("signed field %q", fields[model.FreeSigned]["value"])
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
	out = FreeCard(l, bb, false, FreeEdit{Field: model.FreeHex, Text: "0x1g<", Err: "hex, character 4: 'g' is not a hexadecimal digit"})
	for _, a := range startTags(t, out, "input") {
		if a["data-free-field"] == model.FreeHex && (a["value"] != "0x1g<" || a["aria-invalid"] != "true" || a["aria-describedby"] != "free-error") {
			t.Errorf("hex field while typing: %v", a)
		}
	}
	if !strings.Contains(out, `id="free-error" role="alert"><p>hex, character 4: &#39;g&#39; is not a hexadecimal digit</p>`) {
		t.Errorf("no error panel in %s", out)
	}

	// 0x88: the decimal fields are off, the binary has a row a line.
	out = FreeCard(mustLayout(t, "0x88"), bb, true, FreeEdit{})
	for _, a := range startTags(t, out, "input") {
		if f := a["data-free-field"]; f == model.FreeDecimal || f == model.FreeSigned {
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
			cells := gridcells(t, Card(l, model.Shown{Key: "P", Title: "WhitePawns", Bits: core.Rank2.Bitboard()}, core.Rank2.Bitboard(), flipped))
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
	s := model.DefaultState()
	s.Layout, s.Free = "berf", core.Rank8.Bitboard()
	s.Toggle(model.FreeKey)
	q := s.Query()
	if !strings.HasSuffix(q, "&free=0x00000000000000ff") || !strings.Contains(q, "show=P%2Coccupied%2Cfree") {
		t.Errorf("Query() = %q, want show=…free and the BERF value", q)
	}
	back := model.ParseQuery(q)
	if back.Free != s.Free || back.Layout != "berf" {
		t.Errorf("ParseQuery(%q) free %#x layout %s, want %#x berf", q, uint64(back.Free), back.Layout, uint64(s.Free))
	}
	for _, bad := range []string{"0xzz", "0x100", strings.Repeat("f", 600)} {
		if got := model.ParseQuery("?layout=0x88&free=" + bad); got.Free != 0 {
			t.Errorf("ParseQuery(free=%.20s…) = %#x, want it dropped", bad, uint64(got.Free))
		}
	}
	if got := model.ParseQuery("?layout=0x88&free=0x10000").Free; got != core.A2.Bitboard() {
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
