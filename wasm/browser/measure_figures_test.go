//go:build !(js && wasm)

package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bvfigure "github.com/bitview/bitview/wasm/figure"
)

// figuresProbe runs before a page's scripts: it records when the parser
// has put the page's FIGURES prerendered figures into the DOM and they
// have painted (two frames later), whatever the page's scripts do, and
// when COUNT elements have sent bitview-ready and painted (COUNT and
// FIGURES are replaced by the test).
const figuresProbe = `window.__fig = { painted: 0, drawn: 0, ready: 0 };
new MutationObserver((records, obs) => {
  if (document.querySelectorAll('bitboard-view > svg').length < FIGURES) return;
  obs.disconnect();
  requestAnimationFrame(() => requestAnimationFrame(() => { __fig.painted = performance.now(); }));
}).observe(document, { childList: true, subtree: true });
document.addEventListener('bitview-ready', () => { if (++__fig.ready === COUNT) requestAnimationFrame(() => requestAnimationFrame(() => { __fig.drawn = performance.now(); })); });`

// figuresWait resolves to [first contentful paint, painted, drawn] in ms
// from navigation start, waiting for drawn unless N is 0.
const figuresWait = `new Promise((resolve) => {
  const check = () => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    if ((__fig.painted || FIGURES === 0) && fcp && (COUNT === 0 || __fig.drawn)) resolve([fcp, __fig.painted, __fig.drawn]);
    else setTimeout(check, 10);
  };
  check();
})`

// TestMeasurePrerendered measures issue 23's targets for prerendered
// figures, in one run, each load in a fresh browser context: a page of 20
// figures prerendered by the bitview command with the element's script
// against the same page without any script (first figure painted, target
// ≤ 1.1×) and against 20 elements drawn by the wasm (all 20 on screen,
// target ≤ 0.5×); and one prerendered 200 px board against one
// chessboard-element (target ≤ 1.0×; chessboard-element installed with
// npm, left out when npm cannot fetch it). Run it with `make measure`.
func TestMeasurePrerendered(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	dist := distDir(t)
	dir := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(dir, os.DirFS(dist)); err != nil {
		t.Fatal(err)
	}
	chessboard := installChessboardElement(t, dir) == ""
	const n = 20
	var figs strings.Builder
	for i := range n {
		fmt.Fprintf(&figs, "<p>Figure %d.</p>\n<bitboard-view%s></bitboard-view>\n", i+1, attrs(figureCases[i%len(figureCases)]))
	}
	head := `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>figures</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:760px;margin:1rem auto;padding:0 1rem}</style>`
	script := `<script type="module" src="bitview-element.js"></script>`
	prerender := func(page string) string {
		out, err := bvfigure.Page("page.html", []byte(page), false, "")
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	pages := map[string]string{
		"static-20.html":       prerender(head + `</head><body>` + figs.String() + `</body></html>`),
		"prerendered-20.html":  prerender(head + script + `</head><body>` + figs.String() + `</body></html>`),
		"wasm-20.html":         head + script + `</head><body>` + figs.String() + `</body></html>`,
		"prerendered-1.html":   prerender(`<!doctype html><meta charset="utf-8"><title>1</title>` + script + `<bitboard-view size="200px"></bitboard-view>`),
		"chessboard-1.html":    `<!doctype html><meta charset="utf-8"><title>1</title><script type="module" src="chessboard-element.bundled.js"></script><chess-board position="start" style="width:200px"></chess-board>`,
		"static-1-nojs.html":   prerender(`<!doctype html><meta charset="utf-8"><title>1</title><bitboard-view size="200px"></bitboard-view>`),
		"bitboard-view-1.html": `<!doctype html><meta charset="utf-8"><title>1</title>` + script + `<bitboard-view size="200px"></bitboard-view>`,
	}
	for name, page := range pages {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	browser := measureBrowser(t)
	site := serveDir(t, dir)
	fill := func(js string, count, figures int) string {
		return strings.NewReplacer("COUNT", fmt.Sprint(count), "FIGURES", fmt.Sprint(figures)).Replace(js)
	}
	coldRun[[]float64](t, browser, measureNets[0], site+"/static-20.html", fill(figuresProbe, 0, n), fill(figuresWait, 0, n)) // untimed warm-up
	got := map[string][]float64{}
	for range measureLoads() {
		for _, v := range []struct {
			key, page      string
			ready, figures int
		}{{"static", "static-20.html", 0, n}, {"prerendered", "prerendered-20.html", n, n}, {"wasm", "wasm-20.html", n, 0},
			{"prerendered 1", "prerendered-1.html", 1, 1}, {"static 1", "static-1-nojs.html", 0, 1}} {
			r := coldRun[[]float64](t, browser, measureNets[0], site+"/"+v.page, fill(figuresProbe, v.ready, v.figures), fill(figuresWait, v.ready, v.figures))
			got[v.key+" fcp"] = append(got[v.key+" fcp"], r[0])
			got[v.key+" painted"] = append(got[v.key+" painted"], r[1])
			got[v.key+" drawn"] = append(got[v.key+" drawn"], r[2])
		}
		if chessboard {
			js := strings.NewReplacer("TAG", "'chess-board'", "SQUARE", "'[data-square]'", "PIECE", "'[part~=piece]'")
			r := coldRun[[]float64](t, browser, measureNets[0], site+"/chessboard-1.html", js.Replace(elementsProbe), js.Replace(elementsWait))
			got["chessboard-element"] = append(got["chessboard-element"], r[0])
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nprerendered figures: ms from navigation start, median (min–max) of %d cold loads, unthrottled\n", measureLoads())
	line := func(what, key string) { fmt.Fprintf(&b, "  %-62s %s\n", what, summary(got[key])) }
	line("20 prerendered, no script: first contentful paint", "static fcp")
	line("20 prerendered, with the element: first contentful paint", "prerendered fcp")
	line("20 prerendered, no script: all painted", "static painted")
	line("20 prerendered, with the element: all painted", "prerendered painted")
	line("20 prerendered, with the element: all drawn by the wasm", "prerendered drawn")
	line("20 elements drawn by the wasm: all drawn", "wasm drawn")
	line("1 prerendered 200 px board, no script: painted", "static 1 painted")
	line("1 prerendered 200 px board, with the element: painted", "prerendered 1 painted")
	line("1 prerendered 200 px board, with the element: drawn by the wasm", "prerendered 1 drawn")
	if chessboard {
		line("1 chessboard-element: drawn", "chessboard-element")
	}
	first := median(got["prerendered fcp"]) / median(got["static fcp"])
	all := median(got["prerendered painted"]) / median(got["wasm drawn"])
	fmt.Fprintf(&b, "  first figure, prerendered with the element / no script: %.2f× (target ≤ 1.1×)\n", first)
	fmt.Fprintf(&b, "  all 20, prerendered / drawn by the wasm: %.2f× (target ≤ 0.5×)\n", all)
	record("prerendered first / static", first)
	record("prerendered all / wasm", all)
	if chessboard {
		one := median(got["prerendered 1 painted"]) / median(got["chessboard-element"])
		fmt.Fprintf(&b, "  one board, prerendered / chessboard-element: %.2f× (target ≤ 1.0×)\n", one)
		record("prerendered 1 / chessboard-element", one)
	}
	t.Log(b.String())
}
