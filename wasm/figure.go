//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// A figure is what a figureView draws: model.Figure, the board's marks and,
// per shown bitboard, the bits before the last move (to mark the changed
// ones; nil when there was no move). With free set (the page), a shown
// item keyed model.FreeKey is drawn as the editable free card with *free
// as its field being typed in.
type figure struct {
	model.Figure
	marks model.Marks
	prev  []core.Bitboard
	free  *view.FreeEdit
}

// A figureView is the one renderer of a figure, for the page and for every
// <bitboard-view>: its board, its cards, and the square pointed at, which
// a style rule highlights everywhere (on the board, in every grid and in
// the binary readouts) with the marked squares outlined in the grids.
// Pointing at a square or focusing it (on the board or in a grid) points
// at it; the arrow keys move across the board and inside each grid.
type figureView struct {
	board       boardView
	cards       cardsView
	style       region // the <style> of the highlight rule
	hover       core.Square
	marks       string // the rule outlining the marked squares in the grids (view.GridMarks)
	interactive bool
	// onPoint, when set, is told of each square pointed at, with the
	// element pointed at (for the page's square panel and the
	// representations, which follow the pointer).
	onPoint func(sq core.Square, at js.Value)
}

// newFigureView returns the figure drawn into boardBox and cardsBox (empty,
// or as adopt will find them), highlighted by the <style> element style,
// with hint in the cards' place when no bitboard is shown.
func newFigureView(boardBox, cardsBox, style *domElement, hint string) *figureView {
	return &figureView{board: boardView{box: boardBox}, cards: newCardsView(cardsBox, hint),
		style: region{el: style}, hover: core.NoSquare, interactive: true}
}

// draw shows f: its board, its cards and the highlight.
func (v *figureView) draw(f figure) {
	v.board.draw(f)
	v.cards.draw(f)
	v.outline(f)
}

// adopt takes the board and the cards now in their containers as drawn
// from f.
func (v *figureView) adopt(f figure) {
	v.board.adopt(f)
	v.cards.adopt(f)
	v.outline(f)
}

// outline keeps the grids' outlines of f's marked squares.
func (v *figureView) outline(f figure) {
	v.marks = view.GridMarks(f.marks.Marked)
	v.highlight(v.hover)
}

// highlight writes the rule that highlights sq everywhere (none for
// core.NoSquare) and outlines the marked squares.
func (v *figureView) highlight(sq core.Square) {
	v.style.text(view.Highlight(sq) + v.marks)
}

// point makes sq the square pointed at.
func (v *figureView) point(sq core.Square, at js.Value) {
	if sq == v.hover {
		return
	}
	v.hover = sq
	v.highlight(sq)
	if v.onPoint != nil {
		v.onPoint(sq, at)
	}
}

// wire hands the figure its events in sc: pointing at and focusing
// squares, the arrow keys on the board and in the grids, and the copy
// buttons of the readouts. The owner's handlers that must see a key first
// (the board editor's piece letters, the free card's Space) are added
// before.
func (v *figureView) wire(sc *scope) {
	pointAt := func(e *event, el *dom.BasicHTMLElement) {
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok && v.interactive {
			v.point(sq, el.Underlying())
		}
	}
	sc.on("pointerover", "[data-square]", pointAt)
	sc.on("focusin", "[data-square]", pointAt)
	sc.on("keydown", ".board [data-square]", func(e *event, el *dom.BasicHTMLElement) {
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok && v.interactive && !e.Command() && v.board.arrowKey(e.Key, sq) {
			e.consume()
		}
	})
	sc.on("keydown", ".bits [tabindex]", func(e *event, el *dom.BasicHTMLElement) {
		if v.interactive {
			gridKey(e, el.Underlying())
		}
	})
	sc.on("click", "[data-copy]", func(_ *event, el *dom.BasicHTMLElement) {
		copyText(el, el.GetAttribute("data-copy"))
	})
	// A card's "Copy as" buttons copy the value its hex readout shows now
	// (patched in place by card.js) as a literal (view.CopyAsLiteral).
	sc.on("click", "[data-copy-as]", func(_ *event, el *dom.BasicHTMLElement) {
		card := closest(el.Underlying(), ".card")
		if card == nil {
			return
		}
		l, ok := core.LayoutByID(card.GetAttribute("data-layout"))
		hex := query(card.Underlying(), `code[data-format="hex"]`)
		if !ok || hex == nil {
			return
		}
		if lit, ok := view.CopyAsLiteral(l, hex.TextContent(), el.GetAttribute("data-copy-as")); ok {
			copyText(el, lit)
		}
	})
}

// copyText copies text to the clipboard and says so on the button: JS's
// copyText (web/bitview/events.js), which a prerendered figure uses before
// the wasm has started.
func copyText(button *domElement, text string) {
	jsHelpers().Call("copy", button.Underlying(), text)
}
