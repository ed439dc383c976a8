//go:build !(js && wasm)

package browser

// Browser tests of embedding from another origin: an author's page at
// /posts/2026/bitboards/ on a second server (another port is another
// origin) that loads <bitboard-view>, bitview-markdown.js and embed.html
// from the Bitview site, once from serve.go's handler and once from a
// plain static file server that sends CORS headers (as a CDN does)
// serving a dist-like copy of web/: the article and the Markdown page in
// Chromium, Firefox and WebKit (engines_test.go), the rest in Chromium. The Bitview site is the real serve.go
// (see TestMain), whose headers let other origins embed it.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bitview/bitview/wasm/browser/browsers"
	"github.com/chromedp/chromedp"
)

// distFiles are the files a package or CDN copy of Bitview holds (the
// package's "files"), copied from web/ for the static server.
var distFiles = []string{"bitview-load.js", "bitview-frame.js", "bitview.js", "bitview", "bitview-element.js", "bitview-markdown.js", "bitview-options.js", "bitview.wasm", "wasm_exec.js",
	"view.css", "repr.css", "embed.html", "embed.css", "embed.js", "pieces"}

// moduleFile returns the file of web/ an author's site serves at
// /assets/NAME, when NAME is one of the modules a bundler or a copy of
// the element's module takes along: bitview-element.js, bitview.js with
// its modules (bitview/*.js), bitview-options.js and bitview-load.js
// (which bitview/diagnose.js imports).
func moduleFile(path string) (string, bool) {
	name, ok := strings.CutPrefix(path, "/assets/")
	if ok && (name == "bitview-element.js" || name == "bitview.js" || name == "bitview-options.js" || name == "bitview-load.js" ||
		strings.HasPrefix(name, "bitview/") && strings.HasSuffix(name, ".js") && !strings.Contains(name[len("bitview/"):], "/")) {
		return filepath.Join(repo, "web", filepath.FromSlash(name)), true
	}
	return "", false
}

var (
	originsOnce sync.Once
	bitviewURL  string // serve.go, as TestMain started it
	distURL     string // http.FileServer over a dist-like copy, with CORS
	authorURL   string // the author's site, another origin
	originsErr  error
)

// origins starts the other two servers once and returns the URLs of
// the three: site is serve.go's (see site).
func origins(t *testing.T, site string) (bitview, dist, author string) {
	t.Helper()
	originsOnce.Do(func() {
		bitviewURL = site

		dir, err := os.MkdirTemp(buildDir, "dist-") // removed with the run's builds when the tests end
		if err != nil {
			originsErr = err
			return
		}
		for _, name := range distFiles {
			from, to := filepath.Join(repo, "web", name), filepath.Join(dir, name)
			var err error // the copy's error (a stat error means a file, copied below)
			if info, statErr := os.Stat(from); statErr == nil && info.IsDir() {
				err = os.CopyFS(to, os.DirFS(from))
			} else {
				err = copyFile(from, to)
			}
			if err != nil {
				originsErr = err
				return
			}
		}
		files := http.FileServer(http.Dir(dir))
		distURL = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Access-Control-Allow-Origin", "*")
			files.ServeHTTP(w, r)
		})).URL

		authorURL = httptest.NewServer(http.HandlerFunc(authorSite)).URL
	})
	if originsErr != nil {
		t.Fatal(originsErr)
	}
	return bitviewURL, distURL, authorURL
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// authorSite serves the author's pages. The query's "from" is the origin
// to embed Bitview from; /assets/ holds a copy of the element's modules
// alone (bitview-element.js and the two it imports), as a bundler would
// leave them, for setBaseURL.
func authorSite(w http.ResponseWriter, r *http.Request) {
	from := r.URL.Query().Get("from")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	switch r.URL.Path {
	case "/posts/2026/bitboards/":
		fmt.Fprintf(w, authorPage, from)
	case "/posts/2026/markdown/":
		fmt.Fprintf(w, markdownPage, from)
	case "/posts/2026/broken/":
		fmt.Fprintf(w, brokenPage, from)
	case "/posts/2026/bundled/":
		fmt.Fprintf(w, bundledPage, from)
	default:
		if file, ok := moduleFile(r.URL.Path); ok {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			http.ServeFile(w, r, file)
			return
		}
		http.NotFound(w, r)
	}
}

