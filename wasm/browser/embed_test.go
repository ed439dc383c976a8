//go:build !(js && wasm)

package browser

// Helpers that read <bitboard-view> elements and check them against
// core (the tests of the element and embed.html in the three engines are
// in everyengine_test.go).

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/chromedp/chromedp"
)

// expressions are the tutorial's expressions with their values worked out
// by hand (LERF bitboards).
var expressions = map[string]core.Bitboard{
	// After 1.e4 e5 the pawns on a2–d2 and f2–h2 can step to rank 3; e4 is blocked by e5.
	"(whitePawns << 8) & ~allOccupied": core.Rank3BB &^ core.E3.Bitboard(),
	// A knight on h1 attacks f2 and g3.
	"knightAttacks(h1)": core.F2.Bitboard() | core.G3.Bitboard(),
}

// waitViews waits until every <bitboard-view> on the page has drawn (a
// prerendered one holds its view before: its status says when Bitview
// has taken it over).
func waitViews(t *testing.T, ctx context.Context) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](waitViewsJS, chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// viewState is what a test reads of one element: its attributes and, per
// card, its cells.
type viewState struct {
	FEN, Layout, Show string
	Board             int
	Error             string
	Cards             []struct {
		Key   string
		Cells [][3]string // square ("" off-board), index, bit
	}
}

// readViewsJS is the expression whose value is a viewState per
// <bitboard-view> on the page.
const readViewsJS = allViewsJS + `().map((v) => ({
	FEN: v.getAttribute('fen') ?? '', Layout: v.getAttribute('layout') ?? '', Show: v.getAttribute('show') ?? '',
	Board: v.shadowRoot.querySelectorAll('.board [data-square]').length,
	Error: [...v.shadowRoot.querySelectorAll('.error')].map((e) => e.textContent).join(' '),
	Cards: [...v.shadowRoot.querySelectorAll('section.card[data-bitboard]')].map((c) => ({ Key: c.dataset.bitboard,
		Cells: [...c.querySelectorAll('.cell')].map((e) => [e.dataset.square ?? '', e.dataset.index, e.dataset.bit]) })),
}))`

// readViews returns the state of every <bitboard-view> on the page.
func readViews(t *testing.T, ctx context.Context) []viewState {
	t.Helper()
	raw := eval[string](t, ctx, `JSON.stringify(`+readViewsJS+`)`)
	var vs []viewState
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

// checkView compares one element's cells with core: each square's index
// in the layout and its bit.
func checkView(t *testing.T, v viewState) {
	t.Helper()
	fen := v.FEN
	if fen == "" {
		fen = core.StartFEN
	}
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatalf("element fen %q: %v", fen, err)
	}
	id := v.Layout
	if id == "" {
		id = "lerf"
	}
	l, _ := core.LayoutByID(id)
	if v.Error != "" {
		t.Errorf("element %q shows an error: %s", v.Show, v.Error)
	}
	for _, c := range v.Cards {
		want, ok := expressions[c.Key]
		if n, named := core.LookupBitboard(c.Key); named {
			want, ok = n.Of(&p), true
		}
		if !ok {
			t.Errorf("card %q: no expected value", c.Key)
			continue
		}
		if len(c.Cells) != l.Slots {
			t.Errorf("card %q in %s: %d cells, want %d", c.Key, id, len(c.Cells), l.Slots)
		}
		for _, cell := range c.Cells {
			if cell[0] == "" {
				if cell[2] != "0" {
					t.Errorf("card %q: off-board slot %s is set", c.Key, cell[1])
				}
				continue
			}
			sq, _ := core.ParseSquare(cell[0])
			bit := "0"
			if want.Has(sq) {
				bit = "1"
			}
			if cell[1] != strconv.Itoa(l.Index(sq)) || cell[2] != bit {
				t.Errorf("card %q in %s: %s has index %s bit %s, want %d and %s", c.Key, id, cell[0], cell[1], cell[2], l.Index(sq), bit)
			}
		}
	}
}

// sameCards reports whether two reads of an element show the same cells.
func sameCards(a, b viewState) bool {
	x, _ := json.Marshal(a.Cards)
	y, _ := json.Marshal(b.Cards)
	return string(x) == string(y)
}
