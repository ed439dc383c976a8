//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// A fenField is the FEN field with its example buttons and its status
// (the FEN's error with its character marked, or its notice and
// warnings). Typing shows each character at once: a run of typing is one
// entry of the history.
type fenField struct {
	st      *store
	regions *regions
	attrs   *attrs
	in      *domElement // #fen
	// dismissed is the status the user dismissed; it stays hidden until
	// the status changes.
	dismissed *model.Status
	// opened is the status whose detail the user opened; it closes when
	// the status changes.
	opened *model.Status
}

// start shows what was typed into the field before the wasm started (the
// field's default value is the prerendered FEN, the board on show: the
// last good one while the typing is not), unless the link holds a game.
func (f *fenField) start() {
	def := f.in.Get("defaultValue")
	if def.Type() != js.TypeString || f.st.game != nil {
		return
	}
	typed, was := clipped(f.in.Get("value"), core.MaxFENLength), def.String()
	if typed == was {
		return
	}
	if r := model.Read(was); r.OK() {
		f.st.pos, f.st.good = r.Pos, true
	}
	f.st.FEN = typed
	f.st.read()
}

func (f *fenField) wire(sc *scope, acts actions) {
	sc.on("input", "#fen", func(*event, *domElement) {
		f.st.show(clipped(f.in.Get("value"), core.MaxFENLength), true)
	})
	sc.on("change", "#fen", func(*event, *domElement) {
		f.st.hist.endTyping() // the field was left: the next typing is a new entry
	})
	sc.on("click", "[data-example]", func(_ *event, el *domElement) {
		if i, err := strconv.Atoi(el.GetAttribute("data-example")); err == nil && i >= 0 && i < len(model.Examples) {
			f.st.show(model.Examples[i].FEN, false)
		}
	})
	acts["fen"] = func() { f.in.Focus() }
	acts["dismiss"] = func() {
		s := f.st.status
		f.dismissed = &s
		f.render()
	}
	acts["notice-detail"] = func() {
		if f.opened != nil && f.opened.Same(f.st.status) {
			f.opened = nil
		} else {
			s := f.st.status
			f.opened = &s
		}
		f.render()
	}
}

func (f *fenField) render() {
	status, invalid := f.st.pageView(-1, core.NoSquare).FENStatus(f.opened != nil && f.opened.Same(f.st.status))
	if f.dismissed != nil && f.dismissed.Same(f.st.status) {
		status.Markup = ""
	}
	f.regions.write(status)
	f.attrs.set(invalid.ID, invalid.Name, invalid.Value)
	setValue(f.in, f.st.FEN) // a field being typed in holds the FEN already: its caret stays
}
