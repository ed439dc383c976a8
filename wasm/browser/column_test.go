//go:build !(js && wasm)

package browser

// The figure in an author's column (issue 44, items 1 and 2): a
// <bitboard-view> lays itself out by its own width, not the window's. In a
// documentation theme's column (720 px at a 1280 px window, a Hugo theme's;
// 825 px, MkDocs') the board and the first grid stand side by side and fill
// it, with nothing blank beside a small grid; on a 360 px phone they stack;
// an 0x88 or 10×12 grid keeps its 8×8 part readable and every slot within
// a scroll's reach. Measured in Chromium, Firefox and WebKit.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/browser/browsers"
	bvpages "github.com/bitview/bitview/wasm/figure/pages"
)

// A figureLook is what a reader sees of one figure: its first grid's cell
// (an 8×8 square's, px), digit and index (font sizes, px; the index 0 when
// hidden), the board's side (8 squares, px; 0 without a board), the
// narrowest slot of the first grid, the tallest blank band (px: a band of
// the figure at least a quarter of its width with nothing in it), the
// figure's size, the cells out of a scroll's reach, and how far the
// figure's content passes its own box sideways.
type figureLook struct {
	Name                 string
	Layout               string
	Cell, Digit, Index   float64
	Board, Slot          float64
	Blank, W, H          float64
	Unreachable, Spills  int
	Notice               bool
	CardTops, BoardTop   []float64
	FirstBeside, Stacked bool
	Overlaps             []string
}

