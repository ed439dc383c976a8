//go:build js && wasm

package main

import (
	"slices"
	"strconv"
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
	Arrows      string `js:"arrows"`
	Marks       string `js:"marks"`
	PieceBase   string `js:"pieceBase"`
	Magic       string `js:"magic"`   // "rook:e4": the magic lookup below the view (view.ParseMagic)
	Zobrist     bool   `js:"zobrist"` // the Polyglot key below the view
	Perft       string `js:"perft"`   // a divide under the view: 1..view.MaxElementPerft plies, "" for none
}

// jsRenderResult is the answer of mount and update: ok is false when the
// options had a problem, which the view then shows inside itself.
type jsRenderResult struct {
	OK    bool     `js:"ok"`
	Error *jsError `js:"error"`
}

// A mounted view is one embedded view (a <bitboard-view>'s shadow root
// container) drawn by the shared renderer: view.Embed.Markup draws it the
// first time, a figureView takes it over and every update writes only
// what changed. Its listeners are removed by destroy, which forgets it.
type mounted struct {
	id          int      // its key in views
	listener    js.Value // viewFuncs.event bound to id
	handlers    []viewHandler
	root        js.Value
	style       region // the hover highlight rule
	errors      region
	boardBox    js.Value
	cardsBox    js.Value
	repr        region
	tools       region // the magic steps and the Polyglot key (view.Embed.Tools)
	fig         *figureView
	embed       view.Embed
	hover       core.Square
	interactive string // data-interactive: "1" or "0"
	perft       region // the perft divide under the view (the perft option)
	perftKey    string // the FEN and depth the divide was counted for
	perftError  string // why the perft option was refused
}

// mountView answers bitview.mount(root, options): it draws the view into
// root and returns a handle {update(options), svg(theme, pieces),
// destroy()}, plus {ok, error} for the first drawing.
func mountView(args []js.Value) any {
	if len(args) < 1 || !args[0].InstanceOf(js.Global().Get("Element")) {
		return vert.ValueOf(jsRenderResult{Error: &jsError{FieldName: "root", Offset: -1, Message: "mount needs an element to draw into"}}).Value
	}
	var opts js.Value
	if len(args) > 1 {
		opts = args[1]
	}
	shareViewFuncs()
	lastViewID++
	m := &mounted{id: lastViewID, root: args[0], hover: core.NoSquare}
	views[m.id] = m
	res := m.first(opts)

	handle := vert.ValueOf(res).Value
	for _, name := range []string{"update", "svg", "destroy"} {
		handle.Set(name, viewFuncs.method.Call("bind", nil, m.id, name))
	}
	m.listen("pointerover", "[data-square]", m.pointAt)
	m.listen("focusin", "[data-square]", m.pointAt)
	m.listen("pointerleave", "", func(js.Value, *dom.BasicHTMLElement) { m.highlight(core.NoSquare) })
	m.listen("keydown", ".board [data-square]", m.key)
	m.listen("keydown", ".bits [tabindex]", func(ev js.Value, el *dom.BasicHTMLElement) {
		if m.interactive == "1" {
			gridKey(ev, el)
		}
	})
	m.listen("click", "[data-copy]", func(_ js.Value, el *dom.BasicHTMLElement) {
		if el != nil {
			copyText(el, el.GetAttribute("data-copy"))
		}
	})
	m.listener = viewFuncs.event.Call("bind", nil, m.id)
	for i, h := range m.handlers {
		if !slices.ContainsFunc(m.handlers[:i], func(o viewHandler) bool { return o.typ == h.typ }) {
			m.root.Call("addEventListener", h.typ, m.listener)
		}
	}
	return handle
}

// A viewHandler is one of a mounted view's listeners: fn gets the events
// of type typ with the closest element matching selector, as with on.
type viewHandler struct {
	typ, selector string
	fn            func(ev js.Value, el *dom.BasicHTMLElement)
}

// views are the mounted views by id, and viewFuncs the two functions they
// all share, which JS calls bound to a view's id (Function.prototype.bind):
// event(id, ev), every listener of the view, and method(id, name, ...args),
// its handle's update, svg and destroy. Nine js.Funcs made for each view
// cost about half a millisecond a view, a third of the drawing of a page
// of elements. They live as long as the page.
var (
	views      = map[int]*mounted{}
	lastViewID int
	viewFuncs  struct{ event, method js.Func }
)

