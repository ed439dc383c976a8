//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/jsapi"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
	"github.com/norunners/vert"
	"honnef.co/go/js/dom/v2"
)

// An embedView is one embedded view: a <bitboard-view>'s shadow
// container, or any element handed to bitview.mount. It is built from the
// components of the page (the figure's board and cards, the
// representations) with, below them, the tools and the perft divide its
// options ask for. Its one truth is its options (model.Options), resolved
// by model.ResolveEmbed; an update resolves them again and every component
// writes only what changed. Its listeners live in its scope until
// destroy.
type embedView struct {
	sc      *scope
	root    js.Value
	content *domElement // <div class="bitview-embed">, holding data-interactive
	opts    model.Options
	embed   model.Embed
	fig     *figureView
	errors  region
	repr    reprView
	tools   region // the magic steps and the Polyglot key (model.Embed.Tools)
	perft   region // the perft divide under the view (the perft option)
	// perftKey is the FEN and depth the divide was counted for, and
	// perftError why the perft option was refused.
	perftKey, perftError string
}

// embeds are the mounted views by their scope's id.
var embeds = map[int]*embedView{}

// jsMounted is the answer of __bitviewGo.mount: the view's id (0 when
// nothing was mounted) and its first drawing's result. web/bitview.js
// makes the handle from it.
type jsMounted struct {
	ID    int          `js:"id"`
	OK    bool         `js:"ok"`
	Error *jsapi.Error `js:"error"`
}

// mountView answers __bitviewGo.mount(root, options): it draws the view
// into root and answers {id, ok, error}. Mounting is a transaction: the
// view is registered only once its first drawing is done; when that
// fails, its listeners are removed, root is emptied and id is 0, so a
// failed mount holds nothing.
func mountView(args []js.Value) any {
	if len(args) < 1 || !args[0].InstanceOf(js.Global().Get("Element")) {
		return vert.ValueOf(jsMounted{Error: jsapi.Arg("root", "mount needs an element to draw into")}).Value
	}
	var opts js.Value
	if len(args) > 1 {
		opts = args[1]
	}
	v := &embedView{root: args[0], sc: newScope(args[0])}
	res := guard(func() jsMounted {
		r := v.first(opts)
		return jsMounted{ID: v.sc.id, OK: r.OK, Error: r.Error}
	}, func(msg string) jsMounted {
		v.sc.close()
		v.root.Set("innerHTML", "")
		return jsMounted{Error: &jsapi.Error{Offset: -1, Message: "the view could not be drawn: " + msg}}
	})
	if res.ID != 0 {
		embeds[res.ID] = v
	}
	return vert.ValueOf(res).Value
}

// viewMethod answers __bitviewGo.view(id, method, ...args), the handle's
// methods that web/bitview.js calls: "update" (options) answers {ok,
// error}, "svg" (theme, pieces) the SVG document, "destroy" and "release"
// nothing. A view destroyed or released (or never mounted) answers an
// error to update and "" to svg.
func viewMethod(args []js.Value) any {
	if len(args) < 2 {
		return nil
	}
	v, method, rest := embeds[args[0].Int()], args[1].String(), args[2:]
	arg := func(i int) js.Value {
		if i < len(rest) {
			return rest[i]
		}
		return js.Undefined()
	}
	switch {
	case method == "update" && v == nil:
		return vert.ValueOf(jsapi.Result{Error: &jsapi.Error{Offset: -1, Message: "the view was destroyed"}}).Value
	case method == "update":
		return vert.ValueOf(v.update(arg(0))).Value
	case method == "svg" && v == nil:
		return ""
	case method == "svg":
		return v.svg(arg(0), arg(1))
	case method == "destroy" && v != nil:
		v.destroy()
	case method == "release" && v != nil:
		v.release()
	}
	return nil
}

