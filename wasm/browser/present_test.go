//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/model"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// presentShows is what the presentation tests show: one to four cards.
var presentShows = []string{"P", "P,occupied", "P,occupied,white", "P,occupied,white,black"}

// TestPagePresentationFits opens presentation mode on Kiwipete at
// 1920×1080 and 1280×720 with one to four cards in every layout and
// checks that it fits one screen: no scrolling; the board, the switch bar
// and every card with its readouts inside the viewport; the square panel
// shown; every cell's index visible, 10 px or more at 1280×720 and 14 px
// at 1920×1080 (issue 28: the back row reads it); each grid at least 80%
// of its card's height; at 1920×1080 no text under 24 px but the cells'
// indices, and digits of 24 px (16 px for three or four 0x88 or 10x12
// grids); at 1280×720, digits of 13 px or more with four 10x12 cards
// (their 10 px indices take the rest of the cell); no digit overlapping
// its index. The page is loaded once: the cards are added with their
// switches, the window resized and the layout switched in place.
func TestPagePresentationFits(t *testing.T) {
	ctx, url := site(t)
	viewport(t, ctx, 1920, 1080)
	open(t, ctx, url+"/?present=1&fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+")+"&layout="+layoutIDs()[0]+"&show="+presentShows[0])
	for n, show := range presentShows {
		if n > 0 { // the next card's switch, pressed as a presenter does
			showCards(t, ctx, strings.Split(show, ","))
		}
		for _, vp := range []struct{ w, h int }{{1920, 1080}, {1280, 720}} {
			resized(t, ctx, vp.w, vp.h)
			for _, layout := range layoutIDs() {
				name := fmt.Sprintf("%dx%d %s %d cards", vp.w, vp.h, layout, n+1)
				chooseLayout(t, ctx, layout)
				// Point at e4 so that the square panel shows its indices.
				eval[bool](t, ctx, `(() => { document.querySelector('#board [data-square="e4"]').dispatchEvent(new PointerEvent('pointerover', { bubbles: true })); return true; })()`)
				r := eval[presentLayout](t, ctx, presentProbe)
				if r.Scroll {
					t.Errorf("%s: the page scrolls (%v × %v)", name, r.SW, r.SH)
				}
				if r.Outside != "" {
					t.Errorf("%s: outside the viewport: %s", name, r.Outside)
				}
				if !r.Info {
					t.Errorf("%s: the square panel is not shown", name)
				}
				if r.Overlaps > 0 {
					t.Errorf("%s: %v cells where the digit overlaps the index", name, r.Overlaps)
				}
				if minIndex := map[int]float64{1920: 14, 1280: 10}[vp.w]; r.HiddenIndices > 0 || r.MinIndex < minIndex {
					t.Errorf("%s: %d cells hide their index; the smallest index is %.1f px", name, r.HiddenIndices, r.MinIndex)
				}
				if r.GridShare < 0.8 {
					t.Errorf("%s: a grid uses %.0f%% of its card's height, want 80%% or more", name, 100*r.GridShare)
				}
				wide := layout == "0x88" || layout == "10x12"
				switch {
				case vp.w == 1920 && r.Small != "":
					t.Errorf("%s: text under 24 px: %s", name, r.Small)
				case vp.w == 1920 && wide && n >= 2 && r.MinDigit < 16, vp.w == 1920 && !(wide && n >= 2) && r.MinDigit < 23.5:
					t.Errorf("%s: digits of %.1f px", name, r.MinDigit)
				case vp.w == 1280 && layout == "10x12" && n == 3 && r.MinDigit < 13:
					t.Errorf("%s: digits of %.1f px, want 13 or more", name, r.MinDigit)
				}
				t.Logf("%s: digits %.1f px, indices %.1f px, grid %.0f%% of its card", name, r.MinDigit, r.MinIndex, 100*r.GridShare)
				if n == 3 && (layout == "lerf" || layout == "0x88" || layout == "10x12") {
					screenshot(t, ctx, fmt.Sprintf("present-%d-%s-4cards", vp.w, layout))
				}
			}
		}
	}
}

