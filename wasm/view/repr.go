package view

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/repr"
	"github.com/bitview/bitview/wasm/model"
)

// Representations returns the "Representations" panel for p: one
// <section class="repr card" data-repr="ID"> per repr.Representations
// entry, in that order, each with its name, its About line and its size in
// bytes for p, then the memory table (data-repr="memory"). Everything that
// stands for a square carries data-square, so hovering a square highlights
// it in every array, list and bit string. When hover is a square, the
// bordered arrays show the knight jumps from it with their off-board test,
// and the rotated bitboards mark the runs a slider on it reads.
func Representations(p *core.Position, hover core.Square) string {
	if p == nil {
		return ""
	}
	if hover > core.NoSquare {
		hover = core.NoSquare
	}
	var b strings.Builder
	b.WriteString(`<div class="repr-panel" part="representations" role="region" aria-label="Representations">`)
	for _, r := range repr.Representations {
		reprOpen(&b, r.ID, r.Name, r.About, r.Size(p))
		switch r.ID {
		case "array64":
			reprArray64(&b, p)
		case "0x88", "10x12", "16x16":
			for _, a := range reprArrays {
				if a.id == r.ID {
					reprBordered(&b, a, p, hover)
				}
			}
		case "piece-lists":
			reprPieceLists(&b, p)
		case "bitboards-12":
			set := repr.Bitboards12(p)
			reprBitboardTable(&b, r.Name, set[:])
		case "bitboards-8":
			set := repr.Bitboards8(p)
			reprBitboardTable(&b, r.Name, set[:])
		case "rotated":
			reprRotated(&b, p, hover)
		case "minimal":
			reprMinimal(&b, p, r)
		}
		b.WriteString(`</section>`)
	}
	reprMemory(&b, p)
	b.WriteString(`</div>`)
	return b.String()
}

// reprOpen writes a section's start tag, its header (name and bytes) and
// its one-line explanation.
func reprOpen(b *strings.Builder, id, name, about string, bytes int) {
	b.WriteString(`<section class="repr card"`)
	attr(b, "part", "representation representation-"+id)
	attr(b, "data-repr", id)
	attr(b, "aria-label", name)
	b.WriteString(`><header><h3>` + escape(name) + `</h3><span class="sub repr-bytes" data-bytes="` + itoa(bytes) + `">` +
		reprBytes(bytes) + `</span></header>`)
	if about != "" {
		b.WriteString(`<p class="about">` + escape(about) + `</p>`)
	}
}

// reprBytes writes a size: "1 byte", "64 bytes".
func reprBytes(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return itoa(n) + " bytes"
}

// reprSigned writes an offset with its sign: "+33", "-18".
func reprSigned(i int) string {
	if i >= 0 {
		return "+" + itoa(i)
	}
	return itoa(i)
}

// reprCodeText returns how a code reads: "4 (WROOK)", "OFFBOARD (255)".
func reprCodeText(c uint8) string {
	if c == repr.CodeOffBoard {
		return repr.CodeName(c) + " (" + itoa(int(c)) + ")"
	}
	return itoa(int(c)) + " (" + repr.CodeName(c) + ")"
}

// reprScroll opens the box a wide grid or table scrolls sideways in: a
// region named name in the tab order, so the keyboard can scroll it too
// (axe-core's scrollable-region-focusable). The caller closes the div.
func reprScroll(b *strings.Builder, name string) {
	b.WriteString(`<div class="repr-scroll" tabindex="0" role="region"`)
	attr(b, "aria-label", name)
	b.WriteString(`>`)
}

// reprCellName names a cell of an array grid: its square (an off-board
// slot when sq is core.NoSquare), its index (with its hex form when hex),
// then what it holds, as in "e4, index 28: 1 (WPAWN)". The index comes
// before the value, as in the cell's text (index, then value), so the
// name holds what the cell shows (WCAG 2.5.3, Label in Name).
func reprCellName(sq core.Square, i int, hex bool, holds string) string {
	name := "off-board slot"
	if sq != core.NoSquare {
		name = sq.String()
	}
	name += ", index " + itoa(i)
	if hex {
		name += " (" + repr.HexIndex(i) + ")"
	}
	return name + ": " + holds
}

