//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A freeCard is the free bitboard's card (view.FreeCard), shown among the
// cards while the "free" switch is on: its squares are the state's Free
// (in the link as &free=…). A cell clicked, or Space or Enter on it,
// toggles its bit; a rank or file label fills or clears it; typing in a
// value field sets the squares at every keystroke that parses, and
// otherwise keeps the text with its error while the grid keeps the last
// valid value. The figure draws the card; this keeps the field being
// typed in, and the layout it was typed in (a text typed in one layout
// means nothing in another).
type freeCard struct {
	st     *store
	doc    js.Value
	play   *playground // "Use in expression" types the value there
	edit   view.FreeEdit
	layout string
	typing bool // a keystroke is being drawn (see input)
}

// editing returns the field being typed in, for the figure (forgotten
// when the layout changed).
func (fc *freeCard) editing() *view.FreeEdit {
	if fc.layout != fc.st.Layout {
		fc.edit, fc.layout = view.FreeEdit{}, fc.st.Layout
	}
	return &fc.edit
}

func (fc *freeCard) wire(sc *scope, acts actions) {
	sc.on("click", "#cards [data-fill]", func(_ *event, el *domElement) { fc.fill(el.GetAttribute("data-fill")) })
	sc.on("click", "#cards [data-free-action]", func(_ *event, el *domElement) { fc.action(el.GetAttribute("data-free-action")) })
	sc.on("click", "#cards .free .cell[data-square]", func(_ *event, el *domElement) {
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
			fc.set(fc.st.Free ^ sq.Bitboard())
		}
	})
	// Space and Enter toggle a free cell, before the grid's own keys; a
	// label is a button, which the browser clicks itself.
	sc.on("keydown", "#cards .free .bits [data-square][tabindex]", func(e *event, el *domElement) {
		if e.Key != " " && e.Key != "Enter" {
			return
		}
		e.consume()
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
			fc.set(fc.st.Free ^ sq.Bitboard())
		}
	})
	sc.on("input", "#cards [data-free-field]", func(_ *event, el *domElement) { fc.input(el) })
	sc.on("change", "#cards [data-free-field]", func(*event, *domElement) {
		// The field was left: a value that parsed is shown in its own
		// form; a text with an error stays, with its error, to be fixed.
		// Redrawing the field being typed in removes it, which sends it a
		// change of its own: that one is not a leaving.
		if !fc.typing && fc.edit.Err == "" && fc.edit.Field != "" {
			fc.edit = view.FreeEdit{}
			fc.st.redraw()
		}
	})
}

func (fc *freeCard) render() {} // the figure draws the card

// set makes bb the free bitboard's squares; the fields all follow it.
func (fc *freeCard) set(bb core.Bitboard) {
	fc.edit = view.FreeEdit{}
	fc.st.update(func(s *model.State) { s.Free = bb })
}

// fill fills the rank or file of a label ("rank:8", "file:e"), or clears
// it when it is full.
func (fc *freeCard) fill(what string) {
	var set core.Bitboard
	switch kind, label, _ := strings.Cut(what, ":"); kind {
	case "rank":
		if sq, ok := core.ParseSquare("a" + label); ok {
			set = sq.Rank().Bitboard()
		}
	case "file":
		if sq, ok := core.ParseSquare(label + "1"); ok {
			set = sq.File().Bitboard()
		}
	}
	switch {
	case set == 0:
	case fc.st.Free&set == set:
		fc.set(fc.st.Free &^ set)
	default:
		fc.set(fc.st.Free | set)
	}
}

// action runs the card's buttons: clear, fill, invert, and expr, which
// puts the set into the expression field as a number (LERF, as
// expressions count) at the caret.
func (fc *freeCard) action(action string) {
	switch action {
	case "clear":
		fc.set(0)
	case "fill":
		fc.set(core.AllSquares)
	case "invert":
		fc.set(^fc.st.Free)
	case "expr":
		fc.play.insert(model.FreeLiteral(fc.st.Free))
	}
}

// input reads a value field as it is typed: a value that parses becomes
// the squares; either way the field keeps the text typed, with its error,
// and the caret stays where it was while the card is redrawn.
func (fc *freeCard) input(in *domElement) {
	field := in.GetAttribute("data-free-field")
	text := clipped(in.Get("value"), model.MaxFreeLength)
	start, end := in.Get("selectionStart"), in.Get("selectionEnd")
	fc.edit = view.FreeEdit{Field: field, Text: text}
	bb, err := model.ParseFree(fc.st.layout(), field, text)
	if err != nil {
		fc.edit.Err = err.Error()
	}
	fc.typing = true
	defer func() { fc.typing = false }()
	fc.st.update(func(s *model.State) {
		if err == nil {
			s.Free = bb
		}
	})
	// The card was drawn again with the focus on the same field (see
	// replace); put the caret back.
	if a := element(fc.doc.Get("activeElement")); a != nil && a.GetAttribute("data-free-field") == field && start.Type() == js.TypeNumber {
		input(a).SetSelectionRange(start.Int(), end.Int(), "none")
	}
}
