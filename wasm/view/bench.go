package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/magic"
)

// The markup of the engine author's bench (issue 14): the perft divide
// table, the magic-bitboard steps, the Polyglot key breakdown and the
// bitboard-dump verdicts. The panels that hold them are the page's.

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

// DivideTable returns the perft divide of a position as a table, one row
// per move in UCI order with Bitview's count and, when a pasted divide was
// compared (got is not nil), the pasted count; rows of moves that differ
// get class "missing", "extra" or "wrong" (see divide.Kind), extra moves
// are appended after the legal ones, and a footer row gives the totals
// ("total so far" while d is not complete): Bitview's and the pasted
// total, class "wrong" when they differ. When the paste states no total,
// or one that is not the sum of its moves, a second footer row
// (data-total="sum") gives that sum, class "wrong" when it is not
// Bitview's total. Each move's row carries data-uci. Below depth 1, each
// legal move's row has a button with data-descend (play the move and
// divide one ply deeper); an extra move cannot be played, and at depth 1
// every count is 1, so their rows have none. The lines of the paste that
// were not understood follow the table, one per item: "not understood:
// line 3 'foo' — reason".
func DivideTable(d core.Division, got *divide.Parsed) string {
	return divideTable(d, got, true)
}

// StaticDivideTable is DivideTable without the descend buttons, for a
// figure that only shows the divide (<bitboard-view perft="3">).
func StaticDivideTable(d core.Division) string {
	return divideTable(d, nil, false)
}

// divideTable writes DivideTable, with descend buttons when descend.
func divideTable(d core.Division, got *divide.Parsed, descend bool) string {
	var diffs map[string]divide.Difference
	theirs := map[string]uint64{}
	if got != nil {
		diffs = map[string]divide.Difference{}
		for _, df := range divide.Diff(d, *got) {
			diffs[df.UCI] = df
		}
		for _, c := range got.Moves {
			theirs[c.UCI] = c.Nodes
		}
	}
	var b strings.Builder
	b.WriteString(`<table class="divide"`)
	attr(&b, "data-depth", strconv.Itoa(d.Depth))
	attr(&b, "aria-label", "Perft divide, depth "+strconv.Itoa(d.Depth))
	b.WriteString(`><thead><tr><th scope="col">move</th><th scope="col">Bitview</th>`)
	if got != nil {
		b.WriteString(`<th scope="col">pasted</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	row := func(uci string, ours, pasted string, kind divide.Kind) {
		b.WriteString(`<tr`)
		attr(&b, "data-uci", uci)
		if kind != 0 {
			attr(&b, "class", kind.String())
		}
		b.WriteString(`><th scope="row"`)
		if kind != 0 {
			attr(&b, "aria-label", uci+" ("+kind.String()+")")
		}
		b.WriteString(`>`)
		if descend && d.Depth > 1 && kind != divide.Extra {
			b.WriteString(`<button type="button"`)
			attr(&b, "data-descend", uci)
			label := "Play " + uci + " and divide one ply deeper"
			if kind != 0 {
				label += " (" + kind.String() + ")"
			}
			attr(&b, "aria-label", label)
			b.WriteString(`><code>` + escape(uci) + `</code></button>`)
		} else {
			b.WriteString(`<code>` + escape(uci) + `</code>`)
		}
		b.WriteString(`</th><td>` + ours + `</td>`)
		if got != nil {
			b.WriteString(`<td>` + pasted + `</td>`)
		}
		b.WriteString(`</tr>`)
	}
	for _, e := range d.Entries {
		uci := e.Move.UCI()
		pasted := "—"
		if n, ok := theirs[uci]; ok {
			pasted = strconv.FormatUint(n, 10)
		}
		row(uci, strconv.FormatUint(e.Nodes, 10), pasted, diffs[uci].Kind)
	}
	if got != nil {
		for _, c := range got.Moves {
			if df, ok := diffs[c.UCI]; ok && df.Kind == divide.Extra {
				row(c.UCI, "—", strconv.FormatUint(c.Nodes, 10), divide.Extra)
			}
		}
	}
	total := "total"
	if !d.Complete {
		total = "total so far" // a divide under way or cancelled
	}
	b.WriteString(`</tbody><tfoot><tr><th scope="row">` + total + `</th><td>` + strconv.FormatUint(d.Nodes, 10) + `</td>`)
	if got != nil {
		total := "—"
		if got.HasTotal {
			total = strconv.FormatUint(got.Total, 10)
		}
		class := ""
		if got.HasTotal && got.Total != d.Nodes {
			class = ` class="wrong"`
		}
		b.WriteString(`<td` + class + `>` + total + `</td>`)
		// The pasted moves' sum, when the paste states no total or another.
		if sum, fits := got.Sum(); len(got.Moves) > 0 && (!got.HasTotal || !fits || sum != got.Total) {
			text := thousands64(sum)
			if !fits {
				text = "&gt; " + text
			}
			class := ""
			if !fits || sum != d.Nodes {
				class = ` class="wrong"`
			}
			b.WriteString(`</tr><tr data-total="sum"><th scope="row">sum of the pasted moves</th><td></td><td` + class + `>` + text + `</td>`)
		}
	}
	b.WriteString(`</tr></tfoot></table>`)
	if got != nil && len(got.Skipped) > 0 {
		b.WriteString(`<ul class="skipped"`)
		attr(&b, "aria-label", strconv.Itoa(len(got.Skipped))+" lines not understood")
		b.WriteString(`>`)
		for _, s := range got.Skipped {
			b.WriteString(`<li data-line="` + strconv.Itoa(s.Line) + `">not understood: line ` + strconv.Itoa(s.Line) + ` '<code>` +
				escape(excerpt.Unquoted(s.Text)) + `</code>' — ` + escape(s.Reason) + `</li>`)
		}
		b.WriteString(`</ul>`)
	}
	return b.String()
}

