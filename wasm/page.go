//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/wasm/view"
	"github.com/norunners/vert"
	"honnef.co/go/js/dom/v2"
)

// A page is the visualiser drawn into index.html. Its state (view.State
// and the few things beside it) is the only truth: every event changes
// the state and calls render, and render hands each part of the page to
// its region, the shared figureView or the move list, which write only
// what changed. Nothing is read back from the markup. Its handlers live
// as long as the page, so they are never released.
type page struct {
	doc      js.Value
	state    view.State
	pos      core.Position // the last position that parsed: kept on screen while the FEN is invalid
	fenError bool          // the FEN field does not parse
	status   string        // the FEN's error, or its notice and warnings (view.ReadFEN)
	warn     core.Bitboard // squares named by its warnings
	hover    core.Square
	selected core.Square // the square last clicked without a tool, for "attacks from"
	drawFrom core.Square // where a right-drag began, or NoSquare
	open     map[string]bool
	link     link // the URL's one writer
	fen      *dom.HTMLInputElement
	expr     *dom.HTMLInputElement
	editor   editor
	history  history
	opener   js.Value // the element that had the focus when the shortcuts dialog opened
	step     int      // the playground's selected step, -1 for the whole expression
	demo     shiftDemo
	game     gameState
	tools    toolsState
	perft    perftPanel
	free     freeState

	fig     *figureView
	regions map[string]*region // by element id
	style   region             // the hover highlight rule
	attrs   map[string]string  // attributes as last written, by "id attr"
}

// byID returns the page element with the given id, or nil.
func (pg *page) byID(id string) *dom.BasicHTMLElement {
	return element(pg.doc.Call("getElementById", id))
}

// region returns the region of the element with the given id.
func (pg *page) region(id string) *region {
	r, ok := pg.regions[id]
	if !ok {
		r = &region{el: pg.doc.Call("getElementById", id)}
		pg.regions[id] = r
	}
	return r
}

// setAttr sets attribute name of the element with the given id (a CSS
// selector when it starts with a bracket) when it differs from what was
// written last.
func (pg *page) setAttr(id, name, value string) {
	k := id + " " + name
	v, ok := pg.attrs[k]
	if ok && v == value {
		return
	}
	pg.attrs[k] = value
	el := pg.doc.Call("getElementById", id)
	if strings.HasPrefix(id, "[") {
		el = pg.doc.Call("querySelector", id)
	}
	if !ok { // the first write: the markup (prerendered, say) may hold the value already
		if old := el.Call("getAttribute", name); old.Type() == js.TypeString && old.String() == value {
			return
		}
	}
	el.Call("setAttribute", name, value)
}

// mountPage draws the page if this document is Bitview's page (it has
// #bitview-app) and wires its events.
func mountPage() {
	doc := js.Global().Get("document")
	if doc.IsUndefined() || doc.Call("getElementById", "bitview-app").IsNull() {
		return
	}
	pg := &page{doc: doc, pos: core.NewPosition(), hover: core.NoSquare, selected: core.NoSquare, drawFrom: core.NoSquare, step: -1,
		open: map[string]bool{}, regions: map[string]*region{}, attrs: map[string]string{}}
	pg.state = view.ParseQuery(js.Global().Get("location").Get("search").String())
	style := doc.Call("createElement", "style")
	doc.Get("head").Call("appendChild", style)
	pg.style = region{el: style}
	pg.fen = &dom.HTMLInputElement{BasicHTMLElement: pg.byID("fen")}
	pg.expr = &dom.HTMLInputElement{BasicHTMLElement: pg.byID("expr")}
	pg.fig = newFigureView(doc.Call("getElementById", "board"), doc.Call("getElementById", "cards"), view.NoCardsHint)
	pg.demo.src, pg.demo.op = view.DefaultShiftSource, view.DefaultShiftOp
	app := doc.Call("getElementById", "bitview-app")
	pg.adoptPrerender(app)

	for _, r := range view.FixedRegions(pg.demo.src, pg.demo.op) {
		pg.region(r.ID).set(r.Markup)
	}
	pg.gameFromURL()
	pg.toolsFromURL()
	pg.perftFromURL()
	// What was typed into the FEN field before the wasm started is the
	// position to show (the field's default value is the prerendered FEN,
	// the board on screen: the last good one while the typing is not).
	if typed, was := clipped(pg.fen.Underlying().Get("value"), core.MaxFENLength), pg.fen.Get("defaultValue").String(); typed != was && pg.game.game == nil {
		if p, ok, _, _ := view.ReadFEN(was); ok {
			pg.pos = p
		}
		pg.state.FEN = typed
	}
	setValue(pg.fen, pg.state.FEN)
	setValue(pg.expr, pg.state.Expr)
	pg.render()
	// A link's view is drawn: the prerendered default board is no longer
	// marked as not the linked one (see web/prerender.js).
	if cl := doc.Get("documentElement").Get("classList"); cl.Call("contains", "pending").Bool() {
		cl.Call("remove", "pending")
	}
	js.Global().Get("performance").Call("mark", "bitview-drawn") // measured by the start-up test
	pg.wire()
	pg.wireDrawing()
	doc.Get("documentElement").Call("setAttribute", "data-ready", "1")
}

