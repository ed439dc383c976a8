package core_test

import (
	"errors"
	"fmt"

	"github.com/bitview/bitview/core"
)

func ExampleParseFEN() {
	p, err := core.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.PieceAt(core.E4), p.EnPassant, len(p.LegalMoves(nil)))
	fmt.Printf("%#016x\n", uint64(p.Pieces(core.WhitePawn)))

	_, err = core.ParseFEN("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	var fe *core.FENError
	fmt.Println(errors.As(err, &fe), errors.Is(err, core.ErrFENSyntax), fe.Field, fe.Offset)
	// Output:
	// WhitePawn e3 20
	// 0x000000001000ef00
	// true true 1 17
}

// A perft divide: each legal move with the leaves below it, in UCI order,
// as an engine's "go perft" prints them; a depth out of range is an error.
func ExampleDivide() {
	p, _ := core.ParseFEN(core.StartFEN)
	d, err := core.Divide(p, 2, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(d.Entries), d.Nodes, d.Complete)
	fmt.Println(d.Entries[0].Move.UCI(), d.Entries[0].Nodes)
	_, err = core.Divide(p, core.MaxDivideDepth+1, nil)
	fmt.Println(err)
	// Output:
	// 20 400 true
	// a2a3 20
	// perft divide depth 7 is out of range: 1 to 6
}

// PerftWithStats gives the columns of the Chess Programming Wiki's
// "Perft Results" tables; DivideStats gives them move by move: the eight
// checkmates four plies from the start are Black's, after f3, f4 or g4
// (the fool's mates).
func ExamplePerftWithStats() {
	p, _ := core.ParseFEN(core.StartFEN)
	s := core.PerftWithStats(p, 4)
	fmt.Println(s.Nodes, s.Captures, s.Checks, s.Checkmates)
	d, _ := core.DivideStats(p, 4, nil)
	for _, e := range d.Entries {
		if e.Stats.Checkmates > 0 {
			fmt.Println(e.Move, e.Nodes, e.Stats.Checkmates)
		}
	}
	// Output:
	// 197281 1576 469 8
	// f2f3 8457 2
	// f2f4 8929 2
	// g2g4 9328 4
}

// A Chess960 position: read in any castling notation, written in X-FEN
// (KQkq for every start position) or Shredder-FEN, its castling written
// king-takes-rook as UCI does in Chess960 mode.
func ExamplePosition_FENIn() {
	p, err := core.ParseFEN("1r1k3r/8/8/8/8/8/8/1R1K3R w HBhb - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.FEN())
	fmt.Println(p.FENIn(core.ShredderFEN))
	fmt.Println(p.Chess960(), core.Perft(p, 3))
	for _, m := range p.LegalMoves(nil) {
		if m.IsCastling() {
			fmt.Println(m.UCIChess960(), m.UCI(), m.CastlingRook())
		}
	}
	// Output:
	// 1r1k3r/8/8/8/8/8/8/1R1K3R w KQkq - 0 1
	// 1r1k3r/8/8/8/8/8/8/1R1K3R w HBhb - 0 1
	// true 12955
	// d1h1 d1g1 h1
	// d1b1 d1c1 b1
}
