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
	"strings"
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

// TestRoomShowLink: ?show= takes what the element's show takes, in the
// page and in presentation mode: the link shows four cards, the
// fourth the expression's; attack maps and from:e2 show theirs; an item
// that means nothing is named in the notice line, with what is wrong, and
// the other items still show.
func TestRoomShowLink(t *testing.T) {
	ctx, site := site(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	read := `(() => ({ cards: [...document.querySelectorAll('#cards .card')].map((c) => c.dataset.bitboard),
		notice: document.getElementById('fen-status').textContent }))()`
	for _, present := range []string{"", "&present=1"} {
		for _, c := range []struct {
			show   string
			cards  []string
			notice string // what the notice line says, in part ("" for nothing)
		}{
			{"P,n,occupied,(P << 8) & ~occupied", []string{"P", "n", "occupied", "(P << 8) & ~occupied"}, ""},
			{"P,attacked:w,from:e2", []string{"P", "attacked:w", "from:e2"}, ""},
			{"P,(P << ),occupied", []string{"P", "occupied"}, `cannot show "(P << )"`},
			{"occupid,n", []string{"n"}, `cannot show "occupid"`},
		} {
			open(t, ctx, site+"/?show="+url.QueryEscape(c.show)+present)
			got := eval[struct {
				Cards  []string
				Notice string
			}](t, ctx, read)
			name := c.show + present
			if strings.Join(got.Cards, "|") != strings.Join(c.cards, "|") {
				t.Errorf("%s: cards %q, want %q", name, got.Cards, c.cards)
			}
			if c.notice == "" && got.Notice != "" || !strings.Contains(got.Notice, c.notice) {
				t.Errorf("%s: the notice line says %q, want %q", name, got.Notice, c.notice)
			}
		}
	}
}

// TestRoomEmbedFit: an iframe of embed.html with the snippet's listener
// follows its content's height, at 760 px and after the page narrows it
// to 600 px and widens it again: the frame then shows its content whole
// and no scroll bar (one kept a vertical scroll bar, empty, after
// resizing to fit).
func TestRoomEmbedFit(t *testing.T) {
	// A browser of its own that draws its scroll bars (the tests' hides them).
	ctx, cancel := launch(chromium(t), t.TempDir(), chromedp.Flag("hide-scrollbars", false))
	defer cancel()
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>frame</title></head><body style="margin:0">
<iframe data-bitview src="embed.html?fen=8/8/8/8/4P3/8/8/8%20w%20-%20-%200%201&show=P,empty" width="760" height="300" style="border:0;max-width:100%" title="Bitview"></iframe>
<script src="listen.js"></script>
</body></html>`
	// The snippet's listener (view.EmbedSnippets' second line), from a file: serve.go's CSP takes no inline script.
	listen := `addEventListener('message',(e)=>{if(e.data?.type==='bitview-height')for(const f of document.querySelectorAll('iframe[data-bitview]'))if(f.contentWindow===e.source)f.style.height=e.data.height+'px'})`
	u := figureSite(t, map[string]string{"frame.html": page, "listen.js": listen})
	for _, scale := range []float64{1, 1.25, 1.5} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900, chromedp.EmulateScale(scale)), chromedp.Navigate(u+"/frame.html")); err != nil {
			t.Fatal(err)
		}
		read := `new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => {
		const f = document.querySelector('iframe'), d = f.contentDocument.documentElement, w = f.contentWindow;
		resolve({ frame: f.getBoundingClientRect().height, content: d.scrollHeight, client: d.clientHeight,
			bar: w.innerWidth - d.clientWidth + (w.innerHeight - d.clientHeight), ready: !!f.contentDocument.querySelector('bitboard-view')?.shadowRoot?.querySelector('.bits') });
	})), 400))`
		for _, width := range []int{760, 600, 760, 700} {
			eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector('iframe').width = %d, true)`, width))
			var got map[string]any
			for range 20 {
				got = evalAsync[map[string]any](t, ctx, read)
				if got["ready"] == true && got["content"].(float64) <= got["client"].(float64) && got["bar"].(float64) == 0 {
					break
				}
			}
			t.Logf("scale %v, %d px wide: frame %v px, content %v px (client %v), scroll bar %v px", scale, width, got["frame"], got["content"], got["client"], got["bar"])
			if got["content"].(float64) > got["client"].(float64) || got["bar"].(float64) != 0 {
				t.Errorf("scale %v, %d px wide: the frame is %v px, its content %v px, with a scroll bar %v px wide", scale, width, got["frame"], got["content"], got["bar"])
			}
		}
	}
}

