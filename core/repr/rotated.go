package repr

import "github.com/bitview/bitview/core"

// A Rotation is one of the four occupancy bitboards of the rotated-bitboard
// scheme (Robert Hyatt, "Rotated bitmaps, a new twist on an old idea",
// ICCA Journal 22(4), 1999; found at the same time by Ernst A. Heinz and
// Peter Gillgasch for DarkThought, see Heinz's "Rotated Bitboards",
// people.csail.mit.edu/heinz/dt/node8.html, and the Chess Programming
// Wiki's "Rotated Bitboards"). Each renumbers the squares so that one kind
// of line — rank, file, or diagonal — occupies adjacent bits; a slider's
// attacks along that line are then one table lookup indexed by those bits.
//
// Bitview takes the square-to-bit tables of Crafty, Hyatt's engine
// (init_l90, init_l45 and init_r45 in init.c, read in
// MartinMSPedersen/Crafty-Chess, commit
// 0c0e0d43c55810ccc4e0bbb9ca2b7a85b361f4d9). Crafty counts those numbers
// from the most significant bit (its set_mask[n] is the top bit shifted
// right by n; the wiki: "bit 0 (A1) is mentioned as MSB"); Bitview counts
// them from the least significant bit, like every other layout here, so
// each run of bits stays where Crafty puts it and the a-file becomes the
// lowest byte. The names are Crafty's too, and match the picture: turning
// the board 45° anticlockwise (left, +45°) lays the a8–h1 diagonals flat,
// so RotatedL45 packs those, and turning it clockwise (right, −45°) lays
// the a1–h8 diagonals flat for RotatedR45; some texts attach the angles the
// other way round. The diagrams give the bit of each square, rank 8 at the
// top.
//
// Rotated0 (the occupancy itself, LERF): ranks are bytes.
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
//
// RotatedL90 (rotated 90° anticlockwise, Crafty's occupied_rl90): files
// are bytes, bit = 8·file + 7 − rank; the a-file is the lowest byte, read
// from a8 (bit 0) down to a1 (bit 7).
//
//	8 |  0  8 16 24 32 40 48 56
//	7 |  1  9 17 25 33 41 49 57
//	6 |  2 10 18 26 34 42 50 58
//	5 |  3 11 19 27 35 43 51 59
//	4 |  4 12 20 28 36 44 52 60
//	3 |  5 13 21 29 37 45 53 61
//	2 |  6 14 22 30 38 46 54 62
//	1 |  7 15 23 31 39 47 55 63
//	    a  b  c  d  e  f  g  h
//
// RotatedL45 (rotated 45° anticlockwise, Crafty's occupied_rl45): the 15
// diagonals running a8–h1 (rank + file constant) are runs of 1, 2 … 8 … 2,
// 1 bits, starting at a1 (bit 0), each read from its lower-file end: a2 b1 are
// bits 1–2, a8 … h1 bits 28–35, h8 bit 63.
//
//	8 | 28 36 43 49 54 58 61 63
//	7 | 21 29 37 44 50 55 59 62
//	6 | 15 22 30 38 45 51 56 60
//	5 | 10 16 23 31 39 46 52 57
//	4 |  6 11 17 24 32 40 47 53
//	3 |  3  7 12 18 25 33 41 48
//	2 |  1  4  8 13 19 26 34 42
//	1 |  0  2  5  9 14 20 27 35
//	    a  b  c  d  e  f  g  h
//
// RotatedR45 (rotated 45° clockwise, Crafty's occupied_rr45): the 15
// diagonals running a1–h8 (file − rank constant) are runs of 1, 2 … 8 … 2,
// 1 bits, starting at h1 (bit 0), each read from its lower-file end: g1 h2 are
// bits 1–2, a1 … h8 bits 28–35, a8 bit 63. This is the "wind from the
// west" packing Bruce Moreland describes as "Bob stuff" (CCC, 22 April
// 1998, stmintz.com/ccc/index.php?id=17378).
//
//	8 | 63 62 60 57 53 48 42 35
//	7 | 61 59 56 52 47 41 34 27
//	6 | 58 55 51 46 40 33 26 20
//	5 | 54 50 45 39 32 25 19 14
//	4 | 49 44 38 31 24 18 13  9
//	3 | 43 37 30 23 17 12  8  5
//	2 | 36 29 22 16 11  7  4  2
//	1 | 28 21 15 10  6  3  1  0
//	    a  b  c  d  e  f  g  h
type Rotation uint8

// The four rotations, in the order RotatedBitboards holds them;
// RotationCount is their number.
const (
	Rotated0 Rotation = iota
	RotatedL90
	RotatedL45
	RotatedR45
	RotationCount = 4
)

// String returns the rotation's name as Crafty suffixes its occupancy
// bitboards: "r0", "rl90", "rl45" or "rr45".
func (r Rotation) String() string { return [RotationCount]string{"r0", "rl90", "rl45", "rr45"}[r&3] }

