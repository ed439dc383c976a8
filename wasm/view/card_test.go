package view

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

func TestCard(t *testing.T) {
	offboard := map[string]int{"lerf": 0, "0x88": 64, "msb-a8": 0, "berf": 0, "10x12": 56, "lefr": 0, "befr": 0}
	positions := []struct{ name, fen string }{{"kiwipete", kiwipeteFEN}, {"start", core.StartFEN}}
	names := []string{"P", "occupied", "empty", "pawns"}
	for _, n := range core.BitboardNames { // and every other name on Kiwipete
		names = append(names, n.Name)
	}
	for _, pos := range positions {
		p := mustParse(t, pos.fen)
		for _, l := range core.Layouts {
			for _, nm := range names {
				name, ok := core.LookupBitboard(nm)
				if !ok {
					t.Fatalf("unknown bitboard %q", nm)
				}
				t.Run(pos.name+"/"+l.ID+"/"+nm, func(t *testing.T) {
					checkCard(t, p, l, name, offboard[l.ID])
				})
			}
			if pos.name != "kiwipete" {
				break // only lerf for the start position
			}
		}
	}
}

func checkCard(t *testing.T, p *core.Position, l *core.Layout, name core.BitboardName, wantOff int) {
	bb := name.Of(p)
	r := model.ReadoutOf(l, bb)
	out := Card(l, model.Shown{Key: name.Name, Title: name.Title, Bits: name.Of(p)}, name.Of(p), false)
	checkTagBalance(t, out, "div", "section", "code", "dl", "dd", "dt", "header", "h3")

	secs := startTags(t, out, "section")
	if len(secs) != 1 {
		t.Fatalf("%d sections, want 1", len(secs))
	}
	if secs[0]["data-bitboard"] != name.Name {
		t.Errorf("data-bitboard = %q, want %q", secs[0]["data-bitboard"], name.Name)
	}
	if secs[0]["data-layout"] != l.ID {
		t.Errorf("data-layout = %q, want %q", secs[0]["data-layout"], l.ID)
	}
	if m := regexp.MustCompile(`<h3>(.*?)</h3>`).FindStringSubmatch(out); m == nil || html.UnescapeString(m[1]) != name.Title {
		t.Errorf("title = %v, want %q", m, name.Title)
	}
	if want := strconv.Itoa(bb.Count()) + " set"; !strings.Contains(out, want) {
		t.Errorf("card does not say %q", want)
	}
	// The close button hides this bitboard.
	closeBtn := false
	for _, b := range startTags(t, out, "button") {
		if b["class"] == "close" {
			closeBtn = b["data-toggle"] == name.Name
		}
	}
	if !closeBtn {
		t.Errorf("no close button with data-toggle=%q", name.Name)
	}

	// The grid.
	cells := gridcells(t, out)
	if len(cells) != l.Slots {
		t.Fatalf("%d cells, want %d", len(cells), l.Slots)
	}
	off, seenSq, seenIdx := 0, map[string]bool{}, map[string]bool{}
	for i, c := range cells {
		idx := c.attrs["data-index"]
		if seenIdx[idx] {
			t.Errorf("index %s appears twice", idx)
		}
		seenIdx[idx] = true
		// The index is also in the label and the tooltip: view.css hides
		// the printed one in narrow grids.
		for _, a := range []string{"aria-label", "title"} {
			if !regexp.MustCompile(`\b` + idx + `\b`).MatchString(c.attrs[a]) {
				t.Errorf("cell %d (index %s): %s %q lacks the index", i, idx, a, c.attrs[a])
			}
		}
		if c.has("data-offboard") {
			off++
			if c.has("data-square") || c.attrs["data-bit"] != "0" {
				t.Errorf("off-board cell %d: %v", i, c.attrs)
			}
			if sq := l.SquareAt(atoi(t, idx)); sq != core.NoSquare {
				t.Errorf("off-board cell %d has index %s of square %s", i, idx, sq)
			}
			if want := "off-board slot, index " + idx; c.attrs["aria-label"] != want {
				t.Errorf("off-board cell %d is named %q, want %q", i, c.attrs["aria-label"], want)
			}
			if want := `<b data-digit="·"></b><small>` + idx + `</small>`; c.inner != want {
				t.Errorf("off-board cell %d holds %q, want %q", i, c.inner, want)
			}
			continue
		}
		sqName, ok := c.attrs["data-square"]
		if !ok {
			t.Errorf("cell %d has neither data-square nor data-offboard: %v", i, c.attrs)
			continue
		}
		sq := mustSquare(t, sqName)
		if seenSq[sqName] {
			t.Errorf("square %s appears twice", sqName)
		}
		seenSq[sqName] = true
		if idx != strconv.Itoa(l.Index(sq)) {
			t.Errorf("%s data-index = %s, want %d", sq, idx, l.Index(sq))
		}
		if l.CellSquare(i) != sq {
			t.Errorf("cell %d is %s, want %s", i, sq, l.CellSquare(i))
		}
		wantBit := "0"
		if bb.Has(sq) {
			wantBit = "1"
		}
		if c.attrs["data-bit"] != wantBit {
			t.Errorf("%s data-bit = %q, want %q", sq, c.attrs["data-bit"], wantBit)
		}
		// The digit is drawn from data-digit; the index is the cell's
		// text, its visible label, which its name holds (see TestCellName).
		if want := `<b data-digit="` + wantBit + `"></b><small>` + idx + `</small>`; c.inner != want {
			t.Errorf("%s holds %q, want %q", sq, c.inner, want)
		}
		state := map[string]string{"0": "not set", "1": "set"}[wantBit]
		if want := sq.String() + ", index " + idx + ", " + state; c.attrs["aria-label"] != want || c.attrs["title"] != want {
			t.Errorf("%s is named %q (title %q), want %q", sq, c.attrs["aria-label"], c.attrs["title"], want)
		}
	}
	if off != wantOff || off != l.Slots-64 {
		t.Errorf("%d off-board cells, want %d", off, wantOff)
	}
	if len(seenSq) != 64 {
		t.Errorf("%d distinct squares, want 64", len(seenSq))
	}

	// The readouts.
	reads := map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)<code part="readout" data-format="([a-z]+)">(.*?)</code>`).FindAllStringSubmatch(out, -1) {
		if _, dup := reads[m[1]]; dup {
			t.Errorf("readout %q twice", m[1])
		}
		reads[m[1]] = m[2]
	}
	for _, f := range []string{"hex", "binary", "decimal"} {
		if _, ok := reads[f]; !ok {
			t.Errorf("no %s readout", f)
		}
	}
	if got := stripTags(reads["hex"]); got != r.Hex {
		t.Errorf("hex readout %q, want %q", got, r.Hex)
	}
	if wantLen := 2 + (l.Slots+3)/4; len(r.Hex) != wantLen {
		t.Errorf("Readout hex %q has %d characters, want %d", r.Hex, len(r.Hex), wantLen)
	}
	if got := strings.ReplaceAll(stripTags(reads["binary"]), " ", ""); got != r.Binary {
		t.Errorf("binary readout digits %q, want %q", got, r.Binary)
	}
	if len(r.Binary) != l.Slots {
		t.Errorf("binary has %d digits, want %d", len(r.Binary), l.Slots)
	}
	// Each binary digit that is a square names it and matches the board.
	bits := regexp.MustCompile(`<span data-square="([a-h][1-8])">([01])</span>`).FindAllStringSubmatch(reads["binary"], -1)
	if len(bits) != 64 {
		t.Errorf("binary readout names %d squares, want 64", len(bits))
	}
	for _, m := range bits {
		sq := mustSquare(t, m[1])
		if (m[2] == "1") != bb.Has(sq) {
			t.Errorf("binary digit of %s is %s, want %v", sq, m[2], bb.Has(sq))
		}
	}
	if got := strings.Count(reads["binary"], `<span class="off">0</span>`); got != l.Slots-64 {
		t.Errorf("binary readout has %d off-board digits, want %d", got, l.Slots-64)
	}
	// One line per group of Cols digits, each naming the rank (or, in the
	// file-major layouts, the file) its squares share.
	rows := regexp.MustCompile(`<span class="bin-row"(?: data-(rank|file)="([1-8a-h])")?>((?:<span[^>]*>[01]</span>)+) ?</span>`).
		FindAllStringSubmatch(reads["binary"], -1)
	if len(rows) != l.Slots/l.Cols || strings.Count(reads["binary"], `class="bin-row"`) != len(rows) {
		t.Errorf("binary readout has %d lines, want %d", len(rows), l.Slots/l.Cols)
	}
	for _, row := range rows {
		squares := regexp.MustCompile(`data-square="([a-h][1-8])"`).FindAllStringSubmatch(row[3], -1)
		if strings.Count(row[3], "</span>") != l.Cols {
			t.Errorf("binary line %q has %d digits, want %d", stripTags(row[3]), strings.Count(row[3], "</span>"), l.Cols)
		}
		for _, sq := range squares {
			if row[1] == "rank" && sq[1][1:] != row[2] || row[1] == "file" && sq[1][:1] != row[2] || row[1] == "" {
				t.Errorf("binary line %s=%q holds %s", row[1], row[2], sq[1])
			}
		}
	}
	copies := map[string]string{}
	for _, b := range startTags(t, out, "button") {
		if b["class"] == "copy" {
			copies[strings.TrimSuffix(strings.TrimPrefix(b["aria-label"], "Copy the "), " value")] = b["data-copy"]
		}
	}
	if copies["hex"] != r.Hex || copies["binary"] != r.Binary {
		t.Errorf("copy buttons %q, want hex %q and binary %q", copies, r.Hex, r.Binary)
	}
	dec := stripTags(reads["decimal"])
	if l.FitsUint64() {
		want := r.Decimal
		if r.Signed != r.Decimal {
			want += " (signed " + r.Signed + ")"
		}
		if dec != want {
			t.Errorf("decimal readout %q, want %q", dec, want)
		}
		if copies["decimal"] != r.Decimal {
			t.Errorf("decimal copy value %q, want %q", copies["decimal"], r.Decimal)
		}
		if u, err := strconv.ParseUint(r.Decimal, 10, 64); err != nil || l.Hex(core.Value{Lo: u}) != r.Hex {
			t.Errorf("decimal %q does not match hex %q", r.Decimal, r.Hex)
		}
	} else {
		if !strings.Contains(dec, strconv.Itoa(l.Slots)+" bits do not fit a 64-bit integer") {
			t.Errorf("decimal readout %q does not say the value does not fit 64 bits", dec)
		}
		if _, ok := copies["decimal"]; ok {
			t.Errorf("a copy button for a decimal that does not exist")
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

func TestCardTitles(t *testing.T) {
	p := mustParse(t, kiwipeteFEN)
	l := mustLayout(t, "lerf")
	for _, tt := range []struct{ name, title string }{
		{"P", "WhitePawns"},
		{"k", "BlackKings"},
		{"white", "pieces[White]"},
		{"occupied", "occupied"},
		{"empty", "~occupied"},
		{"pawns", "pieces[Pawn]"},
		{"kings", "pieces[King]"},
	} {
		n, ok := core.LookupBitboard(tt.name)
		if !ok {
			t.Fatalf("unknown bitboard %q", tt.name)
		}
		out := Card(l, model.Shown{Key: n.Name, Title: n.Title, Bits: n.Of(p)}, n.Of(p), false)
		if !strings.Contains(out, "<h3>"+tt.title+"</h3>") {
			t.Errorf("card %q lacks title %q", tt.name, tt.title)
		}
	}
	// A known value: Kiwipete's white pawns in LERF.
	n, _ := core.LookupBitboard("P")
	out := Card(l, model.Shown{Key: n.Name, Title: n.Title, Bits: n.Of(p)}, n.Of(p), false)
	if !strings.Contains(out, `<code part="readout" data-format="hex">0x000000081000e700</code>`) {
		t.Errorf("Kiwipete WhitePawns hex is not 0x000000081000e700")
	}
}

// TestBinaryLines checks the first and last lines of the binary readout
// of each layout, worked out by hand: the most significant group first.
func TestBinaryLines(t *testing.T) {
	tests := []struct {
		id, first, last string // opening tag and the squares of the line, most significant first
	}{
		{"lerf", `data-rank="8"`, "h8 g8 f8 e8 d8 c8 b8 a8"},
		{"msb-a8", `data-rank="8"`, "a8 b8 c8 d8 e8 f8 g8 h8"},
		{"berf", `data-rank="1"`, "h1 g1 f1 e1 d1 c1 b1 a1"},
		{"lefr", `data-file="h"`, "h8 h7 h6 h5 h4 h3 h2 h1"},
		{"befr", `data-file="a"`, "a1 a2 a3 a4 a5 a6 a7 a8"},
		{"0x88", `data-rank="8"`, "h8 g8 f8 e8 d8 c8 b8 a8"},
		{"10x12", ``, ""},
	}
	for _, tt := range tests {
		out := binarySpans(mustLayout(t, tt.id), model.ReadoutOf(mustLayout(t, tt.id), 0).Grouped)
		lines := strings.Split(out, `<span class="bin-row"`)[1:]
		first := lines[0]
		open := ">"
		if tt.first != "" {
			open = " " + tt.first + ">"
		}
		if !strings.HasPrefix(first, open) {
			t.Errorf("%s: first line %q, want it to open with %q", tt.id, first, tt.first)
		}
		var sqs []string
		for _, m := range regexp.MustCompile(`data-square="([a-h][1-8])"`).FindAllStringSubmatch(first, -1) {
			sqs = append(sqs, m[1])
		}
		if strings.Join(sqs, " ") != tt.last {
			t.Errorf("%s: first line holds %q, want %q", tt.id, sqs, tt.last)
		}
		if strings.HasSuffix(lines[len(lines)-1], " </span>") || !strings.HasSuffix(lines[0], " </span>") {
			t.Errorf("%s: lines should end in a space but the last", tt.id)
		}
	}
}

// TestCardEscapesNames gives Card a name and title with markup in them
// (BitboardName's exported fields; its zero kind is WhitePawns) to check
// that attributes and text are escaped.
func TestCardEscapesNames(t *testing.T) {
	p := mustParse(t, kiwipeteFEN)
	name := core.BitboardName{Name: `x" onclick="y`, Title: `<b>T&'"</b>`}
	for _, l := range core.Layouts {
		out := Card(l, model.Shown{Key: name.Name, Title: name.Title, Bits: name.Of(p)}, name.Of(p), false)
		secs := startTags(t, out, "section")
		if len(secs) != 1 {
			t.Fatalf("%s: %d sections, want 1", l.ID, len(secs))
		}
		if _, ok := secs[0]["onclick"]; ok || secs[0]["data-bitboard"] != name.Name {
			t.Errorf("%s: section attributes %v, want data-bitboard %q and no onclick", l.ID, secs[0], name.Name)
		}
		if want := name.Title + " in " + l.Name; secs[0]["aria-label"] != want {
			t.Errorf("%s: aria-label %q, want %q", l.ID, secs[0]["aria-label"], want)
		}
		if m := regexp.MustCompile(`<h3>(.*?)</h3>`).FindStringSubmatch(out); m == nil {
			t.Errorf("%s: no title", l.ID)
		} else {
			checkText(t, l.ID+" title", m[1], name.Title)
		}
		for _, b := range startTags(t, out, "button") {
			if _, ok := b["onclick"]; ok {
				t.Errorf("%s: button attributes %v", l.ID, b)
			}
		}
		if strings.Contains(out, "<b>T") || strings.Contains(out, `x" onclick`) {
			t.Errorf("%s: raw name or title in the card", l.ID)
		}
		// The bits are WhitePawns'.
		wp := p.Pieces(core.WhitePawn)
		if got := stripTags(regexp.MustCompile(`<code part="readout" data-format="hex">(.*?)</code>`).FindStringSubmatch(out)[1]); got != model.ReadoutOf(l, wp).Hex {
			t.Errorf("%s: hex %q, want %q", l.ID, got, model.ReadoutOf(l, wp).Hex)
		}
	}
}