// figureLooksJS measures every <bitboard-view> on the page (figureLook),
// named by its data-name.
const figureLooksJS = `(() => {
	const box = (el) => { const r = el.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height }; };
	// Whether el can be brought into view: not before the document's start,
	// inside every ancestor that clips it, within every scroller's range.
	const reachable = (el) => {
		const r = el.getBoundingClientRect();
		if (r.left + scrollX < -0.5 || r.top + scrollY < -0.5) return false;
		for (let p = el.parentElement ?? el.getRootNode().host; p; p = p.parentElement ?? p.getRootNode().host) {
			const cs = getComputedStyle(p), pr = p.getBoundingClientRect();
			const axes = [[cs.overflowX, r.left, r.right, pr.left + p.clientLeft, p.scrollLeft, p.clientWidth, p.scrollWidth],
				[cs.overflowY, r.top, r.bottom, pr.top + p.clientTop, p.scrollTop, p.clientHeight, p.scrollHeight]];
			for (const [ov, lo, hi, edge, scrolled, client, size] of axes) {
				if (ov === 'visible') continue;
				// hidden and clip: only what is in the box; auto and scroll: the scroll range.
				const [start, room] = ov === 'hidden' || ov === 'clip' ? [edge, client] : [edge - scrolled, size];
				if (lo < start - 0.5 || hi > start + room + 0.5) return false;
			}
		}
		return true;
	};
	return [...document.querySelectorAll('bitboard-view')].map((v) => {
		const root = v.shadowRoot, view = root.querySelector('.view'), vb = box(view);
		const grid = root.querySelector('.view .card .bits'), cell = grid?.querySelector('.cell[data-square]');
		const small = cell?.querySelector('small'), sq = root.querySelector('.view-board:not([hidden]) .board .sq');
		const board = root.querySelector('.view-board:not([hidden]) .board');
		const items = [board, ...root.querySelectorAll('.view .card')].filter((e) => e && e.getBoundingClientRect().width > 0).map(box);
		// The tallest blank band: 20 columns across the figure, sampled every
		// 2 px down; a band is 5 neighbouring columns (a quarter) all empty.
		const cols = 20, step = 2, xs = Array.from({ length: cols }, (_, i) => vb.l + (i + 0.5) * vb.w / cols);
		const runs = new Array(cols - 4).fill(0);
		let blank = 0;
		for (let y = vb.t + 1; y < vb.b; y += step) {
			const empty = xs.map((x) => !items.some((b) => x >= b.l - 1 && x <= b.r + 1 && y >= b.t - 1 && y <= b.b + 1));
			for (let i = 0; i + 5 <= cols; i++) {
				runs[i] = empty.slice(i, i + 5).every(Boolean) ? runs[i] + step : 0;
				blank = Math.max(blank, runs[i]);
			}
		}
		const cells = grid ? [...grid.querySelectorAll('.cell')] : [];
		const cards = [...root.querySelectorAll('.view .card')].map(box);
		const bb = board ? box(board) : null;
		// The readouts' texts and buttons that overlap (by more than a pixel
		// across and a quarter of the smaller one's height), as "a / b".
		const parts = [], range = document.createRange();
		for (const rs of root.querySelectorAll('.readouts')) {
			const walker = document.createTreeWalker(rs, NodeFilter.SHOW_TEXT);
			for (let n = walker.nextNode(); n; n = walker.nextNode()) {
				if (!n.textContent.trim() || getComputedStyle(n.parentElement).display === 'none') continue;
				const button = n.parentElement.closest('button');
				range.selectNodeContents(n);
				// A button is its box, not its text.
				for (const r of button ? [button.getBoundingClientRect()] : range.getClientRects()) if (r.width > 0) parts.push({ el: button ?? n.parentElement, r, text: n.textContent.trim().slice(0, 20) });
			}
		}
		const overlaps = [];
		for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
			const a = parts[i].r, b = parts[j].r;
			if (parts[i].el.contains(parts[j].el) || parts[j].el.contains(parts[i].el)) continue;
			const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
			if (x > 1 && y > Math.min(a.height, b.height) / 4) overlaps.push(parts[i].text + ' / ' + parts[j].text);
		}
		return {
			overlaps,
			name: v.dataset.name ?? '', layout: v.getAttribute('layout') ?? 'lerf',
			cell: cell ? cell.getBoundingClientRect().width : 0,
			digit: cell ? parseFloat(getComputedStyle(cell.querySelector('b')).fontSize) : 0,
			index: small && getComputedStyle(small).display !== 'none' ? parseFloat(getComputedStyle(small).fontSize) : 0,
			board: sq ? sq.getBoundingClientRect().width * 8 : 0,
			slot: cells.length ? Math.min(...cells.map((c) => c.getBoundingClientRect().width)) : 0,
			blank, w: vb.w, h: vb.h,
			unreachable: cells.filter((c) => !reachable(c)).length,
			spills: Math.max(0, Math.round(view.scrollWidth - view.clientWidth), Math.round(vb.r - box(v).r)),
			notice: !!root.querySelector('.index-note:not([hidden])'),
			cardTops: cards.map((c) => c.t - vb.t), boardTop: bb ? [bb.t - vb.t] : [],
			firstBeside: !!(bb && cards.length && cards[0].l >= bb.r - 1 && cards[0].t < bb.b),
			stacked: !!(bb && cards.length && cards[0].t >= bb.b - 1),
		};
	});
})()`

// columnFigures are the figures of the column pages: the README's, and for
// each layout (core.Layouts) a figure of two grids; each named by
// data-name.
func columnFigures() string {
	var b strings.Builder
	b.WriteString(strings.Replace(readmeFigure, "<bitboard-view ", `<bitboard-view data-name="readme" `, 1))
	for _, l := range core.Layouts {
		fmt.Fprintf(&b, "\n<p>The same position in %s.</p>\n", l.Name)
		fmt.Fprintf(&b, `<bitboard-view data-name="%s" layout="%s" fen="8/8/8/8/4P3/8/8/8 w - - 0 1" show="P,(P &lt;&lt; 8) &amp; empty"></bitboard-view>`, l.ID, l.ID)
	}
	return b.String()
}