// eventLog records the elements' events on the window, for the tests.
const eventLog = `<script>
window.events = [];
for (const type of ['bitview-ready', 'bitview-error', 'bitview-square']) {
  document.addEventListener(type, (e) => events.push({ type, id: e.target.id, detail: e.detail }));
}
window.heights = [];
addEventListener('message', (e) => { if (e.data?.type === 'bitview-height') heights.push(e.data.height); });
</script>`

// authorPage is an author's article: the element snippet, a 0x88 figure,
// arrows and marks, a broken FEN and the iframe snippet (with its height
// listener, bitview-frame.js), all from the origin %[1]s.
const authorPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Bitboards, part 2</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:820px;margin:2rem auto;padding:0 1rem;color:#222}
bitboard-view{margin:1rem 0}</style>` + eventLog + `
<script type="module" src="%[1]s/bitview-element.js"></script>
</head><body>
<h1>Bitboards, part 2: numbering the squares</h1>
<p>The start position, with the white pawns.</p>
<bitboard-view id="start" show="P" values="hex"></bitboard-view>
<p>In 0x88 every rank has eight squares off the board.</p>
<bitboard-view id="x88" fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" layout="0x88" show="n" board="false"></bitboard-view>
<p>The centre, with the moves that fight for it.</p>
<bitboard-view id="arrows" arrows="Ge2e4 Rd7d5 Bg1f3" marks="Gd4 Ye5 Rd5 Be4" show="P"></bitboard-view>
<p>A typo in a FEN is explained where it happens.</p>
<bitboard-view id="broken" fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" show="P"></bitboard-view>
<p>And the same figure as an iframe.</p>
<iframe data-bitview src="%[1]s/embed.html?fen=8/8/8/8/4P3/8/8/8%%20w%%20-%%20-%%200%%201&layout=lerf&show=P,empty" width="760" height="500" style="border:0;max-width:100%%" title="Bitview"></iframe>
<script src="%[1]s/bitview-frame.js" async></script>
</body></html>`

// markdownPage is what a Hugo-like generator writes for ```bitboard
// fences: one plain, one inside a highlighter's wrapper, one with a typo,
// and one other language left alone.
const markdownPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Notes</title>` + eventLog + `
<script type="module" src="%[1]s/bitview-markdown.js"></script>
</head><body><article>
<h1>Pawn pushes</h1>
<pre><code class="language-bitboard" data-lang="bitboard">fen: 8/8/8/8/4P3/8/8/8 w - - 0 1
show: P
# the squares one step ahead
expr: (P &lt;&lt; 8) &amp; empty
layout: msb-a8
arrows: Ge4e5
marks: Ye5
</code></pre>
<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-bitboard" data-lang="bitboard"><span class="line"><span class="cl">show: N, knightAttacks(g1)
</span></span><span class="line"><span class="cl">labels: true
</span></span></code></pre></div>
<pre><code class="language-bitboard">show: p
colour: red
</code></pre>
<pre><code class="language-go">bb := pawns &lt;&lt; 8</code></pre>
</article></body></html>`

// brokenPage loads the element with a wasm that is not there.
const brokenPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Broken</title>` + eventLog + `
<script type="module" src="%[1]s/bitview-element.js"></script>
</head><body><bitboard-view id="v" wasm="%[1]s/missing.wasm"></bitboard-view></body></html>`

// bundledPage uses the modules copied to /assets/ without Bitview's other
// files, and points them at the origin %[1]s with setBaseURL.
const bundledPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Bundled</title>` + eventLog + `
<script type="module">
import { setBaseURL } from '/assets/bitview-element.js';
setBaseURL('%[1]s/');
</script>
</head><body><bitboard-view id="v" show="P" marks="Ge4"></bitboard-view></body></html>`

// waitEvents waits until the page has recorded n events of the type.
func waitEvents(t *testing.T, ctx context.Context, typ string, n int) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((resolve) => {
		const check = () => `+nearUntil(fmt.Sprintf(`events.filter((e) => e.type === %q).length >= %d`, typ, n))+` ? resolve(true) : setTimeout(check, 20);
		check();
	})`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("waiting for %d %s events: %v", n, typ, err)
	}
}

