//go:build !(js && wasm)

package browser

// The page as a reader meets it (issue 44): at a phone's, a tablet's, a
// laptop's and a projector's sizes, a phone held sideways and 200 % zoom,
// in every numbering, with no tool and with the Expression tool open,
// the board, the first card's grid and the Expression result at readable
// sizes, every off-board slot in reach, nothing focused under anything,
// presentation's texts apart. One page load; the sizes, numberings and
// tool change in place.

import (
	"context"
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// squareScale is what squareProbe reads of one grid: its board squares
// apart from its off-board slots.
type squareScale struct {
	Squares, Shown      int     // squares, and those whose index shows whole in the square
	Cell, Digit, Index  float64 // the smallest square's side, digit and shown index, CSS px
	Slots, SlotsReached int     // off-board slots, and those a pointer reaches once scrolled to
	Slot                float64 // the narrowest slot's width
}

// squareProbe is a JS function (sel): the squareScale of the first grid
// sel matches that is laid out, or null. A slot is reached when, scrolled
// into view (nearest), the topmost element at its centre is the slot.
const squareProbe = `(sel) => {
	const visible = (e) => { const s = getComputedStyle(e), r = e.getBoundingClientRect(); return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
	const cx = document.createElement('canvas').getContext('2d');
	const ink = (el, text) => {
		const cs = getComputedStyle(el), r = el.getBoundingClientRect();
		cx.font = cs.fontStyle + ' ' + cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
		const m = cx.measureText(text), lh = cs.lineHeight === 'normal' ? m.fontBoundingBoxAscent + m.fontBoundingBoxDescent : parseFloat(cs.lineHeight);
		const base = r.top + (r.height - lh) / 2 + (lh - (m.fontBoundingBoxAscent + m.fontBoundingBoxDescent)) / 2 + m.fontBoundingBoxAscent;
		const mid = r.left + r.width / 2;
		return { l: mid - m.width / 2, r: mid + m.width / 2, t: base - m.actualBoundingBoxAscent, b: base + m.actualBoundingBoxDescent };
	};
	const g = [...document.querySelectorAll(sel)].find((g) => !g.classList.contains('repr-grid') && visible(g));
	if (!g) return null;
	const x = scrollX, y = scrollY;
	let squares = 0, shown = 0, cell = 1e9, digit = 1e9, index = 1e9, slots = 0, reached = 0, slot = 1e9;
	for (const c of g.querySelectorAll('.cell')) {
		const cr = c.getBoundingClientRect();
		if (c.hasAttribute('data-offboard') || c.classList.contains('off')) {
			slots++;
			slot = Math.min(slot, cr.width);
			c.scrollIntoView({ block: 'nearest', inline: 'nearest' });
			const r = c.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			if (r.width >= 4 && at && (at === c || c.contains(at))) reached++;
			continue;
		}
		if (!c.hasAttribute('data-square')) continue;
		squares++;
		cell = Math.min(cell, cr.width, cr.height);
		const b = c.querySelector('b'), s = c.querySelector('small');
		if (b) digit = Math.min(digit, parseFloat(getComputedStyle(b).fontSize));
		if (!s || !visible(s)) continue;
		const gs = ink(s, s.textContent);
		if (gs.t < cr.top - 0.5 || gs.b > cr.bottom + 0.5 || gs.l < cr.left - 0.5 || gs.r > cr.right + 0.5) continue;
		shown++;
		index = Math.min(index, parseFloat(getComputedStyle(s).fontSize));
	}
	for (let p = g.parentElement; p; p = p.parentElement) p.scrollLeft = 0;
	scrollTo(x, y);
	return { Squares: squares, Shown: shown, Cell: squares ? cell : 0, Digit: digit === 1e9 ? 0 : digit, Index: index === 1e9 ? 0 : index,
		Slots: slots, SlotsReached: reached, Slot: slots ? slot : 0 };
}`

func (g *squareScale) String() string {
	if g == nil {
		return "no grid"
	}
	s := fmt.Sprintf("%.1f / %.1f / %.1f px (%d/%d indices)", g.Cell, g.Digit, g.Index, g.Shown, g.Squares)
	if g.Slots > 0 {
		s += fmt.Sprintf(", slots ≥ %.1f px, %d/%d reached", g.Slot, g.SlotsReached, g.Slots)
	}
	return s
}

// textOverlaps is a JS expression: the pairs of text boxes under #cards
// (cells' digits and indices aside) that overlap by more than a pixel
// across and a quarter of the smaller one's height, as "a / b".
const textOverlaps = `(() => {
	const boxes = [], walker = document.createTreeWalker(document.getElementById('cards'), NodeFilter.SHOW_TEXT), range = document.createRange();
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const p = n.parentElement;
		if (!n.textContent.trim() || !p || p.closest('.cell') || getComputedStyle(p).display === 'none') continue;
		range.selectNodeContents(n);
		for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) boxes.push({ r, text: n.textContent.trim().slice(0, 24) });
	}
	const out = [];
	for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
		const a = boxes[i].r, b = boxes[j].r;
		const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
		if (x > 1 && y > Math.min(a.height, b.height) / 4) out.push(boxes[i].text + ' / ' + boxes[j].text);
	}
	return out;
})()`

// focusWalk presses Tab up to max times from the top of the page and
// returns each control focused that was not whole in the viewport or was
// covered at its centre (with what covered it), and how many were focused.
func focusWalk(t *testing.T, ctx context.Context, max int) (covered []string, n int) {
	t.Helper()
	eval[any](t, ctx, `(document.activeElement?.blur(), scrollTo(0, 0), window.__focus = [], null)`)
	record := `(() => { const el = document.activeElement; if (!el || el === document.body) return null;
		const r = el.getClientRects()[0] ?? el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		const at = document.elementFromPoint(x, y), name = (e) => e ? (e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20) || e.className || e.tagName) : 'nothing';
		const inside = r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
		__focus.push({ el: name(el), ok: inside && !!at && (at === el || el.contains(at)), by: inside ? name(at) : 'outside the viewport' });
		return null; })()`
	key := func(typ input.DispatchKeyEventType) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: typ, Key: "Tab", Code: "Tab",
				WindowsVirtualKeyCode: 9, NativeVirtualKeyCode: 9})
			return err
		})
	}
	var actions []chromedp.Action[chromedp.Void]
	for range max {
		actions = append(actions, key(input.DispatchKeyEventTypeRawKeyDown), key(input.DispatchKeyEventTypeKeyUp), chromedp.Evaluate[chromedp.Void](record))
	}
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
	type step struct {
		El, By string
		OK     bool
	}
	steps := eval[[]step](t, ctx, `__focus.map((f) => ({ el: f.el, by: f.by, ok: f.ok }))`)
	for _, s := range steps {
		if !s.OK {
			covered = append(covered, s.El+" (under "+s.By+")")
		}
	}
	eval[any](t, ctx, `(document.activeElement?.blur(), scrollTo(0, 0), null)`)
	return covered, len(steps)
}