// columnPage is an article page as a documentation theme writes one: a
// column (main) of at most maxWidth px with 1 rem of padding, in a serif
// text, holding body; head goes at the end of the head.
func columnPage(title, body, head string) string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>` + title + `</title>
<script type="module" src="bitview-element.js"></script>
<style>body { margin: 0; font: 18px/1.6 Georgia, serif; } main { margin: 0 auto; padding: 1rem; box-sizing: border-box; max-width: 100%; }
bitboard-view { --bitview-content-visibility: visible; margin: 1rem 0; }</style>` + head + `</head>
<body><main><h1>` + title + `</h1>
<p>A paragraph of the article before its figures.</p>
` + body + `
<p>The end.</p></main></body></html>`
}

// columnCase is a column of an author's page: the window and the column's
// content width (0: the window's less the page's padding).
type columnCase struct {
	name          string
	width, height int
	column        int
}

var columnCases = []columnCase{
	{"720", 1280, 900, 720},
	{"825", 1280, 900, 825},
	{"phone", 360, 740, 0},
}

// setColumn sets the window and the column's content width in px (0: as
// wide as the window allows), and lays the page out (synchronously: the
// harness awaits no promise with JavaScript off).
func setColumn(t *testing.T, tab browsers.Tab, c columnCase) {
	t.Helper()
	resize(t, tab, c.width, c.height)
	w := "100%"
	if c.column > 0 {
		w = fmt.Sprintf("%dpx", c.column+32) // the column's content box, inside 1 rem of padding on each side
	}
	waitIn(t, tab, fmt.Sprintf(`innerWidth === %d`, c.width))
	evalIn[bool](t, tab, `(document.querySelector('main').style.maxWidth = '`+w+`', document.body.getBoundingClientRect().height > 0)`)
}

// checkColumnLooks checks issue 44's readable sizes for one column.
func checkColumnLooks(t *testing.T, engine browsers.Engine, c columnCase, looks []figureLook) {
	t.Helper()
	for _, f := range looks {
		name := fmt.Sprintf("%s, %s column, figure %s", engine, c.name, f.Name)
		wide := f.Layout == "0x88" || f.Layout == "10x12"
		var cell, digit, index, board float64
		switch {
		case c.column > 0 && !wide:
			cell, digit, index, board = 34, 16, 11, 280
		case c.column > 0:
			cell, digit, index = 24, 12, 9
		case !wide:
			cell, digit, index = 30, 15, 10
		default:
			cell, digit, index = 20, 11, 8
		}
		if f.Cell < cell-0.05 || f.Digit < digit-0.05 || f.Index < index-0.05 || f.Board < board-0.05 {
			t.Errorf("%s: cell %.1f, digit %.1f, index %.1f, board %.0f px; want at least %.0f / %.0f / %.0f, board %.0f", name, f.Cell, f.Digit, f.Index, f.Board, cell, digit, index, board)
		}
		if c.column > 0 && !wide && f.Blank > f.H/5 {
			t.Errorf("%s: a blank band %.0f px tall in a figure %.0f px tall, want a fifth of it at most", name, f.Blank, f.H)
		}
		if f.Unreachable > 0 || f.Spills > 1 {
			t.Errorf("%s: %d cells of the first grid out of a scroll's reach; the content passes the figure by %d px", name, f.Unreachable, f.Spills)
		}
		if len(f.Overlaps) > 0 {
			t.Errorf("%s: the values' texts and buttons over each other: %q", name, f.Overlaps)
		}
		if c.column > 0 && f.Board > 0 && !f.FirstBeside {
			t.Errorf("%s: the first grid is not beside the board (board at %v, cards at %v)", name, f.BoardTop, f.CardTops)
		}
	}
}

// logLooks logs one line per figure: cell / digit / index, board, blank
// band and size.
func logLooks(t *testing.T, where string, looks []figureLook) {
	t.Helper()
	for _, f := range looks {
		t.Logf("%s %-7s cell %5.1f digit %4.1f index %4.1f board %4.0f slot %4.1f | %4.0f×%4.0f blank %4.0f | beside %v stacked %v unreachable %d",
			where, f.Name, f.Cell, f.Digit, f.Index, f.Board, f.Slot, f.W, f.H, f.Blank, f.FirstBeside, f.Stacked, f.Unreachable)
	}
}

// TestFigureColumns loads an author's page of figures (the README's, and
// one of two grids in each layout) once per engine and measures it in a
// 720 px column at 1280 px, an 825 px column, and on a 360 px phone
// (checkColumnLooks: issue 44's sizes, no blank band over a fifth of the
// figure, every cell within reach, the first grid beside the board in a
// column).
func TestFigureColumns(t *testing.T) {
	url := figureSite(t, map[string]string{"column.html": columnPage("Column", columnFigures(), "")})
	n := 1 + len(core.Layouts)
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, url+"/column.html")
		if got := waitViewsIn(t, tab); got != n {
			t.Fatalf("%d figures, want %d", got, n)
		}
		for _, c := range columnCases {
			setColumn(t, tab, c)
			looks := evalIn[[]figureLook](t, tab, figureLooksJS)
			logLooks(t, fmt.Sprintf("%s %s:", tab.Engine(), c.name), looks)
			checkColumnLooks(t, tab.Engine(), c, looks)
			for _, name := range []string{"readme", "0x88"} {
				evalIn[bool](t, tab, `(document.querySelector('[data-name="`+name+`"]').scrollIntoView(), true)`)
				shoot(t, tab, "column-"+c.name+"-"+name)
			}
		}
		noErrors(t, tab)
	})
}

// hostileTheme is what a site's theme sets that a figure must not feel
// (issue 45, item 1): custom properties of common names on :root
// (PaperMod's --gap: 24px among them), content-box sizing for every
// element, and inherited text properties on the body.
const hostileTheme = `<style>
:root { --gap: 24px; --cols: 3; --rows: 2; --size: 10px; --cell: 5px; --lab: 40px; --files: 60px; --grid-w: 100px; --grid-h: 50px;
  --cell-min: 40px; --cell-max: 8px; --index: 30px; --index-min: 20px; --index-ratio: 2; --digit: 3; --digit-line: 3; --card-min: 50rem;
  --cards-cell: 5px; --fit: 3px; --w: 9; --stack: 1fr; --mark: red; --values: 1px; --board: 10px; --top: 1px; --first: 5px; --room-x: 1px; }
