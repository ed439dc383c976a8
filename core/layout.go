package core

import (
	"strconv"
	"strings"
)

// A Layout is a square-numbering convention: it gives each square a slot
// (its bit number, counted from the least significant bit) in a string of
// Slots bits, and says where each slot is drawn in a grid of Rows × Cols
// cells with rank 8 at the top. Slots that are not squares are off-board
// (0x88's right half, 10x12's sentinel border); they are never set.
//
// Core stores LERF; every other layout is a view computed from it. All
// layouts live in one table, [Layouts]. Adding one is one entry there,
// then `go generate ./wasm/model`, which writes the copies that cross to
// JavaScript and the docs (the layout ids of web/bitview-options.js and
// its .d.ts, web/custom-elements.json, README.md's table); everything
// else (the page's switches and shortcuts, the cards, the frame heights
// of embed.html, the tests' sweeps) is computed from the table.
type Layout struct {
	ID    string // stable id: "lerf", "0x88", "msb-a8", "berf", "10x12", "lefr", "befr"
	Name  string // display name
	Short string // a short label for narrow places (table headers): "LERF", "MSB-a8"
	About string // one line explaining the numbering, for the page
	Slots int    // number of slots (bits): 64, 120 or 128
	Rows  int    // grid rows as drawn, rank 8 at the top
	Cols  int    // grid columns as drawn
	// MSBFirst marks layouts that articles number from the most
	// significant bit (msb-a8: "bit 0 = MSB = a8"); see Layout.MSBIndex.
	MSBFirst bool

	slotOf func(f File, r Rank) int      // slot of the square on file f, rank r
	cellOf func(slot int) (row, col int) // where slot is drawn

	index  [SquareCount]int // slot of each LERF square
	square []Square         // square of each slot, NoSquare when off-board
	order  []int            // slots in display order, row by row
}

