//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"
)

// TestMagicFromJS calls bitview.magic as JavaScript does: a lookup
// crosses jsapi.Magic's steps (tested natively), a BigInt-free occupancy
// left out is the empty board, and every argument of the wrong type or
// length is answered with an error naming it before it is read.
func TestMagicFromJS(t *testing.T) {
	r := api("magic", "rook", "e4", js.Undefined())
	if !r.Get("ok").Bool() || r.Get("square").String() != "e4" || r.Get("occupancy").String() != "0x0000000000000000" ||
		r.Get("attackSquares").Length() != 14 || !r.Get("equal").Bool() {
		t.Errorf("magic(rook, e4) = %s", jsonOf(r))
	}
	for _, tt := range []struct {
		args  []any
		field string
		msg   string
	}{
		{nil, "piece", `must be "rook" or "bishop"`},
		{[]any{42, "e4"}, "piece", `must be "rook" or "bishop"`},
		{[]any{"rook"}, "square", "must be a square"},
		{[]any{"rook", strings.Repeat("e", 100)}, "square", "100 characters; the limit is 64"},
		{[]any{"rook", "e4", ""}, "occupancy", "not a 64-bit hex number"},
		{[]any{"rook", "e4", 255}, "occupancy", "must be the occupancy in hex"},
		{[]any{"queen", "e4"}, "piece", "a queen uses both"},
	} {
		r := api("magic", tt.args...)
		e := r.Get("error")
		if r.Get("ok").Bool() || e.Get("fieldName").String() != tt.field || !strings.Contains(e.Get("message").String(), tt.msg) {
			t.Errorf("magic%v = %s, want an error on %s saying %q", tt.args, jsonOf(r), tt.field, tt.msg)
		}
	}
}