// adoptPrerender takes over the default view that wasm/prerender wrote
// into index.html (view.DefaultPage), when it is there and its digest is
// this build's: each region, the page's attributes and the board and
// cards count as written from it, so the first render writes only what
// the URL's state changes (nothing for the default URL), and the focus,
// the selection and what was typed stay where the user put them.
func (pg *page) adoptPrerender(app js.Value) {
	pre := view.DefaultPage()
	if app.Call("getAttribute", "data-prerender").String() != pre.Hash() {
		// Not this build's prerender (or none): the regions and the board
		// are rewritten whole by the first render, but the cards' keyed
		// list must start from an empty container.
		pg.fig.cards.parent.Set("innerHTML", "")
		return
	}
	for _, r := range pre.Regions {
		if r.ID != "board" && r.ID != "cards" {
			pg.regions[r.ID] = &region{el: pg.doc.Call("getElementById", r.ID), markup: r.Markup, written: true}
		}
	}
	for _, a := range pre.Attrs {
		pg.attrs[a.ID+" "+a.Name] = a.Value
	}
	pg.attrs["present"] = "false"
	v := view.NewPageView(view.DefaultState())
	f, m := v.Figure()
	pg.fig.adopt(figure{Figure: f, marks: m})
}

// setValue sets a text field's value when it differs, so that a field
// the user is in keeps its caret.
func setValue(in *dom.HTMLInputElement, s string) {
	if in.Value() != s {
		in.SetValue(s)
	}
}

// view returns the page's view for the view package: its state and what
// it keeps beside it.
func (pg *page) view() view.PageView {
	return view.PageView{State: pg.state, Pos: &pg.pos, Status: pg.status, FENError: pg.fenError, Warn: pg.warn,
		Selected: pg.selected, Hover: pg.hover, Step: pg.step}
}

// write writes regions and attributes where they changed.
func (pg *page) write(regions []view.Region, attrs []view.Attr) {
	for _, r := range regions {
		pg.region(r.ID).set(r.Markup)
	}
	for _, a := range attrs {
		pg.setAttr(a.ID, a.Name, a.Value)
	}
}

// layout returns the layout on show.
func (pg *page) layout() *core.Layout {
	l, _ := core.LayoutByID(pg.state.Layout)
	return l
}

// render shows the state: the FEN status, the layout switch, the toggles,
// the board and the cards, the open panels, the playground, the game and
// the URL. Each part is written only when it changed.
func (pg *page) render() {
	p, ok, status, warn := view.ReadFEN(pg.state.FEN)
	pg.fenError, pg.status = !ok, status
	if ok {
		pg.pos, pg.warn = p, warn
	}
	// The FEN status, the layout switch, the toggles, the playground and
	// the square panel, as view.DefaultPage prerenders them.
	pg.write(pg.view().Draw())
	pg.fig.draw(pg.figure())
	pg.renderClosed()
	pg.renderTools()
	if pg.attrs["present"] != strconv.FormatBool(pg.state.Present) {
		pg.attrs["present"] = strconv.FormatBool(pg.state.Present)
		pg.doc.Get("documentElement").Get("classList").Call("toggle", "present", pg.state.Present)
	}
	pg.setChecked("flip", pg.state.Flipped)
	pg.setChecked("labels", pg.state.Labels)
	setHidden(pg.doc.Call("getElementById", "clear-drawing"), len(pg.state.Arrows)+len(pg.state.Marked) == 0)
	pg.renderGame()
	pg.highlight()
	pg.writeURL()
}

// setChecked sets the checkbox with the given id to the state.
func (pg *page) setChecked(id string, on bool) {
	if box := pg.doc.Call("getElementById", id); box.Get("checked").Bool() != on {
		box.Set("checked", on)
	}
}

// writeURL puts the state in the URL when it changed (a long link a few
// times a second at most: see link).
func (pg *page) writeURL() {
	pg.syncGameState()
	pg.syncPerftState()
	pg.link.set(pg.state.Query())
}

