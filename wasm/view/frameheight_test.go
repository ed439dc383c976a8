package view

import (
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// TestFrameHeightEveryLayout: FrameHeight is computed for every layout of
// core.Layouts from its geometry (no layout falls back to another's, and
// a new layout needs no browser run): its grid's column count has its
// boxes (layoutBoxes, the CSS's per-column-count sizes), and from the
// second card on the height grows with every card, by at least a grid's
// rows of 20 px cells (the first stands beside the board).
func TestFrameHeightEveryLayout(t *testing.T) {
	for _, l := range core.Layouts {
		if _, ok := layoutBoxes[l.Cols]; !ok {
			t.Errorf("layout %s: no layoutBoxes entry for %d columns (view.css's .view[data-cols=\"%d\"])", l.ID, l.Cols, l.Cols)
			continue
		}
		s := model.DefaultState()
		s.Layout = l.ID
		last := 0
		for n := 0; n <= 7; n++ {
			s.Show = []string{"P", "N", "B", "R", "Q", "K", "p"}[:n]
			h := FrameHeight(s)
			if n > 1 && h < last+l.Rows*20 {
				t.Errorf("layout %s: %d cards %d px, %d cards %d px: a card adds less than its grid", l.ID, n-1, last, n, h)
			}
			last = h
		}
		t.Logf("%s: %d cards, %d px", l.ID, 7, last)
	}
}

// TestFrameHeightShown: a card's values change the height as the CSS
// draws them: a signed decimal takes a line of its own, and 0x88's and
// 10×12's hex values two lines.
func TestFrameHeightShown(t *testing.T) {
	for _, tc := range []struct {
		layout         string
		plain, signed  string
		wantSignedMore bool
	}{
		{"lerf", "P", "P|(1<<63)", true},
		{"0x88", "P", "P|(1<<63)", false}, // no 64-bit decimal: no signed line
	} {
		s := model.DefaultState()
		s.Layout, s.Show = tc.layout, []string{tc.plain}
		plain := FrameHeight(s)
		s.Show = []string{tc.signed}
		signed := FrameHeight(s)
		if (signed > plain) != tc.wantSignedMore {
			t.Errorf("%s: %s %d px, %s %d px; want the signed value taller: %v", tc.layout, tc.plain, plain, tc.signed, signed, tc.wantSignedMore)
		}
	}
	if got := wrapLines("— 128 bits do not fit a 64-bit integer", 20*codeCh); got != 2 {
		t.Errorf("wrapLines of 38 characters in 20: %d lines, want 2", got)
	}
}
