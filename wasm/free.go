//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A freeCard is the free bitboard's card (view.FreeCard), shown among the
// cards while the "free" switch is on: its squares are the model's Free
// (in the link as &free=…). A cell clicked, or Space or Enter on it,
// toggles its bit; a rank or file label fills or clears it
// (model.Page.FillFree); typing in a value field sets the squares at
// every keystroke that parses, and otherwise keeps the text with its
// error while the grid keeps the last valid value. The figure draws the
// card; this keeps the field being typed in, and the layout it was typed
// in (a text typed in one layout means nothing in another).
type freeCard struct {
	m      *model.Page
	s      *surface
	edit   view.FreeEdit
	layout string
	typing bool // a keystroke is being drawn (see input)
}

// editing returns the field being typed in, for the figure (forgotten
// when the layout changed).
func (fc *freeCard) editing() *view.FreeEdit {
	if fc.layout != fc.m.State.Layout {
		fc.edit, fc.layout = view.FreeEdit{}, fc.m.State.Layout
	}
	return &fc.edit
}

// forget forgets the field being typed in: the fields all follow the
// squares again.
func (fc *freeCard) forget() { fc.edit = view.FreeEdit{} }

// input reads a value field as it is typed: a value that parses becomes
// the squares; either way the field keeps the text typed, with its
// error. render draws the card again, with the focus on the same field
// (see replace), and then puts the caret back where it was.
func (fc *freeCard) input(in *domElement, render func()) {
	field := in.GetAttribute("data-free-field")
	text := clipped(in.Get("value"), model.MaxFreeLength)
	start, end := in.Get("selectionStart"), in.Get("selectionEnd")
	fc.edit = view.FreeEdit{Field: field, Text: text}
	if bb, err := model.ParseFree(fc.m.Layout(), field, text); err != nil {
		fc.edit.Err = err.Error()
	} else {
		fc.m.SetFree(bb)
	}
	fc.typing = true
	render()
	fc.typing = false
	if a := element(fc.s.doc.Get("activeElement")); a != nil && a.GetAttribute("data-free-field") == field && start.Type() == js.TypeNumber {
		input(a).SetSelectionRange(start.Int(), end.Int(), "none")
	}
}

// leave is the field being left: a value that parsed is shown in its own
// form, and it reports whether the card must be drawn again; a text with
// an error stays, with its error, to be fixed. Redrawing the field being
// typed in removes it, which sends it a change of its own: that one is
// not a leaving.
func (fc *freeCard) leave() bool {
	if fc.typing || fc.edit.Err != "" || fc.edit.Field == "" {
		return false
	}
	fc.edit = view.FreeEdit{}
	return true
}
