package view

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/model"
)

// TestGameName checks the players' names in a sentence, escaped.
func TestGameName(t *testing.T) {
	g := &pgn.Game{Tags: []pgn.Tag{{Name: "White", Value: "A<b>"}, {Name: "Black", Value: "C&D"}}}
	if got := GameName(g); got != " A&lt;b&gt; – C&amp;D" {
		t.Errorf("GameName = %q", got)
	}
	if got := GameName(&pgn.Game{}); got != "" {
		t.Errorf("GameName(no players) = %q", got)
	}
}

// TestSquareMatchesBoard checks that one square drawn alone is the same
// markup as in the whole board, with every kind of mark, so the renderer
// can redraw one square in place.
func TestSquareMatchesBoard(t *testing.T) {
	p := mustParse(t, kiwipeteFEN)
	m := model.Marks{Warn: core.E4.Bitboard(), Selected: core.D5, LastFrom: core.E2, LastTo: core.A8}
	for _, l := range core.Layouts {
		for _, flipped := range []bool{false, true} {
			board := BoardMarked(p, l, flipped, true, m)
			for sq := core.A1; sq < core.NoSquare; sq++ {
				one := Square(l, sq, true, m.MarksOf(p, sq, flipped))
				if !strings.Contains(board, one) {
					t.Fatalf("%s flipped=%v: square %s drawn alone as %s is not in the board", l.ID, flipped, sq, one)
				}
			}
			for _, c := range []string{"warn", "selected", "last-from", "last-to"} {
				if strings.Count(board, " "+c) != 1 {
					t.Errorf("%s: %d squares marked %s, want 1", l.ID, strings.Count(board, " "+c), c)
				}
			}
			if strings.Count(board, `tabindex="0"`) != 1 {
				t.Errorf("%s flipped=%v: %d tab stops, want 1", l.ID, flipped, strings.Count(board, `tabindex="0"`))
			}
		}
	}
}