// settle waits until js is true and two frames more (what main.js
// measures once the page is laid out, --cards-h, is then in the layout).
func settle(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](js)); err != nil {
		t.Fatalf("waiting for %s: %v", js, err)
	}
	evalAsync[any](t, ctx, `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))`)
}

// readerSize is a window of issue 44 and what it asks of it.
type readerSize struct {
	w, h  int64
	short bool // a phone held sideways or 200 % zoom: no grid under 20 px, nothing focused covered
}

var readerSizes = []readerSize{
	{360, 740, false}, {768, 1024, false}, {1024, 768, false}, {1366, 768, false}, {1920, 1080, false},
	{844, 390, true}, {740, 360, true}, {683, 384, true},
}

// wantSquares is issue 44's smallest cell / digit / index for the page's
// first card at a size, in a numbering (wide: 0x88, 10×12).
func wantSquares(s readerSize, wide bool) (cell, digit, index float64) {
	switch {
	case s.w == 360 && wide:
		return 20, 11, 8
	case s.w == 360:
		// Issue 44 asks 30 / 15 / 10; the page keeps a 300 px board and
		// a whole grid on a 740 px first screen (TestFirstScreen,
		// TestRoomPhone), which leaves the first grid 22 px cells. An
		// author's page at 360 px reaches 30 (TestFigureColumns).
		return 22, 11, 9
	case s.short:
		return 20, 0, 0
	case wide:
		return 24, 12, 9
	}
	return 34, 16, 11
}

