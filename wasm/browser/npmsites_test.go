//go:build !(js && wasm) && unix

package browser

// The recipes of web/sites/README.md whose generator is an npm package
// (VitePress, Eleventy, Astro, Docusaurus), run as TestSites runs the
// others, with the same helpers:
// the recipe's commands as written, in a new folder, with the pinned
// version installed against a committed lockfile
// (testdata/npmsites/NAME/package-lock.json, which the recipe's npm add
// must leave as it is), two pages of ```bitboard blocks and one element,
// the site built with base '/repo/' and served under /repo/ from an
// origin of its own. In Chromium, Firefox and WebKit every figure must
// draw with JavaScript on, again after the generator's router has
// brought each page without a reload (where it has one; without, each
// page is loaded with JavaScript on), and, after the recipe's prerender
// command, show with JavaScript off.
//
// These need the npm registry and a minute or two of a generator's build,
// so they run only with BITVIEW_SITES=1 (make test-sites); then
// missing npm fails them.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/browser/browsers"
)

// An npmGenerator is a generator installed with npm, and what its router
// test needs: a second page, and the links between the two.
type npmGenerator struct {
	generator
	// lock is the folder below wasm/browser/testdata/npmsites that holds
	// the package.json and package-lock.json the recipe's npm add writes.
	lock string
	// config is the file, in my-site/, that the recipe's js block is;
	// layout the one its html or astro block is ("": it has none).
	config, layout string
	// wants are what the recipe's configuration and layout must say, as
	// written: the site's base, /repo/, and the script line.
	wants []string
	// other is the second page's source, in my-site/, otherURL its path
	// below the site's root, and otherText its Markdown.
	other, otherURL, otherText string
	// home is the home page's source, in my-site/, where the site needs
	// one ("": none): Docusaurus's navbar links every page to it, and
	// its build fails on a broken link ("Docusaurus found broken links!").
	home string
	// toOther and toPost are CSS selectors of the links, in the pages'
	// content, to the second page and to the post; shown is an
	// expression that holds once the router shows the page whose title
	// (its first heading) is %q. All three are "" for a generator
	// without a router (Eleventy: its links load the page).
	toOther, toPost, shown string
}

// routeSettled holds once a router's change of page has finished
// animating: no view transition under way (Astro's <ClientRouter /> swaps
// the page in one, whose pseudo-elements cover the page and take its
// clicks until it ends) and no finite animation running. A link clicked
// before that may be refused ("element not interactable", WebKit) or lost
// (Chromium); a screenshot taken between the steps used to hide this.
// WebKit 2.50 has document.startViewTransition but no
// document.activeViewTransition: watchTransitions counts the transitions
// the page starts.
const routeSettled = `!document.activeViewTransition && !(window.__bitviewTransitions > 0) && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)`

// watchTransitions makes the page count its view transitions under way in
// window.__bitviewTransitions (routeSettled): each document.startViewTransition
// adds one until the transition's finished promise settles. The router
// calls it on the document, which stays across its changes of page.
const watchTransitions = `(() => { if (!document.startViewTransition || '__bitviewTransitions' in window) return true;
	window.__bitviewTransitions = 0; const start = document.startViewTransition;
	document.startViewTransition = function (...args) { const vt = start.apply(this, args); window.__bitviewTransitions++;
		vt.finished.finally(() => window.__bitviewTransitions--); return vt; };
	return true; })()`

// clickable holds when the first element the CSS selector %q matches,
// scrolled into view, is what a pointer at its middle hits (hit: nothing
// covers it).
const clickable = `(() => { ` + hit + ` const el = document.querySelector(%q); if (!el) return false;
	el.scrollIntoView({ block: 'center' }); return hit(el); })()`

