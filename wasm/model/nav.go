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
	df, dr := 0, 0
	switch key {
	case "ArrowLeft":
		df = -1
	case "ArrowRight":
		df = 1
	case "ArrowUp":
		dr = 1
	case "ArrowDown":
		dr = -1
	default:
		return core.NoSquare, false
	}
	if flipped {
		df, dr = -df, -dr
	}
	f, r := int(sq.File())+df, int(sq.Rank())+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return core.NoSquare, false
	}
	return core.NewSquare(core.File(f), core.Rank(r)), true
}
