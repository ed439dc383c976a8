package core

import (
	"strings"
	"testing"
)

func mustLayout(t testing.TB, id string) *Layout {
	t.Helper()
	l, ok := LayoutByID(id)
	if !ok {
		t.Fatalf("LayoutByID(%q) not found", id)
	}
	return l
}

// TestLayoutNumbering checks each layout against its diagram: the corners,
// e4, and the off-board slots of 0x88 and 10x12.
func TestLayoutNumbering(t *testing.T) {
	tests := []struct {
		id                    string
		slots, rows, cols     int
		a1, h1, a8, h8, e4    int
		offBoard              []int // slots that must not be squares
		onBoard               []int // slots that must be squares
		gridTopLeft, gridLast int   // slot drawn at row 0 col 0, and last cell
	}{
		{"lerf", 64, 8, 8, 0, 7, 56, 63, 28, nil, []int{0, 63}, 56, 7},
		{"0x88", 128, 8, 16, 0, 7, 112, 119, 52, []int{8, 15, 0x78, 0x7f, 0x88 & 0x7f}, []int{0, 0x77}, 112, 15},
		{"msb-a8", 64, 8, 8, 7, 0, 63, 56, 27, nil, nil, 63, 0},
		{"berf", 64, 8, 8, 56, 63, 0, 7, 36, nil, nil, 0, 63},
		{"10x12", 120, 12, 10, 21, 28, 91, 98, 55, []int{0, 9, 10, 19, 20, 29, 90, 99, 100, 119}, []int{21, 98}, 110, 9},
		{"lefr", 64, 8, 8, 0, 56, 7, 63, 35, nil, nil, 7, 56},
		{"befr", 64, 8, 8, 63, 7, 56, 0, 28, nil, nil, 56, 7},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			l := mustLayout(t, tt.id)
			if l.Slots != tt.slots || l.Rows != tt.rows || l.Cols != tt.cols || l.FitsUint64() != (tt.slots <= 64) {
				t.Errorf("shape = %d slots %d×%d, want %d %d×%d", l.Slots, l.Rows, l.Cols, tt.slots, tt.rows, tt.cols)
			}
			for sq, want := range map[Square]int{A1: tt.a1, H1: tt.h1, A8: tt.a8, H8: tt.h8, E4: tt.e4} {
				if got := l.Index(sq); got != want {
					t.Errorf("Index(%v) = %d, want %d", sq, got, want)
				}
				if got := l.SquareAt(want); got != sq {
					t.Errorf("SquareAt(%d) = %v, want %v", want, got, sq)
				}
			}
			for _, s := range tt.offBoard {
				if sq := l.SquareAt(s); sq != NoSquare {
					t.Errorf("SquareAt(%d) = %v, want off-board", s, sq)
				}
			}
			for _, s := range tt.onBoard {
				if l.SquareAt(s) == NoSquare {
					t.Errorf("SquareAt(%d) off-board, want a square", s)
				}
			}
			g := gridOf(l, AllSquares)
			if len(g.Cells) != l.Slots || g.Cells[0].Index != tt.gridTopLeft || g.Cells[len(g.Cells)-1].Index != tt.gridLast {
				t.Errorf("grid: %d cells from slot %d to %d, want %d from %d to %d", len(g.Cells),
					g.Cells[0].Index, g.Cells[len(g.Cells)-1].Index, l.Slots, tt.gridTopLeft, tt.gridLast)
			}
			seen := map[int]bool{}
			onBoard := 0
			var a1 gridCell
			for _, c := range g.Cells {
				if c.Square == A1 {
					a1 = c
				}
			}
			for i, c := range g.Cells {
				seen[c.Index] = true
				if c.Row != i/l.Cols || c.Col != i%l.Cols {
					t.Fatalf("cell %d at %d,%d", i, c.Row, c.Col)
				}
				if c.OffBoard != (c.Square == NoSquare) || c.Bit == c.OffBoard {
					t.Errorf("cell %d: square %v offBoard %v bit %v", i, c.Square, c.OffBoard, c.Bit)
				}
				// Every layout draws the board the same way: rank 8 on top, a-file left.
				if !c.OffBoard {
					onBoard++
					if c.Row != a1.Row-int(c.Square.Rank()) || c.Col != a1.Col+int(c.Square.File()) {
						t.Errorf("%v drawn at %d,%d; a1 at %d,%d", c.Square, c.Row, c.Col, a1.Row, a1.Col)
					}
				}
			}
			if len(seen) != l.Slots || onBoard != 64 {
				t.Errorf("grid covers %d distinct slots with %d squares", len(seen), onBoard)
			}
		})
	}
}

