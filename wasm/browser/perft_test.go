//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide/dividetest"
	"github.com/bitview/bitview/wasm/view"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The perft divide panel (#perft, wasm/perft.go) and the element's
// perft option, in Chromium: divides counted in the Web Worker, progress
// and cancel with the page responsive, a buggy engine's divide pasted and
// followed to its bug, the URL, presentation mode.

// divideRow is one row of the divide table as the page shows it.
type divideRow struct {
	UCI, Class, Ours, Pasted string
	Descend                  bool
}

// readDivide returns the rows of the divide table under root (a CSS
// selector of a document or shadow root expression) and its total.
const readDivideJS = `(() => {
  const t = %s.querySelector('table.divide');
  if (!t) return { rows: [], total: '', depth: 0 };
  const rows = [...t.querySelectorAll('tbody tr')].map((r) => ({ uci: r.dataset.uci, class: r.className,
    ours: r.cells[1].textContent, pasted: r.cells[2]?.textContent ?? '', descend: !!r.querySelector('[data-descend]') }));
  return { rows, total: t.querySelector('tfoot td').textContent, depth: +t.dataset.depth };
})()`

type divideTable struct {
	Rows  []divideRow
	Total string
	Depth int
}

func readDivide(t *testing.T, ctx context.Context, root string) divideTable {
	t.Helper()
	return eval[divideTable](t, ctx, fmt.Sprintf(readDivideJS, root))
}

// waitRun waits until the panel's divide is in the given state ("done",
// "cancelled", …), failing after timeout.
func waitRun(t *testing.T, ctx context.Context, state string, timeout time.Duration) {
	t.Helper()
	js := `document.querySelector('#perft-progress .perft-run')?.dataset.state ?? ''`
	deadline := time.Now().Add(timeout)
	for {
		got := eval[string](t, ctx, js)
		if got == state {
			return
		}
		if got == "failed" || time.Now().After(deadline) {
			t.Fatalf("perft run is %q, want %q (progress: %q)", got, state,
				eval[string](t, ctx, `document.getElementById('perft-progress').textContent`))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// openPerft opens the panel, picks depth and runs the divide to its end.
func runPerft(t *testing.T, ctx context.Context, depth int) divideTable {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { if (document.getElementById('tab-perft').getAttribute('aria-selected') !== 'true') document.getElementById('tab-perft').click();
		const s = document.getElementById('perft-depth'); s.value = '%d'; s.dispatchEvent(new Event('change')); return true; })()`, depth))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-perft="run"]`))); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, "done", 30*time.Second)
	return readDivide(t, ctx, "document")
}

