//go:build !(js && wasm)

package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/tracing"
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

// gamePlies returns the UCI moves of a game of n plies from the start
// position, and the FEN after each ply (fens[i] after i plies): at each
// ply the legal move that comes first in core's order after skipping a
// pseudo-random number of them (a fixed seed), so the game wanders over
// the board as a real one does, captures included, and is the same on
// every run. It stops early at a mate or stalemate (it does not, for the
// seed and the 100 plies measured).
func gamePlies(t *testing.T, n int) (moves, fens []string) {
	t.Helper()
	p, err := core.ParseFEN(core.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	fens = append(fens, p.FEN())
	seed := uint32(2463534242)
	var buf []core.Move
	for range n {
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		m := buf[int(seed%uint32(len(buf)))]
		moves = append(moves, m.UCI())
		p.Play(m)
		fens = append(fens, p.FEN())
	}
	if len(moves) < n {
		t.Fatalf("the game ends after %d plies, want %d", len(moves), n)
	}
	return moves, fens
}

// newPositionProbe records, for every input and keydown event, the time
// from the start of its dispatch (a capture listener on window, before
// Go's listener on the document) to the DOM laid out (a bubbling listener
// on window, after Go has written the DOM, reads offsetHeight, which
// makes the browser compute the styles and the layout the writes call
// for, as the next frame would), in __np; and the time of every
// animation frame while __frames is an array.
const newPositionProbe = `(() => {
  window.__np = []; let t0 = 0;
  for (const type of ['input', 'keydown']) {
    addEventListener(type, () => { t0 = performance.now(); }, true);
    addEventListener(type, () => { void document.documentElement.offsetHeight; __np.push(performance.now() - t0); });
  }
  const tick = (t) => { if (Array.isArray(window.__frames)) __frames.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`

// pasteAll pastes each FEN of fens into the FEN field in turn, as a paste
// does (the whole value at once, one input event), one per animation
// frame.
const pasteAll = `(async (fens) => {
  const fen = document.getElementById('fen');
  const frame = () => new Promise((r) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = r; ch.port2.postMessage(0); }));
  __np.length = 0;
  for (const f of fens) {
    await frame();
    fen.value = f;
    fen.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }
  await frame();
  return __np.slice();
})`

// arrowRight is the → key's keydown as the keyboard sends it, repeat when
// the key is held (Input.dispatchKeyEvent).
func arrowRight(typ input.DispatchKeyEventType, repeat bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: typ, Key: "ArrowRight", Code: "ArrowRight",
			WindowsVirtualKeyCode: 39, NativeVirtualKeyCode: 39, AutoRepeat: &repeat})
		return err
	})
}

// holdRate is the interval of a held key's repeats: 30 per second, the
// fastest of the usual system settings (Windows' and macOS' fastest,
// above X11's default 25).
const holdRate = 33 * time.Millisecond

// newPositionCase is one view the new-position measure runs on.
type newPositionCase struct{ name, show string }

// newPositionCases are the two: the default two cards, and every
// switch on (31 cards).
var newPositionCases = []newPositionCase{{"2 cards", "P,occupied"}, {"31 cards", every31}}