// TestReaderSizes loads the page once (Kiwipete, four cards) and, at each
// of issue 44's sizes (readerSizes) and in LERF, 0x88 and 10×12, measures
// the board and the first card's squares (cell / digit / index px, the
// off-board slots and whether a pointer reaches each), then with the
// Expression tool open its result's squares, whether its panel scrolls
// sideways and whether its hex value is whole, and the cards' squares
// against theirs with no tool; on the short sizes it tabs through every
// control and finds none covered or out of view (WCAG 2.2 Focus Not
// Obscured); presented at 1280×720 and 1920×1080 with four 0x88 cards, no
// two texts overlap. With BITVIEW_MEASURE_BEFORE (a built web/ or dist/
// of the commit before) it measures that one too and logs both, asserting
// nothing of it.
func TestReaderSizes(t *testing.T) {
	ctx, web := site(t)
	sites := []struct{ name, url string }{{"after", web}}
	if before := measureBefore(t); before != "" {
		sites = append([]struct{ name, url string }{{"before", serveDir(t, before)}}, sites...)
	}
	expr := "(P << 8) & ~occupied"
	for _, st := range sites {
		check := st.name == "after"
		errorf := func(format string, args ...any) {
			if check {
				t.Errorf(format, args...)
			}
		}
		viewport(t, ctx, 1366, 768)
		open(t, ctx, st.url+"/?fen="+url.QueryEscape(kiwipeteFEN)+"&show="+url.QueryEscape("P,n,occupied,attacked:w")+"&expr="+url.QueryEscape(expr))
		for _, s := range readerSizes {
			viewport(t, ctx, s.w, s.h)
			settle(t, ctx, fmt.Sprintf(`innerWidth === %d && innerHeight === %d`, s.w, s.h))
			for _, l := range []string{"lerf", "0x88", "10x12"} {
				cols := map[string]int{"lerf": 8, "0x88": 16, "10x12": 10}[l]
				wide := cols != 8
				eval[bool](t, ctx, `(document.querySelector('input[name="layout"][value="`+l+`"]').click(), true)`)
				settle(t, ctx, fmt.Sprintf(`(document.querySelector('#cards .card .bits')?.getAttribute('style') ?? '').includes('--cols:%d')`, cols))
				name := fmt.Sprintf("%s %dx%d %s", st.name, s.w, s.h, l)
				board := eval[float64](t, ctx, boardSize)
				closed := eval[*squareScale](t, ctx, `(`+squareProbe+`)('#cards .card .bits')`)
				c, d, i := wantSquares(s, wide)
				t.Logf("%s: board %.0f px, first card %v", name, board, closed)
				if g := closed; g == nil || g.Cell < c-0.05 || g.Digit < d-0.05 || g.Index < i-0.05 || g.SlotsReached != g.Slots {
					errorf("%s: the first card %v; want at least %.0f / %.0f / %.0f px, every slot reached", name, g, c, d, i)
				}
				// The Expression tool, opened in place.
				eval[bool](t, ctx, `(document.getElementById('tab-playground').click(), true)`)
				settle(t, ctx, `document.documentElement.dataset.tool === 'playground' && !!document.querySelector('#expr-result .bits')`)
				open := eval[*squareScale](t, ctx, `(`+squareProbe+`)('#cards .card .bits')`)
				result := eval[*squareScale](t, ctx, `(`+squareProbe+`)('#expr-result .bits')`)
				panel := eval[map[string]any](t, ctx, `(() => { const p = document.getElementById('playground'), hex = document.querySelector('#expr-result code[data-format="hex"]');
					hex.scrollIntoView({ block: 'nearest' }); const h = hex.getBoundingClientRect(), r = p.getBoundingClientRect();
					// Each line of the value, at its centre, is the value's (not under something).
					const lines = [...hex.getClientRects()].map((l) => document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2)), at = lines.find((e) => !e || !hex.contains(e));
					const inside = h.left >= r.left - 0.5 && h.right <= r.right + 0.5 && h.top >= -0.5 && h.bottom <= innerHeight + 0.5, wide = hex.scrollWidth > hex.clientWidth + 1, over = lines.length > 0 && at === undefined;
					const out = { sideways: p.scrollWidth - p.clientWidth, hex: inside && !wide && over, why: inside && !wide && over ? '' : 'inside ' + inside + ' overflows ' + wide + ' at its centre ' + (at ? at.tagName + '.' + at.className : 'nothing') };
					scrollTo(0, 0); return out; })()`)
				ratio := 0.0
				if open != nil && closed != nil && closed.Cell > 0 {
					ratio = open.Cell / closed.Cell
				}
				t.Logf("%s, Expression open: result %v; panel sideways %v px, hex whole %v %v; cards %v (%.2f of closed)", name, result, panel["sideways"], panel["hex"], panel["why"], open, ratio)
				if g := result; g == nil || g.Cell < 20 || g.SlotsReached != g.Slots {
					errorf("%s, Expression open: the result %v; want squares of 20 px or more, every slot reached", name, g)
				}
				if panel["sideways"].(float64) > 1 || panel["hex"] != true {
					errorf("%s, Expression open: the panel scrolls %v px sideways, the hex whole in view %v", name, panel["sideways"], panel["hex"])
				}
				if s.w == 1366 && l == "lerf" && ratio < 0.9 {
					errorf("%s, Expression open: the cards' squares %.2f of their size with no tool", name, ratio)
				}
				if (s.short || s.w < 1024) && l == "0x88" {
					covered, n := focusWalk(t, ctx, 130)
					t.Logf("%s, Expression open: %d controls focused with Tab, %d covered or outside the viewport %q", name, n, len(covered), covered[:min(len(covered), 3)])
					if len(covered) > 0 || n < 40 {
						errorf("%s, Expression open: %d of %d controls focused covered or outside the viewport: %q", name, len(covered), n, covered)
					}
				}
				if check && l == "0x88" {
					viewportShot(t, ctx, fmt.Sprintf("reader-%dx%d-0x88-expression", s.w, s.h))
				}
				if s.w == 1366 && l == "lerf" {
					// Show as a card adds the result to the cards, and takes it out again.
					cards := `document.querySelectorAll('#cards .card').length`
					n := eval[int](t, ctx, cards)
					eval[bool](t, ctx, `(document.querySelector('#expr-result [data-card]').click(), true)`)
					settle(t, ctx, cards+` === `+fmt.Sprint(n+1)+` && document.querySelector('#expr-result [data-card]').getAttribute('aria-pressed') === 'true'`)
					eval[bool](t, ctx, `(document.querySelector('#expr-result [data-card]').click(), true)`)
					settle(t, ctx, cards+` === `+fmt.Sprint(n))
					t.Logf("%s: Show as a card: %d cards, %d, then %d", name, n, n+1, n)
				}
				eval[bool](t, ctx, `(document.getElementById('tab-playground').click(), true)`)
				settle(t, ctx, `!document.documentElement.dataset.tool`)
			}
			if s.w == 1366 {
				// Representations' indices (9.8 px at 1366×768 on main).
				eval[bool](t, ctx, `(document.getElementById('tab-repr').click(), true)`)
				settle(t, ctx, `document.documentElement.dataset.tool === 'repr' && !!document.querySelector('#repr .repr-grid .cell small')`)
				repr := eval[map[string]float64](t, ctx, `(() => { let min = 1e9, n = 0;
					for (const s of document.querySelectorAll('#repr .repr-grid .cell small')) {
						if (getComputedStyle(s).display === 'none' || s.getBoundingClientRect().width === 0) continue;
						n++; min = Math.min(min, parseFloat(getComputedStyle(s).fontSize)); }
					return { min, n }; })()`)
				t.Logf("%s %dx%d Representations: %v indices, the smallest %.1f px", st.name, s.w, s.h, repr["n"], repr["min"])
				if repr["n"] == 0 || repr["min"] < 11 {
					errorf("%s %dx%d Representations: %v indices, the smallest %.1f px, want 11 or more", st.name, s.w, s.h, repr["n"], repr["min"])
				}
				eval[bool](t, ctx, `(document.getElementById('tab-repr').click(), true)`)
				settle(t, ctx, `!document.documentElement.dataset.tool`)
			}
			if s.w == 360 {
				tapBeside(t, ctx, st.name, errorf)
			}
			if check {
				viewportShot(t, ctx, fmt.Sprintf("reader-%dx%d-10x12", s.w, s.h))
			}
		}
		// Presentation, four 0x88 cards.
		eval[bool](t, ctx, `(document.querySelector('input[name="layout"][value="0x88"]').click(), document.querySelector('[data-action="present"]').click(), true)`)
		for _, s := range []readerSize{{1280, 720, false}, {1920, 1080, false}} {
			viewport(t, ctx, s.w, s.h)
			settle(t, ctx, fmt.Sprintf(`innerWidth === %d && document.documentElement.classList.contains('present') && (document.querySelector('#cards .card .bits')?.getAttribute('style') ?? '').includes('--cols:16')`, s.w))
			over := eval[[]string](t, ctx, textOverlaps)
			g := eval[*squareScale](t, ctx, `(`+squareProbe+`)('#cards .card .bits')`)
			t.Logf("%s present %dx%d 0x88, four cards: first %v; %d texts over another %q", st.name, s.w, s.h, g, len(over), over[:min(len(over), 3)])
			if len(over) > 0 {
				errorf("%s present %dx%d 0x88: texts over each other: %q", st.name, s.w, s.h, over)
			}
			if check {
				viewportShot(t, ctx, fmt.Sprintf("reader-present-%dx%d-0x88", s.w, s.h))
			}
		}
		eval[bool](t, ctx, `(document.querySelector('[data-action="present"]').click(), true)`)
	}
}