// Layouts is the table of every square-numbering layout, LERF first.
//
// lerf (a1=0 … h8=63, Stockfish):
//
//	8 | 56 57 58 59 60 61 62 63
//	…
//	1 |  0  1  2  3  4  5  6  7
//	    a  b  c  d  e  f  g  h
//
// 0x88 (slot = 16·rank + file; slots 8–15 of each row are off-board, so a
// square s is on the board exactly when s & 0x88 == 0):
//
//	8 | 112 113 … 119 | 120 … 127
//	…
//	1 |   0   1 …   7 |   8 …  15
//
// msb-a8 (the most significant bit is a8, the least h1; the slot is the
// bit number from the least significant bit, the MSB index is 63 − slot):
//
//	8 | 63 62 61 60 59 58 57 56
//	…
//	1 |  7  6  5  4  3  2  1  0
//
// berf (a8=0 … h1=63 from the least significant bit):
//
//	8 |  0  1  2  3  4  5  6  7
//	…
//	1 | 56 57 58 59 60 61 62 63
//
// 10x12 (the 120-slot mailbox: slot = 21 + 10·rank + file, a1=21, h8=98,
// with a sentinel border of two rows above and below and one column each
// side):
//
//	  | 110 … 119
//	8 | 100 101 … 108 109
//	…
//	1 |  20  21 …  28  29
//	  |   0 …   9
//
// lefr (little-endian file-rank: a1=0, a2=1 … a8=7, b1=8 … h8=63; index =
// 8·file + rank, going up the a-file first):
//
//	8 |  7 15 23 31 39 47 55 63
//	7 |  6 14 22 30 38 46 54 62
//	…
//	1 |  0  8 16 24 32 40 48 56
//	    a  b  c  d  e  f  g  h
//
// befr (big-endian file-rank: h8=0, h7=1 … h1=7, g8=8 … a1=63; index =
// 8·(7 − file) + (7 − rank), which is 63 − the lefr index):
//
//	8 | 56 48 40 32 24 16  8  0
//	7 | 57 49 41 33 25 17  9  1
//	…
//	1 | 63 55 47 39 31 23 15  7
//	    a  b  c  d  e  f  g  h
//
// The names follow the chessprogramming wiki, "Square Mapping
// Considerations" (https://www.chessprogramming.org/Square_Mapping_Considerations):
// rank-file numbers a rank at a time (index = 8·rank + file, its "least
// significant file" mapping), file-rank a file at a time (index = 8·file +
// rank, "least significant rank"); little-endian counts files from a and
// ranks from 1, big-endian counts files from h and ranks from 8, so
// big-endian reverses both. The befr numbering is the one the wiki's
// "Big-endian" page enumerates (https://www.chessprogramming.org/Big-endian).
// Bitview's berf predates these two and reverses the ranks only (a8 = 0).
var Layouts = []*Layout{
	{ID: "lerf", Name: "LERF (a1 = 0)", Short: "LERF", Slots: 64, Rows: 8, Cols: 8,
		About:  "Little-endian rank-file: a1 is bit 0, h1 bit 7, a8 bit 56, h8 bit 63 (Stockfish); index = 8·rank + file.",
		slotOf: func(f File, r Rank) int { return 8*int(r) + int(f) },
		cellOf: func(s int) (int, int) { return 7 - s/8, s % 8 }},
	{ID: "0x88", Name: "0x88", Short: "0x88", Slots: 128, Rows: 8, Cols: 16,
		About:  "Index = 16·rank + file in 128 slots; the right half of each row is off the board, so (index & 0x88) ≠ 0 means off-board.",
		slotOf: func(f File, r Rank) int { return 16*int(r) + int(f) },
		cellOf: func(s int) (int, int) { return 7 - s/16, s % 16 }},
	{ID: "msb-a8", Name: "MSB = a8", Short: "MSB-a8", Slots: 64, Rows: 8, Cols: 8, MSBFirst: true,
		About:  "The most significant bit is a8 and the least h1: read the board row by row from a8 and you read the number from its top bit. Bit number from the LSB; the MSB index is 63 − bit.",
		slotOf: func(f File, r Rank) int { return 8*int(r) + 7 - int(f) },
		cellOf: func(s int) (int, int) { return 7 - s/8, 7 - s%8 }},
	{ID: "berf", Name: "BERF (a8 = 0)", Short: "BERF", Slots: 64, Rows: 8, Cols: 8,
		About:  "Big-endian rank-file: a8 is bit 0 and h1 bit 63, counting from the least significant bit; index = 8·(7 − rank) + file.",
		slotOf: func(f File, r Rank) int { return 8*(7-int(r)) + int(f) },
		cellOf: func(s int) (int, int) { return s / 8, s % 8 }},
	{ID: "10x12", Name: "10×12 mailbox", Short: "10×12", Slots: 120, Rows: 12, Cols: 10,
		About:  "The 120-square mailbox: index = 21 + 10·rank + file (a1 = 21, h8 = 98) inside a sentinel border that stops knight and slider moves.",
		slotOf: func(f File, r Rank) int { return 21 + 10*int(r) + int(f) },
		cellOf: func(s int) (int, int) { return 11 - s/10, s % 10 }},
	{ID: "lefr", Name: "LEFR (a1 = 0, a2 = 1)", Short: "LEFR", Slots: 64, Rows: 8, Cols: 8,
		About:  "Little-endian file-rank: the a-file first, a1 is bit 0, a2 bit 1 … a8 bit 7, b1 bit 8 … h8 bit 63; index = 8·file + rank, so each file is one byte.",
		slotOf: func(f File, r Rank) int { return 8*int(f) + int(r) },
		cellOf: func(s int) (int, int) { return 7 - s%8, s / 8 }},
	{ID: "befr", Name: "BEFR (h8 = 0, h7 = 1)", Short: "BEFR", Slots: 64, Rows: 8, Cols: 8,
		About:  "Big-endian file-rank: files counted from h and ranks from 8, the h-file first: h8 is bit 0, h7 bit 1 … h1 bit 7, g8 bit 8 … a1 bit 63; index = 8·(7 − file) + (7 − rank).",
		slotOf: func(f File, r Rank) int { return 8*(7-int(f)) + 7 - int(r) },
		cellOf: func(s int) (int, int) { return s % 8, 7 - s/8 }},
}