// shareViewFuncs makes viewFuncs, once.
func shareViewFuncs() {
	if viewFuncs.event.Truthy() {
		return
	}
	viewFuncs.event = js.FuncOf(func(_ js.Value, args []js.Value) any {
		return guard(func() any {
			if len(args) < 2 {
				return nil
			}
			m, ev := views[args[0].Int()], args[1]
			if m == nil {
				return nil
			}
			typ := ev.Get("type").String()
			for _, h := range m.handlers {
				if h.typ == typ {
					deliver(ev, h.selector, h.fn)
				}
			}
			return nil
		}, logPanic)
	})
	viewFuncs.method = apiFunc(func(args []js.Value) any {
		if len(args) < 2 {
			return nil
		}
		m, name, rest := views[args[0].Int()], args[1].String(), args[2:]
		switch {
		case m == nil && name == "update":
			return vert.ValueOf(jsRenderResult{Error: &jsError{Offset: -1, Message: "the view was destroyed"}}).Value
		case m == nil && name == "svg":
			return ""
		case m == nil:
			return nil
		}
		switch name {
		case "update":
			var o js.Value
			if len(rest) > 0 {
				o = rest[0]
			}
			return vert.ValueOf(m.update(o)).Value
		case "svg":
			return m.svg(rest)
		case "destroy":
			m.destroy()
		}
		return nil
	})
}

// first draws the view for the first time from the options: the whole
// markup at once, which the renderer then takes over.
func (m *mounted) first(opts js.Value) jsRenderResult {
	o, res := readMountOptions(opts)
	doc := js.Global().Get("document")
	style := doc.Call("createElement", "style")
	m.embed = view.ResolveEmbed(o.embed, nil)
	content := firstDrawings.content(doc, o.embed, func() string { return m.embed.Markup(m.hover) })
	content.Call("setAttribute", "data-interactive", o.interactive)
	m.interactive = o.interactive
	m.root.Set("innerHTML", "")
	perftBox := doc.Call("createElement", "div")
	perftBox.Set("className", "view-perft")
	content.Call("append", perftBox)
	m.perft = region{el: perftBox}
	m.drawPerft(o.perft)
	m.root.Call("append", style, content)
	m.style = region{el: style}
	m.errors = region{el: content.Call("querySelector", ".errors"), markup: m.embed.Errors(), written: true}
	m.boardBox = content.Call("querySelector", ".view-board")
	m.cardsBox = content.Call("querySelector", ".view .cards")
	m.repr = region{el: content.Call("querySelector", ".view-repr"), written: true}
	if m.embed.ShowsRepr() {
		m.repr.markup = view.Representations(m.embed.Pos, m.hover)
	}
	m.tools = region{el: content.Call("querySelector", ".view-tools"), markup: m.embed.Tools(), written: true}
	m.fig = newFigureView(m.boardBox, m.cardsBox, "")
	m.fig.adopt(m.figure())
	m.highlight(m.hover)
	if res.Error != nil {
		return res
	}
	return m.result()
}

// firstDrawings keeps the last first drawing parsed, so that a page of
// elements with the same options (a worksheet of start positions) has
// its markup built and parsed once: the others clone it.
var firstDrawings firstDrawing

// A firstDrawing is a view's first markup, parsed into a template, with
// the options it was drawn from (view.Embed.Markup depends on nothing
// else at the first drawing, where no square is highlighted).
type firstDrawing struct {
	opts     view.EmbedOptions
	template js.Value // a <template> holding <div class="bitview-embed">
}

// content returns a new <div class="bitview-embed"> holding the view
// drawn from opts: a copy of the last one when opts are the same, else
// parsed from markup(), which is kept for the next.
func (d *firstDrawing) content(doc js.Value, opts view.EmbedOptions, markup func() string) js.Value {
	if d.template.IsUndefined() || d.opts != opts {
		t := doc.Call("createElement", "template")
		t.Set("innerHTML", `<div class="bitview-embed">`+markup()+`</div>`)
		d.opts, d.template = opts, t
	}
	return doc.Call("importNode", d.template.Get("content").Get("firstElementChild"), true)
}

// mountOptions are the options read from JS: the embed's and the
// interactive flag.
type mountOptions struct {
	embed       view.EmbedOptions
	interactive string
	perft       string
}

// readMountOptions reads bitview.mount's options (see jsMountOptions);
// a value that is not an object of strings and booleans, or a string
// over its limit, is an error, and the defaults are used. Lengths are
// read on the JS strings before any is copied into Go: a FEN over
// core.MaxFENLength is cut to one byte more, for ParseFEN to report it
// with its field; show over view.MaxShowLength and layout or orientation
// over view.MaxOptionLength are refused.
func readMountOptions(v js.Value) (mountOptions, jsRenderResult) {
	var o jsMountOptions
	var res jsRenderResult
	if v.Truthy() {
		if msg := readJSOptions(v, &o); msg != "" {
			o = jsMountOptions{}
			res.Error = &jsError{FieldName: "options", Offset: -1, Message: msg}
		}
	}
	yes := func(b *bool) bool { return b == nil || *b }
	inter := "0"
	if yes(o.Interactive) {
		inter = "1"
	}
	return mountOptions{view.EmbedOptions{FEN: o.FEN, Layout: o.Layout, Show: o.Show, Board: yes(o.Board),
		Grid: yes(o.Grid), Labels: o.Labels, Flipped: o.Orientation == "black", Repr: o.Repr,
		Arrows: o.Arrows, Marks: o.Marks, PieceBase: o.PieceBase, Magic: o.Magic, Zobrist: o.Zobrist}, inter, o.Perft}, res
}

