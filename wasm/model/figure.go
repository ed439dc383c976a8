package model

import (
	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
)

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

// A Shown is one bitboard of a figure: the key it is shown by, its title
// and its squares.
type Shown struct {
	Key, Title string
	Bits       core.Bitboard
}

// A Figure is what a view shows, ready to export: the position, the
// layout, whether the board is drawn (and flipped, with indices), the
// bitboards, and the author's arrows and marked squares.
type Figure struct {
	Pos        *core.Position
	Layout     *core.Layout
	Board      bool
	Flipped    bool // the board seen from Black, and the grids too unless FixedGrids
	FixedGrids bool
	Labels     bool
	Shown      []Shown
	Arrows     []pgn.Arrow
	Marked     []pgn.Mark
	// PieceBase is the folder of the piece images on screen (see
	// DefaultPieceBase); an exported figure gets its pieces as data: URLs.
	PieceBase string
}

// BoardMarks returns the marks of f's board: its arrows, marked squares
// and piece folder, and no selection or last move.
func (f Figure) BoardMarks() Marks {
	return Marks{Selected: core.NoSquare, LastFrom: core.NoSquare, LastTo: core.NoSquare,
		Marked: f.Marked, Arrows: f.Arrows, PieceBase: f.PieceBase}
}

// GridsFlipped reports whether the figure's grids are drawn from Black.
func (f Figure) GridsFlipped() bool { return f.Flipped && !f.FixedGrids }
