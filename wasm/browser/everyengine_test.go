//go:build !(js && wasm)

package browser

// What an author embeds, in Chromium, Firefox and WebKit (issue 37): the
// element on tutorial.html, live; embed.html; toSVG() and toPNG(); a
// prerendered page (tutorial.html, the bitview command's output) with
// JavaScript off; the main page's first interaction; its one download of
// the wasm and its <noscript> line. Three elements on a second origin in
// a sub-folder, the Markdown loader and embed.html's height listener
// there are in embed_origin_test.go. Each test runs in the three engines
// (inEngines, engines_test.go); screenshots are NAME-ENGINE.png.

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bitview/bitview/wasm/browser/browsers"
	bvfigure "github.com/bitview/bitview/wasm/figure"
)

func TestTutorial(t *testing.T) {
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/tutorial.html")
		if n := waitViewsIn(t, tab); n < 8 {
			t.Fatalf("tutorial has %d views, want at least 8 (seven figures, one a pair)", n)
		}
		// The representations figure: every section, inside its element.
		if n := evalIn[int](t, tab, `document.querySelector('#reprs bitboard-view').shadowRoot.querySelectorAll('section[data-repr]').length`); n < 10 {
			t.Errorf("the representations figure has %d sections", n)
		}
		// It links repr.css, loaded; a figure without representations does not.
		waitIn(t, tab, `[...document.querySelector('#reprs bitboard-view').shadowRoot.querySelectorAll('link')].some((l) => l.href.endsWith('/repr.css') && l.sheet)`)
		if got := evalIn[string](t, tab, `[...document.querySelectorAll('bitboard-view')].map((e) => e.closest('#reprs') ? 'repr:' + [...e.shadowRoot.querySelectorAll('link')].filter((l) => l.href.endsWith('/repr.css') && l.sheet).length : [...e.shadowRoot.querySelectorAll('link')].filter((l) => l.href.endsWith('/repr.css')).length).join(' ')`); !strings.HasPrefix(got, "0") || !strings.Contains(got, "repr:1") || strings.Count(got, "1") != 1 {
			t.Errorf("repr.css links per figure (the representations figure's loaded): %s", got)
		}
		cards := 0
		for _, v := range readViewsIn(t, tab) {
			checkView(t, v)
			cards += len(v.Cards)
		}
		if cards < 20 {
			t.Errorf("only %d cards on the tutorial", cards)
		}
		// Every figure shows its own markup below it.
		if n := evalIn[[2]int](t, tab, `[[...document.querySelectorAll('figure.example')].filter((f) => f.querySelector('pre.markup code')?.textContent.startsWith('<bitboard-view')).length, document.querySelectorAll('figure.example').length]`); n[0] != n[1] {
			t.Errorf("%d of %d figures show their markup", n[0], n[1])
		}
		// A reader who only reads downloads no wasm: every figure is
		// prerendered. A figure that changes fetches it, once for all.
		const wasmFetches = `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/bitview.wasm')).length`
		if n := evalIn[int](t, tab, wasmFetches); n != 0 {
			t.Errorf("bitview.wasm fetched %d times before any figure changed, want none", n)
		}
		// Issue 23: the tutorial at most half as tall as it was (16,938 px at
		// 1280, 25,777 at 360), every figure in it.
		for _, tc := range []struct{ w, was int }{{1280, 16938}, {360, 25777}} {
			resize(t, tab, tc.w, 900)
			if sw := evalIn[float64](t, tab, `document.documentElement.scrollWidth`); sw > float64(tc.w)+1 {
				t.Errorf("at %d px the tutorial is %.0f px wide", tc.w, sw)
			}
			// Issue 44: no snippet (a figure's markup, the script tag)
			// scrolls sideways; each is whole in its box.
			if wide := evalIn[[]string](t, tab, `[...document.querySelectorAll('pre.markup, pre.setup')].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.scrollWidth + ' px in ' + p.clientWidth + ': ' + p.textContent.slice(0, 40))`); len(wide) > 0 {
				t.Errorf("at %d px, %d snippets scroll sideways: %q", tc.w, len(wide), wide)
			}
			h := evalIn[float64](t, tab, `document.documentElement.scrollHeight`)
			t.Logf("at %d px the tutorial is %.0f px tall (was %d)", tc.w, h, tc.was)
			if h > float64(tc.was)/2 {
				t.Errorf("at %d px the tutorial is %.0f px tall, more than half of %d", tc.w, h, tc.was)
			}
			for _, id := range []string{"pushes", "pair"} {
				evalIn[bool](t, tab, `(document.getElementById('`+id+`').scrollIntoView(), true)`)
				shoot(t, tab, "tutorial-"+id+"-"+strconv.Itoa(tc.w))
			}
		}
		evalIn[bool](t, tab, `(() => { const vs = document.querySelectorAll('bitboard-view'); vs[2].setAttribute('layout', 'berf'); vs[3].setAttribute('layout', 'berf'); return true; })()`)
		waitIn(t, tab, `[...document.querySelectorAll('bitboard-view')].slice(2, 4).every((v) => v.shadowRoot.querySelector('.card[data-layout="berf"]'))`)
		if n := evalIn[int](t, tab, wasmFetches); n != 1 {
			t.Errorf("bitview.wasm fetched %d times once two figures changed, want once", n)
		}
		noErrors(t, tab)
	})
}

