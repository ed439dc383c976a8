package model

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

// UCIMoves returns the moves of g in UCI, as a link holds them: castling
// written king-takes-rook when g starts from a position that needs
// Chess960's castling ([core.Position.Chess960]), where a king that
// castles without moving has no other name.
func UCIMoves(g *pgn.Game) []string {
	chess960 := g.Start.Chess960()
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = string(m.Move.AppendUCI(nil, chess960))
	}
	return out
}
