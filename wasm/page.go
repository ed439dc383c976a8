//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// The page (index.html) is built from the same components as every
// <bitboard-view>: the figure (figure.go: the board, board.go, and the
// cards, cards.go) and the representations (repr.go), with the page's own
// components beside them, each in its own file with its own state, each
// the only writer of its regions:
//
//	fen.go          the FEN field, the example buttons and the FEN's status  #fen #examples #fen-status
//	switches.go     the numbering, the bitboard switches, Flip, Square indices  #layout-switch #toggles #flip #labels
//	squarepanel.go  the square pointed at, in every layout                   #square-info
//	editor.go       the board editor and the board's clicks and piece keys   #editor #palette #state-controls
//	history.go      undo and redo of positions                               (the store's)
//	game.go         a PGN loaded and stepped through                         #game #pgn-status #moves
//	playground.go   the bitboard expression, its steps and its result        #expr #expr-help #expr-status #expr-result
//	free.go         the free bitboard's card (drawn among the cards)          the .free card in #cards
//	drawing.go      arrows and marks drawn on the board                      #clear-drawing
//	shiftdemo.go    the shift demo                                           #shiftdemo #shift-*
//	engine.go       the engine author's panels: dump, Zobrist, magic         #dump #zobrist #magic and theirs
//	perft.go        the perft divide panel and its Web Worker                #perft #perft-*
//	present.go      presentation mode, the shortcuts and their dialog       html.present #shortcuts
//	share.go        export as SVG and PNG, the embed snippets                #embed #embed-snippets
//
// Their one truth is the store (store.go): a model.State, which the URL
// serialises (link.go), and what follows from it. Every event reaches a
// component through the page's one scope (events.go); the component
// changes the store, and the store redraws the page: each component
// writes only what changed. Nothing is read back from the markup. The
// page lives as long as the document: its listeners are never removed.
type page struct {
	doc     js.Value
	sc      *scope
	st      *store
	fig     *figureView
	square  squarePanel
	repr    reprView
	regions regions
	attrs   attrs
	acts    actions
	link    link
	parts   []part
	free    *freeCard
	play    *playground
}

// A part is one of the page's own components.
type part interface {
	// wire adds the part's handlers to the page's scope and its actions
	// (the buttons' data-action and the keyboard shortcuts).
	wire(sc *scope, acts actions)
	// render draws the part from the store, writing only what changed.
	render()
}

// actions are the page's named actions (a button's data-action, a
// keyboard shortcut's model.Shortcut.Action), each registered by the part
// that owns it.
type actions map[string]func()

// run runs the action name, when there is one.
func (a actions) run(name string) {
	if fn := a[name]; fn != nil {
		fn()
	}
}

// mountPage draws the page if this document is Bitview's page (it has
// #bitview-app) and wires its events.
func mountPage() {
	doc := js.Global().Get("document")
	if doc.IsUndefined() || byID(doc, "bitview-app") == nil {
		return
	}
	newPage(doc, js.Global().Get("location").Get("search").String())
}

