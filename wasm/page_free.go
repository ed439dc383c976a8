//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// The free bitboard's card on the page (view.FreeCard): its squares are
// pg.state.Free (in the URL as &free=…), shown while view.FreeKey is in
// the show list; the figureView draws it with the other cards. Here are
// its events: a cell clicked, or Space or Enter on it, toggles its bit; a
// rank or file label fills or clears it; typing in a value field sets the
// squares at every keystroke that parses, and otherwise keeps the text
// with its error while the grid keeps the last valid value.

// A freeState is the page's state of the free card besides its squares:
// the field being typed in, and the layout it was typed in (a text typed
// in one layout means nothing in another).
type freeState struct {
	edit   view.FreeEdit
	layout string
	typing bool // a keystroke is being drawn (see freeInput)
}

// freeEdit returns the free card's field being typed in, for the
// figure (forgotten when the layout changed).
func (pg *page) freeEdit() *view.FreeEdit {
	if pg.free.layout != pg.state.Layout {
		pg.free = freeState{layout: pg.state.Layout}
	}
	return &pg.free.edit
}

// wireFree connects the free card's events, delegated to the cards'
// container (the card is redrawn, the container stays).
func (pg *page) wireFree() {
	cards := pg.doc.Call("getElementById", "cards")
	on(cards, "click", "[data-fill],[data-free-action],.free .cell[data-square]", func(_ js.Value, el *dom.BasicHTMLElement) {
		switch {
		case el == nil:
		case el.HasAttribute("data-fill"):
			pg.freeFill(el.GetAttribute("data-fill"))
		case el.HasAttribute("data-free-action"):
			pg.freeAction(el.GetAttribute("data-free-action"))
		default:
			if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
				pg.freeSet(pg.state.Free ^ sq.Bitboard())
			}
		}
	})
	on(cards, "keydown", ".bits [tabindex]", func(ev js.Value, el *dom.BasicHTMLElement) {
		if el == nil {
			return
		}
		// Space and Enter toggle a free cell; a label is a button, which
		// the browser clicks itself.
		if key := ev.Get("key").String(); (key == " " || key == "Enter") && el.HasAttribute("data-square") && !el.Call("closest", ".free").IsNull() {
			ev.Call("preventDefault")
			ev.Call("stopPropagation")
			if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
				pg.freeSet(pg.state.Free ^ sq.Bitboard())
			}
			return
		}
		gridKey(ev, el)
	})
	on(cards, "input", "[data-free-field]", func(_ js.Value, el *dom.BasicHTMLElement) {
		if el != nil {
			pg.freeInput(el)
		}
	})
	on(cards, "change", "[data-free-field]", func(js.Value, *dom.BasicHTMLElement) {
		// The field was left: a value that parsed is shown in its own
		// form; a text with an error stays, with its error, to be fixed.
		// Redrawing the field being typed in removes it, which sends it a
		// change of its own: that one is not a leaving.
		if !pg.free.typing && pg.free.edit.Err == "" && pg.free.edit.Field != "" {
			pg.free.edit = view.FreeEdit{}
			pg.render()
		}
	})
}

// freeSet makes bb the free bitboard's squares and shows it; the fields
// all follow it.
func (pg *page) freeSet(bb core.Bitboard) {
	pg.state.Free = bb
	pg.free.edit = view.FreeEdit{}
	pg.render()
}

// freeFill fills the rank or file of a label ("rank:8", "file:e"), or
// clears it when it is full.
func (pg *page) freeFill(what string) {
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
	if set == 0 {
		return
	}
	if pg.state.Free&set == set {
		pg.freeSet(pg.state.Free &^ set)
	} else {
		pg.freeSet(pg.state.Free | set)
	}
}

// freeAction runs the free card's buttons: clear, fill, invert, and expr,
// which puts the set into the expression field as a number (LERF, as
// expressions count) at the caret.
func (pg *page) freeAction(action string) {
	switch action {
	case "clear":
		pg.freeSet(0)
	case "fill":
		pg.freeSet(core.AllSquares)
	case "invert":
		pg.freeSet(^pg.state.Free)
	case "expr":
		lit := view.FreeLiteral(pg.state.Free)
		in := pg.expr.Underlying()
		text := pg.expr.Value()
		start, end := len(text), len(text)
		if s := in.Get("selectionStart"); s.Type() == js.TypeNumber && pg.state.Expr != "" {
			start, end = min(s.Int(), len(text)), min(in.Get("selectionEnd").Int(), len(text))
		}
		// The selection is counted in UTF-16 units; an expression is ASCII
		// when it parses, and otherwise the number goes at the end.
		if !isASCII(text) {
			start, end = len(text), len(text)
		}
		text = text[:start] + lit + text[end:]
		pg.expr.SetValue(text)
		pg.state.Expr, pg.step = text, -1
		pg.renderPlayground()
		pg.writeURL()
		pg.expr.Focus()
		in.Call("setSelectionRange", start+len(lit), start+len(lit))
	}
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// freeInput reads a value field as it is typed: a value that parses
// becomes the squares; either way the field keeps the text typed, with
// its error, and the caret stays where it was while the card is redrawn.
func (pg *page) freeInput(el *dom.BasicHTMLElement) {
	field := el.GetAttribute("data-free-field")
	in := el.Underlying()
	text := in.Get("value").String()
	start, end := in.Get("selectionStart"), in.Get("selectionEnd")
	pg.free.edit = view.FreeEdit{Field: field, Text: text}
	if bb, err := view.ParseFree(pg.layout(), field, text); err != nil {
		pg.free.edit.Err = err.Error()
	} else {
		pg.state.Free = bb
	}
	pg.free.typing = true
	defer func() { pg.free.typing = false }()
	pg.render()
	// The card was drawn again with the focus on the same field (see
	// replace); put the caret back.
	if a := pg.doc.Get("activeElement"); a.Truthy() && a.Call("getAttribute", "data-free-field").String() == field && start.Type() == js.TypeNumber {
		a.Call("setSelectionRange", start, end)
	}
}