// TestPagePresentationDark takes the presentation screenshots in the dark
// theme, at both projector sizes, with four cards.
func TestPagePresentationDark(t *testing.T) {
	ctx, url := site(t)
	dark := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, dark); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
	viewport(t, ctx, 1920, 1080)
	open(t, ctx, url+"/?present=1&fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+")+"&show="+presentShows[3])
	for _, vp := range []struct{ w, h int }{{1920, 1080}, {1280, 720}} {
		resized(t, ctx, vp.w, vp.h)
		eval[bool](t, ctx, `(() => { document.querySelector('#board [data-square="e4"]').dispatchEvent(new PointerEvent('pointerover', { bubbles: true })); return true; })()`)
		if bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(0, 0, 0)" {
			t.Errorf("dark presentation background %s, want black", bg)
		}
		if r := eval[presentLayout](t, ctx, presentProbe); r.Scroll || r.Outside != "" {
			t.Errorf("dark %dx%d: scroll %v, outside %q", vp.w, vp.h, r.Scroll, r.Outside)
		}
		screenshot(t, ctx, fmt.Sprintf("present-dark-%d-4cards", vp.w))
	}
}

// presentLayout is what presentProbe measures.
type presentLayout struct {
	Scroll                  bool
	SW, SH                  float64
	Outside                 string
	Info                    bool
	Overlaps, HiddenIndices int
	MinDigit, MinIndex      float64
	GridShare               float64 // the smallest grid height ÷ its card's height
	Small                   string  // text under 24 px but the cells' indices
}

// presentProbe measures the presentation layout (see TestPagePresentationFits).
const presentProbe = `(() => {
  const vw = innerWidth, vh = innerHeight, de = document.documentElement;
  const visible = (e) => { const s = getComputedStyle(e); const r = e.getBoundingClientRect(); return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
  const outside = [];
  for (const sel of ['#board', '#square-info', '.switches', '#cards .card', '#cards .card [data-format="hex"]', '#cards .card [data-format="decimal"]', '#fen']) {
    for (const e of document.querySelectorAll(sel)) {
      if (!visible(e)) { if (!sel.includes('data-format')) outside.push(sel + ' hidden'); continue; }
      const r = e.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) outside.push(sel + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
    }
  }
  // A panel whose content is wider than itself spills over its border.
  for (const sel of ['#square-info']) {
    const e = document.querySelector(sel);
    if (e.scrollWidth > e.clientWidth + 1) outside.push(sel + ' overflows ' + e.scrollWidth + ' > ' + e.clientWidth);
  }
  const cx = document.createElement('canvas').getContext('2d');
  const ink = (el, text) => {
    const cs = getComputedStyle(el), r = el.getBoundingClientRect();
    cx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
    const m = cx.measureText(text);
    const base = r.top + (r.height - (m.fontBoundingBoxAscent + m.fontBoundingBoxDescent)) / 2 + m.fontBoundingBoxAscent;
    return { l: r.left, r: r.right, t: base - m.actualBoundingBoxAscent, b: base + m.actualBoundingBoxDescent };
  };
  let overlaps = 0, hidden = 0, minDigit = 1e9, minIndex = 1e9, share = 1;
  for (const c of document.querySelectorAll('#cards .cell')) {
    const b = c.querySelector('b'), s = c.querySelector('small');
    if (!b) continue;
    minDigit = Math.min(minDigit, parseFloat(getComputedStyle(b).fontSize));
    if (!s) continue;
    if (!visible(s)) { hidden++; continue; }
    minIndex = Math.min(minIndex, parseFloat(getComputedStyle(s).fontSize));
    // The ink of each: the text's glyph box (canvas measureText in the
    // element's font) set on the baseline of its line box.
    const gb = ink(b, b.dataset.digit ?? b.textContent), gs = ink(s, s.textContent);
    if (gb.l < gs.r - 0.5 && gs.l < gb.r - 0.5 && gb.t < gs.b - 0.5 && gs.t < gb.b - 0.5) overlaps++;
    // The index's glyphs inside its cell, which clips what overflows it.
    const rc = c.getBoundingClientRect();
    if (gs.t < rc.top - 0.5 || gs.b > rc.bottom + 0.5 || gb.t < rc.top - 0.5) hidden++;
  }
  for (const card of document.querySelectorAll('#cards .card')) {
    if (!visible(card)) continue;
    const g = card.querySelector('.bits').getBoundingClientRect(), r = card.getBoundingClientRect();
    share = Math.min(share, g.height / r.height);
  }
  const small = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!n.textContent.trim() || !p || !visible(p) || p.closest('.cell')) continue;
    const r = p.getBoundingClientRect();
    if (r.bottom < 0 || r.top > vh) continue;
    const fsz = parseFloat(getComputedStyle(p).fontSize);
    if (fsz < 23.5) small.add(p.tagName.toLowerCase() + '.' + p.className + ' ' + fsz.toFixed(1));
  }
  return { Scroll: de.scrollHeight > vh + 1 || de.scrollWidth > vw + 1, SW: de.scrollWidth, SH: de.scrollHeight,
    Outside: outside.slice(0, 4).join('; '), Info: visible(document.getElementById('square-info')),
    Overlaps: overlaps, HiddenIndices: hidden, MinDigit: minDigit, MinIndex: minIndex, GridShare: share, Small: [...small].slice(0, 6).join('; ') };
})()`

