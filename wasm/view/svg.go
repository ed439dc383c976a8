package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// A Theme holds the colours and fonts of an exported figure, read from the
// view's --bitview-* custom properties so the figure looks like the screen:
// each field's js tag is its name in JavaScript and in the theme option,
// its css tag the custom property of web/view.css it is read from (by
// figure and by bitview.js's themeOf).
type Theme struct {
	Light      string `js:"light" css:"--bitview-light"`
	Dark       string `js:"dark" css:"--bitview-dark"`
	BitOn      string `js:"bitOn" css:"--bitview-bit-on"`
	BitOnText  string `js:"bitOnText" css:"--bitview-bit-on-text"`
	BitOff     string `js:"bitOff" css:"--bitview-bit-off"`
	BitOffText string `js:"bitOffText" css:"--bitview-bit-off-text"`
	OffBoard   string `js:"offBoard" css:"--bitview-off-board-flat"` // a flat colour: SVG has no CSS gradients here
	Text       string `js:"text" css:"--bitview-fg"`
	Muted      string `js:"muted" css:"--bitview-muted"`
	Background string `js:"background" css:"--bitview-panel"`
	Font       string `js:"font" css:"--bitview-font"`
	Mono       string `js:"mono" css:"--bitview-mono"`
}

// DefaultTheme is the light theme of view.css, for when no colours are given.
var DefaultTheme = Theme{Light: "#eed9b6", Dark: "#b58863", BitOn: "#0b6e4f", BitOnText: "#ffffff",
	BitOff: "#eef0f3", BitOffText: "#5b616b", OffBoard: "#d5d8dd", Text: "#1b1d21", Muted: "#4f5560",
	Background: "#ffffff", Font: "system-ui, sans-serif", Mono: "ui-monospace, monospace"}

// orDefault fills t's empty fields from DefaultTheme.
func (t Theme) orDefault() Theme {
	d := DefaultTheme
	for _, f := range []struct {
		dst *string
		def string
	}{
		{&t.Light, d.Light}, {&t.Dark, d.Dark}, {&t.BitOn, d.BitOn}, {&t.BitOnText, d.BitOnText},
		{&t.BitOff, d.BitOff}, {&t.BitOffText, d.BitOffText}, {&t.OffBoard, d.OffBoard}, {&t.Text, d.Text},
		{&t.Muted, d.Muted}, {&t.Background, d.Background}, {&t.Font, d.Font}, {&t.Mono, d.Mono},
	} {
		if strings.TrimSpace(*f.dst) == "" {
			*f.dst = f.def
		} else {
			*f.dst = strings.TrimSpace(*f.dst)
		}
	}
	return t
}

// Figure sizes, in SVG user units (CSS pixels at 1×).
const (
	svgSquare = 44 // a board square
	svgMargin = 16 // around everything
	svgCoord  = 18 // the band of coordinates
	svgGap    = 24 // between board and grids
	svgTitle  = 24 // a grid's title band
	svgValue  = 22 // a grid's hex value band
	svgGridW  = 8 * 30
	// The caption that states the numbering: its band and the gap above it.
	svgCaption    = 20
	svgCaptionGap = 10
)

// SVG draws the figure as a standalone SVG document: vector shapes with
// text as text, in theme t. piece returns the href of a piece's image (a
// data: URL, so the file stands alone), or "" to draw its FEN letter. The
// result's width and height attributes give its size at 1×. The board and
// the grids are laid out in the grid of columns that fits a 16:9 slide
// best (see gridColumns), row by row. When the figure shows numbers (a
// grid, or the board's indices), a caption below them states the
// numbering (see NumberingCaption), so a slide says which layout its
// indices are in.
func SVG(f model.Figure, t Theme, piece func(core.Piece) string) string {
	t = t.orDefault()
	type item struct {
		w, h int
		draw func(b *strings.Builder, x, y int)
	}
	var items []item
	if f.Board {
		items = append(items, item{svgCoord + 8*svgSquare, 8*svgSquare + svgCoord, func(b *strings.Builder, x, y int) {
			svgBoard(b, f, t, piece, x, y)
		}})
	}
	for _, s := range f.Shown {
		var scratch strings.Builder // measure once; the grids are small
		w, h := svgGrid(&scratch, f.Layout, s, t, 0, 0, f.GridsFlipped())
		items = append(items, item{w, h, func(b *strings.Builder, x, y int) { svgGrid(b, f.Layout, s, t, x, y, f.GridsFlipped()) }})
	}
	sizes := make([][2]int, len(items))
	for i, it := range items {
		sizes[i] = [2]int{it.w, it.h}
	}
	cols := gridColumns(sizes)
	colW, rowH := cellSizes(sizes, cols)
	var body strings.Builder
	y := svgMargin
	for r, h := range rowH {
		x := svgMargin
		for c, w := range colW {
			if i := r*cols + c; i < len(items) {
				items[i].draw(&body, x, y)
			}
			x += w + svgGap
		}
		y += h + svgGap
	}
	width, height := 2*svgMargin, 2*svgMargin
	if len(items) > 0 {
		width, height = svgMargin, y-svgGap+svgMargin
		for _, w := range colW {
			width += w + svgGap
		}
		width += svgMargin - svgGap
	}
	if f.Layout != nil && (len(f.Shown) > 0 || f.Board && f.Labels && f.Pos != nil) {
		top := height - svgMargin + svgCaptionGap
		body.WriteString(`<g class="caption" data-layout="` + escape(f.Layout.ID) + `">`)
		svgText(&body, svgMargin, top+svgCaption/2, "13", t.Muted, "start", "", NumberingCaption(f.Layout))
		body.WriteString(`</g>`)
		height = top + svgCaption + svgMargin
	}
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="` + itoa(width) + `" height="` + itoa(height) +
		`" viewBox="0 0 ` + itoa(width) + ` ` + itoa(height) + `" font-family="` + escape(t.Font) + `">`)
	b.WriteString(`<rect width="100%" height="100%" fill="` + escape(t.Background) + `"/>`)
	b.WriteString(body.String())
	b.WriteString(`</svg>`)
	return b.String()
}