func TestPerftPanelDivides(t *testing.T) {
	ctx, site := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, site+"/")
	d := runPerft(t, ctx, 3)
	if len(d.Rows) != 20 || d.Total != "8902" || d.Depth != 3 {
		t.Errorf("start position depth 3: %d moves, total %s, depth %d; want 20, 8902, 3", len(d.Rows), d.Total, d.Depth)
	}
	counts := map[string]string{}
	for _, r := range d.Rows {
		counts[r.UCI] = r.Ours
		if !r.Descend || r.Class != "" {
			t.Errorf("row %+v: want a descend button and no class", r)
		}
	}
	if counts["e2e4"] != "600" || counts["a2a3"] != "380" || counts["g1f3"] != "440" {
		t.Errorf("counts e2e4 %s a2a3 %s g1f3 %s, want 600 380 440", counts["e2e4"], counts["a2a3"], counts["g1f3"])
	}
	if q := linkEval[string](t, ctx, `location.search`); !strings.Contains(q, "&perft=3") {
		t.Errorf("URL %s lacks &perft=3", q)
	}
	typeFEN(t, ctx, kiwipeteFEN)
	d = runPerft(t, ctx, 2)
	if len(d.Rows) != 48 || d.Total != "2039" {
		t.Errorf("Kiwipete depth 2: %d moves, total %s; want 48, 2039", len(d.Rows), d.Total)
	}
	progress := eval[string](t, ctx, `document.getElementById('perft-progress').textContent`)
	if !strings.Contains(progress, "48 moves · 2,039 nodes") {
		t.Errorf("progress line %q", progress)
	}
	screenshot(t, ctx, "perft-kiwipete-d2")
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestPerftCancelResponsive starts a depth-5 divide of Kiwipete (193
// million leaves: seconds under WebAssembly, about 4 million a root move),
// checks that the progress moves while the page answers script and
// typing, and cancels it. (Depth 6 took up to 40 s for its first root
// move on a loaded CI machine.)
func TestPerftCancelResponsive(t *testing.T) {
	ctx, site := site(t)
	// Count the Web Workers terminated: after Cancel, a terminated worker's
	// messages are never delivered (HTML, "terminate a worker"), so its
	// count cannot go on.
	spy := `window.__terminated = 0; { const terminate = Worker.prototype.terminate;
		Worker.prototype.terminate = function () { window.__terminated++; return terminate.call(this); }; }`
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: spy}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN))
	eval[bool](t, ctx, `(() => { document.getElementById('tab-perft').click(); const s = document.getElementById('perft-depth');
		s.value = '5'; s.dispatchEvent(new Event('change')); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-perft="run"]`))); err != nil {
		t.Fatal(err)
	}
	// The first root moves come in well under a second; meanwhile the
	// page must answer at once.
	deadline := time.Now().Add(40 * time.Second)
	var done int
	for done < 1 {
		if time.Now().After(deadline) {
			t.Fatal("no root move counted in 40 s")
		}
		start := time.Now()
		done = eval[int](t, ctx, `+(document.querySelector('#perft-progress .perft-run')?.dataset.done ?? 0)`)
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("the page took %v to answer a script during the divide", el)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := eval[string](t, ctx, `document.querySelector('#perft-progress .perft-run').dataset.state`); got != "running" {
		t.Fatalf("state %q after %d moves, want running", got, done)
	}
	if bar := eval[string](t, ctx, `document.querySelector('#perft-progress progress')?.getAttribute('max') ?? ''`); bar != "48" {
		t.Errorf("progress bar max %q, want 48", bar)
	}
	// Read after the count, the rows may be more (the worker goes on), never fewer.
	if rows := len(readDivide(t, ctx, "document").Rows); rows < done || rows > 48 {
		t.Errorf("%d rows shown after %d moves were counted", rows, done)
	}
	// Typing in the FEN field while the worker counts: the page follows.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('fen').focus()`),
		chromedp.SendKeys(chromedp.CSS("#fen"), " ")); err != nil {
		t.Fatal(err)
	}
	if v := eval[string](t, ctx, `document.getElementById('fen').value`); v != kiwipeteFEN+" " {
		t.Errorf("typed during the divide: field %q", v)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-perft="cancel"]`))); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.querySelector('#perft-progress .perft-run').dataset.state`); got != "cancelled" {
		t.Errorf("after Cancel the state is %q", got)
	}
	n := eval[string](t, ctx, `document.querySelector('#perft-progress .perft-run').dataset.done`)
	if k := eval[int](t, ctx, `window.__terminated`); k != 1 {
		t.Errorf("Cancel terminated %d Web Workers, want the one counting", k)
	}
	// Messages already on their way, a task and two frames later.
	m := evalAsync[string](t, ctx, `new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() =>
		r(document.querySelector('#perft-progress .perft-run').dataset.done))), 0))`)
	if m != n {
		t.Errorf("the count went on after Cancel: %s then %s moves", n, m)
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-perft="cancel"]').disabled`) {
		t.Error("Cancel still enabled after cancelling")
	}
	screenshot(t, ctx, "perft-cancelled")
	// A new run after the cancel works (a fresh worker).
	d := runPerft(t, ctx, 1)
	if d.Total != "48" {
		t.Errorf("run after cancel: total %s, want 48", d.Total)
	}
}

// TestPerftCancelBeforeFirstMove cancels a depth-6 divide of Kiwipete
// (about 170 million leaves a root move: seconds each) right after Run:
// the progress line says nothing was counted and how many root moves
// there are, not "after 0 of 0 moves".
func TestPerftCancelBeforeFirstMove(t *testing.T) {
	ctx, site := site(t)
	open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN))
	eval[bool](t, ctx, `(() => { document.getElementById('tab-perft').click(); const s = document.getElementById('perft-depth');
		s.value = '6'; s.dispatchEvent(new Event('change')); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-perft="run"]`)), chromedp.Click(chromedp.CSS(`[data-perft="cancel"]`))); err != nil {
		t.Fatal(err)
	}
	run := eval[map[string]string](t, ctx, `(() => { const r = document.querySelector('#perft-progress .perft-run');
		return { state: r.dataset.state, done: r.dataset.done, text: r.textContent }; })()`)
	if run["state"] != "cancelled" || run["done"] != "0" {
		t.Fatalf("after Run then Cancel: %v, want cancelled with no root move counted", run)
	}
	if want := "Cancelled at depth 6 before the first of 48 moves finished."; run["text"] != want {
		t.Errorf("the progress line reads %q, want %q", run["text"], want)
	}
}

