package model

import "github.com/bitview/bitview/core"

// An Example is a position the page offers with one click.
type Example struct {
	Label, FEN string
}

// Examples are the example buttons: the start position, Kiwipete (the
// Chess Programming Wiki's perft position 2), the position of one of our
// reference articles (its en passant square b3 earns a warning), and a
// rook endgame (CPW perft position 3).
var Examples = []Example{
	{"Start", core.StartFEN},
	{"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"Article", "r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13"},
	{"Endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
}
