//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/wasm/view"
)

// This file holds the writers of the DOM that touch it only where the
// content changed: a region (an element's content), the regions and the
// attributes of a document (a surface, what the page's components write
// through), a fixed set of slots (a board's squares) and a keyed list
// (the cards), with the focus kept where it was across a rewrite; and
// setHidden, setValue and setChecked, which write a property only when it
// differs.

// A surface is a document as the page's components write it: its
// regions and its elements' attributes, each written only where it
// changed.
type surface struct {
	doc     js.Value
	regions regions
	attrs   attrs
}

// newSurface returns the surface of the document doc.
func newSurface(doc js.Value) *surface {
	return &surface{doc: doc, regions: regions{doc: doc}, attrs: attrs{doc: doc}}
}

// A region is an element whose content is written only when its markup
// differs from what was written last. When the focus was inside, it stays
// at the same place in the new content.
type region struct {
	el      *domElement
	markup  string
	written bool
}

// set writes markup into the region if it changed, and reports whether it
// wrote.
func (r *region) set(markup string) bool {
	if r.written && r.markup == markup {
		return false
	}
	path := focusPath(r.el.Underlying())
	r.el.SetInnerHTML(markup)
	if path != nil {
		refocus(r.el.Underlying(), path)
	}
	r.markup, r.written = markup, true
	return true
}

// text sets the region's text content if it changed.
func (r *region) text(s string) {
	if r.written && r.markup == s {
		return
	}
	r.el.SetTextContent(s)
	r.markup, r.written = s, true
}

// fragment parses markup into a new element (the first element of
// markup), outside the document.
func fragment(markup string) js.Value {
	tpl := newElement(js.Global().Get("document"), "template")
	tpl.SetInnerHTML(markup)
	return tpl.Get("content").Get("firstElementChild")
}

// replace puts next in the place of old; when the focus was inside old it
// moves to the element at the same place inside next, so a keyboard user
// keeps their place while the content around them is redrawn.
func replace(old, next js.Value) {
	path := focusPath(old)
	replaceNode(old, next)
	if path != nil {
		refocus(next, path)
	}
}

