//go:build js && wasm

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// This file is Bitview's one event path and its one panic guard. The page
// and every <bitboard-view> listen to the DOM the same way: a scope is a
// root (the page's document, an element's shadow container, a Web Worker)
// with its handlers; web/bitview/events.js adds one listener per event
// type on the root, copies what Go needs out of each event into plain
// values, and calls goEvent (registered as __bitviewGo.event) with them. Go never
// reads a property of an event object, which a page script could have
// replaced by a throwing getter or a Proxy. Callbacks from JS that are not
// DOM events (timers, promises) go through callback, and every call from
// JS through guard.

// domElement is the element a handler gets: dom/v2's, built without its
// type switch (see element).
type domElement = dom.BasicHTMLElement

// A scope is one root's listeners. Its handlers run in the order they were
// added, which is the order of bubbling (the innermost selectors first);
// a handler that calls stop ends the dispatch.
type scope struct {
	id       int
	root     js.Value
	handlers []handler
	listened map[string]bool // the event types web/bitview/events.js listens to on root
}

// A handler gets the events of type typ whose target is at or inside an
// element matching selector (any event when selector is ""), with that
// element.
type handler struct {
	typ, selector string
	fn            func(e *event, el *dom.BasicHTMLElement)
}

// An event is the plain copy of a DOM event that web/bitview/events.js
// hands Go (see its listen): its type, key, modifier keys, mouse button,
// pointer position and target. Data is a Web Worker message's data.
// Handlers ask for preventDefault and stopPropagation through prevent and
// stop; events.js calls them when Go has answered.
type event struct {
	Type, Key    string
	Mods         int // modShift | modAlt | modCtrl | modMeta | modPrevented
	Button       int
	X, Y         float64
	Target, Data js.Value
	flags        int
	stopped      bool
}

// The bits of event.Mods and of goEvent's answer.
const (
	modShift = 1 << iota
	modAlt
	modCtrl
	modMeta
	modPrevented // the event's default was already prevented

	answerPrevent = 1 // call preventDefault
	answerStop    = 2 // call stopPropagation
)

// Shift, Alt, Ctrl and Meta report the modifier keys held.
func (e *event) Shift() bool { return e.Mods&modShift != 0 }
func (e *event) Alt() bool   { return e.Mods&modAlt != 0 }
func (e *event) Ctrl() bool  { return e.Mods&modCtrl != 0 }
func (e *event) Meta() bool  { return e.Mods&modMeta != 0 }

// Command reports whether Ctrl, Alt or Meta is held: the key is a command
// of the browser or the system, not Bitview's.
func (e *event) Command() bool { return e.Mods&(modAlt|modCtrl|modMeta) != 0 }

// Prevented reports whether the event's default was prevented before Go saw it.
func (e *event) Prevented() bool { return e.Mods&modPrevented != 0 }

// prevent asks for the event's default action to be cancelled.
func (e *event) prevent() { e.flags |= answerPrevent }

// stop asks for the event to go no further: not to the page's other
// handlers of this scope, nor up the DOM.
func (e *event) stop() { e.flags |= answerStop; e.stopped = true }

// consume prevents the default and stops the event: a key Bitview handled.
func (e *event) consume() { e.prevent(); e.stop() }

var (
	scopes    = map[int]*scope{}
	lastScope int
)

// newScope returns a scope of root; nothing is listened to until on adds
// a handler.
func newScope(root js.Value) *scope {
	lastScope++
	s := &scope{id: lastScope, root: root, listened: map[string]bool{}}
	scopes[s.id] = s
	return s
}

// on adds a handler of events of type typ at or inside elements matching
// selector, after the handlers already added.
func (s *scope) on(typ, selector string, fn func(e *event, el *dom.BasicHTMLElement)) {
	s.handlers = append(s.handlers, handler{typ, selector, fn})
	if !s.listened[typ] {
		s.listened[typ] = true
		jsHelpers().Call("listen", s.root, typ, s.id) // web/bitview/events.js's event path (see the top of this file)
	}
}

// close stops the scope's listeners and forgets it.
func (s *scope) close() {
	if len(s.listened) > 0 {
		jsHelpers().Call("unlisten", s.id) // web/bitview/events.js's event path
	}
	s.handlers, s.listened = nil, map[string]bool{}
	delete(scopes, s.id)
}

// dispatch hands e to the scope's handlers of its type, each inside
// guard, and returns the answer for web/bitview/events.js.
func (s *scope) dispatch(e *event) int {
	for _, h := range s.handlers {
		if h.typ != e.Type {
			continue
		}
		var el *dom.BasicHTMLElement
		if h.selector != "" {
			if el = closest(e.Target, h.selector); el == nil {
				continue
			}
		}
		guard(func() any { h.fn(e, el); return nil }, logPanic)
		if e.stopped {
			break
		}
	}
	return e.flags
}