* { box-sizing: content-box; }
body { text-align: center; line-height: 2; letter-spacing: 0.1em; word-spacing: 0.5em; text-indent: 2em; text-transform: uppercase;
  white-space: pre-line; font-weight: 700; font-style: italic; hyphens: auto; word-break: break-all; }
</style>`

// TestFigureHostileTheme: the column page's figures measure the same (to
// half a pixel: cell, digit, index, board, width, height) with a hostile
// theme (hostileTheme) as without it, in a 720 px column and on a 360 px
// phone, in the three engines, with JavaScript on and prerendered with
// JavaScript off.
func TestFigureHostileTheme(t *testing.T) {
	files := map[string]string{}
	for name, head := range map[string]string{"plain": "", "hostile": hostileTheme} {
		page := columnPage("Theme", columnFigures(), head)
		files[name+".html"] = page
		out, err := bvpages.Page(name+"-off.html", []byte(strings.Replace(page, `<script type="module" src="bitview-element.js"></script>`, "", 1)), "./")
		if err != nil {
			t.Fatal(err)
		}
		files[name+"-off.html"] = string(out.Page)
		for f, svg := range out.Figures {
			files[f] = string(svg)
		}
	}
	url := figureSite(t, files)
	n := 1 + len(core.Layouts)
	compare := func(t *testing.T, tab browsers.Tab, suffix string, scripts bool) {
		cases := []columnCase{columnCases[0], columnCases[2]}
		// Each page is loaded once and measured in both columns (resized
		// in place); the hostile page is then shot in each.
		looks := map[string][][]figureLook{}
		for _, name := range []string{"plain", "hostile"} {
			visit(t, tab, url+"/"+name+suffix+".html")
			if scripts {
				if got := waitViewsIn(t, tab); got != n {
					t.Fatalf("%d figures, want %d", got, n)
				}
			}
			for _, c := range cases {
				setColumn(t, tab, c)
				looks[name] = append(looks[name], evalIn[[]figureLook](t, tab, figureLooksJS))
				if name == "hostile" {
					evalIn[bool](t, tab, `(document.querySelector('[data-name="readme"]').scrollIntoView(), true)`)
					shoot(t, tab, "hostile-"+c.name+suffix)
				}
			}
		}
		for ci, c := range cases {
			plain, hostile := looks["plain"][ci], looks["hostile"][ci]
			if len(plain) != n || len(hostile) != n {
				t.Fatalf("%s %s: %d and %d figures measured, want %d", tab.Engine(), c.name, len(plain), len(hostile), n)
			}
			for i, p := range plain {
				h := hostile[i]
				same := func(a, b float64) bool { return a-b < 0.5 && b-a < 0.5 }
				if !same(p.Cell, h.Cell) || !same(p.Digit, h.Digit) || !same(p.Index, h.Index) || !same(p.Board, h.Board) || !same(p.W, h.W) || !same(p.H, h.H) {
					t.Errorf("%s %s%s, figure %s: plain cell %.1f digit %.1f index %.1f board %.0f, %.0f×%.0f; hostile theme cell %.1f digit %.1f index %.1f board %.0f, %.0f×%.0f",
						tab.Engine(), c.name, suffix, p.Name, p.Cell, p.Digit, p.Index, p.Board, p.W, p.H, h.Cell, h.Digit, h.Index, h.Board, h.W, h.H)
				}
			}
			logLooks(t, fmt.Sprintf("%s %s%s hostile:", tab.Engine(), c.name, suffix), hostile[:1])
		}
	}
	t.Run("scripts", func(t *testing.T) {
		inEngines(t, func(t *testing.T, tab browsers.Tab) { compare(t, tab, "", true) })
	})
	t.Run("prerendered", func(t *testing.T) {
		inEnginesNoScript(t, func(t *testing.T, tab browsers.Tab) { compare(t, tab, "-off", false) })
	})
}

// A deck is a slide show's slide: its size in CSS px, its padding and its
// title's font size, as the deck's default theme draws them (reveal.js
// 960×700, Marp 1280×720, Slidev 980×552; the paddings and titles are
// near the themes', not theirs to the pixel).
type deck struct {
	name             string
	w, h             int
	padding, titlePx string
}

var decks = []deck{
	{"reveal", 960, 700, "20px", "64px"},
	{"marp", 1280, 720, "70px", "52px"},
	{"slidev", 980, 552, "40px 56px", "36px"},
}

// slidesPage is one slide per deck and figure: a box of the deck's size
// and padding, a title, and the figure in the room left under it
// (height="100%" in a box that takes that room), or with no height when
// boxed is false; extra goes on each element.
func slidesPage(boxed bool, extra string) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>slides</title>
<script type="module" src="bitview-element.js"></script>
<style>body { margin: 0; } .slide { box-sizing: border-box; display: flex; flex-direction: column; overflow: hidden; margin-bottom: 20px;
  font: 28px/1.3 system-ui, sans-serif; background: #fff; outline: 1px solid #888; } .slide h2 { margin: 0 0 0.4em; }
.room { flex: 1 1 0; min-height: 0; } bitboard-view { --bitview-content-visibility: visible; }</style></head><body>`)
	figures := map[string]string{
		"readme": strings.TrimSuffix(strings.TrimPrefix(readmeFigure, "<bitboard-view"), "></bitboard-view>"),
		"0x88":   ` layout="0x88" fen="8/8/8/8/4P3/8/8/8 w - - 0 1" show="P,(P &lt;&lt; 8) &amp; empty"`,
		"10x12":  ` layout="10x12" fen="8/8/8/8/4P3/8/8/8 w - - 0 1" show="P,(P &lt;&lt; 8) &amp; empty"`,
	}
	height := ""
	if boxed {
		height = ` height="100%"`
	}
	for _, d := range decks {
		for _, name := range []string{"readme", "0x88", "10x12"} {
			fmt.Fprintf(&b, `<section class="slide" data-deck="%s" style="width:%dpx;height:%dpx;padding:%s"><h2 style="font-size:%s">Bitboards</h2><div class="room"><bitboard-view data-name="%s"%s%s%s></bitboard-view></div></section>`+"\n",
				d.name, d.w, d.h, d.padding, d.titlePx, name, figures[name], height, extra)
		}
	}
	b.WriteString(`</body></html>`)
	return b.String()
}