// A reprArray is one array form as the panel draws it: its cells in index
// order, Cols to a row, index 0 at the top left.
type reprArray struct {
	id     string                             // the repr.Representations id
	cols   int                                // cells per row
	hex    bool                               // label rows (and columns) in hex
	split  int                                // column where the off-board half starts (0x88), else 0
	tiny   bool                               // codes only, no index in each cell
	codes  func(p *core.Position) []uint8     // the array's cells
	square func(i int) core.Square            // square of cell i, NoSquare off the board
	index  func(sq core.Square) int           // cell of sq
	jumps  func(from int) []repr.KnightTarget // the knight test from cell from
	test   string                             // the off-board test, as markup
}

var (
	reprLayout0x88, _  = core.LayoutByID("0x88")
	reprLayout10x12, _ = core.LayoutByID("10x12")
)

// reprArrays holds the bordered arrays: 0x88, 10×12 and 16×16.
var reprArrays = [3]reprArray{
	{id: "0x88", cols: 16, hex: true, split: 8,
		codes:  func(p *core.Position) []uint8 { a := repr.Array0x88(p); return a[:] },
		square: func(i int) core.Square { return reprLayout0x88.SquareAt(i) },
		index:  func(sq core.Square) int { return reprLayout0x88.Index(sq) },
		jumps:  repr.KnightTargets0x88,
		test:   `<code>target &amp; 0x88</code> ≠ 0 means off the board, without reading the array`},
	{id: "10x12", cols: 10,
		codes:  func(p *core.Position) []uint8 { a := repr.Array10x12(p); return a[:] },
		square: func(i int) core.Square { return reprLayout10x12.SquareAt(i) },
		index:  func(sq core.Square) int { return reprLayout10x12.Index(sq) },
		jumps:  repr.KnightTargets10x12,
		test:   `read the target cell: OFFBOARD (255) means off the board`},
	{id: "16x16", cols: 16, hex: true, tiny: true,
		codes:  func(p *core.Position) []uint8 { a := repr.Array16x16(p); return a[:] },
		square: repr.SquareAt16x16,
		index:  repr.Index16x16,
		jumps:  repr.KnightTargets16x16,
		test:   `read the target cell: OFFBOARD (255) means off the board`},
}

// reprArray64 writes the 64-entry array in index order and the code legend.
func reprArray64(b *strings.Builder, p *core.Position) {
	a := repr.Array64(p)
	b.WriteString(`<p class="hint">In index order, as the array lies in memory: index 0 (a1) at the top left, 63 (h8) at the bottom right — rank 1 is the top row, not the bottom one as on the board.</p>`)
	reprGrid(b, reprArray{id: "array64", cols: 8, square: func(i int) core.Square { return core.Square(i) }}, a[:], -1, nil)
	b.WriteString(`<ul class="repr-legend" aria-label="Piece codes">`)
	for c := range uint8(core.PieceCount + 1) {
		b.WriteString(`<li data-code="` + itoa(int(c)) + `"><b>` + itoa(int(c)) + `</b> ` + escape(repr.CodeName(c)) + `</li>`)
	}
	b.WriteString(`</ul>`)
}

// reprBordered writes a bordered array (0x88, 10×12, 16×16) in index
// order, its sentinel legend, and the knight test from hover.
func reprBordered(b *strings.Builder, a reprArray, p *core.Position, hover core.Square) {
	codes := a.codes(p)
	from, jumps := -1, []repr.KnightTarget(nil)
	if hover != core.NoSquare {
		from = a.index(hover)
		jumps = a.jumps(from)
	}
	rows := len(codes) / a.cols
	b.WriteString(`<p class="hint">In index order: index 0 at the top left, ` + itoa(len(codes)-1) + ` at the bottom right, ` +
		itoa(rows) + ` rows of ` + itoa(a.cols) + `; rank 1 is near the top. Striped cells are off the board; they hold OFFBOARD, shown ×.</p>`)
	reprGrid(b, a, codes, from, jumps)
	reprKnight(b, a, codes, hover, from, jumps)
}