func init() {
	for _, l := range Layouts {
		l.square = make([]Square, l.Slots)
		for i := range l.square {
			l.square[i] = NoSquare
		}
		for sq := A1; sq < NoSquare; sq++ {
			l.index[sq] = l.slotOf(sq.File(), sq.Rank())
			l.square[l.index[sq]] = sq
		}
		l.order = make([]int, l.Slots)
		for s := range l.Slots {
			row, col := l.cellOf(s)
			l.order[row*l.Cols+col] = s
		}
	}
}

// LayoutByID returns the layout with the given id, or nil and false.
func LayoutByID(id string) (*Layout, bool) {
	for _, l := range Layouts {
		if l.ID == id {
			return l, true
		}
	}
	return nil, false
}

// LayoutIDs returns the ids of Layouts, in order: the one list every
// message that names them quotes ("use lerf, 0x88, …").
func LayoutIDs() []string {
	ids := make([]string, len(Layouts))
	for i, l := range Layouts {
		ids[i] = l.ID
	}
	return ids
}

// FitsUint64 reports whether every slot fits in a uint64 (Slots ≤ 64).
func (l *Layout) FitsUint64() bool { return l.Slots <= 64 }

// Index returns the slot of square sq in this layout.
func (l *Layout) Index(sq Square) int { return l.index[sq] }

// MSBIndex returns a slot's position counted from the most significant
// bit (Slots − 1 − slot), as articles that say "bit 0 = MSB" number it.
func (l *Layout) MSBIndex(slot int) int { return l.Slots - 1 - slot }

// CellSquare returns the square drawn in grid cell i (row by row, rank 8
// at the top), or NoSquare when that cell is an off-board slot.
func (l *Layout) CellSquare(i int) Square { return l.square[l.order[i]] }

// CellSlot returns the slot drawn in grid cell i (row by row, rank 8 at
// the top), an off-board one included: 0x88's cell 8 (top row, ninth
// column) is slot 120.
func (l *Layout) CellSlot(i int) int { return l.order[i] }

// SquareAt returns the square in slot, or NoSquare for an off-board slot
// or a slot out of range.
func (l *Layout) SquareAt(slot int) Square {
	if slot < 0 || slot >= l.Slots {
		return NoSquare
	}
	return l.square[slot]
}

// A Value is a set of squares as the bits of a layout, up to 128 of them:
// slot n is bit n of Lo for n < 64 and bit n−64 of Hi otherwise.
type Value struct{ Hi, Lo uint64 }

// Has reports whether slot n is set.
func (v Value) Has(n int) bool {
	if n >= 64 {
		return v.Hi>>(n-64)&1 != 0
	}
	return v.Lo>>n&1 != 0
}

// Value returns the squares of b as this layout's bits.
func (l *Layout) Value(b Bitboard) Value {
	var v Value
	for b != 0 {
		s := uint(l.index[b.PopLSB()])
		if s >= 64 {
			v.Hi |= 1 << (s - 64)
		} else {
			v.Lo |= 1 << s
		}
	}
	return v
}

// Hex returns v as "0x" and hexadecimal digits, most significant first,
// zero-padded to cover every slot: 16 digits for 64 slots, 30 for 120, 32
// for 128.
func (l *Layout) Hex(v Value) string { return string(l.AppendHex(make([]byte, 0, 34), v)) }

// AppendHex appends Hex(v) to dst and returns the extended slice.
func (l *Layout) AppendHex(dst []byte, v Value) []byte {
	dst = append(dst, '0', 'x')
	for d := (l.Slots+3)/4 - 1; d >= 0; d-- {
		w := v.Lo
		if d >= 16 {
			w = v.Hi
		}
		dst = append(dst, "0123456789abcdef"[w>>(4*(d%16))&0xf])
	}
	return dst
}

