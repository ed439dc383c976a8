//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A fenField is the FEN field (#fen) and its status below it
// (#fen-status: view.FENStatus). Typing shows each character at once
// (model.Page.Type).
type fenField struct {
	m  *model.Page
	s  *surface
	in *domElement // #fen
}

// start shows what was typed into the field before the wasm started
// (model.Page.Restore): the field's default value is the prerendered FEN.
func (f *fenField) start() {
	if def := f.in.Get("defaultValue"); def.Type() == js.TypeString {
		f.m.Restore(def.String(), clipped(f.in.Get("value"), core.MaxFENLength))
	}
}

// text returns what the field holds, cut past core.MaxFENLength.
func (f *fenField) text() string { return clipped(f.in.Get("value"), core.MaxFENLength) }

func (f *fenField) render() {
	status, invalid := view.FENStatus(f.m)
	f.s.regions.write(status)
	f.s.attrs.set(invalid.ID, invalid.Name, invalid.Value)
	setValue(f.in, f.m.FEN) // a field being typed in holds the FEN already: its caret stays
}
