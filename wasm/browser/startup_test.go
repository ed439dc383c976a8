//go:build !(js && wasm)

package browser

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	brotlienc "github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// startProbe runs before any script of a start-up page. It records, as
// ms since navigation start, the first frame whose #board holds 64
// squares and the 32 pieces of the start position (board), and the first
// input handled (interactive): from the first board on, every 5 ms it
// writes 1.e4's FEN into #fen and fires an input event, as typing does,
// until e4 holds a white pawn. A time is that of the animation frame (the
// board) or of the check (the input) that first saw it, so both are late
// by at most a frame or 5 ms, alike for every page.
const startProbe = `(() => {
  const m = window.__measure = {};
  const e4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
  const moved = () => document.querySelector('#board [data-square="e4"][data-piece="P"]') !== null;
  const frame = () => {
    if (m.board === undefined && document.querySelectorAll('#board [data-square]').length === 64 &&
        document.querySelectorAll('#board [data-square][data-piece]').length === 32) m.board = performance.now();
    if (m.board === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const poke = setInterval(() => {
    if (m.board === undefined || m.interactive !== undefined) return;
    const fen = document.getElementById('fen');
    if (!fen) return;
    if (!moved()) {
      fen.value = e4;
      fen.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (moved()) { m.interactive = performance.now(); clearInterval(poke); }
  }, 5);
})()`

// startWait resolves, once the page is interactive, to a startTimes.
const startWait = `new Promise((resolve) => {
  const check = () => {
    if (window.__measure.interactive === undefined) { setTimeout(check, 20); return; }
    const wasm = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'));
    const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? 0;
    resolve({ board: __measure.board, interactive: __measure.interactive,
      bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce((n, e) => n + e.transferSize, 0),
      wasmStart: wasm.reduce((t, e) => Math.max(t, e.startTime), 0), wasmEnd: wasm.reduce((t, e) => Math.max(t, e.responseEnd), 0),
      compiled: mark('bitview-compiled'), run: mark('bitview-run'), main: mark('bitview-main'), drawn: mark('bitview-drawn') });
  };
  check();
})`

// startTimes are what startWait measures of one load, in ms from
// navigation start: the first board, the first input handled, the bytes
// transferred, when the wasm's request started and its last byte arrived
// (0 for a page without one), and Bitview's start-up marks (0 for a page
// without them): the wasm compiled (web/bitview.js), instantiated and
// about to run, Go's inits done and main started (wasm/main.go), and the
// page drawn from its state (wasm/page.go).
type startTimes struct {
	Board       float64 `json:"board"`
	Interactive float64 `json:"interactive"`
	Bytes       float64 `json:"bytes"`
	WasmStart   float64 `json:"wasmStart"`
	WasmEnd     float64 `json:"wasmEnd"`
	Compiled    float64 `json:"compiled"`
	Run         float64 `json:"run"`
	Main        float64 `json:"main"`
	Drawn       float64 `json:"drawn"`
}

