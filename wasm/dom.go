//go:build js && wasm

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// This file holds the few DOM tools every view uses: element (a dom/v2
// value without the type switch), on (the one event helper), guard (the
// one panic guard), and the writers that touch the DOM only where the
// content changed: region, slots and keyed.

// element gives v dom/v2's HTMLElement methods. It builds the value
// directly: dom.WrapElement and the wrapping done by Document and Event
// methods switch over every element and event type, which links all their
// methods into the wasm (measured: +1.5 MB raw, +130 KB brotli).
func element(v js.Value) *dom.BasicHTMLElement {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

// guard runs fn and returns its answer; a panic inside it becomes
// onPanic's answer to a message saying what went wrong, so that one bad
// call or event never ends the Go runtime (after which the whole page is
// dead). It is the one panic guard: the JS API, the element's handle and
// every event listener go through it.
func guard[T any](fn func() T, onPanic func(msg string) T) (res T) {
	defer func() {
		if r := recover(); r != nil {
			res = onPanic("internal error: " + panicText(r))
		}
	}()
	return fn()
}

// logPanic is the onPanic of event listeners: the message goes to the
// console and the event is otherwise ignored.
func logPanic(msg string) any {
	js.Global().Get("console").Call("error", "bitview: "+msg)
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

// A listener is an event listener added by on; remove takes it off its
// target and releases its function.
type listener struct {
	target js.Value
	typ    string
	fn     js.Func
}

// remove takes the listener off its target and releases its function.
func (l listener) remove() {
	l.target.Call("removeEventListener", l.typ, l.fn)
	l.fn.Release()
}

// on adds a listener for events of type typ on target, the one way
// Bitview listens to the DOM. The handler gets the event and the closest
// element at or above its target that matches selector (nil when none,
// or when selector is ""). A panic in the handler is logged by guard.
// Listeners that live as long as the page are never removed; a view that
// goes away removes its own.
func on(target js.Value, typ, selector string, fn func(ev js.Value, el *dom.BasicHTMLElement)) listener {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		deliver(args[0], selector, fn)
		return nil
	})
	target.Call("addEventListener", typ, f)
	return listener{target, typ, f}
}

// deliver hands the event ev to a handler as on does: with the closest
// element matching selector, a panic logged by guard.
func deliver(ev js.Value, selector string, fn func(ev js.Value, el *dom.BasicHTMLElement)) {
	guard(func() any {
		var el *dom.BasicHTMLElement
		if selector != "" {
			el = closest(ev, selector)
		}
		fn(ev, el)
		return nil
	}, logPanic)
}

// closest returns the element at or above the event's target matching
// selector, or nil.
func closest(ev js.Value, selector string) *dom.BasicHTMLElement {
	t := ev.Get("target")
	if t.Type() != js.TypeObject || t.Get("closest").Type() != js.TypeFunction {
		return nil
	}
	return element(t.Call("closest", selector))
}

// A region is an element whose content is written only when its markup
// differs from what was written last. When the focus was inside, it stays
// at the same place in the new content.
type region struct {
	el      js.Value
	markup  string
	written bool
}

// set writes markup into the region if it changed, and reports whether it
// wrote.
func (r *region) set(markup string) bool {
	if r.written && r.markup == markup {
		return false
	}
	path := focusPath(r.el)
	r.el.Set("innerHTML", markup)
	if path != nil {
		refocus(r.el, path)
	}
	r.markup, r.written = markup, true
	return true
}

// text sets the region's text content if it changed.
func (r *region) text(s string) {
	if r.written && r.markup == s {
		return
	}
	r.el.Set("textContent", s)
	r.markup, r.written = s, true
}

// fragment parses markup into a new element (the first element of
// markup), outside the document.
func fragment(markup string) js.Value {
	tpl := js.Global().Get("document").Call("createElement", "template")
	tpl.Set("innerHTML", markup)
	return tpl.Get("content").Get("firstElementChild")
}

// replace puts next in the place of old; when the focus was inside old it
// moves to the element at the same place inside next, so a keyboard user
// keeps their place while the content around them is redrawn.
func replace(old, next js.Value) {
	path := focusPath(old)
	old.Call("replaceWith", next)
	if path != nil {
		refocus(next, path)
	}
}

