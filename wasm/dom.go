//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/wasm/model"
	"honnef.co/go/js/dom/v2"
)

// This file holds the DOM helpers every view uses: element and input
// (dom/v2 values without the type switch), the lookups and node calls
// beside them, and the text of a field read with its length checked
// first. The writers that touch the DOM only where it changed are in
// diff.go; the event path, the panic guard and the timers in events.go.
//
// Package main reaches the DOM through dom/v2's typed methods on the
// values element builds. A call by name (js.Value.Call) is left only where
// dom/v2 has no call, or where its call costs the wasm more than it does:
// its lookups answer through the type switch that element avoids (its
// Closest alone, measured: +646 KB raw, +49 KB brotli), and its methods
// that take a node link the time package (see insert). Each such call is
// made once, in a named helper below, with its reason beside it.

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

// input gives the <input> el dom/v2's HTMLInputElement methods, built
// directly, as element is.
func input(el *domElement) *dom.HTMLInputElement { return &dom.HTMLInputElement{BasicHTMLElement: el} }

// byID returns the element of the document doc with the given id, or nil.
func byID(doc js.Value, id string) *domElement {
	return element(doc.Call("getElementById", id)) // dom/v2's Document.GetElementByID wraps (see element)
}

// query returns the first element matching selector inside root (an
// element, a document or a shadow root), or nil.
func query(root js.Value, selector string) *domElement {
	return element(root.Call("querySelector", selector)) // dom/v2's QuerySelector wraps (see element)
}

// queryAll returns the elements matching selector inside root (an
// element, a document or a shadow root), in document order.
func queryAll(root js.Value, selector string) nodeList {
	return nodeList{root.Call("querySelectorAll", selector)} // dom/v2's QuerySelectorAll wraps each (see element)
}

// A nodeList is a static NodeList (querySelectorAll's answer). Its items
// become elements only when read: a move list of 10,000 plies costs one
// handle, not 10,000. The zero nodeList is empty.
type nodeList struct{ list js.Value }

// len returns the number of elements in l.
func (l nodeList) len() int {
	if !l.list.Truthy() {
		return 0
	}
	return l.list.Length()
}

// at returns l's element i, or nil when there is none.
func (l nodeList) at(i int) *domElement {
	if !l.list.Truthy() || i < 0 {
		return nil
	}
	return element(l.list.Index(i))
}

// newElement returns a new element of the document doc with the given tag
// name, outside the document.
func newElement(doc js.Value, tag string) *domElement {
	return element(doc.Call("createElement", tag)) // dom/v2's Document.CreateElement wraps (see element)
}

// elementAt returns the topmost element of the document doc at the
// viewport point (x, y) in CSS pixels, or nil.
func elementAt(doc js.Value, x, y float64) *domElement {
	return element(doc.Call("elementFromPoint", x, y)) // dom/v2's Document.ElementFromPoint wraps (see element)
}

// cloneContent returns a deep copy of the content of the <template> t,
// owned by the document doc, to be inserted there.
func cloneContent(doc js.Value, t *domElement) js.Value {
	return doc.Call("importNode", t.Get("content"), true) // dom/v2's Document.ImportNode wraps (see element)
}

// The four helpers below are dom/v2's Node methods that take a node
// (InsertBefore and AppendChild, ReplaceChild, Contains, IsEqualNode).
// Called through dom/v2, their argument becomes a dom.Node interface,
// whose method set names Document and Event, and Event's a time.Time:
// that links the time package's formatting and the types of both
// interfaces into the wasm (measured: +111 KB raw, +25 KB brotli, 72 KB of
// it the time package's code), for no work done.

// insert puts child into parent before the child before, or at the end
// when before is null or undefined.
func insert(parent, child, before js.Value) {
	if before.IsUndefined() {
		before = js.Null()
	}
	parent.Call("insertBefore", child, before) // see above: dom/v2's InsertBefore takes a dom.Node
}

// replaceNode puts next in the place of old; an old without a parent is
// left alone.
func replaceNode(old, next js.Value) {
	old.Call("replaceWith", next) // see above; and dom/v2 has no replaceWith
}

// contains reports whether n is root or inside it.
func contains(root, n js.Value) bool {
	return root.Call("contains", n).Bool() // see above: dom/v2's Contains takes a dom.Node
}

// equalNodes reports whether the nodes a and b are equal: the same type,
// name, attributes and text, and equal children, in order.
func equalNodes(a, b js.Value) bool {
	return a.Call("isEqualNode", b).Bool() // see above: dom/v2's IsEqualNode takes a dom.Node
}

// focused returns the element that has the focus in root's document or
// shadow root (a document's activeElement is the shadow host when the
// focus is inside a shadow root), or nil.
func focused(root js.Value) *domElement {
	return element(root.Call("getRootNode").Get("activeElement")) // dom/v2 has no getRootNode
}

// jsObject is the global Object function, which wraps a primitive.
var jsObject = js.Global().Get("Object")

// strLen returns the length of the JS string s in UTF-16 code units
// without copying it into Go (js.Value.Length accepts only objects, so it
// asks the String object wrapping s). A string's UTF-8 form has at least
// as many bytes, so strLen(s) > limit proves a byte limit is crossed.
func strLen(s js.Value) int { return jsObject.Invoke(s).Length() }

// clipped returns the JS string s as Go text of at most limit+1 bytes
// (model.Clip), copying at most limit+1 UTF-16 code units out of JS: a
// 20 MB paste into a field costs the same as one a byte over the limit,
// and the parser that owns the limit still refuses it with its message.
func clipped(s js.Value, limit int) string {
	if strLen(s) > limit {
		s = jsObject.Invoke(s).Call("slice", 0, limit+1) // a JS string, not the DOM; Call needs an object: the String wrapping s
	}
	return model.Clip(s.String(), limit)
}