// reprGrid writes an array's cells as a grid of a.cols columns, row
// labels giving the index of each row's first cell. The cell of from gets
// class "from" and the targets of jumps class "jump".
func reprGrid(b *strings.Builder, a reprArray, codes []uint8, from int, jumps []repr.KnightTarget) {
	jump := map[int]bool{}
	for _, j := range jumps {
		jump[j.Target] = true
	}
	class := "bits repr-grid"
	if a.split > 0 {
		class += " split"
	}
	if a.tiny {
		class += " tiny"
	}
	if a.hex || len(codes) > 100 {
		class += " long-labels" // "0x70", "110": repr.css widens the label column
	}
	name := a.id
	if r, ok := repr.RepresentationByID(a.id); ok {
		name = r.Name
	}
	name += ", " + itoa(len(codes)) + " cells in index order"
	reprScroll(b, name)
	b.WriteString(`<div role="grid" class="` + class + `" style="--cols:` + itoa(a.cols) + `"`)
	attr(b, "data-array", a.id)
	attr(b, "aria-label", name)
	b.WriteString(`><div role="row" class="row files" aria-hidden="true"><span></span>`)
	for col := range a.cols {
		if a.split > 0 && col == a.split {
			b.WriteString(`<span class="gap"></span>`)
		}
		c := itoa(col)
		if a.hex {
			c = strings.ToUpper(strconv.FormatInt(int64(col), 16))
		}
		b.WriteString(`<span class="coord file">+` + c + `</span>`)
	}
	b.WriteString(`</div>`)
	for i, code := range codes {
		col := i % a.cols
		if col == 0 {
			lbl := itoa(i)
			if a.hex {
				lbl = repr.HexIndex(i)
			}
			b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + lbl + `</span>`)
		}
		if a.split > 0 && col == a.split {
			b.WriteString(`<span class="gap" aria-hidden="true"></span>`)
		}
		sq := a.square(i)
		cls := "cell code"
		switch {
		case sq == core.NoSquare:
			cls += " off"
		case code == repr.CodeEmpty:
			cls += " empty"
		default:
			cls += " piece"
		}
		if i == from {
			cls += " from"
		}
		if jump[i] {
			cls += " jump"
		}
		b.WriteString(`<div role="gridcell" class="` + cls + `"`)
		label := reprCellName(sq, i, a.id != "array64", reprCodeText(code))
		text := itoa(int(code))
		if sq == core.NoSquare {
			b.WriteString(` data-offboard`)
			text = "×"
		} else {
			attr(b, "data-square", sq.String())
		}
		b.WriteString(` data-index="` + itoa(i) + `" data-code="` + itoa(int(code)) + `"`)
		attr(b, "title", label)
		attr(b, "aria-label", label)
		b.WriteString(`>`)
		if !a.tiny {
			b.WriteString(`<small>` + itoa(i) + `</small> `) // the index first: the cell's text reads as its name
		}
		b.WriteString(`<b>` + text + `</b></div>`)
		if col == a.cols-1 {
			b.WriteString(`</div>`)
		}
	}
	b.WriteString(`</div></div>`)
}

// reprKnight writes the knight test from hover: each jump's offset,
// target index, what the test reads and its verdict, with core's
// explanation. Without a hovered square it writes a hint instead.
func reprKnight(b *strings.Builder, a reprArray, codes []uint8, hover core.Square, from int, jumps []repr.KnightTarget) {
	if hover == core.NoSquare || len(jumps) == 0 {
		b.WriteString(`<p class="hint repr-test-hint">Hover a square to test the knight jumps from it.</p>`)
		return
	}
	on := 0
	for _, j := range jumps {
		if !j.OffBoard {
			on++
		}
	}
	b.WriteString(`<div class="repr-test" data-test="knight" data-from="` + hover.String() + `" data-index="` + itoa(from) + `">`)
	b.WriteString(`<p>Knight on <span class="repr-sq" data-square="` + hover.String() + `">` + hover.String() + `</span>, index ` +
		itoa(from) + ` = ` + repr.HexIndex(from) + `: ` + a.test + `. ` + itoa(on) + ` of ` + itoa(len(jumps)) + ` jumps land on the board.</p>`)
	reprScroll(b, "Knight jumps from "+hover.String())
	b.WriteString(`<table class="repr-table stack repr-jumps"><thead><tr><th scope="col">offset</th><th scope="col">target</th>`)
	if a.split > 0 {
		b.WriteString(`<th scope="col">target &amp; 0x88</th>`)
	} else {
		b.WriteString(`<th scope="col">cell holds</th>`)
	}
	b.WriteString(`<th scope="col">result</th><th scope="col">why</th></tr></thead><tbody>`)
	for _, j := range jumps {
		cls := "on"
		if j.OffBoard {
			cls = "off"
		}
		b.WriteString(`<tr class="` + cls + `" data-offset="` + itoa(j.Offset) + `" data-target="` + itoa(j.Target) + `"`)
		if j.OffBoard {
			b.WriteString(` data-offboard`)
		}
		b.WriteString(`><td class="num">` + reprSigned(j.Offset) + `</td><td class="num">`)
		if a.hex {
			b.WriteString(`<code>` + repr.HexIndex(j.Target) + `</code> = `)
		}
		b.WriteString(itoa(j.Target) + `</td>`)
		if a.split > 0 {
			b.WriteString(`<td class="num"><code>` + repr.HexIndex(j.Target&0x88) + `</code></td>`)
		} else if j.Target >= 0 && j.Target < len(codes) {
			b.WriteString(`<td>` + escape(reprCodeText(codes[j.Target])) + `</td>`)
		} else {
			b.WriteString(`<td>outside the array</td>`)
		}
		if j.OffBoard {
			b.WriteString(`<td>off the board</td>`)
		} else {
			b.WriteString(`<td><span class="repr-sq" data-square="` + j.Square.String() + `">` + j.Square.String() + `</span></td>`)
		}
		b.WriteString(`<td class="why">` + escape(j.Why) + `</td></tr>`)
	}
	b.WriteString(`</tbody></table></div></div>`)
}