// figure returns what the board and the cards show: the position, its
// marks, and the shown bitboards with the bits they had before the last
// move of a game.
func (pg *page) figure() figure {
	var f figure
	f.Figure, f.marks = pg.view().Figure()
	if g := pg.game.game; g != nil && pg.game.ply > 0 {
		m := g.Moves[pg.game.ply-1].Move
		f.marks.LastFrom, f.marks.LastTo = m.From(), m.To()
	}
	f.Arrows, f.Marked = pg.annotations()
	f.marks.Arrows, f.marks.Marked = f.Arrows, f.Marked
	for _, s := range f.Shown {
		if s.Key == view.FreeKey {
			f.free = pg.freeEdit()
		}
		prev := s.Bits
		if pg.game.prev != nil {
			if ps, err := view.ResolveShown(pg.game.prev, s.Key); err == nil {
				prev = ps.Bits
			}
		}
		f.prev = append(f.prev, prev)
	}
	return f
}

// renderClosed draws the panels that sit in <details>: the board editor,
// the representations, the shift demo and the embed snippets, only while
// they are open, so the first drawing stays small.
func (pg *page) renderClosed() {
	if pg.open["editor"] {
		pg.region("palette").set(view.Palette(pg.editor.tool))
		pg.region("state-controls").set(view.StateControls(&pg.pos))
	}
	if pg.open["shiftdemo"] && !pg.demo.timer.Truthy() {
		pg.demo.step = 0
		pg.demoDraw()
	}
	if pg.open["repr"] {
		pg.region("repr-panel").set(view.Representations(&pg.pos, pg.hover))
	}
	if pg.open["perft"] {
		pg.renderPerft()
	}
	if pg.open["embed"] {
		loc := js.Global().Get("location")
		base := loc.Get("origin").String() + loc.Get("pathname").String()
		base = base[:strings.LastIndexByte(base, '/')+1]
		pg.region("embed-snippets").set(view.Snippets(pg.state, base))
	}
}

// showSquare highlights sq everywhere and fills the square panel.
func (pg *page) showSquare(sq core.Square) {
	pg.hover = sq
	pg.highlight()
	r := pg.view().SquarePanel()
	pg.region(r.ID).set(r.Markup)
}

// highlight writes the style rule that highlights the pointed square
// everywhere and outlines the marked squares in the grids.
func (pg *page) highlight() {
	_, marks := pg.annotations()
	pg.style.text(view.Highlight(pg.hover) + view.GridMarks(marks))
}

// wire connects the page's events, all delegated to a few containers.
func (pg *page) wire() {
	app := pg.doc.Call("getElementById", "bitview-app")
	on(pg.fen.Underlying(), "input", "", func(js.Value, *dom.BasicHTMLElement) {
		pg.show(clipped(pg.fen.Underlying().Get("value"), core.MaxFENLength), true)
	})
	on(pg.expr.Underlying(), "input", "", func(js.Value, *dom.BasicHTMLElement) {
		pg.state.Expr, pg.step = clipped(pg.expr.Underlying().Get("value"), expr.MaxLength), -1
		pg.renderPlayground()
		pg.writeURL()
	})
	on(app, "click", "[data-example],[data-toggle],[data-copy],[data-export],[data-tool],[data-action],[data-step],[data-ply],#board [data-square]", pg.click)
	on(app, "change", "input,select", pg.change)
	for _, typ := range []string{"pointerover", "focusin"} {
		on(app, typ, "[data-square]", func(_ js.Value, el *dom.BasicHTMLElement) {
			if el == nil {
				return
			}
			if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok && sq != pg.hover {
				pg.showSquare(sq)
				// The representations' off-board tests follow the square, unless
				// the pointer is inside them (redrawing would move what it points at).
				if pg.open["repr"] && el.Call("closest", "#repr-panel").IsNull() {
					pg.region("repr-panel").set(view.Representations(&pg.pos, sq))
				}
			}
		})
	}
	on(pg.doc.Call("getElementById", "board"), "keydown", "[data-square]", pg.boardKey)
	on(pg.doc.Call("getElementById", "expr-result"), "keydown", ".bits [tabindex]", func(ev js.Value, el *dom.BasicHTMLElement) { gridKey(ev, el) })
	pg.wireFree()
	for _, id := range []string{"editor", "shiftdemo", "embed", "repr", "game", "perft"} {
		on(pg.doc.Call("getElementById", id), "toggle", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
			if t := ev.Get("target"); t.Get("id").String() == id {
				pg.open[id] = t.Get("open").Bool()
				pg.renderClosed()
			}
		})
	}
	pg.wireTools()
	on(pg.doc.Get("body"), "keydown", "", pg.shortcut)
	on(pg.doc.Call("getElementById", "shortcuts"), "click", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
		if ev.Get("target").Get("id").String() == "shortcuts" {
			pg.act("close") // a click on the backdrop
		}
	})
	pg.wirePerft()
}