// nearUntil returns an expression that is the expression cond, and,
// while cond is false, scrolls the first <bitboard-view> that has not
// drawn into view (a figure that is not prerendered starts when it comes
// near the screen), as a reader scrolling down the page would; once cond
// holds, the page is scrolled back to where it was.
func nearUntil(cond string) string {
	return `(() => { window.__scrolledFrom ??= [scrollX, scrollY]; const ok = (` + cond + `);
		if (ok) { scrollTo(...__scrolledFrom); delete window.__scrolledFrom; }
		else ` + allViewsJS + `().find((v) => !(v.status?.ok || v.status?.error))?.scrollIntoView({ block: 'center' });
		return ok; })()`
}

// pieceImagesJS is the expression whose value is, per element id, how
// many piece images it holds and how many of them loaded (complete with a
// natural width).
const pieceImagesJS = `(async () => {
	const out = {};
	for (const v of document.querySelectorAll('bitboard-view')) {
		const imgs = [...v.shadowRoot.querySelectorAll('.board img')];
		await Promise.all(imgs.map((i) => i.decode().catch(() => {})));
		out[v.id] = [imgs.length, imgs.filter((i) => i.complete && i.naturalWidth > 0).length];
	}
	return out;
})()`

// pieceImages is pieceImagesJS's value.
func pieceImages(t *testing.T, ctx context.Context) map[string][2]int {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string][2]int](pieceImagesJS, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestEmbedOtherOrigin: an author's article in a sub-folder of a second
// origin, with three elements (and a fourth with a broken FEN) and the
// iframe snippet with its height listener, loading Bitview from serve.go
// and from a static server, in Chromium, Firefox and WebKit.
func TestEmbedOtherOrigin(t *testing.T) {
	needsSite(t)
	bitview, dist, author := origins(t, siteURL)
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		for _, from := range []struct{ name, url string }{{"serve.go", bitview}, {"static server", dist}} {
			t.Run(from.name, func(t *testing.T) {
				visit(t, tab, author+"/posts/2026/bitboards/?from="+from.url)
				waitEventsIn(t, tab, "bitview-ready", 4)
				views := readViewsIn(t, tab)
				if len(views) != 4 {
					t.Fatalf("%d views", len(views))
				}
				for _, i := range []int{0, 1, 2} {
					checkView(t, views[i])
				}
				if views[0].Board != 64 || views[2].Board != 64 || views[1].Board != 0 {
					t.Errorf("board squares %d, %d, %d", views[0].Board, views[1].Board, views[2].Board)
				}
				// The 0x88 grid: e4 is 52, the knights' squares set, 128 slots.
				if c := views[1].Cards; len(c) != 1 || len(c[0].Cells) != 128 {
					t.Errorf("0x88 cards %+v", c)
				}
				// Every piece image loads, from the Bitview origin.
				for id, n := range pieceImagesIn(t, tab) {
					want := map[string]int{"start": 32, "x88": 0, "arrows": 32, "broken": 0}[id]
					if n[0] != want || n[1] != want {
						t.Errorf("%s: %d piece images, %d loaded, want %d", id, n[0], n[1], want)
					}
				}
				if src := evalIn[string](t, tab, `document.getElementById('start').shadowRoot.querySelector('.board img').src`); !strings.HasPrefix(src, from.url+"/pieces/chessnut/") {
					t.Errorf("piece image %s, want one from %s", src, from.url)
				}

				// The broken FEN: explained inside its element, in its status and an event.
				broken := evalIn[map[string]any](t, tab, `(() => { const v = document.getElementById('broken');
					const e = v.shadowRoot.querySelector('.error[data-error-field]');
					return { field: e?.dataset.errorField, offset: e?.dataset.errorOffset, text: e?.textContent ?? '', status: v.status,
						event: events.find((x) => x.type === 'bitview-error' && x.id === 'broken')?.detail ?? null }; })()`)
				if broken["field"] != "2" || broken["offset"] != "44" || !strings.Contains(broken["text"].(string), `active color "x" must be 'w' or 'b'`) {
					t.Errorf("broken FEN shows %v", broken)
				}
				if ev, _ := broken["event"].(map[string]any); ev == nil || ev["field"] != 2.0 || ev["offset"] != 44.0 || ev["message"] == "" {
					t.Errorf("bitview-error detail %v", broken["event"])
				}
				if st := broken["status"].(map[string]any); st["ok"] != false || st["error"] == nil {
					t.Errorf("broken status %v", st)
				}

				// Arrows over the board's squares, marks on squares and grid cells.
				ann := evalIn[map[string]any](t, tab, `(() => { const r = document.getElementById('arrows').shadowRoot;
					const box = (e) => { const b = e.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.top), Math.round(b.right), Math.round(b.bottom)]; };
					const svg = r.querySelector('.board svg.arrows');
					const a8 = box(r.querySelector('.board [data-square="a8"]')), h1 = box(r.querySelector('.board [data-square="h1"]'));
					return { arrows: [...r.querySelectorAll('.arrows [data-arrow]')].map((g) => g.dataset.arrow),
						svg: svg ? box(svg) : null, squares: [a8[0], a8[1], h1[2], h1[3]],
						stroke: svg ? getComputedStyle(svg.querySelector('line')).stroke : '',
						d4: r.querySelector('.board [data-square="d4"]').className, d4bg: getComputedStyle(r.querySelector('.board [data-square="d4"]')).backgroundImage,
						cell: (({content, backgroundColor}) => content + ' ' + backgroundColor)(getComputedStyle(r.querySelector('.cell[data-square="d4"]'), '::before')) }; })()`)
				if fmt.Sprint(ann["arrows"]) != "[Ge2e4 Rd7d5 Bg1f3]" || fmt.Sprint(ann["svg"]) != fmt.Sprint(ann["squares"]) {
					t.Errorf("arrows %v over %v, want 3 over the squares %v", ann["arrows"], ann["svg"], ann["squares"])
				}
				if ann["stroke"] != "rgb(21, 120, 27)" || !strings.Contains(ann["d4"].(string), "mark-green") || !strings.Contains(ann["d4bg"].(string), "gradient") ||
					ann["cell"] != `"" rgb(21, 120, 27)` { // the mark's corner in the grids (not a ring, the hover's look)
					t.Errorf("annotations styled %v", ann)
				}
				svg := evalIn[string](t, tab, `document.getElementById('arrows').toSVG()`)
				if !strings.Contains(svg, `data-arrow="Rd7d5"`) || !strings.Contains(svg, `data-mark="Ye5"`) || strings.Count(svg, "<image") != 32 {
					t.Errorf("exported SVG lacks arrows, marks or pieces")
				}

				// bitview-square: the index in the element's layout.
				evalIn[bool](t, tab, `(() => { document.getElementById('x88').shadowRoot.querySelector('.cell[data-square="e4"]').click(); return true; })()`)
				sq := evalIn[map[string]any](t, tab, `events.filter((e) => e.type === 'bitview-square' && e.id === 'x88').at(-1)?.detail ?? null`)
				if sq == nil || sq["square"] != "e4" || sq["index"] != 52.0 || sq["layout"] != "0x88" || sq["type"] != "click" {
					t.Errorf("bitview-square detail %v, want e4 = 52 in 0x88", sq)
				}

				// The iframe draws and its height follows its content.
				waitIn(t, tab, `heights.length && document.querySelector('iframe').getBoundingClientRect().height === heights.at(-1)`)
				h := evalIn[float64](t, tab, `heights.at(-1)`)
				if h < 400 {
					t.Errorf("iframe height %v, want its content's (a board and two cards)", h)
				}
				const inFrame = `(() => { const r = document.querySelector('bitboard-view')?.shadowRoot;
					const imgs = r ? [...r.querySelectorAll('.board img')] : [];
					return imgs.length && imgs.every((i) => i.complete) && { squares: r.querySelectorAll('.board [data-square]').length,
						loaded: imgs.filter((i) => i.naturalWidth > 0).length, cards: r.querySelectorAll('section.card').length,
						height: Math.ceil(document.documentElement.getBoundingClientRect().height) }; })()`
				if err := browsers.WaitFrame(tabContext(t), tab, "iframe", inFrame); err != nil {
					t.Fatal(err)
				}
				var drawn map[string]any
				if err := tab.EvalFrame(tabContext(t), "iframe", inFrame, &drawn); err != nil || drawn["squares"] != 64.0 || drawn["loaded"] != 1.0 || drawn["cards"] != 2.0 || drawn["height"] != h {
					t.Errorf("inside the iframe: %v (%v), want a board with its pawn, two cards, %v px tall", drawn, err, h)
				}
				name := strings.ReplaceAll(from.name, " ", "-")
				// The top of the author's page as a reader sees it (the README's picture), and the iframe.
				evalIn[bool](t, tab, `(scrollTo(0, 0), true)`)
				shoot(t, tab, "author-page-"+name)
				evalIn[bool](t, tab, `(document.querySelector('iframe').scrollIntoView(), true)`)
				shoot(t, tab, "embed-origin-"+name)
				noErrors(t, tab)
			})
		}
	})
}