// A slideLook is one figure on its slide: how far it passes the slide
// (px, each side's worst: its parts a reader sees, and its own box), how
// far its content passes its own box, the board's side, its first grid's
// cell, whether the board and the first grid are whole on the slide
// without scrolling, and the figure's height; lengths in the slide's own
// pixels (a deck scales its slides).
type slideLook struct {
	Deck, Name            string
	Out, Box, Spill       float64
	Board, Cell, H        float64
	BoardWhole, GridWhole bool
	Unreachable           int
}

// slideLookJS is a function of a slide (the element that holds the
// figure), the slide's box (a client rect), its scale (the width it is
// drawn at over its own: 1 on a page, reveal.js's and Marp's transforms
// on a deck) and the deck's name: the slideLook of the slide's first
// figure. TestFigureSlides and TestDecks both measure with it.
const slideLookJS = `((s, sr, scale, deck) => {
	const inside = (r, box) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
	// The part of el's box a reader sees: inside every ancestor that clips.
	const seen = (el) => { let r = el.getBoundingClientRect(), l = r.left, t = r.top, ri = r.right, b = r.bottom;
		for (let p = el.parentElement ?? el.getRootNode().host; p; p = p.parentElement ?? p.getRootNode().host) {
			const cs = getComputedStyle(p); if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
			const c = p.getBoundingClientRect(); l = Math.max(l, c.left); t = Math.max(t, c.top); ri = Math.min(ri, c.right); b = Math.min(b, c.bottom); }
		return ri - l >= r.width - 0.5 && b - t >= r.height - 0.5; };
	const past = (r) => Math.max(sr.left - r.left, r.right - sr.right, sr.top - r.top, r.bottom - sr.bottom);
	const v = s.querySelector('bitboard-view'), root = v.shadowRoot, vr = v.getBoundingClientRect();
	const embed = root.querySelector('.bitview-embed');
	const squares = [...root.querySelectorAll('.view-board:not([hidden]) .sq')], cells = [...root.querySelectorAll('.view .card .bits')][0]?.querySelectorAll('.cell') ?? [];
	const all = [...root.querySelectorAll('.view *')].filter((e) => e.getBoundingClientRect().width > 0);
	return { deck, name: v.dataset.name ?? '',
		out: Math.max(0, ...all.filter(seen).map((e) => past(e.getBoundingClientRect()))) / scale,
		box: Math.max(0, past(vr)) / scale,
		spill: Math.max(0, embed.scrollHeight - embed.clientHeight, embed.scrollWidth - embed.clientWidth),
		board: squares.length ? squares[0].getBoundingClientRect().width * 8 / scale : 0,
		cell: Math.min(...[...cells].filter((c) => c.dataset.square).map((c) => c.getBoundingClientRect().width)) / scale,
		h: vr.height / scale,
		boardWhole: squares.every((q) => inside(q.getBoundingClientRect(), sr) && seen(q)),
		gridWhole: cells.length > 0 && [...cells].every((c) => inside(c.getBoundingClientRect(), sr) && seen(c)),
		unreachable: 0 };
})`