// first draws the view for the first time from the options: the whole
// drawing at once (model.Embed.Drawing), which the components then take
// over; then it listens. When root already holds that very drawing (an
// element prerendered by the bitview command, see wasm/figure), its nodes
// are adopted as they are: nothing is written, so the view keeps its size
// and the focus stays where it was. Otherwise the drawing (a copy of the
// last one parsed, when the options are the same) replaces root's
// content.
func (v *embedView) first(opts js.Value) jsapi.Result {
	o, problem := readOptions(opts)
	doc := js.Global().Get("document")
	v.opts, v.embed = o, model.ResolveEmbed(o, nil)
	perft, perftProblem := view.PerftMarkup(o.Perft, v.embed.Pos)
	drawing := firstDrawings.parsed(doc, o, func() string { return view.EmbedDrawing(v.embed, perft) })
	if !sameChildren(v.root, drawing.Get("content")) {
		v.root.Set("innerHTML", "")
		insert(v.root, cloneContent(doc, drawing), js.Null())
	}
	v.content = query(v.root, ":scope > .bitview-embed")
	content := v.content.Underlying()
	style := query(v.root, ":scope > style")
	v.errors = region{el: query(content, ".errors"), markup: view.EmbedErrors(v.embed), written: true}
	v.repr = reprView{region: &region{el: query(content, ".view-repr"), written: true}, shown: v.embed.ShowsRepr()}
	if v.repr.shown {
		v.repr.markup = view.Representations(v.embed.Pos, core.NoSquare)
	}
	v.tools = region{el: query(content, ".view-tools"), markup: view.EmbedTools(v.embed), written: true}
	v.perft = region{el: query(content, ".view-perft"), markup: perft, written: true}
	v.perftKey, v.perftError = perftKey(o.Perft, v.embed.Pos), perftProblem
	v.fig = newFigureView(query(content, ".view-board"), query(content, ".view .cards"), style, "")
	v.fig.style.markup, v.fig.style.written = view.GridMarks(v.embed.Marked), true // as Drawing wrote it
	v.fig.onPoint = func(sq core.Square, at js.Value) { v.repr.follow(v.embed.Pos, sq, at) }
	v.fig.adopt(v.figure())
	v.fig.interactive = v.embed.Interactive
	v.fig.wire(v.sc)
	v.sc.on("pointerleave", "", func(e *event, _ *dom.BasicHTMLElement) {
		if e.Target.Equal(v.root) { // pointerleave does not bubble: bitview.js listens in the capture phase
			v.fig.highlight(core.NoSquare)
		}
	})
	if problem != nil {
		return jsapi.Result{Error: problem}
	}
	return v.result()
}

// sameChildren reports whether root's child nodes are equal (isEqualNode:
// the same elements, attributes and text, in order) to those of the
// fragment drawing.
func sameChildren(root, drawing js.Value) bool {
	a, b := root.Get("childNodes"), drawing.Get("childNodes")
	n := a.Length()
	if n == 0 || n != b.Length() {
		return false
	}
	for i := range n {
		if !equalNodes(a.Index(i), b.Index(i)) {
			return false
		}
	}
	return true
}

// firstDrawings keeps the last first drawing parsed, so that a page of
// elements with the same options (a worksheet of start positions) has
// its markup built and parsed once: the others clone it.
var firstDrawings firstDrawing

// A firstDrawing is a view's first drawing (model.Embed.Drawing), parsed
// into a template, with the options it was drawn from (the drawing
// depends on nothing else at the first drawing, where no square is
// highlighted).
type firstDrawing struct {
	opts     model.Options
	template *domElement // a <template> holding the <style> and <div class="bitview-embed">
}

// parsed returns the template holding the drawing from opts: the last
// one when opts are the same, else parsed from markup(), and kept for the
// next. Its content is to be cloned (importNode), not moved.
func (d *firstDrawing) parsed(doc js.Value, opts model.Options, markup func() string) *domElement {
	if d.template == nil || !d.opts.Same(opts) {
		t := newElement(doc, "template")
		t.SetInnerHTML(markup())
		d.opts, d.template = opts, t
	}
	return d.template
}

