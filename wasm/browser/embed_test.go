//go:build !(js && wasm)

package browser

// Browser tests of <bitboard-view> on tutorial.html and of embed.html.

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/chromedp/chromedp"
)

// expressions are the tutorial's expressions with their values worked out
// by hand (LERF bitboards).
var expressions = map[string]core.Bitboard{
	// After 1.e4 e5 the pawns on a2–d2 and f2–h2 can step to rank 3; e4 is blocked by e5.
	"(whitePawns << 8) & ~allOccupied": core.Rank3BB &^ core.E3.Bitboard(),
	// A knight on h1 attacks f2 and g3.
	"knightAttacks(h1)": core.F2.Bitboard() | core.G3.Bitboard(),
}

// waitViews waits until every <bitboard-view> on the page has drawn (a
// prerendered one holds its view before: its status says when Bitview
// has taken it over).
func waitViews(t *testing.T, ctx context.Context) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(async () => {
		await customElements.whenDefined('bitboard-view');
		const views = [...document.querySelectorAll('bitboard-view')];
		await Promise.all(views.map((v) => v.status.ok || v.status.error ? 0 :
			new Promise((r) => v.addEventListener('bitview-ready', r, { once: true }))));
		return views.length;
	})()`, chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// viewState is what a test reads of one element: its attributes and, per
// card, its cells.
type viewState struct {
	FEN, Layout, Show string
	Board             int
	Error             string
	Cards             []struct {
		Key   string
		Cells [][3]string // square ("" off-board), index, bit
	}
}

// readViews returns the state of every <bitboard-view> on the page.
func readViews(t *testing.T, ctx context.Context) []viewState {
	t.Helper()
	raw := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll('bitboard-view')].map((v) => ({
		FEN: v.getAttribute('fen') ?? '', Layout: v.getAttribute('layout') ?? '', Show: v.getAttribute('show') ?? '',
		Board: v.shadowRoot.querySelectorAll('.board [data-square]').length,
		Error: [...v.shadowRoot.querySelectorAll('.error')].map((e) => e.textContent).join(' '),
		Cards: [...v.shadowRoot.querySelectorAll('section.card[data-bitboard]')].map((c) => ({ Key: c.dataset.bitboard,
			Cells: [...c.querySelectorAll('.cell')].map((e) => [e.dataset.square ?? '', e.dataset.index, e.dataset.bit]) })),
	})))`)
	var vs []viewState
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

// checkView compares one element's cells with core: each square's index
// in the layout and its bit.
func checkView(t *testing.T, v viewState) {
	t.Helper()
	fen := v.FEN
	if fen == "" {
		fen = core.StartFEN
	}
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatalf("element fen %q: %v", fen, err)
	}
	id := v.Layout
	if id == "" {
		id = "lerf"
	}
	l, _ := core.LayoutByID(id)
	if v.Error != "" {
		t.Errorf("element %q shows an error: %s", v.Show, v.Error)
	}
	for _, c := range v.Cards {
		want, ok := expressions[c.Key]
		if n, named := core.LookupBitboard(c.Key); named {
			want, ok = n.Of(&p), true
		}
		if !ok {
			t.Errorf("card %q: no expected value", c.Key)
			continue
		}
		if len(c.Cells) != l.Slots {
			t.Errorf("card %q in %s: %d cells, want %d", c.Key, id, len(c.Cells), l.Slots)
		}
		for _, cell := range c.Cells {
			if cell[0] == "" {
				if cell[2] != "0" {
					t.Errorf("card %q: off-board slot %s is set", c.Key, cell[1])
				}
				continue
			}
			sq, _ := core.ParseSquare(cell[0])
			bit := "0"
			if want.Has(sq) {
				bit = "1"
			}
			if cell[1] != strconv.Itoa(l.Index(sq)) || cell[2] != bit {
				t.Errorf("card %q in %s: %s has index %s bit %s, want %d and %s", c.Key, id, cell[0], cell[1], cell[2], l.Index(sq), bit)
			}
		}
	}
}