// click runs the page's buttons, toggles and squares.
func (pg *page) click(_ js.Value, el *dom.BasicHTMLElement) {
	switch {
	case el == nil:
	case el.HasAttribute("data-export"):
		pg.export(el.GetAttribute("data-export"))
	case el.HasAttribute("data-example"):
		i, _ := strconv.Atoi(el.GetAttribute("data-example"))
		if i >= 0 && i < len(view.Examples) {
			pg.show(view.Examples[i].FEN, false)
		}
	case el.HasAttribute("data-toggle"):
		pg.state.Toggle(el.GetAttribute("data-toggle"))
		pg.render()
	case el.HasAttribute("data-copy"):
		copyText(el, el.GetAttribute("data-copy"))
	case el.HasAttribute("data-tool"):
		pg.editor.tool = el.GetAttribute("data-tool")
		pg.region("palette").set(view.Palette(pg.editor.tool))
	case el.HasAttribute("data-action"):
		pg.act(el.GetAttribute("data-action"))
	case el.HasAttribute("data-ply"):
		ply, _ := strconv.Atoi(el.GetAttribute("data-ply"))
		pg.goToPly(ply)
	case el.HasAttribute("data-step"):
		pg.step, _ = strconv.Atoi(el.GetAttribute("data-step"))
		pg.renderPlayground()
	case el.HasAttribute("data-square"):
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
			pg.clickSquare(sq)
		}
	}
}

// change reads the page's inputs: the numbering radios, the flip and
// labels switches, the editor's state controls and the shift demo's
// selects.
func (pg *page) change(_ js.Value, el *dom.BasicHTMLElement) {
	if el == nil {
		return
	}
	in := &dom.HTMLInputElement{BasicHTMLElement: el}
	switch {
	case el.GetAttribute("name") == "layout":
		pg.state.Layout = in.Value()
		pg.render()
	case el.ID() == "flip":
		pg.state.Flipped = in.Checked()
		pg.render()
	case el.ID() == "labels":
		pg.state.Labels = in.Checked()
		pg.render()
	case el.GetAttribute("name") == "side", el.HasAttribute("data-castle"), el.ID() == "ep":
		pg.editState(el)
	case el.ID() == "fen":
		pg.history.typing = false // the field was left: the next typing is a new entry
	case el.ID() == "shift-src":
		pg.demo.src = in.Value()
		pg.demoReset()
	case el.ID() == "shift-op":
		pg.demo.op, _ = strconv.Atoi(in.Value())
		pg.demoReset()
	}
}

// boardKey handles keys on a focused board square: the arrow keys move the
// focus (a roving focus: the board is one stop in the tab order), a piece
// letter puts that piece there, Delete or Backspace empties it.
func (pg *page) boardKey(ev js.Value, el *dom.BasicHTMLElement) {
	if el == nil {
		return
	}
	sq, _ := core.ParseSquare(el.GetAttribute("data-square"))
	key := ev.Get("key").String()
	if ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || ev.Get("altKey").Bool() {
		return
	}
	handled := true
	if pc, ok := core.PieceFromLetter(key[0]); ok && len(key) == 1 {
		pg.edit(func(p *core.Position) { p.Put(pc, sq) })
	} else if key == "Delete" || key == "Backspace" {
		pg.edit(func(p *core.Position) { p.Remove(sq) })
	} else if next, ok := arrowStep(sq, key, pg.state.Flipped); ok {
		pg.focusSquare(next)
	} else {
		handled = false
	}
	if handled {
		ev.Call("preventDefault")
		ev.Call("stopPropagation")
	}
}

// focusSquare moves the keyboard focus to sq on the board.
func (pg *page) focusSquare(sq core.Square) {
	if n := pg.doc.Call("querySelector", `#board [data-square="`+sq.String()+`"]`); !n.IsNull() {
		n.Call("focus")
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
	f := pg.figure().Figure
	api := js.Global().Get("bitview")
	var t view.Theme
	_ = (vert.Value{Value: api.Call("themeOf", pg.doc.Call("getElementById", "bitview-app"))}).AssignTo(&t)
	var then js.Func
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer then.Release()
		return guard(func() any {
			var pieces []string
			_ = (vert.Value{Value: args[0]}).AssignTo(&pieces)
			api.Call("saveFigure", figureSVG(f, t, pieces), format, "bitview")
			return nil
		}, logPanic)
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
	// One of the two answers runs once; then both are released. Like every
	// callback from JS, they go through guard.
	var done, failed js.Func
	answer := func(label string) js.Func {
		return js.FuncOf(func(js.Value, []js.Value) any {
			return guard(func() any {
				defer func() { done.Release(); failed.Release() }()
				button.SetTextContent(label)
				return nil
			}, logPanic)
		})
	}
	done, failed = answer("Copied"), answer("Not allowed")
	clip.Call("writeText", text).Call("then", done, failed)
}
