//go:build js && wasm

package main

import "github.com/bitview/bitview/core/pgn"

// A snapshot is one entry of the page's history: the position on show,
// and the game and its ply when a game is loaded.
type snapshot struct {
	fen  string
	game *pgn.Game
	ply  int
}

// A history is the page's one undo/redo history of positions, shared by
// the board editor, the FEN field, the example buttons, the games and the
// perft panel: store.show and store.loadGame record the snapshot they are
// about to leave. Stepping through a loaded game moves within one entry
// (undo leaves the game, it does not step back a move). Characters typed
// in a row into the FEN field make one entry.
type history struct {
	past, future []snapshot
	typing       bool // the last entry was recorded by typing: more typing joins it
}

// maxHistory bounds the history; the oldest entries go first.
const maxHistory = 500

// snapshot returns the snapshot of what the page shows.
func (st *store) snapshot() snapshot {
	return snapshot{fen: st.FEN, game: st.game, ply: st.Ply}
}

// record remembers s, the snapshot of the page before a change; typed says
// the change is a character typed into the FEN field.
func (h *history) record(s snapshot, typed bool) {
	if typed && h.typing {
		return
	}
	h.typing = typed
	h.past = append(h.past, s)
	if len(h.past) > maxHistory {
		h.past = h.past[len(h.past)-maxHistory:]
	}
	h.future = nil
}

// endTyping makes the next character typed a new entry (the FEN field was
// left).
func (h *history) endTyping() { h.typing = false }

// undo goes back one entry of the page's history (forward with redo), and
// reports whether there was one.
func (st *store) undo(redo bool) bool {
	h := &st.hist
	from, to := &h.past, &h.future
	if redo {
		from, to = to, from
	}
	n := len(*from)
	if n == 0 {
		return false
	}
	*to = append(*to, st.snapshot())
	s := (*from)[n-1]
	*from = (*from)[:n-1]
	h.typing = false
	st.closed = nil
	st.setGame(s.game, s.ply)
	st.FEN = s.fen
	st.read()
	st.redraw()
	return true
}
