//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// screens are the sizes a person opens the page at: a phone, a tablet, a
// laptop and a projector.
var screens = []struct {
	name string
	w, h int64
}{{"phone", 360, 740}, {"tablet", 768, 1024}, {"laptop", 1280, 800}, {"projector", 1920, 1080}}

// firstScreen is where the board and the first grid are on the first
// screen, in CSS pixels from the top of the viewport, and whether each is
// whole and uncovered there.
type firstScreen struct {
	BoardTop, BoardBottom     float64
	GridTop, GridBottom       float64
	BoardShown, GridShown     bool   // whole inside the viewport and not covered at its corners and centre
	BoardCover, GridCover     string // what covers it, when something does
	ViewportW, ViewportH      float64
	ScrollWidth               float64
	FirstGridCard, BoardWidth float64
}

// measureFirstScreen reads firstScreen in the tab, scrolled to the top.
func measureFirstScreen(t *testing.T, ctx context.Context) firstScreen {
	t.Helper()
	return eval[firstScreen](t, ctx, `(() => {
		scrollTo(0, 0);
		const vw = innerWidth, vh = innerHeight;
		// shown: the element is whole inside the viewport and the topmost
		// element at its centre and near its four corners is inside it.
		const shown = (el) => {
			if (!el) return [false, 'missing'];
			const r = el.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) return [false, 'not laid out'];
			if (r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5) return [false, 'outside the viewport'];
			const pts = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4]];
			for (const [x, y] of pts) {
				const at = document.elementFromPoint(x, y);
				if (!at || !(el === at || el.contains(at))) return [false, at ? (at.id || at.className || at.tagName) : 'nothing'];
			}
			return [true, ''];
		};
		const board = document.querySelector('#board .board');
		const grid = document.querySelector('#cards .card .bits');
		const b = board?.getBoundingClientRect(), g = grid?.getBoundingClientRect();
		const [bs, bc] = shown(board), [gs, gc] = shown(grid);
		return {BoardTop: b?.top ?? -1, BoardBottom: b?.bottom ?? -1, GridTop: g?.top ?? -1, GridBottom: g?.bottom ?? -1,
			BoardShown: bs, GridShown: gs, BoardCover: bc, GridCover: gc, ViewportW: vw, ViewportH: vh,
			ScrollWidth: document.documentElement.scrollWidth, FirstGridCard: g?.width ?? 0, BoardWidth: b?.width ?? 0};
	})()`)
}

// TestFirstScreen: at every size from a phone to a projector, on the
// default view and on Kiwipete with four cards, the whole board and at
// least one whole grid are on the first screen, uncovered, and nothing
// scrolls sideways.
func TestFirstScreen(t *testing.T) {
	ctx, site := site(t)
	views := []struct{ name, query string }{
		{"default", "/"},
		{"kiwipete-4", "/?fen=" + url.QueryEscape(kiwipeteFEN) + "&show=P,n,occupied,attackedByBlack"},
	}
	for _, s := range screens {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.w, s.h)); err != nil {
			t.Fatal(err)
		}
		for _, v := range views {
			open(t, ctx, site+v.query)
			m := measureFirstScreen(t, ctx)
			t.Logf("%s %dx%d %s: board %.0f–%.0f (%s), first grid %.0f–%.0f (%s)", s.name, s.w, s.h, v.name,
				m.BoardTop, m.BoardBottom, yes(m.BoardShown, m.BoardCover), m.GridTop, m.GridBottom, yes(m.GridShown, m.GridCover))
			if !m.BoardShown || !m.GridShown {
				t.Errorf("%s %s: board shown %v (%s), grid shown %v (%s)", s.name, v.name, m.BoardShown, m.BoardCover, m.GridShown, m.GridCover)
			}
			if m.ScrollWidth > m.ViewportW+1 {
				t.Errorf("%s %s: the page is %.0f px wide in a %.0f px viewport", s.name, v.name, m.ScrollWidth, m.ViewportW)
			}
			viewportShot(t, ctx, fmt.Sprintf("first-screen-%s-%s", s.name, v.name))
		}
	}
}

