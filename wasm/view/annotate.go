package view

import (
	"math"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
)

// brushColors are the colours of the four brushes in exported figures (on
// screen, view.css's --bitview-brush-* properties give them).
var brushColors = map[pgn.Brush]string{pgn.Green: "#15781b", pgn.Red: "#c0281f", pgn.Yellow: "#e08a00", pgn.Blue: "#1f57c0"}

// Arrow geometry, in squares.
const (
	arrowWidth = 0.16 // the shaft
	arrowHead  = 0.42 // the head's length
	arrowWing  = 0.24 // half the head's width
	arrowStart = 0.18 // the shaft starts this far from the from-square's centre
)

// Arrows returns the board's arrow overlay: an SVG whose user units are
// squares (viewBox 0 0 8 8), laid over the board's 8×8 squares by view.css
// (class "arrows", part "arrows"), or "" when there are none. A page can
// also call it to draw arrows someone drags on the board.
func Arrows(arrows []pgn.Arrow, flipped bool) string {
	if len(arrows) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<svg class="arrows" part="arrows" viewBox="0 0 8 8" aria-hidden="true" focusable="false">`)
	arrowShapes(&b, arrows, flipped, 1, 0, 0, false)
	b.WriteString(`</svg>`)
	return b.String()
}

// ArrowsLabel returns the arrows and marks in words for screen readers,
// e.g. "Arrows: green e2 to e4. Marked: green d4.", or "".
func ArrowsLabel(arrows []pgn.Arrow, marks []pgn.Mark) string {
	var parts []string
	if len(arrows) > 0 {
		items := make([]string, len(arrows))
		for i, a := range arrows {
			items[i] = a.Brush.Name() + " " + a.From.String() + " to " + a.To.String()
		}
		parts = append(parts, "Arrows: "+strings.Join(items, ", ")+".")
	}
	if len(marks) > 0 {
		items := make([]string, len(marks))
		for i, m := range marks {
			items[i] = m.Brush.Name() + " " + m.Square.String()
		}
		parts = append(parts, "Marked: "+strings.Join(items, ", ")+".")
	}
	return strings.Join(parts, " ")
}

// squareCentre returns the centre of sq in squares from the board's top
// left corner.
func squareCentre(sq core.Square, flipped bool) (x, y float64) {
	col, row := int(sq.File()), 7-int(sq.Rank())
	if flipped {
		col, row = 7-col, 7-row
	}
	return float64(col) + 0.5, float64(row) + 0.5
}

// arrowShapes writes each arrow as a shaft and a head, scaled by unit and
// moved by (ox, oy). With colours, the brushes' colours are written out
// (for exported figures); otherwise each arrow has the class of its brush.
func arrowShapes(b *strings.Builder, arrows []pgn.Arrow, flipped bool, unit, ox, oy float64, colours bool) {
	n := func(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }
	pt := func(x, y float64) string { return n(ox+x*unit) + "," + n(oy+y*unit) }
	for _, a := range arrows {
		x1, y1 := squareCentre(a.From, flipped)
		x2, y2 := squareCentre(a.To, flipped)
		dx, dy := x2-x1, y2-y1
		l := math.Hypot(dx, dy)
		ux, uy := dx/l, dy/l
		bx, by := x2-ux*arrowHead, y2-uy*arrowHead // the head's base
		b.WriteString(`<g data-arrow="` + a.String() + `"`)
		if colours {
			c := brushColors[a.Brush]
			b.WriteString(` stroke="` + c + `" fill="` + c + `" opacity="0.8"`)
		} else {
			b.WriteString(` class="brush-` + a.Brush.Name() + `"`)
		}
		b.WriteString(`><line x1="` + n(ox+(x1+ux*arrowStart)*unit) + `" y1="` + n(oy+(y1+uy*arrowStart)*unit) +
			`" x2="` + n(ox+bx*unit) + `" y2="` + n(oy+by*unit) + `" stroke-width="` + n(arrowWidth*unit) + `" stroke-linecap="butt"/>`)
		b.WriteString(`<polygon stroke="none" points="` + pt(x2, y2) + " " + pt(bx-uy*arrowWing, by+ux*arrowWing) + " " +
			pt(bx+uy*arrowWing, by-ux*arrowWing) + `"/></g>`)
	}
}

// GridMarks returns the CSS rules that mark the marked squares in every
// bit grid of a view (cells with that data-square), or "": each such
// cell's ::before gets content and the mark's colour, and view.css gives
// it its shape, a corner of the cell (see ".cell::before" there). Not a
// ring: a ring of about that colour is the hover's look (Highlight).
func GridMarks(marks []pgn.Mark) string {
	var b strings.Builder
	for _, m := range marks {
		b.WriteString(`.cell[data-square="` + m.Square.String() + `"]::before{content:"";background:var(--bitview-brush-` + m.Brush.Name() + `)}`)
	}
	return b.String()
}