// slideLooksJS measures the figure of each .slide of slidesPage.
const slideLooksJS = `[...document.querySelectorAll('.slide')].map((s) => ` + slideLookJS + `(s, s.getBoundingClientRect(), 1, s.dataset.deck))`

// TestFigureSlides puts the README's figure, an 0x88 and a 10×12 one on
// slides of reveal.js's, Marp's and Slidev's sizes, each given the room
// under the slide's title (height="100%"): nothing of a figure is outside
// its slide or its own box, and the board and the first grid are whole
// on the slide, unscrolled, with cells of 28 px or more. With size="300px"
// too, nothing passes the slide and the first grid keeps 28 px cells (20
// for 0x88 and 10×12; it may need a scroll inside the figure). Without a height, the figures'
// heights are logged (they overflow, as before). With height="100%" in a
// parent as tall as its content (a reveal.js slide's paragraph), which
// CSS reads as no height, each figure takes 30rem, its board drawn at
// 28 px squares or more (its view was 0 px tall and its board 0 px wide
// before: a blank figure).
func TestFigureSlides(t *testing.T) {
	auto := strings.ReplaceAll(slidesPage(true, ""), `<div class="room">`, `<div class="auto">`)
	url := figureSite(t, map[string]string{"boxed.html": slidesPage(true, ""), "narrow.html": slidesPage(true, ` size="300px"`), "free.html": slidesPage(false, ""), "auto.html": auto})
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		resize(t, tab, 1400, 900)
		for _, page := range []string{"free", "boxed", "narrow", "auto"} {
			visit(t, tab, url+"/"+page+".html")
			waitViewsIn(t, tab)
			for _, l := range evalIn[[]slideLook](t, tab, slideLooksJS) {
				name := fmt.Sprintf("%s %s, %s figure (%s)", tab.Engine(), l.Deck, l.Name, page)
				t.Logf("%s: %.0f px tall, %.0f px outside the slide, board %.0f, cell %.1f, board whole %v, first grid whole %v", name, l.H, l.Out, l.Board, l.Cell, l.BoardWhole, l.GridWhole)
				switch page {
				case "boxed":
					if l.Out > 0.5 || l.Spill > 1 || !l.BoardWhole || !l.GridWhole || l.Cell < 28 {
						t.Errorf("%s: %.0f px outside the slide, content %.0f px past the figure's box, board whole %v, first grid whole %v, cells %.1f px; want nothing outside, both whole, cells of 28 px or more",
							name, l.Out, l.Spill, l.BoardWhole, l.GridWhole, l.Cell)
					}
				case "narrow":
					least := 28.0
					if l.Name != "readme" {
						least = 20 // 16 or 10 columns in 300 px: the phone's least
					}
					if l.Out > 0.5 || l.Spill > 1 || l.Cell < least {
						t.Errorf("%s: %.0f px outside the slide, content %.0f px past the figure's box, cells %.1f px; want nothing outside and cells of %.0f px or more", name, l.Out, l.Spill, l.Cell, least)
					}
				case "auto":
					if l.H < 479 || l.H > 481 || l.Board < 8*28 || l.Cell < 28 {
						t.Errorf("%s: %.1f px tall, board %.0f px, cells %.1f px; want 480 px (30rem), a board of 28 px squares or more and cells of 28 px or more", name, l.H, l.Board, l.Cell)
					}
				}
			}
			for _, d := range decks {
				evalIn[bool](t, tab, `(document.querySelector('.slide[data-deck="`+d.name+`"]').scrollIntoView(), true)`)
				shoot(t, tab, "slide-"+page+"-"+d.name)
			}
		}
	})
}