func TestElementLive(t *testing.T) {
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/tutorial.html")
		waitViewsIn(t, tab)
		before := readViewsIn(t, tab)
		// Changing one element's attributes redraws that element only.
		// (A prerendered element starts Bitview as it changes: the change shows once it has.)
		evalIn[bool](t, tab, `(() => { const v = document.querySelectorAll('bitboard-view')[2]; v.setAttribute('fen', '`+kiwipeteFEN+`'); v.setAttribute('layout', 'berf'); v.setAttribute('show', 'P,occupied'); return true; })()`)
		waitIn(t, tab, `document.querySelectorAll('bitboard-view')[2].shadowRoot.querySelectorAll('.card[data-layout="berf"]').length === 2`)
		after := readViewsIn(t, tab)
		if after[2].Layout != "berf" || len(after[2].Cards) != 2 || after[2].Cards[0].Key != "P" {
			t.Fatalf("element 2 after the change: %+v", after[2])
		}
		checkView(t, after[2])
		for i := range before {
			if i != 2 && !sameCards(before[i], after[i]) {
				t.Errorf("element %d changed too", i)
			}
		}
		// A broken fen shows an error inside that element only; the rest stay right.
		evalIn[bool](t, tab, `(() => { document.querySelectorAll('bitboard-view')[2].setAttribute('fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'); return true; })()`)
		if f := evalIn[string](t, tab, `document.querySelectorAll('bitboard-view')[2].shadowRoot.querySelector('[data-error-field]')?.dataset.errorField ?? ''`); f != "2" {
			t.Errorf("broken fen: error field %q, want 2", f)
		}
		if s := evalIn[map[string]any](t, tab, `document.querySelectorAll('bitboard-view')[2].status`); s["ok"] != false {
			t.Errorf("status after a broken fen: %v", s)
		}
		for i, v := range readViewsIn(t, tab) {
			if i != 2 {
				checkView(t, v)
			}
		}
		if n := evalIn[int](t, tab, `document.querySelectorAll('.error').length`); n != 0 {
			t.Error("an error leaked into the host page")
		}
		// Unknown layout and names: readable errors, nothing thrown.
		evalIn[bool](t, tab, `(() => { const v = document.querySelectorAll('bitboard-view')[3]; v.setAttribute('layout', 'nope'); v.setAttribute('show', 'P,zzz'); return true; })()`)
		waitIn(t, tab, `document.querySelectorAll('bitboard-view')[3].shadowRoot.querySelector('.error')`)
		if msg := evalIn[string](t, tab, `document.querySelectorAll('bitboard-view')[3].shadowRoot.querySelector('.error')?.textContent ?? ''`); !strings.Contains(msg, `unknown layout "nope"`) {
			t.Errorf("unknown layout error: %q", msg)
		}
		evalIn[bool](t, tab, `(document.querySelectorAll('bitboard-view')[2].scrollIntoView(), true)`)
		shoot(t, tab, "tutorial-errors")
	})
}

func TestEmbedIframeView(t *testing.T) {
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		fen := strings.ReplaceAll(kiwipeteFEN, " ", "%20")
		visit(t, tab, siteURL+"/embed.html?fen="+fen+"&layout=0x88&show=P,n&board=0")
		waitViewsIn(t, tab)
		vs := readViewsIn(t, tab)
		if len(vs) != 1 || vs[0].Board != 0 || len(vs[0].Cards) != 2 || vs[0].Layout != "0x88" || vs[0].Cards[1].Key != "n" {
			t.Fatalf("embed.html shows %+v", vs)
		}
		checkView(t, vs[0])
		shoot(t, tab, "embed-iframe")
		noErrors(t, tab)
	})
}