// update redraws the view from options: only what changed is written. With
// options that cannot be read, the view stays as it is.
func (v *embedView) update(opts js.Value) jsapi.Result {
	o, problem := readOptions(opts)
	if problem != nil {
		return jsapi.Result{Error: problem}
	}
	v.opts, v.embed = o, model.ResolveEmbed(o, v.embed.Pos)
	v.errors.set(view.EmbedErrors(v.embed))
	v.viewAttrs()
	setHidden(v.fig.board.box, !v.embed.Board)
	setHidden(v.fig.cards.list.parent, len(v.embed.Shown) == 0)
	v.fig.draw(v.figure())
	v.drawPerft()
	v.repr.shown = v.embed.ShowsRepr()
	setHidden(v.repr.el, !v.repr.shown)
	v.repr.draw(v.embed.Pos, v.fig.hover)
	tools := view.EmbedTools(v.embed)
	v.tools.set(tools)
	setHidden(v.tools.el, tools == "")
	v.interactive()
	return v.result()
}

// viewAttrs writes the view's data-board, data-cards and data-cols, by
// which view.css lays it out (view.EmbedAttrs).
func (v *embedView) viewAttrs() {
	el := query(v.content.Underlying(), ".view")
	for _, a := range view.EmbedAttrs(v.embed) {
		el.SetAttribute(a[0], a[1])
	}
}

// interactive shows whether the pointer and the keyboard explore the view.
func (v *embedView) interactive() {
	v.fig.interactive = v.embed.Interactive
	v.content.SetAttribute("data-interactive", map[bool]string{true: "1", false: "0"}[v.embed.Interactive])
}

// figure is what the view's figure draws: the embed's figure with its
// arrows and marked squares.
func (v *embedView) figure() figure {
	return figure{Figure: v.embed.Figure, marks: v.embed.BoardMarks()}
}

// result is the answer for the view as drawn: its FEN error or first
// problem, or ok.
func (v *embedView) result() jsapi.Result {
	switch {
	case v.embed.Read.Err != nil:
		return jsapi.Fail(v.embed.Read.Err)
	case len(v.embed.Problems) > 0:
		return jsapi.Result{Error: &jsapi.Error{Offset: -1, Message: v.embed.Problems[0]}}
	case v.perftError != "":
		return jsapi.Result{Error: jsapi.Arg("perft", v.perftError)}
	}
	return jsapi.Result{OK: true}
}

// drawPerft draws the divide the perft option asks for under the view, on
// the page's thread (hence model.MaxElementPerft), counting it again only
// when the position or the depth changed; a refused option is explained
// in its place.
func (v *embedView) drawPerft() {
	key := perftKey(v.opts.Perft, v.embed.Pos)
	if key == v.perftKey {
		return
	}
	v.perftKey = key
	var markup string
	markup, v.perftError = view.PerftMarkup(v.opts.Perft, v.embed.Pos)
	v.perft.set(markup)
	setHidden(v.perft.el, markup == "")
}

// perftKey is what a perft divide depends on: the option and the position.
func perftKey(option string, pos *core.Position) string {
	key := strings.TrimSpace(option)
	if pos != nil {
		key += " " + pos.FEN()
	}
	return key
}

// svg answers the handle's svg(theme, pieces): the view as a standalone
// SVG in the theme given ({light, dark, bitOn, …}, see view.Theme; a bad
// theme falls back to the default colours), with pieces an array of 12
// image hrefs in core.Piece order (data: URLs), or absent.
func (v *embedView) svg(theme, pieces js.Value) string {
	var t view.Theme
	var ps []string
	if theme.Truthy() {
		_ = (vert.Value{Value: theme}).AssignTo(&t)
	}
	if pieces.Truthy() {
		_ = (vert.Value{Value: pieces}).AssignTo(&ps)
	}
	return view.FigureSVG(v.embed.Figure, t, ps)
}

// destroy removes the view's listeners and its content, and forgets it.
func (v *embedView) destroy() {
	v.release()
	v.root.Set("innerHTML", "")
}

// release removes the view's listeners and forgets it, leaving its content
// as it is drawn: web/bitview.js releases a view whose root has left the
// document without destroy(), so that Go holds none of its references.
func (v *embedView) release() {
	v.sc.close()
	delete(embeds, v.sc.id)
}
