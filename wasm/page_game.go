//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/view"
)

// A gameState is the game loaded from a PGN and the ply on show.
type gameState struct {
	game   *pgn.Game // nil when no game is loaded
	ply    int
	uci    []string       // the game's moves in UCI, for the URL
	uciOf  *pgn.Game      // the game uci was made from
	prev   *core.Position // the position before the last step of one ply, for the changed bits
	drawn  *pgn.Game      // the game whose move list is drawn
	marked int            // the ply marked current in the drawn list
	plies  js.Value       // the drawn list's move buttons, by ply (a static NodeList: a step finds its button in O(1), not by a search of the list)
	scroll js.Func        // scrolls the current move into view after the frame
}

// loadPGN imports text: the first game, or the part of it before an error,
// which the status explains with its line and column.
func (pg *page) loadPGN(text string) {
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
		pg.gameStatus(status)
		return
	}
	if len(games) > 1 {
		status += `<p class="hint">The first of ` + strconv.Itoa(len(games)) + ` games is loaded.</p>`
	}
	pg.record(false)
	pg.gameStatus(status)
	pg.game.game, pg.game.ply, pg.game.prev = &games[0], 0, nil
	pg.openGame()
	pg.goToPly(0)
}

// gameStatus shows markup below the PGN field (an error, a notice).
func (pg *page) gameStatus(markup string) {
	pg.region("pgn-status").set(markup)
}

// openGame opens the game's panel.
func (pg *page) openGame() {
	pg.doc.Call("getElementById", "game").Set("open", true)
	pg.open["game"] = true
}

// gameFromURL loads the game a link holds (&moves=…&ply=…), at its ply.
func (pg *page) gameFromURL() {
	if len(pg.state.Moves) == 0 {
		return
	}
	g, err := view.GameFromMoves(pg.state.Start, pg.state.Moves)
	if err != nil {
		pg.gameStatus(view.Alert(err.Error()))
	}
	if g == nil {
		return
	}
	pg.game.game, pg.game.ply = g, min(pg.state.Ply, len(g.Moves))
	p := g.PositionAt(pg.game.ply)
	pg.state.FEN = p.FEN()
	pg.openGame()
}

// syncGameState puts the game on show into the state, for the URL.
func (pg *page) syncGameState() {
	g := pg.game.game
	if g == nil {
		pg.state.Start, pg.state.Moves, pg.state.Ply = "", nil, 0
		return
	}
	if pg.game.uciOf != g {
		pg.game.uci, pg.game.uciOf = view.UCIMoves(g), g
	}
	pg.state.Start = ""
	if start := g.Start.FEN(); start != core.StartFEN {
		pg.state.Start = start
	}
	pg.state.Moves, pg.state.Ply = pg.game.uci, pg.game.ply
}

// goToPly shows the game's position after ply moves (clamped), marking the
// bits that changed when the step is one move forward.
func (pg *page) goToPly(ply int) {
	g := pg.game.game
	if g == nil {
		return
	}
	ply = min(max(ply, 0), len(g.Moves))
	var prev *core.Position
	if ply == pg.game.ply+1 && ply > 0 {
		p := g.PositionAt(ply - 1)
		prev = &p
	}
	if ply != pg.game.ply {
		pg.clearDrawing()
	}
	pg.game.ply = ply
	p := g.PositionAt(ply)
	pg.state.FEN = p.FEN()
	pg.fen.SetValue(pg.state.FEN)
	pg.game.prev = prev
	pg.render()
}

// renderGame draws the move list once per game and then only moves its
// current-move mark, on the buttons it kept by ply (a search of the list
// for the mark cost a step time in proportion to its ply); the list
// scrolls to the mark after the frame, so the step's layout work is not
// forced inside the handler.
func (pg *page) renderGame() {
	g := pg.game.game
	moves := pg.region("moves")
	if g == nil {
		moves.set("")
		pg.game.drawn, pg.game.plies = nil, js.Undefined()
		return
	}
	if pg.game.drawn != g {
		moves.set(view.MoveList(g, pg.game.ply))
		pg.game.drawn, pg.game.marked = g, pg.game.ply
		pg.game.plies = moves.el.Call("querySelectorAll", "[data-ply]") // in ply order: view.MoveList
	} else if pg.game.marked != pg.game.ply {
		if old := pg.moveButton(pg.game.marked); old.Truthy() {
			old.Call("removeAttribute", "aria-current")
		}
		if cur := pg.moveButton(pg.game.ply); cur.Truthy() {
			cur.Call("setAttribute", "aria-current", "step")
		}
		pg.game.marked = pg.game.ply
	} else {
		return
	}
	if pg.game.scroll.IsUndefined() {
		pg.game.scroll = js.FuncOf(func(js.Value, []js.Value) any { // lives as long as the page
			return guard(func() any {
				if cur := pg.moveButton(pg.game.marked); cur.Truthy() {
					cur.Call("scrollIntoView", map[string]any{"block": "nearest"})
				}
				return nil
			}, logPanic)
		})
	}
	js.Global().Call("requestAnimationFrame", pg.game.scroll)
}

// moveButton returns the drawn move list's button of ply, or undefined.
func (pg *page) moveButton(ply int) js.Value {
	if l := pg.game.plies; l.Truthy() && ply >= 0 && ply < l.Length() {
		return l.Index(ply)
	}
	return js.Undefined()
}

// gameAction runs the game's buttons and keys.
func (pg *page) gameAction(action string) bool {
	switch action {
	case "pgn-load":
		text := pg.doc.Call("getElementById", "pgn").Get("value")
		if n := strLen(text); n > pgn.MaxBytes { // refused before a byte is copied into Go
			pg.gameStatus(view.Alert(view.LimitMessage("The PGN", n, pgn.MaxBytes, "characters") + " bytes (" + view.Thousands(pgn.MaxGames) + " games): paste fewer games."))
			return true
		}
		pg.loadPGN(text.String())
	case "pgn-sample":
		pg.doc.Call("getElementById", "pgn").Set("value", view.SamplePGN)
		pg.loadPGN(view.SamplePGN)
	case "first":
		pg.goToPly(0)
	case "back":
		pg.goToPly(pg.game.ply - 1)
	case "forward":
		pg.goToPly(pg.game.ply + 1)
	case "last":
		if pg.game.game != nil {
			pg.goToPly(len(pg.game.game.Moves))
		}
	default:
		return false
	}
	return true
}
