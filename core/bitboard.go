package core

import (
	"iter"
	"math/bits"
	"strings"
)

// A Bitboard is a set of squares as a 64-bit integer: bit n is set when
// Square n (LERF: a1=0 … h8=63) is in the set. Shifting left by 8 moves
// every square one rank up (north), by 1 one file right (east).
type Bitboard uint64

// Named file and rank masks (Stockfish's FileABB … Rank8BB).
const (
	FileABB Bitboard = 0x0101010101010101
	FileBBB Bitboard = FileABB << 1
	FileCBB Bitboard = FileABB << 2
	FileDBB Bitboard = FileABB << 3
	FileEBB Bitboard = FileABB << 4
	FileFBB Bitboard = FileABB << 5
	FileGBB Bitboard = FileABB << 6
	FileHBB Bitboard = FileABB << 7

	Rank1BB Bitboard = 0xFF
	Rank2BB Bitboard = Rank1BB << (8 * 1)
	Rank3BB Bitboard = Rank1BB << (8 * 2)
	Rank4BB Bitboard = Rank1BB << (8 * 3)
	Rank5BB Bitboard = Rank1BB << (8 * 4)
	Rank6BB Bitboard = Rank1BB << (8 * 5)
	Rank7BB Bitboard = Rank1BB << (8 * 6)
	Rank8BB Bitboard = Rank1BB << (8 * 7)

	// AllSquares is the full board; Empty is the empty set.
	AllSquares Bitboard = ^Bitboard(0)
	Empty      Bitboard = 0
)

// Bitboard returns the mask of every square on file f.
func (f File) Bitboard() Bitboard { return FileABB << f }

// Bitboard returns the mask of every square on rank r.
func (r Rank) Bitboard() Bitboard { return Rank1BB << (8 * r) }

// Has reports whether sq is in the set; NoSquare never is.
func (b Bitboard) Has(sq Square) bool { return sq < NoSquare && b&(1<<sq) != 0 }

// Hex returns b as "0x" and 16 lowercase hexadecimal digits, the most
// significant (h8, bit 63) first: the value an engine storing LERF prints,
// "0x000000000000ff00" for the white pawns of the start position. It is
// Layouts[0].Hex (LERF) of b: one formatter for every hex readout.
func (b Bitboard) Hex() string { return Layouts[0].Hex(Value{Lo: uint64(b)}) }

// Set adds sq to the set; NoSquare is ignored.
func (b *Bitboard) Set(sq Square) { *b |= sq.Bitboard() }

// Clear removes sq from the set; NoSquare is ignored.
func (b *Bitboard) Clear(sq Square) { *b &^= sq.Bitboard() }

// Count returns the number of squares in the set (population count).
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square in LERF order (the least significant set
// bit), or NoSquare for the empty set.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// MSB returns the highest square in LERF order (the most significant set
// bit), or NoSquare for the empty set.
func (b Bitboard) MSB() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(63 - bits.LeadingZeros64(uint64(b)))
}

// PopLSB removes the lowest square from the set and returns it, or returns
// NoSquare when the set is empty.
func (b *Bitboard) PopLSB() Square {
	sq := b.LSB()
	*b &= *b - 1
	return sq
}

// SquareNames returns the names of the set's squares in ascending LERF
// order, as in ["e2", "e4"]; an empty set gives an empty slice.
func (b Bitboard) SquareNames() []string {
	out := make([]string, 0, b.Count())
	for sq := range b.Squares() {
		out = append(out, sq.String())
	}
	return out
}

// SquareList returns the names of the set's squares in ascending LERF
// order, separated by ", " ("e2, e4"), for messages.
func (b Bitboard) SquareList() string { return strings.Join(b.SquareNames(), ", ") }

// Squares iterates over the set's squares in ascending LERF order.
func (b Bitboard) Squares() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for b != 0 {
			if !yield(b.PopLSB()) {
				return
			}
		}
	}
}

// North moves every square one rank up (<< 8); squares on rank 8 fall off.
func (b Bitboard) North() Bitboard { return b << 8 }

// South moves every square one rank down (>> 8); squares on rank 1 fall off.
func (b Bitboard) South() Bitboard { return b >> 8 }

// East moves every square one file right (<< 1); squares on the h-file fall
// off instead of wrapping to the a-file of the next rank.
func (b Bitboard) East() Bitboard { return (b &^ FileHBB) << 1 }

// West moves every square one file left (>> 1); squares on the a-file fall
// off instead of wrapping to the h-file of the rank below.
func (b Bitboard) West() Bitboard { return (b &^ FileABB) >> 1 }

// NorthEast moves every square one step up-right (<< 9), masking the h-file.
func (b Bitboard) NorthEast() Bitboard { return (b &^ FileHBB) << 9 }

// NorthWest moves every square one step up-left (<< 7), masking the a-file.
func (b Bitboard) NorthWest() Bitboard { return (b &^ FileABB) << 7 }

// SouthEast moves every square one step down-right (>> 7), masking the h-file.
func (b Bitboard) SouthEast() Bitboard { return (b &^ FileHBB) >> 7 }

// SouthWest moves every square one step down-left (>> 9), masking the a-file.
func (b Bitboard) SouthWest() Bitboard { return (b &^ FileABB) >> 9 }
