//go:build !(js && wasm)

package browser

// Browser tests of figures drawn without JavaScript (issue 23): the bitview
// command's SVG is the element's toSVG() byte for byte, and its PNG is the
// element's toPNG() with the same size and content; tutorial.html's
// prerendered figures are toSVG() of their elements; a prerendered element
// shows its figure with scripts off and gives way to the drawn view; an
// element whose files cannot be loaded shows why.

import (
	"context"
	"errors"
	"fmt"
	"html"
	"image"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	bvfigure "github.com/bitview/bitview/wasm/figure"
	bvpages "github.com/bitview/bitview/wasm/figure/pages"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// figureCases are options of figures, as attributes and as the command's.
var figureCases = []bvfigure.Options{
	{},
	{"fen": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "show": "P,occupied", "arrows": "Ge2e4 Rd7d5", "marks": "Yd4 Be5"},
	{"fen": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "layout": "0x88", "show": "n", "board": "false"},
	{"orientation": "black", "labels": "", "show": "white,(P << 8) & empty", "layout": "berf"},
	{"fen": "8/8/8/8/8/8/8/7N w - - 0 1", "layout": "10x12", "show": "N,knightAttacks(h1)", "grid": "true"},
	{"fen": "8/8/8/8/4P3/8/8/R7", "layout": "msb-a8", "show": "white", "values": "hex", "board": "false"},
}

// attrs writes options as an element's attributes.
func attrs(o bvfigure.Options) string {
	var b strings.Builder
	for _, name := range bvfigure.Names {
		if v, ok := o[name]; ok {
			b.WriteString(" " + name + `="` + html.EscapeString(v) + `"`)
		}
	}
	return b.String()
}

// figureSite serves a copy of Bitview's files and the given pages with
// serve.go, and returns its URL.
func figureSite(t *testing.T, pages map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range distFiles {
		from, to := filepath.Join(repo, "web", name), filepath.Join(dir, name)
		var err error
		if info, serr := os.Stat(from); serr == nil && info.IsDir() {
			err = os.CopyFS(to, os.DirFS(from))
		} else {
			err = copyFile(from, to)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	pages["ready.js"] = readyJS
	for name, page := range pages {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return serveDir(t, dir)
}

// readyLog counts the elements' bitview-ready events and records the
// layout shifts, with what moved (a file: serve.go's policy allows no
// inline script). hydrationCLS() sums the shifts from the end of the
// page's parsing (domInteractive), when the element's script may run:
// what the browser moves while the HTML still streams in (a button whose
// text is not parsed yet, on a loaded machine) is the page's, not the
// element's.
const readyLog = `<script src="ready.js"></script>`

const readyJS = `window.readyCount = 0; document.addEventListener('bitview-ready', () => readyCount++);
window.shifts = []; window.shiftTimes = []; window.shiftSources = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) { shifts.push(e.value); shiftTimes.push(e.startTime);
  for (const s of e.sources ?? []) shiftSources.push(Math.round(e.startTime) + 'ms ' + (s.node?.nodeName ?? '?') + '.' + (s.node?.className ?? '') + ' ' + JSON.stringify([s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height, s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height])); } }).observe({ type: 'layout-shift', buffered: true });
window.hydrationCLS = () => { const parsed = performance.getEntriesByType('navigation')[0].domInteractive; return shifts.reduce((a, v, i) => shiftTimes[i] >= parsed ? a + v : a, 0); };`

func waitReady(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](nearUntil(fmt.Sprintf(`window.readyCount >= %d`, n)))); err != nil {
		t.Fatalf("waiting for %d bitview-ready: %v", n, err)
	}
}

// pngDiff returns the mean absolute difference per channel (0–255) of
// two images of one size, and the fraction of pixels with a channel more
// than 64 apart.
func pngDiff(a, b image.Image) (mean, far float64) {
	r := a.Bounds()
	var sum, n, farN float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			worst := 0.0
			for _, d := range []float64{absDiff(ar, br), absDiff(ag, bg), absDiff(ab, bb)} {
				sum += d
				worst = max(worst, d)
			}
			if worst > 64 {
				farN++
			}
			n++
		}
	}
	return sum / (3 * n), farN / n
}

func absDiff(a, b uint32) float64 {
	d := float64(a>>8) - float64(b>>8)
	if d < 0 {
		return -d
	}
	return d
}

// evalAsync evaluates a promise and returns its value.
func evalAsync[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("eval %.80s: %v", js, err)
	}
	return v
}

