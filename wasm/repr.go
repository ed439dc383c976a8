//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
)

// A reprView is the representations panel (the position in every board
// representation, view.Representations) of the page and of an element
// with the repr option. While shown it follows the position and the
// square pointed at, except while the pointer is inside the panel itself
// (redrawing would move what it points at).
type reprView struct {
	*region
	shown bool
}

// draw shows the panel for p with sq pointed at, when shown.
func (r *reprView) draw(p *core.Position, sq core.Square) {
	if r.shown && p != nil {
		r.set(view.Representations(p, sq))
	}
}

// follow redraws the panel for the square sq pointed at, at the element
// at, unless at is inside the panel.
func (r *reprView) follow(p *core.Position, sq core.Square, at js.Value) {
	if r.shown && !contains(r.el.Underlying(), at) {
		r.draw(p, sq)
	}
}
