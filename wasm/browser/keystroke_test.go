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
// dispatch (a capture listener on window, which runs before Go's listener
// on the document) to its end (a bubbling listener on window, which runs
// after Go has written the DOM: "DOM updated"), then to the DOM laid out
// (that listener reads document.documentElement.offsetHeight, which makes
// the browser compute the styles and the layout the writes call for, as
// the next frame would), and to the next frame (a message posted from
// requestAnimationFrame, after the frame's style, layout and paint).
const keyProbe = `(() => {
  window.__keys = []; let t0 = 0;
  addEventListener('input', () => { t0 = performance.now(); }, true);
  addEventListener('input', () => {
    const rec = { dom: performance.now() - t0 }; __keys.push(rec);
    void document.documentElement.offsetHeight;
    rec.laid = performance.now() - t0;
    requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => { rec.frame = performance.now() - t0; }; ch.port2.postMessage(0); });
  });
})()`

// TestMeasureKeystrokes types Kiwipete's FEN (68 characters) into the FEN
// field, a key at a time as a person does, with the default two cards and
// with every switch on (31 cards), three times each, and reports the
// median and 90th percentile of input event → DOM updated, → DOM laid out
// (the figure, recorded for the table of targets) and → next
// frame; then the time from a click on an example position, which redraws
// every card, to the DOM laid out. It is a measurement: run it with `make
// measure`.
func TestMeasureKeystrokes(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	for _, c := range []struct{ name, show string }{{"2 cards", "P,occupied"}, {"31 cards", every31}} {
		ctx, site := site(t) // a tab each: one tab's 60 s do not cover 200 keystrokes on a loaded machine
		var dom, laid, frame []float64
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
			for _, r := range eval[[]keyTimes](t, ctx, `__keys.slice(1)`) {
				dom, laid, frame = append(dom, r.Dom), append(laid, r.Laid), append(frame, r.Frame)
			}
			if got := eval[string](t, ctx, `document.getElementById('fen').value`); got != kiwipeteFEN {
				t.Fatalf("typed %q", got)
			}
		}
		// A new position at each step (the example buttons in turn), which
		// redraws every card: click → DOM laid out.
		changes := eval[[]float64](t, ctx, `(() => {
		  const buttons = document.querySelectorAll('[data-example]'); const out = [];
		  for (let i = 0; i < 25; i++) {
		    const t0 = performance.now();
		    buttons[i % 2 ? 1 : 3].click();
		    void document.documentElement.offsetHeight;
		    out.push(performance.now() - t0);
		  }
		  return out;
		})()`)
		t.Logf("position change, %-8s: click → DOM laid out median %5.2f ms (p90 %5.2f); %d changes", c.name, pct(changes, 50), pct(changes, 90), len(changes))
		record("keystroke "+c.name, pct(laid, 50))
		t.Logf("keystroke, %-8s: input → DOM updated median %5.2f ms (p90 %5.2f); → DOM laid out median %5.2f ms (p90 %5.2f); → next frame median %5.2f ms (p90 %5.2f); %d keystrokes",
			c.name, pct(dom, 50), pct(dom, 90), pct(laid, 50), pct(laid, 90), pct(frame, 50), pct(frame, 90), len(dom))
	}
	ctx, site := site(t)
	stepGame(t, ctx, site)
}

// keyTimes are keyProbe's times of one keystroke, in ms from the input
// event's dispatch.
type keyTimes struct {
	Dom   float64 `json:"dom"`
	Laid  float64 `json:"laid"`
	Frame float64 `json:"frame"`
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