// A tutorialLook is one figure of tutorial.html: its first grid's cell,
// digit and index (px; 0 without a grid), its board's side, and the
// smallest index of its representations (0 without them).
type tutorialLook struct {
	ID, Layout                      string
	Cell, Digit, Index, Board, Repr float64
	Unreachable                     int
}

const tutorialLooksJS = `[...document.querySelectorAll('bitboard-view')].map((v, i) => {
	const root = v.shadowRoot, cell = root.querySelector('.view .card .bits .cell[data-square]'), small = cell?.querySelector('small');
	const sq = root.querySelector('.view-board:not([hidden]) .board .sq');
	const repr = [...root.querySelectorAll('.repr .cell small')].filter((s) => getComputedStyle(s).display !== 'none' && s.getBoundingClientRect().width > 0).map((s) => parseFloat(getComputedStyle(s).fontSize));
	// A cell of the first grid a reader cannot scroll to: before its
	// scroller's start, or past its end.
	const unreachable = [...(root.querySelector('.view .card .bits')?.querySelectorAll('.cell') ?? [])].filter((c) => {
		const r = c.getBoundingClientRect();
		for (let p = c.parentElement ?? c.getRootNode().host; p; p = p.parentElement ?? p.getRootNode().host) {
			const cs = getComputedStyle(p); if (cs.overflowX === 'visible') continue;
			const b = p.getBoundingClientRect(), start = b.left + p.clientLeft - p.scrollLeft;
			if (r.left < start - 0.5 || r.right > start + p.scrollWidth + 0.5) return true;
		}
		return r.left + scrollX < -0.5;
	}).length;
	return { id: v.closest('figure')?.id || String(i + 1), layout: v.getAttribute('layout') ?? 'lerf',
		cell: cell ? cell.getBoundingClientRect().width : 0, digit: cell ? parseFloat(getComputedStyle(cell.querySelector('b')).fontSize) : 0,
		index: small && getComputedStyle(small).display !== 'none' ? parseFloat(getComputedStyle(small).fontSize) : 0,
		board: sq ? sq.getBoundingClientRect().width * 8 : 0, repr: repr.length ? Math.min(...repr) : 0, unreachable };
})`

