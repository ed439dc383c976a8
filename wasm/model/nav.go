package model

import "github.com/bitview/bitview/core"

// BoardOrder returns the squares in the order a board is drawn: rank 8
// first, a to h; from Black (flipped), rank 1 first, h to a. Row r of the
// board is order[8r : 8r+8].
func BoardOrder(flipped bool) [core.SquareCount]core.Square {
	var order [core.SquareCount]core.Square
	for i := range order {
		row, col := i/8, i%8
		if flipped {
			order[i] = core.NewSquare(core.File(7-col), core.Rank(row))
		} else {
			order[i] = core.NewSquare(core.File(col), core.Rank(7-row))
		}
	}
	return order
}

// ArrowStep returns the square an arrow key (the KeyboardEvent key
// "ArrowLeft", "ArrowRight", "ArrowUp" or "ArrowDown") moves to from sq on
// a board seen from White, or from Black when flipped: up is towards the
// top of the screen. It answers false for other keys and at the edge.
func ArrowStep(sq core.Square, key string, flipped bool) (core.Square, bool) {
	df, down, ok := arrowDelta(key)
	if !ok {
		return core.NoSquare, false
	}
	dr := -down // a rank up is a row up the screen
	if flipped {
		df, dr = -df, -dr
	}
	f, r := int(sq.File())+df, int(sq.Rank())+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return core.NoSquare, false
	}
	return core.NewSquare(core.File(f), core.Rank(r)), true
}

// arrowDelta returns where an arrow key (the KeyboardEvent key
// "ArrowLeft", "ArrowRight", "ArrowUp" or "ArrowDown") moves on the
// screen, the one map of the board's keys and the grids': dx columns to
// the right and dy rows down; false for any other key.
func arrowDelta(key string) (dx, dy int, ok bool) {
	switch key {
	case "ArrowLeft":
		return -1, 0, true
	case "ArrowRight":
		return 1, 0, true
	case "ArrowUp":
		return 0, -1, true
	case "ArrowDown":
		return 0, 1, true
	}
	return 0, 0, false
}

// A GridCell is a place in a grid drawn as rows of children (a bit grid's
// rows: a rank label or its fill button, then one cell per slot; the last
// row holds the file labels): Row counts the rows from the top, Col the
// children of the row from the left, both from 0.
type GridCell struct{ Row, Col int }

// NoGridCell is the answer of GridStep when a key it handles moves the
// focus nowhere (at the edge, or no stop that way).
var NoGridCell = GridCell{-1, -1}

// GridStep returns where a key moves the keyboard focus in a grid from
// the cell from, as the bit grids of the page and of <bitboard-view> do
// (their markup: view.Card, view.FreeCard, the engine panels' grids).
// stops[r][c] reports whether child c of row r takes the focus (a cell,
// or a label's fill button); rows may differ in length. The KeyboardEvent
// keys:
//
//   - "ArrowLeft", "ArrowRight": the nearest stop that way in the same
//     row, skipping the children that are no stop (a label);
//   - "ArrowUp", "ArrowDown": the nearest row that way whose child in the
//     same column is a stop (its column, not its square: in the 0x88 and
//     10×12 layouts the off-board slots are cells too);
//   - "Home", "End": the first and last stop of the row (from itself when
//     it is one).
//
// It answers handled false for any other key, and NoGridCell when a key
// it handles finds no stop (the focus stays). from need not be a stop,
// nor inside the grid: then the arrows find nothing.
func GridStep(stops [][]bool, from GridCell, key string) (to GridCell, handled bool) {
	stop := func(r, c int) bool { return r >= 0 && r < len(stops) && c >= 0 && c < len(stops[r]) && stops[r][c] }
	dc, dr, arrow := arrowDelta(key)
	switch {
	case arrow:
	case key == "Home" || key == "End":
		if from.Row < 0 || from.Row >= len(stops) {
			return NoGridCell, true
		}
		n := len(stops[from.Row])
		for i := range n {
			c := i
			if key == "End" {
				c = n - 1 - i
			}
			if stops[from.Row][c] {
				return GridCell{from.Row, c}, true
			}
		}
		return NoGridCell, true
	default:
		return NoGridCell, false
	}
	if from.Row < 0 || from.Row >= len(stops) {
		return NoGridCell, true
	}
	for r, c := from.Row+dr, from.Col+dc; r >= 0 && r < len(stops) && c >= 0 && c < max(len(stops[from.Row]), from.Col+1); r, c = r+dr, c+dc {
		if stop(r, c) {
			return GridCell{r, c}, true
		}
	}
	return NoGridCell, true
}