// reprPieceLists writes each piece's list of squares and the reverse map
// (square → place in its list) in index order.
func reprPieceLists(b *strings.Builder, p *core.Position) {
	l := repr.PieceListsOf(p)
	reprScroll(b, "Piece lists")
	b.WriteString(`<table class="repr-table repr-lists"><thead><tr><th scope="col">piece</th><th scope="col">count</th>` +
		`<th scope="col">squares, in list order</th></tr></thead><tbody>`)
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		letter := string(pc.Letter())
		b.WriteString(`<tr data-piece="` + letter + `"><th scope="row"><code>` + letter + `</code> ` + escape(pc.String()) +
			`</th><td class="num">` + itoa(len(l.Squares[pc])) + `</td><td>`)
		if len(l.Squares[pc]) == 0 {
			b.WriteString(`<span class="none">–</span>`)
		}
		for i, sq := range l.Squares[pc] {
			b.WriteString(`<span class="repr-sq" data-square="` + sq.String() + `"`)
			attr(b, "title", pc.String()+" list["+itoa(i)+"] = "+sq.String())
			b.WriteString(`>` + sq.String() + `</span>`)
		}
		b.WriteString(`</td></tr>`)
	}
	b.WriteString(`</tbody></table></div>`)

	b.WriteString(`<p class="hint">The reverse map Index[sq] in index order (a1 = 0 at the top left): the place of each square's piece in its list; – for an empty square (NoListIndex, ` +
		itoa(int(repr.NoListIndex)) + `).</p>`)
	reprScroll(b, "Reverse map, square to list place, in index order")
	b.WriteString(`<div role="grid" class="bits repr-grid" style="--cols:8" data-array="piece-index" aria-label="Reverse map, square to list place, in index order">`)
	b.WriteString(`<div role="row" class="row files" aria-hidden="true"><span></span>`)
	for col := range 8 {
		b.WriteString(`<span class="coord file">+` + itoa(col) + `</span>`)
	}
	b.WriteString(`</div>`)
	for i, place := range l.Index {
		sq := core.Square(i)
		if i%8 == 0 {
			b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + itoa(i) + `</span>`)
		}
		pc := p.PieceAt(sq)
		cls, text, label := "cell code empty", "–", reprCellName(sq, i, false, "empty ("+itoa(int(place))+", NoListIndex)")
		if place != repr.NoListIndex {
			cls, text = "cell code piece", itoa(int(place))
			label = reprCellName(sq, i, false, text+", its place in the list of "+pc.String())
		}
		b.WriteString(`<div role="gridcell" class="` + cls + `" data-square="` + sq.String() + `" data-index="` + itoa(i) + `"`)
		attr(b, "title", label)
		attr(b, "aria-label", label)
		b.WriteString(`><small>` + itoa(i) + `</small> <b>` + text + `</b></div>`)
		if i%8 == 7 {
			b.WriteString(`</div>`)
		}
	}
	b.WriteString(`</div></div>`)
}

