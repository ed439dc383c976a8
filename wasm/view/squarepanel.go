package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// The square panel: the pointed square's index in every layout.

// SquareInfo returns the panel for a hovered or focused square: its name,
// its piece, and its index in every layout side by side (msb-a8 also with
// its index counted from the most significant bit). Each column is headed
// by the layout's short label ("LERF", "MSB-a8"; class layout-short, which
// view.css keeps on one line) with its full name as the title tooltip.
// For core.NoSquare (p may then be nil) it is the same table with a hint
// in place of the square and a dash for each index, so that the panel
// keeps its size and its headings whether a square is pointed at or not.
func SquareInfo(p *core.Position, sq core.Square) string {
	var b strings.Builder
	if sq == core.NoSquare {
		b.WriteString(`<p class="hint">Point at or focus a square to see its index in every layout.</p><table><tr>`)
	} else {
		what := "empty"
		if pc := p.PieceAt(sq); pc != core.NoPiece {
			what = model.PieceName(pc)
		}
		b.WriteString(`<p><strong data-info-square="` + sq.String() + `">` + sq.String() + `</strong> <span>` + what +
			`</span></p><table><tr>`)
	}
	for _, l := range core.Layouts {
		b.WriteString(`<th scope="col" class="layout-short"`)
		attr(&b, "title", l.Name)
		b.WriteString(`>` + escape(l.Short) + `</th>`)
	}
	b.WriteString(`</tr><tr>`)
	for _, l := range core.Layouts {
		if sq == core.NoSquare {
			b.WriteString(`<td data-layout="` + l.ID + `">–</td>`)
			continue
		}
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
