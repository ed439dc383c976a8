package core

// A Cell is one slot of a layout's grid, as the page draws it.
type Cell struct {
	Row, Col int    // place in the grid, row 0 at the top (rank 8)
	Index    int    // the slot: the bit number in the layout, from the LSB
	Square   Square // the square in this slot, NoSquare when off-board
	OffBoard bool   // the slot is not a square (never set)
	Bit      bool   // the slot is set
}

// A Grid is a set of squares drawn in a layout: Rows × Cols cells in
// display order (row by row, rank 8 at the top) with the rank digit of
// each row and the file letter of each column ("" beside off-board slots).
type Grid struct {
	Layout    *Layout
	Rows      int
	Cols      int
	RowLabels []string
	ColLabels []string
	Cells     []Cell
}

// Grid returns b drawn in this layout.
func (l *Layout) Grid(b Bitboard) Grid {
	g := Grid{Layout: l, Rows: l.Rows, Cols: l.Cols,
		RowLabels: make([]string, l.Rows), ColLabels: make([]string, l.Cols),
		Cells: make([]Cell, 0, l.Slots)}
	for row := range l.Rows {
		g.RowLabels[row] = l.rowLabel(row)
	}
	for col := range l.Cols {
		g.ColLabels[col] = l.colLabel(col)
	}
	for i, s := range l.order {
		sq := l.square[s]
		g.Cells = append(g.Cells, Cell{Row: i / l.Cols, Col: i % l.Cols, Index: s, Square: sq,
			OffBoard: sq == NoSquare, Bit: b.Has(sq)})
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
	Hex     string   // "0x" + 16 digits (64 slots), 30 (10x12) or 32 (0x88)
	Binary  string   // every slot, most significant first
	Grouped string   // Binary with a space after every Cols slots (see Layout.Binary)
	Decimal string   // unsigned decimal; "" unless the layout fits a uint64
	Signed  string   // two's-complement int64 decimal; "" likewise
	Count   int      // number of squares
	Squares []Square // the squares, ascending by slot
}

// Readout returns b written out in this layout.
func (l *Layout) Readout(b Bitboard) Readout {
	v := l.Value(b)
	return Readout{Hex: l.Hex(v), Binary: l.Binary(v, false), Grouped: l.Binary(v, true),
		Decimal: l.Decimal(v), Signed: l.Signed(v), Count: b.Count(), Squares: l.AppendSquares(nil, b)}
}