// TestPresentationRoom: in presentation mode, at both projector sizes,
// a notice has its own line (over neither the board nor a grid) and is
// dismissed by its ×; a tool opened with its key takes a column beside
// the cards (over none of them); e opens the expression field and types
// into it; the switch bar is reached with Tab and its switches work with
// the keyboard; nothing scrolls.
func TestPresentationRoom(t *testing.T) {
	ctx, url := site(t)
	overlap := `((a, b) => { if (!a || !b) return false; const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
		return r.width > 0 && s.width > 0 && r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1; })`
	for _, vp := range []struct{ w, h int }{{1920, 1080}, {1280, 720}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
			t.Fatal(err)
		}
		// The Article position's en passant square earns a warning.
		open(t, ctx, url+"/?present=1&fen="+strings.ReplaceAll("r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13", " ", "+")+"&show=P,occupied,white,black")
		r := eval[map[string]any](t, ctx, `(() => { const o = `+overlap+`, n = document.getElementById('fen-status');
			return { notice: n.textContent.includes('en passant'), board: o(n, document.getElementById('board')),
				cards: [...document.querySelectorAll('#cards .card')].some((c) => o(n, c)) }; })()`)
		if r["notice"] != true || r["board"] == true || r["cards"] == true {
			t.Errorf("%dx%d: notice shown %v, over the board %v, over a card %v", vp.w, vp.h, r["notice"], r["board"], r["cards"])
		}
		screenshot(t, ctx, fmt.Sprintf("present-%d-notice", vp.w))
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#fen-status .dismiss"))); err != nil {
			t.Fatal(err)
		}
		if left := eval[string](t, ctx, `document.getElementById('fen-status').textContent`); left != "" {
			t.Errorf("%dx%d: the dismissed notice stays: %q", vp.w, vp.h, left)
		}
		// e opens the playground beside the cards; typing draws its card (the
		// white pawns of the position, 0x000000000a21c400, a rank up).
		// (The key is dispatched as an event: CDP's key events type the
		// character into the field the handler has just focused, where a
		// browser, whose keydown was cancelled, types nothing.)
		if !eval[bool](t, ctx, `(() => { const ev = new KeyboardEvent('keydown', { key: 'e', bubbles: true, cancelable: true });
			document.body.dispatchEvent(ev); return ev.defaultPrevented; })()`) {
			t.Errorf("%dx%d: e was not taken as a shortcut", vp.w, vp.h)
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#expr"), "P << 8")); err != nil {
			t.Fatal(err)
		}
		r = eval[map[string]any](t, ctx, `(() => { const o = `+overlap+`, p = document.getElementById('playground'), pr = p.getBoundingClientRect();
			return { shown: !p.hidden && pr.width > 0, focused: document.activeElement?.id === 'expr', inside: pr.right <= innerWidth + 1 && pr.bottom <= innerHeight + 1,
				over: [...document.querySelectorAll('#cards .card'), document.getElementById('board')].some((c) => o(p, c)),
				result: document.querySelector('#expr-result [data-format="hex"]')?.textContent ?? '',
				scroll: document.documentElement.scrollHeight > innerHeight + 1 }; })()`)
		if r["shown"] != true || r["focused"] != true || r["inside"] != true || r["over"] == true || r["result"] != "0x0000000a21c40000" || r["scroll"] == true {
			t.Errorf("%dx%d: the playground in presentation mode: %v", vp.w, vp.h, r)
		}
		screenshot(t, ctx, fmt.Sprintf("present-%d-playground", vp.w))
		// The switch bar from the keyboard: Bitboards… (its button opens the
		// switches while the focus is in them), the n switch, then 2 for 0x88.
		got := eval[map[string]any](t, ctx, `(() => { document.activeElement.blur(); document.querySelector('.switches-open').focus();
			const b = document.querySelector('#toggles [data-toggle="n"]');
			b.focus(); const focused = document.activeElement === b; b.click();
			document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '2', bubbles: true }));
			return { focused, n: !!document.querySelector('#cards [data-bitboard="n"]'), layout: document.querySelector('#cards .card')?.dataset.layout }; })()`)
		if got["focused"] != true || got["n"] != true || got["layout"] != "0x88" {
			t.Errorf("%dx%d: the switch bar from the keyboard: %v", vp.w, vp.h, got)
		}
	}
}

