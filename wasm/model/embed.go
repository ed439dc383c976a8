package model

import (
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/core/thousands"
)

// An Embed is one embedded view resolved from its options: the figure to
// draw, and what was wrong with the options (shown inside the view).
type Embed struct {
	Figure
	// Read is the fen option read (Read): when it has an error, the
	// figure keeps the last good position, if any.
	Read     Reading
	Problems []string // unknown layout or names, as messages
	Repr     bool     // show the representations panel
	// The tools below the view: a magic lookup of MagicPiece on
	// MagicSquare when Magic, and the Polyglot key when Zobrist.
	Magic       bool
	MagicPiece  core.PieceType
	MagicSquare core.Square
	Zobrist     bool
	// Interactive: the pointer and the keyboard explore the view.
	Interactive bool
}

// ResolveEmbed reads o. The FEN is read by Read: it may be a piece
// placement alone (the form articles print), read as white to move with
// no castling rights, no en passant square and counters 0 1, and said so
// (Embed.Status). When
// the FEN does not parse, last (the view's previous position, or nil)
// stays on show; with no previous position there is no board or grid. A
// show list over MaxShowLength bytes or MaxShowItems items shows no grid,
// and a layout over MaxOptionLength bytes is not looked up: each is a
// problem naming the limit. An orientation other than white or black, or
// grids other than fixed, is a problem too. ResolveEmbed says what the
// options mean for a view; the lengths of the strings were checked where
// they were read (readOptions in package main, ParseAttributes).
func ResolveEmbed(o Options, last *core.Position) Embed {
	e := Embed{Interactive: o.IsInteractive()}
	fen := o.FEN // the parser trims blanks itself, so error offsets count from the FEN as given
	if strings.TrimSpace(fen) == "" {
		fen = core.StartFEN
	}
	e.Pos = last
	if e.Read = Read(fen); e.Read.OK() {
		p := e.Read.Pos
		e.Pos = &p
	}
	e.Read.Input = o.FEN // blank reads as the start position
	id := strings.TrimSpace(o.Layout)
	if id == "" {
		id = "lerf"
	}
	l, ok := core.LayoutByID(id)
	switch {
	case len(id) > MaxOptionLength:
		e.Problems = append(e.Problems, LimitMessage("layout", len(id), MaxOptionLength, "bytes")+": use one of "+strings.Join(core.LayoutIDs(), ", "))
		l = core.Layouts[0]
	case !ok:
		e.Problems = append(e.Problems, `unknown layout `+excerpt.Quote(id)+`: use one of `+strings.Join(core.LayoutIDs(), ", "))
		l = core.Layouts[0]
	}
	e.Layout = l
	e.Board, e.Labels, e.Repr, e.PieceBase = on(o.Board), o.Labels, o.Repr, o.PieceBase
	var problem string
	if e.Flipped, e.FixedGrids, problem = o.orientation(); problem != "" {
		e.Problems = append(e.Problems, problem)
	}
	var err error
	if e.Arrows, err = pgn.ParseArrows(o.Arrows); err != nil {
		e.Problems = append(e.Problems, "arrows: "+err.Error())
	}
	if e.Marked, err = pgn.ParseMarks(o.Marks); err != nil {
		e.Problems = append(e.Problems, "marks: "+err.Error())
	}
	e.Zobrist = o.Zobrist
	if strings.TrimSpace(o.Magic) != "" {
		if e.MagicPiece, e.MagicSquare, err = ParseMagic(strings.TrimSpace(o.Magic)); err != nil {
			e.Problems = append(e.Problems, err.Error())
		} else {
			e.Magic = true
		}
	}
	if e.Pos == nil {
		e.Board = false
		return e
	}
	if !on(o.Grid) {
		return e
	}
	if len(o.Show) > MaxShowLength {
		e.Problems = append(e.Problems, LimitMessage("show", len(o.Show), MaxShowLength, "bytes"))
		return e
	}
	items := SplitShow(o.Show)
	if len(items) > MaxShowItems {
		e.Problems = append(e.Problems, "show lists "+thousands.Itoa(len(items))+" items; the limit is "+thousands.Itoa(MaxShowItems))
		return e
	}
	for _, item := range items {
		s, err := ResolveShown(e.Pos, item)
		if err != nil {
			e.Problems = append(e.Problems, err.Error())
			continue
		}
		e.Shown = append(e.Shown, s)
	}
	return e
}

// SplitShow splits a show list at the commas outside parentheses, so an
// expression such as "rookAttacks(e4, occupied)" stays whole, and drops
// empty items and surrounding blanks.
func SplitShow(show string) []string {
	var items []string
	depth, start := 0, 0
	for i := 0; i <= len(show); i++ {
		switch {
		case i == len(show) || show[i] == ',' && depth == 0:
			if item := strings.TrimSpace(show[start:i]); item != "" {
				items = append(items, item)
			}
			start = i + 1
		case show[i] == '(':
			depth++
		case show[i] == ')' && depth > 0:
			depth--
		}
	}
	return items
}

// Status returns what the view says about its FEN (view.Status draws it):
// its error, with the last good position kept when there is one, or the
// notice of a piece placement read alone; an element says no warnings.
func (e Embed) Status() Status {
	fb := ShowsNothing
	if e.Pos != nil {
		fb = ShowsLast
	}
	return Status{Read: e.Read, Fallback: fb}
}

// ShowsRepr reports whether the view has a representations panel: it was
// asked for and there is a position to show.
func (e Embed) ShowsRepr() bool { return e.Repr && e.Pos != nil }