// TestCardPatch: what a new position changes in a card, cell by cell
// (its class, bit and name, and its binary digit when the bit changed)
// and its readouts, as web/bitview/card.js writes it; the Node test of
// package main (TestCardsPatched) and wasm/browser's TestNewPositionPatched
// check that the card patched is the card drawn afresh.
func TestCardPatch(t *testing.T) {
	lerf, _ := core.LayoutByID("lerf")
	start := core.Rank2.Bitboard()
	afterE4 := start&^core.E2.Bitboard() | core.E4.Bitboard()
	for _, tc := range []struct {
		name                     string
		old, oldPrev, bits, prev core.Bitboard
		cells                    []string
		values                   string
	}{
		{"nothing", start, start, start, start, nil, ""},
		{"1.e4, marked", start, start, afterE4, start,
			[]string{"e2\tcell bit-cleared\t0\te2, index 12, not set\tb", "e4\tcell bit-set\t1\te4, index 28, set\tb"},
			"P · 8 set\t0x000000001000ef00\t0000000000000000000000000000000000010000000000001110111100000000\t268496640\t268496640"},
		{"the marks go", afterE4, start, afterE4, afterE4,
			[]string{"e2\tcell\t0\te2, index 12, not set", "e4\tcell\t1\te4, index 28, set"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells, values := CardPatch(lerf, "P", "WhitePawns", tc.old, tc.oldPrev, tc.bits, tc.prev)
			if got := strings.Join(tc.cells, "\n"); cells != got {
				t.Errorf("cells:\n%s\nwant\n%s", cells, got)
			}
			if values != tc.values {
				t.Errorf("values %q, want %q", values, tc.values)
			}
		})
	}
}

