package view

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/model"
)

// MoveList returns a game's header (players, event, result) and its moves
// as buttons numbered in pairs, data-ply giving the ply each move leads to
// (1 is after White's first move); the move leading to ply is
// aria-current. A button for ply 0 stands for the start position.
func MoveList(g *pgn.Game, ply int) string {
	var b strings.Builder
	white, black := g.Tag("White"), g.Tag("Black")
	if white != "" || black != "" {
		b.WriteString(`<p class="players"><strong>` + escape(white) + `</strong> – <strong>` + escape(black) + `</strong>`)
		if ev := g.Tag("Event"); ev != "" {
			b.WriteString(`, ` + escape(ev))
		}
		if d := g.Tag("Date"); d != "" {
			b.WriteString(` ` + escape(strings.SplitN(d, ".", 2)[0]))
		}
		b.WriteString(`</p>`)
	}
	current := func(n int) string {
		if n == ply {
			return ` aria-current="step"`
		}
		return ""
	}
	b.WriteString(`<ol class="moves" aria-label="Moves"><li class="start"><button type="button" data-ply="0"` + current(0) + `>start</button></li>`)
	fullmove := g.Start.FullmoveNumber
	black0 := g.Start.SideToMove == core.Black
	for i, m := range g.Moves {
		n := i + 1
		isBlack := (i%2 == 1) != black0
		if !isBlack || i == 0 {
			num := strconv.Itoa(fullmove + (i+btoi(black0))/2)
			if isBlack {
				num += "…"
			} else {
				num += "."
			}
			b.WriteString(`<li><span class="num">` + num + `</span>`)
		}
		b.WriteString(`<button type="button" data-ply="` + strconv.Itoa(n) + `"` + current(n) + `>` + escape(m.SAN) + `</button>`)
		if isBlack || n == len(g.Moves) {
			b.WriteString(`</li>`)
		}
	}
	b.WriteString(`</ol>`)
	if g.Result != "" && g.Result != "*" {
		b.WriteString(`<p class="result">` + escape(g.Result) + `</p>`)
	}
	return b.String()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PGNError returns the message of a PGN that did not import completely:
// where (line and column) and what, and how many moves before it are
// playable.
func PGNError(e *pgn.Error, playable int) string {
	return `<div class="error" role="alert" data-error-line="` + strconv.Itoa(e.Line) + `" data-error-column="` + strconv.Itoa(e.Col) +
		`"><p><strong>Line ` + strconv.Itoa(e.Line) + `, column ` + strconv.Itoa(e.Col) + `:</strong> ` + escape(e.Msg) +
		`</p><p class="kept">` + keptText(e, playable) + `</p></div>`
}

// keptText says what of a PGN text before its error is kept: the moves
// of the first game, or, for an error in a later game (such as the game
// limit), the games before it.
func keptText(e *pgn.Error, playable int) string {
	switch {
	case e.Game <= 1:
		return playableText(playable)
	case e.Game == 2:
		return "The game before it can be played."
	}
	return "The " + thousands.Itoa(e.Game-1) + " games before it were read; the first is shown."
}

// playableText says how many moves before a PGN error can be played.
func playableText(n int) string {
	switch n {
	case 0:
		return "No move before it can be played."
	case 1:
		return "The one move before it can be played."
	}
	return "The " + strconv.Itoa(n) + " moves before it can be played."
}

// GameNote returns what the game panel says below the PGN field (#pgn-status):
// a PGN's error with its line and column and what of it is playable
// (PGNError), another refusal as an alert, that the text held no game or
// that the first of several is loaded, or that a game was closed to show
// another position; "" for nothing.
func GameNote(n model.GameNote) string {
	var pe *pgn.Error
	out := ""
	switch {
	case errors.As(n.Err, &pe):
		out = PGNError(pe, n.Moves)
	case n.Err != nil:
		out = Alert(n.Err.Error())
	case n.NoGame:
		out = `<p class="hint">No game found: paste a PGN with moves.</p>`
	case n.Closed != nil:
		out = `<p class="hint" data-notice="game-closed">The game` + GameName(n.Closed) +
			` was closed to show the new position; Undo (u) brings it back at the move you left.</p>`
	}
	if n.Games > 1 {
		out += `<p class="hint">The first of ` + strconv.Itoa(n.Games) + ` games is loaded.</p>`
	}
	return out
}

// GameName names a game for a sentence, as markup: " White – Black"
// from its tags (with a leading space), or "" when it has no players.
func GameName(g *pgn.Game) string {
	w, b := g.Tag("White"), g.Tag("Black")
	if w == "" && b == "" {
		return ""
	}
	return " " + escape(w) + " – " + escape(b)
}
