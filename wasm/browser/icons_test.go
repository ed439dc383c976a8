//go:build !(js && wasm)

package browser

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestDarkPieceIcons checks that the black pieces on the switches (the
// bitboard toggles, .toggle img) and on the editor's palette (.tool img)
// can be told from their buttons in the dark theme, where a black piece
// drawn straight on the dark button all but disappears. For each icon it
// takes a picture of its button and compares the piece's black fill with
// the pixels just outside the piece's outline (two device pixels away, past
// the anti-aliasing): WCAG 2.1's non-text contrast (1.4.11) asks 3:1 of
// the parts of a graphic needed to understand it, here the silhouette.
func TestDarkPieceIcons(t *testing.T) {
	ctx, url := site(t)
	dark := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, dark); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	// The black knight and queen switches pressed, the others not: both
	// backgrounds are checked.
	open(t, ctx, url+"/?show=P,n,q,occupied")
	check := func(sels ...string) {
		for _, sel := range sels {
			t.Run(sel, func(t *testing.T) {
				fill, around, n := iconContrast(t, ctx, sel)
				r := (around + 0.05) / (fill + 0.05)
				t.Logf("%s: black fill luminance %.3f, outside its outline %.3f (%d pixels): %.2f:1", sel, fill, around, n, r)
				if r < 3 {
					t.Errorf("%s: the black piece is %.2f:1 against what surrounds it, want ≥ 3:1", sel, r)
				}
			})
		}
	}
	// The switches with no tool open (with one open, wide, they are
	// grouped behind a button), then the editor's palette.
	check(`.toggle[data-toggle="p"]`, `.toggle[data-toggle="n"]`, `.toggle[data-toggle="b"]`,
		`.toggle[data-toggle="r"]`, `.toggle[data-toggle="q"]`, `.toggle[data-toggle="k"]`)
	// One picture of the switches and the palette, to look at.
	keepShot(t, "dark-toggles", func() ([]byte, error) {
		return chromedp.Run(ctx, chromedp.ScreenshotScale(chromedp.CSS("#toggles"), 2))
	})
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#tab-editor"))); err != nil {
		t.Fatal(err)
	}
	check(`.tool[data-tool="p"]`, `.tool[data-tool="n"]`, `.tool[data-tool="b"]`,
		`.tool[data-tool="r"]`, `.tool[data-tool="q"]`, `.tool[data-tool="k"]`)
	keepShot(t, "dark-palette", func() ([]byte, error) {
		return chromedp.Run(ctx, chromedp.ScreenshotScale(chromedp.CSS("#editor .palette"), 2))
	})
}

// iconContrast photographs the button sel at 3× and returns, within the
// box of its piece image, the median luminance of the piece's black fill
// (WCAG relative luminance below 0.004: #000 and its darkest
// anti-aliasing), the median luminance of the pixels outside the piece
// two pixels from its fill (reached from the image's edge without
// crossing the fill, so the piece's own white details do not count), and
// how many those are.
func iconContrast(t *testing.T, ctx context.Context, sel string) (fill, around float64, n int) {
	t.Helper()
	const scale = 3
	box := eval[[]float64](t, ctx, `(() => { const b = document.querySelector('`+sel+`'); b.scrollIntoView({block: 'center'});
		const r = b.getBoundingClientRect(), i = b.querySelector('img').getBoundingClientRect();
		return [i.left - r.left, i.top - r.top, i.width, i.height]; })()`)
	shot, err := chromedp.Run(ctx, chromedp.ScreenshotScale(chromedp.CSS(sel), scale))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	r := image.Rect(int(box[0]*scale), int(box[1]*scale), int((box[0]+box[2])*scale), int((box[1]+box[3])*scale)).Intersect(img.Bounds())
	w, h := r.Dx(), r.Dy()
	lum := make([]float64, w*h)
	black := make([]bool, w*h)
	var fills []float64
	for y := range h {
		for x := range w {
			cr, cg, cb, _ := img.At(r.Min.X+x, r.Min.Y+y).RGBA()
			l := luminance(fmt.Sprintf("#%02x%02x%02x", cr>>8, cg>>8, cb>>8))
			lum[y*w+x] = l
			if l < 0.004 {
				black[y*w+x] = true
				fills = append(fills, l)
			}
		}
	}
	if len(fills) < w*h/10 {
		t.Fatalf("%s: %d black pixels of %d in the icon: is it a black piece?", sel, len(fills), w*h)
	}
	// outside: flood fill from the box's edge through pixels not black.
	outside := make([]bool, w*h)
	var stack []int
	for i := range w * h {
		if x, y := i%w, i/w; (x == 0 || y == 0 || x == w-1 || y == h-1) && !black[i] {
			outside[i] = true
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%w, i/w
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if j := ny*w + nx; nx >= 0 && ny >= 0 && nx < w && ny < h && !black[j] && !outside[j] {
				outside[j] = true
				stack = append(stack, j)
			}
		}
	}
	// dist reports the Chebyshev distance from i to the nearest black pixel, up to 3.
	dist := func(i int) int {
		x, y := i%w, i/w
		for d := 1; d <= 3; d++ {
			for dy := -d; dy <= d; dy++ {
				for dx := -d; dx <= d; dx++ {
					if nx, ny := x+dx, y+dy; nx >= 0 && ny >= 0 && nx < w && ny < h && black[ny*w+nx] {
						return d
					}
				}
			}
		}
		return 4
	}
	var ring []float64
	for i := range w * h {
		if outside[i] && dist(i) == 2 {
			ring = append(ring, lum[i])
		}
	}
	if len(ring) == 0 {
		t.Fatalf("%s: no pixels around the piece", sel)
	}
	return median(fills), median(ring), len(ring)
}
