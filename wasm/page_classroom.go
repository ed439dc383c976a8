//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// renderPlayground shows the expression's steps and the selected step's
// card, or its error (the last result stays below it).
func (pg *page) renderPlayground() {
	regions, invalid := pg.view().Playground()
	pg.write(regions, []view.Attr{invalid})
}

// A shiftDemo is the state of the shift animation.
type shiftDemo struct {
	src    string // the bitboard shifted: a core.BitboardNames name
	op     int    // the shift: an index into view.ShiftOps
	step   int
	frames int
	timer  js.Value // the interval while playing, else undefined
	tick   js.Func  // the interval's callback, released when it stops
}

// demoDraw draws the demo's current frame.
func (pg *page) demoDraw() {
	name, _ := core.LookupBitboard(pg.demo.src)
	op := view.ShiftOps[min(max(pg.demo.op, 0), len(view.ShiftOps)-1)]
	grid, frames, caption := view.ShiftFrame(name.Of(&pg.pos), op, pg.demo.step)
	pg.demo.frames = frames
	pg.region("shift-grid").set(grid)
	pg.region("shift-caption").text(caption)
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
	pg.doc.Call("getElementById", "shiftdemo").Set("open", true)
	pg.open["shiftdemo"] = true
	if pg.demo.step >= pg.demo.frames-1 {
		pg.demo.step = 0
	}
	pg.demoDraw()
	pg.demo.tick = js.FuncOf(func(js.Value, []js.Value) any {
		return guard(func() any {
			if pg.demo.step >= pg.demo.frames-1 {
				pg.demoStop()
				return nil
			}
			pg.demo.step++
			pg.demoDraw()
			return nil
		}, func(msg string) any {
			pg.demoStop()
			return logPanic(msg)
		})
	})
	pg.demo.timer = js.Global().Call("setInterval", pg.demo.tick, 600)
}

// classroomAction runs the actions of presentation mode, the shortcuts
// overlay, the shift demo and the keyboard shortcuts.
func (pg *page) classroomAction(action string) {
	overlay := pg.doc.Call("getElementById", "shortcuts")
	switch {
	case action == "present":
		pg.state.Present = !pg.state.Present
		pg.render()
	case action == "help" && overlay.Get("hidden").Bool():
		// The dialog takes the focus, and gives it back when it closes.
		pg.opener = pg.doc.Get("activeElement")
		overlay.Set("hidden", false)
		overlay.Call("focus")
	case action == "help", action == "close":
		if !overlay.Get("hidden").Bool() {
			overlay.Set("hidden", true)
			if o := pg.opener; o.Truthy() && o.Get("isConnected").Bool() {
				o.Call("focus")
			}
		}
	case action == "fen":
		pg.fen.Focus()
	case action == "expr":
		pg.expr.Focus()
	case action == "flip":
		pg.state.Flipped = !pg.state.Flipped
		pg.render()
	case action == "labels":
		pg.state.Labels = !pg.state.Labels
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
func (pg *page) shortcut(ev js.Value, _ *dom.BasicHTMLElement) {
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
		if s.Key == key && pg.applies(s.Action, t) {
			ev.Call("preventDefault")
			pg.act(s.Action)
			return
		}
	}
}

// applies reports whether a shortcut's action acts where the user is
// (target, the focused element): undo and redo only with the editor open
// or the focus on the board; the game's keys only with a game loaded.
func (pg *page) applies(action string, target js.Value) bool {
	onBoard := target.Truthy() && target.Get("closest").Type() == js.TypeFunction && !target.Call("closest", "#board").IsNull()
	switch action {
	case "undo", "redo":
		return pg.open["editor"] || onBoard
	case "mark":
		return onBoard
	case "first", "back", "forward", "last":
		return pg.game.game != nil
	}
	return true
}
