//go:build js && wasm

package main

import (
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// TestCardsPatched draws cards through a sequence of bits (a new position,
// a game step with its changed bits marked, a step back, the same bits
// again) in every layout, seen from each side, and checks after each
// draw that the cards are the elements drawn first (patched, not
// rebuilt) and that their markup is exactly what a fresh drawing of the
// same figure gives.
func TestCardsPatched(t *testing.T) {
	env := newTestEnv(t, `<!doctype html><html><body><div id="a"></div><div id="b"></div></body></html>`)
	steps := []struct {
		name       string
		bits, prev [2]core.Bitboard
	}{
		{"start", [2]core.Bitboard{0xff00, 0xffff00000000ffff}, [2]core.Bitboard{0xff00, 0xffff00000000ffff}},
		{"1.e4 marked", [2]core.Bitboard{0x1000ef00, 0xffff00001000efff}, [2]core.Bitboard{0xff00, 0xffff00000000ffff}},
		{"a paste", [2]core.Bitboard{0x0000000081000e700, 0x8100000000000081}, [2]core.Bitboard{0x0000000081000e700, 0x8100000000000081}},
		{"empty", [2]core.Bitboard{0, 0}, [2]core.Bitboard{0, 0}},
		{"full, marked", [2]core.Bitboard{^core.Bitboard(0), 1}, [2]core.Bitboard{0, 1 << 63}},
	}
	for _, l := range core.Layouts {
		for _, flipped := range []bool{false, true} {
			a, b := env.q("#a"), env.q("#b")
			a.Set("innerHTML", "")
			cards := newCardsView(a, "")
			var first [2]string
			for i, s := range steps {
				f := figure{Figure: model.Figure{Layout: l, Flipped: flipped, Shown: []model.Shown{
					{Key: "P", Title: "WhitePawns", Bits: s.bits[0]}, {Key: "occupied", Title: "Occupied", Bits: s.bits[1]}}},
					prev: s.prev[:]}
				cards.draw(f)
				b.Set("innerHTML", "")
				fresh := newCardsView(b, "")
				fresh.draw(f)
				if got, want := a.Get("innerHTML").String(), b.Get("innerHTML").String(); got != want {
					t.Fatalf("%s, flipped %v, %s: the patched cards differ from fresh ones:\n%s\nwant\n%s", l.ID, flipped, s.name, got, want)
				}
				for j := range 2 {
					el := a.Get("children").Index(j)
					if i == 0 {
						first[j] = el.Get("dataset").Get("bitboard").String()
						el.Set("__bitviewTest", "drawn first") // a mark the element keeps while it is the same one
					} else if el.Get("__bitviewTest").String() != "drawn first" {
						t.Errorf("%s, flipped %v, %s: card %s was rebuilt, not patched", l.ID, flipped, s.name, first[j])
					}
				}
			}
		}
	}
}