// TestTutorialSizes measures tutorial.html's figures at 1280 and 360 px
// in the three engines: every first grid at issue 44's sizes (at 1280 as
// in an author's column: 34 / 16 / 11 px cell / digit / index, 24 / 12 /
// 9 for 0x88; at 360 as on a phone: 30 / 15 / 10, 20 / 11 / 8), within a
// scroll's reach, and the representations' indices 9 px or more (8 at
// 360).
func TestTutorialSizes(t *testing.T) {
	builtTutorial(t)
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, siteURL+"/tutorial.html")
		waitViewsIn(t, tab)
		for _, w := range []int{1280, 360} {
			resize(t, tab, w, 900)
			waitIn(t, tab, fmt.Sprintf(`innerWidth === %d`, w))
			// Lay every figure out: content-visibility holds those off the
			// screen at their placeholder until they come near it.
			evalIn[bool](t, tab, `(document.querySelectorAll('bitboard-view').forEach((v) => v.style.setProperty('--bitview-content-visibility', 'visible')), true)`)
			for _, f := range evalIn[[]tutorialLook](t, tab, tutorialLooksJS) {
				t.Logf("%s %d px, figure %s (%s): cell %.1f digit %.1f index %.1f board %.0f, representations' indices %.1f", tab.Engine(), w, f.ID, f.Layout, f.Cell, f.Digit, f.Index, f.Board, f.Repr)
				wide := f.Layout == "0x88" || f.Layout == "10x12"
				cell, digit, index, repr := 34.0, 16.0, 11.0, 9.0
				switch {
				case w == 1280 && wide:
					cell, digit, index = 24, 12, 9
				case w == 360 && !wide:
					cell, digit, index, repr = 30, 15, 10, 8
				case w == 360:
					cell, digit, index, repr = 20, 11, 8, 8
				}
				if f.Cell > 0 && (f.Cell < cell-0.05 || f.Digit < digit-0.05 || f.Index < index-0.05) {
					t.Errorf("%s at %d px, figure %s (%s): cell %.1f, digit %.1f, index %.1f; want at least %.0f / %.0f / %.0f", tab.Engine(), w, f.ID, f.Layout, f.Cell, f.Digit, f.Index, cell, digit, index)
				}
				if f.Repr > 0 && f.Repr < repr-0.05 {
					t.Errorf("%s at %d px, figure %s: representations' indices of %.1f px, want %.0f or more", tab.Engine(), w, f.ID, f.Repr, repr)
				}
				if f.Unreachable > 0 {
					t.Errorf("%s at %d px, figure %s: %d cells of its first grid out of a scroll's reach", tab.Engine(), w, f.ID, f.Unreachable)
				}
			}
		}
	})
}
