package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// A bit grid and its card: the cells with their digits and names, the
// hex, binary and decimal readouts, and the 8×8 grid of the engine tools.

// Card returns the card of the bitboard s in layout l: its title (the
// conventional name, e.g. "WhitePawns"), the key it is shown by (a name
// such as "P", or an expression) as data-bitboard, the grid of bits with
// each cell's index (off-board slots greyed; the index is also in the
// cell's aria-label and title, as view.css hides the printed one in narrow
// grids), and its value as hex, binary
// (one rank per line; see binarySpans) and decimal, each with a copy
// button. The bits that changed since prev are marked: class "bit-set"
// on cells that became 1 and "bit-cleared" on cells that became 0 (a
// move's from-square cleared, to-square set, capture removed; pass s.Bits
// for none). With flipped, the grid is seen from Black (rank 1 at the top, the
// h-file on the left, see model.Grid.Flipped), as beside a flipped board;
// every cell keeps its index.
func Card(l *core.Layout, s model.Shown, prev core.Bitboard, flipped bool) string {
	return card(l, s, prev, flipped, closeButton(s.Key, s.Title))
}

// closeButton is a card's ×: it hides the card (data-toggle, its key).
func closeButton(key, title string) string {
	var b strings.Builder
	b.WriteString(`<button type="button" class="close"`)
	attr(&b, "data-toggle", key)
	attr(&b, "aria-label", "Hide "+title)
	b.WriteString(`>×</button>`)
	return b.String()
}

// card is Card with button, the markup of the header's button.
func card(l *core.Layout, s model.Shown, prev core.Bitboard, flipped bool, button string) string {
	key, title, bb := s.Key, s.Title, s.Bits
	g := model.GridOf(l, bb)
	if flipped {
		g = g.Flipped()
	}
	r := model.ReadoutOf(l, bb)
	var b strings.Builder
	b.WriteString(`<section class="card"`)
	attr(&b, "data-bitboard", key)
	attr(&b, "data-layout", l.ID)
	attr(&b, "aria-label", title+" in "+l.Name)
	b.WriteString(`><header><h3>` + escape(title) + `</h3><span class="sub">` + escape(CardSub(key, title, r.Count)) + `</span>`)
	b.WriteString(button + `</header>`)

	writeBits(&b, g, l.Name, title, bb, prev, false)

	b.WriteString(`<dl class="readouts">`)
	readout(&b, "hex", r.Hex, escape(r.Hex), CopyAs())
	readout(&b, "binary", r.Binary, binarySpans(l, r.Grouped), "")
	if l.FitsUint64() {
		readout(&b, "decimal", r.Decimal, DecimalMarkup(r), "")
	} else {
		readout(&b, "decimal", "", `<span class="na">— `+strconv.Itoa(l.Slots)+` bits do not fit a 64-bit integer</span>`, "")
	}
	b.WriteString(`</dl></section>`)
	return b.String()
}

// CardSub returns the text of a card's subtitle (see Card): the key it is
// shown by when that is not its title, and how many bits are set, as in
// "P · 8 set" or "12 set".
func CardSub(key, title string, count int) string {
	n := strconv.Itoa(count) + " set"
	if key != title {
		return key + " · " + n
	}
	return n
}

// DecimalMarkup returns the markup of a card's decimal readout of r (see
// Card): the unsigned value, and the signed one beside it when they differ.
// It is "" for a layout that does not fit 64 bits.
func DecimalMarkup(r model.Readout) string {
	dec := r.Decimal
	if r.Signed != r.Decimal {
		dec += ` <span class="signed">(signed ` + r.Signed + `)</span>`
	}
	return dec
}

// CardParts are the nodes of a card (Card) that a new position rewrites,
// each by its name and the CSS selector that finds it inside the card,
// written once beside the markup: web/bitview/card.js, the one card
// patcher, is generated with them (go generate ./wasm/model) and applies
// what CardPatch says; a cell and a binary digit are found by their
// data-square.
var CardParts = []struct{ Name, Selector string }{
	{"cells", ".bits [data-square]"},                     // the grid's cell of each square
	{"bins", `code[data-format="binary"] [data-square]`}, // the binary readout's digit of each square
	{"sub", "header .sub"},                               // the subtitle, with the count (CardSub)
	{"hex", `code[data-format="hex"]`},                   // the hex readout
	{"dec", `code[data-format="decimal"]`},               // the decimal readout (DecimalMarkup)
	{"copies", ".readouts button.copy"},                  // the copy buttons: hex, binary, decimal
}