func TestExportFigures(t *testing.T) {
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/embed.html?show=P,occupied&labels=1")
		waitViewsIn(t, tab)
		got := evalIn[map[string]any](t, tab, `(async () => {
			const v = document.querySelector('bitboard-view');
			const svg = await v.toSVG();
			const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
			const root = doc.documentElement;
			const png = await v.toPNG(2);
			const bmp = await createImageBitmap(png);
			return { parseError: doc.querySelector('parsererror') !== null, tag: root.tagName,
				width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')),
				squares: doc.querySelectorAll('.board [data-square]').length, e2: doc.querySelector('.grid[data-bitboard="P"] [data-square="e2"]')?.getAttribute('data-bit'),
				texts: doc.querySelectorAll('text').length, images: doc.querySelectorAll('image').length,
				pngType: png.type, pngW: bmp.width, pngH: bmp.height };
		})()`)
		if got["parseError"] != false || got["tag"] != "svg" || got["squares"] != 64.0 || got["e2"] != "1" || got["texts"].(float64) < 100 || got["images"] != 32.0 {
			t.Errorf("SVG export: %v", got)
		}
		if got["pngType"] != "image/png" || got["pngW"] != 2*got["width"].(float64) || got["pngH"] != 2*got["height"].(float64) {
			t.Errorf("PNG export %v×%v, want 2× the SVG's %v×%v", got["pngW"], got["pngH"], got["width"], got["height"])
		}
	})
}

var (
	bitviewOnce sync.Once
	bitviewBin  string
	bitviewErr  error
)

// bitviewCommand returns the bitview command (wasm/cmd/bitview), built
// once for the run.
func bitviewCommand(t testing.TB) string {
	t.Helper()
	bitviewOnce.Do(func() {
		bitviewBin = filepath.Join(buildDir, "bitview")
		build := exec.Command("go", "build", "-o", bitviewBin, "./wasm/cmd/bitview")
		build.Dir = repo
		if out, err := build.CombinedOutput(); err != nil {
			bitviewErr = fmt.Errorf("building wasm/cmd/bitview: %v\n%s", err, out)
		}
	})
	if bitviewErr != nil {
		t.Fatal(bitviewErr)
	}
	return bitviewBin
}

