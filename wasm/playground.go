//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A playground is the expression playground: a bitboard expression typed
// into #expr (kept in the link), its steps as buttons, and the card of the
// selected step (or of the whole expression); an error marks its character
// and keeps the last result on show (view.PagePlayground).
type playground struct {
	m  *model.Page
	s  *surface
	in *domElement // #expr
}

// text returns what the field holds, cut past expr.MaxLength.
func (pl *playground) text() string { return clipped(pl.in.Get("value"), expr.MaxLength) }

// insert puts text into the expression at the caret (replacing the
// selection), or at its end when the field is empty or not plain ASCII
// (the caret counts UTF-16 units), and leaves the caret after it; the
// caller renders.
func (pl *playground) insert(text string) {
	in := pl.in
	cur := in.Get("value").String()
	start, end := len(cur), len(cur)
	if s := in.Get("selectionStart"); s.Type() == js.TypeNumber && pl.m.Expr != "" && isASCII(cur) {
		start, end = min(s.Int(), len(cur)), min(in.Get("selectionEnd").Int(), len(cur))
	}
	next := cur[:start] + text + cur[end:]
	in.Set("value", next)
	pl.m.SetExpr(next)
	in.Focus()
	input(in).SetSelectionRange(start+len(text), start+len(text), "none")
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func (pl *playground) render() {
	rs, invalid := view.PagePlayground(pl.m)
	pl.s.regions.write(rs...)
	pl.s.attrs.set(invalid.ID, invalid.Name, invalid.Value)
	setValue(pl.in, pl.m.Expr)
}