// readJSOptions fills o from the object v, and returns what is wrong
// with v, or "".
func readJSOptions(v js.Value, o *jsMountOptions) string {
	const shape = "the options must be an object of strings and booleans"
	if v.Type() != js.TypeObject {
		return shape
	}
	for _, f := range []struct {
		key   string
		dst   *string
		limit int
	}{{"fen", &o.FEN, 0}, {"layout", &o.Layout, view.MaxOptionLength}, {"show", &o.Show, view.MaxShowLength},
		{"orientation", &o.Orientation, view.MaxOptionLength}, {"arrows", &o.Arrows, view.MaxShowLength},
		{"marks", &o.Marks, view.MaxShowLength}, {"pieceBase", &o.PieceBase, view.MaxShowLength},
		{"magic", &o.Magic, view.MaxOptionLength}, {"perft", &o.Perft, view.MaxOptionLength}} {
		jv := v.Get(f.key)
		switch jv.Type() {
		case js.TypeUndefined, js.TypeNull:
			continue
		case js.TypeString:
		default:
			return shape
		}
		n := strLen(jv)
		switch {
		case f.limit == 0 && n > core.MaxFENLength:
			jv = jsObject.Invoke(jv).Call("slice", 0, core.MaxFENLength+1) // a String object has slice; a string primitive is no object to Call on
		case f.limit > 0 && n > f.limit:
			return f.key + " is " + view.Thousands(n) + " characters; the limit is " + view.Thousands(f.limit) + " bytes"
		}
		*f.dst = jv.String()
	}
	for _, f := range []struct {
		key string
		dst **bool
	}{{"board", &o.Board}, {"grid", &o.Grid}, {"interactive", &o.Interactive}, {"labels", nil}, {"repr", nil}, {"zobrist", nil}} {
		jv := v.Get(f.key)
		switch jv.Type() {
		case js.TypeUndefined, js.TypeNull:
			continue
		case js.TypeBoolean:
		default:
			return shape
		}
		b := jv.Bool()
		switch f.key {
		case "labels":
			o.Labels = b
		case "repr":
			o.Repr = b
		case "zobrist":
			o.Zobrist = b
		default:
			*f.dst = &b
		}
	}
	return ""
}

// listen adds a handler of the view's events (see viewHandler); the
// view listens once the handlers are known, and destroy stops it.
func (m *mounted) listen(typ, selector string, fn func(ev js.Value, el *dom.BasicHTMLElement)) {
	m.handlers = append(m.handlers, viewHandler{typ, selector, fn})
}

// update redraws the view from options (see jsMountOptions): only what
// changed is written.
func (m *mounted) update(v js.Value) jsRenderResult {
	o, res := readMountOptions(v)
	if res.Error != nil {
		return res
	}
	m.embed = view.ResolveEmbed(o.embed, m.embed.Pos)
	m.errors.set(m.embed.Errors())
	setHidden(m.boardBox, !m.embed.Board)
	setHidden(m.cardsBox, len(m.embed.Shown) == 0)
	m.fig.draw(m.figure())
	m.drawPerft(o.perft)
	setHidden(m.repr.el, !m.embed.ShowsRepr())
	if m.embed.ShowsRepr() {
		m.repr.set(view.Representations(m.embed.Pos, m.hover))
	}
	tools := m.embed.Tools()
	m.tools.set(tools)
	setHidden(m.tools.el, tools == "")
	if o.interactive != m.interactive {
		m.interactive = o.interactive
		m.root.Call("querySelector", ".bitview-embed").Call("setAttribute", "data-interactive", o.interactive)
	}
	m.highlight(m.hover)
	return m.result()
}

// result is the answer for the view as drawn: its FEN error or first
// problem, or ok.
func (m *mounted) result() jsRenderResult {
	switch {
	case m.embed.FENError != nil:
		fe := m.embed.FENError
		return jsRenderResult{Error: &jsError{Field: fe.Field, FieldName: fe.FieldName(), Offset: fe.Offset, Message: fe.Msg}}
	case len(m.embed.Problems) > 0:
		return jsRenderResult{Error: &jsError{Offset: -1, Message: m.embed.Problems[0]}}
	case m.perftError != "":
		return jsRenderResult{Error: &jsError{FieldName: "perft", Offset: -1, Message: m.perftError}}
	}
	return jsRenderResult{OK: true}
}