// usePiece and definedPiece are a <use> of a piece image shared in a
// figure's fallback file and the <image> it refers to (in the file's
// <defs>).
var (
	usePiece     = regexp.MustCompile(`<use href="#([^"]+)" x="([^"]+)" y="([^"]+)"/>`)
	definedPiece = regexp.MustCompile(`<image id="([^"]+)" width="([^"]+)" height="([^"]+)" href="([^"]+)"/>`)
)

// unsharePieces returns a fallback file's SVG with each <use> of a
// shared piece image replaced by the <image> it draws and the <defs>
// taken out: the figure's SVG as toSVG() gives it.
func unsharePieces(svg string) string {
	start, end := strings.Index(svg, "<defs>"), strings.Index(svg, "</defs>")
	if start < 0 || end < start {
		return svg
	}
	images := map[string][]string{}
	for _, m := range definedPiece.FindAllStringSubmatch(svg[start:end], -1) {
		images[m[1]] = m[2:]
	}
	svg = svg[:start] + svg[end+len("</defs>"):]
	return usePiece.ReplaceAllStringFunc(svg, func(use string) string {
		m := usePiece.FindStringSubmatch(use)
		im := images[m[1]]
		if im == nil {
			return use
		}
		return `<image x="` + m[2] + `" y="` + m[3] + `" width="` + im[0] + `" height="` + im[1] + `" href="` + im[2] + `"/>`
	})
}

// staticSVGs returns each <bitboard-view>'s static figure in a page's
// source, in order ("" for an element without one): the SVG after its
// shadow root, or the file of its fallback <img data-bitview-figure>
// (prerender writes each figure's SVG once, beside the page, in dir).
func staticSVGs(t *testing.T, page, dir string) []string {
	t.Helper()
	img := regexp.MustCompile(`^<img data-bitview-figure src="([^"]+)"`)
	var out []string
	for _, m := range regexp.MustCompile(`(?s)<bitboard-view\b[^>]*>(.*?)</bitboard-view>`).FindAllStringSubmatch(page, -1) {
		content := m[1]
		if i := strings.LastIndex(content, "</template>"); i >= 0 {
			content = content[i+len("</template>"):] // the view in its shadow root, before the figure
		}
		content = strings.TrimSpace(content)
		if f := img.FindStringSubmatch(content); f != nil {
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f[1])))
			if err != nil {
				t.Fatalf("the figure's file: %v", err)
			}
			content = unsharePieces(string(b))
		}
		out = append(out, content)
	}
	return out
}

// builtTutorial returns web/tutorial.html, which make wasm builds from
// wasm/webpages/tutorial.html (git ignores it), after checking that it
// was built from the source as it is now: not older than it.
func builtTutorial(t *testing.T) string {
	t.Helper()
	built, src := filepath.Join(repo, "web", "tutorial.html"), filepath.Join(repo, "wasm", "webpages", "tutorial.html")
	b, err := os.ReadFile(built)
	if err != nil {
		t.Fatalf("%v: run make wasm, which builds it from wasm/webpages/tutorial.html", err)
	}
	bi, err1 := os.Stat(built)
	si, err2 := os.Stat(src)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	if bi.ModTime().Before(si.ModTime()) {
		t.Fatal("web/tutorial.html is older than wasm/webpages/tutorial.html, its source: run make wasm")
	}
	return string(b)
}

