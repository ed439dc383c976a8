package model

import (
	"slices"

	"github.com/bitview/bitview/core"
)

// A Reading is a FEN read for a view, the page's FEN field or an
// element's fen attribute alike: the position, or where the FEN departs
// from the format; whether it was a piece placement alone; and what is
// impossible about the position. Read makes it; the page and every
// <bitboard-view> read their FEN through it, and view.Status draws what
// it says.
type Reading struct {
	Input         string         // the FEN as given (at most core.MaxFENLength+1 bytes of it are read)
	Pos           core.Position  // the position; the empty position when Err is set
	Err           *core.FENError // where the FEN departs from the format; nil when it parses
	PlacementOnly bool           // a piece placement alone, read as "<placement> w - - 0 1" (core.ParseFENOrPlacement)
	Warnings      []core.Warning // what is impossible about Pos (core.Position.Warnings); nil with Err
}

// Read reads fen: a whole FEN or a piece placement alone (the form
// articles print, see core.ParseFENOrPlacement), with the position's
// warnings. A FEN over core.MaxFENLength is refused with its FENError,
// before any other work.
func Read(fen string) Reading {
	p, only, err := core.ParseFENOrPlacement(fen)
	r := Reading{Input: fen, Pos: p}
	if err != nil {
		r.Err, _ = err.(*core.FENError)
		if r.Err == nil { // core returns a *FENError for every FEN it refuses; this keeps any other error visible
			r.Err = &core.FENError{Input: fen, Offset: 0, Field: core.FieldPiecePlacement, Msg: err.Error(), Err: core.ErrFENSyntax}
		}
		return r
	}
	r.PlacementOnly, r.Warnings = only, p.Warnings()
	return r
}

// OK reports whether the FEN parsed.
func (r Reading) OK() bool { return r.Err == nil }

// Warned returns the squares the warnings name (the board marks them).
func (r Reading) Warned() core.Bitboard {
	var b core.Bitboard
	for _, w := range r.Warnings {
		b |= w.Squares
	}
	return b
}

// A Fallback is what a view shows while its FEN does not parse.
type Fallback uint8

const (
	// ShowsNothing: no position came before; an element draws no board.
	ShowsNothing Fallback = iota
	// ShowsLast: the last position that parsed stays on show.
	ShowsLast
	// ShowsStart: no position parsed since the page opened (a link's
	// FEN): the page shows the start position instead.
	ShowsStart
)

// A Status is what a view says about its FEN: the error, with what the
// board shows instead (Fallback), or the notice of a piece placement read
// alone and, where Warnings is set (the page), the position's warnings;
// and, on the page, each item of the show list that means nothing (Show:
// what ResolveShown says of it, naming it). view.Status draws it, for the
// page's FEN field and for every <bitboard-view> alike.
type Status struct {
	Read     Reading
	Fallback Fallback // what the board shows while Read has an error
	Warnings bool     // the warnings are said (an element marks none)
	Show     []string // the show list's problems (the page's; an element says them as its own problems)
}

// Empty reports whether s says nothing.
func (s Status) Empty() bool {
	return s.Read.Err == nil && !s.Read.PlacementOnly && (!s.Warnings || len(s.Read.Warnings) == 0) && len(s.Show) == 0
}

// Same reports whether s and t say the same: the same error at the same
// place of the same input with the same fallback, or the same notice and
// the same warnings. A status dismissed stays dismissed until what it
// says changes, not at every character typed.
func (s Status) Same(t Status) bool {
	a, b := s.Read, t.Read
	switch {
	case !slices.Equal(s.Show, t.Show):
		return false
	case (a.Err == nil) != (b.Err == nil):
		return false
	case a.Err != nil:
		return a.Input == b.Input && s.Fallback == t.Fallback &&
			a.Err.Field == b.Err.Field && a.Err.Offset == b.Err.Offset && a.Err.Msg == b.Err.Msg
	case a.PlacementOnly != b.PlacementOnly || a.PlacementOnly && a.Pos.FEN() != b.Pos.FEN():
		return false
	}
	said := func(st Status) []core.Warning {
		if !st.Warnings {
			return nil
		}
		return st.Read.Warnings
	}
	return slices.EqualFunc(said(s), said(t), func(x, y core.Warning) bool { return x.Code == y.Code && x.Message == y.Message })
}