// CardPatch returns what changes in the card of key (title title) in
// layout l when its bits go from old (marked against oldPrev) to bits
// (marked against prev), as web/bitview/card.js's patchCard takes it:
// cells, a line per cell whose bit or mark changed (MarkedChanged) with
// its square, class (CellClass), bit and name (CellName) separated by
// tabs, and a fifth field "b" when its binary digit changed too; values,
// "" when the bits are the same, else the subtitle, hex, binary, decimal
// and decimal markup (CardSub, model.ReadoutOf, DecimalMarkup) separated
// by tabs. Card draws the same card whole.
func CardPatch(l *core.Layout, key, title string, old, oldPrev, bits, prev core.Bitboard) (cells, values string) {
	var b strings.Builder
	for sq := range MarkedChanged(old, oldPrev, bits, prev).Squares() {
		bit := "0"
		if bits.Has(sq) {
			bit = "1"
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(sq.String() + "\t" + CellClass(sq, bits, prev) + "\t" + bit + "\t" + CellName(sq, l.Index(sq), bit == "1"))
		if old.Has(sq) != bits.Has(sq) {
			b.WriteString("\tb")
		}
	}
	if old != bits {
		r := model.ReadoutOf(l, bits)
		values = CardSub(key, title, r.Count) + "\t" + r.Hex + "\t" + r.Binary + "\t" + r.Decimal + "\t" + DecimalMarkup(r)
	}
	return b.String(), values
}

// CellClass returns the class of the grid cell of sq in a card of bb (see
// Card): "cell", with "bit-set" when its bit became 1 since prev or
// "bit-cleared" when it became 0.
func CellClass(sq core.Square, bb, prev core.Bitboard) string {
	switch {
	case (bb &^ prev).Has(sq):
		return "cell bit-set"
	case (prev &^ bb).Has(sq):
		return "cell bit-cleared"
	}
	return "cell"
}

// MarkedChanged returns the squares whose cell in a card (see Card) looks
// different from bits a (with prev pa) to bits b (with prev pb): their bit,
// or whether the bit is marked as set or cleared since prev, changed.
func MarkedChanged(a, pa, b, pb core.Bitboard) core.Bitboard {
	return (a ^ b) | ((a &^ pa) ^ (b &^ pb)) | ((pa &^ a) ^ (pb &^ b))
}

// writeBits writes grid g of bb as a card draws it (see Card), titled
// title, with the bits that changed since prev marked. Every cell is a
// stop of the grid's roving tabindex: the first cell has tabindex 0 (the
// grid is one stop in the tab order) and the others -1; the arrow keys,
// Home and End move the focus between them (wasm/cards.go, gridKey). With
// edit (the free card, see FreeCard) each rank digit and file letter is a
// button, reachable with the arrow keys too, that fills its rank or file
// (data-fill="rank:8", "file:e"), or clears it when it is full.
func writeBits(b *strings.Builder, g model.Grid, layoutName, title string, bb, prev core.Bitboard, edit bool) {
	b.WriteString(`<div class="bits" part="grid" role="grid" style="--cols:` + strconv.Itoa(g.Cols) + `"`)
	attr(b, "aria-label", title+" bits in "+layoutName)
	b.WriteString(`>`)
	tab := "0"
	for row := range g.Rows {
		b.WriteString(`<div role="row" class="row">`)
		if r, ok := core.ParseSquare("a" + g.RowLabels[row]); edit && ok {
			fillButton(b, "rank", g.RowLabels[row], bb, r.Rank().Bitboard())
		} else {
			b.WriteString(`<span class="coord rank" aria-hidden="true">` + g.RowLabels[row] + `</span>`)
		}
		for _, c := range g.Cells[row*g.Cols : (row+1)*g.Cols] {
			bit := "0"
			if c.Bit {
				bit = "1"
			}
			idx := strconv.Itoa(c.Index)
			if c.OffBoard {
				name := CellName(core.NoSquare, c.Index, false)
				b.WriteString(`<div role="gridcell" part="cell offboard" class="` + offClass(g, row, c.Col) + `" tabindex="` + tab + `" data-offboard data-bit="0" data-index="` + idx +
					`" aria-label="` + name + `" title="` + name + `">` + cellDigits("·", idx) + `</div>`)
				tab = "-1"
				continue
			}
			sq := c.Square.String()
			class := CellClass(c.Square, bb, prev)
			name := CellName(c.Square, c.Index, c.Bit)
			b.WriteString(`<div role="gridcell" part="cell" class="` + class + `" tabindex="` + tab + `" data-square="` + sq + `" data-index="` + idx + `" data-bit="` + bit +
				`" aria-label="` + name + `" title="` + name + `">` + cellDigits(bit, idx) + `</div>`)
			tab = "-1"
		}
		b.WriteString(`</div>`)
	}
	if edit {
		b.WriteString(`<div role="row" class="row files"><span></span>`)
	} else {
		b.WriteString(`<div role="row" class="row files" aria-hidden="true"><span></span>`)
	}
	for _, f := range g.ColLabels {
		if sq, ok := core.ParseSquare(f + "1"); edit && ok {
			fillButton(b, "file", f, bb, sq.File().Bitboard())
			continue
		}
		b.WriteString(`<span class="coord file">` + f + `</span>`)
	}
	b.WriteString(`</div></div>`)
}

// offClass returns the class of an off-board slot of grid g in row and
// col: "cell off", with off-file when no square of its column has a file
// (0x88's right half, 10×12's first and last columns) and off-rank when
// no square of its row has a rank (10×12's first and last two rows), by
// which view.css may draw those columns and rows narrower than a cell.
func offClass(g model.Grid, row, col int) string {
	class := "cell off"
	if g.ColLabels[col] == "" {
		class += " off-file"
	}
	if g.RowLabels[row] == "" {
		class += " off-rank"
	}
	return class
}

// CellName returns the accessible name of a cell of a bit grid: its
// square, its index in the numbering on show and its bit, as in
// "e4, index 28, set" and "e4, index 28, not set"; an off-board slot
// (sq is core.NoSquare: the 0x88 and 10×12 layouts' slots that are no
// square) is "off-board slot, index 8". The index is the one the cell
// shows, so the name holds the cell's visible label (WCAG 2.5.3, Label in
// Name); the bit is the cell's state, which the name says in words.
func CellName(sq core.Square, index int, bit bool) string {
	if sq == core.NoSquare {
		return "off-board slot, index " + strconv.Itoa(index)
	}
	state := "not set"
	if bit {
		state = "set"
	}
	return sq.String() + ", index " + strconv.Itoa(index) + ", " + state
}

// cellDigits writes the inside of a grid cell: the digit (its bit, or
// another mark such as "·" for an off-board slot), which view.css draws
// from data-digit, as the cell's state is in its name (see CellName); and
// the index, as text, the cell's label.
func cellDigits(digit, index string) string {
	return `<b data-digit="` + escape(digit) + `"></b><small>` + index + `</small>`
}

// fillButton writes the button of a rank or file label of the free card:
// it fills the squares of set (rank "8" or file "e"), or clears them when
// every one is set already, and its label says which it will do. A row
// of a grid holds cells only (WAI-ARIA 1.2: gridcell, rowheader,
// columnheader), so the button is inside the row's header (a rank's) or
// its column's (a file's).
func fillButton(b *strings.Builder, kind, label string, bb, set core.Bitboard) {
	verb := "Fill"
	if bb&set == set {
		verb = "Clear"
	}
	role := "rowheader"
	if kind == "file" {
		role = "columnheader"
	}
	name := verb + " " + kind + " " + label
	b.WriteString(`<span role="` + role + `" class="fill-head"><button type="button" class="coord ` + kind + ` fill" tabindex="-1" data-fill="` + kind + ":" + label + `"`)
	attr(b, "aria-label", name)
	attr(b, "title", name)
	b.WriteString(`>` + label + `</button></span>`)
}

// readout writes one value: its format with a copy button carrying the
// plain value (and extra, more buttons), then the value as markup.
func readout(b *strings.Builder, format, plain, markup, extra string) {
	b.WriteString(`<div class="readout"><dt>` + format)
	if plain != "" {
		b.WriteString(`<button type="button" class="copy"`)
		attr(b, "data-copy", plain)
		attr(b, "aria-label", "Copy the "+format+" value")
		b.WriteString(`>Copy</button>`)
	}
	b.WriteString(extra + `</dt><dd><code part="readout" data-format="` + format + `">` + markup + `</code></dd></div>`)
}

// CopyAs returns the "Copy as" buttons of a card's hex readout (see
// Card): one per language of core.LiteralLanguages, with data-copy-as
// (its key: "c", "rust", "go") and its name, in a group of class copy-as.
// A button copies the card's value as that language's integer literal
// (core.Layout.Literal), read from the hex readout when it is clicked, so
// a card patched in place (web/bitview/card.js) needs nothing more.
func CopyAs() string {
	var b strings.Builder
	b.WriteString(`<span class="copy-as" role="group" aria-label="Copy as a literal">as`)
	for _, lang := range core.LiteralLanguages {
		name := core.LiteralName(lang)
		b.WriteString(` <button type="button"`)
		attr(&b, "data-copy-as", lang)
		attr(&b, "aria-label", "Copy the value as a "+name+" literal")
		attr(&b, "title", "Copy as a "+name+" literal")
		b.WriteString(`>` + name + `</button>`)
	}
	b.WriteString(`</span>`)
	return b.String()
}

// CopyAsLiteral returns what a "Copy as" button of language lang copies
// from a card in layout l whose hex readout reads hex: the value as that
// language's literal (core.Layout.Literal); ok is false when hex is not
// a value of l or lang is not a language it writes.
func CopyAsLiteral(l *core.Layout, hex, lang string) (string, bool) {
	bb, err := model.ParseFree(l, model.FreeHex, hex)
	if err != nil {
		return "", false
	}
	return l.Literal(l.Value(bb), lang)
}

// binarySpans returns the grouped binary string one group per line: each
// group (a rank of the 64-bit rank-major layouts, a file of lefr and befr,
// a board row with its off-board slots in 0x88 and 10x12) is a span of
// class bin-row, which view.css draws as a block, with data-rank or
// data-file naming what its squares share (none for a sentinel row of
// 10x12), and a trailing space but for the last, so the text still reads
// as the grouped value. Each bit is a span naming its square (hovering a
// square highlights its bit), or of class off for an off-board slot.
func binarySpans(l *core.Layout, grouped string) string {
	var b strings.Builder
	slot := l.Slots - 1
	for gi, group := range strings.Split(grouped, " ") {
		b.WriteString(`<span class="bin-row"`)
		if k, v := groupLabel(l, slot, len(group)); k != "" {
			attr(&b, k, v)
		}
		b.WriteString(`>`)
		for i := 0; i < len(group); i++ {
			if sq := l.SquareAt(slot); sq == core.NoSquare {
				b.WriteString(`<span class="off">` + group[i:i+1] + `</span>`)
			} else {
				b.WriteString(`<span data-square="` + sq.String() + `">` + group[i:i+1] + `</span>`)
			}
			slot--
		}
		if gi < strings.Count(grouped, " ") {
			b.WriteString(" ")
		}
		b.WriteString(`</span>`)
	}
	return b.String()
}

// groupLabel names what the squares of the n slots from top down share:
// ("data-rank", "8") or ("data-file", "h"); ("", "") when they share
// neither or none is a square.
func groupLabel(l *core.Layout, top, n int) (string, string) {
	sameRank, sameFile, first := true, true, core.NoSquare
	for s := top; s > top-n; s-- {
		sq := l.SquareAt(s)
		switch {
		case sq == core.NoSquare:
		case first == core.NoSquare:
			first = sq
		default:
			sameRank = sameRank && sq.Rank() == first.Rank()
			sameFile = sameFile && sq.File() == first.File()
		}
	}
	switch {
	case first == core.NoSquare:
		return "", ""
	case sameRank:
		return "data-rank", first.Rank().String()
	case sameFile:
		return "data-file", first.File().String()
	}
	return "", ""
}

// bitGrid writes an 8×8 grid of the 64 bits of v, rank 8 at the top, each
// cell standing for the LERF square n = bit n (so a bitboard's cells are
// its squares): data-square, data-index (bit n), data-bit, an aria-label,
// and the class cellClass returns for it ("" for none).
func bitGrid(b *strings.Builder, label string, v uint64, cellClass func(bit int) string) {
	b.WriteString(`<div class="bits" role="grid" style="--cols:8"`)
	attr(b, "aria-label", label)
	b.WriteString(`>`)
	for row := 7; row >= 0; row-- {
		b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + strconv.Itoa(row+1) + `</span>`)
		for col := range 8 {
			n := 8*row + col
			sq := core.Square(n).String()
			bit := strconv.Itoa(int(v >> n & 1))
			class := "cell"
			if c := cellClass(n); c != "" {
				class += " " + c
			}
			b.WriteString(`<div role="gridcell" class="` + class + `" data-square="` + sq + `" data-index="` + strconv.Itoa(n) +
				`" data-bit="` + bit + `" aria-label="` + CellName(core.Square(n), n, bit == "1") + `">` + cellDigits(bit, strconv.Itoa(n)) + `</div>`)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`<div role="row" class="row files" aria-hidden="true"><span></span>`)
	for f := range 8 {
		b.WriteString(`<span class="coord file">` + string(rune('a'+f)) + `</span>`)
	}
	b.WriteString(`</div></div>`)
}
