//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// switches are what chooses the cards and how they are drawn: the
// numbering (the layout radios), the bitboard switches (pieces and sets,
// attack maps, the free bitboard; a card's × is one too), Flip and Square
// indices.
type switches struct {
	st      *store
	regions *regions
	attrs   *attrs
	doc     js.Value
}

func (w *switches) wire(sc *scope, acts actions) {
	sc.on("change", "input[name=layout]", func(_ *event, el *domElement) {
		id := el.Underlying().Get("value").String()
		w.st.update(func(s *model.State) { s.Layout = id })
	})
	sc.on("change", "#flip", func(_ *event, el *domElement) {
		on := el.Underlying().Get("checked").Bool()
		w.st.update(func(s *model.State) { s.Flipped = on })
	})
	sc.on("change", "#labels", func(_ *event, el *domElement) {
		on := el.Underlying().Get("checked").Bool()
		w.st.update(func(s *model.State) { s.Labels = on })
	})
	sc.on("click", "[data-toggle]", func(_ *event, el *domElement) {
		name := el.GetAttribute("data-toggle")
		w.st.update(func(s *model.State) { s.Toggle(name) })
	})
	acts["flip"] = func() { w.st.update(func(s *model.State) { s.Flipped = !s.Flipped }) }
	acts["labels"] = func() { w.st.update(func(s *model.State) { s.Labels = !s.Labels }) }
	for _, l := range core.Layouts {
		acts["layout:"+l.ID] = func() { w.st.update(func(s *model.State) { s.Layout = l.ID }) }
	}
}

func (w *switches) render() {
	v := w.st.pageView(-1, core.NoSquare)
	w.regions.write(v.Switches()...)
	a := v.CardsCols()
	w.attrs.set(a.ID, a.Name, a.Value)
	setChecked(byID(w.doc, "flip"), w.st.Flipped)
	setChecked(byID(w.doc, "labels"), w.st.Labels)
}
