//go:build js && wasm

package main

import "syscall/js"

// A link is the page's one writer of its URL (history.replaceState): the
// store's State serialised (view.State.Query).
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
// between are never written. A link of at most linkPacedFrom characters
// (every position, a game of up to some 400 plies) waits at most
// linkQuiet after the last write: a change after a quiet spell is written
// at once, and a burst of them (→ held through a game, a paste a frame)
// writes its newest at most every linkQuiet, from a timer, outside the
// event that made it. Measured in Chromium 156 on loopback: one
// replaceState a frame costs 0.1 ms at first, then 3 to 30 ms every few
// calls (7 to 12 ms a change on average over 100 pastes a frame apart,
// more than the whole new position's DOM work).
type link struct {
	written string   // the query as last written
	want    string   // the query to write
	next    float64  // performance.now() in ms before which a long link waits
	timer   js.Value // the pending timer's id, undefined when none
	fire    js.Func  // the timer's callback; lives as long as the page
}

const (
	// linkPacedFrom is the longest link written at every change.
	linkPacedFrom = 2000
	// linkBytesPerSecond bounds the characters a second of long links
	// written: a 50,000-character link at most 5 times a second.
	linkBytesPerSecond = 256 << 10
)

// linkQuiet is the least time in ms between two writes of the link (0:
// every change is written at once; the tests under Node, which read each
// change's link, set it).
var linkQuiet = 100.0

// set makes q the URL's query: now, or when the wait since the last
// write is over (linkQuiet, longer for a long link).
func (l *link) set(q string) {
	l.want = q
	if l.timer.Truthy() || q == l.written {
		return // the pending timer writes the newest, or nothing changed
	}
	now := js.Global().Get("performance").Call("now").Float()
	if wait := l.next - now; wait > 0 {
		if l.fire.IsUndefined() {
			l.fire = callback(func([]js.Value) {
				l.timer = js.Undefined()
				l.write(js.Global().Get("performance").Call("now").Float())
			})
		}
		l.timer = js.Global().Call("setTimeout", l.fire, wait)
		return
	}
	l.write(now)
}

// write writes the wanted query if it is not the one written, at time now.
func (l *link) write(now float64) {
	if l.want == l.written {
		return
	}
	js.Global().Get("history").Call("replaceState", nil, "", l.want)
	l.written = l.want
	l.next = now + linkQuiet
	if n := len(l.want); n > linkPacedFrom {
		l.next += float64(n) * 1000 / linkBytesPerSecond
	}
}
