//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
	"github.com/norunners/vert"
	"honnef.co/go/js/dom/v2"
)

// jsMountOptions are the options of bitview.mount(root, options) and of a
// handle's update(options), as the attributes of <bitboard-view> give them.
type jsMountOptions struct {
	FEN         string `js:"fen"`
	Layout      string `js:"layout"`
	Show        string `js:"show"`
	Board       *bool  `js:"board"`
	Grid        *bool  `js:"grid"`
	Labels      bool   `js:"labels"`
	Orientation string `js:"orientation"`
	Interactive *bool  `js:"interactive"`
	Repr        bool   `js:"repr"`
}

// jsRenderResult is the answer of mount and update: ok is false when the
// options had a problem, which the view then shows inside itself.
type jsRenderResult struct {
	OK    bool     `js:"ok"`
	Error *jsError `js:"error"`
}

// A mounted view draws one embedded view into a root element (a
// <bitboard-view>'s shadow root container). Its handlers are released by
// destroy.
type mounted struct {
	root        *dom.BasicHTMLElement
	style       *dom.BasicHTMLElement
	content     *dom.BasicHTMLElement
	embed       view.Embed
	interactive bool
	funcs       []js.Func // released by destroy
	listeners   []listener
}

type listener struct {
	typ string
	fn  js.Func
}

// mountView answers bitview.mount(root, options): it draws the view into
// root and returns a handle {update(options), svg(theme, pieces),
// destroy()}, plus {ok, error} for the first drawing.
func mountView(args []js.Value) any {
	if len(args) < 1 || !args[0].InstanceOf(js.Global().Get("Element")) {
		return vert.ValueOf(jsRenderResult{Error: &jsError{FieldName: "root", Offset: -1, Message: "mount needs an element to draw into"}}).Value
	}
	m := &mounted{root: element(args[0])}
	doc := js.Global().Get("document")
	m.style = element(doc.Call("createElement", "style"))
	m.content = element(doc.Call("createElement", "div"))
	m.content.SetClass("bitview-embed")
	m.root.SetInnerHTML("")
	m.root.AppendChild(m.style)
	m.root.AppendChild(m.content)
	var opts js.Value
	if len(args) > 1 {
		opts = args[1]
	}
	res := m.update(opts)

	handle := vert.ValueOf(res).Value
	m.method(handle, "update", func(args []js.Value) any {
		var o js.Value
		if len(args) > 0 {
			o = args[0]
		}
		return vert.ValueOf(m.update(o)).Value
	})
	m.method(handle, "svg", func(args []js.Value) any { return m.svg(args) })
	m.method(handle, "destroy", func([]js.Value) any { m.destroy(); return nil })
	m.listen("pointerover", m.hover)
	m.listen("focusin", m.hover)
	m.listen("pointerleave", func(js.Value) { m.highlight(core.NoSquare) })
	m.listen("keydown", m.key)
	m.listen("click", func(ev js.Value) {
		if el := closest(ev, "[data-copy]"); el != nil {
			copyText(el, el.GetAttribute("data-copy"))
		}
	})
	return handle
}

// method sets handle[name] to fn, guarded like every API function.
func (m *mounted) method(handle js.Value, name string, fn func([]js.Value) any) {
	f := js.FuncOf(guard(fn))
	m.funcs = append(m.funcs, f)
	handle.Set(name, f)
}

// listen adds an event listener to the root that recovers from panics.
func (m *mounted) listen(typ string, fn func(ev js.Value)) {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer func() {
			if r := recover(); r != nil {
				js.Global().Get("console").Call("error", "bitview: "+panicText(r))
			}
		}()
		fn(args[0])
		return nil
	})
	m.listeners = append(m.listeners, listener{typ, f})
	m.root.Call("addEventListener", typ, f)
}

