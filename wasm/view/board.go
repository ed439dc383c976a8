package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
)

// The board: its squares with their pieces, labels and marks, the order
// they are drawn in, and the square the arrow keys step to.

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

// Highlight returns the CSS rule that highlights sq wherever it appears
// (board, grid cells, binary digits), or "" for NoSquare.
func Highlight(sq core.Square) string {
	if sq == core.NoSquare {
		return ""
	}
	return `[data-square="` + sq.String() + `"]{outline:3px solid var(--bitview-hover)!important;outline-offset:-3px;z-index:1}` +
		`code [data-square="` + sq.String() + `"]{background:var(--bitview-hover)!important;color:var(--bitview-on-hover)!important;outline:none!important}`
}
