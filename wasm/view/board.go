package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// The board: its squares with their pieces, labels and marks, the order
// they are drawn in, and the square the arrow keys step to.

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
	return BoardMarked(p, l, flipped, labels, model.Marks{Warn: warn, Selected: core.NoSquare, LastFrom: core.NoSquare, LastTo: core.NoSquare})
}

// BoardMarked is Board with every mark of m (see Marks).
func BoardMarked(p *core.Position, l *core.Layout, flipped, labels bool, m model.Marks) string {
	var b strings.Builder
	side := "white"
	if flipped {
		side = "black"
	}
	b.WriteString(`<div class="board" part="board" role="grid" aria-label="Chess board, ` + side + ` at the bottom">`)
	order := model.BoardOrder(flipped)
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

// Square returns one square of the board as BoardMarked writes it.
func Square(l *core.Layout, sq core.Square, labels bool, sm model.SquareMarks) string {
	var b strings.Builder
	writeSquare(&b, l, sq, labels, sm)
	return b.String()
}

// writeSquare writes the square sq (see Board).
func writeSquare(b *strings.Builder, l *core.Layout, sq core.Square, labels bool, sm model.SquareMarks) {
	pc := sm.Piece
	class := "sq dark"
	if (int(sq.File())+int(sq.Rank()))%2 == 1 {
		class = "sq light"
	}
	class += sm.Class
	label := sq.String() + ", empty"
	if pc != core.NoPiece {
		label = sq.String() + ", " + model.PieceName(pc)
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