// NumberingCaption returns the caption that states a figure's numbering:
// "Numbering: " and the layout's name from core.Layouts, followed by the
// indices of a1 and h8 when the name does not say where it starts, e.g.
// "Numbering: LERF (a1 = 0)", "Numbering: 0x88 (a1 = 0, h8 = 119)".
func NumberingCaption(l *core.Layout) string {
	s := "Numbering: " + l.Name
	if !strings.Contains(l.Name, "=") {
		s += " (a1 = " + itoa(l.Index(core.A1)) + ", h8 = " + itoa(l.Index(core.H8)) + ")"
	}
	return s
}

// gridColumns returns the number of columns, 1 … len(sizes), whose layout
// (see cellSizes) can be drawn largest on a 16:9 slide; ties go to more
// columns (one row reads left to right, as on screen).
func gridColumns(sizes [][2]int) int {
	best, bestScale := 1, 0.0
	for cols := 1; cols <= len(sizes); cols++ {
		colW, rowH := cellSizes(sizes, cols)
		w, h := 2*svgMargin-svgGap, 2*svgMargin-svgGap
		for _, cw := range colW {
			w += cw + svgGap
		}
		for _, rh := range rowH {
			h += rh + svgGap
		}
		if scale := min(1920/float64(w), 1080/float64(h)); scale >= bestScale {
			best, bestScale = cols, scale
		}
	}
	return best
}

// cellSizes returns the widths of cols columns and the heights of the
// rows that lay out sizes ({width, height} each) row by row.
func cellSizes(sizes [][2]int, cols int) (colW, rowH []int) {
	colW = make([]int, min(cols, len(sizes)))
	rowH = make([]int, (len(sizes)+cols-1)/max(cols, 1))
	for i, s := range sizes {
		colW[i%cols] = max(colW[i%cols], s[0])
		rowH[i/cols] = max(rowH[i/cols], s[1])
	}
	return colW, rowH
}

func itoa(n int) string { return strconv.Itoa(n) }

// svgText writes a text element.
func svgText(b *strings.Builder, x, y int, size, fill, anchor, family, text string) {
	b.WriteString(`<text x="` + itoa(x) + `" y="` + itoa(y) + `" font-size="` + size + `" fill="` + escape(fill) +
		`" text-anchor="` + anchor + `" dominant-baseline="central"`)
	if family != "" {
		b.WriteString(` font-family="` + escape(family) + `"`)
	}
	b.WriteString(`>` + escape(text) + `</text>`)
}

