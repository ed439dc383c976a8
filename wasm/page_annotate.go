//go:build js && wasm

package main

import (
	"slices"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// The page's arrows and marked squares: those a game's comments carry
// ([%cal …] and [%csl …] on the move on show) and those the user draws as
// on lichess, a right-drag from one square to another for an arrow and a
// right-click for a mark (Shift red, Alt blue, both yellow; see
// view.DrawBrush). The user's drawing lives in view.State, so the link
// keeps it, and belongs to the position: showing another position or
// stepping the game clears it.

// annotations returns the arrows and marks on the board: the game move's,
// then the user's.
func (pg *page) annotations() ([]pgn.Arrow, []pgn.Mark) {
	arrows, marks := pg.state.Arrows, pg.state.Marked
	if g := pg.game.game; g != nil && pg.game.ply > 0 {
		m := g.Moves[pg.game.ply-1]
		if len(m.Arrows) > 0 {
			arrows = append(slices.Clip(m.Arrows), arrows...)
		}
		if len(m.Marks) > 0 {
			marks = append(slices.Clip(m.Marks), marks...)
		}
	}
	return arrows, marks
}

// clearDrawing takes away the user's arrows and marks (the position they
// were drawn on is leaving), reporting whether there were any.
func (pg *page) clearDrawing() bool {
	had := len(pg.state.Arrows)+len(pg.state.Marked) > 0
	pg.state.Arrows, pg.state.Marked = nil, nil
	return had
}

// wireDrawing listens for right-drags and right-clicks on the board.
func (pg *page) wireDrawing() {
	board := pg.doc.Call("getElementById", "board")
	on(board, "contextmenu", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
		ev.Call("preventDefault") // the right button draws here
	})
	on(board, "pointerdown", "[data-square]", func(ev js.Value, el *dom.BasicHTMLElement) {
		if el == nil || ev.Get("button").Int() != 2 {
			return
		}
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
			pg.drawFrom = sq
		}
	})
	on(pg.doc, "pointerup", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
		from := pg.drawFrom
		if ev.Get("button").Int() != 2 || from == core.NoSquare {
			return
		}
		pg.drawFrom = core.NoSquare
		// The square under the pointer now (the event's target may be the
		// square where the drag began).
		at := pg.doc.Call("elementFromPoint", ev.Get("clientX"), ev.Get("clientY"))
		if at.IsNull() {
			return
		}
		el := at.Call("closest", "#board [data-square]")
		if el.IsNull() {
			return
		}
		to, ok := core.ParseSquare(el.Call("getAttribute", "data-square").String())
		if !ok {
			return
		}
		brush := view.DrawBrush(ev.Get("shiftKey").Bool(), ev.Get("altKey").Bool() || ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool())
		if to == from {
			pg.state.Marked = view.ToggleMark(pg.state.Marked, pgn.Mark{Brush: brush, Square: to})
		} else {
			pg.state.Arrows = view.ToggleArrow(pg.state.Arrows, pgn.Arrow{Brush: brush, From: from, To: to})
		}
		pg.render()
	})
}
