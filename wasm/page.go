//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// A page is the visualiser drawn into index.html: it owns the state and
// redraws the regions it affects. Its handlers live as long as the page,
// so they are never released.
type page struct {
	doc   dom.Document
	state view.State
	pos   core.Position // the last position that parsed: kept on screen while the FEN is invalid
	warn  core.Bitboard // squares named by its warnings
	hover core.Square
	style dom.Element // holds the hover highlight rule
}

// byID returns the page element with the given id.
func (pg *page) byID(id string) dom.Element { return pg.doc.GetElementByID(id) }

// mountPage draws the page if this document is Bitview's page (it has
// #bitview-app) and wires its events.
func mountPage() {
	doc := dom.GetWindow().Document()
	if doc.GetElementByID("bitview-app") == nil {
		return
	}
	pg := &page{doc: doc, pos: core.NewPosition(), hover: core.NoSquare}
	pg.state = view.ParseQuery(js.Global().Get("location").Get("search").String())
	pg.style = doc.CreateElement("style")
	doc.QuerySelector("head").AppendChild(pg.style)

	pg.byID("examples").SetInnerHTML(view.ExampleButtons())
	pg.byID("fen").(*dom.HTMLInputElement).SetValue(pg.state.FEN)
	pg.byID("flip").(*dom.HTMLInputElement).SetChecked(pg.state.Flipped)
	pg.byID("labels").(*dom.HTMLInputElement).SetChecked(pg.state.Labels)
	pg.render()
	pg.wire()
	doc.DocumentElement().SetAttribute("data-ready", "1")
}

// render redraws everything from the state: the FEN status, the layout
// switch, the toggles, the board and the cards, and updates the URL.
func (pg *page) render() {
	l, _ := core.LayoutByID(pg.state.Layout)
	status, invalid := "", false
	if p, err := core.ParseFEN(pg.state.FEN); err != nil {
		if fe, ok := err.(*core.FENError); ok {
			status, invalid = view.FENError(pg.state.FEN, fe), true
		}
	} else {
		pg.pos = p
		ws := p.Warnings()
		pg.warn = 0
		for _, w := range ws {
			pg.warn |= w.Squares
		}
		status = view.Warnings(ws)
	}
	pg.byID("fen-status").SetInnerHTML(status)
	pg.byID("fen").SetAttribute("aria-invalid", strconv.FormatBool(invalid))
	pg.byID("layout-switch").SetInnerHTML(view.LayoutSwitch(l))
	pg.byID("toggles").SetInnerHTML(view.Toggles(pg.state.Show))
	pg.byID("board").SetInnerHTML(view.Board(&pg.pos, l, pg.state.Flipped, pg.state.Labels, pg.warn))
	cards := ""
	for _, name := range pg.state.Show {
		if n, ok := core.LookupBitboard(name); ok {
			cards += view.Card(&pg.pos, l, n)
		}
	}
	if cards == "" {
		cards = `<p class="hint">Switch on a bitboard above to see its bits.</p>`
	}
	pg.byID("cards").SetInnerHTML(cards)
	pg.showSquare(pg.hover)
	js.Global().Get("history").Call("replaceState", nil, "", pg.state.Query())
}

// showSquare highlights sq everywhere and fills the square panel.
func (pg *page) showSquare(sq core.Square) {
	pg.hover = sq
	pg.style.SetTextContent(view.Highlight(sq))
	info := `<p class="hint">Point at or focus a square to see its index in every layout.</p>`
	if sq != core.NoSquare {
		info = view.SquareInfo(&pg.pos, sq)
	}
	pg.byID("square-info").SetInnerHTML(info)
}

// on adds a listener that recovers from panics, so a bug in one handler
// never ends the Go runtime.
func on(target dom.EventTarget, typ string, fn func(dom.Event)) {
	target.AddEventListener(typ, false, func(e dom.Event) {
		defer func() {
			if r := recover(); r != nil {
				js.Global().Get("console").Call("error", "bitview: "+panicText(r))
			}
		}()
		fn(e)
	})
}

