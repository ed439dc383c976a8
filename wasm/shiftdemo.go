//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A shiftDemo is the shift demo (#shiftdemo): a bitboard of the position
// shifted one bit at a time (view.ShiftFrame), stepped or played every
// 600 ms, drawn only while its tab is on show.
type shiftDemo struct {
	st      *store
	regions *regions
	doc     js.Value
	src     string // the bitboard shifted: a core.BitboardNames name
	op      int    // the shift: an index into model.ShiftOps
	step    int
	frames  int
	timer   timer // the next frame while playing
}

func (sd *shiftDemo) wire(sc *scope, acts actions) {
	sd.src, sd.op = model.DefaultShiftSource, model.DefaultShiftOp
	sd.timer.fn = sd.next
	sc.on("change", "#shift-src", func(_ *event, el *domElement) {
		sd.src = el.Underlying().Get("value").String()
		sd.reset()
	})
	sc.on("change", "#shift-op", func(_ *event, el *domElement) {
		sd.op, _ = strconv.Atoi(el.Underlying().Get("value").String())
		sd.reset()
	})
	acts["animate"] = sd.play
	acts["shift-step"] = func() {
		sd.stop()
		if sd.step < sd.frames-1 {
			sd.step++
		}
		sd.draw()
	}
	acts["shift-reset"] = sd.reset
}

// render shows the first frame for the position on show while the panel
// is open and not playing.
func (sd *shiftDemo) render() {
	if sd.st.Tab == "shiftdemo" && !sd.timer.pending() {
		sd.step = 0
		sd.draw()
	}
}

// draw draws the demo's current frame.
func (sd *shiftDemo) draw() {
	name, _ := core.LookupBitboard(sd.src)
	op := model.ShiftOps[min(max(sd.op, 0), len(model.ShiftOps)-1)]
	grid, frames, caption := view.ShiftFrame(name.Of(&sd.st.pos), op, sd.step)
	sd.frames = frames
	sd.regions.get("shift-grid").set(grid)
	sd.regions.get("shift-caption").text(caption)
}

// reset stops the animation and shows the first frame.
func (sd *shiftDemo) reset() {
	sd.stop()
	sd.step = 0
	sd.draw()
}

// stop stops a running animation.
func (sd *shiftDemo) stop() {
	sd.timer.stop()
}

// play shows the demo's tab and moves one bit every 600 ms until every bit has
// moved.
func (sd *shiftDemo) play() {
	sd.stop()
	if sd.st.Tab != "shiftdemo" {
		sd.st.update(func(s *model.State) { s.Tab = "shiftdemo" })
	}
	if sd.step >= sd.frames-1 {
		sd.step = 0
	}
	sd.draw()
	sd.timer.start(600)
}

// next draws the next frame while playing, until every bit has moved.
func (sd *shiftDemo) next() {
	if sd.step < sd.frames-1 {
		sd.step++
		sd.draw()
		sd.timer.start(600)
	}
}
