//go:build js && wasm

package main

import (
	"math/bits"
	"strconv"
	"strings"
	"syscall/js"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestMagicFromJS calls bitview.magic as JavaScript does: the steps of a
// rook on e4 and a bishop on c1 with the start position's occupancy, each
// checked against core's sliding attacks, and every bad argument answered
// with an error naming it.
func TestMagicFromJS(t *testing.T) {
	start, _ := core.ParseFEN(core.StartFEN)
	occ := uint64(start.Occupied())
	for _, tt := range []struct {
		piece, square string
		pt            core.PieceType
		occ           any // the occupancy argument
	}{
		{"rook", "e4", core.Rook, "0x" + strconv.FormatUint(occ, 16)},
		{"Bishop", "C1", core.Bishop, strconv.FormatUint(occ, 16)},
		{"r", "a1", core.Rook, js.Undefined()},
	} {
		r := api("magic", tt.piece, tt.square, tt.occ)
		if !r.Get("ok").Bool() {
			t.Errorf("magic(%q, %q): %s", tt.piece, tt.square, r.Get("error").Get("message").String())
			continue
		}
		sq, _ := core.ParseSquare(strings.ToLower(tt.square))
		o := core.Bitboard(occ)
		if _, isStr := tt.occ.(string); !isStr {
			o = 0
		}
		ref := core.RookAttacks(sq, o)
		if tt.pt == core.Bishop {
			ref = core.BishopAttacks(sq, o)
		}
		num := func(key string) uint64 {
			s := r.Get(key).String()
			v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
			if err != nil || len(s) != 18 {
				t.Errorf("%s %s: %s = %q, want 0x and 16 hex digits", tt.piece, tt.square, key, s)
			}
			return v
		}
		mask, masked, mag, product := num("mask"), num("masked"), num("magic"), num("product")
		n := r.Get("bits").Int()
		if num("occupancy") != uint64(o) || masked != uint64(o)&mask || product != masked*mag || n != bits.OnesCount64(mask) ||
			r.Get("shift").Int() != 64-n || uint64(r.Get("index").Int()) != product>>(64-n) {
			t.Errorf("%s %s: the steps do not follow one another: %s", tt.piece, tt.square, jsonOf(r))
		}
		if num("attacks") != uint64(ref) || num("reference") != uint64(ref) || !r.Get("equal").Bool() ||
			r.Get("attackSquares").Length() != ref.Count() || r.Get("square").String() != sq.String() {
			t.Errorf("%s %s: attacks %x, want %x", tt.piece, tt.square, num("attacks"), uint64(ref))
		}
	}
	for _, tt := range []struct {
		args  []any
		field string
		msg   string
	}{
		{nil, "piece", `must be "rook" or "bishop"`},
		{[]any{"queen", "e4"}, "piece", "a queen uses both"},
		{[]any{42, "e4"}, "piece", `must be "rook" or "bishop"`},
		{[]any{"rook"}, "square", "must be a square"},
		{[]any{"rook", "i9"}, "square", `"i9" is not a square`},
		{[]any{"rook", strings.Repeat("e", 100)}, "square", "100 characters; the limit is 64"},
		{[]any{"rook", "e4", "0xZZ"}, "occupancy", "not a 64-bit hex number"},
		{[]any{"rook", "e4", "1" + strings.Repeat("0", 16)}, "occupancy", "not a 64-bit hex number"},
		{[]any{"rook", "e4", 255}, "occupancy", "must be the occupancy in hex"},
	} {
		r := api("magic", tt.args...)
		e := r.Get("error")
		if r.Get("ok").Bool() || e.Get("fieldName").String() != tt.field || !strings.Contains(e.Get("message").String(), tt.msg) {
			t.Errorf("magic%v = %s, want an error on %s saying %q", tt.args, jsonOf(r), tt.field, tt.msg)
		}
	}
}