// viewport sets the tab's viewport in CSS px.
func viewport(t *testing.T, ctx context.Context, w, h int64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatal(err)
	}
}

// tapBeside taps, as a phone's finger, a square of the board and a cell
// far down the page (360×740 with touch): the square panel, whose place
// is at the page's end, shows that square's indices on the screen beside
// what was tapped (within 16 px, not over it).
func tapBeside(t *testing.T, ctx context.Context, site string, errorf func(string, ...any)) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	settle(t, ctx, `innerWidth === 360`)
	for _, sq := range []struct{ sel, want string }{{`#board [data-square="e4"]`, "e4"}, {`#cards .card:nth-child(3) .cell[data-square="c6"]`, "c6"}} {
		xy := eval[[]float64](t, ctx, `(() => { const e = document.querySelector(`+"`"+sq.sel+"`"+`); e.scrollIntoView({ block: 'center' });
			const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
		pt := []*input.TouchPoint{{X: xy[0], Y: xy[1]}}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}); err != nil {
			t.Fatal(err)
		}
		got := evalAsync[map[string]any](t, ctx, `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done((() => {
			const i = document.getElementById('square-info'), e = document.querySelector(`+"`"+sq.sel+"`"+`), r = i.getBoundingClientRect(), s = e.getBoundingClientRect();
			return { square: i.querySelector('[data-info-square]')?.dataset.infoSquare ?? '', inside: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
				gap: Math.max(s.top - r.bottom, r.top - s.bottom), covers: r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom }; })()))))`)
		t.Logf("%s 360x740, tapped %s: the square panel shows %q, on the screen %v, %.0f px from it", site, sq.want, got["square"], got["inside"], got["gap"])
		if got["square"] != sq.want || got["inside"] != true || got["gap"].(float64) > 16 || got["gap"].(float64) < 0 || got["covers"] == true {
			errorf("%s 360x740, tapped %s: the square panel %v; want its indices on the screen beside it", site, sq.want, got)
		}
	}
	eval[any](t, ctx, `(scrollTo(0, 0), null)`)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740)); err != nil {
		t.Fatal(err)
	}
}
