//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A gamePanel is the game panel (#game): a PGN pasted (or the sample game)
// is loaded and stepped through with its buttons, its move list and the
// arrow keys. The game on show is the store's (its moves are in the link);
// the panel keeps the list as drawn, so a step moves the list's mark on
// the buttons it kept by ply, and what it says about the last load.
type gamePanel struct {
	st      *store
	regions *regions
	doc     js.Value
	status  string    // what the last load said (an error, a notice), or ""
	shown   *pgn.Game // the game on show when status was said
	drawn   *pgn.Game // the game whose move list is drawn
	marked  int       // the ply marked current in the drawn list
	plies   nodeList  // the drawn list's move buttons, by ply (a static NodeList: a step finds its button in O(1))
	scroll  js.Func   // scrolls the current move into view after the frame
}

// start loads the game a link holds (&moves=…&ply=…), at its ply; a move
// that does not replay is said, and the moves before it stay playable.
func (gp *gamePanel) start() {
	s := gp.st
	if len(s.Moves) == 0 {
		return
	}
	g, err := model.GameFromMoves(s.Start, s.Moves)
	if err != nil {
		gp.status = view.Alert(err.Error())
	}
	ply := s.Ply
	s.setGame(g, ply)
	gp.shown = g
	if g != nil && s.Tab == "" { // a link that names a tool keeps it on show
		gp.open()
	}
}

// open shows the game's tab.
func (gp *gamePanel) open() {
	gp.st.Tab = "game"
}

func (gp *gamePanel) wire(sc *scope, acts actions) {
	sc.on("click", "[data-ply]", func(_ *event, el *domElement) {
		if ply, err := strconv.Atoi(el.GetAttribute("data-ply")); err == nil {
			gp.st.goToPly(ply)
		}
	})
	acts["pgn-load"] = func() {
		text := byID(gp.doc, "pgn").Get("value")
		if n := strLen(text); n > pgn.MaxBytes { // refused before a byte is copied into Go
			gp.say(gp.st.game, view.Alert(model.LimitMessage("The PGN", n, pgn.MaxBytes, "characters")+" bytes ("+thousands.Itoa(pgn.MaxGames)+" games): paste fewer games."))
			return
		}
		gp.load(text.String())
	}
	acts["pgn-sample"] = func() {
		byID(gp.doc, "pgn").Set("value", model.SamplePGN) // a <textarea>
		gp.load(model.SamplePGN)
	}
	acts["first"] = func() { gp.st.goToPly(0) }
	acts["back"] = func() { gp.st.goToPly(gp.st.Ply - 1) }
	acts["forward"] = func() { gp.st.goToPly(gp.st.Ply + 1) }
	acts["last"] = func() {
		if g := gp.st.game; g != nil {
			gp.st.goToPly(len(g.Moves))
		}
	}
}

// load imports text: the first game, or the part of it before an error,
// which the status explains with its line and column.
func (gp *gamePanel) load(text string) {
	games, err := pgn.Parse(text)
	status := ""
	var pe *pgn.Error
	if errors.As(err, &pe) {
		n := 0
		if len(games) > 0 {
			n = len(games[0].Moves)
		}
		status = view.PGNError(pe, n)
	}
	if len(games) == 0 {
		if status == "" {
			status = `<p class="hint">No game found: paste a PGN with moves.</p>`
		}
		gp.say(gp.st.game, status)
		return
	}
	if len(games) > 1 {
		status += `<p class="hint">The first of ` + strconv.Itoa(len(games)) + ` games is loaded.</p>`
	}
	gp.open()
	gp.st.loadGame(&games[0])
	gp.say(&games[0], status)
}

// say shows status below the PGN field, about the game g (a status
// about another game than the one on show is cleared).
func (gp *gamePanel) say(g *pgn.Game, status string) {
	gp.shown, gp.status = g, status
	gp.render()
}

// render draws the status, and the move list once per game; then it only
// moves the list's current-move mark, which scrolls into view after the
// frame (so a step's layout work is not forced inside the handler).
func (gp *gamePanel) render() {
	g := gp.st.game
	switch {
	case gp.st.closed != nil:
		gp.shown, gp.status = nil, `<p class="hint" data-notice="game-closed">The game`+view.GameName(gp.st.closed)+` was closed to show the new position; Undo (u) brings it back at the move you left.</p>`
		gp.st.closed = nil
	case gp.shown != g: // another game is on show (undo, redo): the status was about the last
		gp.shown, gp.status = g, ""
	}
	gp.regions.get("pgn-status").set(gp.status)
	moves := gp.regions.get("moves")
	if g == nil {
		moves.set("")
		gp.drawn, gp.plies = nil, nodeList{}
		return
	}
	ply := gp.st.Ply
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