// TestRoomRoughEdges: the rough edges of issue 40 (item 6). No band is
// kept for notices between the FEN's row (.position: the field, the
// notice, the examples) and the board (a notice takes its room in that
// row, moving nothing (TestRoomNothingMoves) and covering no square and
// not the FEN); the square
// panel is compact and as tall pointed at as not; the square a warning
// names (the Article position's en passant square) is marked otherwise
// than the pointed square; the perft tool's position command wraps the
// FEN only at its spaces and between its ranks.
func TestRoomRoughEdges(t *testing.T) {
	ctx, site := site(t)
	article := "r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13"
	for _, s := range []struct{ w, h int64 }{{1366, 768}, {1280, 800}, {360, 740}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.w, s.h)); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%dx%d", s.w, s.h)
		open(t, ctx, site+"/")
		band := eval[float64](t, ctx, `document.querySelector('#board .board').getBoundingClientRect().top - document.querySelector('.position').getBoundingClientRect().bottom`)
		idle := eval[float64](t, ctx, `document.getElementById('square-info').getBoundingClientRect().height`)
		pointAt(t, ctx, "e2")
		pointed := eval[float64](t, ctx, `document.getElementById('square-info').getBoundingClientRect().height`)
		t.Logf("%s: %.0f px between the FEN and the board; square panel %.0f px, pointed at %.0f px", name, band, idle, pointed)
		if band > 20 || idle > 100 || pointed != idle {
			t.Errorf("%s: %.0f px between the FEN row and the board (want no band for notices); square panel %.0f px (want ≤ 100), %.0f px pointed at", name, band, idle, pointed)
		}
		// A notice (a position without a black king, as the editor makes
		// one on the way) covers neither a square of the board nor the FEN.
		pasteFEN(t, ctx, "8/8/8/8/8/8/8/4K3 w - - 0 1")
		covers := eval[string](t, ctx, `(() => { const n = document.querySelector('.notices').getBoundingClientRect();
			if (n.height === 0) return 'no notice shown';
			const over = (e) => { const r = e.getBoundingClientRect(); return r.left < n.right - 0.5 && n.left < r.right - 0.5 && r.top < n.bottom - 0.5 && n.top < r.bottom - 0.5; };
			return [...document.querySelectorAll('#board [data-square], #fen')].filter(over).map((e) => e.dataset.square ?? e.id).join(' '); })()`)
		if covers != "" {
			t.Errorf("%s: the notice line covers %q (want nothing of the board or the FEN under it)", name, covers)
		}
		pasteFEN(t, ctx, article)
		pointAt(t, ctx, "e4")
		// A square's ring as it looks: its outline, or else an inset box
		// shadow (a solid ring), by its line's style and its colour.
		marks := eval[map[string]string](t, ctx, `(() => { const st = (sq) => { const cs = getComputedStyle(document.querySelector('#board [data-square="' + sq + '"]'));
			if (cs.outlineStyle !== 'none') return cs.outlineStyle + ' ' + cs.outlineColor;
			return cs.boxShadow !== 'none' ? 'solid ' + cs.boxShadow.replace(/ inset.*| [0-9.]+px.*/, '') : 'none'; };
			return { warned: document.querySelector('#board .sq.warn')?.dataset.square ?? '', warn: st('b3'), pointed: st('e4') }; })()`)
		if marks["warned"] != "b3" || marks["warn"] == marks["pointed"] || strings.HasPrefix(marks["warn"], "solid") == strings.HasPrefix(marks["pointed"], "solid") {
			t.Errorf("%s: the warned square %q looks %q, the pointed one %q: want them told apart (by shape, not colour alone)", name, marks["warned"], marks["warn"], marks["pointed"])
		}
	}
	// The perft tool, loaded once: presentation mode and the window's
	// size are changed in place.
	for i, q := range []string{"", "&present=1"} {
		if i > 0 {
			eval[bool](t, ctx, `(document.querySelector('[data-action="present"]').click(), true)`)
			settle(t, ctx, `document.documentElement.classList.contains('present')`)
		}
		for j, w := range []int64{1280, 1920} {
			viewport(t, ctx, w, w*9/16)
			if i == 0 && j == 0 {
				open(t, ctx, site+"/?tab=perft&fen="+url.QueryEscape(kiwipeteFEN))
			}
			settle(t, ctx, fmt.Sprintf(`innerWidth === %d`, w))
			breaks := eval[[]string](t, ctx, `(() => { const c = document.querySelector('.engine-command code'), text = c.textContent, out = [];
				const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT), r = document.createRange(); let top = null, at = 0;
				for (let n = walker.nextNode(); n; n = walker.nextNode()) for (let i = 0; i < n.length; i++, at++) {
					r.setStart(n, i); r.setEnd(n, i + 1); const b = r.getBoundingClientRect();
					if (b.width === 0 && b.height === 0) continue;
					if (top !== null && b.top > top + 2 && !/[ \n\/]/.test(text[at - 1] ?? ' ')) out.push(JSON.stringify(text.slice(Math.max(0, at - 4), at) + '|' + text.slice(at, at + 4)));
					top = b.top;
				}
				return out; })()`)
			if len(breaks) > 0 {
				t.Errorf("perft at %d px%s: the position command wraps inside a rank or a field at %v", w, q, breaks)
			}
		}
	}
}

