package model

import (
	"fmt"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestArrowStep(t *testing.T) {
	tests := []struct {
		from    string
		key     string
		flipped bool
		want    string // "" for no move
	}{
		{"e4", "ArrowUp", false, "e5"},
		{"e4", "ArrowDown", false, "e3"},
		{"e4", "ArrowLeft", false, "d4"},
		{"e4", "ArrowRight", false, "f4"},
		{"e4", "ArrowUp", true, "e3"}, // from Black, up the screen is down the ranks
		{"e4", "ArrowLeft", true, "f4"},
		{"a1", "ArrowLeft", false, ""},
		{"a1", "ArrowDown", false, ""},
		{"h8", "ArrowUp", false, ""},
		{"h8", "ArrowRight", false, ""},
		{"a1", "ArrowRight", true, ""},
		{"h8", "ArrowDown", true, ""},
		{"e4", "Home", false, ""},
		{"e4", "k", false, ""},
	}
	for _, tt := range tests {
		from, _ := core.ParseSquare(tt.from)
		got, ok := ArrowStep(from, tt.key, tt.flipped)
		if name := map[bool]string{true: got.String(), false: ""}[ok]; name != tt.want {
			t.Errorf("ArrowStep(%s, %q, flipped %v) = %q, want %q", tt.from, tt.key, tt.flipped, name, tt.want)
		}
	}
}

func TestBoardOrder(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		order := BoardOrder(flipped)
		corners := [4]core.Square{order[0], order[7], order[56], order[63]}
		want := [4]core.Square{core.A8, core.H8, core.A1, core.H1}
		if flipped {
			want = [4]core.Square{core.H1, core.A1, core.H8, core.A8}
		}
		if corners != want {
			t.Errorf("BoardOrder(%v) corners = %v, want %v", flipped, corners, want)
		}
		var seen core.Bitboard
		for _, sq := range order {
			seen.Set(sq)
		}
		if seen != core.AllSquares {
			t.Errorf("BoardOrder(%v) misses squares: %s", flipped, (^seen).Hex())
		}
		// The arrow keys move between neighbours in the drawn order.
		for i, sq := range order {
			if i%8 < 7 {
				if next, ok := ArrowStep(sq, "ArrowRight", flipped); !ok || next != order[i+1] {
					t.Errorf("flipped %v: ArrowRight from %s = %s, want %s", flipped, sq, next, order[i+1])
				}
			}
			if i >= 8 {
				if up, ok := ArrowStep(sq, "ArrowUp", flipped); !ok || up != order[i-8] {
					t.Errorf("flipped %v: ArrowUp from %s = %s, want %s", flipped, sq, up, order[i-8])
				}
			}
		}
	}
}

// cardStops returns the stops of a card's bit grid in layout l as
// view.Card (edit false) and view.FreeCard (edit true) draw it: each row a
// rank label (a fill button when edit and the label is a rank) and the
// layout's Cols cells, every one a stop (the off-board slots of 0x88 and
// 10×12 too); then the row of file labels after a blank (fill buttons
// when edit).
func cardStops(l *core.Layout, edit bool) [][]bool {
	g := GridOf(l, 0)
	stops := make([][]bool, 0, g.Rows+1)
	for r := range g.Rows {
		_, rank := core.ParseSquare("a" + g.RowLabels[r])
		row := []bool{edit && rank}
		for range g.Cols {
			row = append(row, true)
		}
		stops = append(stops, row)
	}
	files := []bool{false}
	for _, f := range g.ColLabels {
		_, file := core.ParseSquare(f + "1")
		files = append(files, edit && file)
	}
	return append(stops, files)
}