// TestFigureTutorial: every figure of web/tutorial.html is prerendered,
// and its static SVG (its fallback image's file) is toSVG() of the same
// element, byte for byte.
func TestFigureTutorial(t *testing.T) {
	ctx, url := site(t)
	static := staticSVGs(t, builtTutorial(t), filepath.Join(repo, "web"))
	if len(static) == 0 {
		t.Fatal("tutorial.html has no <bitboard-view>")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/tutorial.html")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	svgs := evalAsync[[]string](t, ctx, `(async () => { const vs = [...document.querySelectorAll('bitboard-view')];
		await Promise.all(vs.map((v) => v.status.ok || v.status.error ? null : new Promise((r) => v.addEventListener('bitview-ready', r, { once: true }))));
		return Promise.all(vs.map((v) => v.toSVG())); })()`)
	if len(svgs) != len(static) {
		t.Fatalf("%d elements on the page, %d in the source", len(svgs), len(static))
	}
	for i := range static {
		if static[i] == "" || static[i] != svgs[i] {
			t.Errorf("figure %d: the static SVG (%d bytes) is not toSVG() (%d bytes): run make wasm",
				i+1, len(static[i]), len(svgs[i]))
		}
	}
}

// TestTutorialHydrates: tutorial.html, as make wasm built it,
// at 1280 and 360 px: as first drawn, before Bitview starts
// (no figure needs it until it changes: none fetches it) the page and
// each figure have the heights they have once every element has adopted
// its view (each made live by toSVG), and nothing shifts meanwhile (the
// CLS from the end of parsing is 0: hydrationCLS). A figure far below the
// screen is not laid out yet (content-visibility: auto): it holds its
// placeholder's height (32rem) until it comes near the screen, with or
// without Bitview, so its height is compared only where it was laid out
// both times; every figure on the first screen must be.
func TestTutorialHydrates(t *testing.T) {
	ctx, _ := site(t)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(repo, "web", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	page := strings.Replace(builtTutorial(t), "<head>", "<head>"+readyLog, 1)
	n := strings.Count(page, "<bitboard-view")
	url := figureSite(t, map[string]string{"tutorial.html": page, "tutorial.css": read("tutorial.css"), "tutorial.js": read("tutorial.js")})
	// The page's height, then each figure's, or -1 for a figure whose view
	// is skipped (content-visibility: auto, off screen), and then, for
	// each figure, 1 when it starts on the first screen.
	const heights = `((vs) => [document.documentElement.scrollHeight,
		...vs.map((v) => { const c = v.shadowRoot?.querySelector('.view > *'); return c && !c.checkVisibility({ contentVisibilityAuto: true }) ? -1 : Math.round(v.getBoundingClientRect().height); }),
		...vs.map((v) => v.getBoundingClientRect().top < innerHeight ? 1 : 0)])([...document.querySelectorAll('bitboard-view')])`
	for _, w := range []int64{1280, 360} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(url+"/tutorial.html")); err != nil {
			t.Fatal(err)
		}
		// As first drawn: two frames in (before its first rendering, a
		// figure of content-visibility: auto has its placeholder's height,
		// which no reader sees).
		before := evalAsync[[]float64](t, ctx, `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(`+heights+`))))`)
		waitReady(t, ctx, n)
		if got := eval[int](t, ctx, `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/bitview.wasm')).length`); got != 0 {
			t.Errorf("at %d px the tutorial fetched the wasm %d times before any figure changed", w, got)
		}
		evalAsync[int](t, ctx, `Promise.all([...document.querySelectorAll('bitboard-view')].map((v) => v.toSVG())).then((svgs) => svgs.length)`)
		after := eval[[]float64](t, ctx, heights)
		cls, all := eval[float64](t, ctx, `hydrationCLS()`), eval[float64](t, ctx, `shifts.reduce((a, b) => a + b, 0)`)
		t.Logf("at %d px: the page and its %d figures %v px tall before Bitview, %v after (-1: not laid out yet; then 1 for each figure on the first screen); CLS %.4f from the end of parsing (%.6f in all)", w, n, before, after, cls, all)
		if len(before) != 1+2*n || len(after) != 1+2*n {
			t.Fatalf("at %d px: %d and %d heights, want %d", w, len(before), len(after), 1+2*n)
		}
		same := true // the same figures laid out both times
		for i := 1; i <= n; i++ {
			b, a := before[i], after[i]
			switch {
			case before[n+i] == 1 && (b < 0 || a < 0):
				t.Errorf("at %d px figure %d starts on the first screen but was not laid out (%v px before Bitview, %v after)", w, i, b, a)
			case b >= 0 && a >= 0 && b != a:
				t.Errorf("at %d px figure %d was %v px tall before Bitview and %v after", w, i, b, a)
			}
			same = same && (b < 0) == (a < 0)
		}
		if same && before[0] != after[0] {
			t.Errorf("at %d px the page was %v px tall before Bitview and %v after", w, before[0], after[0])
		}
		if cls != 0 {
			t.Errorf("at %d px the tutorial moved as Bitview started: CLS %v, %v", w, cls, eval[[]string](t, ctx, `shiftSources`))
		}
	}
}