// pasteFEN puts fen into the page's FEN field as a paste does (one input
// event) and waits for the page to be laid out with it.
func pasteFEN(t *testing.T, ctx context.Context, fen string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const f = document.getElementById('fen'); f.value = %q;
		f.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' })); return true; })()`, fen))
	settle(t, ctx, `true`)
}

// TestRoomToolScale: one scale per screen (issue 40, item 2). With each
// tool that draws grids open (the expression's result, the shift demo,
// the engine tools' magic steps and dump verdicts, the representations'
// arrays, and the attack maps, which are cards), at the laptop sizes and
// at 1920×1080, and presenting at 1280×720 and 1920×1080: no tool grid's
// cells are larger than the first card's (5 % spare) nor, in a grid of up
// to 10 columns, under 0.55 of them, none passes its panel's edge, and the expression's result has its
// hex value whole on the first screen.
func TestRoomToolScale(t *testing.T) {
	tools := []struct{ tab, query, grids string }{
		{"playground", "&expr=" + url.QueryEscape("(P << 8) & ~occupied"), "#playground .bits"},
		{"shiftdemo", "", "#shiftdemo .bits"},
		{"engine", "&magic=rook:e4", "#engine .bits"},
		{"repr", "", "#repr .bits"},
		{"attacks", "&show=P,attacked:w", "#cards .card[data-bitboard='attacked:w'] .bits"},
	}
	for _, s := range []struct {
		w, h    int64
		present string
	}{{1280, 800, ""}, {1366, 768, ""}, {1920, 1080, ""}, {1280, 720, "&present=1"}, {1920, 1080, "&present=1"}} {
		ctx, site := site(t) // a tab per size
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.w, s.h)); err != nil {
			t.Fatal(err)
		}
		// One load per size, with what every tool needs (the first card is
		// P, as with the default cards); each tool is then opened in place.
		query := ""
		for _, tool := range tools {
			query += tool.query
		}
		open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN)+"&tab="+tools[0].tab+query+s.present)
		for _, tool := range tools {
			eval[bool](t, ctx, `(document.documentElement.dataset.tool === '`+tool.tab+`' || document.getElementById('tab-`+tool.tab+`').click(), true)`)
			settle(t, ctx, `document.documentElement.dataset.tool === '`+tool.tab+`' && [...document.querySelectorAll(`+"`"+tool.grids+"`"+`)].some((g) => g.querySelector('.cell'))`)
			name := fmt.Sprintf("%dx%d%s %s", s.w, s.h, s.present, tool.tab)
			got := eval[map[string]any](t, ctx, `(() => { `+inView+`
				const card = document.querySelector('#cards .card .bits .cell').getBoundingClientRect().width;
				const panel = '`+tool.tab+`' === 'attacks' ? document.getElementById('cards') : document.getElementById('`+tool.tab+`'), pr = panel.getBoundingClientRect();
				const cells = [...document.querySelectorAll(`+"`"+tool.grids+"`"+`)].flatMap((g) => [...g.querySelectorAll('.cell')])
					.filter((c) => c.getBoundingClientRect().width > 0 && getComputedStyle(c).display !== 'none');
				const sizes = cells.map((c) => c.getBoundingClientRect().width);
				// The lower bound is for grids of up to 10 columns: a 16-column array fits its column by being smaller.
				const narrow = cells.filter((c) => (+getComputedStyle(c.closest('.bits')).getPropertyValue('--cols') || 8) <= 10).map((c) => c.getBoundingClientRect().width);
				const past = cells.filter((c) => { const r = c.getBoundingClientRect(); return r.right > pr.right + 0.5 || r.left < pr.left - 0.5; }).length;
				const hex = document.querySelector('#expr-result [data-format="hex"]');
				let hexWhole = true;
				if (hex && '`+tool.tab+`' === 'playground') { const h = hex.getBoundingClientRect(), [w, v] = inView(hex); hexWhole = h.width > 0 && w >= h.width - 0.5 && v >= h.height - 0.5; }
				return { card, cells: cells.length, min: narrow.length ? Math.min(...narrow) : 0, max: sizes.length ? Math.max(...sizes) : 0, past, hexWhole };
			})()`)
			card, lo, hi := got["card"].(float64), got["min"].(float64), got["max"].(float64)
			t.Logf("%s: %v cells of %.1f–%.1f px beside cards' cells of %.1f px", name, got["cells"], lo, hi, card)
			if got["cells"].(float64) == 0 {
				t.Errorf("%s: no grid drawn", name)
				continue
			}
			if hi > card*1.05 || lo < card*0.55 || got["past"].(float64) > 0 || got["hexWhole"] != true {
				t.Errorf("%s: cells of %.1f–%.1f px beside cards' cells of %.1f px (want 0.55–1.05 of them); %v cells past the panel's edge; the result's hex value whole in view %v",
					name, lo, hi, card, got["past"], got["hexWhole"])
			}
		}
	}
}

