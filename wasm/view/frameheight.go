package view

import (
	"math"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// The geometry of embed.html in an iframe FrameWidth pixels wide, in CSS
// pixels (1rem = 16 px), as web/view.css and web/embed.css set it: every
// line of the view is one font at line height 1.4, every size below is
// set in rem or px, and no text of the view wraps but where these
// constants say, so the page's height is a sum of them (FrameHeight).
// TestEmbedFrameHeight (wasm/browser) checks the sum against embed.html
// laid out in Chromium, under the machine's fonts and under one font
// alone. Change them with the CSS.
const (
	// FrameWidth is the iframe snippet's width (view.EmbedSnippets).
	FrameWidth = 760

	rem          = 16.0
	lineHeight   = 1.4                            // :host, .bitview-embed, embed.css
	framePad     = 0.5 * rem                      // embed.css: body padding
	creditH      = 0.3*rem + 0.75*rem*1.4         // embed.css: .credit, its margin and line
	viewGap      = 0.75 * rem                     // .view gap
	pairMin      = 36 * rem                       // the view's width from which board and first card stand side by side
	stackBoard   = 26 * rem                       // a board above the cards: at most this wide
	cardChrome   = 2*0.4*rem + 2                  // .view .card: padding, border
	headerH      = 1.05*rem*lineHeight + 0.4*rem  // .card header: the title's line, its margin
	wideCard     = 38 * rem                       // a card this wide (content) puts its values beside its grid
	valuesBeside = 0.75*rem + 11*rem              // the values' column beside a grid, with its gap
	gridLab      = 1.1 * rem                      // --bv-lab
	gridLabel    = 1.35 * rem                     // .bits .coord: a label's line, a row's least height
	gridFiles    = gridLabel + 0.15*rem           // .bits .coord.file: the files' row, its padding
	cellMax      = 3 * rem                        // .bitview-embed --bv-cell-max
	narrowCell   = 1.5 * rem                      // .bitview-embed --bv-narrow-cell
	narrowMin    = 0.4                            // --bv-narrow-min
	boardLab     = 1.3 * rem                      // .board: the ranks' column
	boardFiles   = 0.85*rem*lineHeight + 0.15*rem // .board .coord.file
	readoutsTop  = 0.5 * rem                      // .readouts margin
	readoutsGap  = 0.35 * rem                     // .readouts gap
	readoutRule  = 1 + 0.2*rem                    // .readout: border-top, padding-top
	readoutName  = 0.75*rem*lineHeight + 2        // .readout dt: the Copy button, its border
	hexNameBoxed = 2*readoutName + 0.15*rem       // the hex's dt in the name's column (compact): its Copy as C / Rust / Go buttons (CopyAs) on a second line (40 px in Chromium)
	codeLine     = 0.9 * rem * lineHeight         // .readout code
	codeCh       = 0.62 * 0.9 * rem               // a monospace character of a readout, at its widest (0.62em)
	compactMin   = 17 * rem                       // values this wide take a line each, name beside
	compactName  = 6.6*rem + 0.5*rem              // … the name's column and its gap
	hexChars     = 18                             // a hex value breaks after this many characters
)

// layoutBoxes are, per number of grid columns, the first card's least
// width and the board's widest beside it (.view[data-cols]) and the
// width of a column of the binary readout (--bv-bin-w).
var layoutBoxes = map[int]struct{ firstMin, boardCap, binCol, gap float64 }{
	8:  {20.25 * rem, 28 * rem, 6 * rem, 2},
	10: {22.25 * rem, 24 * rem, 7 * rem, 2},
	16: {22.25 * rem, 20 * rem, 10.5 * rem, 1},
}

// FrameHeight returns the height in CSS pixels that embed.html needs to
// show s without scrolling in a frame FrameWidth pixels wide, with the
// element's other options at their defaults (the snippet's second line
// makes the frame follow its content whatever they are): computed from
// the layout's geometry (its rows and columns, its readouts' lengths) and
// the constants above, not measured. A state whose position or show list
// cannot be read is counted as that many grids of the empty bitboard.
func FrameHeight(s model.State) int {
	l, ok := core.LayoutByID(s.Layout)
	if !ok {
		l = core.Layouts[0]
	}
	var shown []model.Shown
	if o, err := model.ParseAttributes(map[string]string{"fen": s.FEN, "layout": l.ID, "show": strings.Join(s.Show, ",")}); err == nil {
		if e := model.ResolveEmbed(o, nil); e.Pos != nil && len(e.Problems) == 0 {
			shown = e.Shown
		}
	}
	if shown == nil {
		for _, k := range s.Show {
			shown = append(shown, model.Shown{Key: k, Title: k})
		}
	}
	// Two pixels more than the sum: the browsers lay out in fractions of
	// a pixel (Chromium in 64ths), rounded otherwise than float64, and
	// Firefox's page was a pixel taller than Chromium's.
	return int(math.Ceil(2*framePad + viewHeight(l, shown, FrameWidth-2*framePad) + creditH + 2))
}

// viewHeight is the height of an embedded view width pixels wide with
// the board and the grids shown, in layout l, with every value.
func viewHeight(l *core.Layout, shown []model.Shown, width float64) float64 {
	box := layoutBoxes[l.Cols]
	if len(shown) == 0 || width < pairMin {
		// The board alone, as wide as a board above the cards may be
		// (embed.html's frame, FrameWidth, is wide enough for the board
		// and the first card side by side: no other case is counted).
		return boardHeight(min(width, stackBoard))
	}
	first := max(box.firstMin, width-viewGap-box.boardCap)
	h := max(boardHeight(width-viewGap-first), cardHeight(l, shown[0], first-cardChrome, first-cardChrome))
	content := width - cardChrome
	grid := min(content-valuesBeside, max(box.firstMin-cardChrome, content-viewGap-box.boardCap))
	for _, s := range shown[1:] {
		h += viewGap + cardHeight(l, s, content, grid)
	}
	return h
}

// boardHeight is the height of a board whose box (ranks' column and
// squares) is width pixels wide.
func boardHeight(width float64) float64 {
	return width - boardLab + boardFiles
}

// cardHeight is the height of a card of s whose content is width pixels
// wide and whose grid may take grid of them: its values under its grid,
// or beside it when the card is wideCard or wider or its grid leaves the
// values' column.
func cardHeight(l *core.Layout, s model.Shown, width, grid float64) float64 {
	if width >= wideCard || grid <= width-valuesBeside {
		grid = min(grid, width-valuesBeside)
		c, gridW := cell(l, grid)
		return cardChrome + titleHeight(s, width) + max(gridHeight(l, c), readoutsHeight(l, s, width-gridW-0.75*rem, 0))
	}
	c, _ := cell(l, grid)
	return cardChrome + titleHeight(s, width) + gridHeight(l, c) + readoutsHeight(l, s, width, readoutsTop)
}

// cell returns a grid's cell and its width drawn in grid pixels (the cell
// rule of view.css, with the embedded views' narrowed off-board slots).
func cell(l *core.Layout, grid float64) (c, width float64) {
	gap := layoutBoxes[l.Cols].gap
	room := grid - gridLab - float64(l.Cols)*gap
	off := float64(l.Cols - 8)
	c = max(room/float64(l.Cols), min(narrowCell, room/(8+off*narrowMin)))
	c = min(c, cellMax)
	slot := c
	if off > 0 {
		slot = min(c, max(narrowMin*c, (room-8*c)/off))
	}
	return c, gridLab + 8*c + off*slot + float64(l.Cols)*gap
}

// gridHeight is the height of a grid of cells c pixels wide: its rows
// (each at least its rank label's line) and the files' row.
func gridHeight(l *core.Layout, c float64) float64 {
	return float64(l.Rows)*(max(c, gridLabel)+layoutBoxes[l.Cols].gap) + gridFiles
}

// titleHeight is the height of a card's header width pixels wide: its
// title's lines (the title breaks anywhere, at most codeCh/0.9*1.05 a
// character; the subtitle beside it takes about half a rem a character).
func titleHeight(s model.Shown, width float64) float64 {
	sub := CardSub(s.Key, s.Title, s.Bits.Count())
	room := width - 0.5*rem - float64(len([]rune(sub)))*0.55*0.85*rem
	per := max(1, int(room/(codeCh/0.9*1.05)))
	lines := (len([]rune(s.Title)) + per - 1) / per
	return float64(max(1, lines))*1.05*rem*lineHeight + 0.4*rem
}

// readoutsHeight is the height of a card's three values width pixels
// wide, top pixels under its grid.
func readoutsHeight(l *core.Layout, s model.Shown, width, top float64) float64 {
	r := model.ReadoutOf(l, s.Bits)
	value, name := width, readoutName
	compact := width >= compactMin
	if compact {
		value -= compactName
	}
	perLine := max(1, int(value/layoutBoxes[l.Cols].binCol))
	groups := strings.Count(r.Grouped, " ") + 1
	decimal := 1
	if !l.FitsUint64() {
		decimal = wrapLines("— "+strconv.Itoa(l.Slots)+" bits do not fit a 64-bit integer", value)
	} else if r.Signed != r.Decimal {
		decimal += wrapLines("(signed "+r.Signed+")", value)
	}
	h := top + 2*readoutsGap
	for i, lines := range []int{(len(r.Hex) + hexChars - 1) / hexChars, (groups + perLine - 1) / perLine, decimal} {
		if compact {
			if i == 0 {
				name = hexNameBoxed
			} else {
				name = readoutName
			}
			h += readoutRule + max(name, float64(lines)*codeLine)
		} else {
			h += readoutRule + name + float64(lines)*codeLine
		}
	}
	return h
}

// wrapLines is how many lines text takes in width pixels of a readout,
// broken at its spaces, a character being codeCh wide.
func wrapLines(text string, width float64) int {
	per := max(1, int(width/codeCh))
	lines, line := 1, 0
	for _, w := range strings.Fields(text) {
		n := len([]rune(w))
		switch {
		case line == 0:
			line = n
		case line+1+n <= per:
			line += 1 + n
		default:
			lines++
			line = n
		}
		for line > per { // a word longer than a line breaks anywhere (overflow-wrap)
			lines++
			line -= per
		}
	}
	return lines
}
