//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A gamePanel is the game panel's status and move list (#pgn-status,
// #moves): the game on show is the model's (model.Page.LoadPGN, GoTo).
// The panel keeps the list as drawn, so a step moves the list's mark on
// the buttons it kept by ply.
type gamePanel struct {
	m      *model.Page
	s      *surface
	drawn  *pgn.Game // the game whose move list is drawn
	marked int       // the ply marked current in the drawn list
	plies  nodeList  // the drawn list's move buttons, by ply (a static NodeList: a step finds its button in O(1))
	scroll js.Func   // scrolls the current move into view after the frame
}

// load reads the PGN field: its length is checked on the JS string before
// it is copied into Go (model.Page.RefusePGN).
func (gp *gamePanel) load(field *domElement) {
	text := field.Get("value")
	if n := strLen(text); n > pgn.MaxBytes {
		gp.m.RefusePGN(n)
		return
	}
	gp.m.LoadPGN(text.String())
}

// render draws the status, and the move list once per game; then it only
// moves the list's current-move mark, which scrolls into view after the
// frame (so a step's layout work is not forced inside the handler).
func (gp *gamePanel) render() {
	g := gp.m.Game()
	gp.s.regions.get("pgn-status").set(view.GameNote(gp.m.GameNote()))
	moves := gp.s.regions.get("moves")
	if g == nil {
		moves.set("")
		gp.drawn, gp.plies = nil, nodeList{}
		return
	}
	ply := gp.m.Ply
	switch {
	case gp.drawn != g:
		moves.set(view.MoveList(g, ply))
		gp.drawn, gp.marked = g, ply
		gp.plies = queryAll(moves.el.Underlying(), "[data-ply]") // in ply order: view.MoveList
	case gp.marked != ply:
		if old := gp.plies.at(gp.marked); old != nil {
			old.RemoveAttribute("aria-current")
		}
		if cur := gp.plies.at(ply); cur != nil {
			cur.SetAttribute("aria-current", "step")
		}
		gp.marked = ply
	default:
		return
	}
	if gp.scroll.IsUndefined() {
		// The current move is scrolled into view inside the move list
		// only: scrollIntoView would scroll the page too, and move the
		// board, the grids and the step buttons under the pointer.
		gp.scroll = callback(func([]js.Value) { // lives as long as the page
			cur := gp.plies.at(gp.marked)
			if cur == nil {
				return
			}
			list := closest(cur.Underlying(), ".moves")
			if list == nil {
				return
			}
			lr, cr := list.GetBoundingClientRect(), cur.GetBoundingClientRect()
			if d := lr.Top() - cr.Top(); d > 0 {
				list.Set("scrollTop", list.Get("scrollTop").Float()-d)
			} else if d := cr.Bottom() - lr.Bottom(); d > 0 {
				list.Set("scrollTop", list.Get("scrollTop").Float()+d)
			}
		})
	}
	// dom/v2's RequestAnimationFrame makes a js.Func a frame, outside
	// guard; gp.scroll is made once.
	js.Global().Call("requestAnimationFrame", gp.scroll)
}