// TestMeasureStartup measures, in one run, the time from navigation start
// to the first board and to the first input handled, for two baselines
// (a plain-JS page and a Go wasm page that only draw a board and redraw it
// from the FEN field), Bitview's page as `make serve` serves it (web/,
// brotli -q 9) and as dist/ is served (brotli -q 11), each on loopback and
// at 10 Mbit/s with 40 ms latency. Loads go round-robin over the variants
// and both networks, each in a fresh browser context, so that a change of
// the machine's load hits every variant alike; medians and ratios against
// the empty Go wasm page come from this one run. It is a measurement, not
// a check of speed: it asserts only that each page drew its board and
// handled the input. Run it with `make measure`.
func TestMeasureStartup(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	dist := distDir(t)
	browser := measureBrowser(t)
	base := serveDir(t, baselines(t))
	distURL := serveDir(t, dist)
	variants := []struct{ name, url string }{
		{"plain JS", base + "/js.html"},
		{"empty Go wasm", base + "/go.html"},
		{"make serve", siteURL + "/"},
		{"dist", distURL + "/"},
	}
	if before := measureBefore(t); before != "" {
		variants = append(variants, struct{ name, url string }{"dist before", serveDir(t, before) + "/"})
	}
	type series struct{ board, interactive, bytes, wasm, wasmStart, compiled, run, main, drawn []float64 }
	got := map[string]*series{}
	loads := measureLoads()
	// One untimed load first: the browser's own first-use costs are not the page's.
	coldRun[startTimes](t, browser, measureNets[0], variants[0].url, startProbe, startWait)
	for range loads {
		for _, net := range measureNets {
			for _, v := range variants {
				r := coldRun[startTimes](t, browser, net, v.url, startProbe, startWait)
				if r.Board <= 0 || r.Interactive < r.Board {
					t.Fatalf("%s (%s): %+v", v.name, net.name, r)
				}
				k := v.name + " " + net.name
				if got[k] == nil {
					got[k] = &series{}
				}
				s := got[k]
				s.board, s.interactive, s.bytes, s.wasm = append(s.board, r.Board), append(s.interactive, r.Interactive), append(s.bytes, r.Bytes), append(s.wasm, r.WasmEnd)
				s.wasmStart, s.compiled, s.run, s.main, s.drawn = append(s.wasmStart, r.WasmStart), append(s.compiled, r.Compiled),
					append(s.run, r.Run), append(s.main, r.Main), append(s.drawn, r.Drawn)
			}
		}
	}
	var b strings.Builder
	for _, net := range measureNets {
		goBoard := median(got["empty Go wasm "+net.name].board)
		fmt.Fprintf(&b, "\nstart-up, %s: ms from navigation start, median (min–max) of %d cold loads, ratio to the empty Go wasm page's first board\n", net.name, loads)
		fmt.Fprintf(&b, "  %-14s %20s %6s %20s %6s %12s %10s\n", "page", "first board", "ratio", "interactive", "ratio", "bytes", "wasm done")
		for _, v := range variants {
			k := v.name + " " + net.name
			s := got[k]
			record("first board "+k, median(s.board))
			record("interactive "+k, median(s.interactive))
			fmt.Fprintf(&b, "  %-14s %20s %5.2f× %20s %5.2f× %12.0f %10.1f\n", v.name, summary(s.board), median(s.board)/goBoard,
				summary(s.interactive), median(s.interactive)/goBoard, median(s.bytes), median(s.wasm))
		}
		fmt.Fprintf(&b, "  (wasm done: when the last byte of the page's .wasm arrived, the floor of its interactive time)\n")
		fmt.Fprintf(&b, "  where Bitview's time goes, ms from navigation start, median: the wasm requested, downloaded, compiled (bitview.js), instantiated,\n")
		fmt.Fprintf(&b, "  Go's runtime and inits done (main), the page drawn from its state (hydrated), and the first input handled\n")
		fmt.Fprintf(&b, "  %-14s %9s %9s %9s %9s %9s %9s %11s\n", "page", "requested", "download", "compiled", "instanced", "main", "hydrated", "interactive")
		for _, v := range variants[2:] {
			s := got[v.name+" "+net.name]
			fmt.Fprintf(&b, "  %-14s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %11.1f\n", v.name, median(s.wasmStart), median(s.wasm), median(s.compiled),
				median(s.run), median(s.main), median(s.drawn), median(s.interactive))
		}
	}
	t.Log(b.String())
}

// firstBoardWait resolves, once the first board is on screen, to its time.
const firstBoardWait = `new Promise((resolve) => {
  const check = () => window.__measure.board === undefined ? setTimeout(check, 20) : resolve(__measure.board);
  check();
})`

