//go:build js && wasm

package main

import (
	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A shiftDemo is the shift demo (#shiftdemo): a bitboard of the position
// shifted one bit at a time (view.ShiftFrame), stepped or played every
// 600 ms, drawn only while its tab is on show.
type shiftDemo struct {
	m      *model.Page
	s      *surface
	src    string // the bitboard shifted: a core.BitboardNames name
	op     int    // the shift: an index into model.ShiftOps
	step   int
	frames int
	timer  timer // the next frame while playing
}

// render shows the first frame for the position on show while the panel
// is open and not playing.
func (sd *shiftDemo) render() {
	if sd.m.Tab == "shiftdemo" && !sd.timer.pending() {
		sd.step = 0
		sd.draw()
	}
}

// draw draws the demo's current frame.
func (sd *shiftDemo) draw() {
	name, _ := core.LookupBitboard(sd.src)
	op := model.ShiftOps[min(max(sd.op, 0), len(model.ShiftOps)-1)]
	grid, frames, caption := view.ShiftFrame(name.Of(sd.m.Pos()), op, sd.step)
	sd.frames = frames
	sd.s.regions.get("shift-grid").set(grid)
	sd.s.regions.get("shift-caption").text(caption)
}

// choose shifts the bitboard src (a core.BitboardNames name) by the
// shift op (an index into model.ShiftOps) from its first frame.
func (sd *shiftDemo) choose(src string, op int) {
	sd.src, sd.op = src, op
	sd.reset()
}

// forward stops the animation and shows the next frame.
func (sd *shiftDemo) forward() {
	sd.timer.stop()
	if sd.step < sd.frames-1 {
		sd.step++
	}
	sd.draw()
}

// reset stops the animation and shows the first frame.
func (sd *shiftDemo) reset() {
	sd.timer.stop()
	sd.step = 0
	sd.draw()
}

// play moves one bit every 600 ms until every bit has moved (the demo's
// tab is on show: the caller shows it).
func (sd *shiftDemo) play() {
	sd.timer.stop()
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