// goEvent is __bitviewGo.event(scope, type, key, mods, button, x, y,
// target, data), which web/bitview/events.js calls for every event on a
// root Go listens to, with plain values. It answers answerPrevent|answerStop.
func goEvent(args []js.Value) any {
	if len(args) < 9 {
		return 0
	}
	s := scopes[args[0].Int()]
	if s == nil {
		return 0
	}
	e := &event{Type: args[1].String(), Key: args[2].String(), Mods: args[3].Int(), Button: args[4].Int(),
		X: args[5].Float(), Y: args[6].Float(), Target: args[7], Data: args[8]}
	return s.dispatch(e)
}

// jsHelpers returns web/bitview/events.js's helpers for Go
// (globalThis.__bitviewJS: listen, unlisten, patchCard, copy), set before the Go
// program starts.
func jsHelpers() js.Value { return js.Global().Get("__bitviewJS") }

// closest returns the element at or above target matching selector, or
// nil (also when target is no element).
func closest(target js.Value, selector string) *dom.BasicHTMLElement {
	if target.Type() != js.TypeObject || target.Get("closest").Type() != js.TypeFunction {
		return nil
	}
	return element(target.Call("closest", selector)) // dom/v2's Closest wraps (see element)
}

// guard runs fn and returns its answer; a panic inside it becomes
// onPanic's answer to a message saying what went wrong, so that one bad
// call or event never ends the Go runtime (after which the whole page is
// dead). It is the one panic guard: the JS API, the views' handles, every
// event handler and every callback go through it.
func guard[T any](fn func() T, onPanic func(msg string) T) (res T) {
	defer func() {
		if r := recover(); r != nil {
			res = onPanic("internal error: " + panicText(r))
		}
	}()
	return fn()
}

// logPanic is the onPanic of event handlers and callbacks: the message
// goes to the console and the event is otherwise ignored.
func logPanic(msg string) any {
	js.Global().Get("console").Call("error", "bitview: "+msg) // dom/v2's Console has no methods
	return nil
}

// panicText describes a recovered panic value for an error message.
func panicText(r any) string {
	switch v := r.(type) {
	case string:
		return v
	case interface{ RuntimeError() }: // a runtime.Error, such as an index out of range
		return "runtime error"
	case error: // such as a *js.ValueError from a JS value of the wrong type
		return v.Error()
	default:
		return "unexpected panic"
	}
}

// callback returns a JS function that runs fn through guard, for JS to
// call back (a timer, requestAnimationFrame). A callback that lives as
// long as the page is never released; then handles a promise's two
// answers, released once either has run.
func callback(fn func(args []js.Value)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		return guard(func() any { fn(args); return nil }, logPanic)
	})
}

// A timer calls fn once, through guard, a delay after start (setTimeout);
// start again moves the call, stop cancels it. Its JS function is made at
// the first start and lives as long as the timer's owner (the page's
// parts): a timer is never released. The calls are by name: dom/v2's
// Window timers make a js.Func a call, outside guard, release none that
// is cancelled, and answer an int (a Timeout object under Node).
type timer struct {
	fn   func()
	id   js.Value // the pending call's id, undefined when none
	call js.Func
}

// start calls fn after ms milliseconds, and not at the time set before.
func (t *timer) start(ms float64) {
	t.stop()
	if t.call.IsUndefined() {
		t.call = callback(func([]js.Value) {
			t.id = js.Undefined()
			t.fn()
		})
	}
	t.id = js.Global().Call("setTimeout", t.call, ms)
}

// stop cancels the pending call, if any.
func (t *timer) stop() {
	if t.pending() {
		js.Global().Call("clearTimeout", t.id)
		t.id = js.Undefined()
	}
}

// pending reports whether a call is set.
func (t *timer) pending() bool { return t.id.Truthy() }

// then calls ok with the value promise resolves to, or fail (when not
// nil) with the reason it rejects with, through guard; both functions are
// released once either has run.
func then(promise js.Value, ok, fail func(v js.Value)) {
	var done, failed js.Func
	answer := func(fn func(js.Value)) js.Func {
		return js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer func() { done.Release(); failed.Release() }()
			return guard(func() any {
				if fn != nil && len(args) > 0 {
					fn(args[0])
				}
				return nil
			}, logPanic)
		})
	}
	done, failed = answer(ok), answer(fail)
	promise.Call("then", done, failed) // a Promise: dom/v2 has none
}