// reprBitboardTable writes a set of bitboards: name, engine title and
// value in hex.
func reprBitboardTable(b *strings.Builder, name string, set []repr.NamedBitboard) {
	lerf := core.Layouts[0]
	reprScroll(b, name)
	b.WriteString(`<table class="repr-table repr-bitboards"`)
	attr(b, "aria-label", name)
	b.WriteString(`><thead><tr><th scope="col">name</th><th scope="col">in engine code</th><th scope="col">value</th></tr></thead><tbody>`)
	for _, n := range set {
		b.WriteString(`<tr`)
		attr(b, "data-bitboard", n.Name)
		b.WriteString(`><th scope="row"><code>` + escape(n.Name) + `</code></th><td>` + escape(n.Title) + `</td><td><code class="hex">` +
			lerf.Hex(lerf.Value(n.Bits)) + `</code></td></tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
}

// reprRotations describes each rotation for its caption.
var reprRotations = [repr.RotationCount]string{
	repr.Rotated0:   "the occupancy itself: ranks are bytes",
	repr.RotatedL90: "rotated 90°: files are bytes",
	repr.RotatedL45: "rotated 45°: the a8–h1 diagonals are runs",
	repr.RotatedR45: "rotated −45°: the a1–h8 diagonals are runs",
}

// reprRotated writes the four occupancy bitboards of the rotated scheme as
// 8×8 grids in bit order, and for hover the run of each a slider reads.
func reprRotated(b *strings.Builder, p *core.Position, hover core.Square) {
	rb := repr.RotatedBitboardsOf(p)
	var lines [repr.RotationCount]repr.LineOccupancy
	if hover != core.NoSquare {
		lines = rb.Lines(hover)
	}
	b.WriteString(`<p class="hint">Each grid in bit order: bit 0 at the top left, 63 at the bottom right; a cell is the square its bit stands for.`)
	if hover == core.NoSquare {
		b.WriteString(` Hover a square to see the runs a slider on it reads.`)
	}
	b.WriteString(`</p><div class="repr-rots">`)
	for r := repr.Rotated0; r < repr.RotationCount; r++ {
		bb := rb[r]
		b.WriteString(`<figure class="repr-rot" data-rotation="` + r.String() + `"><figcaption><code>` + r.String() + `</code> ` +
			escape(reprRotations[r]) + ` <code class="hex">` + bb.Hex() + `</code></figcaption>`)
		b.WriteString(`<div role="grid" class="bits repr-grid" style="--cols:8"`)
		attr(b, "aria-label", r.String()+", "+reprRotations[r])
		b.WriteString(`><div role="row" class="row files" aria-hidden="true"><span></span>`)
		for col := range 8 {
			b.WriteString(`<span class="coord file">+` + itoa(col) + `</span>`)
		}
		b.WriteString(`</div>`)
		var run core.Bitboard
		self := -1
		if hover != core.NoSquare {
			run = lines[r].Mask()
			self = lines[r].Start + lines[r].Offset
		}
		for n := range core.SquareCount {
			if n%8 == 0 {
				b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + itoa(n) + `</span>`)
			}
			sq := r.SquareAt(n)
			bit := "0"
			if bb>>n&1 != 0 {
				bit = "1"
			}
			cls := "cell"
			if run>>n&1 != 0 {
				cls += " run"
			}
			if n == self {
				cls += " self"
			}
			label := CellName(sq, n, bit == "1")
			b.WriteString(`<div role="gridcell" class="` + cls + `" data-square="` + sq.String() + `" data-index="` + itoa(n) +
				`" data-bit="` + bit + `" title="` + label + `" aria-label="` + label + `">` + cellDigits(bit, itoa(n)) + `</div>`)
			if n%8 == 7 {
				b.WriteString(`</div>`)
			}
		}
		b.WriteString(`</div>`)
		if hover != core.NoSquare {
			reprRun(b, r, hover, lines[r])
		}
		b.WriteString(`</figure>`)
	}
	b.WriteString(`</div>`)
}

