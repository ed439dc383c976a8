//go:build js && wasm

package main

import (
	"errors"
	"strconv"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/view"
	"github.com/norunners/vert"
)

// A gameState is the game loaded from a PGN and the ply on show.
type gameState struct {
	game *pgn.Game // nil when no game is loaded
	ply  int
	prev *core.Position // the position before the last step of one ply, for the changed bits
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
		pg.byID("pgn-status").SetInnerHTML(status)
		return
	}
	if len(games) > 1 {
		status += `<p class="hint">The first of ` + strconv.Itoa(len(games)) + ` games is loaded.</p>`
	}
	pg.byID("pgn-status").SetInnerHTML(status)
	pg.game = gameState{game: &games[0]}
	pg.byID("game").SetAttribute("open", "")
	pg.goToPly(0)
}

// goToPly shows the game's position after ply moves (clamped), marking the
// bits that changed when the step is one move forward.
func (pg *page) goToPly(ply int) {
	g := pg.game.game
	if g == nil {
		return
	}
	ply = min(max(ply, 0), len(g.Moves))
	pg.game.prev = nil
	if ply == pg.game.ply+1 && ply > 0 {
		prev := g.PositionAt(ply - 1)
		pg.game.prev = &prev
	}
	pg.game.ply = ply
	p := g.PositionAt(ply)
	keep := pg.game // setFEN renders, and a typed FEN would forget the game's diff
	pg.state.FEN = p.FEN()
	pg.fen.SetValue(pg.state.FEN)
	pg.game = keep
	pg.render()
}

// renderGame draws the move list and marks the last move on the board.
func (pg *page) renderGame() {
	g := pg.game.game
	if g == nil {
		pg.byID("moves").SetInnerHTML("")
		return
	}
	pg.byID("moves").SetInnerHTML(view.MoveList(g, pg.game.ply))
	if cur := pg.query(`#moves [aria-current="step"]`); cur != nil {
		cur.Call("scrollIntoView", vert.ValueOf(struct {
			Block string `js:"block"`
		}{"nearest"}).Value)
	}
	if pg.game.ply == 0 {
		return
	}
	m := g.Moves[pg.game.ply-1].Move
	for _, mark := range []struct {
		sq    core.Square
		class string
	}{{m.From(), "last-from"}, {m.To(), "last-to"}} {
		if el := pg.query(`#board [data-square="` + mark.sq.String() + `"]`); el != nil {
			el.Class().Add(mark.class)
		}
	}
}

// gameAction runs the game's buttons and keys.
func (pg *page) gameAction(action string) bool {
	switch action {
	case "pgn-load":
		pg.loadPGN(pg.byID("pgn").Get("value").String())
	case "pgn-sample":
		pg.byID("pgn").Set("value", view.SamplePGN)
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
