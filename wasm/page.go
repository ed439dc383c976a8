//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
	"github.com/norunners/vert"
	"honnef.co/go/js/dom/v2"
)

// A page is the visualiser drawn into index.html: it owns the state and
// redraws the regions it affects. Its handlers live as long as the page,
// so they are never released.
type page struct {
	doc      js.Value
	state    view.State
	pos      core.Position // the last position that parsed: kept on screen while the FEN is invalid
	warn     core.Bitboard // squares named by its warnings
	hover    core.Square
	selected core.Square           // the square last clicked without a tool, for "attacks from"
	style    *dom.BasicHTMLElement // holds the hover highlight rule
	fen      *dom.HTMLInputElement
	expr     *dom.HTMLInputElement
	editor   editor
	step     int // the playground's selected step, -1 for the whole expression
	demo     shiftDemo
	game     gameState
}

// element gives v dom/v2's HTMLElement methods. It builds the value
// directly: dom.WrapElement and the wrapping done by Document and Event
// methods switch over every element and event type, which links all their
// methods into the wasm (measured: +1.5 MB raw, +130 KB brotli).
func element(v js.Value) *dom.BasicHTMLElement {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

// byID returns the page element with the given id, or nil.
func (pg *page) byID(id string) *dom.BasicHTMLElement {
	return element(pg.doc.Call("getElementById", id))
}

// query returns the first element matching selector, or nil.
func (pg *page) query(selector string) *dom.BasicHTMLElement {
	return element(pg.doc.Call("querySelector", selector))
}

// mountPage draws the page if this document is Bitview's page (it has
// #bitview-app) and wires its events.
func mountPage() {
	doc := js.Global().Get("document")
	if doc.IsUndefined() || doc.Call("getElementById", "bitview-app").IsNull() {
		return
	}
	pg := &page{doc: doc, pos: core.NewPosition(), hover: core.NoSquare, selected: core.NoSquare, step: -1}
	pg.state = view.ParseQuery(js.Global().Get("location").Get("search").String())
	pg.style = element(doc.Call("createElement", "style"))
	pg.query("head").AppendChild(pg.style)
	pg.fen = &dom.HTMLInputElement{BasicHTMLElement: pg.byID("fen")}
	pg.expr = &dom.HTMLInputElement{BasicHTMLElement: pg.byID("expr")}

	pg.byID("examples").SetInnerHTML(view.ExampleButtons())
	pg.byID("expr-help").SetInnerHTML(view.ExprHelp())
	pg.byID("shortcuts").SetInnerHTML(`<div>` + view.ShortcutsHelp() + `</div>`)
	pg.byID("shift-op").SetInnerHTML(view.ShiftOpOptions(0))
	pg.byID("shift-src").SetInnerHTML(view.BitboardOptions("P"))
	pg.fen.SetValue(pg.state.FEN)
	pg.expr.SetValue(pg.state.Expr)
	pg.checkbox("flip").SetChecked(pg.state.Flipped)
	pg.checkbox("labels").SetChecked(pg.state.Labels)
	pg.render()
	js.Global().Get("performance").Call("mark", "bitview-drawn") // measured by startup_test.go
	pg.wire()
	doc.Get("documentElement").Call("setAttribute", "data-ready", "1")
}

// checkbox returns the input element with the given id.
func (pg *page) checkbox(id string) *dom.HTMLInputElement {
	return &dom.HTMLInputElement{BasicHTMLElement: pg.byID(id)}
}

// render redraws everything from the state: the FEN status, the layout
// switch, the toggles, the board and the cards, and updates the URL.
func (pg *page) render() {
	l, _ := core.LayoutByID(pg.state.Layout)
	status, invalid := "", false
	if p, err := core.ParseFEN(pg.state.FEN); err != nil {
		if fe, ok := err.(*core.FENError); ok {
			status, invalid = view.FENError(pg.state.FEN, fe, true), true
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
	pg.fen.SetAttribute("aria-invalid", strconv.FormatBool(invalid))
	pg.byID("layout-switch").SetInnerHTML(view.LayoutSwitch(l))
	pg.byID("toggles").SetInnerHTML(view.Toggles(pg.state.Show) + view.AttackToggles(pg.state.Show, pg.selected))
	pg.byID("board").SetInnerHTML(view.Board(&pg.pos, l, pg.state.Flipped, pg.state.Labels, pg.warn))
	if pg.selected != core.NoSquare {
		if sq := pg.query(`#board [data-square="` + pg.selected.String() + `"]`); sq != nil {
			sq.Class().Add("selected")
		}
	}
	pg.renderClosed()
	pg.renderPlayground(l)
	pg.doc.Get("documentElement").Get("classList").Call("toggle", "present", pg.state.Present)
	pg.query(`[data-action="present"]`).SetAttribute("aria-pressed", strconv.FormatBool(pg.state.Present))
	cards := ""
	for _, key := range pg.state.Show {
		if s, err := view.ResolveShown(&pg.pos, key); err == nil {
			prev := s.Bits
			if pg.game.prev != nil {
				if ps, err := view.ResolveShown(pg.game.prev, key); err == nil {
					prev = ps.Bits
				}
			}
			cards += view.CardDiff(l, s.Key, s.Title, s.Bits, prev)
		}
	}
	if cards == "" {
		cards = `<p class="hint">Switch on a bitboard above to see its bits.</p>`
	}
	pg.byID("cards").SetInnerHTML(cards)
	pg.renderGame()
	pg.showSquare(pg.hover)
	js.Global().Get("history").Call("replaceState", nil, "", pg.state.Query())
}

// renderClosed draws the panels that sit in <details>: the board editor,
// the representations, the shift demo and the embed snippets, only while
// they are open (they are drawn when opened), so the first drawing stays
// small.
func (pg *page) renderClosed() {
	if pg.isOpen("editor") {
		pg.byID("palette").SetInnerHTML(view.Palette(pg.editor.tool))
		pg.byID("state-controls").SetInnerHTML(view.StateControls(&pg.pos))
	}
	if pg.isOpen("shiftdemo") && !pg.demo.timer.Truthy() {
		pg.demo.step = 0
		pg.demoDraw()
	}
	if pg.isOpen("repr") {
		pg.byID("repr-panel").SetInnerHTML(view.Representations(&pg.pos, pg.hover))
	}
	if pg.isOpen("embed") {
		loc := js.Global().Get("location")
		base := loc.Get("origin").String() + loc.Get("pathname").String()
		base = base[:strings.LastIndexByte(base, '/')+1]
		pg.byID("embed-snippets").SetInnerHTML(view.Snippets(pg.state, base))
	}
}

// isOpen reports whether the <details> with the given id is open.
func (pg *page) isOpen(id string) bool {
	d := pg.byID(id)
	return d != nil && d.HasAttribute("open")
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

// on adds a listener for events of type typ on target. The handler gets
// the event and the closest element at or above its target that matches
// selector (nil when none). A panic in a handler is logged, never allowed
// to end the Go runtime.
func on(target *dom.BasicHTMLElement, typ, selector string, fn func(ev *dom.BasicEvent, el *dom.BasicHTMLElement)) {
	target.Call("addEventListener", typ, js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer func() {
			if r := recover(); r != nil {
				js.Global().Get("console").Call("error", "bitview: "+panicText(r))
			}
		}()
		ev := &dom.BasicEvent{Value: args[0]}
		var el *dom.BasicHTMLElement
		if t := args[0].Get("target"); t.Type() == js.TypeObject && t.Get("closest").Type() == js.TypeFunction {
			el = element(t.Call("closest", selector))
		}
		fn(ev, el)
		return nil
	}))
}

// wire connects the page's events, all delegated to a few containers.
func (pg *page) wire() {
	app := pg.byID("bitview-app")
	on(pg.fen.BasicHTMLElement, "input", "#fen", func(*dom.BasicEvent, *dom.BasicHTMLElement) {
		pg.game.prev = nil
		pg.state.FEN = pg.fen.Value()
		pg.render()
	})
	on(pg.expr.BasicHTMLElement, "input", "#expr", func(*dom.BasicEvent, *dom.BasicHTMLElement) {
		pg.state.Expr, pg.step = pg.expr.Value(), -1
		l, _ := core.LayoutByID(pg.state.Layout)
		pg.renderPlayground(l)
		js.Global().Get("history").Call("replaceState", nil, "", pg.state.Query())
	})
	on(app, "click", "[data-example],[data-toggle],[data-copy],[data-export],[data-tool],[data-action],[data-step],[data-ply],#board [data-square]", func(_ *dom.BasicEvent, el *dom.BasicHTMLElement) {
		switch {
		case el == nil:
		case el.HasAttribute("data-export"):
			pg.export(el.GetAttribute("data-export"))
		case el.HasAttribute("data-example"):
			i, _ := strconv.Atoi(el.GetAttribute("data-example"))
			if i >= 0 && i < len(view.Examples) {
				pg.setFEN(view.Examples[i].FEN)
			}
		case el.HasAttribute("data-toggle"):
			name := el.GetAttribute("data-toggle")
			pg.state.Toggle(name)
			pg.render()
			if b := pg.query(`#toggles [data-toggle="` + name + `"]`); b != nil {
				b.Focus()
			}
		case el.HasAttribute("data-copy"):
			copyText(el, el.GetAttribute("data-copy"))
		case el.HasAttribute("data-tool"):
			pg.editor.tool = el.GetAttribute("data-tool")
			pg.byID("palette").SetInnerHTML(view.Palette(pg.editor.tool))
		case el.HasAttribute("data-action"):
			pg.act(el.GetAttribute("data-action"))
		case el.HasAttribute("data-ply"):
			ply, _ := strconv.Atoi(el.GetAttribute("data-ply"))
			pg.goToPly(ply)
		case el.HasAttribute("data-step"):
			pg.step, _ = strconv.Atoi(el.GetAttribute("data-step"))
			l, _ := core.LayoutByID(pg.state.Layout)
			pg.renderPlayground(l)
		case el.HasAttribute("data-square"):
			if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
				pg.clickSquare(sq)
			}
		}
	})
	on(app, "change", "input,select", func(_ *dom.BasicEvent, el *dom.BasicHTMLElement) {
		if el == nil {
			return
		}
		in := &dom.HTMLInputElement{BasicHTMLElement: el}
		switch {
		case el.GetAttribute("name") == "layout":
			pg.state.Layout = in.Value()
			pg.render()
			if r := pg.query(`input[name="layout"]:checked`); r != nil {
				r.Focus()
			}
		case el.ID() == "flip":
			pg.state.Flipped = in.Checked()
			pg.render()
		case el.ID() == "labels":
			pg.state.Labels = in.Checked()
			pg.render()
		case el.GetAttribute("name") == "side", el.HasAttribute("data-castle"), el.ID() == "ep":
			pg.editState()
		case el.ID() == "shift-src", el.ID() == "shift-op":
			pg.demoReset()
		}
	})
	for _, typ := range []string{"pointerover", "focusin"} {
		on(app, typ, "[data-square]", func(_ *dom.BasicEvent, el *dom.BasicHTMLElement) {
			if el == nil {
				return
			}
			if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok && sq != pg.hover {
				pg.showSquare(sq)
				// The representations' off-board tests follow the square, unless
				// the pointer is inside them (redrawing would move what it points at).
				if pg.isOpen("repr") && el.Call("closest", "#repr-panel").IsNull() {
					pg.byID("repr-panel").SetInnerHTML(view.Representations(&pg.pos, sq))
				}
			}
		})
	}
	on(pg.byID("board"), "keydown", "[data-square]", pg.boardKey)
	for _, id := range []string{"editor", "shiftdemo", "embed", "repr"} {
		on(pg.byID(id), "toggle", "details", func(*dom.BasicEvent, *dom.BasicHTMLElement) { pg.renderClosed() })
	}
	on(element(pg.doc.Get("body")), "keydown", "body", pg.shortcut)
	on(pg.byID("shortcuts"), "click", "#shortcuts", func(ev *dom.BasicEvent, _ *dom.BasicHTMLElement) {
		if ev.Get("target").Equal(pg.byID("shortcuts").Underlying()) {
			pg.act("close") // a click on the backdrop
		}
	})
}

// setFEN shows fen, as if typed: a game on show stays loaded, but its
// last move is no longer marked.
func (pg *page) setFEN(fen string) {
	pg.game.prev = nil
	pg.state.FEN = fen
	pg.fen.SetValue(fen)
	pg.render()
}

// boardKey handles keys on a focused board square: the arrow keys move the
// focus (a roving focus: the board is one stop in the tab order), a piece
// letter puts that piece there, Delete or Backspace empties it.
func (pg *page) boardKey(ev *dom.BasicEvent, el *dom.BasicHTMLElement) {
	if el == nil {
		return
	}
	sq, _ := core.ParseSquare(el.GetAttribute("data-square"))
	key := ev.Get("key").String()
	if ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || ev.Get("altKey").Bool() {
		return
	}
	if pc, ok := core.PieceFromLetter(key[0]); ok && len(key) == 1 {
		ev.PreventDefault()
		ev.StopPropagation()
		pg.edit(func(p *core.Position) { p.Put(pc, sq) })
		pg.focusSquare(sq)
		return
	}
	if key == "Delete" || key == "Backspace" {
		ev.PreventDefault()
		ev.StopPropagation()
		pg.edit(func(p *core.Position) { p.Remove(sq) })
		pg.focusSquare(sq)
		return
	}
	if next, ok := arrowStep(sq, key, pg.state.Flipped); ok {
		ev.PreventDefault()
		ev.StopPropagation()
		pg.focusSquare(next)
	}
}

// focusSquare moves the keyboard focus to sq on the board.
func (pg *page) focusSquare(sq core.Square) {
	if n := pg.query(`#board [data-square="` + sq.String() + `"]`); n != nil {
		n.Focus()
	}
}

// arrowStep returns the square an arrow key moves to from sq on a board
// seen from White (or from Black when flipped), and false for other keys
// and at the edge.
func arrowStep(sq core.Square, key string, flipped bool) (core.Square, bool) {
	df, dr := 0, 0
	switch key {
	case "ArrowLeft":
		df = -1
	case "ArrowRight":
		df = 1
	case "ArrowUp":
		dr = 1
	case "ArrowDown":
		dr = -1
	default:
		return core.NoSquare, false
	}
	if flipped {
		df, dr = -df, -dr
	}
	f, r := int(sq.File())+df, int(sq.Rank())+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return core.NoSquare, false
	}
	return core.NewSquare(core.File(f), core.Rank(r)), true
}

