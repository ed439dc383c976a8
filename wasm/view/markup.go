package view

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
)

// pieceNames names each piece for aria-labels, indexed by core.Piece:
// "white pawn" … "black king" ("" for NoPiece).
var pieceNames = func() (n [core.PieceCount + 1]string) {
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		n[pc] = pc.Color().String() + " " + strings.ToLower(pc.Type().String())
	}
	return n
}()

// DefaultPieceBase is where the Chessnut pieces are relative to the page
// (index.html, tutorial.html): the folder "pieces/chessnut/" beside it.
// A <bitboard-view> on another page passes its own base, an absolute URL
// resolved from its module's URL.
const DefaultPieceBase = "pieces/chessnut/"

// pieceImage returns the Chessnut image of pc in the folder base (ending
// in "/"; "" means DefaultPieceBase), e.g. "pieces/chessnut/wP.svg".
func pieceImage(base string, pc core.Piece) string {
	if base == "" {
		base = DefaultPieceBase
	}
	return base + "wb"[pc.Color():pc.Color()+1] + strings.ToUpper(string(pc.Letter())) + ".svg"
}

// attr writes ` name="value"` with value escaped.
func attr(b *strings.Builder, name, value string) {
	b.WriteString(" " + name + `="` + escape(value) + `"`)
}

// Board returns the board: 8×8 squares with a–h / 1–8 coordinates, rank 8
// at the top (rank 1 when flipped), each square with data-square,
// data-piece when occupied, an aria-label with its index in l, and the
// index itself when labels is set. Squares in warn are marked.
func Board(p *core.Position, l *core.Layout, flipped, labels bool, warn core.Bitboard) string {
	return BoardMarked(p, l, flipped, labels, Marks{Warn: warn, Selected: core.NoSquare, LastFrom: core.NoSquare, LastTo: core.NoSquare})
}

// Marks are the squares a board marks besides its pieces: those named by
// warnings, the square selected for "attacks from", and the last move's
// from- and to-square (core.NoSquare for none); the author's coloured
// squares and arrows (an attribute, or a PGN comment's [%csl]/[%cal]);
// and where the piece images are (see pieceImage).
type Marks struct {
	Warn                       core.Bitboard
	Selected, LastFrom, LastTo core.Square
	Marked                     []pgn.Mark
	Arrows                     []pgn.Arrow
	PieceBase                  string
}

// class returns the marks of sq as classes, each after a space.
func (m Marks) class(sq core.Square) string {
	c := ""
	if m.Warn.Has(sq) {
		c += " warn"
	}
	if sq == m.Selected {
		c += " selected"
	}
	if sq == m.LastFrom {
		c += " last-from"
	}
	if sq == m.LastTo {
		c += " last-to"
	}
	for _, mk := range m.Marked {
		if mk.Square == sq {
			c += " mark-" + mk.Brush.Name() // the last of a square's marks wins, as in CSS
		}
	}
	return c
}

// SquareMarks is what a board square's markup depends on besides the
// square, the layout and the labels switch, as one comparable value: a
// view redraws a square only when it changes.
type SquareMarks struct {
	Piece     core.Piece
	Class     string // the marks as classes, see Marks
	Tab       bool   // the square is the board's stop in the tab order
	PieceBase string // see Marks
}

// MarksOf returns the marks of sq on p.
func (m Marks) MarksOf(p *core.Position, sq core.Square, flipped bool) SquareMarks {
	tab := core.A8
	if flipped {
		tab = core.H1
	}
	return SquareMarks{Piece: p.PieceAt(sq), Class: m.class(sq), Tab: sq == tab, PieceBase: m.PieceBase}
}

// BoardMarked is Board with every mark of m (see Marks).
func BoardMarked(p *core.Position, l *core.Layout, flipped, labels bool, m Marks) string {
	var b strings.Builder
	side := "white"
	if flipped {
		side = "black"
	}
	b.WriteString(`<div class="board" part="board" role="grid" aria-label="Chess board, ` + side + ` at the bottom">`)
	order := BoardOrder(flipped)
	for row := range 8 {
		b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + order[8*row].Rank().String() + `</span>`)
		for _, sq := range order[8*row : 8*row+8] {
			writeSquare(&b, l, sq, labels, m.MarksOf(p, sq, flipped))
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`<div role="row" class="row files" aria-hidden="true"><span></span>`)
	for _, sq := range order[56:] {
		b.WriteString(`<span class="coord file">` + sq.File().String() + `</span>`)
	}
	b.WriteString(`</div>` + Arrows(m.Arrows, flipped) + `</div>`)
	return b.String()
}