// MagicSteps returns the steps of a magic-bitboard lookup (see
// magic.Explain), each a titled grid: the occupancy, the relevant mask,
// the masked occupancy, the magic number and the product as 64-bit grids
// (the product's top Bits bits, the index, marked "index-bit"), the shift
// and index as numbers, and the attack set from the table beside the
// sliding attacks, marked "agree" or "disagree".
func MagicSteps(s magic.Steps) string {
	piece := strings.ToLower(s.Piece.String())
	var b strings.Builder
	b.WriteString(`<div class="magic-steps"`)
	attr(&b, "data-piece", piece)
	attr(&b, "data-square", s.Square.String())
	attr(&b, "aria-label", "Magic bitboard lookup of a "+piece+" on "+s.Square.String())
	b.WriteString(`>`)
	on := func(n int) string { // the piece's own square
		if core.Square(n) == s.Square {
			return "piece"
		}
		return ""
	}
	step := func(key, title, formula string, v uint64, class func(int) string) {
		b.WriteString(`<section class="card step"`)
		attr(&b, "data-step", key)
		b.WriteString(`><header><h3>` + escape(title) + `</h3><span class="sub"><code>` + escape(formula) + `</code></span></header>`)
		bitGrid(&b, title, v, class)
		b.WriteString(`<p class="value"><code>` + core.Bitboard(v).Hex() + `</code></p></section>`)
	}
	step("occupancy", "Occupancy", "occ", uint64(s.Occupancy), on)
	step("mask", "Relevant-occupancy mask", "mask["+s.Square.String()+"]", uint64(s.Mask), on)
	step("masked", "Masked occupancy", "occ & mask", uint64(s.Masked), on)
	step("magic", "Magic number", "magic["+s.Square.String()+"]", s.Magic, func(int) string { return "" })
	shift := int(s.Shift)
	step("product", "Product", "masked × magic (mod 2^64)", s.Product, func(n int) string {
		if n >= shift {
			return "index-bit"
		}
		return ""
	})
	b.WriteString(`<section class="card step" data-step="index"><header><h3>Index</h3><span class="sub"><code>product &gt;&gt; ` +
		strconv.Itoa(shift) + `</code></span></header><dl class="readouts"><div class="readout"><dt>shift</dt><dd><code>64 − ` +
		strconv.Itoa(s.Bits) + ` = ` + strconv.Itoa(shift) + `</code></dd></div><div class="readout"><dt>index</dt><dd><code>` +
		strconv.FormatUint(s.Index, 10) + ` of ` + strconv.Itoa(1<<s.Bits) + `</code></dd></div></dl></section>`)
	verdict := "agree"
	if !s.OK() {
		verdict = "disagree"
	}
	step("attacks", "Attacks from the table", "table["+s.Square.String()+"]["+strconv.FormatUint(s.Index, 10)+"]", uint64(s.Attacks), on)
	step("reference", "Sliding attacks", strings.ToLower(s.Piece.String())+"Attacks(sq, occ)", uint64(s.Reference), on)
	b.WriteString(`<p class="verdict ` + verdict + `" role="status">`)
	if s.OK() {
		b.WriteString(`The table's attack set equals the sliding attacks.`)
	} else {
		b.WriteString(`The table's attack set differs from the sliding attacks.`)
	}
	b.WriteString(`</p></div>`)
	return b.String()
}

