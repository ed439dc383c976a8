package figure

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/wasm/view"
)

// maxDescribedSquares is the most squares of a bitboard Describe names
// one by one; a bitboard with more is given by its count.
const maxDescribedSquares = 8

// Describe returns a figure's text description, the alt text of its
// prerendered <img> (see Page): the position as a FEN and the side at the
// bottom when the board is drawn, its arrows and marked squares, then
// each bitboard's name (and its name in engine code) with its value in
// the layout (named as the figure's caption names it,
// view.NumberingCaption) and its squares (their count when more than
// eight), e.g. "Chess position 8/8/8/8/4P3/8/8/8 w - - 0 1, White at the
// bottom. Bitboards in LERF (a1 = 0): P (WhitePawns) 0x0000000010000000,
// 1 square: e4."
func Describe(f *Figure) string {
	e := f.Embed.Figure
	var b strings.Builder
	if e.Board && e.Pos != nil {
		side := "White"
		if e.Flipped {
			side = "Black"
		}
		b.WriteString("Chess position " + e.Pos.FEN() + ", " + side + " at the bottom")
		if len(e.Arrows) > 0 {
			b.WriteString("; arrows")
			for i, a := range e.Arrows {
				b.WriteString(sep(i) + a.String())
			}
		}
		if len(e.Marked) > 0 {
			b.WriteString("; marked squares")
			for i, m := range e.Marked {
				b.WriteString(sep(i) + m.String())
			}
		}
		b.WriteString(".")
	}
	if len(e.Shown) > 0 && e.Layout != nil {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString("Bitboards in " + strings.TrimPrefix(view.NumberingCaption(e.Layout), "Numbering: ") + ":")
		for i, s := range e.Shown {
			if i > 0 {
				b.WriteString(";")
			}
			name := s.Key
			if s.Title != "" && s.Title != s.Key {
				name += " (" + s.Title + ")"
			}
			b.WriteString(" " + name + " " + e.Layout.Hex(e.Layout.Value(s.Bits)) + ", ")
			n := s.Bits.Count()
			switch {
			case n == 1:
				b.WriteString("1 square")
			default:
				b.WriteString(strconv.Itoa(n) + " squares")
			}
			if n > 0 && n <= maxDescribedSquares {
				b.WriteString(":")
				i := 0
				for sq := range s.Bits.Squares() {
					b.WriteString(sep(i) + sq.String())
					i++
				}
			}
		}
		b.WriteString(".")
	}
	if b.Len() == 0 {
		return "An empty figure."
	}
	return b.String()
}

// sep is the separator before the i-th item of a list: " " before the
// first, ", " before the others.
func sep(i int) string {
	if i == 0 {
		return " "
	}
	return ", "
}
