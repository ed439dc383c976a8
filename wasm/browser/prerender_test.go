//go:build !(js && wasm)

package browser

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// mutationProbe runs before the page's scripts. It notes when <html>'s
// class changes (web/page-start.js marks a link's page as pending), and,
// once the HTML is parsed (readyState "interactive", before main.js and
// long before the wasm), the prerendered e2 square, and it counts every
// DOM mutation inside #bitview-app: those in #board and #cards by number,
// the others by what they touched.
const mutationProbe = `window.__pre = { board: 0, cards: 0, other: [], classes: [] };
new MutationObserver((records) => { for (const r of records) if (r.target === document.documentElement)
  __pre.classes.push([performance.now(), r.target.className, performance.getEntriesByType('paint').length]); })
  .observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
document.addEventListener('readystatechange', () => {
  if (document.readyState !== 'interactive') return;
  const app = document.getElementById('bitview-app');
  __pre.e2 = document.querySelector('#board [data-square="e2"]');
  __pre.observedAt = performance.now();
  new MutationObserver((records) => {
    for (const r of records) {
      const t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (t.closest('#board')) __pre.board++;
      else if (t.closest('#cards')) __pre.cards++;
      else __pre.other.push(r.type + ' #' + (t.id || t.className) + (r.attributeName ? ' ' + r.attributeName : ''));
    }
  }).observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
});`

// slowWasm makes the tab download bitview.wasm from site at rate bytes
// a second (the rest of the page is not slowed), with the cache and the
// service worker (web/sw.js, installed by other tests) bypassed, and
// installs the script probe (if not "") for the next document. The
// page's HTML, CSS and pieces arrive at once; the wasm takes seconds.
func slowWasm(t *testing.T, ctx context.Context, site string, rate float64, probe string) {
	t.Helper()
	setup := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := cdp.Call(ctx, tg, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := cdp.Call(ctx, tg, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{URLPattern: site + "/bitview.wasm", Latency: 40,
				DownloadThroughput: rate, UploadThroughput: -1}}}); err != nil {
			return chromedp.Void{}, err
		}
		if probe == "" {
			return chromedp.Void{}, nil
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(ctx, setup); err != nil {
		t.Fatal(err)
	}
}