func TestTutorial(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/tutorial.html")); err != nil {
		t.Fatal(err)
	}
	if n := waitViews(t, ctx); n < 8 {
		t.Fatalf("tutorial has %d views, want at least 8 (seven figures, one a pair)", n)
	}
	// The representations figure: every section, inside its element.
	if n := eval[int](t, ctx, `document.querySelector('#reprs bitboard-view').shadowRoot.querySelectorAll('section[data-repr]').length`); n < 10 {
		t.Errorf("the representations figure has %d sections", n)
	}
	// It links repr.css, loaded; a figure without representations does not.
	if got := eval[string](t, ctx, `[...document.querySelectorAll('bitboard-view')].map((e) => e.closest('#reprs') ? 'repr:' + [...e.shadowRoot.querySelectorAll('link')].filter((l) => l.href.endsWith('/repr.css') && l.sheet).length : [...e.shadowRoot.querySelectorAll('link')].filter((l) => l.href.endsWith('/repr.css')).length).join(' ')`); !strings.HasPrefix(got, "0") || !strings.Contains(got, "repr:1") || strings.Count(got, "1") != 1 {
		t.Errorf("repr.css links per figure (the representations figure's loaded): %s", got)
	}
	views := readViews(t, ctx)
	cards := 0
	for _, v := range views {
		checkView(t, v)
		cards += len(v.Cards)
	}
	if cards < 20 {
		t.Errorf("only %d cards on the tutorial", cards)
	}
	// Every figure shows its own markup below it.
	if n := eval[int](t, ctx, `[...document.querySelectorAll('figure.example')].filter((f) => f.querySelector('pre.markup code')?.textContent.startsWith('<bitboard-view')).length`); n != eval[int](t, ctx, `document.querySelectorAll('figure.example').length`) {
		t.Errorf("%d figures show their markup", n)
	}
	// One wasm for all the elements.
	if n := eval[int](t, ctx, `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/bitview.wasm')).length`); n != 1 {
		t.Errorf("bitview.wasm fetched %d times, want once", n)
	}
	// Issue 23: the tutorial at most half as tall as it was (16,938 px at
	// 1280, 25,777 at 360), every figure in it.
	for _, tc := range []struct{ w, was int64 }{{1280, 16938}, {360, 25777}} {
		w := tc.w
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
		if sw := eval[float64](t, ctx, `document.documentElement.scrollWidth`); sw > float64(w)+1 {
			t.Errorf("at %d px the tutorial is %.0f px wide", w, sw)
		}
		h := eval[float64](t, ctx, `document.documentElement.scrollHeight`)
		t.Logf("at %d px the tutorial is %.0f px tall (was %d)", w, h, tc.was)
		if h > float64(tc.was)/2 {
			t.Errorf("at %d px the tutorial is %.0f px tall, more than half of %d", w, h, tc.was)
		}
		screenshot(t, ctx, "tutorial-"+strconv.Itoa(int(w)))
		for _, id := range []string{"pushes", "pair"} {
			png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#"+id)))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(repo, "out", "screenshots", "tutorial-"+id+"-"+strconv.Itoa(int(w))+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

func TestElementLive(t *testing.T) {
	ctx, url := site(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/tutorial.html")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	before := readViews(t, ctx)
	// Changing one element's attributes redraws that element only.
	eval[bool](t, ctx, `(() => { const v = document.querySelectorAll('bitboard-view')[2]; v.setAttribute('fen', '`+kiwipeteFEN+`'); v.setAttribute('layout', 'berf'); v.setAttribute('show', 'P,occupied'); return true; })()`)
	after := readViews(t, ctx)
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
	eval[bool](t, ctx, `(() => { document.querySelectorAll('bitboard-view')[2].setAttribute('fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'); return true; })()`)
	errField := eval[string](t, ctx, `document.querySelectorAll('bitboard-view')[2].shadowRoot.querySelector('[data-error-field]')?.dataset.errorField ?? ''`)
	if errField != "2" {
		t.Errorf("broken fen: error field %q, want 2", errField)
	}
	if s := eval[map[string]any](t, ctx, `document.querySelectorAll('bitboard-view')[2].status`); s["ok"] != false {
		t.Errorf("status after a broken fen: %v", s)
	}
	others := readViews(t, ctx)
	for i := range others {
		if i != 2 {
			checkView(t, others[i])
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.error').length`); n != 0 {
		t.Error("an error leaked into the host page")
	}
	// Unknown layout and names: readable errors, nothing thrown.
	eval[bool](t, ctx, `(() => { const v = document.querySelectorAll('bitboard-view')[3]; v.setAttribute('layout', 'nope'); v.setAttribute('show', 'P,zzz'); return true; })()`)
	msg := eval[string](t, ctx, `document.querySelectorAll('bitboard-view')[3].shadowRoot.querySelector('.error')?.textContent ?? ''`)
	if !strings.Contains(msg, `unknown layout "nope"`) {
		t.Errorf("unknown layout error: %q", msg)
	}
	screenshot(t, ctx, "tutorial-errors")
}

// sameCards reports whether two reads of an element show the same cells.
func sameCards(a, b viewState) bool {
	x, _ := json.Marshal(a.Cards)
	y, _ := json.Marshal(b.Cards)
	return string(x) == string(y)
}

func TestEmbedIframeView(t *testing.T) {
	ctx, url := site(t)
	fen := strings.ReplaceAll(kiwipeteFEN, " ", "%20")
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/embed.html?fen="+fen+"&layout=0x88&show=P,n&board=0")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	vs := readViews(t, ctx)
	if len(vs) != 1 || vs[0].Board != 0 || len(vs[0].Cards) != 2 || vs[0].Layout != "0x88" || vs[0].Cards[1].Key != "n" {
		t.Fatalf("embed.html shows %+v", vs)
	}
	checkView(t, vs[0])
	screenshot(t, ctx, "embed-iframe")
}

func TestExportFigures(t *testing.T) {
	ctx, url := site(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/embed.html?show=P,occupied&labels=1")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`(async () => {
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
	})()`, chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if got["parseError"] != false || got["tag"] != "svg" || got["squares"] != 64.0 || got["e2"] != "1" || got["texts"].(float64) < 100 || got["images"] != 32.0 {
		t.Errorf("SVG export: %v", got)
	}
	if got["pngType"] != "image/png" || got["pngW"] != 2*got["width"].(float64) || got["pngH"] != 2*got["height"].(float64) {
		t.Errorf("PNG export %v×%v, want 2× the SVG's %v×%v", got["pngW"], got["pngH"], got["width"], got["height"])
	}
}