// TestMeasureNewPosition measures the cost of a new position on the page,
// from the start of the event's dispatch to the DOM laid out (see
// newPositionProbe), with the default two cards and with every switch on:
// pasting each position of a 100-ply game into the FEN field (one input
// event each, a frame apart), and stepping through that game with → (a
// keydown each, 60 ms apart), median and 90th percentile; then holding →
// through the game from its start (a keydown every 33 ms, as a held key
// repeats, until the last ply), under a Chromium trace: the share of
// frames dropped (frameStats) and each step's time. The medians of the
// paste and the step together, and the share dropped, go to the table of
// targets. With BITVIEW_MEASURE_BEFORE set (measureBefore), that page is
// measured too, after today's. It asserts only that each way reached the
// game's last position. Run it with `make measure`.
func TestMeasureNewPosition(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	const plies = 100
	moves, fens := gamePlies(t, plies)
	game := "&moves=" + strings.Join(moves, ",") + "&ply=0&tab=game"
	type run struct {
		newPositionCase
		site   string // "" for web/, as the other page tests
		before bool   // BITVIEW_MEASURE_BEFORE's page (measureBefore): logged, not recorded
	}
	var runs []run
	for _, c := range newPositionCases {
		runs = append(runs, run{newPositionCase: c})
	}
	if before := measureBefore(t); before != "" {
		u := serveDir(t, before)
		for _, c := range newPositionCases {
			runs = append(runs, run{c, u, true})
		}
	}
	for _, c := range runs {
		ctx, site := site(t)
		if c.site != "" {
			site = c.site
		}
		if c.before {
			c.name += ", before"
		}
		open(t, ctx, site+"/?show="+url.QueryEscape(c.show))
		eval[any](t, ctx, newPositionProbe)
		paste := evalAsync[[]float64](t, ctx, pasteAll+`(`+jsonText(t, fens[1:])+`)`)
		if got := eval[string](t, ctx, `document.getElementById('fen').value`); got != fens[plies] {
			t.Fatalf("%s: after the pastes the FEN field holds %q, want %q", c.name, got, fens[plies])
		}
		// Stepping with →, a key at a time.
		open(t, ctx, site+"/?show="+url.QueryEscape(c.show)+game)
		eval[any](t, ctx, newPositionProbe+`; document.activeElement.blur(); __np.length = 0`)
		for range plies {
			if err := chromedp.Do(ctx, arrowRight(input.DispatchKeyEventTypeRawKeyDown, false), arrowRight(input.DispatchKeyEventTypeKeyUp, false), chromedp.Sleep(60*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
		}
		step := eval[[]float64](t, ctx, `__np.slice()`)
		checkLastPly(t, ctx, c.name+", stepping", fens[plies])
		// Holding → from the start, under a trace.
		open(t, ctx, site+"/?show="+url.QueryEscape(c.show)+game)
		eval[any](t, ctx, newPositionProbe+`; document.activeElement.blur()`)
		fs, hold := holdThrough(t, ctx, plies)
		checkLastPly(t, ctx, c.name+", holding →", fens[plies])
		both := append(slices.Clone(paste), step...)
		if !c.before {
			record("new position "+c.name, pct(both, 50))
			record("hold dropped "+c.name, fs.share())
		}
		t.Logf("new position, %-8s: → DOM laid out, median (p90) ms: paste %5.2f (%5.2f), step → %5.2f (%5.2f), both %5.2f (%5.2f); %d pastes, %d steps",
			c.name, pct(paste, 50), pct(paste, 90), pct(step, 50), pct(step, 90), pct(both, 50), pct(both, 90), len(paste), len(step))
		t.Logf("holding → through %d plies, %-8s: %s; a step → DOM laid out median %5.2f ms (p90 %5.2f)", plies, c.name, fs, pct(hold, 50), pct(hold, 90))
	}
}

// checkLastPly fails when the FEN field does not hold fen.
func checkLastPly(t *testing.T, ctx context.Context, what, fen string) {
	t.Helper()
	if got := eval[string](t, ctx, `document.getElementById('fen').value`); got != fen {
		t.Fatalf("%s: the FEN field holds %q, want the game's last position %q", what, got, fen)
	}
}

// jsonText returns v as JSON, for a script's argument.
func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// holdThrough holds → for plies repeats (a keydown every holdRate, the
// first not a repeat, then the key's release) under a Chromium trace of
// the page's frames, and returns the frames' statistics and each
// keydown's time to the DOM laid out.
func holdThrough(t *testing.T, ctx context.Context, plies int) (frameStats, []float64) {
	t.Helper()
	lctx, stopListen := context.WithCancel(ctx)
	defer stopListen()
	traced := listenTrace(t, lctx)
	call := func(method string, params any) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			switch method {
			case "start":
				_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
					TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline",
						"disabled-by-default-devtools.timeline.frame", "blink.user_timing", "__metadata"}}})
				return err
			default:
				_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
				return err
			}
		})
	}
	eval[any](t, ctx, `__np.length = 0; window.__frames = []`)
	if err := chromedp.Do(ctx, call("start", nil), chromedp.Evaluate[chromedp.Void](`performance.mark('hold-start')`)); err != nil {
		t.Fatal(err)
	}
	tick := time.NewTicker(holdRate)
	for i := range plies {
		if err := chromedp.Do(ctx, arrowRight(input.DispatchKeyEventTypeRawKeyDown, i > 0)); err != nil {
			t.Fatal(err)
		}
		<-tick.C
	}
	tick.Stop()
	if err := chromedp.Do(ctx, arrowRight(input.DispatchKeyEventTypeKeyUp, false),
		chromedp.Sleep(100*time.Millisecond), chromedp.Evaluate[chromedp.Void](`performance.mark('hold-end')`), chromedp.Sleep(50*time.Millisecond),
		call("end", nil)); err != nil {
		t.Fatal(err)
	}
	events := traced()
	hold := eval[[]float64](t, ctx, `__np.slice()`)
	raf := eval[[]float64](t, ctx, `(() => { const f = __frames; window.__frames = null; return f; })()`)
	fs := traceFrames(events)
	rafFrames(&fs, raf)
	return fs, hold
}