// TestFirstScreenWidths: the same at the widths between, with the heights
// screens of those widths have: the whole board and a whole grid on the
// first screen, nothing sideways. The page is loaded once and the window
// resized (as a reader's), each size measured from the top.
func TestFirstScreenWidths(t *testing.T) {
	ctx, site := site(t)
	for i, s := range []struct{ w, h int64 }{{360, 640}, {414, 896}, {600, 960}, {900, 700}, {1024, 768}, {1100, 800},
		{1366, 768}, {1440, 900}, {1600, 900}, {2560, 1440}} {
		viewport(t, ctx, s.w, s.h)
		if i == 0 {
			open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN)+"&show=P,n,occupied,attackedByBlack")
		}
		settle(t, ctx, sizedAndTop(s.w, s.h))
		m := measureFirstScreen(t, ctx)
		t.Logf("%dx%d: board %.0f–%.0f (%s), first grid %.0f–%.0f (%s)", s.w, s.h, m.BoardTop, m.BoardBottom,
			yes(m.BoardShown, m.BoardCover), m.GridTop, m.GridBottom, yes(m.GridShown, m.GridCover))
		if !m.BoardShown || !m.GridShown || m.ScrollWidth > m.ViewportW+1 {
			t.Errorf("%dx%d: board %v (%s), grid %v (%s), page %.0f wide", s.w, s.h, m.BoardShown, m.BoardCover, m.GridShown, m.GridCover, m.ScrollWidth)
		}
	}
}

// TestBoardFollowsTheCards: scrolled down to the last of four cards, the
// board is still whole on screen, uncovered (wide: its column stays; narrow:
// a compact board sticks to the top), so that a cell pointed at shows on
// the board at the same time; and stepping a game moves neither.
func TestBoardFollowsTheCards(t *testing.T) {
	ctx, site := site(t)
	for _, s := range screens {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.w, s.h)); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, site+"/?fen="+url.QueryEscape(kiwipeteFEN)+"&show=P,n,occupied,attackedByBlack")
		got := eval[map[string]any](t, ctx, `(() => {
			const cards = document.querySelectorAll('#cards .card');
			cards[cards.length - 1].querySelector('.bits').scrollIntoView({ block: 'end' });
			const b = document.querySelector('#board .board').getBoundingClientRect();
			const g = cards[cards.length - 1].querySelector('.bits').getBoundingClientRect();
			const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
			const cell = document.elementFromPoint(g.left + g.width / 2, g.top + g.height / 2);
			return { scrolled: scrollY, top: b.top, bottom: b.bottom, vh: innerHeight,
				board: !!at && !!at.closest('#board'), grid: !!cell && !!cell.closest('#cards'),
				overlap: Math.max(0, Math.min(b.bottom, g.bottom) - Math.max(b.top, g.top)) > 0 && Math.max(0, Math.min(b.right, g.right) - Math.max(b.left, g.left)) > 0 };
		})()`)
		t.Logf("%s: scrolled %v px to the last card; board %v–%v", s.name, got["scrolled"], got["top"], got["bottom"])
		if got["top"].(float64) < -0.5 || got["bottom"].(float64) > got["vh"].(float64)+0.5 || got["board"] != true || got["grid"] != true || got["overlap"] == true {
			t.Errorf("%s: scrolled to the last card, the board is at %v–%v of %v (uncovered %v), the grid uncovered %v, overlapping %v",
				s.name, got["top"], got["bottom"], got["vh"], got["board"], got["grid"], got["overlap"])
		}
		viewportShot(t, ctx, "scrolled-"+s.name)
		// A game stepped from the keyboard keeps the board where it is.
		eval[bool](t, ctx, `(document.querySelector('[data-action="pgn-sample"]').click(), true)`)
		before := eval[float64](t, ctx, `document.querySelector('#board .board').getBoundingClientRect().top`)
		for range 12 {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				t.Fatal(err)
			}
		}
		after := linkEval[map[string]float64](t, ctx, `({ top: document.querySelector('#board .board').getBoundingClientRect().top,
			ply: +new URLSearchParams(location.search).get('ply') })`)
		if after["ply"] != 12 || after["top"] != before {
			t.Errorf("%s: 12 steps gave ply %v and moved the board from %v to %v", s.name, after["ply"], before, after["top"])
		}
	}
}

// sizedAndTop is true once the viewport is w×h, and scrolls the page to
// its top: what settle waits for after a resize in place.
func sizedAndTop(w, h int64) string {
	return fmt.Sprintf(`innerWidth === %d && innerHeight === %d && (scrollTo(0, 0), true)`, w, h)
}

// yes says "whole" or what is wrong.
func yes(ok bool, why string) string {
	if ok {
		return "whole"
	}
	return why
}

