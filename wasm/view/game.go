package view

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/pgn"
)

// SamplePGN is the game the page offers with one click: Botvinnik–
// Spielmann, Moscow 1935, as one of our reference articles gives it.
const SamplePGN = `[Event "Moscow"]
[Site "Moscow URS"]
[Date "1935.??.??"]
[White "Botvinnik, Mikhail"]
[Black "Spielmann, Rudolf"]
[Result "1-0"]

1.c4 c6 2.e4 d5 3.exd5 cxd5 4.d4 Nf6 5.Nc3 Nc6 6.Bg5 Qb6 7.cxd5 Qxb2 8.Rc1 Nb4
9.Na4 Qxa2 10.Bc4 Bg4 11.Nf3 Bxf3 12.gxf3 1-0
`

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
	return "The " + Thousands(e.Game-1) + " games before it were read; the first is shown."
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

// GameFromMoves rebuilds a game from a link: its start position (a FEN, ""
// for the standard one) and its moves in UCI. It returns the game up to
// the first move that is not legal, and an error naming that move.
func GameFromMoves(start string, moves []string) (*pgn.Game, error) {
	fen := start
	if fen == "" {
		fen = core.StartFEN
	}
	p, err := core.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	var text strings.Builder
	if start != "" {
		text.WriteString(`[SetUp "1"]` + "\n" + `[FEN "` + fen + `"]` + "\n\n")
	}
	var bad error
	for i, u := range moves {
		m, err := p.ParseUCI(u)
		if err != nil {
			bad = errors.New("move " + strconv.Itoa(i+1) + " of the link, " + excerpt.Quote(u) + ", is not legal there: " + err.Error())
			break
		}
		text.WriteString(pgn.SAN(&p, m) + " ")
		p.Play(m)
	}
	text.WriteString("*")
	games, err := pgn.Parse(text.String())
	if err != nil || len(games) != 1 {
		if err == nil {
			err = errors.New("the link's game could not be rebuilt")
		}
		return nil, err
	}
	return &games[0], bad
}

// UCIMoves returns the moves of g in UCI, as a link holds them.
func UCIMoves(g *pgn.Game) []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.Move.UCI()
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