// drawPerft draws the divide the perft option asks for under the view, on
// the page's thread (hence view.MaxElementPerft), counting it again only
// when the position or the depth changed; a refused option is explained
// in its place.
func (m *mounted) drawPerft(option string) {
	depth, problem := view.ParsePerftOption(option)
	m.perftError = problem
	key := strconv.Itoa(depth) + " " + problem
	if m.embed.Pos != nil {
		key += " " + m.embed.Pos.FEN()
	}
	if key == m.perftKey {
		return
	}
	m.perftKey = key
	markup := ""
	switch {
	case problem != "":
		markup = view.Alert(problem)
	case depth > 0 && m.embed.Pos != nil:
		if d, err := core.Divide(*m.embed.Pos, depth, nil); err == nil {
			markup = `<h3>Perft divide, depth ` + strconv.Itoa(depth) + `</h3>` + view.StaticDivideTable(d)
		}
	}
	m.perft.set(markup)
	setHidden(m.perft.el, markup == "")
}

// setHidden sets or removes el's hidden attribute when it differs.
func setHidden(el js.Value, h bool) {
	if el.Get("hidden").Bool() != h {
		el.Set("hidden", h)
	}
}

// figure is what the renderer draws: the embed's figure with its arrows
// and marked squares.
func (m *mounted) figure() figure {
	return figure{Figure: m.embed.Figure, marks: m.embed.BoardMarks()}
}

// highlight marks sq in this view only (its style lives in the view's
// root), with the outlines of the marked squares in the grids.
func (m *mounted) highlight(sq core.Square) {
	m.style.text(view.Highlight(sq) + view.GridMarks(m.embed.Marked))
}

// pointAt highlights the square under the pointer or focus; the
// representations' off-board tests follow it, unless the pointer is inside
// them (redrawing would move what it points at).
func (m *mounted) pointAt(ev js.Value, el *dom.BasicHTMLElement) {
	if m.interactive != "1" || el == nil {
		return
	}
	sq, ok := core.ParseSquare(el.GetAttribute("data-square"))
	if !ok || sq == m.hover {
		return
	}
	m.hover = sq
	m.highlight(sq)
	if m.embed.ShowsRepr() && closest(ev, ".view-repr") == nil {
		m.repr.set(view.Representations(m.embed.Pos, sq))
	}
}

// key moves the focus across the board with the arrow keys.
func (m *mounted) key(ev js.Value, el *dom.BasicHTMLElement) {
	if m.interactive != "1" || el == nil {
		return
	}
	sq, _ := core.ParseSquare(el.GetAttribute("data-square"))
	if next, ok := arrowStep(sq, ev.Get("key").String(), m.embed.Flipped); ok {
		ev.Call("preventDefault")
		if n := m.boardBox.Call("querySelector", `[data-square="`+next.String()+`"]`); !n.IsNull() {
			n.Call("focus")
		}
	}
}

// svg answers handle.svg(theme, pieces): the view as a standalone SVG in
// the theme given ({light, dark, bitOn, …}, see view.Theme), with pieces an
// array of 12 image hrefs in core.Piece.Index order (data: URLs), or absent.
func (m *mounted) svg(args []js.Value) any {
	var t view.Theme
	var pieces []string
	if len(args) > 0 && args[0].Truthy() {
		_ = (vert.Value{Value: args[0]}).AssignTo(&t) // a bad theme falls back to the default colours
	}
	if len(args) > 1 && args[1].Truthy() {
		_ = (vert.Value{Value: args[1]}).AssignTo(&pieces)
	}
	return figureSVG(m.embed.Figure, t, pieces)
}

// figureSVG draws f as a standalone SVG in theme t, with pieces the 12
// piece images in core.Piece.Index order (or none).
func figureSVG(f view.Figure, t view.Theme, pieces []string) string {
	if f.Pos == nil {
		return view.SVG(view.Figure{Layout: f.Layout}, t, nil)
	}
	return view.SVG(f, t, func(pc core.Piece) string {
		if i := pc.Index(); i < len(pieces) {
			return pieces[i]
		}
		return ""
	})
}

// destroy removes the view's listeners and its content, and forgets it:
// its handle's methods then answer that the view was destroyed.
func (m *mounted) destroy() {
	for i, h := range m.handlers {
		if !slices.ContainsFunc(m.handlers[:i], func(o viewHandler) bool { return o.typ == h.typ }) {
			m.root.Call("removeEventListener", h.typ, m.listener)
		}
	}
	m.handlers = nil
	delete(views, m.id)
	m.root.Set("innerHTML", "")
}