// allViewsJS is a function that returns the page's <bitboard-view>
// elements in document order, with those a bitboard block's wrapper shows
// in its shadow root (bitview-markdown.js), at the wrapper's place.
const allViewsJS = `(() => { const out = []; const walk = (root) => { for (const el of root.querySelectorAll('*')) {
	if (el.localName === 'bitboard-view') out.push(el); else if (el.shadowRoot) walk(el.shadowRoot); } }; walk(document); return out; })`

// TestEmbedMarkdownPage: bitview-markdown.js on a generator's page of
// another origin shows each bitboard block as an element, in Chromium,
// Firefox and WebKit: the blocks stay in the page, hidden (a plain one
// with its element after it, one in a highlighter's wrapper with its
// element in the wrapper's shadow root); the other language's block is
// left alone; a block with a key that is no option is left as text, with
// its problem said before it.
func TestEmbedMarkdownPage(t *testing.T) {
	needsSite(t)
	bitview, _, author := origins(t, siteURL)
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, author+"/posts/2026/markdown/?from="+bitview)
		waitEventsIn(t, tab, "bitview-ready", 2)
		got := evalIn[map[string]any](t, tab, `(() => { const vs = `+allViewsJS+`();
			return { attrs: vs.map((v) => ['fen', 'show', 'layout', 'arrows', 'marks', 'labels'].map((a) => v.getAttribute(a) ?? '').join('|')).join('\n'),
				cards: vs.map((v) => [...v.shadowRoot.querySelectorAll('section.card')].map((c) => c.dataset.bitboard + '=' +
					[...c.querySelectorAll('.cell[data-bit="1"]')].map((e) => e.dataset.square).sort().join(' ')).join(',')).join('\n'),
				left: [...document.querySelectorAll('code.language-bitboard')].filter((c) => c.getClientRects().length > 0).length,
				kept: document.querySelectorAll('code.language-bitboard').length, other: document.querySelectorAll('code.language-go')[0].getClientRects().length,
				wrappers: [...document.querySelectorAll('div.highlight')].filter((d) => d.shadowRoot?.querySelector('bitboard-view')).length,
				problems: [...document.querySelectorAll('.bitview-markdown-problems li')].map((l) => l.textContent).join('\n'),
				arrows: vs[0].shadowRoot.querySelectorAll('.arrows [data-arrow]').length,
				source: vs[1].dataset.source, refused: [...document.querySelectorAll('code.language-bitboard')].find((c) => c.getClientRects().length > 0)?.textContent }; })()`)
		want := "8/8/8/8/4P3/8/8/8 w - - 0 1|P, (P << 8) & empty|msb-a8|Ge4e5|Ye5|\n|N, knightAttacks(g1)||||true"
		if got["attrs"] != want {
			t.Errorf("upgraded attributes\n%v\nwant\n%v", got["attrs"], want)
		}
		wantCards := "P=e4,(P << 8) & empty=e5\nN=b1 g1,knightAttacks(g1)=e2 f3 h3"
		if got["cards"] != wantCards {
			t.Errorf("cards\n%v\nwant\n%v", got["cards"], wantCards)
		}
		if got["left"] != 1.0 || got["kept"] != 3.0 || got["other"] != 1.0 || got["wrappers"] != 1.0 || got["arrows"] != 1.0 || got["source"] != "show: N, knightAttacks(g1)\nlabels: true\n" || got["refused"] != "show: p\ncolour: red\n" {
			t.Errorf("after upgrading: %v", got)
		}
		if p := got["problems"].(string); !strings.Contains(p, `bitboard block, line 2: unknown key "colour"`) {
			t.Errorf("problems %q", p)
		}
		shoot(t, tab, "embed-markdown")
	})
}

