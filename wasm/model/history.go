package model

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
// perft panel: Page.show and Page.LoadPGN record the snapshot they are
// about to leave. Stepping through a loaded game moves within one entry
// (undo leaves the game, it does not step back a move). Characters typed
// in a row into the FEN field make one entry.
type history struct {
	past, future []snapshot
	typing       bool // the last entry was recorded by typing: more typing joins it
}

// MaxHistory bounds the page's history; the oldest entries go first.
const MaxHistory = 500

// snapshot returns the snapshot of what the page shows.
func (p *Page) snapshot() snapshot {
	return snapshot{fen: p.FEN, game: p.game, ply: p.Ply}
}

// record remembers s, the snapshot of the page before a change; typed says
// the change is a character typed into the FEN field.
func (h *history) record(s snapshot, typed bool) {
	if typed && h.typing {
		return
	}
	h.typing = typed
	h.past = append(h.past, s)
	if len(h.past) > MaxHistory {
		h.past = h.past[len(h.past)-MaxHistory:]
	}
	h.future = nil
}

// Undo goes back one entry of the page's history, to the position (and
// the game at its ply) shown before the last change, and reports whether
// there was one.
func (p *Page) Undo() bool { return p.travel(&p.hist.past, &p.hist.future) }

// Redo goes forward one entry of the page's history (what Undo left), and
// reports whether there was one.
func (p *Page) Redo() bool { return p.travel(&p.hist.future, &p.hist.past) }

// travel shows the last snapshot of from, keeping what is on show at the
// end of to.
func (p *Page) travel(from, to *[]snapshot) bool {
	n := len(*from)
	if n == 0 {
		return false
	}
	*to = append(*to, p.snapshot())
	s := (*from)[n-1]
	*from = (*from)[:n-1]
	p.hist.typing = false
	p.setGame(s.game, s.ply)
	p.FEN = s.fen
	p.readFEN()
	return true
}