// TestToolArea: at every size, with no tool open, each tab of the tool
// area is whole in its bar (none hidden past a sideways scroll), and so
// is every bitboard switch in its row at 1280 px and wider; at
// 1280×800 and 1920×1080 the editor, as a link opens it, has its palette
// and the board's 64 squares whole on the first screen: inside the
// viewport, unclipped by any scrolling column and uncovered.
func TestToolArea(t *testing.T) {
	ctx, site := site(t)
	// whole(el): el's box is inside the viewport and inside every ancestor
	// that clips (overflow other than visible), and the topmost element at
	// its centre is el or inside it.
	const whole = `const whole = (el) => {
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) return false;
		for (let p = el.parentElement; p; p = p.parentElement) {
			const cs = getComputedStyle(p);
			if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
			const c = p.getBoundingClientRect();
			if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5 || r.left < c.left - 0.5 || r.right > c.right + 0.5) return false;
		}
		const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		return !!at && (at === el || el.contains(at));
	};`
	// The page is loaded once with no tool open and once with the
	// editor, and the window resized (as a reader's), each size measured
	// from the top.
	for i, s := range screens {
		viewport(t, ctx, s.w, s.h)
		if i == 0 {
			open(t, ctx, site+"/")
		}
		settle(t, ctx, sizedAndTop(s.w, s.h))
		tabs := eval[map[string]any](t, ctx, `(() => {
			const bar = document.querySelector('.tabs').getBoundingClientRect();
			const tabs = [...document.querySelectorAll('.tabs [role=tab]')];
			const hidden = tabs.filter((b) => { const r = b.getBoundingClientRect();
				return r.width === 0 || r.left < bar.left - 0.5 || r.right > bar.right + 0.5; }).map((b) => b.textContent.trim());
			const row = document.getElementById('toggles').getBoundingClientRect();
			const switches = [...document.querySelectorAll('#toggles .toggle')].filter((b) => { const r = b.getBoundingClientRect();
				return r.width === 0 || r.left < row.left - 0.5 || r.right > row.right + 0.5; }).map((b) => b.textContent.trim());
			return { tabs: tabs.length, hidden: hidden.join(', '), lines: new Set(tabs.map((b) => Math.round(b.getBoundingClientRect().top))).size,
				switches: switches.join(' ') };
		})()`)
		t.Logf("%s: %v tabs on %v lines, hidden: %q; bitboard switches hidden past their row's edge: %q", s.name, tabs["tabs"], tabs["lines"], tabs["hidden"], tabs["switches"])
		if tabs["tabs"].(float64) != 9 || tabs["hidden"] != "" {
			t.Errorf("%s: %v tabs; hidden past the bar's edge: %q", s.name, tabs["tabs"], tabs["hidden"])
		}
		// Wide, every bitboard switch is in sight; narrower, the row
		// scrolls sideways so that a grid stays on the first screen.
		if s.w >= 1280 && tabs["switches"] != "" {
			t.Errorf("%s: bitboard switches hidden past their row's edge: %q", s.name, tabs["switches"])
		}
	}
	// The other common sizes of 1280 px and wider (a taller screen gives
	// the board more room and the switches less): every switch in sight.
	for _, s := range []struct{ w, h int64 }{{1280, 1024}, {1366, 768}, {1440, 900}, {1600, 900}, {1920, 1200}} {
		viewport(t, ctx, s.w, s.h)
		settle(t, ctx, sizedAndTop(s.w, s.h))
		hidden := eval[string](t, ctx, `(() => { const row = document.getElementById('toggles').getBoundingClientRect();
			return [...document.querySelectorAll('#toggles .toggle')].filter((b) => { const r = b.getBoundingClientRect();
				return r.width === 0 || r.left < row.left - 0.5 || r.right > row.right + 0.5; }).map((b) => b.textContent.trim()).join(' '); })()`)
		if hidden != "" {
			t.Errorf("%dx%d: bitboard switches hidden past their row's edge: %q", s.w, s.h, hidden)
		}
	}
	opened := false
	for _, s := range screens {
		if s.w < 1280 {
			continue
		}
		viewport(t, ctx, s.w, s.h)
		if !opened {
			open(t, ctx, site+"/?tab=editor")
			opened = true
		}
		settle(t, ctx, sizedAndTop(s.w, s.h))
		got := eval[map[string]any](t, ctx, `(() => { `+whole+`
			const palette = document.querySelector('#editor .palette');
			return { palette: whole(palette), bottom: palette.getBoundingClientRect().bottom,
				squares: [...document.querySelectorAll('#board [data-square]')].filter(whole).length };
		})()`)
		t.Logf("%s: editor open: palette whole %v (bottom %v), squares whole %v", s.name, got["palette"], got["bottom"], got["squares"])
		if got["palette"] != true || got["squares"].(float64) != 64 {
			t.Errorf("%s: with the editor open, the palette is whole on the first screen %v, and %v of 64 squares", s.name, got["palette"], got["squares"])
		}
		viewportShot(t, ctx, "editor-"+s.name)
	}
}