// polyglotWhat says what a Polyglot term stands for, e.g. "white knight on
// g1", "castling K", "en passant on file e", "White to move".
func polyglotWhat(t core.PolyglotTerm) string {
	switch t.Kind {
	case core.PolyglotPiece:
		return t.Piece.Color().String() + " " + strings.ToLower(t.Piece.Type().String()) + " on " + t.Square.String()
	case core.PolyglotCastling:
		return "castling " + t.Castling.String()
	case core.PolyglotEnPassant:
		return "en passant on file " + t.Square.File().String()
	}
	return "White to move"
}

// zobristRows writes one table row per term.
func zobristRows(b *strings.Builder, terms []core.PolyglotTerm, class string) {
	for _, t := range terms {
		b.WriteString(`<tr`)
		if class != "" {
			attr(b, "class", class)
		}
		attr(b, "data-kind", t.Kind.String())
		attr(b, "data-offset", strconv.Itoa(t.Offset))
		if t.Square != core.NoSquare {
			attr(b, "data-square", t.Square.String())
		}
		b.WriteString(`><td>` + escape(polyglotWhat(t)) + `</td><td>` + strconv.Itoa(t.Offset) + `</td><td><code>` + core.Bitboard(t.Key).Hex() + `</code></td></tr>`)
	}
}

// ZobristTable returns the Polyglot key of p broken into its terms: one
// row per piece, castling right, en passant file and turn key, with the
// term's offset into the Random64 table and its key, and the XOR of them
// all, the position's key, in the footer.
func ZobristTable(p *core.Position) string {
	var b strings.Builder
	b.WriteString(`<table class="zobrist" aria-label="Polyglot key, term by term"><thead><tr><th scope="col">term</th>` +
		`<th scope="col">offset</th><th scope="col">Random64</th></tr></thead><tbody>`)
	zobristRows(&b, p.PolyglotTerms(nil), "")
	b.WriteString(`</tbody><tfoot><tr><th scope="row" colspan="2">key (XOR of all)</th><td><code data-copy="` +
		core.Bitboard(p.PolyglotKey()).Hex()[2:] + `">` + core.Bitboard(p.PolyglotKey()).Hex() + `</code></td></tr></tfoot></table>`)
	return b.String()
}

