// Package core is Bitview's position model: squares, pieces, bitboards,
// attacks, the Position with its FEN reader and writer, warnings, layouts,
// moves, legal move generation, play and perft. It is pure Go and holds
// every board in LERF order (little-endian rank-file: bit n of a Bitboard
// is square n):
//
//	8 | 56 57 58 59 60 61 62 63
//	7 | 48 49 50 51 52 53 54 55
//	6 | 40 41 42 43 44 45 46 47
//	5 | 32 33 34 35 36 37 38 39
//	4 | 24 25 26 27 28 29 30 31
//	3 | 16 17 18 19 20 21 22 23
//	2 |  8  9 10 11 12 13 14 15
//	1 |  0  1  2  3  4  5  6  7
//	  +------------------------
//	     a  b  c  d  e  f  g  h
//
// Data flows one way: text (a FEN, a PGN, an expression) → [Position] →
// a view (wasm/model draws a bitboard in a [Layout] as a grid and its
// readouts, the page's cards). [ParseFEN] reads a position; the board
// then changes only through [Position.Put], [Position.Remove] and
// [Position.Play], which keep the twelve piece
// bitboards, the occupancy and the mailbox in step ([Position.Validate]
// proves it). Other layouts (0x88, 10x12, MSB-first …) are views computed
// at the edge from the LERF bitboards.
//
// Chess960 is chess with another back rank: [ParseFEN] reads its
// castling rights in KQkq, X-FEN and Shredder-FEN, [CastlingRights] names
// each right's rook, [Position.LegalMoves], [Position.Play], [Perft] and
// [Divide] castle by its rules, [Position.FENIn] writes the notation asked
// for, and [Move.UCIChess960] writes castling king-takes-rook, as engines
// do with UCI_Chess960 set. [Position.Chess960] tells a position that
// needs them.
//
// The leaves live in sub-packages that use only this package's exported
// API: core/expr (the classroom's bitboard expressions), core/pgn (SAN and
// PGN import) and core/repr (arrays, piece lists, rotated bitboards and the
// minimal encoding). UCI move text stays here, beside [Move].
package core
