//go:build js && wasm

package main

import (
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// An editor is the board editor's controls (#editor): the palette of
// pieces (the tool a click on the board applies, model.Page.Click) and the
// side to move, castling rights and en passant square of the position on
// show, drawn while its tab is on show. Every edit goes through
// core.Position's Put and Remove and becomes an entry of the history
// (model.Page.Edit).
type editor struct {
	m *model.Page
	s *surface
}

func (ed *editor) render() {
	if ed.m.EditorOpen() {
		ed.s.regions.get("palette").set(view.Palette(ed.m.Tool()))
		ed.s.regions.get("state-controls").set(view.StateControls(ed.m.Pos()))
	}
}
