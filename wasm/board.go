//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A boardView is the board of the page and of every <bitboard-view>. It
// draws a figure's board into its container: the whole board when its
// frame (layout, orientation, square indices) changed, and otherwise only
// the squares whose piece or marks changed, and the arrow overlay when the
// arrows changed; the rest of the DOM, with its focus, is left alone.
type boardView struct {
	box     *domElement // holds the .board (its innerHTML)
	frame   boardFrame
	drawn   bool // the board in box was drawn from frame
	squares slots[model.SquareMarks]
	arrows  string // the arrow overlay's markup as drawn (view.Arrows)
}

// boardFrame is what every square of a board depends on: a change
// rewrites the whole board.
type boardFrame struct {
	layout  *core.Layout
	flipped bool
	labels  bool
}

// draw shows f's board (nothing when f has no board or no position).
func (b *boardView) draw(f figure) {
	if !f.Board || f.Pos == nil {
		if b.drawn || b.box.HasChildNodes() {
			b.box.SetInnerHTML("")
		}
		b.drawn = false
		return
	}
	frame := boardFrame{f.Layout, f.Flipped, f.Labels}
	if !b.drawn || frame != b.frame {
		box := b.box.Underlying()
		path := focusPath(box)
		b.box.SetInnerHTML(view.BoardMarked(f.Pos, f.Layout, f.Flipped, f.Labels, f.marks))
		if path != nil {
			refocus(box, path)
		}
		b.adopt(f)
		return
	}
	sigs := make([]model.SquareMarks, core.SquareCount)
	for sq := core.A1; sq < core.NoSquare; sq++ {
		sigs[sq] = f.marks.MarksOf(f.Pos, sq, f.Flipped)
	}
	b.squares.patch(sigs, func(i int) string { return view.Square(f.Layout, core.Square(i), f.Labels, sigs[i]) })
	b.drawArrows(f)
}

// drawArrows brings the arrow overlay (the last child of .board, see
// view.BoardMarked) up to date when the arrows changed.
func (b *boardView) drawArrows(f figure) {
	markup := view.Arrows(f.marks.Arrows, f.Flipped)
	if markup == b.arrows {
		return
	}
	board := query(b.box.Underlying(), ".board")
	if board == nil {
		return
	}
	if old := query(board.Underlying(), ":scope > svg.arrows"); old != nil {
		old.Remove()
	}
	if markup != "" {
		insert(board.Underlying(), fragment(markup), js.Null()) // the one <svg class="arrows">
	}
	b.arrows = markup
}

// adopt takes the board now in box as drawn from f (by view.BoardMarked:
// prerendered, or cloned from an element's first drawing), so that the
// next draw patches it.
func (b *boardView) adopt(f figure) {
	if !f.Board || f.Pos == nil {
		return
	}
	sigs := make([]model.SquareMarks, core.SquareCount)
	order := model.BoardOrder(f.Flipped)
	for _, sq := range order {
		sigs[sq] = f.marks.MarksOf(f.Pos, sq, f.Flipped)
	}
	box := b.box.Underlying()
	b.squares.adopt(func() []js.Value {
		list := queryAll(box, ".board [data-square]").list // the slots keep the nodes themselves
		nodes := make([]js.Value, core.SquareCount)
		for i, sq := range order {
			nodes[sq] = list.Index(i)
		}
		return nodes
	}, sigs)
	b.arrows = view.Arrows(f.marks.Arrows, f.Flipped)
	b.frame, b.drawn = boardFrame{f.Layout, f.Flipped, f.Labels}, true
}

// focus moves the keyboard focus to sq's square.
func (b *boardView) focus(sq core.Square) {
	if n := query(b.box.Underlying(), `.board [data-square="`+sq.String()+`"]`); n != nil {
		n.Focus()
	}
}

// arrowKey moves the focus from sq to its neighbour in the direction of
// an arrow key (a roving focus: the board is one stop in the tab order),
// and reports whether it moved (not at the edge, nor for other keys).
func (b *boardView) arrowKey(key string, sq core.Square) bool {
	next, ok := model.ArrowStep(sq, key, b.frame.flipped)
	if ok {
		b.focus(next)
	}
	return ok
}
