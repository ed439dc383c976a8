//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// cellProbe counts, in the document and in every <bitboard-view>'s shadow
// root, the grid cells whose index is shown and those where the digit's
// glyph box and the index's overlap; a hidden index must still be in the
// cell's label and tooltip.
const cellProbe = `(() => {
  const roots = [document, ...[...document.querySelectorAll('bitboard-view')].map((v) => v.shadowRoot).filter(Boolean)];
  let cells = 0, shown = 0, overlaps = 0, unlabelled = 0;
  for (const root of roots) for (const c of root.querySelectorAll('.bits .cell')) {
    const b = c.querySelector('b'), s = c.querySelector('small');
    if (!b || !s || c.getBoundingClientRect().width === 0) continue;
    cells++;
    if (getComputedStyle(s).display === 'none') {
      if (!(c.getAttribute('aria-label') ?? '').includes(s.textContent) || !(c.title ?? '').includes(s.textContent)) unlabelled++;
      continue;
    }
    shown++;
    const rb = b.getBoundingClientRect(), rs = s.getBoundingClientRect();
    const fb = parseFloat(getComputedStyle(b).fontSize), fs = parseFloat(getComputedStyle(s).fontSize);
    const tb = rb.top + (rb.height - fb) / 2, bb = tb + fb, ts = rs.top + (rs.height - fs) / 2, bs = ts + fs;
    if (rb.left < rs.right - 0.5 && rs.left < rb.right - 0.5 && tb < bs - 0.5 && ts < bb - 0.5) overlaps++;
  }
  return { cells, shown, overlaps, unlabelled };
})()`

// TestCellsNeverOverlap measures the digit and the index of every cell of
// every grid, in every layout, at 360, 760, 1280 and 1920 px: on the page
// (two cards and the playground's), in embed.html, and in elements of a
// small size. No digit may overlap its index; an index hidden for room
// stays in the cell's label and tooltip. Each page is loaded once, at
// 360 px, and measured at each width in turn (the window resized in
// place, as a reader resizes it), and in each layout (switched in place).
func TestCellsNeverOverlap(t *testing.T) {
	ctx, url := site(t)
	total := map[string]int{}
	widths := []int{360, 760, 1280, 1920}
	// Each page is loaded once; the main page's layout is switched with
	// its switch, embed.html's element given the layout's attribute.
	for _, page := range []string{"/?show=P,occupied&expr=N", "/embed.html?show=P,occupied", "/tutorial.html"} {
		for i, l := range layoutIDs() {
			if page == "/tutorial.html" && l != "lerf" {
				continue
			}
			resized(t, ctx, widths[0], 900)
			switch {
			case i > 0 && page[1] == '?':
				chooseLayout(t, ctx, l)
			case i > 0:
				eval[bool](t, ctx, `(document.querySelector('bitboard-view').setAttribute('layout', '`+l+`'), true)`)
				if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`(() => { const cs = [...(document.querySelector('bitboard-view').shadowRoot?.querySelectorAll('.card') ?? [])];
					return cs.length > 0 && cs.every((c) => c.dataset.layout === '`+l+`'); })()`)); err != nil {
					t.Fatalf("embed.html in %s: %v", l, err)
				}
			case page[1] == '?':
				open(t, ctx, url+page+"&layout="+l)
			case page == "/tutorial.html":
				if err := chromedp.Do(ctx, chromedp.Navigate(url+page)); err != nil {
					t.Fatal(err)
				}
				waitViews(t, ctx)
			default:
				if err := chromedp.Do(ctx, chromedp.Navigate(url+page+"&layout="+l)); err != nil {
					t.Fatal(err)
				}
				waitViews(t, ctx)
			}
			for _, w := range widths {
				resized(t, ctx, w, 900)
				r := eval[map[string]float64](t, ctx, cellProbe)
				name := fmt.Sprintf("%d px %s in %s", w, page, l)
				if r["cells"] == 0 {
					t.Errorf("%s: no cells measured", name)
				}
				if r["overlaps"] > 0 || r["unlabelled"] > 0 {
					t.Errorf("%s: %v of %v cells overlap, %v hide their index without a label", name, r["overlaps"], r["cells"], r["unlabelled"])
				}
				total["cells"] += int(r["cells"])
				total["shown"] += int(r["shown"])
			}
		}
	}
	t.Logf("%d cells measured, %d with their index shown, none overlapping", total["cells"], total["shown"])
}

// resized sets the tab's viewport to w × h CSS pixels and returns once the
// page has drawn a frame at that size (its resize observers have run).
func resized(t *testing.T, ctx context.Context, w, h int) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatal(err)
	}
	evalAsync[bool](t, ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}
