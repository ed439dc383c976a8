//go:build !(js && wasm)

package browser

// Any font (issue 40, item 8): the grids, the cards and embed.html's
// height fit their text in whatever fonts the reader has. Readers have
// every kind of font (Consolas, Menlo, SF Mono, DejaVu, Noto): a machine
// with Debian's firefox-esr, hugo and the like installed resolves
// monospace to Noto Sans Mono, whose line is 1.36 of its size where
// DejaVu Sans Mono's is 1.16. So these tests run the page in Chromium
// with the machine's fonts and, beside it, with fontconfig limited to
// one font file (FONTCONFIG_FILE): the machine's monospace, its
// sans-serif and its serif, each then drawing every text of the page,
// digits, indices and headings alike.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A fontSet is a font configuration a test runs Chromium under: a name,
// and the fontconfig file that limits it (FONTCONFIG_FILE; "" for the
// machine's own fonts).
type fontSet struct{ name, conf string }

// fontSets returns the machine's fonts and, where fc-match finds them, a
// configuration of one font file each for the machine's monospace,
// sans-serif and serif fonts (the same file once).
func fontSets(t *testing.T) []fontSet {
	t.Helper()
	sets := []fontSet{{"the machine's fonts", ""}}
	if _, err := exec.LookPath("fc-match"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("fc-match (fontconfig) is not installed: Chromium's package brings it")
		}
		t.Log("fc-match is missing: only the machine's fonts are tried")
		return sets
	}
	seen := map[string]bool{}
	for _, family := range []string{"monospace", "sans-serif", "serif"} {
		out, err := exec.Command("fc-match", "-f", "%{file}", family).Output()
		file := strings.TrimSpace(string(out))
		if err != nil || file == "" || seen[file] {
			continue
		}
		seen[file] = true
		sets = append(sets, fontSet{fmt.Sprintf("only %s (%s)", filepath.Base(file), family), oneFontConfig(t, file)})
	}
	return sets
}

// oneFontConfig writes a fontconfig configuration whose only font is file
// (linked into a folder of its own) and returns its path.
func oneFontConfig(t *testing.T, file string) string {
	t.Helper()
	dir := t.TempDir()
	fonts := filepath.Join(dir, "fonts")
	if err := os.MkdirAll(fonts, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, filepath.Join(fonts, filepath.Base(file))); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "fonts.conf")
	xml := `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>` + fonts + `</dir>
  <cachedir>` + filepath.Join(dir, "cache") + `</cachedir>
</fontconfig>
`
	if err := os.WriteFile(conf, []byte(xml), 0o644); err != nil {
		t.Fatal(err)
	}
	return conf
}

// fontTabs returns a function that opens a new tab (with site's
// tabTimeout) of a Chromium running under fs: a browser of its own, started
// once, or the shared one for the machine's fonts.
func fontTabs(t *testing.T, fs fontSet) func() (context.Context, string) {
	t.Helper()
	if fs.conf == "" {
		return func() (context.Context, string) { return site(t) }
	}
	ctx, cancel := launch(chromium(t), t.TempDir(), chromedp.Env("FONTCONFIG_FILE="+fs.conf))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	return func() (context.Context, string) { return tabOf(t, ctx, tabTimeout), siteURL }
}

// fontsUsed is a JS expression: the font families the page's text is
// drawn in, as the tab's fonts report them (document.fonts does not list
// system fonts, so it asks a canvas: the width of a digit string in each
// stack against the same string in each candidate).
const fontsUsed = `(() => { const cx = document.createElement('canvas').getContext('2d');
	const w = (f) => { cx.font = '40px ' + f; return cx.measureText('0123456789 abcdefghij').width; };
	return { mono: w(getComputedStyle(document.documentElement).getPropertyValue('--bitview-mono')), sans: w('sans-serif'), serif: w('serif') }; })()`