func TestEmbedStartFailure(t *testing.T) {
	ctx, siteURL := site(t)
	bitview, _, author := origins(t, siteURL)
	if err := chromedp.Do(ctx, chromedp.Navigate(author+"/posts/2026/broken/?from="+bitview)); err != nil {
		t.Fatal(err)
	}
	waitEvents(t, ctx, "bitview-error", 1)
	got := eval[map[string]any](t, ctx, `(() => { const v = document.getElementById('v');
		return { status: v.status, event: events[0].detail, inside: v.shadowRoot.querySelector('[role=alert]')?.textContent ?? '' }; })()`)
	st := got["status"].(map[string]any)
	msg, _ := st["error"].(map[string]any)["message"].(string)
	if st["ok"] != false || !strings.Contains(msg, "missing.wasm: not found (HTTP 404)") {
		t.Errorf("status %v", st)
	}
	if ev := got["event"].(map[string]any); ev["message"] != msg || ev["offset"] != -1.0 || !strings.HasPrefix(got["inside"].(string), msg) {
		t.Errorf("event %v, shown %q, want %q", ev, got["inside"], msg)
	}
}

func TestEmbedSetBaseURL(t *testing.T) {
	ctx, siteURL := site(t)
	_, dist, author := origins(t, siteURL)
	if err := chromedp.Do(ctx, chromedp.Navigate(author+"/posts/2026/bundled/?from="+dist)); err != nil {
		t.Fatal(err)
	}
	waitEvents(t, ctx, "bitview-ready", 1)
	if n := pieceImages(t, ctx)["v"]; n != [2]int{32, 32} {
		t.Errorf("%d piece images, %d loaded, want 32", n[0], n[1])
	}
	css := eval[[]string](t, ctx, `[...document.getElementById('v').shadowRoot.querySelectorAll('link')].map((l) => l.href)`)
	// view.css only: repr.css joins a view that shows the representations.
	if len(css) != 1 || !strings.HasPrefix(css[0], dist+"/view.css") {
		t.Errorf("stylesheets %v, want view.css alone, from %s", css, dist)
	}
	if n := eval[int](t, ctx, `performance.getEntriesByType('resource').filter((e) => e.name === '`+dist+`/bitview.wasm').length`); n != 1 {
		t.Errorf("bitview.wasm fetched %d times from the base", n)
	}
	for _, v := range readViews(t, ctx) {
		checkView(t, v)
	}
}

