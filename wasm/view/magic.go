package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/magic"
	"github.com/bitview/bitview/core/thousands"
)

// The magic-bitboard panel: the option's piece and square, each step as
// a grid.

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

// MagicReport returns the magic panel's output: a rook or bishop on sq
// with p's occupancy, looked up step by step (MagicSteps), with a line
// on the table's size and how its magic was found (magic.Seed).
func MagicReport(p *core.Position, pt core.PieceType, sq core.Square) string {
	s, err := magic.Explain(pt, sq, p.Occupied())
	if err != nil {
		return Alert(err.Error())
	}
	return `<p class="magic-about">A ` + strings.ToLower(pt.String()) + ` on ` + sq.String() + ` with this position's occupancy: its mask has ` +
		strconv.Itoa(s.Bits) + ` squares, so its table has 2<sup>` + strconv.Itoa(s.Bits) + `</sup> = ` + thousands.Itoa(1<<s.Bits) +
		` entries. Bitview found its magic itself (candidate ` + thousands.Itoa(s.Tries) + ` of a PCG generator seeded with ` +
		"0x" + strings.ToUpper(strconv.FormatUint(magic.Seed, 16)) + `; see core/magic).</p>` + MagicSteps(s)
}