// target returns the element an event happened on, or the closest
// ancestor matching selector; nil when there is none.
func target(e dom.Event, selector string) dom.Element {
	t, ok := e.Target().(dom.Element)
	if !ok || t == nil {
		return nil
	}
	return t.Closest(selector)
}

// wire connects the page's events, all delegated to a few containers.
func (pg *page) wire() {
	app := pg.byID("bitview-app")
	on(pg.byID("fen"), "input", func(dom.Event) {
		pg.state.FEN = pg.byID("fen").(*dom.HTMLInputElement).Value()
		pg.render()
	})
	on(app, "click", func(e dom.Event) {
		switch el := target(e, "[data-example],[data-toggle],[data-copy]"); {
		case el == nil:
		case el.HasAttribute("data-example"):
			i, _ := strconv.Atoi(el.GetAttribute("data-example"))
			if i >= 0 && i < len(view.Examples) {
				pg.state.FEN = view.Examples[i].FEN
				pg.byID("fen").(*dom.HTMLInputElement).SetValue(pg.state.FEN)
				pg.render()
			}
		case el.HasAttribute("data-toggle"):
			pg.state.Toggle(el.GetAttribute("data-toggle"))
			pg.render()
			if b := pg.doc.QuerySelector(`#toggles [data-toggle="` + el.GetAttribute("data-toggle") + `"]`); b != nil {
				b.(dom.HTMLElement).Focus()
			}
		case el.HasAttribute("data-copy"):
			copyText(el, el.GetAttribute("data-copy"))
		}
	})
	on(app, "change", func(e dom.Event) {
		switch el := target(e, "input"); {
		case el == nil:
		case el.GetAttribute("name") == "layout":
			pg.state.Layout = el.(*dom.HTMLInputElement).Value()
			pg.render()
			if r := pg.doc.QuerySelector(`input[name="layout"]:checked`); r != nil {
				r.(dom.HTMLElement).Focus()
			}
		case el.ID() == "flip":
			pg.state.Flipped = el.(*dom.HTMLInputElement).Checked()
			pg.render()
		case el.ID() == "labels":
			pg.state.Labels = el.(*dom.HTMLInputElement).Checked()
			pg.render()
		}
	})
	for _, typ := range []string{"pointerover", "focusin"} {
		on(app, typ, func(e dom.Event) {
			if el := target(e, "[data-square]"); el != nil {
				if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok && sq != pg.hover {
					pg.showSquare(sq)
				}
			}
		})
	}
	on(pg.byID("board"), "keydown", func(e dom.Event) { pg.moveFocus(e) })
}

// moveFocus moves the keyboard focus across the board's squares with the
// arrow keys (a roving focus: the board is one stop in the tab order).
func (pg *page) moveFocus(e dom.Event) {
	el := target(e, "[data-square]")
	if el == nil {
		return
	}
	sq, _ := core.ParseSquare(el.GetAttribute("data-square"))
	df, dr := 0, 0
	switch e.Underlying().Get("key").String() {
	case "ArrowLeft":
		df = -1
	case "ArrowRight":
		df = 1
	case "ArrowUp":
		dr = 1
	case "ArrowDown":
		dr = -1
	default:
		return
	}
	if pg.state.Flipped {
		df, dr = -df, -dr
	}
	f, r := int(sq.File())+df, int(sq.Rank())+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return
	}
	e.PreventDefault()
	next := core.NewSquare(core.File(f), core.Rank(r))
	if n := pg.doc.QuerySelector(`#board [data-square="` + next.String() + `"]`); n != nil {
		n.(dom.HTMLElement).Focus()
	}
}

// copyText copies text to the clipboard and says so on the button.
func copyText(button dom.Element, text string) {
	clip := js.Global().Get("navigator").Get("clipboard")
	if clip.IsUndefined() {
		button.SetTextContent("Select it")
		return
	}
	var done, failed js.Func
	release := func() { done.Release(); failed.Release() }
	done = js.FuncOf(func(js.Value, []js.Value) any { button.SetTextContent("Copied"); release(); return nil })
	failed = js.FuncOf(func(js.Value, []js.Value) any { button.SetTextContent("Not allowed"); release(); return nil })
	clip.Call("writeText", text).Call("then", done, failed)
}
