//go:build !(js && wasm)

package browser

// What a reader of a prerendered article downloads of Bitview (issue 45:
// at most 100 KB as brotli before any interaction, no wasm), and what the
// first interaction costs: the wasm comes, and the figure is live.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/browser/browsers"
	bvpages "github.com/bitview/bitview/wasm/figure/pages"
)

// MaxReaderBytes is the most a reader of a prerendered article may
// download of Bitview's files before any interaction, as brotli (issue
// 45's 100 KB).
const MaxReaderBytes = 100 * 1024

// readerSite serves prerendered articles of 1 and 20 figures at /one/
// and /twenty/ (the README's line in their head, Bitview's copy at
// /bitview/, the figures' files beside each page), and records the paths
// asked for. asked returns them and forgets them.
func readerSite(t *testing.T) (url string, asked func() []string, pages map[string][]byte) {
	t.Helper()
	fs, _ := fences(t, "README.md")
	var line string
	for _, f := range fs {
		if f.Lang == "html" && strings.HasPrefix(f.Text, `<script src="/bitview/bitview-load.js"`) {
			line = strings.Split(f.Text, "\n")[0]
		}
	}
	if line == "" {
		t.Fatal("README.md has no <script src=\"/bitview/bitview-load.js\"> line")
	}
	pages = map[string][]byte{}
	files := map[string][]byte{}
	for _, p := range []struct {
		dir string
		n   int
	}{{"one", 1}, {"twenty", 20}} {
		var b strings.Builder
		fmt.Fprintf(&b, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>%d figures</title>
%s
<style>body{font:17px/1.6 Georgia,serif;max-width:46rem;margin:2rem auto;padding:0 1rem}</style></head><body><h1>An article</h1>`, p.n, line)
		for i := range p.n {
			fmt.Fprintf(&b, "<p>Paragraph %d, before figure %d.</p>\n<bitboard-view%s></bitboard-view>\n", i, i+1, attrs(figureCases[i%len(figureCases)]))
		}
		b.WriteString(`<p>The end.</p></body></html>`)
		out, err := bvpages.Page("index.html", []byte(b.String()), "/bitview/")
		if err != nil {
			t.Fatal(err)
		}
		pages["/"+p.dir+"/"] = out.Page
		for name, svg := range out.Figures {
			files["/"+p.dir+"/"+name] = svg
		}
	}
	web := filepath.Join(repo, "web")
	copyFiles := http.StripPrefix("/bitview", http.FileServer(http.Dir(web)))
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.Path)
		mu.Unlock()
		w.Header().Set("Cache-Control", "no-store")
		switch p := r.URL.Path; {
		case pages[p] != nil:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(pages[p])
		case files[p] != nil:
			w.Header().Set("Content-Type", "image/svg+xml")
			w.Write(files[p])
		case strings.HasPrefix(p, "/bitview/"):
			if typ, ok := mimeTypes[path.Ext(p)]; ok {
				w.Header().Set("Content-Type", typ)
			}
			copyFiles.ServeHTTP(w, r)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []string {
		mu.Lock()
		defer mu.Unlock()
		out := seen
		seen = nil
		return out
	}, pages
}

// bitviewBytes sums, over the paths asked for that are Bitview's files
// (its copy, /bitview/…), each one's size as brotli (the .br make wasm
// writes beside it): what a host that serves the .br sends. A file asked
// for again (the server says no-store, so that every load asks for what
// it needs: Chromium then asks for view.css once per shadow root) counts
// once, as a cache holds it. It answers the files and their sum.
func bitviewBytes(t *testing.T, paths []string) (files []string, sum int) {
	t.Helper()
	for _, p := range paths {
		name, ok := strings.CutPrefix(p, "/bitview/")
		if !ok || slices.Contains(files, name) {
			continue
		}
		files = append(files, name)
		file := filepath.Join(repo, "web", filepath.FromSlash(name))
		if info, err := os.Stat(file + ".br"); err == nil {
			sum += int(info.Size())
		} else if b, err := os.ReadFile(file); err == nil {
			sum += len(brotli(t, b))
		} else {
			t.Errorf("the page asked for /bitview/%s, which is not there", name)
		}
	}
	slices.Sort(files)
	return files, sum
}

// liveJS focuses e1 of the first figure's board and presses ArrowRight on
// it, then waits until the focus has moved to f1: the key starts Bitview
// (the wasm) and is dispatched again once the view is live. It answers the
// milliseconds from the key to the moved focus.
const liveJS = `new Promise((resolve, reject) => {
	const v = document.querySelector('bitboard-view'), sq = v.shadowRoot.querySelector('.board [data-square="e1"]');
	sq.focus();
	const t0 = performance.now();
	sq.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', code: 'ArrowRight', bubbles: true, composed: true, cancelable: true }));
	const check = () => v.shadowRoot.activeElement?.dataset.square === 'f1' ? resolve(performance.now() - t0)
		: performance.now() - t0 > 30000 ? reject(new Error('the focus never moved: ' + (v.shadowRoot.activeElement?.dataset.square ?? 'none'))) : requestAnimationFrame(check);
	check();
})`

// readerLoad opens one article in tab and answers the Bitview files it
// asked for before any interaction, their sum as brotli, and the
// milliseconds the first interaction took to make a figure live.
func readerLoad(t *testing.T, ctx context.Context, tab browsers.Tab, url string, asked func() []string, n int) (files []string, sum int, live float64) {
	t.Helper()
	asked()
	if err := tab.Navigate(ctx, url); err != nil {
		t.Fatal(err)
	}
	// Every figure ready (prerendered: at once), the page loaded (its
	// images, in the shadow roots too): nothing more is asked for.
	if err := browsers.Wait(ctx, tab, fmt.Sprintf(`document.readyState === 'complete' && [...document.querySelectorAll('bitboard-view')].filter((v) => v.status?.ok).length === %d`, n)); err != nil {
		t.Fatal(err)
	}
	files, sum = bitviewBytes(t, asked())
	if err := tab.Eval(ctx, liveJS, &live); err != nil {
		t.Fatal(err)
	}
	return files, sum, live
}

// TestReaderBytes: a prerendered article of 1 figure and of 20, as a
// reader reads it in Chromium, Firefox and WebKit: before any interaction
// it downloads at most MaxReaderBytes of Bitview's files as brotli, and
// no wasm; a key on a figure then fetches the wasm (once) and the figure
// answers it.
func TestReaderBytes(t *testing.T) {
	needsSite(t)
	url, asked, pages := readerSite(t)
	for p, page := range pages {
		t.Logf("the article %s: %d bytes of HTML, %d as brotli", p, len(page), len(brotli(t, page)))
	}
	var mu sync.Mutex // asked is the server's, shared by the engines: one at a time
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range []struct {
			path string
			n    int
		}{{"/one/", 1}, {"/twenty/", 20}} {
			files, sum, live := readerLoad(t, tabContext(t), tab, url+p.path+"?"+string(tab.Engine()), asked, p.n)
			after, _ := bitviewBytes(t, asked())
			t.Logf("%s, %d figures: before any interaction %d of Bitview's files, %d bytes as brotli (%s); the first key made the figure live in %.0f ms, fetching %s",
				tab.Engine(), p.n, len(files), sum, strings.Join(files, " "), live, strings.Join(after, " "))
			if sum > MaxReaderBytes || slices.Contains(files, "bitview.wasm") || slices.Contains(files, "wasm_exec.js") {
				t.Errorf("%s, %d figures: a reader downloads %d bytes of Bitview's files (at most %d) before any interaction: %q", tab.Engine(), p.n, sum, MaxReaderBytes, files)
			}
			if !slices.Contains(after, "bitview.wasm") {
				t.Errorf("%s, %d figures: the first key fetched %q, want the wasm", tab.Engine(), p.n, after)
			}
		}
	})
}

// TestMeasureReader measures, in each engine, cold loads (a new browser
// each) of the 1- and 20-figure prerendered articles: Bitview's files
// before any interaction (their number and bytes as brotli) and the time
// from the first key on a figure to the figure live (the wasm fetched
// from loopback, compiled, started, the view adopted, the key answered);
// medians of BITVIEW_MEASURE_N loads (5 by default). It is a
// measurement: run it with BITVIEW_MEASURE=1.
func TestMeasureReader(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run it with BITVIEW_MEASURE=1")
	}
	needsSite(t)
	loads := 5
	if n, err := fmt.Sscan(os.Getenv("BITVIEW_MEASURE_N"), &loads); n != 1 || err != nil || loads < 1 {
		loads = 5
	}
	url, asked, _ := readerSite(t)
	for _, e := range browsers.Engines {
		t.Run(string(e), func(t *testing.T) {
			needEngine(t, e)
			for _, p := range []struct {
				path string
				n    int
			}{{"/one/", 1}, {"/twenty/", 20}} {
				var lives []float64
				var files []string
				var sum int
				for range loads {
					ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
					b, err := browsers.Launch(ctx, e, browsers.Options{})
					if err != nil {
						cancel()
						t.Fatal(err)
					}
					tab, err := b.NewTab(ctx)
					if err != nil {
						b.Close()
						cancel()
						t.Fatal(err)
					}
					var live float64
					files, sum, live = readerLoad(t, ctx, tab, url+p.path, asked, p.n)
					lives = append(lives, live)
					b.Close()
					cancel()
				}
				t.Logf("%s, %d figures, %d cold loads: before any interaction %d of Bitview's files, %d bytes as brotli; first key to a live figure median %.0f ms (min %.0f, max %.0f)",
					e, p.n, loads, len(files), sum, pct(lives, 50), slices.Min(lives), slices.Max(lives))
			}
		})
	}
}
