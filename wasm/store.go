//go:build js && wasm

package main

import (
	"slices"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A store is the page's one truth: a model.State, which the URL serialises
// (link.go), and what follows from it, computed once per change: the
// position on show (the last that parsed while the FEN does not), its
// status and warnings, and the loaded game it came from. The page's
// components read it and change it only through its methods; each change
// redraws the page (redraw, set by the page), and a change of the
// position goes through show, the one writer of the position, which
// records the history.
type store struct {
	model.State
	pos      core.Position // the last position that parsed: kept on show while the FEN does not
	status   model.Status  // what the page says about State.FEN (model.Read)
	warn     core.Bitboard // the squares the warnings of pos name
	good     bool          // a FEN parsed since the page opened (else pos is the start position, shown instead)
	selected core.Square   // the square last clicked without an editor tool: the "attacks from" square
	// game is the game on show, parsed (its moves are State.Moves); prev
	// the position before the last step forward of one ply (its changed
	// bits are marked), nil otherwise; closed is a game that was closed
	// to show another position (the game panel says so), nil when none.
	game   *pgn.Game
	prev   *core.Position
	closed *pgn.Game
	hist   history
	redraw func()
}

// newStore returns the store of the page opened with state s.
func newStore(s model.State) *store {
	st := &store{State: s, selected: core.NoSquare, redraw: func() {}}
	st.read()
	return st
}

// read brings what follows from the state up to date: the position of
// the FEN (unchanged when it does not parse), its status and warnings.
func (st *store) read() {
	r := model.Read(st.FEN)
	st.status = model.Status{Read: r, Fallback: model.ShowsLast, Warnings: true}
	switch {
	case r.OK():
		st.pos, st.warn, st.good = r.Pos, r.Warned(), true
	case !st.good: // a link's FEN that does not parse: the start position, and the status says so
		st.pos, _ = core.ParseFEN(core.StartFEN)
		st.warn, st.status.Fallback = 0, model.ShowsStart
	}
}

// link returns the state as the URL writes it: an invalid FEN never
// reaches the link (the position on show does).
func (st *store) link() string {
	s := st.State
	if !st.status.Read.OK() {
		s.FEN = st.pos.FEN()
	}
	return s.Query()
}

// update changes the state with fn and redraws.
func (st *store) update(fn func(s *model.State)) {
	fn(&st.State)
	st.read()
	st.redraw()
}

// layout returns the layout on show.
func (st *store) layout() *core.Layout {
	l, _ := core.LayoutByID(st.Layout)
	return l
}

// show puts fen on show as a new entry of the history (typed: a character
// typed into the FEN field; a run of them is one entry). A loaded game is
// closed, and the game panel says so; a drawing on the board leaves with
// its position.
func (st *store) show(fen string, typed bool) {
	st.hist.record(st.snapshot(), typed)
	st.closeGame()
	if fen != st.FEN {
		st.clearDrawing()
	}
	st.FEN = fen
	st.read()
	st.redraw()
}

// edit changes the position on show with fn (through core.Position's Put
// and Remove) and shows the result as a new entry of the history.
// Illegal-but-instructive positions are allowed: core's warnings say what
// is impossible about them.
func (st *store) edit(fn func(p *core.Position)) {
	p := st.pos
	fn(&p)
	if fen := p.FEN(); fen != st.FEN {
		st.show(fen, false)
	}
}

// clearDrawing takes away the user's arrows and marks (the position they
// were drawn on is leaving).
func (st *store) clearDrawing() {
	st.Arrows, st.Marked = nil, nil
}

// setGame makes g (nil for none) the game on show at ply, with the state's
// Start, Moves and Ply, and its FEN the position at ply.
func (st *store) setGame(g *pgn.Game, ply int) {
	st.game, st.prev = g, nil
	st.Start, st.Moves, st.Ply = "", nil, 0
	if g == nil {
		return
	}
	st.Ply = min(max(ply, 0), len(g.Moves))
	if start := g.Start.FEN(); start != core.StartFEN {
		st.Start = start
	}
	st.Moves = model.UCIMoves(g)
	p := g.PositionAt(st.Ply)
	st.FEN = p.FEN()
	st.read()
}

// closeGame closes the game on show, if any, for another position: the
// game panel says so, and undo brings it back.
func (st *store) closeGame() {
	if st.game != nil {
		st.closed = st.game
		st.setGame(nil, 0)
	}
}

// loadGame shows g from its start, as a new entry of the history.
func (st *store) loadGame(g *pgn.Game) {
	st.hist.record(st.snapshot(), false)
	st.closed = nil
	st.setGame(g, 0)
	st.redraw()
}

// goToPly shows the game's position after ply moves (clamped), marking the
// bits that changed when the step is one move forward; the drawing leaves
// with the position.
func (st *store) goToPly(ply int) {
	g := st.game
	if g == nil {
		return
	}
	ply = min(max(ply, 0), len(g.Moves))
	var prev *core.Position
	if ply == st.Ply+1 && ply > 0 {
		p := g.PositionAt(ply - 1)
		prev = &p
	}
	if ply != st.Ply {
		st.clearDrawing()
	}
	st.Ply = ply
	p := g.PositionAt(ply)
	st.FEN, st.prev = p.FEN(), prev
	st.read()
	st.redraw()
}

// lastMove returns the move that led to the position on show in the game,
// and whether there is one.
func (st *store) lastMove() (pgn.GameMove, bool) {
	if st.game == nil || st.Ply == 0 {
		return pgn.GameMove{}, false
	}
	return st.game.Moves[st.Ply-1], true
}

// annotations returns the arrows and marks on the board: the game move's
// ([%cal]/[%csl] comments), then the user's.
func (st *store) annotations() ([]pgn.Arrow, []pgn.Mark) {
	arrows, marks := st.Arrows, st.Marked
	if m, ok := st.lastMove(); ok {
		if len(m.Arrows) > 0 {
			arrows = append(slices.Clip(m.Arrows), arrows...)
		}
		if len(m.Marks) > 0 {
			marks = append(slices.Clip(m.Marks), marks...)
		}
	}
	return arrows, marks
}

// pageView returns the view package's view of the page: the state and
// what the store keeps beside it, with step the playground's selected
// step and hover the square pointed at.
func (st *store) pageView(step int, hover core.Square) view.PageView {
	return view.PageView{State: st.State, Pos: &st.pos, Status: st.status, Warn: st.warn,
		Selected: st.selected, Hover: hover, Step: step}
}

// figure returns what the board and the cards show: the position, its
// marks (the warnings, the selection, the game's last move, the arrows
// and marks), and the shown bitboards with the bits they had before the
// last step of the game. free is the free card's field being typed in.
func (st *store) figure(free *view.FreeEdit) figure {
	var f figure
	f.Figure, f.marks = st.pageView(-1, core.NoSquare).Figure()
	if m, ok := st.lastMove(); ok {
		f.marks.LastFrom, f.marks.LastTo = m.Move.From(), m.Move.To()
	}
	f.Arrows, f.Marked = st.annotations()
	f.marks.Arrows, f.marks.Marked = f.Arrows, f.Marked
	for _, s := range f.Shown {
		if s.Key == model.FreeKey {
			f.free = free
		}
		prev := s.Bits
		if st.prev != nil {
			if ps, err := model.ResolveShown(st.prev, s.Key); err == nil {
				prev = ps.Bits
			}
		}
		f.prev = append(f.prev, prev)
	}
	return f
}
