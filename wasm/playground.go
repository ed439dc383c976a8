//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/wasm/model"
)

// A playground is the expression playground: a bitboard expression typed
// into #expr (kept in the link), its steps as buttons, and the card of the
// selected step (or of the whole expression); an error marks its character
// and keeps the last result on show.
type playground struct {
	st      *store
	regions *regions
	attrs   *attrs
	in      *domElement // #expr
	step    int         // the selected step, -1 for the whole expression
}

func (pl *playground) wire(sc *scope, acts actions) {
	sc.on("input", "#expr", func(*event, *domElement) {
		text := clipped(pl.in.Get("value"), expr.MaxLength)
		pl.step = -1
		pl.st.update(func(s *model.State) { s.Expr = text })
	})
	sc.on("click", "[data-step]", func(_ *event, el *domElement) {
		pl.step, _ = strconv.Atoi(el.GetAttribute("data-step"))
		pl.render()
	})
	// e (and the playground's tab) show the field and put the caret in it,
	// in presentation mode too.
	acts["expr"] = func() {
		if pl.st.Tab != "playground" {
			pl.st.update(func(s *model.State) { s.Tab = "playground" })
		}
		pl.in.Focus()
	}
}

// insert puts text into the expression at the caret (replacing the
// selection), or at its end when the field is empty or not plain ASCII
// (the caret counts UTF-16 units), and leaves the caret after it.
func (pl *playground) insert(text string) {
	in := pl.in
	cur := in.Get("value").String()
	start, end := len(cur), len(cur)
	if s := in.Get("selectionStart"); s.Type() == js.TypeNumber && pl.st.Expr != "" && isASCII(cur) {
		start, end = min(s.Int(), len(cur)), min(in.Get("selectionEnd").Int(), len(cur))
	}
	next := cur[:start] + text + cur[end:]
	in.Set("value", next)
	pl.step = -1
	pl.st.update(func(s *model.State) { s.Expr = next })
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
	rs, invalid := pl.st.pageView(pl.step, core.NoSquare).Playground()
	pl.regions.write(rs...)
	pl.attrs.set(invalid.ID, invalid.Name, invalid.Value)
	setValue(pl.in, pl.st.Expr)
}
