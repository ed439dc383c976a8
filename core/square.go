package core

// A Square is one of the 64 squares of the board, numbered in LERF order
// (little-endian rank-file, as in Stockfish): a1=0, b1=1 … h1=7, a2=8 …
// h8=63. Bit n of a [Bitboard] is Square n.
//
//	8 | 56 57 58 59 60 61 62 63
//	7 | 48 49 50 51 52 53 54 55
//	6 | 40 41 42 43 44 45 46 47
//	5 | 32 33 34 35 36 37 38 39
//	4 | 24 25 26 27 28 29 30 31
//	3 | 16 17 18 19 20 21 22 23
//	2 |  8  9 10 11 12 13 14 15
//	1 |  0  1  2  3  4  5  6  7
//	    a  b  c  d  e  f  g  h
type Square uint8

// The squares, in LERF order. NoSquare marks "no square", e.g. no en passant
// target square; SquareCount is the number of squares.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
)

// NoSquare is the "none" value of Square.
const NoSquare Square = 64

// SquareCount is the number of squares (an untyped constant, so that it
// sizes arrays and counts as an int).
const SquareCount = 64

// A File is a column of the board: FileA=0 … FileH=7.
type File uint8

// The files, a to h.
const (
	FileA File = iota
	FileB
	FileC
	FileD
	FileE
	FileF
	FileG
	FileH
)

// A Rank is a row of the board: Rank1=0 … Rank8=7.
type Rank uint8

// The ranks, 1 to 8.
const (
	Rank1 Rank = iota
	Rank2
	Rank3
	Rank4
	Rank5
	Rank6
	Rank7
	Rank8
)

// NewSquare returns the square on file f and rank r; both must be in 0..7.
func NewSquare(f File, r Rank) Square { return Square(r)<<3 | Square(f) }

// File returns the square's file; sq must not be NoSquare.
func (sq Square) File() File { return File(sq & 7) }

// Rank returns the square's rank; sq must not be NoSquare.
func (sq Square) Rank() Rank { return Rank(sq >> 3) }

// Bitboard returns the bitboard whose only set bit is sq (0 for NoSquare).
func (sq Square) Bitboard() Bitboard {
	if sq >= NoSquare {
		return 0
	}
	return 1 << sq
}

// String returns the square's algebraic name, "a1" … "h8", or "-" for
// NoSquare (as FEN writes "no en passant target square").
func (sq Square) String() string {
	if sq >= NoSquare {
		return "-"
	}
	return squareNames[sq*2 : sq*2+2]
}

// squareNames holds every square's name, two bytes each, in LERF order.
const squareNames = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4" +
	"a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8"

// ParseSquare returns the square named s ("a1" … "h8", lower case). It
// reports false for anything else, including "-".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return NewSquare(File(s[0]-'a'), Rank(s[1]-'1')), true
}

// String returns the file's letter, "a" … "h".
func (f File) String() string { return string(rune('a' + f)) }

// String returns the rank's digit, "1" … "8".
func (r Rank) String() string { return string(rune('1' + r)) }