// Binary returns v's Slots bits as '0' and '1', most significant first.
// With grouped, a space follows every Cols slots, in the order the bits
// are written: one rank (with its off-board slots) in the rank-major
// layouts, one file in lefr and befr.
func (l *Layout) Binary(v Value, grouped bool) string {
	var buf [128 + 16]byte
	return string(l.AppendBinary(buf[:0], v, grouped))
}

// AppendBinary appends Binary(v, grouped) to dst and returns the extended
// slice.
func (l *Layout) AppendBinary(dst []byte, v Value, grouped bool) []byte {
	for s := l.Slots - 1; s >= 0; s-- {
		dst = append(dst, '0'+byte(b2i(v.Has(s))))
		if grouped && s > 0 && s%l.Cols == 0 {
			dst = append(dst, ' ')
		}
	}
	return dst
}

// AppendCellBits appends one byte per grid cell in display order (row by
// row, rank 8 at the top) to dst: 1 when the cell's slot is set in v, else
// 0. It returns the extended slice.
func (l *Layout) AppendCellBits(dst []byte, v Value) []byte {
	for _, s := range l.order {
		dst = append(dst, byte(b2i(v.Has(s))))
	}
	return dst
}

// Decimal returns v as an unsigned decimal number, or "" when the layout
// does not fit a uint64.
func (l *Layout) Decimal(v Value) string {
	if !l.FitsUint64() {
		return ""
	}
	return strconv.FormatUint(v.Lo, 10)
}

// Signed returns v as a two's-complement int64 in decimal (what a signed
// 64-bit variable prints), or "" when the layout does not fit a uint64.
func (l *Layout) Signed(v Value) string {
	if !l.FitsUint64() {
		return ""
	}
	return strconv.FormatInt(int64(v.Lo), 10)
}

// AppendSquares appends the squares of b to dst in ascending order of
// their slot in this layout and returns the extended slice.
func (l *Layout) AppendSquares(dst []Square, b Bitboard) []Square {
	if l.ID == "lerf" {
		for sq := range b.Squares() {
			dst = append(dst, sq)
		}
		return dst
	}
	for _, sq := range l.square {
		if b.Has(sq) {
			dst = append(dst, sq)
		}
	}
	return dst
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// RowLabel returns the rank digit drawn left of grid row (0 at the top,
// rank 8), or "" for a row of off-board slots.
func (l *Layout) RowLabel(row int) string {
	for col := range l.Cols {
		if sq := l.square[l.order[row*l.Cols+col]]; sq != NoSquare {
			return sq.Rank().String()
		}
	}
	return ""
}

// ColLabel returns the file letter drawn under grid column col (0 at the
// left, the a-file), or "" for a column of off-board slots.
func (l *Layout) ColLabel(col int) string {
	for row := range l.Rows {
		if sq := l.square[l.order[row*l.Cols+col]]; sq != NoSquare {
			return sq.File().String()
		}
	}
	return ""
}

// Text draws b in this layout the way a terminal board printer does: one
// line per grid row with its rank digit, '1' for a set bit, '0' for a
// clear one and '.' for an off-board slot, then the file letters.
func (l *Layout) Text(b Bitboard) string {
	var sb strings.Builder
	for row := range l.Rows {
		sb.WriteString(pad(l.RowLabel(row), 1))
		sb.WriteString(" |")
		for col := range l.Cols {
			sb.WriteByte(' ')
			switch sq := l.square[l.order[row*l.Cols+col]]; {
			case sq == NoSquare:
				sb.WriteByte('.')
			case b.Has(sq):
				sb.WriteByte('1')
			default:
				sb.WriteByte('0')
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("   ")
	for col := range l.Cols {
		sb.WriteByte(' ')
		sb.WriteString(pad(l.ColLabel(col), 1))
	}
	return strings.TrimRight(sb.String(), " ") + "\n"
}

// pad right-aligns s in a field of width n.
func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}