// goTo starts loading url without waiting for its load event (which
// waits for the preloaded wasm), and returns once the document is parsed
// (readyState "interactive": the whole prerendered markup is there, the
// deferred scripts may not have run).
func goTo(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	nav := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.Navigate, page.NavigateParams{URL: url})
		return err
	})
	if err := chromedp.Do(ctx, nav, chromedp.WaitReady(chromedp.CSS(`#board [data-square="e2"]`)),
		chromedp.Poll[chromedp.Void](`document.readyState !== 'loading'`, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
}

// TestPrerenderTakeOver opens the default page with the wasm slowed down:
// the prerendered board, cards and switches are there before the wasm;
// the user clicks into the FEN field and moves the caret; then the wasm
// starts, takes the page over and writes nothing in #board and #cards
// (the count is logged), the squares are the same nodes, and the field
// keeps the focus and the caret.
func TestPrerenderTakeOver(t *testing.T) {
	ctx, site := site(t)
	errs := consoleErrors(ctx)
	slowWasm(t, ctx, site, 150_000, mutationProbe)
	goTo(t, ctx, site+"/")
	if ready := eval[bool](t, ctx, `document.documentElement.dataset.ready === '1'`); ready {
		t.Fatal("the wasm was running when the prerendered board appeared: the test could not see the page before it")
	}
	before := eval[struct {
		Squares, Pieces, Toggles, Examples int
		Cards                              []string
		Hex, Loading                       string
	}](t, ctx, `({squares: document.querySelectorAll('#board [data-square]').length,
		pieces: document.querySelectorAll('#board img').length,
		toggles: document.querySelectorAll('#toggles [data-toggle]').length,
		examples: document.querySelectorAll('#examples button').length,
		cards: [...document.querySelectorAll('#cards [data-bitboard]')].map(e => e.dataset.bitboard + '/' + e.dataset.layout),
		hex: document.querySelector('[data-bitboard="P"] [data-format="hex"]').textContent,
		loading: document.getElementById('loading').textContent})`)
	if before.Squares != 64 || before.Pieces != 32 || strings.Join(before.Cards, ",") != "P/lerf,occupied/lerf" ||
		before.Hex != "0x000000000000ff00" || before.Toggles < 22 || before.Examples != 4 {
		t.Errorf("before the wasm: %+v", before)
	}
	if before.Loading == "" {
		t.Error("no loading status while the wasm downloads")
	}
	// The user is in the FEN field, caret after the first rank, before the
	// wasm runs. The click is at the field's middle, found by script: a
	// click by selector resolves a DOM node id first, which may be gone by
	// the click when the page changes in between ("Could not find node with
	// given id", seen in two full runs).
	at := eval[struct{ X, Y float64 }](t, ctx, `(() => { const r = document.getElementById('fen').getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(at.X, at.Y),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('fen').setSelectionRange(8, 8)`)); err != nil {
		t.Fatal(err)
	}
	waitImages(t, ctx)
	shotBefore := fullPage(t, ctx, "prerender-before-wasm-1280")
	// Where the page may change when the wasm starts: the loading status
	// goes (with its shadow), and the FEN field holds the caret.
	allowed := eval[[]image.Rectangle](t, ctx, `['loading', 'fen'].map(id => { const r = document.getElementById(id).getBoundingClientRect();
		return {Min: {X: Math.floor(r.left + scrollX) - 12, Y: Math.floor(r.top + scrollY) - 12}, Max: {X: Math.ceil(r.right + scrollX) + 12, Y: Math.ceil(r.bottom + scrollY) + 12}}; })`)
	if ready := eval[bool](t, ctx, `document.documentElement.dataset.ready === '1'`); ready {
		t.Fatal("the wasm started before the screenshot of the prerendered page")
	}

	wctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	if err := chromedp.Do(wctx, chromedp.WaitReady(chromedp.CSS(`html[data-ready="1"]`))); err != nil {
		t.Fatalf("the wasm did not start: %v", err)
	}
	after := eval[struct {
		Board, Cards int
		Other        []string
		SameE2       bool
		Focus        string
		Caret        int
		Pending      bool
		Value        string
	}](t, ctx, `({board: __pre.board, cards: __pre.cards, other: __pre.other,
		sameE2: __pre.e2 === document.querySelector('#board [data-square="e2"]'),
		focus: document.activeElement.id, caret: document.getElementById('fen').selectionStart,
		pending: __pre.classes.length > 0, value: document.getElementById('fen').value})`)
	t.Logf("mutations while the wasm took the default page over: #board %d, #cards %d, elsewhere in #bitview-app %d %q",
		after.Board, after.Cards, len(after.Other), after.Other)
	if after.Board != 0 || after.Cards != 0 {
		t.Errorf("the wasm rewrote the prerendered page: %d mutations in #board, %d in #cards", after.Board, after.Cards)
	}
	for _, m := range after.Other {
		// main.js's own writes: it removes #loading once the wasm runs,
		// and keeps the cards' scroller height (--cards-h) in
		// #bits-side's style, whatever the wasm does.
		if m != "childList #bitview-app" && m != "attributes #bits-side style" {
			t.Errorf("the wasm wrote %s", m)
		}
	}
	if !after.SameE2 {
		t.Error("the board's squares were replaced")
	}
	if after.Focus != "fen" || after.Caret != 8 {
		t.Errorf("after the wasm started the focus is on #%s, caret %d; want #fen, caret 8", after.Focus, after.Caret)
	}
	if after.Pending || after.Value != startFEN {
		t.Errorf("default page marked pending %v, FEN field %q", after.Pending, after.Value)
	}
	n, box := pixelDiff(t, shotBefore, fullPage(t, ctx, "prerender-after-wasm-1280"), allowed)
	t.Logf("screenshots before and after the wasm: %d pixels differ outside the loading status and the FEN field (bounds %v)", n, box)
	if n > 0 {
		t.Errorf("the page looks different once the wasm runs: %d pixels in %v", n, box)
	}
	// The page works: a toggle adds a card.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-toggle="n"]`)),
		chromedp.WaitReady(chromedp.CSS(`#cards [data-bitboard="n"]`))); err != nil {
		t.Fatal(err)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// waitImages waits until the board's piece images have loaded.
func waitImages(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`Promise.all([...document.querySelectorAll('#board img')].map(i => i.decode().catch(() => {}))).then(() => true)`,
		chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}

// TestPrerenderLink opens a link to another view (Kiwipete, 0x88, the
// black knights) with the wasm slowed down: until the wasm has drawn it,
// the prerendered start position is greyed and says it is loading (the
// mark was set before the first paint); then the linked view is drawn and
// the mark is gone.
func TestPrerenderLink(t *testing.T) {
	ctx, site := site(t)
	slowWasm(t, ctx, site, 150_000, mutationProbe)
	goTo(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN)+"&layout=0x88&show=n")
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(`html.pending`))); err != nil {
		t.Fatal(err)
	}
	waitImages(t, ctx)
	type look struct {
		Ready          bool
		Opacity, Label string
		Filter         string
		Pieces         string
	}
	const lookJS = `({ready: document.documentElement.dataset.ready === '1',
		opacity: getComputedStyle(document.querySelector('#board .board')).opacity,
		filter: getComputedStyle(document.querySelector('#cards > *')).filter,
		label: getComputedStyle(document.getElementById('board'), '::after').content,
		pieces: document.querySelector('#board [data-square="e5"]').dataset.piece || ''})`
	pending := eval[look](t, ctx, lookJS)
	if pending.Ready {
		t.Fatal("the wasm was running before the pending board could be seen")
	}
	if pending.Opacity != "0.3" || !strings.Contains(pending.Filter, "grayscale") || !strings.Contains(pending.Label, "Loading the linked position") {
		t.Errorf("the prerendered board is not marked while the link loads: %+v", pending)
	}
	screenshot(t, ctx, "prerender-link-pending-1280")
	classes := eval[[][3]any](t, ctx, `__pre.classes`)
	paint := eval[float64](t, ctx, `performance.getEntriesByType('paint')[0]?.startTime ?? -1`)
	t.Logf("link: <html> class changes [ms, class, paints so far] %v; first paint at %.0f ms", classes, paint)
	if len(classes) == 0 || classes[0][1] != "pending" || classes[0][2] != 0.0 {
		t.Errorf("the page was not marked pending before its first paint: %v", classes)
	}

	wctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	if err := chromedp.Do(wctx, chromedp.WaitReady(chromedp.CSS(`html[data-ready="1"]`))); err != nil {
		t.Fatalf("the wasm did not start: %v", err)
	}
	drawn := eval[look](t, ctx, lookJS)
	if drawn.Opacity != "1" || strings.Contains(drawn.Filter, "grayscale") || drawn.Label != "none" || drawn.Pieces != "N" {
		t.Errorf("after the wasm drew the link: %+v, want the board unmarked with Kiwipete's knight on e5", drawn)
	}
	cards := eval[[]string](t, ctx, `[...document.querySelectorAll('#cards [data-bitboard]')].map(e => e.dataset.bitboard + '/' + e.dataset.layout)`)
	if strings.Join(cards, ",") != "n/0x88" {
		t.Errorf("cards %v, want n in 0x88", cards)
	}
	if got := eval[string](t, ctx, `document.querySelector('#layout-switch input:checked').value + ' ' + document.getElementById('fen').value`); got != "0x88 "+kiwipeteFEN {
		t.Errorf("layout and FEN field %q", got)
	}
	screenshot(t, ctx, "prerender-link-drawn-1280")
}

