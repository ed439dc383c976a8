//go:build js && wasm

package main

import (
	"testing"
	"time"
)

// TestTimer: a timer calls its function once after the delay; a start
// again moves the call (one call, not two), stop cancels it, and a panic
// in the function is caught by guard (the timer works again after it).
// Go's sleep hands the JS event loop its turn, so the timers run.
func TestTimer(t *testing.T) {
	calls := 0
	tm := timer{fn: func() { calls++ }}
	tm.start(10)
	if !tm.pending() {
		t.Fatal("a started timer is not pending")
	}
	time.Sleep(60 * time.Millisecond)
	if calls != 1 || tm.pending() {
		t.Fatalf("after the delay: %d calls, pending %v; want 1, false", calls, tm.pending())
	}
	tm.start(10)
	tm.start(20)
	time.Sleep(80 * time.Millisecond)
	if calls != 2 {
		t.Errorf("started twice: %d calls in all, want 2", calls)
	}
	tm.start(10)
	tm.stop()
	time.Sleep(40 * time.Millisecond)
	if calls != 2 || tm.pending() {
		t.Errorf("stopped: %d calls, pending %v; want 2, false", calls, tm.pending())
	}
	tm.fn = func() { calls++; panic("timer test") }
	tm.start(0)
	time.Sleep(30 * time.Millisecond)
	tm.fn = func() { calls++ }
	tm.start(0)
	time.Sleep(30 * time.Millisecond)
	if calls != 4 {
		t.Errorf("after a panic in the timer's function: %d calls, want 4", calls)
	}
}

// TestShiftDemoPlays: Animate moves one bit every 600 ms, and Reset stops
// it at the first frame.
func TestShiftDemoPlays(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.fire(pg.sc, "click", `[data-action="animate"]`, "", 0)
	sd := &pg.shift
	if !sd.timer.pending() || sd.step != 0 || pg.m.Tab != "shiftdemo" {
		t.Fatalf("after Animate: playing %v, step %d, tab %q; want true, 0, shiftdemo", sd.timer.pending(), sd.step, pg.m.Tab)
	}
	first := env.text("#shift-caption")
	time.Sleep(750 * time.Millisecond)
	if sd.step != 1 || !sd.timer.pending() || env.text("#shift-caption") == first {
		t.Errorf("750 ms into the animation: step %d, playing %v, caption %q; want step 1, playing, a new caption", sd.step, sd.timer.pending(), env.text("#shift-caption"))
	}
	env.fire(pg.sc, "click", `[data-action="shift-reset"]`, "", 0)
	time.Sleep(700 * time.Millisecond)
	if sd.step != 0 || sd.timer.pending() {
		t.Errorf("after Reset: step %d, playing %v; want 0, false", sd.step, sd.timer.pending())
	}
}
