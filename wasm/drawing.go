//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/model"
)

// A drawing is what the user draws on the board, as on lichess: a
// right-drag from one square to another draws an arrow and a right-click
// marks a square (Shift red, Alt blue, both yellow; see model.DrawBrush);
// m marks the focused square, x clears. The drawing lives in the state
// (the link keeps it) and belongs to the position: showing another
// position or stepping the game clears it (store.show, store.goToPly).
// The board draws it with the game move's annotations (store.annotations).
type drawing struct {
	st   *store
	doc  js.Value
	from core.Square // where a right-drag began, or NoSquare
	at   core.Square // the board square that has the focus, for m
}

func (d *drawing) wire(sc *scope, acts actions) {
	d.from, d.at = core.NoSquare, core.NoSquare
	sc.on("contextmenu", "#board", func(e *event, _ *domElement) {
		e.prevent() // the right button draws here
	})
	sc.on("pointerdown", "#board [data-square]", func(e *event, el *domElement) {
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok && e.Button == 2 {
			d.from = sq
		}
	})
	sc.on("pointerup", "", func(e *event, _ *domElement) {
		from := d.from
		if e.Button != 2 || from == core.NoSquare {
			return
		}
		d.from = core.NoSquare
		// The square under the pointer now (the event's target may be the
		// square where the drag began).
		at := elementAt(d.doc, e.X, e.Y)
		if at == nil {
			return
		}
		el := closest(at.Underlying(), "#board [data-square]")
		if el == nil {
			return
		}
		to, ok := core.ParseSquare(el.GetAttribute("data-square"))
		if !ok {
			return
		}
		brush := model.DrawBrush(e.Shift(), e.Alt() || e.Ctrl() || e.Meta())
		d.st.update(func(s *model.State) {
			if to == from {
				s.Marked = model.ToggleMark(s.Marked, pgn.Mark{Brush: brush, Square: to})
			} else {
				s.Arrows = model.ToggleArrow(s.Arrows, pgn.Arrow{Brush: brush, From: from, To: to})
			}
		})
	})
	sc.on("focusin", "#board [data-square]", func(_ *event, el *domElement) {
		d.at, _ = core.ParseSquare(el.GetAttribute("data-square"))
	})
	acts["clear-drawing"] = func() { d.st.update(func(*model.State) { d.st.clearDrawing() }) }
	acts["mark"] = func() {
		if d.at != core.NoSquare {
			d.st.update(func(s *model.State) { s.Marked = model.ToggleMark(s.Marked, pgn.Mark{Brush: pgn.Green, Square: d.at}) })
		}
	}
}

func (d *drawing) render() {
	setHidden(byID(d.doc, "clear-drawing"), len(d.st.Arrows)+len(d.st.Marked) == 0)
}
