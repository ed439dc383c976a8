package model

import "github.com/bitview/bitview/core/pgn"

// ToggleArrow draws a on the board as lichess does with a right-drag: an
// arrow between the same squares in the same colour is taken away, one in
// another colour takes a's colour, and a new arrow is added unless the
// list already holds pgn.MaxAnnotations. The result is a new slice.
func ToggleArrow(arrows []pgn.Arrow, a pgn.Arrow) []pgn.Arrow {
	return toggle(arrows, a, func(x pgn.Arrow) pgn.Arrow { x.Brush = 0; return x })
}

// ToggleMark marks m's square as a right-click does: the same colour
// again takes the mark away, another colour replaces it, and a new mark
// is added unless the list already holds pgn.MaxAnnotations.
func ToggleMark(marks []pgn.Mark, m pgn.Mark) []pgn.Mark {
	return toggle(marks, m, func(x pgn.Mark) pgn.Mark { x.Brush = 0; return x })
}

// toggle is ToggleArrow and ToggleMark: place returns an item without its
// colour, so items at the same place compare equal.
func toggle[T comparable](items []T, item T, place func(T) T) []T {
	out := make([]T, 0, len(items)+1)
	found := false
	for _, x := range items {
		if place(x) == place(item) {
			found = true
			if x == item {
				continue
			}
			x = item
		}
		out = append(out, x)
	}
	if !found && len(out) < pgn.MaxAnnotations {
		out = append(out, item)
	}
	return out
}

// DrawBrush is the brush of a right-drag or right-click with the given
// modifier keys, as on lichess: green, red with Shift, blue with Alt (or
// Ctrl/Meta, for systems where Alt-drag moves the window), yellow with
// Shift and Alt.
func DrawBrush(shift, alt bool) pgn.Brush {
	switch {
	case shift && alt:
		return pgn.Yellow
	case shift:
		return pgn.Red
	case alt:
		return pgn.Blue
	}
	return pgn.Green
}
