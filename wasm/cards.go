//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A cardsView is the column of bitboard cards of the page and of every
// <bitboard-view>: one card per shown bitboard, keyed by what it shows,
// each rebuilt only when its layout, orientation or title changed
// (view.Card), and patched when only its bits did; on the page, the free
// bitboard's editable card (view.FreeCard). With no card, the container
// holds hint ("" for nothing).
type cardsView struct {
	list keyed[cardSig]
	hint string
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

// newCardsView returns the cards of the container box (empty, or as adopt
// will find it).
func newCardsView(box *domElement, hint string) cardsView {
	c := cardsView{hint: hint}
	c.list.clear(box)
	return c
}

// draw shows f's cards. A card whose layout, orientation and title are
// unchanged is patched (patch): a new position rewrites only the cells
// whose bit or mark changed, the count and the readouts, so it costs the
// browser the style and layout of those few nodes, not of a new card.
func (c *cardsView) draw(f figure) {
	keys, sigs := c.keys(f)
	c.list.update(keys, sigs, func(i int) string {
		if sigs[i].placeholder {
			return c.hint
		}
		s := f.Shown[i]
		if sigs[i].free {
			return view.FreeCard(f.Layout, s.Bits, sigs[i].flipped, sigs[i].edit)
		}
		return view.Card(f.Layout, s, sigs[i].prev, sigs[i].flipped)
	}, func(i int, old cardSig, node js.Value) bool {
		return patch(node, keys[i], old, sigs[i])
	})
}

// patch brings the card el of key, drawn as old, up to date as sig when
// only its bits (or the bits they changed from) differ, and reports
// whether it did: what changed (view.CardPatch) is written by
// web/bitview/card.js's patchCard, in one call into JS (a call from Go
// costs more than the attribute it writes). Without it, or when the card
// is not as Go drew it, the card is rebuilt instead.
func patch(el js.Value, key string, old, sig cardSig) bool {
	if old.placeholder || sig.placeholder || old.free || sig.free ||
		old.layout != sig.layout || old.flipped != sig.flipped || old.title != sig.title {
		return false
	}
	fn := patchCardJS()
	if !fn.Truthy() {
		return false
	}
	cells, values := view.CardPatch(sig.layout, key, sig.title, old.bits, old.prev, sig.bits, sig.prev)
	return fn.Invoke(el, cells, values).Bool()
}

// patchCardJS returns web/bitview/card.js's patchCard (handed to Go as
// __bitviewJS.patchCard), or undefined when it is not there.
func patchCardJS() js.Value {
	if !patchCardFn.found {
		patchCardFn.fn, patchCardFn.found = jsHelpers().Get("patchCard"), true
		if patchCardFn.fn.Type() != js.TypeFunction {
			patchCardFn.fn = js.Undefined()
		}
	}
	return patchCardFn.fn
}

// patchCardFn is patchCardJS's answer, looked up once.
var patchCardFn struct {
	fn    js.Value
	found bool
}

// adopt takes the cards now in the container as drawn from f.
func (c *cardsView) adopt(f figure) {
	keys, sigs := c.keys(f)
	c.list.adopt(keys, sigs)
}

// keys returns the keys and signatures of f's cards (a key shown twice
// gets a second, distinct key).
func (c *cardsView) keys(f figure) ([]string, []cardSig) {
	if len(f.Shown) == 0 {
		if c.hint == "" {
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
		if f.free != nil && s.Key == model.FreeKey {
			sigs[i].free, sigs[i].edit = true, *f.free
		}
	}
	return keys, sigs
}

// gridKey moves the keyboard focus inside a grid (the .bits of view.Card,
// view.FreeCard and the engine panels' grids) from the cell el: the arrow
// keys go to the next cell in that direction, skipping the places with no
// stop (an empty label), Home and End to the first and last stop of the
// row. Each grid is one stop in the tab order (a roving tabindex, as on
// the board); focusing a cell shows its square like pointing at it. A
// stop is a child of a .row, or the one child of a row's child (the free
// card's label buttons, inside their row or column header). Where a key
// goes is model.GridStep's answer; this reads the grid's stops from the
// DOM and moves the focus. It reports whether it handled the key.
func gridKey(e *event, el js.Value) bool {
	if e.Command() {
		return false
	}
	isRow := func(n js.Value) bool { return !n.IsNull() && element(n).Class().Contains("row") }
	cell, row := el, el.Get("parentElement")
	if !row.IsNull() && !isRow(row) {
		cell, row = row, row.Get("parentElement") // a header holding the stop
	}
	if row.IsNull() || !isRow(row) {
		return false
	}
	if _, handled := model.GridStep(nil, model.NoGridCell, e.Key); !handled {
		return false // not a key of the grid's: read nothing from the DOM
	}
	// stop returns the stop at the row's child n, or null.
	stop := func(n js.Value) js.Value {
		switch {
		case n.IsUndefined() || n.IsNull():
			return js.Null()
		case element(n).HasAttribute("tabindex"):
			return n
		case n.Get("childElementCount").Int() == 1 && element(n.Get("firstElementChild")).HasAttribute("tabindex"):
			return n.Get("firstElementChild")
		}
		return js.Null()
	}
	// The grid as model.GridStep reads it: which child of which row is a
	// stop, and the row and column of the cell.
	rows := row.Get("parentElement").Get("children")
	stops := make([][]bool, rows.Length())
	from := model.GridCell{Row: -1, Col: -1}
	for r := range stops {
		kids := rows.Index(r).Get("children")
		stops[r] = make([]bool, kids.Length())
		for c := range stops[r] {
			stops[r][c] = !stop(kids.Index(c)).IsNull()
			if kids.Index(c).Equal(cell) {
				from = model.GridCell{Row: r, Col: c}
			}
		}
	}
	to, handled := model.GridStep(stops, from, e.Key)
	if !handled {
		return false
	}
	next := js.Null()
	if to != model.NoGridCell {
		next = stop(rows.Index(to.Row).Get("children").Index(to.Col))
	}
	e.consume()
	if !next.IsNull() {
		element(next).Focus()
	}
	return true
}