// backRow is what TestPresentationBackRow reads of a presentation: each
// card's grid (gridScale), what of a card lies over its grid, the square
// panel's lines, and the board's squares' width.
type backRow struct {
	Grids        []gridScale
	Over         string  // a card's part (header, values, fields) whose box meets its grid's
	PanelLines   string  // numberings whose line in the square panel wraps
	Board        float64 // the board's 8 squares' width, CSS px
	ViewportH    float64
	Scroll       bool
	OutsideCards string // a card's grid or values outside the viewport
	UnderBoard   string // what of the board's column (the square panel) meets the board's squares or its file letters, or the board cut by the screen's bottom
}

// backRowProbe reads backRow (the grid part with gridProbe).
const backRowProbe = `(() => {
	const grids = (` + gridProbe + `)('#cards .card .bits', 4);
	const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
	const over = [];
	for (const card of document.querySelectorAll('#cards .card')) {
		const g = card.querySelector('.bits').getBoundingClientRect();
		for (const part of card.querySelectorAll(':scope > header, :scope > .readouts, :scope > .free-fields, .free-fields input')) {
			const r = part.getBoundingClientRect();
			if (r.width > 0 && getComputedStyle(part).display !== 'none' && meet(r, g)) over.push(card.dataset.bitboard + ' ' + (part.className || part.tagName));
		}
	}
	const lines = [];
	for (const td of document.querySelectorAll('#square-info td[data-layout]')) {
		const lh = parseFloat(getComputedStyle(td).lineHeight), h = td.getBoundingClientRect().height;
		if (h > lh * 1.5) lines.push(td.dataset.layout + ' ' + h.toFixed(0) + ' px');
	}
	const a = document.querySelector('#board [data-square="a1"]').getBoundingClientRect(), h = document.querySelector('#board [data-square="h1"]').getBoundingClientRect();
	const de = document.documentElement, board = document.getElementById('board').getBoundingClientRect(), under = [];
	for (const part of document.querySelectorAll('.board-extras > *')) {
		const r = part.getBoundingClientRect();
		if (r.width > 0 && r.height > 0 && meet(r, board)) under.push((part.id || part.className) + ' from y ' + r.top.toFixed(0) + ', the board to ' + board.bottom.toFixed(0));
	}
	if (board.bottom > innerHeight + 1) under.push('the board to y ' + board.bottom.toFixed(0) + ' of ' + innerHeight);
	return { UnderBoard: under.join(', '), Grids: grids, Over: over.join(', '), PanelLines: lines.join(', '), Board: h.right - a.left, ViewportH: innerHeight,
		Scroll: de.scrollHeight > innerHeight + 1 || de.scrollWidth > innerWidth + 1,
		OutsideCards: grids.filter((g) => g.Outside).map((g) => g.Sel + ': ' + g.Outside).join('; ') };
})()`

