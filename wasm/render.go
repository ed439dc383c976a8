//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// A figureView is the one renderer of a board and its cards: the page
// and every <bitboard-view> draw through it. It remembers what each
// square and each card was drawn from, so a draw writes only the squares
// and cards whose content changed; the rest of the DOM, with its focus,
// selection and scroll, is left alone.
type figureView struct {
	boardEl js.Value // holds the .board (its innerHTML)
	frame   boardFrame
	drawn   bool // the board in boardEl was drawn from frame
	squares slots[view.SquareMarks]
	arrows  string // the arrow overlay's markup as drawn (view.Arrows)
	cards   keyed[cardSig]
	hint    string // markup shown in the cards' place when there are none ("" for nothing)
}

// boardFrame is what every square of a board depends on: a change
// rewrites the whole board.
type boardFrame struct {
	layout  *core.Layout
	flipped bool
	labels  bool
}

// cardSig is what a card's markup is drawn from.
type cardSig struct {
	layout      *core.Layout
	flipped     bool
	title       string
	bits, prev  core.Bitboard
	placeholder bool
	free        bool          // the free bitboard's card (view.FreeCard)
	edit        view.FreeEdit // its field being typed in
}

// A figure is what a figureView draws: view.Figure, the board's marks and,
// per shown bitboard, the bits before the last move (to mark the changed
// ones; nil when there was no move). With free set (the page), a shown
// item keyed view.FreeKey is drawn as the editable free card with *free
// as its field being typed in.
type figure struct {
	view.Figure
	marks view.Marks
	prev  []core.Bitboard
	free  *view.FreeEdit
}

// newFigureView returns a view that draws its board into boardEl and its
// cards into cardsEl (both empty, or as adopt found them).
func newFigureView(boardEl, cardsEl js.Value, hint string) *figureView {
	v := &figureView{boardEl: boardEl, hint: hint}
	v.cards.clear(cardsEl)
	return v
}

// boardOrder returns the squares in the order the board draws them: rank
// 8 first, a to h (rank 1 first, h to a, when flipped).
func boardOrder(flipped bool) [64]core.Square {
	var order [64]core.Square
	for i := range order {
		row, col := i/8, i%8
		if flipped {
			order[i] = core.NewSquare(core.File(7-col), core.Rank(row))
		} else {
			order[i] = core.NewSquare(core.File(col), core.Rank(7-row))
		}
	}
	return order
}

// draw shows f: the board (when f.Board) and one card per shown bitboard.
func (v *figureView) draw(f figure) {
	v.drawBoard(f)
	v.drawCards(f)
}

// drawBoard rewrites the whole board when its frame changed, and
// otherwise only the squares whose piece or marks changed.
func (v *figureView) drawBoard(f figure) {
	if !f.Board || f.Pos == nil {
		if v.drawn || !v.boardEl.Get("firstChild").IsNull() {
			v.boardEl.Set("innerHTML", "")
		}
		v.drawn = false
		return
	}
	frame := boardFrame{f.Layout, f.Flipped, f.Labels}
	if !v.drawn || frame != v.frame {
		path := focusPath(v.boardEl)
		v.boardEl.Set("innerHTML", view.BoardMarked(f.Pos, f.Layout, f.Flipped, f.Labels, f.marks))
		if path != nil {
			refocus(v.boardEl, path)
		}
		v.adoptBoard(f)
		return
	}
	for sq := core.A1; sq < core.NoSquare; sq++ {
		sig := f.marks.MarksOf(f.Pos, sq, f.Flipped)
		v.squares.patch(int(sq), sig, func() string { return view.Square(f.Layout, sq, f.Labels, sig) })
	}
	v.drawArrows(f)
}

// drawArrows brings the board's arrow overlay (the last child of .board,
// see view.BoardMarked) up to date when the arrows changed: a patch of
// single squares leaves it as it was.
func (v *figureView) drawArrows(f figure) {
	markup := view.Arrows(f.marks.Arrows, f.Flipped)
	if markup == v.arrows {
		return
	}
	board := v.boardEl.Call("querySelector", ".board")
	if board.IsNull() {
		return
	}
	if old := board.Call("querySelector", ":scope > svg.arrows"); !old.IsNull() {
		old.Call("remove")
	}
	if markup != "" {
		board.Call("insertAdjacentHTML", "beforeend", markup)
	}
	v.arrows = markup
}

// adopt takes the board in boardEl and the cards in the cards' container
// as drawn from f (the markup of view.Embed.Markup, say), so the next draw
// patches them instead of drawing them again.
func (v *figureView) adopt(f figure) {
	if f.Board && f.Pos != nil {
		v.adoptBoard(f)
	}
	keys, sigs := v.cardKeys(f)
	v.cards.adopt(keys, sigs)
}

