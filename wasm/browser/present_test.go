//go:build !(js && wasm)

package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// presentShows is what the presentation tests show: one to four cards.
var presentShows = []string{"P", "P,occupied", "P,occupied,white", "P,occupied,white,black"}

// TestPagePresentationFits opens presentation mode on Kiwipete at
// 1920×1080 and 1280×720 with one to four cards in every layout and
// checks that it fits one screen: no scrolling, the board and every card
// with its readouts inside the viewport, the square panel shown, no text
// under 24 px at 1920×1080 (but with four 10x12 cards, the one case that
// cannot hold it), and no bit digit overlapping its index.
func TestPagePresentationFits(t *testing.T) {
	ctx, url := site(t)
	for _, vp := range []struct{ w, h int }{{1920, 1080}, {1280, 720}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
			t.Fatal(err)
		}
		for _, layout := range []string{"lerf", "0x88", "msb-a8", "berf", "10x12", "lefr", "befr"} {
			for n, show := range presentShows {
				name := fmt.Sprintf("%dx%d %s %d cards", vp.w, vp.h, layout, n+1)
				open(t, ctx, url+"/?present=1&fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+")+"&layout="+layout+"&show="+show)
				// Point at e4 so that the square panel shows its indices.
				eval[bool](t, ctx, `(() => { document.querySelector('#board [data-square="e4"]').dispatchEvent(new PointerEvent('pointerover', { bubbles: true })); return true; })()`)
				r := eval[map[string]any](t, ctx, presentProbe)
				if r["scroll"].(bool) {
					t.Errorf("%s: the page scrolls (%v × %v)", name, r["sw"], r["sh"])
				}
				if out := r["outside"].(string); out != "" {
					t.Errorf("%s: outside the viewport: %s", name, out)
				}
				if !r["info"].(bool) {
					t.Errorf("%s: the square panel is not shown", name)
				}
				if ov := r["overlaps"].(float64); ov > 0 {
					t.Errorf("%s: %v cells where the digit overlaps the index", name, ov)
				}
				if vp.w == 1920 {
					small := r["small"].(string)
					switch {
					case small == "":
					case layout == "10x12" && n == 3:
						// Four grids of 12 rows in a quarter of the screen
						// each beside the board: the digits are as large as fits.
						t.Logf("%s: %s (the limit of four 10x12 cards beside the board)", name, small)
					default:
						t.Errorf("%s: text under 24 px: %s", name, small)
					}
				}
				if layout == "lerf" && n == 3 || layout == "0x88" && n == 3 {
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
	for _, vp := range []struct{ w, h int }{{1920, 1080}, {1280, 720}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, url+"/?present=1&fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+")+"&show="+presentShows[3])
		eval[bool](t, ctx, `(() => { document.querySelector('#board [data-square="e4"]').dispatchEvent(new PointerEvent('pointerover', { bubbles: true })); return true; })()`)
		if bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(0, 0, 0)" {
			t.Errorf("dark presentation background %s, want black", bg)
		}
		if r := eval[map[string]any](t, ctx, presentProbe); r["scroll"].(bool) || r["outside"].(string) != "" {
			t.Errorf("dark %dx%d: scroll %v, outside %q", vp.w, vp.h, r["scroll"], r["outside"])
		}
		screenshot(t, ctx, fmt.Sprintf("present-dark-%d-4cards", vp.w))
	}
}

// presentProbe measures the presentation layout (see TestPagePresentationFits).
const presentProbe = `(() => {
  const vw = innerWidth, vh = innerHeight, de = document.documentElement;
  const visible = (e) => { const s = getComputedStyle(e); const r = e.getBoundingClientRect(); return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
  const outside = [];
  for (const sel of ['#board', '#square-info', '#cards .card', '#cards .card [data-format="hex"]', '#cards .card [data-format="decimal"]', '#fen']) {
    for (const e of document.querySelectorAll(sel)) {
      if (!visible(e)) { if (!sel.includes('data-format')) outside.push(sel + ' hidden'); continue; }
      const r = e.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) outside.push(sel + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
    }
  }
  // A panel whose content is wider than itself spills over its border.
  for (const sel of ['#square-info', '#layout-switch']) {
    const e = document.querySelector(sel);
    if (e.scrollWidth > e.clientWidth + 1) outside.push(sel + ' overflows ' + e.scrollWidth + ' > ' + e.clientWidth);
  }
  let overlaps = 0;
  for (const c of document.querySelectorAll('#cards .cell')) {
    const b = c.querySelector('b'), s = c.querySelector('small');
    if (!b || !s || !visible(s)) continue;
    const rb = b.getBoundingClientRect(), rs = s.getBoundingClientRect();
    // The glyph box: the font size tall, centred in the line box.
    const fb = parseFloat(getComputedStyle(b).fontSize), fs = parseFloat(getComputedStyle(s).fontSize);
    const gb = { l: rb.left, r: rb.right, t: rb.top + (rb.height - fb) / 2, b: rb.top + (rb.height + fb) / 2 };
    const gs = { l: rs.left, r: rs.right, t: rs.top + (rs.height - fs) / 2, b: rs.top + (rs.height + fs) / 2 };
    if (gb.l < gs.r - 0.5 && gs.l < gb.r - 0.5 && gb.t < gs.b - 0.5 && gs.t < gb.b - 0.5) overlaps++;
  }
  const small = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || !n.parentElement || !visible(n.parentElement)) continue;
    const r = n.parentElement.getBoundingClientRect();
    if (r.bottom < 0 || r.top > vh) continue;
    const fsz = parseFloat(getComputedStyle(n.parentElement).fontSize);
    if (fsz < 23.5) small.add(n.parentElement.tagName.toLowerCase() + '.' + n.parentElement.className + ' ' + fsz.toFixed(1));
  }
  return { scroll: de.scrollHeight > vh + 1 || de.scrollWidth > vw + 1, sw: de.scrollWidth, sh: de.scrollHeight,
    outside: outside.slice(0, 4).join('; '), info: visible(document.getElementById('square-info')),
    overlaps, small: [...small].slice(0, 6).join('; ') };
})()`