// BoardOrder returns the squares in the order a board is drawn: rank 8
// first, a to h; from Black (flipped), rank 1 first, h to a. Row r of the
// board is order[8r : 8r+8].
func BoardOrder(flipped bool) [core.SquareCount]core.Square {
	var order [core.SquareCount]core.Square
	for i := range order {
		row, col := i/8, i%8
		if flipped {
			order[i] = core.NewSquare(core.File(7-col), core.Rank(row))
		} else {
			order[i] = core.NewSquare(core.File(col), core.Rank(7-row))
		}
	}
	return order
}

// ArrowStep returns the square an arrow key (the KeyboardEvent key
// "ArrowLeft", "ArrowRight", "ArrowUp" or "ArrowDown") moves to from sq on
// a board seen from White, or from Black when flipped: up is towards the
// top of the screen. It answers false for other keys and at the edge.
func ArrowStep(sq core.Square, key string, flipped bool) (core.Square, bool) {
	df, dr := 0, 0
	switch key {
	case "ArrowLeft":
		df = -1
	case "ArrowRight":
		df = 1
	case "ArrowUp":
		dr = 1
	case "ArrowDown":
		dr = -1
	default:
		return core.NoSquare, false
	}
	if flipped {
		df, dr = -df, -dr
	}
	f, r := int(sq.File())+df, int(sq.Rank())+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return core.NoSquare, false
	}
	return core.NewSquare(core.File(f), core.Rank(r)), true
}

// Square returns one square of the board as BoardMarked writes it.
func Square(l *core.Layout, sq core.Square, labels bool, sm SquareMarks) string {
	var b strings.Builder
	writeSquare(&b, l, sq, labels, sm)
	return b.String()
}

// writeSquare writes the square sq (see Board).
func writeSquare(b *strings.Builder, l *core.Layout, sq core.Square, labels bool, sm SquareMarks) {
	pc := sm.Piece
	class := "sq dark"
	if (int(sq.File())+int(sq.Rank()))%2 == 1 {
		class = "sq light"
	}
	class += sm.Class
	label := sq.String() + ", empty"
	if pc != core.NoPiece {
		label = sq.String() + ", " + pieceNames[pc]
	}
	label += ", " + l.Name + " " + strconv.Itoa(l.Index(sq))
	tabindex := "-1" // one square is in the tab order; arrow keys move from there
	if sm.Tab {
		tabindex = "0"
	}
	b.WriteString(`<div role="gridcell" part="square" tabindex="` + tabindex + `"`)
	attr(b, "class", class)
	attr(b, "data-square", sq.String())
	if pc != core.NoPiece {
		attr(b, "data-piece", string(pc.Letter()))
	}
	attr(b, "aria-label", label)
	b.WriteString(">")
	if pc != core.NoPiece {
		b.WriteString(`<img alt="" draggable="false" src="` + escape(pieceImage(sm.PieceBase, pc)) + `">`)
	}
	if labels {
		b.WriteString(`<span class="idx">` + strconv.Itoa(l.Index(sq)) + `</span>`)
	}
	b.WriteString(`</div>`)
}

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
// h-file on the left, see core.Grid.Flipped), as beside a flipped board;
// every cell keeps its index.
func Card(l *core.Layout, s Shown, prev core.Bitboard, flipped bool) string {
	key, title, bb := s.Key, s.Title, s.Bits
	g := l.Grid(bb)
	if flipped {
		g = g.Flipped()
	}
	r := l.Readout(bb)
	var b strings.Builder
	b.WriteString(`<section class="card"`)
	attr(&b, "data-bitboard", key)
	attr(&b, "data-layout", l.ID)
	attr(&b, "aria-label", title+" in "+l.Name)
	b.WriteString(`><header><h3>` + escape(title) + `</h3><span class="sub">`)
	if key != title {
		b.WriteString(escape(key) + ` · `)
	}
	b.WriteString(strconv.Itoa(r.Count) + ` set</span>`)
	b.WriteString(`<button type="button" class="close"`)
	attr(&b, "data-toggle", key)
	attr(&b, "aria-label", "Hide "+title)
	b.WriteString(`>×</button></header>`)

	writeBits(&b, g, l.Name, title, bb, prev, false)

	b.WriteString(`<dl class="readouts">`)
	readout(&b, "hex", r.Hex, escape(r.Hex))
	readout(&b, "binary", r.Binary, binarySpans(l, r.Grouped))
	if l.FitsUint64() {
		dec := r.Decimal
		if r.Signed != r.Decimal {
			dec += ` <span class="signed">(signed ` + r.Signed + `)</span>`
		}
		readout(&b, "decimal", r.Decimal, dec)
	} else {
		readout(&b, "decimal", "", `<span class="na">— `+strconv.Itoa(l.Slots)+` bits do not fit a 64-bit integer</span>`)
	}
	b.WriteString(`</dl></section>`)
	return b.String()
}

