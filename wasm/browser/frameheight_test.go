//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/browser/browsers"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
	"github.com/chromedp/chromedp"
)

// frameCards are the bitboards the frame-height states show, the first n
// of them for n cards.
var frameCards = []string{"P", "N", "B", "R", "Q", "K", "p", "n"}

// worstCards are frameCards each with bit 63 set: every 64-bit card's
// decimal readout then adds its signed value, which wraps in a narrow
// card, so these are the tallest cards of their count.
func worstCards(n int) []string {
	var show []string
	for _, c := range frameCards[:n] {
		show = append(show, c+"|(1<<63)")
	}
	return show
}

// frameHeight returns embed.html's height in CSS pixels showing show in
// layout, laid out in ctx's 760-pixel viewport (url serves web/): the
// page is loaded once per tab, and its element's layout and show changed
// in place after.
func frameHeight(t *testing.T, ctx context.Context, url, layout string, show []string) int {
	t.Helper()
	loaded := eval[bool](t, ctx, `location.pathname.endsWith('/embed.html') && !!document.querySelector('bitboard-view')?.status.ok`)
	if !loaded {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(view.FrameWidth, 600), chromedp.Navigate(url+"/embed.html")); err != nil {
			t.Fatal(err)
		}
		waitViews(t, ctx)
	}
	return evalAsync[int](t, ctx, `(async () => { const v = document.querySelector('bitboard-view');
		v.setAttribute('layout', `+jsonText(t, layout)+`); v.setAttribute('show', `+jsonText(t, strings.Join(show, ","))+`);
		await document.fonts.ready;
		await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
		return Math.ceil(document.documentElement.getBoundingClientRect().height); })()`)
}

// checkFrameHeights checks view.FrameHeight against embed.html laid out in
// a 760-pixel frame in ctx, for each state (a layout and a count of
// cards), with the tallest cards (worstCards: a site that strips the
// snippet's script would show a scroll bar were the frame shorter) and
// with the start position's: never shorter than the content, and at most
// slack px taller (8 with the machine's fonts).
func checkFrameHeights(t *testing.T, tab func() (context.Context, string), states [][2]any, slack int) {
	t.Helper()
	ctx, url := tab() // one tab: embed.html loaded once, its layout and cards changed in place
	for _, s := range states {
		layout, n := s[0].(string), s[1].(int)
		for _, show := range [][]string{worstCards(n), frameCards[:n]} {
			st := model.DefaultState()
			st.Layout, st.Show = layout, show
			got, want := frameHeight(t, ctx, url, layout, st.Show), view.FrameHeight(st)
			if want < got || want > got+slack {
				t.Errorf("layout %s, cards %v: embed.html is %d px tall in a 760-px frame, view.FrameHeight gives %d (%d px spare at most)", layout, show, got, want, slack)
			}
		}
	}
}

// TestEmbedFrameHeight checks the iframe snippet's height (view.FrameHeight,
// computed from the layouts' geometry) against embed.html laid out in a
// 760-pixel frame (checkFrameHeights), for every layout of core.Layouts
// with 0 to 7 cards; TestAnyFontGrids checks some of them again under
// other fonts.
func TestEmbedFrameHeight(t *testing.T) {
	var states [][2]any
	for _, l := range core.Layouts {
		for n := 0; n <= len(frameCards)-1; n++ {
			states = append(states, [2]any{l.ID, n})
		}
	}
	checkFrameHeights(t, func() (context.Context, string) { return site(t) }, states, 8)
}

// TestEmbedHeightReported loads an author's page on another origin with
// embed.html in an iframe (its snippet: FrameHeight tall, the listener
// following the frame's messages) 12 times in WebKit and 3 in Chromium
// and Firefox: every height the frame sends is its content's once drawn
// (a board and two cards), never the page without its view (WebKit's
// frames were 37 px tall about one load in three: issue 48, item 9), the
// frame ends as tall as its content, and that is no taller than the
// snippet's height (view.FrameHeight) in any engine.
func TestEmbedHeightReported(t *testing.T) {
	needsSite(t)
	st := model.DefaultState()
	st.FEN, st.Show = "8/8/8/8/4P3/8/8/8 w - - 0 1", []string{"P", "empty"}
	src := siteURL + "/embed.html" + st.EmbedQuery()
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>frame</title>
<script>window.heights = []; addEventListener('message', (e) => { if (e.data?.type !== 'bitview-height') return; heights.push(e.data.height);
  for (const f of document.querySelectorAll('iframe[data-bitview]')) if (f.contentWindow === e.source) f.style.height = e.data.height + 'px'; });</script>
</head><body style="margin:0"><iframe data-bitview src="` + html.EscapeString(src) + `" width="` + strconv.Itoa(view.FrameWidth) + `" height="` + strconv.Itoa(view.FrameHeight(st)) + `" style="border:0" title="Bitview"></iframe></body></html>`
	author := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(author.Close)
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		// WebKit's frames were wrong about one load in three: twelve
		// loads miss that with a chance of (2/3)^12, under 1 %.
		loads := 3
		if tab.Engine() == browsers.WebKit {
			loads = 12
		}
		const drawn = `(async () => { const v = document.querySelector('bitboard-view');
			if (!v?.status.ok || !v.shadowRoot.querySelectorAll('section.card').length) return 0;
			await document.fonts.ready;
			await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
			return Math.ceil(document.documentElement.getBoundingClientRect().height); })()`
		var seen []string
		for i := range loads {
			visit(t, tab, fmt.Sprintf("%s/?load=%d", author.URL, i))
			waitIn(t, tab, `heights.length > 0`)
			if err := browsers.WaitFrame(tabContext(t), tab, "iframe", drawn); err != nil {
				t.Fatal(err)
			}
			var content int
			if err := tab.EvalFrame(tabContext(t), "iframe", drawn, &content); err != nil {
				t.Fatal(err)
			}
			waitIn(t, tab, fmt.Sprintf(`document.querySelector('iframe').getBoundingClientRect().height === %d`, content))
			if want := view.FrameHeight(st); content > want {
				t.Errorf("load %d: the frame's content is %d px tall, more than the snippet's height %d", i+1, content, want)
			}
			heights := evalIn[[]int](t, tab, `heights`)
			seen = append(seen, fmt.Sprint(heights))
			for _, h := range heights {
				if h != content || h < 400 {
					t.Errorf("load %d: the frame sent the heights %v; its content is %d px tall (a board and two cards)", i+1, heights, content)
					break
				}
			}
		}
		t.Logf("%d loads, heights sent: %s (the snippet's height %d)", loads, strings.Join(seen, " "), view.FrameHeight(st))
	})
}
