//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"

	"github.com/bitview/bitview/core"
)

// mount mounts a view into a new <div> of env's document with options (a
// JS object made from opts), as bitview.js does, and answers its id and
// its first drawing's answer.
func (env *testEnv) mount(opts map[string]any) (js.Value, js.Value) {
	env.t.Helper()
	root := newElement(env.doc, "div").Underlying()
	insert(env.doc.Get("body"), root, js.Null())
	var o any = js.Undefined()
	if opts != nil {
		o = js.ValueOf(opts)
	}
	return root, goAPI("mount", root, o)
}

// TestElementEvents: an element is built from the page's components and
// drives them through the same event path: options → markup, pointing,
// the arrow keys, an update, and destroy.
func TestElementEvents(t *testing.T) {
	env := newTestEnv(t, "<!doctype html><html><head></head><body></body></html>")
	root, m := env.mount(map[string]any{"fen": kiwipete, "show": "P,occupied", "layout": "0x88", "orientation": "black"})
	id := m.Get("id").Int()
	v := embeds[id]
	if id == 0 || v == nil || !m.Get("ok").Bool() {
		t.Fatalf("mount answered %v", jsonOf(m))
	}
	if n := queryAll(root, ".card").len(); n != 2 {
		t.Errorf("%d cards, want 2", n)
	}
	// orientation black turns the grids with the board: rank 1 on top.
	if got := query(root, ".card [data-square]").GetAttribute("data-square"); got != "h1" {
		t.Errorf("the first cell of a grid is %s, want h1 (turned with the board)", got)
	}
	v.sc.dispatch(&event{Type: "pointerover", Target: query(root, `.card [data-square="e4"]`).Underlying()})
	if v.fig.hover != core.E4 || !strings.Contains(query(root, "style").Get("textContent").String(), "e4") {
		t.Errorf("pointing at e4: hover %v", v.fig.hover)
	}
	if a := v.sc.dispatch(&event{Type: "keydown", Key: "ArrowLeft", Target: query(root, `.board [data-square="e4"]`).Underlying()}); a != answerPrevent|answerStop {
		t.Errorf("ArrowLeft answered %d", a)
	}
	up := goAPI("view", id, "update", js.ValueOf(map[string]any{"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "interactive": false}))
	if !up.Get("ok").Bool() || queryAll(root, ".board [data-piece]").len() != 0 {
		t.Errorf("update to the empty board: %v", jsonOf(up))
	}
	v.sc.dispatch(&event{Type: "pointerover", Target: query(root, `.board [data-square="a1"]`).Underlying()})
	if v.fig.hover == core.A1 {
		t.Error("a view that is not interactive followed the pointer")
	}
	if svg := goAPI("view", id, "svg").String(); !strings.HasPrefix(svg, "<svg") {
		t.Errorf("svg answered %.40q", svg)
	}
	goAPI("view", id, "destroy")
	if embeds[id] != nil || scopes[id] != nil || root.Get("innerHTML").String() != "" {
		t.Error("destroy left the view registered or drawn")
	}
	if r := goAPI("view", id, "update", js.Undefined()); r.Get("ok").Bool() || !strings.Contains(r.Get("error").Get("message").String(), "destroyed") {
		t.Error("a destroyed view's update did not answer an error")
	}
}

// TestElementRelease: "release" (web/bitview.js's, for a root that left
// the document) forgets the view and its listeners and keeps its drawing;
// the view then answers as a destroyed one.
func TestElementRelease(t *testing.T) {
	env := newTestEnv(t, "<!doctype html><html><head></head><body></body></html>")
	root, m := env.mount(map[string]any{"fen": kiwipete, "show": "P"})
	id := m.Get("id").Int()
	if id == 0 || embeds[id] == nil || scopes[id] == nil {
		t.Fatalf("mount answered %v", jsonOf(m))
	}
	element(root).Remove()
	drawn := root.Get("innerHTML").String()
	goAPI("view", id, "release")
	if embeds[id] != nil || scopes[id] != nil {
		t.Error("release left the view or its scope registered")
	}
	if got := root.Get("innerHTML").String(); got != drawn || queryAll(root, ".card").len() != 1 {
		t.Errorf("release changed the drawing (%d bytes, was %d)", len(got), len(drawn))
	}
	if r := goAPI("view", id, "update", js.Undefined()); r.Get("ok").Bool() {
		t.Error("a released view's update answered ok")
	}
	if svg := goAPI("view", id, "svg").String(); svg != "" {
		t.Errorf("a released view's svg answered %.40q", svg)
	}
}

// TestElementOptions: options are read by their tags; a string over its
// limit, a value of the wrong type and a bad orientation are errors, and
// the view stays.
func TestElementOptions(t *testing.T) {
	env := newTestEnv(t, "<!doctype html><html><head></head><body></body></html>")
	root, m := env.mount(map[string]any{"show": "P", "board": false, "grids": "fixed", "orientation": "black"})
	id := m.Get("id").Int()
	if query(root, ".view-board").Get("hidden").Truthy() != true {
		t.Error("board: false left the board on show")
	}
	if got := query(root, ".card [data-square]").GetAttribute("data-square"); got != "a8" {
		t.Errorf(`grids "fixed": the first cell is %s, want a8`, got)
	}
	update := func(o any) js.Value { return goAPI("view", id, "update", o) }
	for _, tc := range []struct {
		opts any
		want string
	}{
		{map[string]any{"show": strings.Repeat("P,", 3000)}, "show is 6,000 characters; the limit is 4,096 bytes"},
		{map[string]any{"layout": 5}, "the options must be an object of strings and booleans"},
		{map[string]any{"board": "yes"}, "the options must be an object of strings and booleans"},
		{map[string]any{"show": "P", "orientation": "sideways"}, `orientation "sideways": use white or black`},
		{"P", "the options must be an object of strings and booleans"},
	} {
		r := update(js.ValueOf(tc.opts))
		if r.Get("ok").Bool() || !strings.Contains(r.Get("error").Get("message").String(), tc.want) {
			t.Errorf("update(%v) = %v, want an error %q", tc.opts, jsonOf(r), tc.want)
		}
		if queryAll(root, ".card").len() != 1 {
			t.Errorf("update(%v) did not keep the view", tc.opts)
		}
	}
	if r := update(js.ValueOf(map[string]any{"fen": strings.Repeat("8/", 200)})); r.Get("error").Get("field").Int() != core.FieldPiecePlacement {
		t.Errorf("a FEN over the limit: %v, want a placement error", jsonOf(r))
	}
}

// TestElementFailedMountHoldsNothing: a mount whose first drawing fails
// (here the root's insertBefore throws) answers id 0 and registers nothing: its
// scope and its view are gone.
func TestElementFailedMountHoldsNothing(t *testing.T) {
	env := newTestEnv(t, "<!doctype html><html><head></head><body></body></html>")
	root := newElement(env.doc, "div").Underlying()
	root.Set("insertBefore", js.Global().Get("Function").New("throw new Error('insertBefore refused')"))
	before, beforeScopes := len(embeds), len(scopes)
	for range 100 {
		m := goAPI("mount", root, js.Undefined())
		if m.Get("id").Int() != 0 || m.Get("ok").Bool() || !strings.Contains(m.Get("error").Get("message").String(), "could not be drawn") {
			t.Fatalf("a failed mount answered %v", jsonOf(m))
		}
	}
	if len(embeds) != before || len(scopes) != beforeScopes {
		t.Errorf("100 failed mounts left %d views and %d scopes, want %d and %d", len(embeds), len(scopes), before, beforeScopes)
	}
}

// TestElementChess960: an element takes a Chess960 FEN in Shredder-FEN,
// draws its board, and divides it with castling written king-takes-rook.
func TestElementChess960(t *testing.T) {
	env := newTestEnv(t, "<!doctype html><html><head></head><body></body></html>")
	root, m := env.mount(map[string]any{"fen": "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", "perft": "1"})
	if !m.Get("ok").Bool() {
		t.Fatalf("mount answered %v", jsonOf(m))
	}
	for sq, piece := range map[string]string{"b1": "R", "g1": "R", "e1": "K", "b8": "r"} {
		if el := query(root, `.board [data-square="`+sq+`"]`); el == nil || el.GetAttribute("data-piece") != piece {
			t.Errorf("%s holds no %s", sq, piece)
		}
	}
	for _, uci := range []string{"e1b1", "e1g1"} {
		if query(root, `.divide [data-uci="`+uci+`"]`) == nil {
			t.Errorf("the divide has no row %s (castling king-takes-rook)", uci)
		}
	}
	if query(root, `.divide [data-uci="e1c1"]`) != nil {
		t.Error("the divide writes castling as the king's move e1c1")
	}
}