// TestAnyFontGrids opens the page under every font set (fontSets) at
// 1366×768: one card in LERF, MSB-a8, 0x88 and 10×12, and two in LERF;
// four cards in presentation mode at 1280×720 (LERF, 0x88, 10×12) and
// 1920×1080; and embed.html at 760 px in LERF, 0x88 and 10×12 (the room
// tests check every layout at every size with the machine's fonts): every index is whole in its cell and no digit
// meets its index (their glyphs, as the font draws them), the first card
// is whole with its values, nothing of a card lies over its grid, and
// embed.html is never taller than view.FrameHeight says. Each font set
// has one tab: four loads (one card, two cards, presentation, embed.html),
// the layouts switched and the window resized in place, as a reader does.
func TestAnyFontGrids(t *testing.T) {
	for _, fs := range fontSets(t) {
		t.Run(fs.name, func(t *testing.T) {
			// One tab of the font set's browser for the whole set: its
			// viewport and page are changed in place, as a reader does.
			ctx, url := fontTabs(t, fs)()
			viewport(t, ctx, 1366, 768)
			open(t, ctx, url+"/?layout=lerf&show=P")
			t.Logf("fonts (a string's width in the mono, sans-serif and serif stacks): %v", eval[map[string]float64](t, ctx, fontsUsed))
			for _, l := range []string{"lerf", "msb-a8", "0x88", "10x12"} {
				chooseLayout(t, ctx, l)
				checkGrids(t, ctx, "1366x768 "+l, 1, l != "0x88" && l != "10x12")
			}
			open(t, ctx, url+"/?fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+"))
			checkGrids(t, ctx, "1366x768 two cards", 2, true)
			viewport(t, ctx, 1280, 720)
			open(t, ctx, url+"/?present=1&layout=lerf&show=P,n,occupied,k")
			for _, vp := range []struct {
				w, h    int
				layouts []string
			}{{1280, 720, []string{"lerf", "0x88", "10x12"}}, {1920, 1080, []string{"lerf"}}} {
				resized(t, ctx, vp.w, vp.h)
				for _, l := range vp.layouts {
					chooseLayout(t, ctx, l)
					r := eval[backRow](t, ctx, backRowProbe)
					name := fmt.Sprintf("present %dx%d %s", vp.w, vp.h, l)
					if r.Over != "" || r.Scroll || r.OutsideCards != "" {
						t.Errorf("%s: over a grid %q, page scrolls %v, cut off %q", name, r.Over, r.Scroll, r.OutsideCards)
					}
					for _, g := range r.Grids {
						if g.Shown != g.Cells || g.Overlaps > 0 {
							t.Errorf("%s, %s: %d of %d indices whole, %d digits over their index or cut", name, g.Sel, g.Shown, g.Cells, g.Overlaps)
						}
					}
				}
			}
			// One font alone may set the text shorter than the fonts
			// FrameHeight is computed for: never taller, and at most 40
			// px of frame to spare.
			slack := 8
			if fs.conf != "" {
				slack = 40
			}
			checkFrameHeights(t, func() (context.Context, string) { return ctx, url }, [][2]any{{"lerf", 3}, {"0x88", 1}, {"10x12", 1}}, slack)
		})
	}
}

// checkGrids checks the first n cards' grids of the page (see
// TestAnyFontGrids) and logs their sizes: the first card's hex value is
// whole in view, and with all, every value it shows (a 0x88 or 10×12
// card's binary readout of 8 or 12 lines may scroll in its card, whose
// height the switches' lines above it set).
func checkGrids(t *testing.T, ctx context.Context, name string, n int, all bool) {
	t.Helper()
	gs := grids(t, ctx, "#cards .card .bits", n)
	if len(gs) != n {
		t.Fatalf("%s: %d grids laid out, want %d", name, len(gs), n)
	}
	for i, g := range gs {
		if g.Shown != g.Cells || g.Overlaps > 0 {
			t.Errorf("%s, grid %d: %d of %d indices whole in their cells, %d digits over their index or cut", name, i+1, g.Shown, g.Cells, g.Overlaps)
		}
	}
	if cut := gs[0].Outside; (all && cut != "") || strings.Contains(","+cut+",", ",hex,") || strings.Contains(","+cut+",", ",grid,") {
		t.Errorf("%s: the first card is not whole with its values: %s", name, cut)
	}
	t.Logf("%s: %v", name, gs[0])
}

// chooseLayout picks layout id with the page's layout switch (a click on
// its radio button, shown or not) and returns once every card is drawn in
// it.
func chooseLayout(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	eval[bool](t, ctx, `(document.querySelector('input[name="layout"][value="`+id+`"]').click(), true)`)
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`(() => { const cards = [...document.querySelectorAll('#cards .card')];
		return cards.length > 0 && cards.every((c) => c.dataset.layout === '`+id+`'); })()`)); err != nil {
		t.Fatalf("layout %s: %v", id, err)
	}
}