// TestPrerenderStale serves a page whose prerender does not match the
// wasm (an older build's digest), and the bare template: the page must
// be drawn afresh and whole, with no prerendered card left behind.
func TestPrerenderStale(t *testing.T) {
	ctx, _ := site(t)
	web := filepath.Join(repo, "web")
	page, err := os.ReadFile(filepath.Join(web, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := os.ReadFile(filepath.Join(repo, "wasm", "webpages", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	stale := strings.Replace(string(page), `data-prerender="`, `data-prerender="0`, 1)
	if stale == string(page) {
		t.Fatal("web/index.html has no data-prerender: run `make wasm`")
	}
	for name, html := range map[string]string{"stale digest": stale, "template": string(tpl)} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(web)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(html), 0o644); err != nil {
				t.Fatal(err)
			}
			open(t, ctx, serveDir(t, dir)+"/?show=P,occupied,n")
			got := eval[struct {
				Squares, Examples int
				Cards             []string
			}](t, ctx, `({squares: document.querySelectorAll('#board [data-square]').length,
				examples: document.querySelectorAll('#examples button').length,
				cards: [...document.querySelectorAll('#cards > *')].map(e => e.dataset.bitboard || e.className)})`)
			if got.Squares != 64 || got.Examples != 4 || strings.Join(got.Cards, ",") != "P,occupied,n" {
				t.Errorf("%s: %+v, want 64 squares, 4 examples, cards P, occupied, n", name, got)
			}
		})
	}
}

// fullPage takes a full-page PNG of the tab, which a test's assertions
// read, and saves it as out/screenshots/name.png when screenshots are
// wanted (shots).
func fullPage(t *testing.T, ctx context.Context, name string) []byte {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	saveScreenshot(t, name, b)
	return b
}