// hydrationPage is a page of n prerendered figures (the bitview command's
// output) between paragraphs, so that a change of a figure's height
// would move what follows it; the figures' SVG files are added to files.
func hydrationPage(t *testing.T, n int, scripts bool, files map[string]string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>prerendered</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:760px;margin:1rem auto;padding:0 1rem}</style>`)
	if scripts {
		b.WriteString(readyLog + `<script type="module" src="bitview-element.js"></script>`)
	}
	b.WriteString(`</head><body><h1>Prerendered figures</h1>`)
	for i := range n {
		o := figureCases[i%len(figureCases)]
		fmt.Fprintf(&b, "<p>Paragraph %d before the figure.</p>\n<bitboard-view%s></bitboard-view>\n", i, attrs(o))
	}
	b.WriteString(`<p>The end.</p></body></html>`)
	out, err := bvpages.Page("hydration.html", []byte(b.String()), "./")
	if err != nil {
		t.Fatal(err)
	}
	for name, svg := range out.Figures {
		files[name] = string(svg)
	}
	return string(out.Page)
}

// shadowRoots matches the declarative shadow roots of a prerendered page,
// which a feed reader strips.
var shadowRoots = regexp.MustCompile(`<template shadowrootmode="open"[^>]*>(?s:.*?)</template>`)

// TestFigurePrerendered: a prerendered page (the bitview command's
// output) shows every figure with scripts off, styled and fitting the
// column at 360 px, each at the height of the view the element draws; with
// scripts on, every element is ready at once and no wasm is fetched; a
// reader focuses a square of a figure (highlighted without the wasm:
// Bitview, slowed down, starts) and presses an arrow key; the element
// adopts its prerendered view: no node inside the views is written or
// replaced (but the highlight's rule), the heights are those of the page
// without scripts, nothing shifts (PerformanceObserver 'layout-shift',
// the CLS from the end of parsing is 0: hydrationCLS), and the key moves
// the focus once the view is live; the next key moves it again.
func TestFigurePrerendered(t *testing.T) {
	ctx, _ := site(t)
	files := map[string]string{}
	files["on.html"] = hydrationPage(t, 4, true, files)
	files["off.html"] = hydrationPage(t, 4, false, files)
	files["feed.html"] = shadowRoots.ReplaceAllString(files["off.html"], "")
	url := figureSite(t, files)

	off, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(off, chromedp.EmulateViewport(360, 800)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(off, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(off, chromedp.Navigate(url+"/off.html")); err != nil {
		t.Fatal(err)
	}
	const lookJS = `[...document.querySelectorAll('bitboard-view')].map((v) => { const r = v.getBoundingClientRect();
		// Styled by view.css: a grid's cells are fixed boxes (contain: strict),
		// a board's squares (a figure of a board alone) square.
		const cell = v.shadowRoot?.querySelector('.bits .cell'), sq = v.shadowRoot?.querySelector('.board .sq');
		return { w: r.width, h: r.height, styled: cell ? getComputedStyle(cell).contain : sq && getComputedStyle(sq).aspectRatio === '1 / 1' ? 'strict' : '', img: v.querySelector(':scope > img[data-bitview-figure]')?.getBoundingClientRect().height ?? -1,
			svgs: v.querySelectorAll(':scope > svg').length }; })`
	type look struct {
		W, H, Img float64
		SVGs      int
		Styled    string
	}
	for i, b := range eval[[]look](t, off, lookJS) {
		if b.W < 200 || b.W > 360 || b.H < 100 || b.Styled != "strict" || b.Img != 0 || b.SVGs != 0 {
			t.Errorf("figure %d with scripts off at 360 px: %+v; want its view styled (a grid's cells contain: strict, or a board's squares square) in the column, its <img> not shown, no inline SVG", i, b)
		}
	}
	// The fallback images are lazy, and HTML loads lazy images at once
	// where scripting is off: the browser fetches them (each file once),
	// and does not show them.
	const fetchedJS = `performance.getEntriesByType('resource').filter((e) => e.name.includes('/bitview-figures/')).length`
	t.Logf("with scripts off, %d fallback images fetched (not shown)", eval[int](t, off, fetchedJS))
	screenshot(t, off, "figures-scripts-off-360")
	// A reader without shadow roots (here a feed reader's copy, the
	// templates stripped; the page has no script) shows each figure's
	// <img>: loaded once scrolled to (it is lazy), in the column, with its
	// description as alt text.
	feed, cancelFeed := chromedp.NewContext(ctx)
	defer cancelFeed()
	if err := chromedp.Do(feed, chromedp.EmulateViewport(360, 800), chromedp.Navigate(url+"/feed.html")); err != nil {
		t.Fatal(err)
	}
	type fallback struct {
		W, Natural float64
		Alt        string
	}
	imgs := evalAsync[[]fallback](t, feed, `(async () => { const out = [];
		for (const i of document.querySelectorAll('bitboard-view > img')) {
			i.scrollIntoView();
			await i.decode().catch(() => {});
			out.push({ w: i.getBoundingClientRect().width, natural: i.naturalWidth, alt: i.alt });
		}
		return out; })()`)
	if len(imgs) != 4 {
		t.Errorf("the feed reader's copy shows %d images, want 4", len(imgs))
	}
	for i, im := range imgs {
		f, err := bvfigure.Resolve(figureCases[i%len(figureCases)])
		if err != nil {
			t.Fatal(err)
		}
		if im.Natural == 0 || im.W < 200 || im.W > 360 || im.Alt != bvfigure.Describe(f) {
			t.Errorf("fallback %d without shadow roots at 360 px: %+v; want the image loaded, in the column, described", i, im)
		}
	}
	screenshot(t, feed, "figures-feed-360")
	if err := chromedp.Do(off, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(url+"/off.html")); err != nil {
		t.Fatal(err)
	}
	// Every figure laid out (content-visibility: auto keeps one off the
	// screen at its placeholder's 32rem), as on the page with scripts:
	// the heights compared are the figures', not the placeholders'.
	const laidOutHeights = `[...document.querySelectorAll('bitboard-view')].map((v) => (v.style.setProperty('--bitview-content-visibility', 'visible'), v))
		.map((v) => v.getBoundingClientRect().height)`
	static := eval[[]float64](t, off, laidOutHeights)
	screenshot(t, off, "figures-scripts-off-1280")

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	slowWasm(t, ctx, url, 1_000_000, "")
	errs := consoleErrors(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/on.html")); err != nil {
		t.Fatal(err)
	}
	// Before Bitview: the views are there and ready; each shadow root's mutations are counted (the
	// highlight's <style> aside); the reader focuses b2 of the second figure's board.
	waitReady(t, ctx, 4)
	// The second figure is scrolled to first, and laid out, so that the
	// focus moves nothing (a scroll is no layout shift, but one that
	// came with the focus while the page was still being laid out, under
	// load, was counted as one: 0.043).
	// Scrolled to, a figure that was off the screen leaves its
	// content-visibility placeholder (32rem) for its own height: the
	// test's scroll moves what is under it (CLS 0.138 in one CI run,
	// 512 → 809 px), not Bitview. Hydration's shifts are counted from
	// when that figure is laid out (window.__from), two frames on.
	evalAsync[bool](t, ctx, `new Promise((done) => { const v = document.querySelectorAll('bitboard-view')[1]; v.scrollIntoView();
		let n = 0; const frame = () => { const h = v.getBoundingClientRect().height;
			if ((h === 512 || n < 2) && n++ < 120) return requestAnimationFrame(frame);
			requestAnimationFrame(() => requestAnimationFrame(() => { window.__from = performance.now(); done(true); })); };
		requestAnimationFrame(frame); })`)
	before := eval[map[string]any](t, ctx, `(() => { const vs = [...document.querySelectorAll('bitboard-view')];
		window.__nodes = vs.map((v) => v.shadowRoot.querySelector('.bitview-embed'));
		window.__mutations = [];
		const style = (n) => (n.nodeType === 1 ? n : n.parentNode).localName === 'style';
		for (const v of vs) new MutationObserver((rs) => { for (const r of rs) if (!style(r.target)) __mutations.push(r.type + ' ' + (r.target.className || r.target.nodeName) + ' ' + (r.attributeName ?? '')); })
			.observe(v.shadowRoot.querySelector('.host'), { subtree: true, childList: true, attributes: true, characterData: true });
		const b2 = vs[1].shadowRoot.querySelector('.board [data-square="b2"]');
		const wasm = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/bitview.wasm')).length;
		b2.focus({ preventScroll: true }); // Bitview starts (the wasm slowed down)
		return { ready: readyCount, ok: vs.filter((v) => v.status.ok).length, views: __nodes.filter(Boolean).length, focus: vs[1].shadowRoot.activeElement?.dataset.square ?? '',
			outline: getComputedStyle(b2).outlineWidth, wasm }; })()`)
	if before["ready"] != 4.0 || before["ok"] != 4.0 || before["views"] != 4.0 || before["focus"] != "b2" || before["outline"] != "3px" || before["wasm"] != 0.0 {
		t.Fatalf("before Bitview started: %v; want 4 prerendered views ready without the wasm, b2 focused and highlighted", before)
	}
	key(t, ctx, kb.ArrowRight)
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelectorAll('bitboard-view')[1].shadowRoot.activeElement?.dataset.square === 'c2'`)); err != nil {
		t.Fatalf("ArrowRight from b2 before Bitview started: the focus never reached c2: %v", err)
	}
	// With scripts on, a browser that shows the shadow roots does not
	// fetch the fallback images: they are lazy and not rendered.
	if n := eval[int](t, ctx, fetchedJS); n != 0 {
		t.Errorf("with the shadow roots shown, %d fallback images were fetched, want 0", n)
	}
	got := eval[map[string]any](t, ctx, `(() => { const vs = [...document.querySelectorAll('bitboard-view')];
		return { same: vs.filter((v, i) => v.shadowRoot.querySelector('.bitview-embed') === __nodes[i]).length,
			mutations: __mutations, ok: vs.filter((v) => v.status.ok).length,
			focus: document.activeElement === vs[1] ? vs[1].shadowRoot.activeElement?.dataset.square ?? '' : document.activeElement.localName,
			cls: shifts.reduce((a, v, i) => shiftTimes[i] >= Math.max(window.__from, performance.getEntriesByType('navigation')[0].domInteractive) ? a + v : a, 0),
			all: shifts.reduce((a, b) => a + b, 0), n: shifts.length, sources: shiftSources,
			wasm: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/bitview.wasm')).length,
			heights: vs.map((v) => v.getBoundingClientRect().height) }; })()`) // as drawn; some may be placeholders
	t.Logf("4 prerendered figures, one made live by a key, the wasm slowed down, at 1280×900: %v layout-shift entries, CLS %.4f from the scrolled figure laid out (%.6f in all) %v; heights without scripts %v, drawn %v; mutations inside the views %v; focus on %v",
		got["n"], got["cls"], got["all"], got["sources"], static, got["heights"], got["mutations"], got["focus"])
	if got["same"] != 4.0 || got["ok"] != 4.0 || got["wasm"] != 1.0 {
		t.Errorf("after the key: %v of 4 views adopted, %v without an error, the wasm fetched %v times (want 4, 4, 1)", got["same"], got["ok"], got["wasm"])
	}
	if m := got["mutations"].([]any); len(m) > 0 {
		t.Errorf("adopting the prerendered views wrote %d changes: %v", len(m), m)
	}
	// Zero in a quiet run; a glyph's sub-pixel move (an element 7 px
	// wide moving 4 px, 4e-7) was once seen under load: anything
	// more than a thousandth fails, a hundred times stricter than a "good"
	// page (0.1, web.dev/articles/cls).
	if got["cls"].(float64) > 0.001 {
		t.Errorf("the page shifted as Bitview drew: CLS %v, %v", got["cls"], got["sources"])
	}
	for i, h := range eval[[]float64](t, ctx, laidOutHeights) {
		if d := h - static[i]; d > 0.5 || d < -0.5 {
			t.Errorf("figure %d is %.1f px tall drawn, %.1f px without scripts", i, h, static[i])
		}
	}
	if got["focus"] != "c2" {
		t.Errorf("after Bitview started the focus is on %v, want c2 of the second figure", got["focus"])
	}
	key(t, ctx, kb.ArrowRight)
	if f := eval[string](t, ctx, `document.querySelectorAll('bitboard-view')[1].shadowRoot.activeElement?.dataset.square ?? ''`); f != "d2" {
		t.Errorf("ArrowRight from c2 in an adopted view: the focus is on %q, want d2", f)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestFigureLoadFailure: an author's page that loads the element from a
// site that sends no CORS headers (another origin) shows, in every
// element, an error naming the URL and the fix, never 0 px tall, and
// sends bitview-error; so does an element whose base is wrong.
func TestFigureLoadFailure(t *testing.T) {
	ctx, _ := site(t)
	dir := t.TempDir()
	for _, name := range distFiles {
		from, to := filepath.Join(repo, "web", name), filepath.Join(dir, name)
		var err error
		if info, serr := os.Stat(from); serr == nil && info.IsDir() {
			err = os.CopyFS(to, os.DirFS(from))
		} else {
			err = copyFile(from, to)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	noCORS := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer noCORS.Close()
	snippet := strings.Split(figureSnippet(noCORS.URL), "\n")[0]
	author := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/snippet/":
			fmt.Fprint(w, `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">`+eventLog+snippet+
				`</head><body><p>before</p><bitboard-view id="a" show="P"></bitboard-view><p>between</p><bitboard-view id="b"></bitboard-view><p>after</p></body></html>`)
		case "/base/":
			fmt.Fprint(w, `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">`+eventLog+
				`<script type="module">import { setBaseURL } from '/assets/bitview-element.js'; setBaseURL('`+noCORS.URL+`/');</script>
</head><body><p>before</p><bitboard-view id="a" show="P"></bitboard-view><p>after</p></body></html>`)
		default:
			if file, ok := moduleFile(r.URL.Path); ok {
				w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
				http.ServeFile(w, r, file)
				return
			}
			http.NotFound(w, r)
		}
	}))
	defer author.Close()
	for _, tc := range []struct{ path, want string }{
		{"/snippet/", noCORS.URL + "/bitview-markdown.js"},
		{"/base/", noCORS.URL + "/bitview.wasm"},
	} {
		t.Run(strings.Trim(tc.path, "/"), func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.Navigate(author.URL+tc.path)); err != nil {
				t.Fatal(err)
			}
			waitEvents(t, ctx, "bitview-error", 1)
			got := eval[[]map[string]any](t, ctx, `[...document.querySelectorAll('bitboard-view')].map((v) => ({
				h: v.getBoundingClientRect().height,
				text: (v.shadowRoot?.querySelector('[role=alert]') ?? v.querySelector('[role=alert]'))?.textContent ?? '' }))`)
			for _, v := range got {
				text := v["text"].(string)
				if v["h"].(float64) < 20 || !strings.Contains(text, tc.want) || !strings.Contains(text, "Access-Control-Allow-Origin") {
					t.Errorf("a failed element: %v px tall, saying %q; want a box naming %s and the fix", v["h"], text, tc.want)
				}
			}
			screenshot(t, ctx, "figure-load-failure-"+strings.Trim(tc.path, "/"))
		})
	}
}

