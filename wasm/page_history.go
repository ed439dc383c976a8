//go:build js && wasm

package main

import (
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/view"
)

// A snapshot is one entry of the page's history: the position on show,
// and the game and its ply when a game is loaded.
type snapshot struct {
	fen  string
	game *pgn.Game
	ply  int
}

// A history is the page's one undo/redo history of positions, shared by
// the board editor, the FEN field, the example buttons and the games:
// each of them records the snapshot it is about to leave. Stepping
// through a loaded game moves within one entry (undo leaves the game,
// it does not step back a move). Characters typed in a row into the FEN
// field make one entry.
type history struct {
	past, future []snapshot
	typing       bool // the last entry was recorded by typing: more typing joins it
}

// maxHistory bounds the history; the oldest entries go first.
const maxHistory = 500

// now returns the snapshot of what the page shows.
func (pg *page) now() snapshot {
	return snapshot{fen: pg.state.FEN, game: pg.game.game, ply: pg.game.ply}
}

// record remembers the current snapshot before a change; typed says the
// change is a character typed into the FEN field.
func (pg *page) record(typed bool) {
	h := &pg.history
	if typed && h.typing {
		return
	}
	h.typing = typed
	h.past = append(h.past, pg.now())
	if len(h.past) > maxHistory {
		h.past = h.past[len(h.past)-maxHistory:]
	}
	h.future = nil
}

// undo goes back one entry (redo forward, when redo is set); it reports
// whether there was one.
func (pg *page) undo(redo bool) bool {
	h := &pg.history
	from, to := &h.past, &h.future
	if redo {
		from, to = to, from
	}
	n := len(*from)
	if n == 0 {
		return false
	}
	*to = append(*to, pg.now())
	s := (*from)[n-1]
	*from = (*from)[:n-1]
	h.typing = false
	pg.restore(s)
	return true
}

// restore shows a snapshot: its game (or none) at its ply, and its FEN.
func (pg *page) restore(s snapshot) {
	if s.game != pg.game.game {
		pg.gameStatus("")
	}
	pg.game.game, pg.game.ply, pg.game.prev = s.game, s.ply, nil
	pg.state.FEN = s.fen
	pg.fen.SetValue(s.fen)
	pg.render()
}

// show puts fen on show as a new entry of the history (typed: a character
// typed into the FEN field, whose value is already fen). A loaded game is
// closed, and says so.
func (pg *page) show(fen string, typed bool) {
	pg.record(typed)
	pg.leaveGame()
	if fen != pg.state.FEN {
		pg.clearDrawing()
	}
	pg.state.FEN = fen
	if !typed {
		pg.fen.SetValue(fen)
	}
	pg.render()
}

// leaveGame closes a loaded game because another position is shown, and
// says so where the game was: undo brings it back.
func (pg *page) leaveGame() {
	g := pg.game.game
	if g == nil {
		return
	}
	pg.game.game, pg.game.prev = nil, nil
	name := view.GameName(g)
	pg.gameStatus(`<p class="hint" data-notice="game-closed">The game` + name + ` was closed to show the new position; Undo (u) brings it back at the move you left.</p>`)
}
