//go:build js && wasm

package main

import "github.com/bitview/bitview/core"

// A squarePanel is the page's square panel: the square pointed at (on the
// board or in a grid) with its index in every layout, large in
// presentation mode, or a hint while none is.
type squarePanel struct {
	*region
}

// draw shows sq (core.NoSquare for the hint) in the position on show.
func (s squarePanel) draw(st *store, sq core.Square) {
	r := st.pageView(-1, sq).SquarePanel()
	s.set(r.Markup)
}