// TestMeasureFirstBoardFloor measures what the first board of dist/'s
// page costs without its scripts: the page as built; the same HTML and
// CSS with every script, module preload and the wasm's preload taken out
// (the least the prerendered page can do); and that again cut after the
// board (the header, FEN field and board, without the switches, cards
// and panels below). Against the two baselines, unthrottled, round-robin,
// each load in a fresh browser context, as TestMeasureStartup. It shows
// how much of the first board is the page's own HTML and CSS rather than
// Bitview's scripts or wasm. Run it with `make measure`.
func TestMeasureFirstBoardFloor(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	dist := filepath.Join(repo, "dist")
	page, err := os.ReadFile(filepath.Join(dist, "index.html"))
	if err != nil {
		t.Fatal("dist/ is missing: run `make dist`")
	}
	var noScripts []string
	for _, line := range strings.Split(string(page), "\n") {
		if !strings.Contains(line, "<script") && !strings.Contains(line, `rel="modulepreload"`) && !strings.Contains(line, `rel="preload"`) {
			noScripts = append(noScripts, line)
		}
	}
	htmlCSS := strings.Join(noScripts, "\n")
	board := strings.Index(htmlCSS, `id="board"`)
	below := strings.Index(htmlCSS[max(board, 0):], "<details")
	if board < 0 || below < 0 {
		t.Fatal(`dist/index.html has no id="board" followed by a <details>`)
	}
	boardOnly := htmlCSS[:board+below] + "</main></div></body></html>\n"
	site := func(html string) string {
		dir := filepath.Join(t.TempDir(), "site")
		if err := os.CopyFS(dir, os.DirFS(dist)); err != nil {
			t.Fatal(err)
		}
		for _, ext := range []string{"", ".br", ".gz"} {
			os.Remove(filepath.Join(dir, "index.html"+ext))
		}
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
		return serveDir(t, dir) + "/"
	}
	browser := measureBrowser(t)
	base := serveDir(t, baselines(t))
	variants := []struct{ name, url string }{
		{"plain JS", base + "/js.html"},
		{"empty Go wasm", base + "/go.html"},
		{"dist", site(string(page))},
		{"dist, HTML+CSS", site(htmlCSS)},
		{"dist, to board", site(boardOnly)},
	}
	got := map[string][]float64{}
	coldRun[float64](t, browser, measureNets[0], variants[0].url, startProbe, firstBoardWait) // untimed, as in TestMeasureStartup
	loads := measureLoads()
	for range loads {
		for _, v := range variants {
			got[v.name] = append(got[v.name], coldRun[float64](t, browser, measureNets[0], v.url, startProbe, firstBoardWait))
		}
	}
	goBoard := median(got["empty Go wasm"])
	var b strings.Builder
	fmt.Fprintf(&b, "\nfirst board, unthrottled: ms from navigation start, median (min–max) of %d cold loads, ratio to the empty Go wasm page\n", loads)
	for _, v := range variants {
		fmt.Fprintf(&b, "  %-16s %20s %5.2f×\n", v.name, summary(got[v.name]), median(got[v.name])/goBoard)
	}
	b.WriteString("  (HTML+CSS: dist's page without any script or preload; to board: that, cut before the first <details> after the board)\n")
	t.Log(b.String())
}

// baselines writes the two baseline pages into a temporary folder and
// builds the Go program of the second. Both draw the start position as 64
// squares with Unicode pieces in #board and redraw it from the FEN field
// on every input event: the least a board page does, in plain JS and in Go
// wasm (syscall/js only), loaded as Bitview loads (wasm_exec.js, then a
// module that instantiates streaming from a brotli-compressed file).
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