// pixelDiff compares two PNGs and returns how many pixels differ outside
// the allowed rectangles, and their bounds.
func pixelDiff(t *testing.T, a, b []byte, allowed []image.Rectangle) (int, image.Rectangle) {
	t.Helper()
	read := func(b []byte) image.Image {
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	ia, ib := read(a), read(b)
	if ia.Bounds() != ib.Bounds() {
		return 1, ia.Bounds().Union(ib.Bounds())
	}
	n, box := 0, image.Rectangle{}
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
	next:
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			if ia.At(x, y) == ib.At(x, y) {
				continue
			}
			for _, r := range allowed {
				if (image.Point{x, y}).In(r) {
					continue next
				}
			}
			n++
			box = box.Union(image.Rect(x, y, x+1, y+1))
		}
	}
	return n, box
}

// boardProbe records, from the document's start, the time of the first
// animation frame (the frame that paints it) in which #board holds its 64
// squares with every piece image loaded: the first board a visitor sees.
const boardProbe = `window.__board = 0;
(function check() {
  const sq = document.querySelectorAll('#board [data-square]');
  if (sq.length === 64 && [...document.querySelectorAll('#board img')].every((i) => i.complete && i.naturalWidth > 0)) {
    window.__board = performance.now();
    return;
  }
  requestAnimationFrame(check);
})();`

// TestMeasurePrerender measures, in one run and interleaved, cold loads
// (a fresh browser and profile each) of dist/ as built and of dist/ with
// the unprerendered template as index.html, unthrottled and at 10 Mbit/s
// with 40 ms RTT: the median time to the first board (see boardProbe),
// to the first contentful paint, and to the wasm's first render (the
// "bitview-drawn" mark: the page is interactive). It is a measurement:
// run it with BITVIEW_MEASURE=1 after `make dist`.
func TestMeasurePrerender(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make dist` and BITVIEW_MEASURE=1")
	}
	path := chromium(t)
	dist := distDir(t)
	bare := t.TempDir()
	if err := os.CopyFS(bare, os.DirFS(dist)); err != nil {
		t.Fatal(err)
	}
	tpl, err := os.ReadFile(filepath.Join(repo, "wasm", "webpages", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "index.html.br", "index.html.gz"} {
		os.Remove(filepath.Join(bare, name))
	}
	if err := os.WriteFile(filepath.Join(bare, "index.html"), tpl, 0o644); err != nil {
		t.Fatal(err)
	}
	sites := []struct{ name, url string }{{"prerendered", serveDir(t, dist)}, {"not prerendered", serveDir(t, bare)}}
	const loads = 7
	for _, slow := range []bool{false, true} {
		times := map[string][3][]float64{}
		for range loads {
			for _, s := range sites {
				v := coldBoard(t, path, s.url+"/", slow)
				r := times[s.name]
				for i := range r {
					r[i] = append(r[i], v[i])
				}
				times[s.name] = r
			}
		}
		link := "unthrottled"
		if slow {
			link = "10 Mbit/s, 40 ms RTT"
		}
		for _, s := range sites {
			r := times[s.name]
			t.Logf("%-20s %-16s first board median %6.1f ms (min %6.1f, max %6.1f); first contentful paint %6.1f ms; wasm drawn %6.1f ms; %d cold loads",
				link, s.name, pct(r[0], 50), slices.Min(r[0]), slices.Max(r[0]), pct(r[1], 50), pct(r[2], 50), loads)
		}
	}
}

// coldBoard opens url in a new browser with a fresh profile, optionally
// at 10 Mbit/s with 40 ms RTT, and returns the times from navigation
// start to the first board (boardProbe), the first contentful paint and
// the wasm's first render.
func coldBoard(t *testing.T, path, url string, slow bool) [3]float64 {
	ctx, cancel := launch(path, t.TempDir())
	defer cancel()
	setup := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if slow {
			if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
				return chromedp.Void{}, err
			}
			if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
				MatchedNetworkConditions: []*network.Conditions{{Latency: 40, DownloadThroughput: 10e6 / 8, UploadThroughput: 10e6 / 8}}}); err != nil {
				return chromedp.Void{}, err
			}
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: boardProbe})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(ctx, setup, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS(`html[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	tctx, stop := context.WithTimeout(ctx, 20*time.Second)
	defer stop()
	v, err := chromedp.Run(tctx, chromedp.Evaluate[[]float64](`new Promise((resolve) => {
		const check = () => window.__board ? resolve([window.__board,
			performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
			performance.getEntriesByName('bitview-drawn')[0].startTime]) : setTimeout(check, 20);
		check();
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return [3]float64(v)
}
