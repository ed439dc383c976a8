//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// figureRelayout forces 16 relayouts of the page of figures: its column
// narrowed and widened again, each figure's width with it, and returns
// the ms of each, to the DOM laid out.
const figureRelayout = `(() => { const out = [];
  for (let i = 0; i < 16; i++) {
    document.body.style.maxWidth = (i % 2 ? 760 : 700) + 'px';
    const t0 = performance.now();
    void document.documentElement.offsetHeight;
    out.push(performance.now() - t0);
  }
  document.body.style.maxWidth = '';
  return out;
})()`

// TestMeasureFigureLayout measures issue 40's cost target: laying out the
// bit-grid cards of the page of 20 figures (TestMeasurePrerendered's
// page, each figure drawn by the wasm). Each cold load, in a fresh
// browser context, is traced: the main thread's style and layout
// (UpdateLayoutTree and Layout) from the navigation to all 20 figures
// drawn (a mark two frames after the 20th bitview-ready); then, in the
// same tab, the page's column is narrowed and widened 16 times, each
// followed by a forced layout of every figure (the median ms of one). With
// BITVIEW_MEASURE_BEFORE set (measureBefore, e.g. a dist/ built from
// db8cea0), that dist's page is loaded in turn with today's, in the same
// run, and the ratios today / before are the figures (target ≤
// 0.5×). Today's page lays out the figures near the screen (view.css,
// --bitview-content-visibility): the same page with every figure laid out
// at once ("all") is loaded too, and its ratio reported beside. It asserts only that every load drew its 20 figures. Run it with
// `make measure`, on a machine doing nothing else.
func TestMeasureFigureLayout(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	const n = 20
	// head is put into the page's <head>, before the element's script.
	page := func(head string) string {
		return figuresHead + head + figuresScript + `</head><body>` + figuresBody(n) + `</body></html>`
	}
	type site struct{ name, url string }
	serve := func(name, from, head string) site {
		dir := filepath.Join(t.TempDir(), "site")
		if err := os.CopyFS(dir, os.DirFS(from)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "figures-20.html"), []byte(page(head)), 0o644); err != nil {
			t.Fatal(err)
		}
		return site{name, serveDir(t, dir)}
	}
	// "all" is today's page with every figure laid out at once, as with
	// --bitview-content-visibility: visible (today's default lays out those
	// near the screen; before, every figure was laid out).
	sites := []site{serve("today", distDir(t), ""),
		serve("all", distDir(t), `<style>bitboard-view { --bitview-content-visibility: visible; }</style>`)}
	if before := measureBefore(t); before != "" {
		sites = append(sites, serve("before", before, ""))
	}
	browser := measureBrowser(t)
	probe := strings.NewReplacer("COUNT", fmt.Sprint(n), "FIGURES", "0").Replace(figuresProbe)
	wait := strings.NewReplacer("COUNT", fmt.Sprint(n), "FIGURES", "0").Replace(figuresWait) +
		`.then((r) => { performance.mark('figures-drawn'); return r; })`
	load := map[string][]float64{}
	relayout := map[string][]float64{}
	for range measureLoads() {
		for _, s := range sites { // the sites in turn, so a busy spell falls on both
			ms, again := tracedFigureLoad(t, browser, s.url+"/figures-20.html", probe, wait)
			load[s.name] = append(load[s.name], ms)
			relayout[s.name] = append(relayout[s.name], median(again))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nthe page of %d figures drawn by the wasm: main-thread style and layout, ms, median (min–max) of %d cold loads\n", n, measureLoads())
	for _, s := range sites {
		fmt.Fprintf(&b, "  %-7s loading to all drawn %s; one relayout of every figure (the column 700 ↔ 760 px) %s\n", s.name, summary(load[s.name]), summary(relayout[s.name]))
	}
	record("figure layout today", median(load["today"]))
	if len(sites) > 1 {
		r, rr := median(load["today"])/median(load["before"]), median(relayout["today"])/median(relayout["before"])
		ra, rra := median(load["all"])/median(load["before"]), median(relayout["all"])/median(relayout["before"])
		fmt.Fprintf(&b, "  today / before: loading %.2f×, relayout %.2f× (issue 40's target ≤ 0.5×)\n", r, rr)
		fmt.Fprintf(&b, "  all / before (every figure laid out): loading %.2f×, relayout %.2f×\n", ra, rra)
		record("figure layout / before", r)
		record("figure relayout / before", rr)
		record("figure layout, all / before", ra)
	}
	t.Log(b.String())
}

// tracedFigureLoad opens url in a new browser context of browser with
// probe run before the page's scripts, under a trace, waits for wait (a
// promise that marks figures-drawn), and returns the main thread's style
// and layout ms up to that mark, and the ms of each relayout of
// figureRelayout run after it.
func tracedFigureLoad(t *testing.T, browser context.Context, url, probe, wait string) (float64, []float64) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	lctx, stopListen := context.WithCancel(ctx)
	defer stopListen()
	traced := listenTrace(t, lctx)
	start := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "blink.user_timing", "__metadata"}}}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		return err
	})
	end := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	})
	if err := chromedp.Do(ctx, start, chromedp.Navigate(url)); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](wait, chromedp.EvalAwaitPromise, chromedp.EvalAsValue)); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	if err := chromedp.Do(ctx, end); err != nil {
		t.Fatal(err)
	}
	again := eval[[]float64](t, ctx, figureRelayout)
	events := traced()
	var mark traceEvent
	for _, e := range events {
		if e.Name == "figures-drawn" {
			mark = e
		}
	}
	if mark.Pid == 0 {
		t.Fatalf("%s: no figures-drawn mark in the trace", url)
	}
	ms := 0.0
	for _, e := range events {
		if e.Pid == mark.Pid && e.Tid == mark.Tid && e.Ph == "X" && e.Ts <= mark.Ts && (e.Name == "Layout" || e.Name == "UpdateLayoutTree") {
			ms += e.Dur / 1000
		}
	}
	return ms, again
}
