//go:build !(js && wasm)

package browser

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestNewPositionPatched steps with → through a game with every switch
// on, in two layouts, which patches the cards and the board in place
// (wasm/cards.go and wasm/board.go: the changed cells, squares and
// readouts only), then one step back, and checks that the board and the
// cards are then exactly what a page opened at that ply draws.
func TestNewPositionPatched(t *testing.T) {
	ctx, site := site(t)
	moves, _ := gamePlies(t, 30)
	for _, layout := range []string{"lerf", "0x88", "10x12"} {
		link := func(ply string) string {
			return site + "/?layout=" + layout + "&show=" + url.QueryEscape(every31) + "&moves=" + strings.Join(moves, ",") + "&ply=" + ply + "&tab=game"
		}
		open(t, ctx, link("0"))
		eval[any](t, ctx, `document.activeElement.blur()`)
		before := eval[int](t, ctx, `(window.__cardsDrawn = [...document.querySelectorAll('#cards > .card')]).length`)
		for range 24 {
			if err := chromedp.Do(ctx, arrowRight(input.DispatchKeyEventTypeRawKeyDown, false), arrowRight(input.DispatchKeyEventTypeKeyUp, false),
				chromedp.Sleep(20*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
			t.Fatal(err)
		}
		const drawn = `[document.getElementById('board').innerHTML, document.getElementById('cards').innerHTML]`
		stepped := eval[[]string](t, ctx, drawn)
		kept := eval[int](t, ctx, `[...document.querySelectorAll('#cards > .card')].filter((c, i) => c === __cardsDrawn[i]).length`)
		if kept != before || before < 31 {
			t.Errorf("%s: %d of the %d cards are the elements drawn first, want all (patched, not rebuilt)", layout, kept, before)
		}
		open(t, ctx, link("23"))
		fresh := eval[[]string](t, ctx, drawn)
		for i, what := range []string{"board", "cards"} {
			if stepped[i] != fresh[i] {
				t.Errorf("%s: the %s after 24 steps and one back differs from a page opened at ply 23:\n%s\nwant\n%s", layout, what, firstDiff(stepped[i], fresh[i]), firstDiff(fresh[i], stepped[i]))
			}
		}
	}
}

// firstDiff returns a's text around the first byte where it differs from b.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(0, i-120):min(len(a), i+120)]
}