// frameStats are the page's frames in a stretch of a Chromium trace:
// those its compositor drew with the main thread's update (DrawFrame),
// and those it dropped (DroppedFrame: the main thread's update missed the
// frame's deadline, so the frame was not drawn, or drawn without it, the
// "partially presented" frames of DevTools), as DevTools' frames track
// counts them; frames with nothing to update are neither. Beside them,
// the frames requestAnimationFrame saw in the same stretch and the
// frames missed between them (a gap of n frames at 60 Hz misses n − 1).
type frameStats struct {
	drawn, dropped  int
	rafSeen, rafGap int
	// The main thread's ms in the stretch: in tasks, calling JS and Go
	// (FunctionCall), computing styles and layout, and painting (PrePaint,
	// Paint, Layerize).
	task, script, layout, paint float64
}

// share returns the share of the frames with an update that were
// dropped, in percent.
func (f frameStats) share() float64 {
	if f.drawn+f.dropped == 0 {
		return 0
	}
	return 100 * float64(f.dropped) / float64(f.drawn+f.dropped)
}

func (f frameStats) String() string {
	return fmt.Sprintf("%d frames drawn, %d dropped (%.1f %%); requestAnimationFrame saw %d frames and missed %d; main thread ms: tasks %.0f, JS and Go %.0f, style and layout %.0f, paint %.0f",
		f.drawn, f.dropped, f.share(), f.rafSeen, f.rafGap, f.task, f.script, f.layout, f.paint)
}

// traceFrames counts the frames of the page (the renderer process whose
// main thread holds the marks hold-start and hold-end) between those
// marks.
func traceFrames(events []traceEvent) frameStats {
	var from, to float64
	pid := 0
	for _, e := range events {
		switch e.Name {
		case "hold-start":
			from, pid = e.Ts, e.Pid
		case "hold-end":
			to = e.Ts
		}
	}
	var fs frameStats
	busy := map[string]float64{}
	for _, e := range events {
		if e.Pid != pid || e.Ts < from || e.Ts > to {
			continue
		}
		if e.Ph == "X" && e.Tid == pid {
			busy[e.Name] += e.Dur / 1000
		}
		switch e.Name {
		case "DrawFrame":
			fs.drawn++
		case "DroppedFrame":
			fs.dropped++
		}
	}
	fs.task, fs.script, fs.layout, fs.paint = busy["RunTask"], busy["FunctionCall"], busy["Layout"]+busy["UpdateLayoutTree"],
		busy["PrePaint"]+busy["Paint"]+busy["Layerize"]
	return fs
}

// rafFrames counts, in the times of the frames requestAnimationFrame saw
// (ms), the frames and the 60 Hz frames missed between them.
func rafFrames(fs *frameStats, ts []float64) {
	fs.rafSeen = len(ts)
	for i := 1; i < len(ts); i++ {
		if n := int(math.Round((ts[i]-ts[i-1])/(1000.0/60))) - 1; n > 0 {
			fs.rafGap += n
		}
	}
}