// TestRoomPhone: phones and tablets (issue 40, item 4). At 360×740,
// 390×844 and 768×1024 every tool tab is on the first screen (a bar at the
// top, whole and clickable); every numbering chip and bitboard switch is
// inside the screen's width, none past a sideways scroll (they wrap);
// and the board is as wide as the screen allows: 300 px or more at 360
// px wide, the first grid still whole on the first screen
// (TestFirstScreen).
func TestRoomPhone(t *testing.T) {
	ctx, site := site(t)
	for _, s := range []struct {
		w, h  int64
		board float64
	}{{360, 740, 300}, {390, 844, 330}, {768, 1024, 480}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.w, s.h)); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN))
		got := eval[map[string]any](t, ctx, `(() => { `+hit+`
			const tabs = [...document.querySelectorAll('.tabs [role=tab]')];
			const lowest = Math.max(...tabs.map((b) => b.getBoundingClientRect().bottom));
			const unhit = tabs.filter((b) => !hit(b)).map((b) => b.textContent);
			const sw = [...document.querySelectorAll('#layout-switch label, #toggles .toggle')];
			const outside = sw.filter((e) => { const r = e.getBoundingClientRect(); return r.width === 0 || r.left < -0.5 || r.right > innerWidth + 0.5; }).map((e) => e.textContent.trim());
			const scrollers = [...document.querySelectorAll('.switches, .switches *')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').length;
			const a = document.querySelector('#board [data-square="a1"]').getBoundingClientRect(), h = document.querySelector('#board [data-square="h1"]').getBoundingClientRect();
			return { lowest, unhit: unhit.join(','), outside: outside.join(' '), scrollers, board: h.right - a.left, page: document.documentElement.scrollWidth }; })()`)
		name := fmt.Sprintf("%dx%d", s.w, s.h)
		t.Logf("%s: the tool tabs end at y = %.0f; board %.0f px; switches outside the screen %q, scrolling sideways %v", name, got["lowest"], got["board"], got["outside"], got["scrollers"])
		if got["lowest"].(float64) > float64(s.h)/2 || got["unhit"] != "" {
			t.Errorf("%s: the tool tabs end at y = %.0f (want them at the top of the first screen); not clickable: %q", name, got["lowest"], got["unhit"])
		}
		if got["outside"] != "" || got["scrollers"].(float64) > 0 || got["page"].(float64) > float64(s.w)+1 {
			t.Errorf("%s: switches outside the screen %q; %v switch rows scroll sideways; the page is %v px wide", name, got["outside"], got["scrollers"], got["page"])
		}
		if got["board"].(float64) < s.board {
			t.Errorf("%s: the board is %.0f px, want %.0f or more", name, got["board"], s.board)
		}
		screenshot(t, ctx, fmt.Sprintf("phone-%dx%d", s.w, s.h))
	}
}