// TestGridStepLayouts moves through the bit grid of every layout, as shown
// and as the free card's (with its fill buttons), from its corners.
func TestGridStepLayouts(t *testing.T) {
	none := NoGridCell
	for _, l := range core.Layouts {
		for _, edit := range []bool{false, true} {
			stops := cardStops(l, edit)
			rows, cols := l.Rows, l.Cols // cells are at rows 0..rows-1, columns 1..cols
			g := GridOf(l, 0)
			_, topRank := core.ParseSquare("a" + g.RowLabels[0])
			_, lastRank := core.ParseSquare("a" + g.RowLabels[rows-1])
			_, firstFile := core.ParseSquare(g.ColLabels[0] + "1")
			firstFileStop := none // the files row's first fill button (10×12 starts with an off-board column)
			for c, f := range g.ColLabels {
				if _, ok := core.ParseSquare(f + "1"); ok {
					firstFileStop = GridCell{rows, c + 1}
					break
				}
			}
			ifEdit := func(ok bool, c GridCell) GridCell {
				if edit && ok {
					return c
				}
				return none
			}
			for _, tt := range []struct {
				from GridCell
				key  string
				want GridCell
			}{
				{GridCell{0, 1}, "ArrowRight", GridCell{0, 2}},
				{GridCell{0, cols}, "ArrowRight", none},
				{GridCell{0, 2}, "ArrowLeft", GridCell{0, 1}},
				{GridCell{0, 1}, "ArrowLeft", ifEdit(topRank, GridCell{0, 0})},
				{GridCell{0, 1}, "ArrowUp", none},
				{GridCell{0, 1}, "ArrowDown", GridCell{1, 1}},
				{GridCell{rows - 1, 1}, "ArrowDown", ifEdit(firstFile, GridCell{rows, 1})},
				{GridCell{rows - 1, cols}, "ArrowUp", GridCell{rows - 2, cols}},
				{GridCell{rows - 1, cols}, "Home", func() GridCell {
					if edit && lastRank {
						return GridCell{rows - 1, 0}
					}
					return GridCell{rows - 1, 1}
				}()},
				{GridCell{0, 1}, "End", GridCell{0, cols}},
				{GridCell{rows, 1}, "ArrowUp", GridCell{rows - 1, 1}},
				{GridCell{rows, cols}, "Home", ifEdit(true, firstFileStop)},
			} {
				name := fmt.Sprintf("%s/edit=%v/%v/%s", l.ID, edit, tt.from, tt.key)
				t.Run(name, func(t *testing.T) {
					got, handled := GridStep(stops, tt.from, tt.key)
					if !handled || got != tt.want {
						t.Errorf("GridStep(%s, %v, %q) = %v, %v; want %v, true", l.ID, tt.from, tt.key, got, handled, tt.want)
					}
				})
			}
		}
	}
}

// TestGridStep covers ragged rows, gaps and the keys it leaves alone.
func TestGridStep(t *testing.T) {
	// Rows of different lengths; false are labels; the 0x88-like gap is a
	// label column in the middle.
	stops := [][]bool{
		{false, true, true, false, true},
		{false, true},
		{false, false, true, false, true},
		{},
	}
	none := NoGridCell
	for _, tt := range []struct {
		from    GridCell
		key     string
		want    GridCell
		handled bool
	}{
		{GridCell{0, 2}, "ArrowRight", GridCell{0, 4}, true}, // skips the label
		{GridCell{0, 4}, "ArrowLeft", GridCell{0, 2}, true},
		{GridCell{0, 4}, "ArrowDown", GridCell{2, 4}, true}, // row 1 is too short
		{GridCell{0, 2}, "ArrowDown", GridCell{2, 2}, true}, // row 1 has no stop there
		{GridCell{2, 2}, "ArrowDown", none, true},           // the empty row
		{GridCell{2, 4}, "ArrowUp", GridCell{0, 4}, true},
		{GridCell{1, 1}, "ArrowUp", GridCell{0, 1}, true},
		{GridCell{1, 1}, "ArrowRight", none, true},
		{GridCell{2, 4}, "Home", GridCell{2, 2}, true},
		{GridCell{2, 2}, "End", GridCell{2, 4}, true},
		{GridCell{3, 0}, "Home", none, true},
		{GridCell{5, 0}, "ArrowUp", none, true}, // outside the grid
		{GridCell{-1, 0}, "End", none, true},
		{GridCell{0, 1}, "Enter", none, false},
		{GridCell{0, 1}, "a", none, false},
		{GridCell{0, 1}, "PageDown", none, false},
	} {
		got, handled := GridStep(stops, tt.from, tt.key)
		if got != tt.want || handled != tt.handled {
			t.Errorf("GridStep(%v, %q) = %v, %v; want %v, %v", tt.from, tt.key, got, handled, tt.want, tt.handled)
		}
	}
}
