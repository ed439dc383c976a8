//go:build !(js && wasm)

package browser

import (
	"context"
	"net/url"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// every31 shows every switch of the page: the 22 bitboards and the 9
// attack maps.
const every31 = "P,N,B,R,Q,K,p,n,b,r,q,k,white,black,occupied,empty,pawns,knights,bishops,rooks,queens,kings," +
	"attacked:w,attacked:b,pinned:w,pinned:b,checkers,push1:w,push2:w,push1:b,push2:b"

// keyProbe records, for every input event, the time from the start of its
// dispatch (a capture listener on window) to its end (a bubbling listener
// on window, which runs after Go's handler on the field has written the
// DOM), and to the next frame (a message posted from requestAnimationFrame).
const keyProbe = `(() => {
  window.__keys = []; let t0 = 0;
  addEventListener('input', () => { t0 = performance.now(); }, true);
  addEventListener('input', () => {
    const rec = { dom: performance.now() - t0 }; __keys.push(rec);
    requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => { rec.frame = performance.now() - t0; }; ch.port2.postMessage(0); });
  });
})()`

// TestMeasureKeystrokes types Kiwipete's FEN (68 characters) into the FEN
// field, a key at a time as a person does, with the default two cards and
// with every switch on (31 cards), three times each, and reports the
// median and 90th percentile of input event → DOM updated and input event
// → next frame. It is a measurement: run it with `make measure`.
func TestMeasureKeystrokes(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	for _, c := range []struct{ name, show string }{{"2 cards", "P,occupied"}, {"31 cards", every31}} {
		ctx, site := site(t) // a tab each: one tab's 60 s do not cover 200 keystrokes on a loaded machine
		var dom, frame []float64
		for range 3 {
			open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN)+"&show="+url.QueryEscape(c.show))
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](keyProbe),
				chromedp.Evaluate[chromedp.Void](`document.getElementById('fen').select()`),
				chromedp.SendKeys(chromedp.CSS("#fen"), kb.Delete)); err != nil {
				t.Fatal(err)
			}
			for _, ch := range kiwipeteFEN {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(string(ch)), chromedp.Sleep(40*time.Millisecond)); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			for _, r := range eval[[]struct{ Dom, Frame float64 }](t, ctx, `__keys.slice(1)`) {
				dom, frame = append(dom, r.Dom), append(frame, r.Frame)
			}
			if got := eval[string](t, ctx, `document.getElementById('fen').value`); got != kiwipeteFEN {
				t.Fatalf("typed %q", got)
			}
		}
		record("keystroke "+c.name, pct(dom, 50))
		t.Logf("keystroke, %-8s: input → DOM updated median %5.2f ms (p90 %5.2f); input → next frame median %5.2f ms (p90 %5.2f); %d keystrokes",
			c.name, pct(dom, 50), pct(dom, 90), pct(frame, 50), pct(frame, 90), len(dom))
	}
	ctx, site := site(t)
	stepGame(t, ctx, site)
}

// stepGame steps Botvinnik–Spielmann forward from start to end with the →
// key and reports the median time of a step's keydown handler.
func stepGame(t *testing.T, ctx context.Context, site string) {
	open(t, ctx, site+"/?show=P,occupied,q")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#tab-game")), chromedp.Click(chromedp.CSS(`[data-action="pgn-sample"]`)),
		chromedp.Evaluate[chromedp.Void](`(() => { window.__steps = []; let t0 = 0;
			addEventListener('keydown', () => { t0 = performance.now(); }, true);
			addEventListener('keydown', () => { __steps.push(performance.now() - t0); }); })()`),
		chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`)); err != nil {
		t.Fatal(err)
	}
	for range 23 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.Sleep(30*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	steps := eval[[]float64](t, ctx, `__steps`)
	record("game step", pct(steps, 50))
	t.Logf("game step (→), 3 cards: keydown handled median %5.2f ms (p90 %5.2f); %d steps", pct(steps, 50), pct(steps, 90), len(steps))
}

// pct returns the p-th percentile of xs (nearest rank).
func pct(xs []float64, p int) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)*p/100]
}
