package model

import (
	"testing"

	"github.com/bitview/bitview/core"
)

func TestArrowStep(t *testing.T) {
	tests := []struct {
		from    string
		key     string
		flipped bool
		want    string // "" for no move
	}{
		{"e4", "ArrowUp", false, "e5"},
		{"e4", "ArrowDown", false, "e3"},
		{"e4", "ArrowLeft", false, "d4"},
		{"e4", "ArrowRight", false, "f4"},
		{"e4", "ArrowUp", true, "e3"}, // from Black, up the screen is down the ranks
		{"e4", "ArrowLeft", true, "f4"},
		{"a1", "ArrowLeft", false, ""},
		{"a1", "ArrowDown", false, ""},
		{"h8", "ArrowUp", false, ""},
		{"h8", "ArrowRight", false, ""},
		{"a1", "ArrowRight", true, ""},
		{"h8", "ArrowDown", true, ""},
		{"e4", "Home", false, ""},
		{"e4", "k", false, ""},
	}
	for _, tt := range tests {
		from, _ := core.ParseSquare(tt.from)
		got, ok := ArrowStep(from, tt.key, tt.flipped)
		if name := map[bool]string{true: got.String(), false: ""}[ok]; name != tt.want {
			t.Errorf("ArrowStep(%s, %q, flipped %v) = %q, want %q", tt.from, tt.key, tt.flipped, name, tt.want)
		}
	}
}

func TestBoardOrder(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		order := BoardOrder(flipped)
		corners := [4]core.Square{order[0], order[7], order[56], order[63]}
		want := [4]core.Square{core.A8, core.H8, core.A1, core.H1}
		if flipped {
			want = [4]core.Square{core.H1, core.A1, core.H8, core.A8}
		}
		if corners != want {
			t.Errorf("BoardOrder(%v) corners = %v, want %v", flipped, corners, want)
		}
		var seen core.Bitboard
		for _, sq := range order {
			seen.Set(sq)
		}
		if seen != core.AllSquares {
			t.Errorf("BoardOrder(%v) misses squares: %s", flipped, (^seen).Hex())
		}
		// The arrow keys move between neighbours in the drawn order.
		for i, sq := range order {
			if i%8 < 7 {
				if next, ok := ArrowStep(sq, "ArrowRight", flipped); !ok || next != order[i+1] {
					t.Errorf("flipped %v: ArrowRight from %s = %s, want %s", flipped, sq, next, order[i+1])
				}
			}
			if i >= 8 {
				if up, ok := ArrowStep(sq, "ArrowUp", flipped); !ok || up != order[i-8] {
					t.Errorf("flipped %v: ArrowUp from %s = %s, want %s", flipped, sq, up, order[i-8])
				}
			}
		}
	}
}