// reprRun writes the run a slider on sq reads in rotation r: which line it
// is, its bits, and its occupancy as a binary number (most significant
// bit first, each digit naming its square) and in decimal.
func reprRun(b *strings.Builder, r repr.Rotation, sq core.Square, l repr.LineOccupancy) {
	first, last := r.SquareAt(l.Start), r.SquareAt(l.Start+l.Len-1)
	var line string
	switch r {
	case repr.Rotated0:
		line = "rank " + sq.Rank().String()
	case repr.RotatedL90:
		line = sq.File().String() + "-file"
	default:
		line = "diagonal " + first.String()
		if l.Len > 1 {
			line += "–" + last.String()
		}
	}
	span := "bit " + itoa(l.Start)
	if l.Len > 1 {
		span = "bits " + itoa(l.Start) + "–" + itoa(l.Start+l.Len-1)
	}
	b.WriteString(`<p class="repr-run" data-rotation="` + r.String() + `" data-start="` + itoa(l.Start) + `" data-len="` + itoa(l.Len) +
		`">` + escape(line) + ` through <span class="repr-sq" data-square="` + sq.String() + `">` + sq.String() + `</span>: ` + span +
		`; occupancy <code class="repr-occ">`)
	for i := l.Len - 1; i >= 0; i-- {
		s := r.SquareAt(l.Start + i)
		b.WriteString(`<span data-square="` + s.String() + `" title="` + s.String() + `">` + itoa(int(l.Bits>>i&1)) + `</span>`)
	}
	b.WriteString(`</code> = ` + itoa(int(l.Bits)) + `, the index of the attack lookup.</p>`)
}

// reprMinimal writes the minimal encoding: the bit string with a span per
// square and state field, its length against the packed 64-array, the
// state fields, and whether the bit string decodes back to p.
func reprMinimal(b *strings.Builder, p *core.Position, r repr.Representation) {
	bs := repr.EncodeMinimal(p)
	s := bs.String()
	packed := core.SquareCount * bits.Len8(core.PieceCount) // 4 bits hold every code 0 … 12
	b.WriteString(`<p class="repr-len" data-bits="` + itoa(bs.Len()) + `"><strong>` + itoa(bs.Len()) + ` bits</strong>, ` + reprBytes(r.Size(p)) +
		`, against ` + itoa(packed) + ` bits (` + reprBytes(packed/8) + `) for the 8×8 array packed ` + itoa(packed/core.SquareCount) +
		` bits a square: ` + itoa((bs.Len()*100+packed/2)/packed) + ` %.</p>`)
	b.WriteString(`<p class="hint">Squares a8 … h8, a7 … h1 (FEN order), then the state fields; hover a code to see its square.</p>`)
	b.WriteString(`<code class="repr-bitstring" aria-label="Minimal encoding, bit by bit">`)
	var fields []repr.BitSpan
	for _, sp := range bs.Spans() {
		if sp.Start < 0 || sp.Start+sp.Len > len(s) {
			continue
		}
		v := s[sp.Start : sp.Start+sp.Len]
		if sp.Field == core.FieldPiecePlacement && sp.Square != core.NoSquare {
			what := "empty"
			if sp.Piece != core.NoPiece {
				what = model.PieceName(sp.Piece)
			}
			cls := "msq"
			if sp.Square.File() == 0 {
				cls += " rank-start" // a8, a7 … a1: the start of a rank
			}
			b.WriteString(`<span class="` + cls + `" data-square="` + sp.Square.String() + `"`)
			attr(b, "title", sp.Square.String()+": "+v+" ("+what+")")
			b.WriteString(`>` + v + `</span>`)
			continue
		}
		fields = append(fields, sp)
		name := core.FieldName(sp.Field)
		b.WriteString(`<span class="field"`)
		attr(b, "data-field", name)
		attr(b, "title", name+": "+v+" ("+reprFieldValue(p, sp.Field)+")")
		b.WriteString(`>` + v + `</span>`)
	}
	b.WriteString(`</code>`)

	reprScroll(b, "State fields")
	b.WriteString(`<table class="repr-table repr-fields" aria-label="State fields"><thead><tr><th scope="col">field</th>` +
		`<th scope="col">bits</th><th scope="col">value</th></tr></thead><tbody>`)
	for _, sp := range fields {
		name := core.FieldName(sp.Field)
		b.WriteString(`<tr`)
		attr(b, "data-field", name)
		b.WriteString(`><th scope="row">` + escape(name) + `</th><td><code>` + s[sp.Start:sp.Start+sp.Len] + `</code></td><td>` +
			escape(reprFieldValue(p, sp.Field)) + `</td></tr>`)
	}
	b.WriteString(`</tbody></table></div>`)

	var problems []string
	parsed, err := repr.ParseBitString(s)
	var dec core.Position
	if err == nil {
		dec, err = repr.DecodeMinimal(parsed)
	}
	switch {
	case err != nil:
		problems = []string{"it does not decode: " + err.Error()}
	case dec != *p:
		problems = reprDiff(p, &dec)
	}
	if len(problems) == 0 {
		b.WriteString(`<p class="repr-roundtrip ok" data-roundtrip="ok">✓ DecodeMinimal reads these ` + itoa(len(s)) +
			` bits and decodes back to the same position.</p>`)
		return
	}
	b.WriteString(`<div class="repr-roundtrip bad" data-roundtrip="bad" role="alert"><p>✗ The bit string does not decode back to the same position:</p><ul>`)
	for _, pr := range problems {
		b.WriteString(`<li>` + escape(pr) + `</li>`)
	}
	b.WriteString(`</ul></div>`)
}

