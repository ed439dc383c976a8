//go:build !(js && wasm)

package browser

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestMeasureStartup measures, in one run, the time from navigation start
// to the board drawn, as the median of cold loads (a fresh browser and
// profile each), for Bitview's page served from dist/ and for two
// baselines: a Go wasm page whose main only sets a DOM attribute, and a
// plain-JS page that draws 64 squares. It also reports the bytes
// transferred. It is a measurement, not a check: run it with
// `make measure` (BITVIEW_MEASURE=1, after `make dist`).
func TestMeasureStartup(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	path := chromium(t)
	dist := filepath.Join(repo, "dist")
	if _, err := os.Stat(filepath.Join(dist, "bitview.wasm.br")); err != nil {
		t.Fatal("dist/ is missing: run `make dist`")
	}
	base := baselines(t)
	const loads = 7
	pages := []struct{ name, dir, page string }{
		{"plain JS, 64 squares", base, "/js.html"},
		{"empty Go wasm", base, "/go.html"},
		{"Bitview", dist, "/"},
	}
	for _, pg := range pages {
		srvURL, stop, err := startServe(pg.dir)
		if err != nil {
			t.Fatal(err)
		}
		var times, sizes []float64
		for range loads {
			ms, n := coldLoad(t, path, srvURL+pg.page)
			times = append(times, ms)
			sizes = append(sizes, n)
		}
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		slices.Sort(times)
		t.Logf("%-22s median %6.1f ms to drawn (min %.1f, max %.1f, %d cold loads); %.0f bytes transferred",
			pg.name, times[len(times)/2], times[0], times[len(times)-1], loads, sizes[0])
	}

	// tutorial.html: until every <bitboard-view> has drawn.
	srvURL := serveDir(t, dist)
	var times, sizes []float64
	for range loads {
		ms, n := coldTutorial(t, path, srvURL+"/tutorial.html")
		times = append(times, ms)
		sizes = append(sizes, n)
	}
	slices.Sort(times)
	t.Logf("%-22s median %6.1f ms until all views drawn (min %.1f, max %.1f, %d cold loads); %.0f bytes transferred",
		"tutorial.html", times[len(times)/2], times[0], times[len(times)-1], loads, sizes[0])
}

// coldTutorial opens the tutorial in a new browser with a fresh profile and
// returns the time from navigation start until the last <bitboard-view>
// announced it had drawn, and the bytes transferred.
func coldTutorial(t *testing.T, path, url string) (float64, float64) {
	ctx, cancel := launch(path, t.TempDir())
	defer cancel()
	record := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__drawn = []; document.addEventListener('bitview-ready', () => window.__drawn.push(performance.now()), true);`})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(ctx, record, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	tctx, stop := context.WithTimeout(ctx, 20*time.Second)
	defer stop()
	v, err := chromedp.Run(tctx, chromedp.Evaluate[[]float64](`new Promise((resolve) => {
		const n = document.querySelectorAll('bitboard-view').length;
		const check = () => window.__drawn.length >= n ? resolve([Math.max(...window.__drawn),
			[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].reduce((s, e) => s + e.transferSize, 0)]) : setTimeout(check, 20);
		check();
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return v[0], v[1]
}

// coldLoad opens url in a new browser with a fresh profile and returns the
// time from navigation start to the "bitview-drawn" performance mark, and
// the bytes transferred.
func coldLoad(t *testing.T, path, url string) (float64, float64) {
	ctx, cancel := launch(path, t.TempDir())
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS(`html[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	tctx, stop := context.WithTimeout(ctx, 10*time.Second)
	defer stop()
	v, err := chromedp.Run(tctx, chromedp.Evaluate[[]float64](`[performance.getEntriesByName('bitview-drawn')[0].startTime,
		[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].reduce((n, e) => n + e.transferSize, 0)]`))
	if err != nil {
		t.Fatal(err)
	}
	return v[0], v[1]
}

// baselines writes the two baseline pages, with the same loader shape as
// Bitview's (wasm_exec.js, then a module that instantiates streaming), into
// a temporary folder, and builds the empty Go wasm program.
func baselines(t *testing.T) string {
	dir := t.TempDir()
	mod := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(mod, "go.mod"), "module empty\n\ngo 1.24\n")
	write(filepath.Join(mod, "main.go"), `package main

import "syscall/js"

func main() {
	js.Global().Get("performance").Call("mark", "bitview-drawn")
	js.Global().Get("document").Get("documentElement").Call("setAttribute", "data-ready", "1")
	select {}
}
`)
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "empty.wasm"), ".")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the empty Go program: %v\n%s", err, out)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "empty.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(dir, "empty.wasm.br"), string(brotli(t, wasm)))
	execJS, err := os.ReadFile(filepath.Join(repo, "web", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(dir, "wasm_exec.js"), string(execJS))
	write(filepath.Join(dir, "go.html"), `<!doctype html><meta charset="utf-8"><title>empty Go</title>
<script src="wasm_exec.js"></script><script type="module" src="go.js"></script>`)
	write(filepath.Join(dir, "go.js"), `const go = new Go();
const { instance } = await WebAssembly.instantiateStreaming(fetch('empty.wasm'), go.importObject);
go.run(instance);
`)
	write(filepath.Join(dir, "js.html"), `<!doctype html><meta charset="utf-8"><title>plain JS</title>
<style>#b{display:grid;grid-template-columns:repeat(8,40px)}#b div{height:40px}.l{background:#eed9b6}.d{background:#b58863}</style>
<div id="b"></div><script type="module" src="js.js"></script>`)
	write(filepath.Join(dir, "js.js"), `const b = document.getElementById('b');
for (let i = 0; i < 64; i++) { const d = document.createElement('div'); d.className = ((i >> 3) + i) % 2 ? 'd' : 'l'; d.dataset.square = 'abcdefgh'[i & 7] + (8 - (i >> 3)); b.append(d); }
performance.mark('bitview-drawn');
document.documentElement.setAttribute('data-ready', '1');
`)
	return dir
}

// brotli compresses b at quality 11 with Debian's brotli command.
func brotli(t *testing.T, b []byte) []byte {
	cmd := exec.Command("brotli", "-q", "11", "-c")
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("brotli: %v (apt-get install brotli)", err)
	}
	return out
}