// ZobristDelta returns the keys move m XORs out of and into p's Polyglot
// key (see core.Position.PolyglotDelta), rows of class "out" and "in",
// with the key before and after.
func ZobristDelta(p *core.Position, m core.Move) string {
	out, in := p.PolyglotDelta(m)
	after := *p
	after.Play(m)
	var b strings.Builder
	b.WriteString(`<table class="zobrist-delta"`)
	attr(&b, "data-uci", m.UCI())
	attr(&b, "aria-label", "Polyglot keys changed by "+m.UCI())
	b.WriteString(`><thead><tr><th scope="col">term</th><th scope="col">offset</th><th scope="col">Random64</th></tr></thead><tbody>` +
		`<tr class="before"><th scope="row" colspan="2">key before</th><td><code>` + core.Bitboard(p.PolyglotKey()).Hex() + `</code></td></tr>`)
	zobristRows(&b, out, "out")
	zobristRows(&b, in, "in")
	b.WriteString(`</tbody><tfoot><tr><th scope="row" colspan="2">key after</th><td><code>` + core.Bitboard(after.PolyglotKey()).Hex() +
		`</code></td></tr></tfoot></table>`)
	return b.String()
}

// DumpVerdicts returns the verdicts of a bitboard dump under its best
// mapping and order (see dump.Match): a header naming the mapping and
// order, then per number a grid of the board's squares showing the
// number's bits, cells of squares it has and the position lacks marked
// "extra", the reverse "missing", each with the bit index in the mapping.
func DumpVerdicts(r dump.Result) string {
	var b strings.Builder
	b.WriteString(`<div class="dump-verdicts"`)
	attr(&b, "data-layout", r.Mapping.ID)
	attr(&b, "data-order", r.Order.ID)
	b.WriteString(`><p class="summary">` + escape(r.Mapping.Name) + ` · ` + escape(r.Order.Name) + `: ` + strconv.Itoa(r.Agree) +
		` of ` + strconv.Itoa(len(r.Verdicts)) + ` numbers agree</p>`)
	for i, v := range r.Verdicts {
		title := v.Title
		if title == "" {
			title = "no bitboard (beyond the order)"
		}
		state := "ok"
		if !v.OK {
			state = "differs"
		}
		b.WriteString(`<section class="card verdict ` + state + `"`)
		attr(&b, "data-number", strconv.Itoa(i))
		attr(&b, "data-bitboard", v.Bitboard)
		attr(&b, "aria-label", "Number "+strconv.Itoa(i+1)+": "+title+", "+state)
		b.WriteString(`><header><h3>` + escape(title) + `</h3><span class="sub"><code>` + escape(v.Number.Text) + `</code>`)
		if v.Number.Label != "" {
			b.WriteString(` · ` + escape(v.Number.Label))
		}
		b.WriteString(`</span></header>`)
		got := r.Mapping.Squares(v.Number.Value)
		b.WriteString(`<div class="bits" role="grid" style="--cols:8"`)
		attr(&b, "aria-label", title+" as pasted, in "+r.Mapping.Name)
		b.WriteString(`>`)
		for row := 7; row >= 0; row-- {
			b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + strconv.Itoa(row+1) + `</span>`)
			for col := range 8 {
				sq := core.NewSquare(core.File(col), core.Rank(row))
				bit, class, note := "0", "cell", ""
				if got.Has(sq) {
					bit = "1"
				}
				switch {
				case v.Extra.Has(sq):
					class, note = "cell extra", ", not on the board"
				case v.Missing.Has(sq):
					class, note = "cell missing", ", missing"
				}
				idx := strconv.Itoa(r.Mapping.Bit(sq))
				b.WriteString(`<div role="gridcell" class="` + class + `" data-square="` + sq.String() + `" data-index="` + idx +
					`" data-bit="` + bit + `" aria-label="` + CellName(sq, r.Mapping.Bit(sq), bit == "1") + note + `">` + cellDigits(bit, idx) + `</div>`)
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</div>`)
		if !v.OK && v.Bitboard != "" {
			b.WriteString(`<p class="diff">`)
			if v.Extra != 0 {
				b.WriteString(`extra: ` + squareNames(v.Extra) + ` `)
			}
			if v.Missing != 0 {
				b.WriteString(`missing: ` + squareNames(v.Missing))
			}
			b.WriteString(`</p>`)
		}
		b.WriteString(`</section>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// squareNames lists b's squares, comma separated.
func squareNames(b core.Bitboard) string {
	var names []string
	for sq := range b.Squares() {
		names = append(names, sq.String())
	}
	return strings.Join(names, ", ")
}