// focusPath returns the child indices from root down to the focused
// element when it is root or inside it, and nil otherwise.
func focusPath(root js.Value) []int {
	active := root.Call("getRootNode").Get("activeElement")
	if active.IsUndefined() || active.IsNull() || !root.Call("contains", active).Bool() {
		return nil
	}
	path := []int{}
	for n := active; !n.Equal(root); n = n.Get("parentElement") {
		i := 0
		for s := n.Get("previousElementSibling"); !s.IsNull(); s = s.Get("previousElementSibling") {
			i++
		}
		path = append(path, i)
	}
	return path
}

// refocus focuses the element at path (as focusPath gives it) below root,
// or root when the path no longer leads anywhere.
func refocus(root js.Value, path []int) {
	n := root
	for i := len(path) - 1; i >= 0; i-- {
		c := n.Get("children").Index(path[i])
		if c.IsUndefined() {
			break
		}
		n = c
	}
	n.Call("focus", map[string]any{"preventScroll": true})
}

// slots are a fixed set of elements (the 64 squares of a board), each
// rewritten only when its signature changes. The caller writes the whole
// container, adopts its nodes and then patches them one by one.
type slots[S comparable] struct {
	nodes []js.Value
	sigs  []S
	find  func() []js.Value // finds nodes at the first patch that writes
}

// adopt takes the current elements, which find returns, with their
// signatures. find is called only when a slot is first rewritten: a
// view that is drawn once and never changed (most of a page of
// elements) never pays for 64 handles on its squares.
func (s *slots[S]) adopt(find func() []js.Value, sigs []S) {
	s.nodes, s.sigs, s.find = nil, sigs, find
}

// patch replaces slot i by markup(i) when sig differs from its current
// signature; it reports whether it wrote.
func (s *slots[S]) patch(i int, sig S, markup func() string) bool {
	if s.sigs[i] == sig {
		return false
	}
	if s.nodes == nil {
		s.nodes, s.find = s.find(), nil
	}
	next := fragment(markup())
	replace(s.nodes[i], next)
	s.nodes[i], s.sigs[i] = next, sig
	return true
}

// A keyed list is a container whose children are identified by keys (the
// cards, by the bitboard they show): an update reuses the element of every
// key whose signature is unchanged, rebuilds the others from their markup,
// adds new keys, removes old ones and puts them in order. Nothing else may
// write the container's children.
type keyed[S comparable] struct {
	parent js.Value
	items  []keyedItem[S]
}

type keyedItem[S comparable] struct {
	key  string
	sig  S
	node js.Value
}

// update makes the container's children the given keys with their
// signatures, in order, calling markup(i) only for the items to build.
// It reports how many elements it built.
func (k *keyed[S]) update(keys []string, sigs []S, markup func(i int) string) int {
	old := make(map[string]keyedItem[S], len(k.items))
	for _, it := range k.items {
		old[it.key] = it
	}
	built := 0
	items := make([]keyedItem[S], len(keys))
	for i, key := range keys {
		it, ok := old[key]
		if ok {
			delete(old, key)
		}
		if !ok || it.sig != sigs[i] {
			next := fragment(markup(i))
			built++
			if ok {
				replace(it.node, next)
			}
			it = keyedItem[S]{key: key, sig: sigs[i], node: next}
		}
		items[i] = it
	}
	for _, it := range old {
		it.node.Call("remove")
	}
	// Put the elements in order: a node already in its place is left
	// alone, so a steady list costs one comparison per item.
	children := k.parent.Get("children")
	for i, it := range items {
		if at := children.Index(i); at.IsUndefined() || !at.Equal(it.node) {
			ref := js.Null()
			if !at.IsUndefined() {
				ref = at
			}
			k.parent.Call("insertBefore", it.node, ref)
		}
	}
	k.items = items
	return built
}

// adopt takes the container's children as the items of keys with sigs.
func (k *keyed[S]) adopt(keys []string, sigs []S) {
	children := k.parent.Get("children")
	k.items = k.items[:0]
	for i, key := range keys {
		if n := children.Index(i); !n.IsUndefined() {
			k.items = append(k.items, keyedItem[S]{key, sigs[i], n})
		}
	}
}

// clear forgets the list's items (after its container was rewritten).
func (k *keyed[S]) clear(parent js.Value) {
	k.parent, k.items = parent, nil
}