// writeBits writes grid g of bb as a card draws it (see Card), titled
// title, with the bits that changed since prev marked. Every cell is a
// stop of the grid's roving tabindex: the first cell has tabindex 0 (the
// grid is one stop in the tab order) and the others -1; the arrow keys,
// Home and End move the focus between them (wasm/render.go, gridKey). With
// edit (the free card, see FreeCard) each rank digit and file letter is a
// button, reachable with the arrow keys too, that fills its rank or file
// (data-fill="rank:8", "file:e"), or clears it when it is full.
func writeBits(b *strings.Builder, g core.Grid, layoutName, title string, bb, prev core.Bitboard, edit bool) {
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
				b.WriteString(`<div role="gridcell" part="cell offboard" class="cell off" tabindex="` + tab + `" data-offboard data-bit="0" data-index="` + idx +
					`" aria-label="` + name + `" title="` + name + `">` + cellDigits("·", idx) + `</div>`)
				tab = "-1"
				continue
			}
			sq := c.Square.String()
			class := "cell"
			switch {
			case (bb &^ prev).Has(c.Square):
				class = "cell bit-set"
			case (prev &^ bb).Has(c.Square):
				class = "cell bit-cleared"
			}
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
// plain value, then the value as markup.
func readout(b *strings.Builder, format, plain, markup string) {
	b.WriteString(`<div class="readout"><dt>` + format)
	if plain != "" {
		b.WriteString(`<button type="button" class="copy"`)
		attr(b, "data-copy", plain)
		attr(b, "aria-label", "Copy the "+format+" value")
		b.WriteString(`>Copy</button>`)
	}
	b.WriteString(`</dt><dd><code part="readout" data-format="` + format + `">` + markup + `</code></dd></div>`)
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

// Toggles returns the bitboard switches, one button per core.BitboardNames
// entry (pressed when shown), in four groups: the white pieces, the black
// pieces, the colour and occupancy sets, and the piece types.
func Toggles(show []string) string {
	groups := []struct {
		label    string
		from, to int
	}{{"White", 0, 6}, {"Black", 6, 12}, {"Sets", 12, 16}, {"Types", 16, 22}}
	var b strings.Builder
	for _, g := range groups {
		b.WriteString(`<div class="group" role="group" aria-label="` + g.label + `"><span class="glabel">` + g.label + `</span>`)
		for i, n := range core.BitboardNames[g.from:g.to] {
			pressed := "false"
			for _, s := range show {
				if s == n.Name {
					pressed = "true"
				}
			}
			b.WriteString(`<button type="button" class="toggle" aria-pressed="` + pressed + `"`)
			attr(&b, "data-toggle", n.Name)
			attr(&b, "title", n.Title)
			b.WriteString(`>`)
			if g.from+i < core.PieceCount { // the pieces, WhitePawn first, in Piece.Index order
				b.WriteString(`<img alt="" src="` + pieceImage("", core.WhitePawn+core.Piece(g.from+i)) + `">`)
			}
			b.WriteString(escape(n.Name) + `</button>`)
		}
		b.WriteString(`</div>`)
	}
	return b.String()
}

// LayoutSwitch returns one radio button per core.Layouts entry, current
// checked, named for the layout (its full name; the label holds the full
// and the short one, for the stylesheet to show either), and the current
// layout's one-line explanation.
func LayoutSwitch(current *core.Layout) string {
	var b strings.Builder
	b.WriteString(`<div class="layouts" role="radiogroup" aria-label="Square numbering">`)
	for _, l := range core.Layouts {
		b.WriteString(`<label><input type="radio" name="layout"`)
		attr(&b, "value", l.ID)
		if l == current {
			b.WriteString(" checked")
		}
		// Its name is the full one, whichever of the two the stylesheet
		// shows (the page shows the short one; presentation mode too).
		attr(&b, "aria-label", l.Name)
		b.WriteString(`><span class="full">` + escape(l.Name) + `</span><span class="short" aria-hidden="true">` + escape(l.Short) + `</span></label>`)
	}
	b.WriteString(`</div><p class="about" id="layout-about">` + escape(current.About) + `</p>`)
	return b.String()
}

// SquareInfo returns the panel for a hovered or focused square: its name,
// its piece, and its index in every layout side by side (msb-a8 also with
// its index counted from the most significant bit). Each column is headed
// by the layout's short label ("LERF", "MSB-a8"; class layout-short, which
// view.css keeps on one line) with its full name as the title tooltip.
func SquareInfo(p *core.Position, sq core.Square) string {
	var b strings.Builder
	what := "empty"
	if pc := p.PieceAt(sq); pc != core.NoPiece {
		what = pieceNames[pc]
	}
	b.WriteString(`<p><strong data-info-square="` + sq.String() + `">` + sq.String() + `</strong> <span>` + what +
		`</span></p><table><tr>`)
	for _, l := range core.Layouts {
		b.WriteString(`<th scope="col" class="layout-short"`)
		attr(&b, "title", l.Name)
		b.WriteString(`>` + escape(l.Short) + `</th>`)
	}
	b.WriteString(`</tr><tr>`)
	for _, l := range core.Layouts {
		i := l.Index(sq)
		b.WriteString(`<td data-layout="` + l.ID + `">` + strconv.Itoa(i))
		if l.MSBFirst {
			b.WriteString(` <small>(MSB index ` + strconv.Itoa(l.MSBIndex(i)) + `)</small>`)
		}
		b.WriteString(`</td>`)
	}
	b.WriteString(`</tr></table>`)
	return b.String()
}

// FENError returns the error panel: the field at fault, the message, and
// the input with the offending character marked. The attributes
// data-error-field and data-error-offset carry the field number and the
// character offset (the error's byte offset counted in characters). With
// kept, it says the last valid position stays on show.
func FENError(input string, e *core.FENError, kept bool) string {
	note := ""
	if kept {
		note = "The board shows the last valid position."
	}
	return fenError(input, e, note)
}

// FENErrorOverStart is FENError for a FEN that no valid position came
// before (a link's): the board shows the start position instead, and
// note says so; "" when fen parses.
func FENErrorOverStart(fen string) string {
	_, _, err := core.ParseFENOrPlacement(fen)
	fe, ok := err.(*core.FENError)
	if !ok {
		return ""
	}
	return fenError(fen, fe, "The board shows the start position instead: this FEN does not parse. Fix it, or type another.")
}

// fenError writes the FEN error panel with note (a sentence, or "") after
// the marked FEN.
func fenError(input string, e *core.FENError, note string) string {
	off := min(max(e.Offset, 0), len(input))
	for off > 0 && off < len(input) && !utf8.RuneStart(input[off]) {
		off-- // mark whole characters
	}
	chars := utf8.RuneCountInString(input[:off])
	before, at, after := input[:off], "", ""
	if off < len(input) {
		_, n := utf8.DecodeRuneInString(input[off:])
		at, after = input[off:off+n], input[off+n:]
	}
	if at == "" || at == " " {
		at = "\u00a0" // mark the place where something is missing
	}
	var b strings.Builder
	b.WriteString(`<div class="error" role="alert" data-error-field="` + strconv.Itoa(e.Field) + `" data-error-offset="` + strconv.Itoa(chars) + `">`)
	b.WriteString(`<p><strong>` + escape(e.FieldName()) + ` (field ` + strconv.Itoa(e.Field) + `), character ` + strconv.Itoa(chars+1) +
		`:</strong> ` + escape(e.Msg) + `</p>`)
	b.WriteString(`<pre class="fen-mark">` + escape(before) + `<mark>` + escape(at) + `</mark>` + escape(after) + `</pre>`)
	if note != "" {
		b.WriteString(`<p class="kept">` + escape(note) + `</p>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// FENNotice returns the notice shown when a FEN was only a piece
// placement (core.ParseFENOrPlacement reported placementOnly): what was
// assumed (core.PlacementOnlyNotice) and the full FEN it was read as. It
// is a polite status, not an alert: the position is on show.
func FENNotice(fen string) string {
	return `<p class="notice" role="status" data-notice="placement-only">` + escape(core.PlacementOnlyNotice) +
		` Read as <code>` + escape(fen) + `</code>.</p>`
}

// Warnings returns the list of warnings, each with its code and squares.
func Warnings(ws []core.Warning) string {
	if len(ws) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<ul class="warnings" aria-label="Warnings">`)
	for _, w := range ws {
		b.WriteString(`<li data-code="` + string(w.Code) + `">` + escape(w.Message) + `</li>`)
	}
	b.WriteString(`</ul>`)
	return b.String()
}

// Highlight returns the CSS rule that highlights sq wherever it appears
// (board, grid cells, binary digits), or "" for NoSquare.
func Highlight(sq core.Square) string {
	if sq == core.NoSquare {
		return ""
	}
	return `[data-square="` + sq.String() + `"]{outline:3px solid var(--bitview-hover)!important;outline-offset:-3px;z-index:1}` +
		`code [data-square="` + sq.String() + `"]{background:var(--bitview-hover)!important;color:var(--bitview-on-hover)!important;outline:none!important}`
}