// figureSnippet returns the Embed panel's element snippet (view.EmbedSnippets)
// as the page served from base writes it: the two lines an author pastes.
func figureSnippet(base string) string {
	s := model.DefaultState()
	s.Show = []string{"P"}
	all := view.EmbedSnippets(s, base+"/index.html", "")
	m := regexp.MustCompile(`data-copy="([^"]*)"`).FindStringSubmatch(all)
	return html.UnescapeString(m[1])
}

// TestFigureCompact: at 760 px wide (the iframe snippet's width, a
// blog's column) a board with two grids, in every 8×8 layout, has its
// first grid beside it and is at most 900 px tall; and every grid, compact (values="hex" or
// "none") or not, in every layout, has digits of 11 px or more and shows
// each cell's index.
func TestFigureCompact(t *testing.T) {
	ctx, _ := site(t)
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>compact</title>` +
		readyLog + `<script type="module" src="bitview-element.js"></script><link rel="stylesheet" href="compact.css"></head><body>`)
	n := 0
	for _, l := range layoutIDs() {
		for _, v := range []string{"", ` values="hex"`, ` values="none"`, ` values="hex" board="false"`} {
			fmt.Fprintf(&b, `<bitboard-view layout="%s" show="P,occupied"%s></bitboard-view>`, l, v)
			n++
		}
	}
	b.WriteString(`</body></html>`)
	url := figureSite(t, map[string]string{"compact.html": b.String(), "compact.css": `body{margin:0}bitboard-view{width:760px;margin-bottom:20px;--bitview-content-visibility:visible}`})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(url+"/compact.html")); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx, n)
	type fig struct {
		Layout, Values, Board string
		W, H, BoardTop        float64
		CardTops              []float64
		MinDigit              float64
		Hidden                int
	}
	figs := eval[[]fig](t, ctx, `[...document.querySelectorAll('bitboard-view')].map((v) => { const r = v.getBoundingClientRect(), root = v.shadowRoot;
		const cells = [...root.querySelectorAll('.bits .cell')];
		return { layout: v.getAttribute('layout'), values: v.getAttribute('values') ?? 'all', board: v.getAttribute('board') ?? '', w: r.width, h: r.height,
			boardTop: root.querySelector('.view-board').getBoundingClientRect().top - r.top,
			cardTops: [...root.querySelectorAll('.card')].map((c) => c.getBoundingClientRect().top - r.top),
			minDigit: Math.min(...cells.map((c) => parseFloat(getComputedStyle(c.querySelector('b')).fontSize))),
			hidden: cells.filter((c) => getComputedStyle(c.querySelector('small')).display === 'none').length }; })`)
	for _, f := range figs {
		name := fmt.Sprintf("%s values=%s board=%q", f.Layout, f.Values, f.Board)
		t.Logf("%s: %.0f×%.0f px, cards at %v, digits ≥ %.1f px, %d indices hidden", name, f.W, f.H, f.CardTops, f.MinDigit, f.Hidden)
		if f.MinDigit < 11 || f.Hidden > 0 {
			t.Errorf("%s: digits of %.1f px, %d indices hidden; want 11 px or more and every index shown", name, f.MinDigit, f.Hidden)
		}
		if f.Layout != "0x88" && f.Layout != "10x12" && f.Board == "" {
			if f.H > 910 || len(f.CardTops) != 2 || f.CardTops[0] != f.BoardTop {
				t.Errorf("%s: %.0f px tall, cards at %v, board at %v; want the first grid beside the board, at most 910 px tall", name, f.H, f.CardTops, f.BoardTop)
			}
		}
	}
	screenshot(t, ctx, "figures-compact-760")
}

// TestFigureFallbackPixels: a figure's fallback file (its repeated piece
// images written once and <use>d) draws, as an <img>, what the figure's
// SVG (toSVG()) draws, pixel for pixel, for every figure of figureCases.
func TestFigureFallbackPixels(t *testing.T) {
	ctx, _ := site(t)
	files := map[string]string{}
	var b strings.Builder
	b.WriteString(`<!doctype html><meta charset="utf-8"><title>fallback pixels</title><script type="module" src="bitview-element.js"></script><body>`)
	for i, o := range figureCases {
		b.WriteString("<bitboard-view" + attrs(o) + "></bitboard-view>")
		f, err := bvfigure.Resolve(o)
		if err != nil {
			t.Fatal(err)
		}
		files[fmt.Sprintf("svg-%d.svg", i)] = f.SVG()
	}
	out, err := bvpages.Page("pixels.html", []byte(b.String()), "./")
	if err != nil {
		t.Fatal(err)
	}
	shared := 0
	for name, svg := range out.Figures {
		files[name] = string(svg)
		shared += strings.Count(string(svg), "<use ")
	}
	if shared == 0 {
		t.Fatal("no fallback file shares a piece image")
	}
	var pairs [][2]string
	for i, m := range regexp.MustCompile(`<img data-bitview-figure src="([^"]+)"`).FindAllStringSubmatch(string(out.Page), -1) {
		pairs = append(pairs, [2]string{fmt.Sprintf("svg-%d.svg", i), m[1]})
	}
	if len(pairs) != len(figureCases) {
		t.Fatalf("%d fallback images, want %d", len(pairs), len(figureCases))
	}
	files["pixels.html"] = `<!doctype html><meta charset="utf-8"><title>pixels</title>`
	url := figureSite(t, files)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/pixels.html")); err != nil {
		t.Fatal(err)
	}
	type diff struct {
		W, H, Differ int
	}
	got := evalAsync[[]diff](t, ctx, `(async (pairs) => {
		const pixels = async (src) => { const i = new Image(); i.src = src; await i.decode();
			const c = new OffscreenCanvas(i.naturalWidth, i.naturalHeight), g = c.getContext('2d'); g.drawImage(i, 0, 0);
			return [i.naturalWidth, i.naturalHeight, g.getImageData(0, 0, c.width, c.height).data]; };
		const out = [];
		for (const [a, b] of pairs) {
			const [w, h, pa] = await pixels(a), [w2, h2, pb] = await pixels(b);
			let n = w === w2 && h === h2 ? 0 : -1;
			for (let j = 0; n >= 0 && j < pa.length; j += 4) if (pa[j] !== pb[j] || pa[j + 1] !== pb[j + 1] || pa[j + 2] !== pb[j + 2] || pa[j + 3] !== pb[j + 3]) n++;
			out.push({ w, h, differ: n });
		}
		return out; })(`+jsonText(t, pairs)+`)`)
	for i, d := range got {
		if d.W == 0 || d.Differ != 0 {
			t.Errorf("figure %d (%v): %d×%d, %d pixels differ between the SVG and its fallback file (-1: other sizes), want 0", i, figureCases[i], d.W, d.H, d.Differ)
		}
	}
	t.Logf("%d figures, %d shared piece placements: the fallback files draw the SVGs' pixels", len(got), shared)
}