// TestCardCopyAs: a card's hex readout has a "Copy as" button for C, Rust
// and Go, each with its name and data-copy-as, and what each copies is
// the card's value as that literal, in every layout (read back from the
// hex the readout shows, as the button reads it when clicked).
func TestCardCopyAs(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	for _, l := range core.Layouts {
		s, err := model.ResolveShown(p, "P")
		if err != nil {
			t.Fatal(err)
		}
		out := Card(l, s, s.Bits, false)
		hexDT := regexp.MustCompile(`(?s)<dt>hex(.*?)</dt>`).FindStringSubmatch(out)
		if hexDT == nil {
			t.Fatalf("%s: no hex readout", l.ID)
		}
		for _, lang := range core.LiteralLanguages {
			name := core.LiteralName(lang)
			button := `<button type="button" data-copy-as="` + lang + `" aria-label="Copy the value as a ` + name + ` literal" title="Copy as a ` + name + ` literal">` + name + `</button>`
			if !strings.Contains(hexDT[1], button) {
				t.Errorf("%s: the hex readout lacks %s:\n%s", l.ID, button, hexDT[1])
			}
			r := model.ReadoutOf(l, s.Bits)
			got, ok := CopyAsLiteral(l, r.Hex, lang)
			want, _ := l.Literal(l.Value(s.Bits), lang)
			if !ok || got != want {
				t.Errorf("%s: CopyAsLiteral(%s, %s) = %q, %v; want %q", l.ID, r.Hex, lang, got, ok, want)
			}
		}
		copies := 3 // hex, binary, decimal: the buttons card.js patches, in that order
		if !l.FitsUint64() {
			copies = 2
		}
		if n := strings.Count(out, `class="copy"`); n != copies {
			t.Errorf("%s: %d buttons of class copy, want the %d that card.js patches", l.ID, n, copies)
		}
	}
	lerf, _ := core.LayoutByID("lerf")
	for _, bad := range [][2]string{{"0xzz", "c"}, {"0xff", "java"}} {
		if got, ok := CopyAsLiteral(lerf, bad[0], bad[1]); ok {
			t.Errorf("CopyAsLiteral(%q, %q) = %q, want none", bad[0], bad[1], got)
		}
	}
}
