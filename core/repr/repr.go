package repr

import (
	"strconv"

	"github.com/bitview/bitview/core"
)

// A Representation is one way the field stores a chess position, with the
// memory it takes, for the page's "representations explorer" table.
type Representation struct {
	ID    string // stable id: "array64", "0x88", "10x12", "16x16", "piece-lists", …
	Name  string // display name
	Bytes int    // memory in bytes; 0 when it depends on the position (see Size)
	About string // one line explaining the representation and its size, for the page

	size func(p *core.Position) int // memory in bytes for p when Bytes is 0
}

// Size returns the memory, in bytes, the representation takes for p: Bytes
// for the fixed-size representations, and for the minimal encoding the
// bits of [EncodeMinimal] rounded up to whole bytes.
func (r Representation) Size(p *core.Position) int {
	if r.Bytes != 0 || r.size == nil {
		return r.Bytes
	}
	return r.size(p)
}

// Representations lists every board representation Bitview computes, in
// the order the page shows them, with its size in bytes as articles
// compare them (the data only, not Go's slice headers). It is the one place
// these sizes are stated.
var Representations = []Representation{
	{ID: "array64", Name: "8×8 array", Bytes: 64,
		About: "One piece code per square in LERF order (a1 = 0 … h8 = 63): 64 bytes as uint8 codes, or the 256 bits articles compare against when each code is packed into 4 bits (codes 0–12 fit a nibble)."},
	{ID: "0x88", Name: "0x88 array", Bytes: 128,
		About: "128 cells, index = 16·rank + file; the right half of every row is off the board, so index & 0x88 ≠ 0 rejects a step off the board without reading memory."},
	{ID: "10x12", Name: "10×12 mailbox", Bytes: 120,
		About: "120 cells, index = 21 + 10·rank + file, inside a border of OFFBOARD sentinels (two rows above and below, one column each side) that stops knight jumps and slides."},
	{ID: "16x16", Name: "16×16 board", Bytes: 256,
		About: "256 cells, index = 16·(rank + 4) + file + 4 as in Fruit, with four rows and columns of OFFBOARD sentinels on every side; steps keep the 0x88 offsets and the difference of two indices names their direction."},
	{ID: "piece-lists", Name: "Piece lists", Bytes: 140,
		About: "For each of the 12 pieces, the list of its squares, and for each square the place of its piece in that list: at most 64 squares (64 B) + 12 list lengths (12 B) + the 64-entry reverse map (64 B)."},
	{ID: "bitboards-12", Name: "12 bitboards", Bytes: 96,
		About: "One 64-bit set per piece (WhitePawns … BlackKings): 12 × 8 bytes."},
	{ID: "bitboards-8", Name: "8 bitboards", Bytes: 64,
		About: "Two colour sets and six piece-type sets; a piece is the intersection of its colour and its type: 8 × 8 bytes."},
	{ID: "rotated", Name: "Rotated bitboards", Bytes: 32,
		About: "The occupancy and three rotated copies (files, a8–h1 diagonals and a1–h8 diagonals in adjacent bits) kept beside the piece bitboards so one table lookup gives a slider's attacks: 4 × 8 bytes."},
	{ID: "minimal", Name: "Minimal (Huffman) encoding",
		About: "A variable-length code per square (empty 0, pawn 10c, bishop 1100c, knight 1101c, rook 1110c, queen 11110c, king 11111c) plus the state bits: 164 + 8 bits, 22 bytes, for the start position.",
		size:  func(p *core.Position) int { return (EncodeMinimal(p).Len() + 7) / 8 }},
}

// RepresentationByID returns the representation with the given id, or
// false.
func RepresentationByID(id string) (Representation, bool) {
	for _, r := range Representations {
		if r.ID == id {
			return r, true
		}
	}
	return Representation{}, false
}

// A Error reports why a value handed to one of the PositionFrom…
// functions cannot be a board: a cell holding a code its place cannot
// hold, a square listed twice, two bitboards sharing a square.
type Error struct {
	Repr  string // the representation's id in Representations, e.g. "0x88"
	Index int    // the array index, square or list entry at fault
	Msg   string // what is wrong, lower case, e.g. "holds 13, which is not a piece code"
}

// Error returns e.g. `0x88 index 8: off-board cell holds 3, want OFFBOARD (255)`.
func (e *Error) Error() string {
	return e.Repr + " index " + strconv.Itoa(e.Index) + ": " + e.Msg
}

// reprError returns a *Error; it is the only constructor.
func reprError(repr string, index int, msg string) error {
	return &Error{Repr: repr, Index: index, Msg: msg}
}