// npmGenerators are the generators of TestSitesNPM.
var npmGenerators = []npmGenerator{
	{
		generator: generator{
			name: "VitePress", command: "npm", build: "npx vitepress build", out: ".vitepress/dist",
			post: "pawns.md", postURL: "pawns.html", frontOf: "# Pawn pushes\n\n[The knights](./knights)\n",
			ownScripts: true,
		},
		lock: "vitepress", config: ".vitepress/config.mjs",
		wants: []string{"base: '/repo/'", "src: '/repo/bitview/bitview-load.js'"},
		other: "knights.md", otherURL: "knights.html",
		otherText: "# Knights\n\n[Back to the pawns](./pawns)\n\n```bitboard\nshow: N\nlayout: 0x88\n```\n\nText between.\n\n```bitboard\nfen: 8/8/8/8/4P3/8/8/8 w - - 0 1\nshow: P, empty\n```\n",
		toOther:   `.vp-doc a[href*="knights"]`, toPost: `.vp-doc a[href*="pawns"]`,
		shown: `document.querySelector('.vp-doc h1')?.textContent.includes(%q)`,
	},
	{
		generator: generator{
			name: "Eleventy", command: "npm", build: "npx @11ty/eleventy", out: "_site",
			post: "pawns.md", postURL: "pawns/", frontOf: "---\nlayout: base.html\ntitle: Pawn pushes\n---\n# Pawn pushes\n\n[The knights](../knights/)\n",
		},
		lock: "eleventy", config: "eleventy.config.mjs", layout: "_includes/base.html",
		wants: []string{"pathPrefix: '/repo/'", "HtmlBasePlugin", `<script src="/bitview/bitview-load.js" defer></script>`},
		other: "knights.md", otherURL: "knights/",
		otherText: "---\nlayout: base.html\ntitle: Knights\n---\n# Knights\n\n[Back to the pawns](../pawns/)\n\n```bitboard\nshow: N\nlayout: 0x88\n```\n\nText between.\n\n```bitboard\nfen: 8/8/8/8/4P3/8/8/8 w - - 0 1\nshow: P, empty\n```\n",
	},
	{
		generator: generator{
			name: "Astro", command: "npm", build: "npx astro build", out: "dist",
			post: "src/pages/pawns.md", postURL: "pawns/", frontOf: "---\nlayout: ../layouts/Base.astro\ntitle: Pawn pushes\n---\n# Pawn pushes\n\n[The knights](../knights/)\n",
		},
		lock: "astro", config: "astro.config.mjs", layout: "src/layouts/Base.astro",
		wants: []string{"base: '/repo/'", "excludeLangs: ['bitboard']", `<script is:inline src="/repo/bitview/bitview-load.js" defer></script>`, "<ClientRouter />"},
		other: "src/pages/knights.md", otherURL: "knights/",
		otherText: "---\nlayout: ../layouts/Base.astro\ntitle: Knights\n---\n# Knights\n\n[Back to the pawns](../pawns/)\n\n```bitboard\nshow: N\nlayout: 0x88\n```\n\nText between.\n\n```bitboard\nfen: 8/8/8/8/4P3/8/8/8 w - - 0 1\nshow: P, empty\n```\n",
		toOther:   `main a[href*="knights"]`, toPost: `main a[href*="pawns"]`,
		shown: `document.querySelector('main h1')?.textContent.includes(%q)`,
	},
	{
		generator: generator{
			name: "Docusaurus", command: "npm", build: "npx docusaurus build", out: "build",
			post: "docs/pawns.md", postURL: "pawns/", frontOf: "# Pawn pushes\n\n[The knights](./knights.md)\n",
			ownScripts: true,
		},
		lock: "docusaurus", config: "docusaurus.config.js", home: "docs/index.md",
		wants: []string{"baseUrl: '/repo/'", "src: '/repo/bitview/bitview-load.js'"},
		other: "docs/knights.md", otherURL: "knights/",
		otherText: "# Knights\n\n[Back to the pawns](./pawns.md)\n\n```bitboard\nshow: N\nlayout: 0x88\n```\n\nText between.\n\n```bitboard\nfen: 8/8/8/8/4P3/8/8/8 w - - 0 1\nshow: P, empty\n```\n",
		toOther:   `.theme-doc-markdown a[href*="knights"]`, toPost: `.theme-doc-markdown a[href*="pawns"]`,
		shown: `document.querySelector('.theme-doc-markdown h1')?.textContent.includes(%q)`,
	},
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// An npmSite is one npm generator's site, built, with its measures.
type npmSite struct {
	*recipeSite
	g         npmGenerator
	otherURL  string // the second page, served under /repo/
	wantOther int    // the second page's figures
	// Per engine, figures drawn (or shown) and expected: with JavaScript
	// on, after the router's steps (summed), prerendered with JavaScript
	// off (both pages) and on.
	on, nav, off, preOn map[browsers.Engine][2]int
}

// TestSitesNPM runs each recipe of web/sites/README.md whose generator is
// an npm package (see above), then looks at each site in Chromium,
// Firefox and WebKit.
func TestSitesNPM(t *testing.T) {
	if os.Getenv("BITVIEW_SITES") != "1" {
		t.Skip("the recipes of npm's generators run with BITVIEW_SITES=1 (make test-sites)")
	}
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatal("npm is not installed (BITVIEW_SITES=1 asks for the recipes that need it): install Node.js 20 or later")
	}
	parallel(t)
	needsSite(t)
	all := recipes(t)
	top := t
	var sites []*npmSite
	for _, g := range npmGenerators {
		t.Run("build/"+g.name, func(t *testing.T) {
			r := all[g.name]
			lock := filepath.Join(repo, "wasm/browser/testdata/npmsites", g.lock)
			g.newSite = "mkdir my-site && cp " + shellQuote(filepath.Join(lock, "package.json")) + " " + shellQuote(filepath.Join(lock, "package-lock.json")) + " my-site/"
			g.subPath = func(t *testing.T, site string) {
				// The recipe's configuration and layout, as written: its
				// base is /repo/.
				for _, w := range g.wants {
					if !strings.Contains(r.js+r.page, w) {
						t.Fatalf("%s's %s section: its configuration and layout do not say %s:\n%s%s", recipesFile, g.name, w, r.js, r.page)
					}
				}
				if (r.page != "") != (g.layout != "") {
					t.Fatalf("%s's %s section has a layout block: %v; the test writes one: %q", recipesFile, g.name, r.page != "", g.layout)
				}
				writeFile(t, filepath.Join(site, g.config), r.js)
				if g.layout != "" {
					writeFile(t, filepath.Join(site, g.layout), r.page)
				}
			}
			g.withPost = func(t *testing.T, site string) {
				writeFile(t, filepath.Join(site, g.other), g.otherText)
				if g.home != "" {
					writeFile(t, filepath.Join(site, g.home), "# Home\n")
				}
			}
			rs := buildSite(t, top, g.generator, all)
			mySite := filepath.Join(rs.dir, strings.Repeat("../", strings.Count(g.out, "/")+1))
			// The recipe's npm add installed what the lockfile holds, and
			// nothing else: it left both files as they were.
			for _, f := range []string{"package.json", "package-lock.json"} {
				want, _ := os.ReadFile(filepath.Join(lock, f))
				if got, _ := os.ReadFile(filepath.Join(mySite, f)); string(got) != string(want) {
					t.Errorf("%s: the recipe's commands changed %s: the version the recipe pins is not the one of testdata/npmsites/%s (update both):\n%.2000s", g.name, f, g.lock, got)
				}
			}
			s := &npmSite{recipeSite: rs, g: g, otherURL: strings.TrimSuffix(rs.url, g.postURL) + g.otherURL,
				wantOther: strings.Count(g.otherText, "```bitboard") + strings.Count(g.otherText, "<bitboard-view "),
				on:        map[browsers.Engine][2]int{}, nav: map[browsers.Engine][2]int{}, off: map[browsers.Engine][2]int{}, preOn: map[browsers.Engine][2]int{}}
			sites = append(sites, s)
		})
	}
	if len(sites) == 0 {
		t.Fatal("no site was built")
	}
	// check fails the test unless got is want figures drawn, no block on
	// show and no failure box, and adds them to the measure m.
	check := func(t *testing.T, what string, got figures, want int, m *[2]int) {
		t.Helper()
		m[0] += got.Drawn
		m[1] += want
		if got.Drawn != want || got.Views != want || got.Blocks != 0 || len(got.Boxes) != 0 {
			t.Errorf("%s: %+v, want %d figures drawn and no block on show", what, got, want)
		}
	}
	look := func(t *testing.T, e browsers.Engine, noScript, after bool) {
		engineInstalled(t, e)
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
		defer cancel()
		tab := sharedTab(t, e, noScript)
		for _, s := range sites {
			t.Run(s.g.name, func(t *testing.T) {
				name := "site-" + strings.ReplaceAll(strings.ToLower(s.g.name), " ", "-") + "-" + string(e)
				switch {
				case noScript: // prerendered, JavaScript off: both pages
					m := s.off[e]
					for _, p := range []struct {
						url  string
						want int
					}{{s.url, s.want}, {s.otherURL, s.wantOther}} {
						got := figuresIn[figures](t, ctx, tab, p.url, staticJS)
						check(t, fmt.Sprintf("%s prerendered, %s with JavaScript off in %s", s.g.name, p.url, e), got, p.want, &m)
					}
					s.off[e] = m
					siteScreenshot(t, ctx, tab, name+"-scripts-off")
					return
				case after: // prerendered, JavaScript on
					m := s.preOn[e]
					check(t, fmt.Sprintf("%s prerendered, with JavaScript on in %s", s.g.name, e), figuresIn[figures](t, ctx, tab, s.url, figuresJS), s.want, &m)
					s.preOn[e] = m
					// No console error: Docusaurus's React, hydrating, finds
					// the nodes it wrote (prerender keeps a block and its
					// wrapper, and shows the figure in the wrapper's shadow
					// root; before, it reported error #418 and wrote the
					// page again).
					noErrors(t, tab)
					// A reader who only reads gets no wasm: the prerendered
					// figures are taken over as they are, the blocks the
					// framework writes anew given the views they had.
					var wasm []string
					if err := tab.Eval(ctx, `performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.wasm'))`, &wasm); err != nil {
						t.Fatal(err)
					}
					if len(wasm) > 0 {
						t.Errorf("%s prerendered, with JavaScript on in %s: the page fetched %q before any interaction; want no wasm", s.g.name, e, wasm)
					}
					return
				}
				m := s.on[e]
				check(t, fmt.Sprintf("%s with JavaScript on in %s", s.g.name, e), figuresIn[figures](t, ctx, tab, s.url, figuresJS), s.want, &m)
				siteScreenshot(t, ctx, tab, name)
				if s.g.toOther == "" {
					// No router: the second page, loaded as its link does.
					check(t, fmt.Sprintf("%s, %s with JavaScript on in %s", s.g.name, s.otherURL, e), figuresIn[figures](t, ctx, tab, s.otherURL, figuresJS), s.wantOther, &m)
					s.on[e] = m
					noErrors(t, tab)
					return
				}
				s.on[e] = m
				// The router's steps: a link to the second page, a link
				// back, the browser's Back; no step reloads the page (a
				// mark set on window stays).
				if err := tab.Eval(ctx, `window.__bitviewNoReload = true`, nil); err != nil {
					t.Fatal(err)
				}
				if err := tab.Eval(ctx, watchTransitions, nil); err != nil {
					t.Fatal(err)
				}
				n := s.nav[e]
				for _, step := range []struct {
					name, link, back, title string
					want                    int
				}{
					{"to the second page", s.g.toOther, "", "Knights", s.wantOther},
					{"back by its link", s.g.toPost, "", "Pawn pushes", s.want},
					{"the browser's Back", "", "history.back()", "Knights", s.wantOther},
				} {
					var err error
					if step.link != "" {
						if err = browsers.Wait(ctx, tab, fmt.Sprintf(clickable, step.link)); err == nil {
							err = tab.Click(ctx, step.link)
						}
					} else {
						err = tab.Eval(ctx, step.back, nil)
					}
					if err == nil {
						err = browsers.Wait(ctx, tab, "("+fmt.Sprintf(s.g.shown, step.title)+") && "+routeSettled)
					}
					if err != nil {
						t.Errorf("%s, %s in %s: %v", s.g.name, step.name, e, err)
						break
					}
					var got figures
					if err := tab.Eval(ctx, figuresJS, &got); err != nil {
						t.Fatal(err)
					}
					check(t, fmt.Sprintf("%s, %s in %s", s.g.name, step.name, e), got, step.want, &n)
					var kept bool
					if err := tab.Eval(ctx, `window.__bitviewNoReload === true`, &kept); err != nil || !kept {
						t.Errorf("%s, %s in %s: the page was reloaded (%v), not routed", s.g.name, step.name, e, err)
					}
					if step.link != "" && step.want == s.wantOther {
						siteScreenshot(t, ctx, tab, name+"-routed")
					}
				}
				s.nav[e] = n
				noErrors(t, tab)
			})
		}
	}
	for _, e := range browsers.Engines {
		t.Run("scripts/"+string(e), func(t *testing.T) { look(t, e, false, false) })
	}
	// Prerender each built site, as the recipes' last section says.
	pre := all["After the build: figures without JavaScript"]
	if len(pre.commands) != 1 {
		t.Fatalf("the prerender section has %d commands, want 1", len(pre.commands))
	}
	for _, s := range sites {
		t.Run("prerender/"+s.g.name, func(t *testing.T) { prerenderSite(t, s.recipeSite, pre.commands[0]) })
	}
	for _, e := range browsers.Engines {
		t.Run("noscript/"+string(e), func(t *testing.T) { look(t, e, true, true) })
		t.Run("prerendered/"+string(e), func(t *testing.T) { look(t, e, false, true) })
	}
	// The measures: figures drawn or shown of those expected (with
	// JavaScript on, both pages for a generator without a router).
	t.Logf("%-9s %-8s %-13s %-16s %-19s %s", "generator", "engine", "JavaScript on", "after navigation", "prerendered JS off", "prerendered JS on")
	for _, s := range sites {
		for _, e := range browsers.Engines {
			f := func(m [2]int) string { return fmt.Sprintf("%d/%d", m[0], m[1]) }
			nav := f(s.nav[e])
			if s.g.toOther == "" {
				nav = "no router"
			}
			t.Logf("%-9s %-8s %-13s %-16s %-19s %s", s.g.name, e, f(s.on[e]), nav, f(s.off[e]), f(s.preOn[e]))
		}
	}
}