// commandFigure runs the bitview command with the options o as its flags
// and -o FILE, and returns the file it wrote (ext: "svg" or "png").
func commandFigure(t testing.TB, o bvfigure.Options, ext string) []byte {
	t.Helper()
	var args []string
	for _, name := range bvfigure.Names {
		if v, ok := o[name]; ok {
			if v == "" { // an attribute without a value: a boolean flag
				args = append(args, "-"+name)
			} else {
				args = append(args, "-"+name+"="+v)
			}
		}
	}
	file := filepath.Join(t.TempDir(), "figure."+ext)
	cmd := exec.Command(bitviewCommand(t), append(args, "-o", file)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bitview %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFigureSVGMatchesElement: the bitview command's SVG (-o FILE.svg) is
// each engine's toSVG() byte for byte, so the three engines' are one
// another's: with the default theme and the real pieces, for boards,
// grids of every kind of layout, arrows, marks, labels and orientation.
// Its PNG (-o FILE.png) is toPNG(2)'s size with the same content, within
// the difference the fonts and the rasterisers make.
func TestFigureSVGMatchesElement(t *testing.T) {
	needsSite(t)
	var page strings.Builder
	page.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>figures</title>` + readyLog +
		`<script type="module" src="bitview-element.js"></script></head><body>`)
	for i, o := range figureCases {
		fmt.Fprintf(&page, `<bitboard-view id="f%d"%s></bitboard-view>`, i, attrs(o))
	}
	page.WriteString(`</body></html>`)
	url := figureSite(t, map[string]string{"figures.html": page.String()})
	svgs := make([]string, len(figureCases))
	for i, o := range figureCases {
		svgs[i] = string(commandFigure(t, o, "svg"))
		if f, err := bvfigure.Resolve(o); err != nil || f.SVG() != svgs[i] {
			t.Fatalf("figure %d (%v): the command's SVG is not figure's (%v)", i, o, err)
		}
	}
	pngs := map[int][]byte{}
	for _, i := range []int{1, 2, 4} {
		pngs[i] = commandFigure(t, figureCases[i], "png")
	}
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, url+"/figures.html")
		waitIn(t, tab, nearUntil(fmt.Sprintf(`window.readyCount >= %d`, len(figureCases))))
		got := evalIn[[]string](t, tab, `Promise.all([...document.querySelectorAll('bitboard-view')].map((v) => v.toSVG()))`)
		for i, o := range figureCases {
			if svgs[i] != got[i] {
				j := 0
				for j < min(len(svgs[i]), len(got[i])) && svgs[i][j] == got[i][j] {
					j++
				}
				t.Errorf("figure %d (%v): the command's SVG (%d bytes) differs from toSVG() (%d bytes) at byte %d:\ncommand: …%.160s\nelement: …%.160s",
					i, o, len(svgs[i]), len(got[i]), j, svgs[i][max(j-40, 0):], got[i][max(j-40, 0):])
			}
		}
		for _, i := range []int{1, 2, 4} {
			b64 := evalIn[string](t, tab, fmt.Sprintf(`document.getElementById('f%d').toPNG(2).then((b) => b.arrayBuffer()).then((a) => {
				let s = ''; for (const c of new Uint8Array(a)) s += String.fromCharCode(c); return btoa(s); })`, i))
			raw, _ := base64.StdEncoding.DecodeString(b64)
			browser, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("toPNG: %v", err)
			}
			native, err := png.Decode(bytes.NewReader(pngs[i]))
			if err != nil {
				t.Fatalf("the command's PNG: %v", err)
			}
			if browser.Bounds() != native.Bounds() {
				t.Errorf("figure %d: the command's PNG is %v, toPNG(2) %v", i, native.Bounds().Size(), browser.Bounds().Size())
				continue
			}
			// The pieces' black outlines: as many in both (a PNG drawn
			// before the SVG's piece images had loaded has none).
			if b, n := darkPixels(browser), darkPixels(native); b*5 < n*4 || b*4 > n*5 {
				t.Errorf("figure %d: toPNG(2) has %d near-black pixels, the command's PNG %d: pieces missing or extra", i, b, n)
			}
			mean, far := pngDiff(browser, native)
			t.Logf("figure %d, %v px: mean difference %.2f (of 255) per channel; %.2f%% of pixels differ by more than 64 in a channel",
				i, native.Bounds().Size(), mean, 100*far)
			// Text is drawn with the fonts each engine picks for the
			// theme's font stacks: WebKit's for the text-only 0x88 figure
			// differed by 6.4 on average, 4.2 % of pixels far off.
			if mean > 8 || far > 0.06 {
				t.Errorf("figure %d: the command's PNG differs from toPNG(2) too much: mean %.2f, %.2f%% of pixels far off", i, mean, 100*far)
			}
			saveScreenshot(t, fmt.Sprintf("figure-%d-%s", i, tab.Engine()), raw)
			if tab.Engine() == browsers.Chromium {
				saveScreenshot(t, fmt.Sprintf("figure-%d-native", i), pngs[i])
			}
		}
	})
}

// darkPixels counts the opaque pixels of img darker than 40 in each
// channel.
func darkPixels(img image.Image) int {
	n := 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			if cr>>8 < 40 && cg>>8 < 40 && cb>>8 < 40 && ca>>8 > 200 {
				n++
			}
		}
	}
	return n
}

// TestTutorialNoScript: tutorial.html as make wasm writes it (the bitview
// command's prerender of wasm/webpages/tutorial.html) with JavaScript
// off shows every figure: each element's view in its declarative shadow
// root, styled by view.css, in the column at 1280 and 360 px, its fallback <img> not
// shown.
func TestTutorialNoScript(t *testing.T) {
	needsSite(t)
	builtTutorial(t)
	inEnginesNoScript(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/tutorial.html")
		type look struct {
			W, H, Img             float64
			Squares, Cells, Shown int
			Styled                string
		}
		for _, w := range []int{1280, 360} {
			resize(t, tab, w, 900)
			looks := evalIn[[]look](t, tab, `[...document.querySelectorAll('bitboard-view')].map((v) => { const r = v.getBoundingClientRect(), root = v.shadowRoot;
				const grid = root?.querySelector('.board, .bits');
				return { w: r.width, h: r.height, styled: grid ? getComputedStyle(grid).display : '',
					squares: root?.querySelectorAll('.board [data-square]').length ?? 0, cells: root?.querySelectorAll('.cell').length ?? 0,
					shown: root ? [...root.querySelectorAll('.board [data-square], .cell')].filter((e) => e.getBoundingClientRect().width > 4).length : 0,
					img: v.querySelector(':scope > img[data-bitview-figure]')?.getBoundingClientRect().height ?? -1 }; })`)
			if len(looks) < 8 {
				t.Fatalf("%d figures on tutorial.html, want at least 8", len(looks))
			}
			for i, l := range looks {
				if l.W < 200 || l.W > float64(w) || l.H < 100 || l.Styled != "grid" || l.Squares+l.Cells == 0 || l.Shown != l.Squares+l.Cells || l.Img != 0 {
					t.Errorf("figure %d with JavaScript off at %d px: %+v; want its view in its shadow root, styled (view.css: its board or grid a CSS grid), every square and cell shown, in the column, its <img> not shown", i+1, w, l)
				}
			}
			evalIn[bool](t, tab, `(document.getElementById('pushes').scrollIntoView(), true)`)
			shoot(t, tab, "tutorial-noscript-"+strconv.Itoa(w))
		}
	})
}

// TestPageFirstInteraction: the main page's first steps, as a person
// takes them: type a FEN (Kiwipete), and the board and the cards change;
// switch the white knights on, and their card shows them.
func TestPageFirstInteraction(t *testing.T) {
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/")
		waitIn(t, tab, `document.documentElement.dataset.ready === '1'`)
		if err := tab.Type(tabContext(t), "#fen", kiwipeteFEN); err != nil {
			t.Fatal(err)
		}
		waitIn(t, tab, `document.querySelector('#board [data-square="e5"]')?.dataset.piece === 'N'`)
		got := evalIn[map[string]string](t, tab, `Object.fromEntries([...document.querySelectorAll('#board [data-square][data-piece]')].map(e => [e.dataset.square, e.dataset.piece]))`)
		for sq, pc := range map[string]string{"e5": "N", "f3": "Q", "a6": "b", "h3": "p", "e7": "q", "e1": "K"} {
			if got[sq] != pc {
				t.Errorf("after typing Kiwipete, %s holds %q, want %q", sq, got[sq], pc)
			}
		}
		if hex := evalIn[string](t, tab, `document.querySelector('[data-bitboard="P"] [data-format="hex"]').textContent`); hex != "0x000000081000e700" {
			t.Errorf("WhitePawns hex = %q, want 0x000000081000e700", hex)
		}
		if set := evalIn[[]string](t, tab, `[...document.querySelectorAll('[data-bitboard="P"] [data-bit="1"]')].map(e => e.dataset.square).sort()`); strings.Join(set, " ") != "a2 b2 c2 d5 e4 f2 g2 h2" {
			t.Errorf("WhitePawns cells set: %v", set)
		}
		if err := tab.Click(tabContext(t), `button[data-toggle="N"]`); err != nil {
			t.Fatal(err)
		}
		waitIn(t, tab, `document.querySelector('#cards [data-bitboard="N"]')`)
		if p := evalIn[string](t, tab, `document.querySelector('button[data-toggle="N"]').getAttribute('aria-pressed')`); p != "true" {
			t.Errorf("the N switch's aria-pressed is %q after a click", p)
		}
		if set := evalIn[[]string](t, tab, `[...document.querySelectorAll('#cards [data-bitboard="N"] [data-bit="1"]')].map(e => e.dataset.square).sort()`); strings.Join(set, " ") != "c3 e5" {
			t.Errorf("the white knights' cells set: %v, want c3 e5", set)
		}
		if q := evalIn[string](t, tab, `location.search`); !strings.Contains(q, "fen=r3k2r%2Fp1ppqpb1") {
			t.Errorf("URL not updated: %s", q)
		}
		shoot(t, tab, "page-kiwipete-knights")
		noErrors(t, tab)
	})
}

// TestPageNoticeEveryEngine: a notice (a position without a black king,
// as the editor makes one on the way to placing it) shows its line in
// every engine, in the FEN's row between the field and the examples, and
// covers no square of the board, not the FEN field and no example.
func TestPageNoticeEveryEngine(t *testing.T) {
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/?fen=8/8/8/8/8/8/8/4K3%20w%20-%20-%200%201")
		waitIn(t, tab, `document.documentElement.dataset.ready === '1' && document.querySelector('.notices').getBoundingClientRect().height > 0`)
		got := evalIn[map[string]any](t, tab, `(() => { const n = document.querySelector('.notices').getBoundingClientRect();
			const over = (e) => { const r = e.getBoundingClientRect(); return r.left < n.right - 0.5 && n.left < r.right - 0.5 && r.top < n.bottom - 0.5 && n.top < r.bottom - 0.5; };
			return { covers: [...document.querySelectorAll('#board [data-square], #fen, #examples button')].filter(over).map((e) => e.dataset.square ?? (e.id || e.textContent)).join(' '),
				text: document.querySelector('.notices').textContent }; })()`)
		if got["covers"] != "" || !strings.Contains(got["text"].(string), "king") {
			t.Errorf("the notice %q covers %q (want it shown, over nothing of the board or the FEN)", got["text"], got["covers"])
		}
		shoot(t, tab, "page-notice")
		noErrors(t, tab)
	})
}

// TestPageNoScript: index.html with JavaScript off shows the prerendered
// board and cards and a <noscript> line saying what works without
// JavaScript, and no "Loading Bitview…" that never ends.
func TestPageNoScript(t *testing.T) {
	inEnginesNoScript(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/")
		got := evalIn[map[string]any](t, tab, `(() => { const shown = (e) => !!e && e.getBoundingClientRect().height > 0 && getComputedStyle(e).visibility !== 'hidden';
			const note = document.querySelector('.noscript');
			return { squares: document.querySelectorAll('#board [data-square]').length, pieces: document.querySelectorAll('#board [data-piece]').length,
				cards: document.querySelectorAll('#cards [data-bitboard]').length, loading: shown(document.getElementById('loading')),
				note: shown(note) ? note.textContent.replace(/\s+/g, ' ').trim() : '', tutorial: !!note?.querySelector('a[href="tutorial.html"]') }; })()`)
		if got["squares"] != 64.0 || got["pieces"] != 32.0 || got["cards"] != 2.0 {
			t.Errorf("with JavaScript off the page shows %v squares, %v pieces, %v cards; want the prerendered start position, 64, 32 and 2", got["squares"], got["pieces"], got["cards"])
		}
		if got["loading"] != false {
			t.Error(`with JavaScript off "Loading Bitview…" is shown, and never ends`)
		}
		if note := got["note"].(string); !strings.Contains(note, "JavaScript") || got["tutorial"] != true {
			t.Errorf("with JavaScript off the <noscript> line reads %q (a link to the tutorial: %v); want what works without JavaScript", note, got["tutorial"])
		}
		shoot(t, tab, "page-noscript")
	})
}

// TestPageWasmOnce: index.html downloads bitview.wasm once in each
// engine, counted on the wire (browsers.Record) from a first visit (a new
// origin, so no cache) until Go has drawn the page and the offline
// cache's worker (web/sw.js) has activated. The worker's own requests
// (fetch with cache 'no-cache', sent with Cache-Control: max-age=0) are
// counted apart: Chromium and Firefox answer them from their HTTP cache
// after a 304; WebKit's automation session downloads again.
func TestPageWasmOnce(t *testing.T) {
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		rec, err := browsers.Record(siteURL)
		if err != nil {
			t.Fatal(err)
		}
		defer rec.Close()
		visit(t, tab, rec.URL()+"/")
		waitIn(t, tab, `document.documentElement.dataset.ready === '1'`)
		// The worker registers after the load event and fills its cache
		// with the page's files, the wasm among them.
		waitIn(t, tab, `navigator.serviceWorker.ready.then((r) => !!r.active)`)
		waitIn(t, tab, `caches.match(new URL('bitview.wasm', location.href).href, { ignoreVary: true }).then((r) => !!r)`)
		var page, worker []string
		downloads := 0
		for _, r := range rec.Requests() {
			if !strings.HasPrefix(r.Path, "/bitview.wasm") {
				continue
			}
			what := fmt.Sprintf("%s %d, %d B", r.Method, r.Status, r.Bytes)
			if r.Header.Get("Cache-Control") == "max-age=0" {
				worker = append(worker, what)
				continue
			}
			page = append(page, what)
			if r.Method == "GET" && r.Status == 200 {
				downloads++
			}
		}
		t.Logf("%s: the page requested bitview.wasm %d times %v; the offline cache's worker %d times %v", tab.Engine(), len(page), page, len(worker), worker)
		if downloads != 1 {
			t.Errorf("%s downloaded bitview.wasm %d times for the page (%v), want once", tab.Engine(), downloads, page)
		}
	})
}