var glyphs = map[byte]string{'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟"}

func main() {
	doc := js.Global().Get("document")
	board := doc.Call("getElementById", "board")
	squares := make([]js.Value, 64) // a8 first, rank by rank
	for i := range squares {
		d := doc.Call("createElement", "div")
		d.Set("className", "l")
		if (i/8+i)%2 == 1 {
			d.Set("className", "d")
		}
		d.Call("setAttribute", "data-square", string(rune('a'+i%8))+string(rune('8'-i/8)))
		board.Call("append", d)
		squares[i] = d
	}
	place(squares, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
	fen := doc.Call("getElementById", "fen")
	fen.Call("addEventListener", "input", js.FuncOf(func(js.Value, []js.Value) any {
		place(squares, fen.Get("value").String())
		return nil
	}))
	select {}
}

// place shows the placement field of a FEN, up to the first character it does not know.
func place(squares []js.Value, fen string) {
	i := 0
	for _, c := range []byte(fen) {
		switch g, ok := glyphs[c]; {
		case c == '/':
		case c >= '1' && c <= '8':
			for n := int(c - '0'); n > 0 && i < 64; n-- {
				squares[i].Call("removeAttribute", "data-piece")
				squares[i].Set("textContent", "")
				i++
			}
		case ok && i < 64:
			squares[i].Call("setAttribute", "data-piece", string(c))
			squares[i].Set("textContent", g)
			i++
		default:
			return
		}
	}
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
	write(filepath.Join(dir, "wasm_exec.js.br"), string(brotli(t, execJS)))
	const head = `<!doctype html><meta charset="utf-8"><title>%s</title>
<style>#board{display:grid;grid-template-columns:repeat(8,48px)}#board div{height:48px;font-size:36px;text-align:center}.l{background:#eed9b6}.d{background:#b58863}</style>
<input id="fen" type="text" size="60"><div id="board"></div>
`
	write(filepath.Join(dir, "go.html"), fmt.Sprintf(head, "empty Go wasm")+`<script src="wasm_exec.js"></script><script type="module" src="go.js"></script>`)
	write(filepath.Join(dir, "go.js"), `const go = new Go();
const { instance } = await WebAssembly.instantiateStreaming(fetch('empty.wasm'), go.importObject);
go.run(instance);
`)
	write(filepath.Join(dir, "js.html"), fmt.Sprintf(head, "plain JS")+`<script type="module" src="js.js"></script>`)
	write(filepath.Join(dir, "js.js"), `const glyphs = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const board = document.getElementById('board');
const squares = [];
for (let i = 0; i < 64; i++) {
  const d = document.createElement('div');
  d.className = ((i >> 3) + i) % 2 ? 'd' : 'l';
  d.dataset.square = 'abcdefgh'[i & 7] + (8 - (i >> 3));
  board.append(d);
  squares.push(d);
}
// place shows the placement field of a FEN, up to the first character it does not know.
const place = (fen) => {
  let i = 0;
  for (const c of fen) {
    if (c === '/') continue;
    if (c >= '1' && c <= '8') {
      for (let n = +c; n > 0 && i < 64; n--, i++) { delete squares[i].dataset.piece; squares[i].textContent = ''; }
    } else if (glyphs[c] && i < 64) {
      squares[i].dataset.piece = c; squares[i].textContent = glyphs[c]; i++;
    } else return;
  }
};
place('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
const fen = document.getElementById('fen');
fen.addEventListener('input', () => place(fen.value));
`)
	return dir
}

// brotli compresses b at quality 11 with the pure-Go encoder that
// wasm/webbuild uses (github.com/andybalholm/brotli), so make measure
// needs no brotli command.
func brotli(t *testing.T, b []byte) []byte {
	var out bytes.Buffer
	w := brotlienc.NewWriterLevel(&out, 11)
	if _, err := w.Write(b); err != nil {
		t.Fatalf("brotli: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("brotli: %v", err)
	}
	return out.Bytes()
}

// elementsProbe runs before any script of an elements page. It records,
// as ms since navigation start, the first animation frame in which every
// element named by tag on the page has a board (a shadow root with 64
// [data-square] squares or more).
const elementsProbe = `(() => {
  const m = window.__measure = {};
  let i = 0;
  const frame = () => {
    const els = document.querySelectorAll(TAG);
    if (document.readyState !== 'loading') {
      while (i < els.length && els[i].shadowRoot && els[i].shadowRoot.querySelectorAll('[data-square]').length >= 64) i++;
      if (i === els.length && i > 0) { m.drawn = performance.now(); return; }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`

// elementsWait resolves, once every element drew, to [time, elements,
// elements whose board holds 64 squares and 32 pieces].
const elementsWait = `new Promise((resolve) => {
  const check = () => {
    if (window.__measure.drawn === undefined) { setTimeout(check, 20); return; }
    const els = [...document.querySelectorAll(TAG)];
    resolve([__measure.drawn, els.length, els.filter((e) => e.shadowRoot.querySelectorAll(SQUARE).length === 64 &&
      e.shadowRoot.querySelectorAll(PIECE).length === 32).length]);
  };
  check();
})`

// elementKinds are the two elements compared: Bitview's, from dist/, and
// the chessboard-element npm package (lit), each showing the start
// position 200 px wide.
var elementKinds = []struct {
	name, tag, square, piece, script, markup string
}{
	{"bitboard-view", "bitboard-view", ".board [data-square]", ".board [data-square][data-piece]", "bitview-element.js",
		`<bitboard-view size="200px"></bitboard-view>`},
	{"chessboard-element", "chess-board", "[data-square]", "[part~=piece]", "chessboard-element.bundled.js",
		`<chess-board position="start" style="width:200px"></chess-board>`},
}

// TestMeasureElements measures, in one run, the time from navigation
// start until N = 1, 10, 50 and 200 boards have drawn, for <bitboard-view>
// served from a copy of dist/ and for the chessboard-element npm package
// (installed with npm into a temporary folder; left out, saying why, when
// npm cannot fetch it), round-robin over every page, each load in a fresh
// browser context. It asserts that every element drew the start position.
// Run it with `make measure`.
func TestMeasureElements(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	dist := distDir(t)
	dir := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(dir, os.DirFS(dist)); err != nil {
		t.Fatal(err)
	}
	kinds := elementKinds[:1]
	if why := installChessboardElement(t, dir); why != "" {
		t.Logf("chessboard-element left out: %s", why)
	} else {
		kinds = elementKinds
	}
	counts := []int{1, 10, 50, 200}
	for _, k := range kinds {
		for _, n := range counts {
			page := fmt.Sprintf(`<!doctype html><meta charset="utf-8"><title>%d %s</title>
<style>body{display:flex;flex-wrap:wrap;gap:8px;margin:8px}</style>
<script type="module" src="%s"></script>
%s
`, n, k.name, k.script, strings.Repeat(k.markup+"\n", n))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.html", k.tag, n)), []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	browser := measureBrowser(t)
	site := serveDir(t, dir)
	loads := measureLoads()
	got := map[string][]float64{}
	coldRun[[]float64](t, browser, measureNets[0], site+"/bitboard-view-1.html", // untimed, as in TestMeasureStartup
		strings.ReplaceAll(elementsProbe, "TAG", "'bitboard-view'"), `new Promise((r) => setTimeout(() => r([]), 100))`)
	for range loads {
		for _, n := range counts {
			for _, k := range kinds {
				js := strings.NewReplacer("TAG", "'"+k.tag+"'", "SQUARE", "'"+k.square+"'", "PIECE", "'"+k.piece+"'")
				r := coldRun[[]float64](t, browser, measureNets[0], fmt.Sprintf("%s/%s-%d.html", site, k.tag, n),
					js.Replace(elementsProbe), js.Replace(elementsWait))
				if len(r) != 3 || int(r[1]) != n || int(r[2]) != n {
					t.Fatalf("%d %s: [ms, elements, boards with the start position] = %v", n, k.name, r)
				}
				key := fmt.Sprintf("%s %d", k.name, n)
				got[key] = append(got[key], r[0])
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nelements: ms from navigation start until N boards drew, median (min–max) of %d cold loads, unthrottled\n", loads)
	fmt.Fprintf(&b, "  %5s", "N")
	for _, k := range kinds {
		fmt.Fprintf(&b, " %24s", k.name)
	}
	fmt.Fprintf(&b, " %8s\n", "ratio")
	for _, n := range counts {
		fmt.Fprintf(&b, "  %5d", n)
		for _, k := range kinds {
			key := fmt.Sprintf("%s %d", k.name, n)
			record("elements "+key, median(got[key]))
			fmt.Fprintf(&b, " %24s", summary(got[key]))
		}
		if len(kinds) == 2 {
			fmt.Fprintf(&b, " %7.2f×", median(got[fmt.Sprintf("bitboard-view %d", n)])/median(got[fmt.Sprintf("chessboard-element %d", n)]))
		}
		b.WriteString("\n")
	}
	t.Log(b.String())
	if len(kinds) == 2 {
		shootElements(t, browser, site)
	}
}

// installChessboardElement installs chessboard-element with npm into a
// temporary folder and copies its one-file bundle (lit included) into
// dir. It returns why it could not, or "".
func installChessboardElement(t *testing.T, dir string) string {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "npm is not installed"
	}
	tmp := t.TempDir()
	cmd := exec.Command(npm, "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", tmp, "chessboard-element@1.2.0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Sprintf("npm install chessboard-element@1.2.0: %v: %s", err, bytes.TrimSpace(out))
	}
	bundle, err := os.ReadFile(filepath.Join(tmp, "node_modules", "chessboard-element", "bundled", "chessboard-element.bundled.js"))
	if err != nil {
		return err.Error()
	}
	if err := os.WriteFile(filepath.Join(dir, "chessboard-element.bundled.js"), bundle, 0o644); err != nil {
		return err.Error()
	}
	return ""
}

// shootElements saves a screenshot of 10 of each element, to look at
// what was measured.
func shootElements(t *testing.T, browser context.Context, site string) {
	ctx, cancel := chromedp.NewContext(browser)
	defer cancel()
	for _, k := range elementKinds {
		if err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%s/%s-10.html", site, k.tag)), chromedp.Sleep(1500*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "measure-elements-"+k.tag)
	}
}

// TestMeasureTargets prints the targets with this run's figures
// and whether each is met. It comes last in the last file of the
// measuring tests, so go test runs it after them (tests run in the order
// of their files' names and of their place in each file).
func TestMeasureTargets(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	t.Log("\n" + targetTable())
}

// traceEvent is one event of a Chromium trace (the Trace Event Format):
// its name, phase (X: complete, with a duration; R, I, n: marks), time
// and duration in µs, thread, and arguments.
type traceEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat"`
	Ph   string         `json:"ph"`
	Ts   float64        `json:"ts"`
	Dur  float64        `json:"dur"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Args map[string]any `json:"args"`
}

// startPhases are the phases of Bitview's start-up that TestMeasureStartupTrace
// splits the main thread's time into, each ending at a mark (the wasm's
// last byte is the end of its resource timing, read from the page).
var startPhases = []struct{ name, end string }{
	{"to the wasm's last byte", "wasm-end"},
	{"to compiled", "bitview-compiled"},
	{"to Go's main", "bitview-main"},
	{"to hydrated", "bitview-drawn"},
	{"to interactive", "interactive"},
}

// TestMeasureStartupTrace records a Chromium trace (CDP Tracing) of cold
// loads of dist/'s page, unthrottled, and sums the time of the renderer's
// main thread in each phase of start-up by the kind of work (the trace
// events directly under each task: HTML parsing, script evaluation and
// calls into the wasm, style, layout, paint, garbage collection, the
// wasm's streaming compile…), median over the loads. It shows where the
// page's time to interactive goes beside the download: what the main
// thread is busy with while the wasm arrives and after. Run it with
// `make measure`.
func TestMeasureStartupTrace(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	dist := distDir(t)
	browser := measureBrowser(t)
	url := serveDir(t, dist) + "/"
	coldRun[startTimes](t, browser, measureNets[0], url, startProbe, startWait) // untimed, as in TestMeasureStartup
	loads := measureLoads()
	got := map[string][]float64{} // phase + "\x00" + kind → ms in each load
	ends := map[string][]float64{}
	for range loads {
		events, times := tracedRun(t, browser, url)
		phases, kinds := mainThreadPhases(events, times)
		for i, p := range startPhases {
			ends[p.name] = append(ends[p.name], phases[i])
			for k, ms := range kinds[i] {
				got[p.name+"\x00"+k] = append(got[p.name+"\x00"+k], ms)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nstart-up trace of dist/, unthrottled, %d cold loads: the renderer's main thread, ms busy in each phase by kind of work (median; the five largest)\n", loads)
	for _, p := range startPhases {
		type kv struct {
			k string
			v float64
		}
		var kinds []kv
		busy := 0.0
		for key, xs := range got {
			if phase, kind, _ := strings.Cut(key, "\x00"); phase == p.name {
				for len(xs) < loads {
					xs = append(xs, 0) // a load without that kind of work in this phase
				}
				kinds = append(kinds, kv{kind, median(xs)})
				busy += median(xs)
			}
		}
		slices.SortFunc(kinds, func(a, b kv) int { return cmp.Compare(b.v, a.v) })
		fmt.Fprintf(&b, "  %-24s ends at %6.1f ms, main thread busy ≈ %5.1f ms:", p.name, median(ends[p.name]), busy)
		for _, x := range kinds[:min(5, len(kinds))] {
			fmt.Fprintf(&b, " %s %.1f;", x.k, x.v)
		}
		b.WriteString("\n")
	}
	t.Log(b.String())
}

// tracedRun loads url in a fresh browser context of browser with a trace
// running, until the page is interactive, and returns the trace's events
// and the page's start-up times.
func tracedRun(t *testing.T, browser context.Context, url string) ([]traceEvent, startTimes) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // the tab, for Listen
		t.Fatal(err)
	}
	traced := listenTrace(t, ctx)
	start := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: startProbe}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline",
				"v8", "v8.wasm", "blink.user_timing", "loading", "__metadata"}}})
		return err
	})
	if err := chromedp.Do(ctx, start, chromedp.Navigate(url)); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	tctx, stop := context.WithTimeout(ctx, 60*time.Second)
	defer stop()
	times, err := chromedp.Run(tctx, chromedp.Evaluate[startTimes](startWait, chromedp.EvalAwaitPromise, chromedp.EvalAsValue))
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	return traced(), times
}

// listenTrace collects the events of a Chromium trace of the tab ctx
// (started with tracing.Start in ReportEvents mode, ended with
// tracing.End); the function it returns waits up to 30 s for the trace
// to complete and returns its events.
func listenTrace(t *testing.T, ctx context.Context) func() []traceEvent {
	var (
		mu     sync.Mutex
		raw    []jsonv2.Value
		finish = make(chan struct{})
	)
	chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			raw = append(raw, ev.Value...)
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(finish)
		}
	})
	return func() []traceEvent {
		t.Helper()
		select {
		case <-finish:
		case <-time.After(30 * time.Second):
			t.Fatal("the trace did not complete within 30 s")
		}
		mu.Lock()
		defer mu.Unlock()
		events := make([]traceEvent, 0, len(raw))
		for _, v := range raw {
			var e traceEvent
			if err := json.Unmarshal(v, &e); err == nil {
				events = append(events, e)
			}
		}
		return events
	}
}

// mainThreadPhases splits the trace's main-thread time into startPhases:
// each phase's end (ms from navigation start) and, per phase, the ms of
// each kind of work (the complete events directly under a task, and a
// task's time outside them as "script and wasm": JS and Go running in a
// promise's continuation have no event of their own in these categories),
// each event cut at the phases' edges. Tasks inside tasks count once.
func mainThreadPhases(events []traceEvent, times startTimes) ([]float64, []map[string]float64) {
	main := map[[2]int]bool{} // the renderer main threads: pid, tid
	nav := 0.0
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args["name"] == "CrRendererMain" {
			main[[2]int{e.Pid, e.Tid}] = true
		}
	}
	// The page's main thread is the one with Bitview's marks, and the zero
	// of the page's clock (navigation start) is where the mark
	// bitview-compiled falls in the trace less its time on the page's clock.
	var mainThread [2]int
	for _, e := range events {
		if e.Name == "bitview-compiled" && main[[2]int{e.Pid, e.Tid}] {
			mainThread = [2]int{e.Pid, e.Tid}
			nav = e.Ts - times.Compiled*1000
		}
	}
	mark := map[string]float64{"wasm-end": times.WasmEnd, "bitview-compiled": times.Compiled, "bitview-main": times.Main,
		"bitview-drawn": times.Drawn, "interactive": times.Interactive}
	ends := make([]float64, len(startPhases))
	kinds := make([]map[string]float64, len(startPhases))
	for i, p := range startPhases {
		ends[i] = mark[p.end]
		kinds[i] = map[string]float64{}
	}
	// add counts [from, to) ms of work of kind k into the phases it spans.
	add := func(k string, from, to float64) {
		lo := 0.0
		for i, end := range ends {
			a, b := max(from, lo), min(to, end)
			if b > a {
				kinds[i][k] += b - a
			}
			lo = end
		}
	}
	var tasks, work []traceEvent
	for _, e := range events {
		if e.Ph != "X" || [2]int{e.Pid, e.Tid} != mainThread {
			continue
		}
		if e.Name == "RunTask" || e.Name == "ThreadControllerImpl::RunTask" {
			tasks = append(tasks, e)
		} else {
			work = append(work, e)
		}
	}
	byStart := func(a, b traceEvent) int { return cmp.Or(cmp.Compare(a.Ts, b.Ts), cmp.Compare(b.Dur, a.Dur)) }
	slices.SortFunc(work, byStart)
	slices.SortFunc(tasks, byStart)
	taskEnd := 0.0
	for _, task := range tasks {
		if task.Ts < taskEnd { // a task run inside another (a nested run loop): counted with it
			continue
		}
		taskEnd = task.Ts + task.Dur
		// The task's own time, between the outermost events inside it: JS
		// and Go running, which these categories give no event of their own.
		ms := func(ts float64) float64 { return (ts - nav) / 1000 }
		end := task.Ts
		for _, e := range work {
			if e.Ts < task.Ts || e.Ts+e.Dur > task.Ts+task.Dur || e.Ts < end {
				continue
			}
			add("script and wasm", ms(end), ms(e.Ts))
			add(e.Name, ms(e.Ts), ms(e.Ts+e.Dur))
			end = e.Ts + e.Dur
		}
		add("script and wasm", ms(end), ms(task.Ts+task.Dur))
	}
	return ends, kinds
}