// focusPath returns the child indices from root down to the focused
// element when it is root or inside it, and nil otherwise.
func focusPath(root js.Value) []int {
	active := focused(root)
	if active == nil || !contains(root, active.Underlying()) {
		return nil
	}
	path := []int{}
	for n := active.Underlying(); !n.Equal(root); n = n.Get("parentElement") {
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
	// Focused without scrolling: the content was redrawn under the user,
	// the page must not move. dom/v2's Focus takes no options.
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

// patch gives each slot its signature in sigs, replacing the slots whose
// signature changed by their markup(i), all parsed at once (one fragment
// for all, not one each: a new position changes a few squares, and each
// call from Go costs more than the parse). The focus stays where it was
// (see replace). It reports how many slots it wrote.
func (s *slots[S]) patch(sigs []S, markup func(i int) string) int {
	var changed []int
	for i, sig := range sigs {
		if s.sigs[i] != sig {
			changed = append(changed, i)
		}
	}
	if len(changed) == 0 {
		return 0
	}
	if s.nodes == nil {
		s.nodes, s.find = s.find(), nil
	}
	var b strings.Builder
	for _, i := range changed {
		b.WriteString(markup(i))
	}
	tpl := newElement(js.Global().Get("document"), "template")
	tpl.SetInnerHTML(b.String())
	content := tpl.Get("content")
	active := focused(s.nodes[changed[0]])
	for _, i := range changed {
		next := content.Get("firstElementChild")
		if active != nil && contains(s.nodes[i], active.Underlying()) {
			replace(s.nodes[i], next)
		} else {
			replaceNode(s.nodes[i], next)
		}
		s.nodes[i], s.sigs[i] = next, sigs[i]
	}
	return len(changed)
}

// A keyed list is a container whose children are identified by keys (the
// cards, by the bitboard they show): an update reuses the element of every
// key whose signature is unchanged, rebuilds the others from their markup,
// adds new keys, removes old ones and puts them in order. Nothing else may
// write the container's children.
type keyed[S comparable] struct {
	parent *domElement
	items  []keyedItem[S]
}

type keyedItem[S comparable] struct {
	key  string
	sig  S
	node js.Value
}

// update makes the container's children the given keys with their
// signatures, in order, calling markup(i) only for the items to build.
// An item whose key is kept but whose signature changed is first offered
// to patch (when not nil) with its old signature and its element: when
// patch brings the element up to date in place and says so, it is kept
// (its focus, its nodes, the browser's styles of everything in it that
// did not change). It reports how many elements it built.
func (k *keyed[S]) update(keys []string, sigs []S, markup func(i int) string, patch func(i int, old S, node js.Value) bool) int {
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
		if ok && it.sig != sigs[i] && patch != nil && patch(i, it.sig, it.node) {
			it.sig = sigs[i]
		} else if !ok || it.sig != sigs[i] {
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
		element(it.node).Remove()
	}
	// Put the elements in order: a node already in its place is left
	// alone, so a steady list costs one comparison per item.
	children := k.parent.Get("children")
	for i, it := range items {
		if at := children.Index(i); at.IsUndefined() || !at.Equal(it.node) {
			insert(k.parent.Underlying(), it.node, at) // at the end when at is undefined
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
func (k *keyed[S]) clear(parent *domElement) {
	k.parent, k.items = parent, nil
}

// regions are a document's regions by element id: each component of the
// page takes its own from here, and the page marks those a prerendered
// index.html holds as written (see page.adopt).
type regions struct {
	doc js.Value
	m   map[string]*region
}

// get returns the region of the element with the given id.
func (rs *regions) get(id string) *region {
	if rs.m == nil {
		rs.m = map[string]*region{}
	}
	r, ok := rs.m[id]
	if !ok {
		r = &region{el: byID(rs.doc, id)}
		rs.m[id] = r
	}
	return r
}

// write writes each region's markup where it changed.
func (rs *regions) write(list ...view.Region) {
	for _, r := range list {
		rs.get(r.ID).set(r.Markup)
	}
}

// adopt counts each region as written with its markup (it is in the
// document already).
func (rs *regions) adopt(list []view.Region) {
	for _, r := range list {
		g := rs.get(r.ID)
		g.markup, g.written = r.Markup, true
	}
}

// setHidden sets or removes el's hidden attribute when it differs.
func setHidden(el *domElement, h bool) {
	if el.Get("hidden").Truthy() != h {
		el.Set("hidden", h)
	}
}

// setValue sets a text field's value when it differs, so that a field
// the user is in keeps its caret.
func setValue(el *domElement, s string) {
	if in := input(el); in.Value() != s {
		in.SetValue(s)
	}
}

// setChecked sets a checkbox or radio button when it differs.
func setChecked(el *domElement, on bool) {
	if el.Get("checked").Truthy() != on { // Truthy: a DOM without the property (linkedom) has undefined
		el.Set("checked", on)
	}
}

// attrs writes attributes of a document's elements, each only when it
// differs from what was written last (or, at the first write, from what
// the markup holds: a prerendered page holds its values already).
type attrs struct {
	doc     js.Value
	written map[string]string // by "id attr"
}

// set sets attribute name of the element with the given id (a CSS
// selector when it starts with a bracket) to value.
func (a *attrs) set(id, name, value string) {
	if a.written == nil {
		a.written = map[string]string{}
	}
	k := id + " " + name
	v, ok := a.written[k]
	if ok && v == value {
		return
	}
	a.written[k] = value
	var el *domElement
	if strings.HasPrefix(id, "[") {
		el = query(a.doc, id)
	} else {
		el = byID(a.doc, id)
	}
	if el == nil {
		return
	}
	if !ok && el.GetAttribute(name) == value && (value != "" || el.HasAttribute(name)) {
		return // the first write: the markup holds the value already
	}
	el.SetAttribute(name, value)
}
