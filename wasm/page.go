//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A page is Bitview's page (index.html): its one truth is a model.Page,
// whose methods are what a user does; controls.go turns every event into
// one of them, then render writes the regions wasm/view draws from it,
// each only where it changed. This file and controls.go are the page's
// wiring: they alone know the page and its components; a component knows
// the model and the surface it writes, never the page. The page is built from the same components
// as every <bitboard-view> (the figure: figure.go, board.go and cards.go;
// the representations, repr.go), with its own beside them, one file each
// (they hold only what the DOM needs beside the model: a field's caret, a
// timer, a Web Worker), each the only writer of its regions:
//
//	fen.go          the FEN field and its status                            #fen #fen-status
//	switches.go     the numbering, the bitboard switches, Flip, indices     #layout-switch #toggles #flip #labels
//	editor.go       the editor's palette and state controls                 #palette #state-controls
//	game.go         a PGN loaded and stepped through                        #pgn-status #moves
//	playground.go   the bitboard expression, its steps and its result       #expr #expr-status #expr-result
//	free.go         the free bitboard's card (drawn among the cards)         the .free card in #cards
//	drawing.go      arrows and marks drawn on the board                     #clear-drawing
//	shiftdemo.go    the shift demo                                          #shift-grid #shift-caption
//	engine.go       the engine author's panels: dump, Zobrist, magic        #dump #zobrist #magic and theirs
//	perft.go        the perft divide panel and its Web Worker               #perft-*
//	present.go      presentation mode and the shortcuts' dialog             html.present #shortcuts
//	share.go        export as SVG and PNG, the embed snippets               #embed-snippets
//	toolarea.go     the tool area's tabs                                    [role=tab] and the tool panels
//
// link.go writes the model's link into the URL. The page lives as long
// as the document: its listeners are never removed.
type page struct {
	doc     js.Value
	m       *model.Page
	s       *surface
	sc      *scope
	fig     *figureView
	square  *region // #square-info
	repr    reprView
	link    link
	fen     fenField
	sw      switches
	ed      editor
	game    gamePanel
	play    playground
	free    freeCard
	draw    drawing
	shift   shiftDemo
	engine  enginePanels
	perft   perftPanel
	present presenter
	share   share
	tools   toolArea
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
	m, s := model.NewPage(model.ParseQuery(query)), newSurface(doc)
	pg := &page{doc: doc, m: m, s: s}
	style := newElement(doc, "style")
	insert(doc.Get("head"), style.Underlying(), js.Null())
	pg.fig = newFigureView(byID(doc, "board"), byID(doc, "cards"), style, view.NoCardsHint)
	pg.square = s.regions.get("square-info")
	pg.repr = reprView{region: s.regions.get("repr-panel")}
	pg.fig.onPoint = func(sq core.Square, at js.Value) {
		pg.m.Point(sq)
		pg.square.set(view.SquarePanel(pg.m).Markup)
		pg.repr.follow(pg.m.Pos(), sq, at)
	}
	pg.fen = fenField{m: m, s: s, in: byID(doc, "fen")}
	pg.sw = switches{m: m, s: s}
	pg.ed = editor{m: m, s: s}
	pg.game = gamePanel{m: m, s: s}
	pg.play = playground{m: m, s: s, in: byID(doc, "expr")}
	pg.free = freeCard{m: m, s: s}
	pg.draw = drawing{m: m, s: s, from: core.NoSquare, at: core.NoSquare}
	pg.shift = shiftDemo{m: m, s: s, src: model.DefaultShiftSource, op: model.DefaultShiftOp}
	pg.shift.timer.fn = pg.shift.next
	pg.engine = enginePanels{m: m, s: s}
	pg.perft = perftPanel{m: m, s: s}
	pg.present = presenter{m: m, s: s}
	pg.share = share{m: m, s: s}
	pg.tools = toolArea{m: m, s: s}
	pg.adopt(byID(doc, "bitview-app"))
	s.regions.write(view.FixedRegions(model.DefaultShiftSource, model.DefaultShiftOp)...)
	// What the page holds beyond its link's state, before the first
	// render: the magic controls of the link, its perft divide, and what
	// was typed into the FEN field before the wasm started.
	pg.engine.controls()
	pg.perft.start()
	pg.fen.start()
	pg.render()
	// A link's view is drawn: the prerendered default board is no longer
	// marked as not the linked one (see web/page-start.js).
	root := element(doc.Get("documentElement"))
	if cl := root.Class(); cl.Contains("pending") {
		cl.Remove("pending")
	}
	mark("bitview-drawn") // measured by the start-up test
	pg.wire()
	root.SetAttribute("data-ready", "1")
	return pg
}

// adopt takes over the default view that wasm/webpages wrote into
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
			pg.s.regions.adopt([]view.Region{r})
		}
	}
	for _, a := range pre.Attrs {
		pg.s.attrs.set(a.ID, a.Name, a.Value) // the first write of each finds the value in the markup
	}
	f, m, _ := model.NewPage(model.DefaultState()).Figure()
	pg.fig.adopt(figure{Figure: f, marks: m})
}

// render draws the page from its model: the figure, the square panel,
// the representations, each of the page's components, and the URL. Each
// writes only what changed.
func (pg *page) render() {
	m := pg.m
	if m.Tab == "perft" {
		m.FollowPerft() // the perft path follows the position on show while its panel is open
	}
	f, marks, prev := m.Figure()
	pg.fig.draw(figure{Figure: f, marks: marks, prev: prev, free: pg.free.editing()})
	pg.square.set(view.SquarePanel(m).Markup)
	pg.repr.shown = m.Tab == "repr"
	pg.repr.draw(m.Pos(), m.Hover())
	pg.fen.render()
	pg.sw.render()
	pg.ed.render()
	pg.game.render()
	pg.play.render()
	pg.draw.render()
	pg.shift.render()
	pg.engine.render()
	pg.perft.render()
	pg.share.render()
	pg.present.render()
	pg.tools.render()
	pg.link.set(m.Link())
}