// rotatedBit[r][sq] is the bit of square sq in rotation r;
// rotatedSquare[r][bit] is its inverse.
var rotatedBit, rotatedSquare = func() (bit [RotationCount][core.SquareCount]uint8, square [RotationCount][core.SquareCount]core.Square) {
	for r := Rotated0; r < RotationCount; r++ {
		for sq := core.A1; sq < core.NoSquare; sq++ {
			l := r.Line(sq)
			bit[r][sq] = uint8(l.Start + l.Offset)
			square[r][l.Start+l.Offset] = sq
		}
	}
	return bit, square
}()

// A RotatedLine is the run of adjacent bits a rotated bitboard gives one
// rank, file or diagonal: the bits a sliding-attack lookup reads.
type RotatedLine struct {
	Rotation Rotation // the board holding the run
	Start    int      // first bit of the run, counted from the least significant bit
	Len      int      // length of the run in bits, 1 … 8
	Offset   int      // place of the square in the run: its bit is Start + Offset
}

// diagonalStart returns the first bit of diagonal n (0 … 14) of a 45°
// rotation, whose diagonals are 1, 2 … 8 … 2, 1 bits long, and its length.
func diagonalStart(n int) (start, length int) {
	if n < 8 {
		return n * (n + 1) / 2, n + 1
	}
	return core.SquareCount - (15-n)*(16-n)/2, 15 - n
}

// Line returns the run of rotation r's bits holding the line through sq
// that r makes contiguous: its rank (Rotated0), file (RotatedL90), a8–h1
// diagonal (RotatedL45) or a1–h8 diagonal (RotatedR45).
func (r Rotation) Line(sq core.Square) RotatedLine {
	f, rk := int(sq.File()), int(sq.Rank())
	switch r {
	case Rotated0:
		return RotatedLine{r, 8 * rk, 8, f}
	case RotatedL90:
		return RotatedLine{r, 8 * f, 8, 7 - rk}
	case RotatedL45:
		start, n := diagonalStart(rk + f)
		return RotatedLine{r, start, n, f - max(0, rk+f-7)}
	default:
		start, n := diagonalStart(7 - f + rk)
		return RotatedLine{r, start, n, min(f, rk)}
	}
}

// Mask returns the run's bits in the rotated bitboard.
func (l RotatedLine) Mask() core.Bitboard { return core.Bitboard(1<<l.Len-1) << l.Start }

// Occupancy returns the run's bits of the rotated bitboard b, shifted down
// to bit 0: the index a sliding-attack table is looked up with (Len bits;
// bit Offset is the slider's own square).
func (l RotatedLine) Occupancy(b core.Bitboard) uint8 { return uint8(b >> l.Start & (1<<l.Len - 1)) }

// Squares returns the squares of the run as a normal (LERF) bitboard.
func (l RotatedLine) Squares() core.Bitboard { return l.Rotation.Unrotate(l.Mask()) }

// Bit returns the bit that holds sq in rotation r.
func (r Rotation) Bit(sq core.Square) int { return int(rotatedBit[r][sq]) }

// SquareAt returns the square held by bit n (0 … 63) of rotation r.
func (r Rotation) SquareAt(n int) core.Square { return rotatedSquare[r][n&63] }

// Rotate returns the LERF bitboard b renumbered as rotation r: bit
// r.Bit(sq) is set for each square sq of b.
func (r Rotation) Rotate(b core.Bitboard) core.Bitboard {
	if r == Rotated0 {
		return b
	}
	var out core.Bitboard
	for b != 0 {
		out |= 1 << rotatedBit[r][b.PopLSB()]
	}
	return out
}

// Unrotate is the inverse of Rotate: it returns the LERF bitboard whose
// rotation r is b.
func (r Rotation) Unrotate(b core.Bitboard) core.Bitboard {
	if r == Rotated0 {
		return b
	}
	var out core.Bitboard
	for b != 0 {
		out |= 1 << rotatedSquare[r][b.PopLSB()]
	}
	return out
}

// RotatedBitboards holds an occupancy in the four orientations of the
// rotated-bitboard scheme, indexed by Rotation.
type RotatedBitboards [RotationCount]core.Bitboard

// RotatedBitboards returns p's occupancy in the four orientations.
func RotatedBitboardsOf(p *core.Position) RotatedBitboards {
	var rb RotatedBitboards
	for r := Rotated0; r < RotationCount; r++ {
		rb[r] = r.Rotate(p.Occupied())
	}
	return rb
}

// Lines returns, for square sq, the four runs a rotated-bitboard engine
// reads to find the attacks of a slider on sq — rank and file for a rook,
// the two diagonals for a bishop — indexed by Rotation, each with its
// occupancy bits from rb.
func (rb RotatedBitboards) Lines(sq core.Square) [RotationCount]LineOccupancy {
	var ls [RotationCount]LineOccupancy
	for r := Rotated0; r < RotationCount; r++ {
		l := r.Line(sq)
		ls[r] = LineOccupancy{l, l.Occupancy(rb[r])}
	}
	return ls
}

// A LineOccupancy is a run of a rotated bitboard and the bits it holds.
type LineOccupancy struct {
	RotatedLine
	Bits uint8 // the run's bits, shifted down to bit 0
}