// export saves what the page shows (board and shown bitboards) as an SVG
// or a PNG at 2×, in the page's theme, through web/bitview.js's helpers.
func (pg *page) export(format string) {
	l, _ := core.LayoutByID(pg.state.Layout)
	f := view.Figure{Pos: &pg.pos, Layout: l, Board: true, Flipped: pg.state.Flipped, Labels: pg.state.Labels}
	for _, key := range pg.state.Show {
		if s, err := view.ResolveShown(&pg.pos, key); err == nil {
			f.Shown = append(f.Shown, s)
		}
	}
	api := js.Global().Get("bitview")
	var t view.Theme
	_ = (vert.Value{Value: api.Call("themeOf", pg.byID("bitview-app").Underlying())}).AssignTo(&t)
	var then js.Func
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer then.Release()
		var pieces []string
		_ = (vert.Value{Value: args[0]}).AssignTo(&pieces)
		svg := view.SVG(f, t, func(pc core.Piece) string {
			if int(pc) < len(pieces) {
				return pieces[pc]
			}
			return ""
		})
		api.Call("saveFigure", svg, format, "bitview")
		return nil
	})
	api.Call("pieceImages").Call("then", then)
}

// copyText copies text to the clipboard and says so on the button.
func copyText(button *dom.BasicHTMLElement, text string) {
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
