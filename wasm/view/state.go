// Package view turns core's answers into the page's markup and keeps the
// page's state (FEN, layout, shown bitboards, board options). It is plain
// Go, tested natively; package main only copies its strings into the DOM.
package view

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// A State is everything a link reproduces: ?fen=…&layout=…&show=P,n,occupied
// (&flip=1 views the board from Black, &labels=1 shows each square's index,
// &grids=fixed keeps the grids unflipped, &moves=e2e4,e7e5&ply=1 a game,
// &free=0x… the free bitboard as a hex number in the link's layout).
type State struct {
	FEN        string
	Layout     string   // a core.Layouts id
	Show       []string // core.BitboardNames names, in the order they were toggled on
	Flipped    bool
	FixedGrids bool // the grids stay unflipped when the board is flipped (&grids=fixed); by default they turn with it
	Labels     bool
	Expr       string // the playground's expression (&expr=…)
	Present    bool   // presentation mode (&present=1)
	// A game on show: its start position (&start=…, "" for the standard
	// one), its moves in UCI (&moves=e2e4,e7e5) and the ply on show
	// (&ply=…, 0 the start). FEN is then the position at Ply.
	Start string
	Moves []string
	Ply   int
	// Free is the free bitboard's squares (see FreeKey). The link writes
	// it as a hex number in the link's layout (&free=0x00ff in layout
	// berf is rank 8), omitted when empty.
	Free core.Bitboard
}

// MaxURLMoves is the most moves a link may hold (&moves=…): more than the
// longest game played under the fifty-move rule (about 5,900 moves).
const MaxURLMoves = 12000

// DefaultState is the view a fresh page opens: the start position, LERF,
// the white pawns and all occupied squares.
func DefaultState() State {
	return State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"P", "occupied"}}
}

// ParseQuery reads a State from a URL query, keeping the defaults for what
// is missing and dropping unknown layouts and show keys (see KnownKey; the
// FEN and the expression are kept as given: the page shows their errors).
func ParseQuery(query string) State {
	s := DefaultState()
	q, _ := url.ParseQuery(strings.TrimPrefix(query, "?")) // keeps every pair it could read
	if q.Has("fen") {
		s.FEN = q.Get("fen")
	}
	if _, ok := core.LayoutByID(q.Get("layout")); ok {
		s.Layout = q.Get("layout")
	}
	if q.Has("show") {
		s.Show = nil
		for _, name := range strings.Split(q.Get("show"), ",") {
			if KnownKey(name) && !slices.Contains(s.Show, name) {
				s.Show = append(s.Show, name)
			}
		}
	}
	if f := q.Get("free"); f != "" {
		l, _ := core.LayoutByID(s.Layout)
		if bb, err := ParseFree(l, FreeHex, f); err == nil { // a bad value is dropped like an unknown layout
			s.Free = bb
		}
	}
	s.Flipped = q.Get("flip") == "1"
	s.Labels = q.Get("labels") == "1"
	s.Expr = q.Get("expr")
	s.Present = q.Get("present") == "1"
	s.FixedGrids = q.Get("grids") == "fixed"
	if m := q.Get("moves"); m != "" {
		s.Moves = strings.Split(m, ",")
		if len(s.Moves) > MaxURLMoves {
			s.Moves = s.Moves[:MaxURLMoves]
		}
		s.Start = q.Get("start")
		s.Ply, _ = strconv.Atoi(q.Get("ply"))
		s.Ply = min(max(s.Ply, 0), len(s.Moves))
	}
	return s
}

// Query returns the URL query that reproduces s, starting with "?".
func (s State) Query() string {
	q := "?fen=" + url.QueryEscape(s.FEN) + "&layout=" + url.QueryEscape(s.Layout) +
		"&show=" + url.QueryEscape(strings.Join(s.Show, ","))
	if s.Flipped {
		q += "&flip=1"
	}
	if s.Labels {
		q += "&labels=1"
	}
	if s.Expr != "" {
		q += "&expr=" + url.QueryEscape(s.Expr)
	}
	if s.Present {
		q += "&present=1"
	}
	if s.FixedGrids {
		q += "&grids=fixed"
	}
	if len(s.Moves) > 0 {
		if s.Start != "" {
			q += "&start=" + url.QueryEscape(s.Start)
		}
		q += "&moves=" + strings.Join(s.Moves, ",") + "&ply=" + strconv.Itoa(s.Ply)
	}
	if s.Free != 0 {
		l, ok := core.LayoutByID(s.Layout)
		if !ok {
			l = core.Layouts[0]
		}
		q += "&free=" + FreeText(l, FreeHex, s.Free)
	}
	return q
}

// EmbedShow returns the show list for a view that has no free bitboard
// (a <bitboard-view>, embed.html): FreeKey becomes the free bitboard's
// value as an expression (FreeLiteral), which such a view draws the same.
func (s State) EmbedShow() []string {
	show := slices.Clone(s.Show)
	for i, k := range show {
		if k == FreeKey {
			show[i] = FreeLiteral(s.Free)
		}
	}
	return show
}

// Toggle shows the named bitboard or attack map (see KnownKey) if it is
// hidden and hides it if shown.
func (s *State) Toggle(name string) {
	if i := slices.Index(s.Show, name); i >= 0 {
		s.Show = slices.Delete(slices.Clone(s.Show), i, i+1)
		return
	}
	if KnownKey(name) {
		s.Show = append(slices.Clone(s.Show), name)
	}
}
