//go:build js && wasm

package main

import (
	"syscall/js"
	"time"
)

// A link is the page's one writer of its URL (history.replaceState): the
// store's State serialised (model.State.Query).
//
// Each write costs the browser work in proportion to the link's length:
// it keeps the link in the tab's session and adds it to the browsing
// history. A game's link holds all its moves (about 50,000 characters for
// 10,000 plies), and stepping through such a game one write a ply grew
// Chromium's History database by about 200 KB a step (2 GB over the
// game) and slowed each replaceState from 4 ms to 27 ms and more within
// 1,000 steps, so every step took longer the more steps the session had
// taken. So a long link is paced: it is written at once when the last
// write was at least its length ÷ linkBytesPerSecond ago, and otherwise
// one timer writes the newest link when that wait is over; the steps in
// between are never written. Any link also waits for a burst of changes
// to end (→ held through a game, a paste a frame): a change after
// linkQuiet without one is written at once, and one that follows another
// within linkQuiet is written, the newest only, from a timer once
// linkQuiet has passed without a change, outside any event. Measured in
// Chromium 156 on loopback: one replaceState a frame costs 0.1 ms at
// first, then 3 to 30 ms every few calls (7 to 12 ms a change on average
// over 100 pastes a frame apart, more than the whole new position's DOM
// work), a task of its own that a frame may have to wait for.
type link struct {
	written string  // the query as last written
	want    string  // the query to write
	next    float64 // the time (see msNow) before which a long link waits
	last    float64 // the time (see msNow) of the last change of want
	timer   timer   // writes the newest link once a wait is over
	marked  bool    // the root has data-link-pending (see mark)
}

const (
	// linkPacedFrom is the longest link written at every change.
	linkPacedFrom = 2000
	// linkBytesPerSecond bounds the characters a second of long links
	// written: a 50,000-character link at most 5 times a second.
	linkBytesPerSecond = 256 << 10
)

// startTime is when the wasm started, on the monotonic clock.
var startTime = time.Now()

// msNow returns the time in ms since the wasm started. Under js/wasm Go's
// monotonic clock is performance.now() (wasm_exec.js, runtime.nanotime1),
// so this is the page's clock, read without a call through syscall/js.
func msNow() float64 { return float64(time.Since(startTime)) / float64(time.Millisecond) }

// linkQuiet is the time in ms without a change that ends a burst of
// changes (0: every change is written at once; the tests under Node,
// which read each change's link, set it).
var linkQuiet = 100.0

// set makes q the URL's query: now, or once the burst of changes it is
// part of is over and the wait of a long link too.
func (l *link) set(q string) {
	if q == l.want && (l.timer.pending() || q == l.written) {
		return // nothing new
	}
	l.want = q
	now := msNow()
	burst := now-l.last < linkQuiet
	l.last = now
	switch {
	case l.timer.pending(), q == l.written: // the pending timer writes the newest, or nothing to write
	case !burst && now >= l.next:
		l.write(now)
	default:
		l.arm(now)
	}
}

// arm sets the timer that writes the newest link when the burst and the
// long link's wait are over (it re-arms while changes keep coming).
func (l *link) arm(now float64) {
	if l.timer.fn == nil {
		l.timer.fn = func() {
			now := msNow()
			if max(l.next, l.last+linkQuiet) > now {
				l.arm(now)
				return
			}
			l.write(now)
		}
	}
	l.timer.start(max(l.next, l.last+linkQuiet) - now)
	l.mark(true)
}

// mark sets the root's data-link-pending while a link waits to be
// written, so that a test reads the URL once it holds the newest state
// (wasm/browser's linkEval) rather than after a fixed time.
func (l *link) mark(pending bool) {
	if pending == l.marked {
		return
	}
	l.marked = pending
	root := js.Global().Get("document").Get("documentElement")
	if pending {
		root.Call("setAttribute", "data-link-pending", "")
	} else {
		root.Call("removeAttribute", "data-link-pending")
	}
}

// write writes the wanted query if it is not the one written, at time now.
func (l *link) write(now float64) {
	l.mark(false)
	if l.want == l.written {
		return
	}
	js.Global().Get("history").Call("replaceState", nil, "", l.want) // dom/v2's Window.History is not implemented (nil)
	l.written = l.want
	l.next = now
	if n := len(l.want); n > linkPacedFrom {
		l.next += float64(n) * 1000 / linkBytesPerSecond
	}
}