// newPage draws the page into doc for the link's query and wires its
// events.
func newPage(doc js.Value, query string) *page {
	pg := &page{doc: doc, st: newStore(model.ParseQuery(query)),
		regions: regions{doc: doc}, attrs: attrs{doc: doc}, acts: actions{}}
	style := newElement(doc, "style")
	insert(doc.Get("head"), style.Underlying(), js.Null())
	pg.fig = newFigureView(byID(doc, "board"), byID(doc, "cards"), style, view.NoCardsHint)
	pg.square = squarePanel{region: pg.regions.get("square-info")}
	pg.repr = reprView{region: pg.regions.get("repr-panel")}
	pg.fig.onPoint = func(sq core.Square, at js.Value) {
		pg.square.draw(pg.st, sq)
		pg.repr.follow(&pg.st.pos, sq, at)
	}
	pg.play = &playground{st: pg.st, regions: &pg.regions, attrs: &pg.attrs, in: byID(doc, "expr"), step: -1}
	pg.free = &freeCard{st: pg.st, doc: doc, play: pg.play}
	fen := &fenField{st: pg.st, regions: &pg.regions, attrs: &pg.attrs, in: byID(doc, "fen")}
	ed := &editor{st: pg.st, regions: &pg.regions}
	game := &gamePanel{st: pg.st, regions: &pg.regions, doc: doc}
	engine := &enginePanels{st: pg.st, regions: &pg.regions, attrs: &pg.attrs, doc: doc}
	perft := &perftPanel{st: pg.st, regions: &pg.regions, doc: doc}
	pg.parts = []part{
		fen,
		&switches{st: pg.st, regions: &pg.regions, attrs: &pg.attrs, doc: doc},
		ed,
		game,
		pg.play,
		pg.free,
		&drawing{st: pg.st, doc: doc},
		&shiftDemo{st: pg.st, regions: &pg.regions, doc: doc},
		engine,
		perft,
		&share{st: pg.st, regions: &pg.regions, doc: doc, figure: func() model.Figure { return pg.st.figure(nil).Figure }},
		&presenter{st: pg.st, attrs: &pg.attrs, doc: doc, editing: ed.open},
		&toolArea{st: pg.st, doc: doc, attrs: &pg.attrs},
	}
	pg.adopt(byID(doc, "bitview-app"))
	pg.regions.write(view.FixedRegions(model.DefaultShiftSource, model.DefaultShiftOp)...)
	// What the page holds beyond its link's state, before the first
	// render: the link's game, its open tool panels, its perft path (which
	// leaves the game), and what was typed into the FEN field before the
	// wasm started.
	game.start()
	engine.start()
	perft.start()
	fen.start()
	pg.render()
	pg.st.redraw = pg.render
	// A link's view is drawn: the prerendered default board is no longer
	// marked as not the linked one (see web/prerender.js).
	root := element(doc.Get("documentElement"))
	if cl := root.Class(); cl.Contains("pending") {
		cl.Remove("pending")
	}
	mark("bitview-drawn") // measured by the start-up test
	pg.wire()
	root.SetAttribute("data-ready", "1")
	return pg
}

// adopt takes over the default view that wasm/prerender wrote into
// index.html (view.DefaultPage), when it is there and its digest is this
// build's: each region, the page's attributes and the board and cards
// count as written from it, so the first render writes only what the
// URL's state changes (nothing for the default URL), and the focus, the
// selection and what was typed stay where the user put them.
func (pg *page) adopt(app *domElement) {
	pre := view.DefaultPage()
	if app.GetAttribute("data-prerender") != pre.Hash() {
		// Not this build's prerender (or none): the regions and the board
		// are rewritten whole by the first render, but the cards' keyed
		// list must start from an empty container.
		pg.fig.cards.list.parent.SetInnerHTML("")
		return
	}
	for _, r := range pre.Regions {
		if r.ID != "board" && r.ID != "cards" {
			pg.regions.adopt([]view.Region{r})
		}
	}
	for _, a := range pre.Attrs {
		pg.attrs.set(a.ID, a.Name, a.Value) // the first write of each finds the value in the markup
	}
	f, m := view.NewPageView(model.DefaultState()).Figure()
	pg.fig.adopt(figure{Figure: f, marks: m})
}

// render draws the page from the store: the figure, the square panel, the
// representations, every part, and the URL. Each writes only what
// changed.
func (pg *page) render() {
	pg.fig.draw(pg.st.figure(pg.free.editing()))
	pg.square.draw(pg.st, pg.fig.hover)
	pg.repr.shown = pg.st.Tab == "repr"
	pg.repr.draw(&pg.st.pos, pg.fig.hover)
	for _, p := range pg.parts {
		p.render()
	}
	pg.link.set(pg.st.link())
}

// wire connects the page's events, all through one scope on the document,
// in the order they bubble: the parts' handlers that must see a key
// before the figure does (the editor's piece letters on the board, the
// free card's Space and Enter), the figure's, then the rest.
func (pg *page) wire() {
	sc := newScope(pg.doc)
	pg.sc = sc
	for _, p := range pg.parts {
		p.wire(sc, pg.acts)
	}
	pg.fig.wire(sc)
	sc.on("click", "[data-action]", func(e *event, el *domElement) {
		pg.acts.run(el.GetAttribute("data-action"))
	})
}