// adoptBoard takes the board now in boardEl as drawn from f.
func (v *figureView) adoptBoard(f figure) {
	sigs := make([]view.SquareMarks, 64)
	order := boardOrder(f.Flipped)
	for _, sq := range order {
		sigs[sq] = f.marks.MarksOf(f.Pos, sq, f.Flipped)
	}
	box := v.boardEl
	v.squares.adopt(func() []js.Value {
		list := box.Call("querySelectorAll", ".board [data-square]")
		nodes := make([]js.Value, 64)
		for i, sq := range order {
			nodes[sq] = list.Index(i)
		}
		return nodes
	}, sigs)
	v.arrows = view.Arrows(f.marks.Arrows, f.Flipped)
	v.frame, v.drawn = boardFrame{f.Layout, f.Flipped, f.Labels}, true
}

// drawCards updates the cards: one per shown bitboard, keyed by what it
// shows, each rebuilt only when its layout, title or bits changed.
func (v *figureView) drawCards(f figure) {
	keys, sigs := v.cardKeys(f)
	v.cards.update(keys, sigs, func(i int) string {
		if sigs[i].placeholder {
			return v.hint
		}
		s := f.Shown[i]
		if sigs[i].free {
			return view.FreeCard(f.Layout, s.Bits, sigs[i].flipped, sigs[i].edit)
		}
		return view.CardOf(f.Layout, s.Key, s.Title, s.Bits, sigs[i].prev, sigs[i].flipped)
	})
}

// cardKeys returns the keys and signatures of f's cards (a key shown
// twice gets a second, distinct key).
func (v *figureView) cardKeys(f figure) ([]string, []cardSig) {
	if len(f.Shown) == 0 {
		if v.hint == "" {
			return nil, nil
		}
		return []string{""}, []cardSig{{placeholder: true}}
	}
	keys := make([]string, len(f.Shown))
	sigs := make([]cardSig, len(f.Shown))
	seen := make(map[string]int, len(f.Shown))
	for i, s := range f.Shown {
		keys[i] = s.Key
		if n := seen[s.Key]; n > 0 {
			keys[i] += "\x00" + strconv.Itoa(n)
		}
		seen[s.Key]++
		prev := s.Bits
		if i < len(f.prev) {
			prev = f.prev[i]
		}
		sigs[i] = cardSig{layout: f.Layout, flipped: f.GridsFlipped(), title: s.Title, bits: s.Bits, prev: prev}
		if f.free != nil && s.Key == view.FreeKey {
			sigs[i].free, sigs[i].edit = true, *f.free
		}
	}
	return keys, sigs
}

// gridKey moves the keyboard focus inside a card's grid (the .bits that
// view.CardOf and view.FreeCard write): the arrow keys go to the next
// cell in that direction, skipping the places with no stop (an empty
// label), Home and End to the first and last stop of the row. Each grid is
// one stop in the tab order (a roving tabindex, as on the board); focusing
// a cell shows its square like pointing at it. It reports whether it
// handled the key. The page and every <bitboard-view> call it from their
// keydown listeners.
func gridKey(ev js.Value, el *dom.BasicHTMLElement) bool {
	if el == nil || ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || ev.Get("altKey").Bool() {
		return false
	}
	cell := el.Underlying()
	row := cell.Get("parentElement")
	if row.IsNull() || !row.Get("classList").Call("contains", "row").Bool() {
		return false
	}
	col := 0
	for s := cell.Get("previousElementSibling"); !s.IsNull(); s = s.Get("previousElementSibling") {
		col++
	}
	stop := func(n js.Value) bool {
		return !n.IsUndefined() && !n.IsNull() && n.Call("hasAttribute", "tabindex").Bool()
	}
	var next js.Value
	switch ev.Get("key").String() {
	case "ArrowLeft", "ArrowRight":
		step := "previousElementSibling"
		if ev.Get("key").String() == "ArrowRight" {
			step = "nextElementSibling"
		}
		for n := cell.Get(step); !n.IsNull(); n = n.Get(step) {
			if stop(n) {
				next = n
				break
			}
		}
	case "ArrowUp", "ArrowDown":
		step := "previousElementSibling"
		if ev.Get("key").String() == "ArrowDown" {
			step = "nextElementSibling"
		}
		for r := row.Get(step); !r.IsNull(); r = r.Get(step) {
			if n := r.Get("children").Index(col); stop(n) {
				next = n
				break
			}
		}
	case "Home", "End":
		kids := row.Get("children")
		for i := range kids.Length() {
			j := i
			if ev.Get("key").String() == "End" {
				j = kids.Length() - 1 - i
			}
			if n := kids.Index(j); stop(n) {
				next = n
				break
			}
		}
	default:
		return false
	}
	ev.Call("preventDefault")
	ev.Call("stopPropagation")
	if next.Truthy() {
		next.Call("focus")
	}
	return true
}