// update redraws the view from options (see jsMountOptions).
func (m *mounted) update(v js.Value) jsRenderResult {
	var o jsMountOptions
	if v.Truthy() {
		if err := (vert.Value{Value: v}).AssignTo(&o); err != nil {
			return jsRenderResult{Error: &jsError{FieldName: "options", Offset: -1, Message: "the options must be an object of strings and booleans"}}
		}
	}
	yes := func(b *bool) bool { return b == nil || *b }
	m.interactive = yes(o.Interactive)
	m.embed = view.ResolveEmbed(view.EmbedOptions{FEN: o.FEN, Layout: o.Layout, Show: o.Show, Board: yes(o.Board),
		Grid: yes(o.Grid), Labels: o.Labels, Flipped: o.Orientation == "black", Repr: o.Repr}, m.embed.Pos)
	m.content.SetInnerHTML(m.embed.Markup(core.NoSquare))
	m.content.SetAttribute("data-interactive", map[bool]string{true: "1", false: "0"}[m.interactive])
	m.highlight(core.NoSquare)
	switch {
	case m.embed.FENError != nil:
		fe := m.embed.FENError
		return jsRenderResult{Error: &jsError{Field: fe.Field, FieldName: fe.FieldName(), Offset: fe.Offset, Message: fe.Msg}}
	case len(m.embed.Problems) > 0:
		return jsRenderResult{Error: &jsError{Offset: -1, Message: m.embed.Problems[0]}}
	}
	return jsRenderResult{OK: true}
}

// highlight marks sq in this view only (its style lives in the view's root).
func (m *mounted) highlight(sq core.Square) {
	m.style.SetTextContent(view.Highlight(sq))
}

// hover highlights the square under the pointer or focus.
func (m *mounted) hover(ev js.Value) {
	if !m.interactive {
		return
	}
	if el := closest(ev, "[data-square]"); el != nil {
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
			m.highlight(sq)
			// The representations' off-board tests follow the square, unless
			// the pointer is inside them.
			if m.embed.Repr && closest(ev, ".view-repr") == nil {
				if panel := element(m.content.Call("querySelector", ".view-repr")); panel != nil {
					panel.SetInnerHTML(view.Representations(m.embed.Pos, sq))
				}
			}
		}
	}
}

// key moves the focus across the board with the arrow keys.
func (m *mounted) key(ev js.Value) {
	if !m.interactive {
		return
	}
	el := closest(ev, ".board [data-square]")
	if el == nil {
		return
	}
	sq, _ := core.ParseSquare(el.GetAttribute("data-square"))
	if next, ok := arrowStep(sq, ev.Get("key").String(), m.embed.Flipped); ok {
		ev.Call("preventDefault")
		if n := element(m.content.Call("querySelector", `.board [data-square="`+next.String()+`"]`)); n != nil {
			n.Focus()
		}
	}
}

// closest returns the element at or above the event's target matching
// selector, or nil.
func closest(ev js.Value, selector string) *dom.BasicHTMLElement {
	t := ev.Get("target")
	if t.Type() != js.TypeObject || t.Get("closest").Type() != js.TypeFunction {
		return nil
	}
	return element(t.Call("closest", selector))
}

// svg answers handle.svg(theme, pieces): the view as a standalone SVG in
// the theme given ({light, dark, bitOn, …}, see view.Theme), with pieces an
// array of 12 image hrefs in core.Piece order (data: URLs), or absent.
func (m *mounted) svg(args []js.Value) any {
	var t view.Theme
	var pieces []string
	if len(args) > 0 && args[0].Truthy() {
		_ = (vert.Value{Value: args[0]}).AssignTo(&t) // a bad theme falls back to the default colours
	}
	if len(args) > 1 && args[1].Truthy() {
		_ = (vert.Value{Value: args[1]}).AssignTo(&pieces)
	}
	f := m.embed.Figure
	if f.Pos == nil {
		return view.SVG(view.Figure{Layout: f.Layout}, t, nil)
	}
	return view.SVG(f, t, func(pc core.Piece) string {
		if int(pc) < len(pieces) {
			return pieces[pc]
		}
		return ""
	})
}

// destroy removes the listeners and releases every js.Func of the view.
func (m *mounted) destroy() {
	for _, l := range m.listeners {
		m.root.Call("removeEventListener", l.typ, l.fn)
		l.fn.Release()
	}
	m.listeners = nil
	m.root.SetInnerHTML("")
	funcs := m.funcs
	m.funcs = nil
	// The destroy function itself is running: release the handle's
	// functions once this call has returned.
	var later js.Func
	later = js.FuncOf(func(js.Value, []js.Value) any {
		for _, f := range funcs {
			f.Release()
		}
		later.Release()
		return nil
	})
	js.Global().Call("setTimeout", later, 0)
}