// TestFileMajorDiagrams checks lefr and befr square by square against
// the diagrams in the Layouts doc comment, typed out in full: row 0 is
// rank 8, column 0 the a-file.
func TestFileMajorDiagrams(t *testing.T) {
	diagrams := map[string][8][8]int{
		"lefr": {
			{7, 15, 23, 31, 39, 47, 55, 63},
			{6, 14, 22, 30, 38, 46, 54, 62},
			{5, 13, 21, 29, 37, 45, 53, 61},
			{4, 12, 20, 28, 36, 44, 52, 60},
			{3, 11, 19, 27, 35, 43, 51, 59},
			{2, 10, 18, 26, 34, 42, 50, 58},
			{1, 9, 17, 25, 33, 41, 49, 57},
			{0, 8, 16, 24, 32, 40, 48, 56},
		},
		// The chessprogramming wiki's Big-endian page draws the same grid.
		"befr": {
			{56, 48, 40, 32, 24, 16, 8, 0},
			{57, 49, 41, 33, 25, 17, 9, 1},
			{58, 50, 42, 34, 26, 18, 10, 2},
			{59, 51, 43, 35, 27, 19, 11, 3},
			{60, 52, 44, 36, 28, 20, 12, 4},
			{61, 53, 45, 37, 29, 21, 13, 5},
			{62, 54, 46, 38, 30, 22, 14, 6},
			{63, 55, 47, 39, 31, 23, 15, 7},
		},
	}
	for id, d := range diagrams {
		t.Run(id, func(t *testing.T) {
			l := mustLayout(t, id)
			g := gridOf(l, 0)
			for row := range 8 {
				for col := range 8 {
					sq := NewSquare(File(col), Rank(7-row))
					if got := l.Index(sq); got != d[row][col] {
						t.Errorf("Index(%v) = %d, want %d", sq, got, d[row][col])
					}
					if c := g.Cells[row*8+col]; c.Square != sq || c.Index != d[row][col] {
						t.Errorf("grid cell %d,%d = %v slot %d, want %v slot %d", row, col, c.Square, c.Index, sq, d[row][col])
					}
				}
			}
			if g.RowLabels[0] != "8" || g.RowLabels[7] != "1" || g.ColLabels[0] != "a" || g.ColLabels[7] != "h" {
				t.Errorf("labels %q %q", g.RowLabels, g.ColLabels)
			}
		})
	}
	// lefr: one file per byte, the a-file in the low byte; befr reverses all 64 bits.
	lefr, befr, lerf := mustLayout(t, "lefr"), mustLayout(t, "befr"), mustLayout(t, "lerf")
	if h := lefr.Hex(lefr.Value(FileABB)); h != "0x00000000000000ff" {
		t.Errorf("lefr a-file = %s, want 0x00000000000000ff", h)
	}
	if h := lefr.Hex(lefr.Value(Rank1BB)); h != "0x0101010101010101" {
		t.Errorf("lefr rank 1 = %s, want 0x0101010101010101", h)
	}
	if h := befr.Hex(befr.Value(FileHBB)); h != "0x00000000000000ff" {
		t.Errorf("befr h-file = %s, want 0x00000000000000ff", h)
	}
	for sq := A1; sq < NoSquare; sq++ {
		if befr.Index(sq) != 63-lefr.Index(sq) {
			t.Errorf("%v: befr %d, lefr %d; want befr = 63 − lefr", sq, befr.Index(sq), lefr.Index(sq))
		}
		// lefr is lerf mirrored in the a1–h8 diagonal.
		if lefr.Index(sq) != lerf.Index(NewSquare(File(sq.Rank()), Rank(sq.File()))) {
			t.Errorf("%v: lefr %d is not lerf of the mirrored square", sq, lefr.Index(sq))
		}
	}
}

