//go:build !(js && wasm)

package browser

// Big enough to read (issue 40): a grid takes the room its card has, the
// tools draw at the cards' scale, presentation mode reads from the back
// row, a phone reaches the tools from its first screen, and every grid
// fits its text in whatever fonts the reader has.

import (
	"context"
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// gridScale is what gridProbe reads of one grid: its cells' size, its
// digits' and indices' font sizes, how many indices show whole inside
// their cell (their glyphs, as the font draws them), how many digits
// overlap their index, and whether the grid or its values pass the edge
// of what holds them.
type gridScale struct {
	Sel              string  // what the grid is: "card 1", "#expr-result", …
	Cols             int     // columns of cells
	Cell             float64 // the smallest cell's width, CSS px
	Digit, Index     float64 // the smallest font sizes, CSS px
	Cells, Shown     int     // cells with an index, and those whose index shows whole in its cell
	Overlaps         int     // cells whose digit's glyphs overlap their index's
	Outside          string  // the grid or its values outside the viewport or a clipping ancestor, or ""
	GridW, GridH     float64 // the grid's box
	CardW, CardH     float64 // its card's box (0 outside a card)
	ValuesBeside     bool    // its values stand beside the grid, not under it
	ValuesWhole      bool    // every value the card shows is whole in view (true without values)
	Left, Top, Right float64 // the grid's box in the viewport
}

// gridProbe is a JS function (sel, max): the gridScale of the first max
// grids (.bits, not the representation arrays) that sel matches and that
// are laid out.
const gridProbe = `(sel, max) => {
	const visible = (e) => { const s = getComputedStyle(e), r = e.getBoundingClientRect(); return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
	// The part of el's box in view: inside the viewport and every ancestor that clips.
	const clipped = (el) => {
		const r = el.getBoundingClientRect();
		let l = Math.max(r.left, 0), t = Math.max(r.top, 0), ri = Math.min(r.right, innerWidth), b = Math.min(r.bottom, innerHeight);
		for (let p = el.parentElement; p; p = p.parentElement) {
			const cs = getComputedStyle(p);
			if (cs.overflowX === 'visible' && cs.overflowY === 'visible' && !/paint|strict|content/.test(cs.contain)) continue;
			const c = p.getBoundingClientRect();
			l = Math.max(l, c.left); t = Math.max(t, c.top); ri = Math.min(ri, c.right); b = Math.min(b, c.bottom);
		}
		return { whole: ri - l >= r.width - 0.5 && b - t >= r.height - 0.5, r };
	};
	const cx = document.createElement('canvas').getContext('2d');
	// The ink of an element's one line of text: its glyphs' box as the
	// element's font draws text (canvas measureText), on the baseline of the line box.
	const ink = (el, text) => {
		const cs = getComputedStyle(el), r = el.getBoundingClientRect();
		cx.font = cs.fontStyle + ' ' + cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
		const m = cx.measureText(text), lh = cs.lineHeight === 'normal' ? m.fontBoundingBoxAscent + m.fontBoundingBoxDescent : parseFloat(cs.lineHeight);
		const base = r.top + (r.height - lh) / 2 + (lh - (m.fontBoundingBoxAscent + m.fontBoundingBoxDescent)) / 2 + m.fontBoundingBoxAscent;
		const mid = r.left + r.width / 2;
		return { l: mid - m.width / 2, r: mid + m.width / 2, t: base - m.actualBoundingBoxAscent, b: base + m.actualBoundingBoxDescent };
	};
	const out = [];
	for (const g of document.querySelectorAll(sel)) {
		if (out.length >= max) break;
		if (g.classList.contains('repr-grid') || !visible(g)) continue;
		const cells = [...g.querySelectorAll('.cell')].filter(visible);
		let cell = 1e9, digit = 1e9, index = 1e9, withIndex = 0, shown = 0, overlaps = 0;
		for (const c of cells) {
			const cr = c.getBoundingClientRect();
			cell = Math.min(cell, cr.width, cr.height);
			const b = c.querySelector('b'), s = c.querySelector('small');
			if (b) digit = Math.min(digit, parseFloat(getComputedStyle(b).fontSize));
			if (!s) continue;
			withIndex++;
			if (!visible(s)) continue;
			const gs = ink(s, s.textContent);
			if (gs.t < cr.top - 0.5 || gs.b > cr.bottom + 0.5 || gs.l < cr.left - 0.5 || gs.r > cr.right + 0.5) continue;
			shown++;
			index = Math.min(index, parseFloat(getComputedStyle(s).fontSize));
			if (b) {
				const gb = ink(b, b.dataset.digit ?? b.textContent);
				if (gb.l < gs.r - 0.5 && gs.l < gb.r - 0.5 && gb.t < gs.b - 0.5 && gs.t < gb.b - 0.5) overlaps++;
				if (gb.t < cr.top - 0.5 || gb.b > cr.bottom + 0.5) overlaps++;
			}
		}
		const card = g.closest('.card, .verdict, .step, section, figure');
		const gr = g.getBoundingClientRect(), kr = card ? card.getBoundingClientRect() : { width: 0, height: 0 };
		const outside = [];
		if (!clipped(g).whole) outside.push('grid');
		let valuesWhole = true, beside = false;
		// A value's box: its line (the dd), or the field; and whether its text passes the box's edge.
		for (const v of (card ? card.querySelectorAll('.readouts dd, .free-fields input, .free-fields textarea') : [])) {
			if (!visible(v)) continue;
			const c = clipped(v), code = v.querySelector('code') ?? v;
			if (!c.whole || code.scrollWidth > code.clientWidth + 1 || v.scrollWidth > v.clientWidth + 1) {
				valuesWhole = false; outside.push(v.querySelector('[data-format]')?.dataset.format || v.dataset.freeField || v.tagName); }
			if (c.r.left >= gr.right - 1) beside = true;
		}
		out.push({ Sel: sel + ' ' + (out.length + 1), Cols: +getComputedStyle(g).getPropertyValue('--cols') || 8,
			Cell: cells.length ? cell : 0, Digit: digit === 1e9 ? 0 : digit, Index: index === 1e9 ? 0 : index, Cells: withIndex, Shown: shown, Overlaps: overlaps,
			Outside: outside.join(','), GridW: gr.width, GridH: gr.height, CardW: kr.width, CardH: kr.height, ValuesBeside: beside, ValuesWhole: valuesWhole,
			Left: gr.left, Top: gr.top, Right: gr.right });
	}
	return out;
}`

// grids reads the gridScale of the first max grids matching sel.
func grids(t *testing.T, ctx context.Context, sel string, max int) []gridScale {
	t.Helper()
	return eval[[]gridScale](t, ctx, fmt.Sprintf(`(%s)(%q, %d)`, gridProbe, sel, max))
}

func (g gridScale) String() string {
	s := fmt.Sprintf("%s: cells %.1f px, digits %.1f px, indices %.1f px (%d of %d whole in their cells), grid %.0f×%.0f", g.Sel, g.Cell, g.Digit, g.Index, g.Shown, g.Cells, g.GridW, g.GridH)
	if g.CardW > 0 {
		s += fmt.Sprintf(" in a card %.0f×%.0f", g.CardW, g.CardH)
		if g.ValuesBeside {
			s += ", values beside"
		}
	}
	if g.Overlaps > 0 {
		s += fmt.Sprintf(", %d digits over their index or cut", g.Overlaps)
	}
	if g.Outside != "" {
		s += ", cut off: " + g.Outside
	}
	return s
}

// boardSize is a JS expression: the board's squares' width (8 squares,
// without the rank labels), CSS px.
const boardSize = `(() => { const a = document.querySelector('#board [data-square="a1"]').getBoundingClientRect(), h = document.querySelector('#board [data-square="h1"]').getBoundingClientRect(); return h.right - a.left; })()`

// TestRoomScale opens Kiwipete with two cards (the default P and
// occupied) at the laptop sizes, in LERF: each grid's cells are 34 px or
// more, its digits 14 px and its indices 11 px, every index whole in its
// cell; the first card is whole with its values in view; the board is
// 360 px or more. With one card in 0x88 or 10×12, every index shows
// whole at 10 px or more, and the card's values are in view.
func TestRoomScale(t *testing.T) {
	ctx, site := site(t)
	for _, s := range []struct{ w, h int64 }{{1280, 800}, {1366, 768}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.w, s.h)); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN))
		board := eval[float64](t, ctx, boardSize)
		gs := grids(t, ctx, "#cards .card .bits", 2)
		name := fmt.Sprintf("%dx%d lerf 2 cards", s.w, s.h)
		t.Logf("%s: board %.0f px; %v", name, board, gs)
		if board < 360 {
			t.Errorf("%s: the board is %.0f px, want 360 or more", name, board)
		}
		if len(gs) != 2 {
			t.Fatalf("%s: %d grids laid out, want 2", name, len(gs))
		}
		for i, g := range gs {
			if g.Cell < 34 || g.Digit < 14 || g.Index < 11 || g.Shown != g.Cells || g.Overlaps > 0 {
				t.Errorf("%s, grid %d: cells %.1f px (want ≥ 34), digits %.1f (≥ 14), indices %.1f (≥ 11), %d of %d indices whole, %d overlaps",
					name, i+1, g.Cell, g.Digit, g.Index, g.Shown, g.Cells, g.Overlaps)
			}
		}
		if first := gs[0]; first.Outside != "" || !first.ValuesWhole {
			t.Errorf("%s: the first card is not whole with its values: %s", name, first.Outside)
		}
		for _, l := range []string{"0x88", "10x12"} {
			open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN)+"&show=P&layout="+l)
			gs := grids(t, ctx, "#cards .card .bits", 1)
			name := fmt.Sprintf("%dx%d %s 1 card", s.w, s.h, l)
			t.Logf("%s: %v", name, gs)
			if len(gs) != 1 {
				t.Fatalf("%s: no grid", name)
			}
			if g := gs[0]; g.Index < 10 || g.Shown != g.Cells || g.Overlaps > 0 || g.Outside != "" || !g.ValuesWhole {
				t.Errorf("%s: indices %.1f px (want ≥ 10), %d of %d whole, %d overlaps; cut off: %q", name, g.Index, g.Shown, g.Cells, g.Overlaps, g.Outside)
			}
		}
		screenshot(t, ctx, fmt.Sprintf("scale-%dx%d-10x12", s.w, s.h))
	}
}