// reprFieldValue returns what p holds in a state field, as FEN writes it,
// with how the minimal encoding codes it.
func reprFieldValue(p *core.Position, field int) string {
	switch field {
	case core.FieldActiveColor:
		return p.SideToMove.String() + " to move"
	case core.FieldCastling:
		return p.CastlingField(core.XFEN)
	case core.FieldEnPassant:
		if p.EnPassant >= core.NoSquare {
			return "none"
		}
		return p.EnPassant.String()
	case core.FieldHalfmoveClock:
		return itoa(p.HalfmoveClock) + ", Elias gamma of " + itoa(p.HalfmoveClock+1)
	case core.FieldFullmoveNumber:
		return itoa(p.FullmoveNumber) + ", Elias gamma"
	}
	return ""
}

// reprDiff lists how got differs from want: squares, then state fields.
func reprDiff(want, got *core.Position) []string {
	var ds []string
	wm, gm := want.Mailbox(), got.Mailbox()
	name := func(pc core.Piece) string {
		if pc == core.NoPiece {
			return "empty"
		}
		return model.PieceName(pc)
	}
	for sq := core.A1; sq < core.NoSquare; sq++ {
		if wm[sq] != gm[sq] {
			ds = append(ds, sq.String()+": "+name(wm[sq])+", decoded as "+name(gm[sq]))
		}
	}
	for _, f := range []int{core.FieldActiveColor, core.FieldCastling, core.FieldEnPassant, core.FieldHalfmoveClock, core.FieldFullmoveNumber} {
		if w, g := reprFieldValue(want, f), reprFieldValue(got, f); w != g {
			ds = append(ds, core.FieldName(f)+": "+w+", decoded as "+g)
		}
	}
	if len(ds) == 0 {
		ds = append(ds, "the board and the state agree, but the bitboards do not")
	}
	return ds
}

// reprMemory writes the memory table: every representation with its size
// for p and its explanation.
func reprMemory(b *strings.Builder, p *core.Position) {
	most := 1
	for _, r := range repr.Representations {
		most = max(most, r.Size(p))
	}
	b.WriteString(`<section class="repr card" part="representation representation-memory" data-repr="memory" aria-label="Memory"><header><h3>Memory</h3>` +
		`<span class="sub">bytes for this position</span></header>`)
	reprScroll(b, "Memory")
	b.WriteString(`<table class="repr-table stack repr-memory"><thead><tr><th scope="col">representation</th>` +
		`<th scope="col">bytes</th><th scope="col">about</th></tr></thead><tbody>`)
	for _, r := range repr.Representations {
		n := r.Size(p)
		b.WriteString(`<tr`)
		attr(b, "data-repr", r.ID)
		if r.Bytes == 0 {
			b.WriteString(` class="varies"`)
		}
		b.WriteString(`><th scope="row">` + escape(r.Name) + `</th><td class="num" data-bytes="` + itoa(n) + `"><span class="bar" style="--w:` +
			itoa(n*100/most) + `" aria-hidden="true"></span>` + itoa(n))
		if r.Bytes == 0 {
			b.WriteString(`<small> (this position)</small>`)
		}
		b.WriteString(`</td><td>` + escape(r.About) + `</td></tr>`)
	}
	b.WriteString(`</tbody></table></div></section>`)
}