// TestLayoutRoundTrip checks every layout numbers each square once: Index
// and SquareAt invert each other, and every slot that is not a square is
// off-board.
func TestLayoutRoundTrip(t *testing.T) {
	for _, l := range Layouts {
		seen := map[int]Square{}
		for sq := A1; sq < NoSquare; sq++ {
			i := l.Index(sq)
			if prev, dup := seen[i]; dup {
				t.Errorf("%s: %v and %v share slot %d", l.ID, prev, sq, i)
			}
			seen[i] = sq
			if i < 0 || i >= l.Slots || l.SquareAt(i) != sq {
				t.Errorf("%s: SquareAt(Index(%v) = %d) = %v", l.ID, sq, i, l.SquareAt(i))
			}
		}
		for s := range l.Slots {
			if _, ok := seen[s]; !ok && l.SquareAt(s) != NoSquare {
				t.Errorf("%s: slot %d is %v but no square maps there", l.ID, s, l.SquareAt(s))
			}
		}
		if l.SquareAt(-1) != NoSquare || l.SquareAt(l.Slots) != NoSquare {
			t.Errorf("%s: SquareAt out of range is a square", l.ID)
		}
	}
}

func TestIsOffBoard0x88(t *testing.T) {
	l := mustLayout(t, "0x88")
	for s := range l.Slots {
		if off := s&0x88 != 0; off != (l.SquareAt(s) == NoSquare) {
			t.Errorf("slot %#x: & 0x88 says off=%v, layout says square %v", s, off, l.SquareAt(s))
		}
	}
}

func TestText(t *testing.T) {
	got := mustLayout(t, "0x88").Text(E4.Bitboard())
	lines := strings.Split(got, "\n")
	if len(lines) != 10 || lines[4] != "4 | 0 0 0 0 1 0 0 0 . . . . . . . ." || lines[8] != "    a b c d e f g h" {
		t.Errorf("0x88 Text =\n%s", got)
	}
	got = mustLayout(t, "10x12").Text(A1.Bitboard())
	lines = strings.Split(got, "\n")
	if len(lines) != 14 || lines[0] != "  | . . . . . . . . . ." || lines[9] != "1 | . 1 0 0 0 0 0 0 0 ." {
		t.Errorf("10x12 Text =\n%s", got)
	}
}

func TestMSBIndex(t *testing.T) {
	l := mustLayout(t, "msb-a8")
	if !l.MSBFirst || l.MSBIndex(l.Index(A8)) != 0 || l.MSBIndex(l.Index(H1)) != 63 {
		t.Errorf("msb-a8: a8 has MSB index %d, h1 %d", l.MSBIndex(l.Index(A8)), l.MSBIndex(l.Index(H1)))
	}
}

func TestLayoutIDsUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range Layouts {
		if seen[l.ID] || l.Name == "" || l.Short == "" || l.About == "" || len(l.Short) > 8 {
			t.Errorf("layout %q duplicated or undocumented", l.ID)
		}
		seen[l.ID] = true
	}
	if _, ok := LayoutByID("nope"); ok {
		t.Error("LayoutByID(nope) found")
	}
}

// TestCellSlot: every slot is drawn in exactly one cell, and a cell's slot
// holds the cell's square (NoSquare for an off-board one).
func TestCellSlot(t *testing.T) {
	for _, l := range Layouts {
		seen := make([]bool, l.Slots)
		for i := range l.Rows * l.Cols {
			s := l.CellSlot(i)
			if s < 0 || s >= l.Slots || seen[s] || l.SquareAt(s) != l.CellSquare(i) {
				t.Errorf("%s: cell %d has slot %d (square %v), cell square %v", l.ID, i, s, l.SquareAt(s), l.CellSquare(i))
				continue
			}
			seen[s] = true
		}
	}
	if l, _ := LayoutByID("0x88"); l.CellSlot(8) != 120 {
		t.Errorf("0x88 cell 8: slot %d, want 120", l.CellSlot(8))
	}
}

// A gridCell is cell i of a layout's grid, row by row from the top left,
// read through the Layout's exported cell order (wasm/model's Grid draws
// the same cells).
type gridCell struct {
	Row, Col, Index int
	Square          Square
	OffBoard, Bit   bool
}

// testGrid is a layout's grid as the tests read it.
type testGrid struct {
	Cells                []gridCell
	RowLabels, ColLabels []string
}

// gridOf returns the cells and labels of l's grid with the squares of b set.
func gridOf(l *Layout, b Bitboard) testGrid {
	var g testGrid
	for i := range l.Slots {
		sq := l.CellSquare(i)
		g.Cells = append(g.Cells, gridCell{Row: i / l.Cols, Col: i % l.Cols, Index: l.CellSlot(i), Square: sq,
			OffBoard: sq == NoSquare, Bit: b.Has(sq)})
	}
	for row := range l.Rows {
		g.RowLabels = append(g.RowLabels, l.RowLabel(row))
	}
	for col := range l.Cols {
		g.ColLabels = append(g.ColLabels, l.ColLabel(col))
	}
	return g
}
