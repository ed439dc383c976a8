//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// renderPlayground shows the expression's steps and the selected step's
// card, or its error (the last result stays below it).
func (pg *page) renderPlayground(l *core.Layout) {
	status, result := view.Playground(pg.state.Expr, &pg.pos, l, pg.step)
	pg.byID("expr-status").SetInnerHTML(status)
	invalid := strings.Contains(status, `class="error"`)
	pg.expr.SetAttribute("aria-invalid", strconv.FormatBool(invalid))
	if !invalid {
		pg.byID("expr-result").SetInnerHTML(result)
	}
}

// A shiftDemo is the state of the shift animation.
type shiftDemo struct {
	step   int
	frames int
	timer  js.Value // the interval while playing, else undefined
	tick   js.Func  // the interval's callback, released when it stops
}

// demoSource returns the bitboard the demo shifts and the shift.
func (pg *page) demoSource() (core.Bitboard, view.ShiftOp) {
	src, _ := core.LookupBitboard(pg.byID("shift-src").Get("value").String())
	i, _ := strconv.Atoi(pg.byID("shift-op").Get("value").String())
	op := view.ShiftOps[min(max(i, 0), len(view.ShiftOps)-1)]
	return src.Of(&pg.pos), op
}

// demoDraw draws the demo's current frame.
func (pg *page) demoDraw() {
	src, op := pg.demoSource()
	grid, frames, caption := view.ShiftFrame(src, op, pg.demo.step)
	pg.demo.frames = frames
	pg.byID("shift-grid").SetInnerHTML(grid)
	pg.byID("shift-caption").SetTextContent(caption)
}

// demoReset stops the animation and shows the first frame.
func (pg *page) demoReset() {
	pg.demoStop()
	pg.demo.step = 0
	pg.demoDraw()
}

// demoStop stops a running animation.
func (pg *page) demoStop() {
	if pg.demo.timer.Truthy() {
		js.Global().Call("clearInterval", pg.demo.timer)
		pg.demo.tick.Release()
		pg.demo.timer = js.Undefined()
	}
}

// demoPlay moves one bit every 600 ms until every bit has moved.
func (pg *page) demoPlay() {
	pg.demoStop()
	pg.byID("shiftdemo").SetAttribute("open", "")
	if pg.demo.step >= pg.demo.frames-1 {
		pg.demo.step = 0
	}
	pg.demoDraw()
	pg.demo.tick = js.FuncOf(func(js.Value, []js.Value) any {
		defer func() {
			if r := recover(); r != nil {
				pg.demoStop()
			}
		}()
		if pg.demo.step >= pg.demo.frames-1 {
			pg.demoStop()
			return nil
		}
		pg.demo.step++
		pg.demoDraw()
		return nil
	})
	pg.demo.timer = js.Global().Call("setInterval", pg.demo.tick, 600)
}

// classroomAction runs the actions of presentation mode, the shortcuts
// overlay, the shift demo and the keyboard shortcuts.
func (pg *page) classroomAction(action string) {
	overlay := pg.byID("shortcuts")
	switch {
	case action == "present":
		pg.state.Present = !pg.state.Present
		pg.render()
	case action == "help":
		if overlay.HasAttribute("hidden") {
			overlay.RemoveAttribute("hidden")
		} else {
			overlay.SetAttribute("hidden", "")
		}
	case action == "close":
		overlay.SetAttribute("hidden", "")
	case action == "fen":
		pg.fen.Focus()
	case action == "expr":
		pg.expr.Focus()
	case action == "flip", action == "labels":
		box := pg.checkbox(action)
		box.SetChecked(!box.Checked())
		pg.state.Flipped, pg.state.Labels = pg.checkbox("flip").Checked(), pg.checkbox("labels").Checked()
		pg.render()
	case strings.HasPrefix(action, "layout:"):
		pg.state.Layout = strings.TrimPrefix(action, "layout:")
		pg.render()
	case action == "animate":
		pg.demoPlay()
	case action == "shift-step":
		pg.demoStop()
		if pg.demo.step < pg.demo.frames-1 {
			pg.demo.step++
		}
		pg.demoDraw()
	case action == "shift-reset":
		pg.demoReset()
	}
}

// shortcut runs the keyboard shortcut of a key pressed outside text
// fields (view.Shortcuts lists them).
func (pg *page) shortcut(ev *dom.BasicEvent, _ *dom.BasicHTMLElement) {
	t := ev.Get("target")
	if ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || ev.Get("altKey").Bool() || ev.Get("defaultPrevented").Bool() {
		return
	}
	switch t.Get("tagName").String() {
	case "INPUT", "SELECT", "TEXTAREA":
		if ev.Get("key").String() == "Escape" {
			t.Call("blur")
		}
		return
	}
	key := ev.Get("key").String()
	for _, s := range view.Shortcuts {
		if s.Key == key {
			ev.PreventDefault()
			pg.act(s.Action)
			return
		}
	}
}
