package model

import "github.com/bitview/bitview/core"

// The display model of a layout: a bitboard laid out as a grid of cells,
// and written out in the layout's number forms, as the page's cards and
// the figures draw it. core holds the layouts themselves (their slots,
// cell order and labels); this is how the page shows them.

// A Cell is one slot of a layout's grid, as the page draws it.
type Cell struct {
	Row, Col int         // place in the grid, row 0 at the top (rank 8)
	Index    int         // the slot: the bit number in the layout, from the LSB
	Square   core.Square // the square in this slot, core.NoSquare when off-board
	OffBoard bool        // the slot is not a square (never set)
	Bit      bool        // the slot is set
}

// A Grid is a set of squares drawn in a layout: Rows × Cols cells in
// display order (row by row, rank 8 at the top) with the rank digit of
// each row and the file letter of each column ("" beside off-board slots).
type Grid struct {
	Layout    *core.Layout
	Rows      int
	Cols      int
	RowLabels []string
	ColLabels []string
	Cells     []Cell
}

// GridOf returns b drawn in layout l.
func GridOf(l *core.Layout, b core.Bitboard) Grid {
	g := Grid{Layout: l, Rows: l.Rows, Cols: l.Cols,
		RowLabels: make([]string, l.Rows), ColLabels: make([]string, l.Cols),
		Cells: make([]Cell, 0, l.Slots)}
	for row := range l.Rows {
		g.RowLabels[row] = l.RowLabel(row)
	}
	for col := range l.Cols {
		g.ColLabels[col] = l.ColLabel(col)
	}
	for i := range l.Slots {
		sq := l.CellSquare(i)
		g.Cells = append(g.Cells, Cell{Row: i / l.Cols, Col: i % l.Cols, Index: l.CellSlot(i), Square: sq,
			OffBoard: sq == core.NoSquare, Bit: b.Has(sq)})
	}
	return g
}

// Flipped returns the grid seen from Black, as a flipped board shows it:
// the rows and the columns in reverse order (rank 1 at the top, the h-file
// on the left). Every cell keeps its index and square; Row and Col give
// its new place.
func (g Grid) Flipped() Grid {
	f := Grid{Layout: g.Layout, Rows: g.Rows, Cols: g.Cols,
		RowLabels: make([]string, g.Rows), ColLabels: make([]string, g.Cols), Cells: make([]Cell, len(g.Cells))}
	for i, l := range g.RowLabels {
		f.RowLabels[g.Rows-1-i] = l
	}
	for i, l := range g.ColLabels {
		f.ColLabels[g.Cols-1-i] = l
	}
	for i, c := range g.Cells {
		j := len(g.Cells) - 1 - i
		c.Row, c.Col = j/g.Cols, j%g.Cols
		f.Cells[j] = c
	}
	return f
}

// A Readout is a set of squares written out in a layout.
type Readout struct {
	Hex     string        // "0x" + 16 digits (64 slots), 30 (10x12) or 32 (0x88)
	Binary  string        // every slot, most significant first
	Grouped string        // Binary with a space after every Cols slots (see core.Layout.Binary)
	Decimal string        // unsigned decimal; "" unless the layout fits a uint64
	Signed  string        // two's-complement int64 decimal; "" likewise
	Count   int           // number of squares
	Squares []core.Square // the squares, ascending by slot
}

// ReadoutOf returns b written out in layout l.
func ReadoutOf(l *core.Layout, b core.Bitboard) Readout {
	v := l.Value(b)
	return Readout{Hex: l.Hex(v), Binary: l.Binary(v, false), Grouped: l.Binary(v, true),
		Decimal: l.Decimal(v), Signed: l.Signed(v), Count: b.Count(), Squares: l.AppendSquares(nil, b)}
}