// TestPresentationBackRow: presentation mode for the back row (issue 40).
// At 1280×720 and 1920×1080 (and 1366×768), with one and four cards in
// every layout, and with the free card: no part of a card (its header,
// its values, the free card's fields) lies over its grid, and every
// grid and value is whole on the one screen; with four 8×8 cards every
// index is 12 px or more at 1280×720 and 18 px at 1920×1080 (10 / 14 px
// in 0x88 and 10×12) and every digit 20 / 28 px; the square panel gives
// each numbering one line; and with each tool open the board's squares
// keep 40 % of the screen's height, and the first two cards are whole
// (the cards scroll in their column). Nothing under the board (the square
// panel, a square pointed at) meets its squares or file letters, and the
// board is whole on the screen. The page is loaded once: its cards
// are set with their switches, the window resized, the layout switched
// and each tool opened in place.
func TestPresentationBackRow(t *testing.T) {
	ctx, url := site(t)
	sizes := []struct {
		w, h               int
		index, wide, digit float64 // four cards' least index (8×8, 0x88 and 10×12) and digit (8×8)
	}{{1280, 720, 12, 10, 20}, {1366, 768, 12, 10, 20}, {1920, 1080, 18, 14, 28}}
	viewport(t, ctx, 1280, 720)
	open(t, ctx, url+"/?present=1&fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+")+"&layout="+layoutIDs()[0]+"&show=P")
	for _, show := range []string{"P", "P,n,occupied,k", "P,free"} {
		showCards(t, ctx, strings.Split(show, ","))
		for _, vp := range sizes {
			resized(t, ctx, vp.w, vp.h)
			for _, layout := range layoutIDs() {
				chooseLayout(t, ctx, layout)
				eval[bool](t, ctx, `(() => { document.querySelector('#board [data-square="e4"]').dispatchEvent(new PointerEvent('pointerover', { bubbles: true })); return true; })()`)
				r := eval[backRow](t, ctx, backRowProbe)
				name := fmt.Sprintf("%dx%d %s %s", vp.w, vp.h, layout, show)
				var sizes []string
				for _, g := range r.Grids {
					sizes = append(sizes, fmt.Sprintf("%.0f/%.1f/%.1f", g.Cell, g.Digit, g.Index))
				}
				t.Logf("%s: board %.0f px; cells/digits/indices %s", name, r.Board, strings.Join(sizes, " "))
				if r.Over != "" || r.Scroll || r.OutsideCards != "" || r.PanelLines != "" || r.UnderBoard != "" {
					t.Errorf("%s: over a grid: %q; page scrolls %v; cut off: %q; square panel lines that wrap: %q; over the board: %q", name, r.Over, r.Scroll, r.OutsideCards, r.PanelLines, r.UnderBoard)
				}
				wide := layout == "0x88" || layout == "10x12"
				for _, g := range r.Grids {
					if g.Shown != g.Cells || g.Overlaps > 0 {
						t.Errorf("%s, %s: %d of %d indices whole, %d digits over their index or cut", name, g.Sel, g.Shown, g.Cells, g.Overlaps)
					}
					if show != "P,n,occupied,k" {
						continue
					}
					switch {
					case !wide && (g.Index < vp.index || g.Digit < vp.digit):
						t.Errorf("%s, %s: indices %.1f px (want ≥ %v), digits %.1f px (want ≥ %v)", name, g.Sel, g.Index, vp.index, g.Digit, vp.digit)
					case wide && g.Index < vp.wide:
						t.Errorf("%s, %s: indices %.1f px, want ≥ %v", name, g.Sel, g.Index, vp.wide)
					}
				}
			}
			if show == "P,free" {
				chooseLayout(t, ctx, layoutIDs()[0])
				screenshot(t, ctx, fmt.Sprintf("present-backrow-%dx%d-free", vp.w, vp.h))
			}
		}
	}
	// A tool open: the board keeps 40 % of the screen's height. Each tool
	// is opened in place, with its tab, at each size.
	showCards(t, ctx, []string{"P", "n", "occupied", "k"})
	for _, vp := range sizes {
		resized(t, ctx, vp.w, vp.h)
		for _, tool := range model.Tabs {
			setTool(t, ctx, tool)
			r := eval[backRow](t, ctx, backRowProbe)
			t.Logf("%dx%d %s open: board %.0f px of %.0f (%.0f %%)", vp.w, vp.h, tool, r.Board, r.ViewportH, 100*r.Board/r.ViewportH)
			if r.Board < 0.4*r.ViewportH || r.Scroll {
				t.Errorf("%dx%d %s open: the board is %.0f px, %.0f %% of the screen's height (want 40 %%); page scrolls %v", vp.w, vp.h, tool, r.Board, 100*r.Board/r.ViewportH, r.Scroll)
			}
			// The cards scroll in their column: the first two, on show
			// before any scrolling, are whole with their values.
			if len(r.Grids) < 2 {
				t.Fatalf("%dx%d %s open: %d grids, want 4", vp.w, vp.h, tool, len(r.Grids))
			}
			for _, g := range r.Grids[:2] {
				if g.Outside != "" || g.Shown != g.Cells {
					t.Errorf("%dx%d %s open, %s: cut off: %q; %d of %d indices whole", vp.w, vp.h, tool, g.Sel, g.Outside, g.Shown, g.Cells)
				}
			}
			if tool == "game" {
				screenshot(t, ctx, fmt.Sprintf("present-backrow-%dx%d-game", vp.w, vp.h))
			}
		}
		setTool(t, ctx, "")
	}
}

// showCards presses the page's bitboard switches ([data-toggle]) as a
// reader does, so that the cards shown are keys, in their order: first
// off every switch on that keys lacks, then on each key's in turn; it
// waits for the cards, each its key's (data-bitboard), in that order.
func showCards(t *testing.T, ctx context.Context, keys []string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const want = `+jsonText(t, keys)+`;
		const sw = (k) => document.querySelector('button.toggle[data-toggle="' + CSS.escape(k) + '"]');
		// One switch at a time, found anew: a click may draw the switches again.
		for (let i = 0; i < 64; i++) {
			const off = [...document.querySelectorAll('button.toggle[data-toggle][aria-pressed="true"]')].find((b) => !want.includes(b.dataset.toggle));
			if (!off) break;
			off.click();
		}
		for (const k of want) if (sw(k).getAttribute('aria-pressed') !== 'true') sw(k).click();
		return true; })()`)
	settle(t, ctx, `JSON.stringify([...document.querySelectorAll('#cards .card')].map((c) => c.dataset.bitboard)) === `+jsString(jsonText(t, keys)))
}
