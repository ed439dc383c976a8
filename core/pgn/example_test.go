package pgn_test

import (
	"fmt"

	"github.com/bitview/bitview/core/pgn"
)

func ExampleParse() {
	games, err := pgn.Parse("[White \"Anderssen\"]\n\n1. e4 e5 2. Nf3 Nc6 *")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := games[0]
	last := g.PositionAt(len(g.Moves))
	fmt.Println(g.Tag("White"), len(g.Moves), last.FEN())
	// Output:
	// Anderssen 4 r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
}