func TestEmbedExamples(t *testing.T) {
	ctx, siteURL := site(t)
	bitview, _, _ := origins(t, siteURL)
	for _, tc := range []struct {
		page  string
		views int
	}{{"/examples/plain.html", 2}, {"/examples/posts/2026/bitboards/", 2}} {
		t.Run(tc.page, func(t *testing.T) {
			errs := consoleErrors(ctx)
			if err := chromedp.Do(ctx, chromedp.Navigate(bitview+tc.page)); err != nil {
				t.Fatal(err)
			}
			if n := waitViews(t, ctx); n != tc.views {
				t.Fatalf("%d views, want %d", n, tc.views)
			}
			for _, v := range readViews(t, ctx) {
				if v.Error != "" {
					t.Errorf("view %q: %s", v.Show, v.Error)
				}
				if len(v.Cards) == 0 {
					t.Errorf("view %q has no cards", v.Show)
				}
			}
			for id, n := range pieceImages(t, ctx) {
				if n[0] != n[1] {
					t.Errorf("%s: %d of %d piece images loaded", id, n[1], n[0])
				}
			}
			if n := eval[int](t, ctx, `[...document.querySelectorAll('code.language-bitboard')].filter((c) => c.getClientRects().length > 0).length`); n > 0 {
				t.Errorf("%d bitboard blocks were left on show as code", n)
			}
			screenshot(t, ctx, "example-"+strings.Trim(strings.ReplaceAll(tc.page, "/", "-"), "-"))
			if e := errs(); len(e) > 0 {
				t.Errorf("console errors: %q", e)
			}
		})
	}
}