// paste puts text into the paste field as a paste does (one input event).
func paste(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const a = document.getElementById('perft-paste'); a.value = %q;
		a.dispatchEvent(new Event('input', { bubbles: true })); return true; })()`, text))
}

// TestPerftFindsDroppedEnPassant pastes the divide of an engine that
// drops en passant, from Kiwipete at depth 3, and follows it the way a
// user does: click the first move with a wrong count, paste the engine's
// divide of the new position, until a move is missing. It must be an en
// passant capture; the clicks are counted for the closing note.
func TestPerftFindsDroppedEnPassant(t *testing.T) {
	ctx, site := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN))
	p, err := core.ParseFEN(kiwipeteFEN)
	if err != nil {
		t.Fatal(err)
	}
	const depth = 3
	runPerft(t, ctx, depth)
	var path []string
	for clicks := 0; ; clicks++ {
		paste(t, ctx, "info string buggy engine 0.1\n"+dividetest.NoEnPassant(p, depth-clicks)) // with a line the panel does not understand
		d := readDivide(t, ctx, "document")
		if clicks == 0 {
			skipped := eval[string](t, ctx, `document.querySelector('#perft-table .skipped')?.textContent ?? ''`)
			if !strings.Contains(skipped, "not understood: line 1 'info string buggy engine 0.1'") {
				t.Errorf("lines not understood: %q", skipped)
			}
			screenshot(t, ctx, "perft-diff")
		}
		// The verdict names the moves that differ, up to
		// view.MaxVerdictMoves, each with both counts.
		named := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('#perft-verdict [data-uci]')].map((s) => [s.dataset.uci, s.textContent]))`)
		differ := 0
		for _, r := range d.Rows {
			if r.Class == "" {
				continue
			}
			differ++
			var counts string
			switch r.Class {
			case "missing":
				counts = "Bitview " + thousands(t, r.Ours)
			case "extra":
				counts = "pasted " + thousands(t, r.Pasted)
			default:
				counts = "Bitview " + thousands(t, r.Ours) + ", pasted " + thousands(t, r.Pasted)
			}
			want := r.UCI + " " + r.Class + " (" + counts + ")"
			if text, ok := named[r.UCI]; ok && text != want {
				t.Errorf("after %v: the verdict names %s as %q, want %q", path, r.UCI, text, want)
			}
		}
		if len(named) != min(differ, view.MaxVerdictMoves) {
			t.Errorf("after %v: the verdict names %d moves (%v), want %d of %d", path, len(named), named, min(differ, view.MaxVerdictMoves), differ)
		}
		var wrong, missing []string
		for _, r := range d.Rows {
			switch r.Class {
			case "wrong":
				wrong = append(wrong, r.UCI)
			case "missing":
				missing = append(missing, r.UCI)
			case "extra":
				t.Fatalf("after %v: extra move %s", path, r.UCI)
			}
		}
		if len(missing) > 0 {
			m, err := p.ParseUCI(missing[0])
			if err != nil || !m.IsEnPassant() {
				t.Fatalf("after %v: missing %v is not an en passant capture", path, missing)
			}
			// The verdict names the move with Bitview's count, and the
			// buggy engine's total, the sum of its lines, is not Bitview's.
			verdict := eval[string](t, ctx, `document.getElementById('perft-verdict').textContent`)
			if !strings.Contains(verdict, missing[0]+" missing (Bitview ") || !strings.Contains(verdict, "is the sum of the pasted moves; Bitview's is ") {
				t.Errorf("verdict %q", verdict)
			}
			t.Logf("Kiwipete depth %d, engine without en passant: %s missing after %d clicks (%s)", depth, missing[0], clicks, strings.Join(path, " "))
			if clicks > depth-1 {
				t.Errorf("%d clicks, want at most %d", clicks, depth-1)
			}
			break
		}
		if len(wrong) == 0 || clicks >= depth-1 {
			t.Fatalf("after %v: no move differs at depth %d: %+v\nverdict %q, paste %d characters, console %q", path, depth-clicks, d,
				eval[string](t, ctx, `document.getElementById('perft-verdict').innerHTML`),
				eval[int](t, ctx, `document.getElementById('perft-paste').value.length`), errs())
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#perft-table [data-descend="`+wrong[0]+`"]`))); err != nil {
			t.Fatal(err)
		}
		waitRun(t, ctx, "done", 30*time.Second)
		m, _ := p.ParseUCI(wrong[0])
		p.Play(m)
		path = append(path, wrong[0])
		if got := eval[string](t, ctx, `document.getElementById('fen').value`); got != p.FEN() {
			t.Fatalf("after %v the board shows %q, want %q", path, got, p.FEN())
		}
		if v := eval[string](t, ctx, `document.getElementById('perft-paste').value`); v != "" {
			t.Errorf("the paste was not cleared on descending")
		}
	}
	steps := eval[[]string](t, ctx, `[...document.querySelectorAll('#perft-path [data-path]')].map((b) => b.textContent)`)
	if len(steps) != len(path)+1 {
		t.Errorf("path list %q, want root and %v", steps, path)
	}
	q := linkEval[string](t, ctx, `location.search`)
	if !strings.Contains(q, "&path="+strings.Join(path, ",")) || !strings.Contains(q, "&root=r3k2r") {
		t.Errorf("URL %s lacks the path %v and the root", q, path)
	}
	screenshot(t, ctx, "perft-found")
	// Back to the root: the path empties and the root is divided again.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#perft-path [data-path="0"]`))); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, "done", 30*time.Second)
	if d := readDivide(t, ctx, "document"); d.Depth != depth || d.Total != "97862" {
		t.Errorf("back at the root: depth %d total %s, want %d, 97862", d.Depth, d.Total, depth)
	}
	if got := eval[string](t, ctx, `document.getElementById('fen').value`); got != kiwipeteFEN {
		t.Errorf("back at the root the board shows %q", got)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestPerftURLRestore opens a link with a path: the panel opens, the
// path is replayed, the board is at its end and the divide runs there.
func TestPerftURLRestore(t *testing.T) {
	ctx, site := site(t)
	open(t, ctx, site+"/?perft=2&path=e2e4,d7d5")
	waitRun(t, ctx, "done", 30*time.Second)
	if eval[bool](t, ctx, `document.getElementById('perft').hidden`) {
		t.Fatal("the panel is not on show")
	}
	const after = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
	if got := eval[string](t, ctx, `document.getElementById('fen').value`); got != after {
		t.Errorf("board %q, want %q", got, after)
	}
	d := readDivide(t, ctx, "document")
	if d.Depth != 2 || len(d.Rows) != 31 || d.Total != "866" {
		t.Errorf("divide after e2e4 d7d5 at depth 2: depth %d, %d moves, total %s; want 2, 31, 866", d.Depth, len(d.Rows), d.Total)
	}
	steps := eval[[]string](t, ctx, `[...document.querySelectorAll('#perft-path [data-path]')].map((b) => b.textContent)`)
	if strings.Join(steps, "|") != "root depth 4|e2e4 depth 3|d7d5 depth 2" {
		t.Errorf("path %q", steps)
	}
	// An illegal move in a link stops the path there and says so.
	open(t, ctx, site+"/?perft=2&path=e2e4,e2e4")
	waitRun(t, ctx, "done", 30*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#perft-path [data-path]').length`); n != 2 {
		t.Errorf("path of %d steps, want root and e2e4", n)
	}
	if note := eval[string](t, ctx, `document.querySelector('[data-notice="perft"]')?.textContent ?? ''`); !strings.Contains(note, "stops before e2e4") {
		t.Errorf("notice %q", note)
	}
	// Presentation mode keeps the open panel on screen and readable.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, site+"/?perft=3&path=e2e4&present=1")
	waitRun(t, ctx, "done", 30*time.Second)
	geo := eval[map[string]float64](t, ctx, `(() => { const r = document.getElementById('perft').getBoundingClientRect();
		const c = getComputedStyle(document.querySelector('#perft table.divide td'));
		return { w: r.width, h: r.height, x: r.x, right: r.right, font: parseFloat(c.fontSize), vis: getComputedStyle(document.getElementById('perft')).display === 'none' ? 0 : 1 }; })()`)
	if geo["vis"] != 1 || geo["w"] < 300 || geo["right"] > 1920 || geo["font"] < 20 {
		t.Errorf("presentation: panel %+v, want visible, on screen, text ≥ 20 px", geo)
	}
	screenshot(t, ctx, "perft-present-1920")
}

// TestElementPerft checks <bitboard-view perft="3">: the divide under the
// board, the cap of 4 plies, and a live change of the attribute.
func TestElementPerft(t *testing.T) {
	ctx, site := site(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(site+"/tutorial.html")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	eval[bool](t, ctx, `(() => { const v = document.createElement('bitboard-view'); v.id = 'pv'; v.setAttribute('perft', '3');
		v.setAttribute('show', ''); document.body.prepend(v); return true; })()`)
	const root = `document.getElementById('pv').shadowRoot`
	deadline := time.Now().Add(10 * time.Second)
	for eval[int](t, ctx, root+`.querySelectorAll('table.divide').length`) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no divide table in the element")
		}
		time.Sleep(50 * time.Millisecond)
	}
	d := readDivide(t, ctx, root)
	if len(d.Rows) != 20 || d.Total != "8902" {
		t.Errorf("element perft=3: %d moves, total %s", len(d.Rows), d.Total)
	}
	for _, r := range d.Rows {
		if r.Descend {
			t.Errorf("element row %s has a descend button", r.UCI)
			break
		}
	}
	eval[bool](t, ctx, `(() => { const v = document.getElementById('pv'); v.setAttribute('fen', '`+kiwipeteFEN+`'); v.setAttribute('perft', '2'); return true; })()`)
	if d := readDivide(t, ctx, root); d.Total != "2039" || len(d.Rows) != 48 {
		t.Errorf("element Kiwipete perft=2: %d moves, total %s", len(d.Rows), d.Total)
	}
	eval[bool](t, ctx, `(document.getElementById('pv').setAttribute('perft', '5'), true)`)
	msg := eval[string](t, ctx, root+`.querySelector('.view-perft')?.textContent ?? ''`)
	if !strings.Contains(msg, "at most 4 plies") || eval[int](t, ctx, root+`.querySelectorAll('table.divide').length`) != 0 {
		t.Errorf("perft=5: %q, want the cap explained and no table", msg)
	}
	if s := eval[map[string]any](t, ctx, `document.getElementById('pv').status`); s["ok"] != false {
		t.Errorf("status with perft=5: %v", s)
	}
	eval[bool](t, ctx, `(document.getElementById('pv').removeAttribute('perft'), true)`)
	if n := eval[int](t, ctx, root+`.querySelectorAll('.view-perft table, .view-perft p').length`); n != 0 {
		t.Errorf("perft removed: %d elements left in the perft box", n)
	}
	eval[bool](t, ctx, `(() => { const v = document.getElementById('pv'); v.setAttribute('perft', '3'); v.setAttribute('fen', '`+startFEN+`');
		v.setAttribute('size', '420px'); return true; })()`)
	keepShot(t, "perft-element", func() ([]byte, error) { return chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#pv"))) })
}

// TestMeasurePerft times divides at depths 1–5 of the start position and
// Kiwipete in the page's Web Worker (web/perft-worker.js, the path the
// panel takes), the median of several runs per depth, with the leaf rate
// under WebAssembly. Compare with the native figures of `go test -run '^$'
// -bench Divide ./core/`. It is a measurement: run it with `make measure`.
func TestMeasurePerft(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	_, site := site(t)
	ctx, cancel := chromedp.NewContext(browserCtx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, tabTimeout)
	defer cancelTimeout()
	open(t, ctx, site+"/")
	for _, pos := range []struct{ name, fen string }{{"start", startFEN}, {"kiwipete", kiwipeteFEN}} {
		for depth := 1; depth <= 5; depth++ {
			runs := 7
			if depth == 5 {
				runs = 3
			}
			res, err := chromedp.Run(ctx, chromedp.Evaluate[[]struct{ MS, Nodes float64 }](fmt.Sprintf(`(async () => {
				const w = window.__measureWorker ??= new Worker('perft-worker.js', { type: 'module' });
				const out = [];
				for (let i = 0; i < %d; i++) {
					out.push(await new Promise((resolve, reject) => {
						w.onmessage = ({ data }) => { if (data.type === 'done') resolve({ ms: data.ms, nodes: data.nodes }); else if (data.type === 'error') reject(new Error(data.message)); };
						w.postMessage({ id: i, fen: %q, depth: %d });
					}));
				}
				return out;
			})()`, runs, pos.fen, depth), chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			var ms []float64
			for _, r := range res {
				ms = append(ms, r.MS)
			}
			med := pct(ms, 50)
			t.Logf("perft divide in the worker, %-8s depth %d: %11.0f nodes, median %9.2f ms, %6.1f M nodes/s (%d runs)",
				pos.name, depth, res[0].Nodes, med, res[0].Nodes/med/1e3, len(res))
		}
	}
}

// thousands writes the decimal count s with commas between groups of three
// digits, as the perft verdict does.
func thousands(t *testing.T, s string) string {
	t.Helper()
	if _, err := strconv.ParseUint(s, 10, 64); err != nil {
		t.Fatalf("count %q: %v", s, err)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
