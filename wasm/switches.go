//go:build js && wasm

package main

import (
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// switches are what chooses the cards and how they are drawn: the
// numbering (the layout radios), the bitboard switches (pieces and sets,
// attack maps, the free bitboard; a card's × is one too), Flip and Square
// indices.
type switches struct {
	m *model.Page
	s *surface
}

func (w *switches) render() {
	w.s.regions.write(view.PageSwitches(w.m)...)
	a := view.CardsCols(w.m)
	w.s.attrs.set(a.ID, a.Name, a.Value)
	setChecked(byID(w.s.doc, "flip"), w.m.Flipped)
	setChecked(byID(w.s.doc, "labels"), w.m.Labels)
}
