//go:build js && wasm

package main

import (
	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// A drawing is what the user draws on the board, as on lichess: a
// right-drag from one square to another draws an arrow and a right-click
// marks a square (Shift red, Alt blue, both yellow; see model.DrawBrush);
// m marks the focused square, x clears (model.Page.Draw, ClearDrawing).
// This keeps where a right-drag began and which square has the focus.
type drawing struct {
	m    *model.Page
	s    *surface
	from core.Square // where a right-drag began, or NoSquare
	at   core.Square // the board square that has the focus, for m
}

// end ends a right-drag at the element at (the square under the pointer
// when the button went up: the event's target may be the square where the
// drag began) with the modifier keys of e, and reports whether it drew.
func (d *drawing) end(e *event, at *domElement) bool {
	from := d.from
	if e.Button != 2 || from == core.NoSquare {
		return false
	}
	d.from = core.NoSquare
	if at == nil {
		return false
	}
	el := closest(at.Underlying(), "#board [data-square]")
	if el == nil {
		return false
	}
	to, ok := core.ParseSquare(el.GetAttribute("data-square"))
	if ok {
		d.m.Draw(from, to, model.DrawBrush(e.Shift(), e.Alt() || e.Ctrl() || e.Meta()))
	}
	return ok
}

func (d *drawing) render() {
	setHidden(byID(d.s.doc, "clear-drawing"), len(d.m.Arrows)+len(d.m.Marked) == 0)
}