// svgBoard draws the board with its coordinates at (x, y) and returns its
// width.
func svgBoard(b *strings.Builder, f model.Figure, t Theme, piece func(core.Piece) string, x, y int) int {
	b.WriteString(`<g class="board">`)
	left := x + svgCoord
	for row := range 8 {
		for col := range 8 {
			file, rank := core.File(col), core.Rank(7-row)
			if f.Flipped {
				file, rank = core.File(7-col), core.Rank(row)
			}
			sq := core.NewSquare(file, rank)
			fill := t.Dark
			if (int(file)+int(rank))%2 == 1 {
				fill = t.Light
			}
			sx, sy := left+col*svgSquare, y+row*svgSquare
			b.WriteString(`<rect data-square="` + sq.String() + `" x="` + itoa(sx) + `" y="` + itoa(sy) + `" width="` + itoa(svgSquare) +
				`" height="` + itoa(svgSquare) + `" fill="` + escape(fill) + `"/>`)
			for _, m := range f.Marked {
				if m.Square == sq {
					b.WriteString(`<rect data-mark="` + m.String() + `" x="` + itoa(sx) + `" y="` + itoa(sy) + `" width="` + itoa(svgSquare) +
						`" height="` + itoa(svgSquare) + `" fill="` + brushColors[m.Brush] + `" fill-opacity="0.5"/>`)
				}
			}
			if pc := f.Pos.PieceAt(sq); pc != core.NoPiece {
				if href := piece(pc); href != "" {
					b.WriteString(`<image x="` + itoa(sx+2) + `" y="` + itoa(sy+2) + `" width="` + itoa(svgSquare-4) + `" height="` +
						itoa(svgSquare-4) + `" href="` + escape(href) + `"/>`)
				} else {
					svgText(b, sx+svgSquare/2, sy+svgSquare/2, "26", t.Text, "middle", "", string(pc.Letter()))
				}
			}
			if f.Labels {
				svgText(b, sx+3, sy+8, "9", t.Text, "start", t.Mono, itoa(f.Layout.Index(sq)))
			}
		}
		r := core.Rank(7 - row)
		if f.Flipped {
			r = core.Rank(row)
		}
		svgText(b, x+svgCoord/2, y+row*svgSquare+svgSquare/2, "12", t.Muted, "middle", t.Mono, r.String())
	}
	for col := range 8 {
		fl := core.File(col)
		if f.Flipped {
			fl = core.File(7 - col)
		}
		svgText(b, left+col*svgSquare+svgSquare/2, y+8*svgSquare+svgCoord/2, "12", t.Muted, "middle", t.Mono, fl.String())
	}
	if len(f.Arrows) > 0 {
		b.WriteString(`<g class="arrows">`)
		arrowShapes(b, f.Arrows, f.Flipped, svgSquare, float64(left), float64(y), true)
		b.WriteString(`</g>`)
	}
	b.WriteString(`</g>`)
	return svgCoord + 8*svgSquare
}

// svgGrid draws one bitboard's grid with its title and hex value at (x, y)
// and returns its width and height.
func svgGrid(b *strings.Builder, l *core.Layout, s model.Shown, t Theme, x, y int, flipped bool) (int, int) {
	g := model.GridOf(l, s.Bits)
	if flipped {
		g = g.Flipped()
	}
	cell := svgGridW / 8
	if g.Cols > 8 {
		cell = (svgGridW * 3 / 2) / g.Cols
	}
	w := svgCoord + g.Cols*cell
	b.WriteString(`<g class="grid" data-bitboard="` + escape(s.Key) + `" data-layout="` + l.ID + `">`)
	svgText(b, x, y+svgTitle/2-2, "15", t.Text, "start", t.Mono, s.Title)
	top := y + svgTitle
	for i, c := range g.Cells {
		cx, cy := x+svgCoord+(i%g.Cols)*cell, top+(i/g.Cols)*cell
		fill, text, bit := t.BitOff, t.BitOffText, "0"
		switch {
		case c.OffBoard:
			fill, text, bit = t.OffBoard, t.Muted, "·"
		case c.Bit:
			fill, text, bit = t.BitOn, t.BitOnText, "1"
		}
		b.WriteString(`<rect x="` + itoa(cx+1) + `" y="` + itoa(cy+1) + `" width="` + itoa(cell-2) + `" height="` + itoa(cell-2) +
			`" rx="3" fill="` + escape(fill) + `"`)
		if !c.OffBoard {
			b.WriteString(` data-square="` + c.Square.String() + `" data-bit="` + bit + `"`)
		}
		b.WriteString(`/>`)
		svgText(b, cx+cell/2, cy+cell/2-2, itoa(cell*2/5), text, "middle", t.Mono, bit)
		svgText(b, cx+cell-3, cy+cell-6, itoa(max(cell/4, 6)), text, "end", t.Mono, itoa(c.Index))
	}
	for row, lab := range g.RowLabels {
		svgText(b, x+svgCoord/2, top+row*cell+cell/2, "11", t.Muted, "middle", t.Mono, lab)
	}
	for col, lab := range g.ColLabels {
		svgText(b, x+svgCoord+col*cell+cell/2, top+g.Rows*cell+svgCoord/2, "11", t.Muted, "middle", t.Mono, lab)
	}
	bottom := top + g.Rows*cell + svgCoord
	svgText(b, x, bottom+svgValue/2, "13", t.Text, "start", t.Mono, model.ReadoutOf(l, s.Bits).Hex)
	b.WriteString(`</g>`)
	return w, bottom + svgValue - y
}

// FigureSVG is SVG with pieces the twelve piece images (hrefs, data: URLs
// for a file that stands alone) in core.Piece.Index order (P N B R Q K p n
// b r q k), or none: the element's toSVG(), the page's export and the
// bitview command all draw through it. A figure without a position (a FEN
// that never parsed) is drawn as its layout alone.
func FigureSVG(f model.Figure, t Theme, pieces []string) string {
	if f.Pos == nil {
		return SVG(model.Figure{Layout: f.Layout}, t, nil)
	}
	return SVG(f, t, func(pc core.Piece) string {
		if i := pc.Index(); i < len(pieces) {
			return pieces[i]
		}
		return ""
	})
}
