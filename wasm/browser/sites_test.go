//go:build !(js && wasm) && unix

package browser

// The recipes of web/sites/README.md, each run as an author runs it with
// the generator from Debian (Hugo, MkDocs, Jekyll) and its defaults: a
// new site (no theme), Bitview's copy and templates added by the
// recipe's commands, a post with ```bitboard blocks and one element as
// the recipe says to write it, the site built, then served from a second
// origin under a sub-path (/repo/, a GitHub Pages project site). Every
// figure must draw with JavaScript on; served where the script's path is
// wrong, every figure names the URL that failed; after the recipe's
// prerender command over the built site, every figure shows with
// JavaScript off and draws with it on, Bitview's copy is unchanged to the
// byte, and nothing of the pages outside the figures changed.
//
// A generator that is not installed skips its recipe, naming the package
// to install (.ci/run installs them); with CI set it fails.

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/browser/browsers"
)

// recipesFile is the page of the recipes, beside the templates it names.
const recipesFile = "web/sites/README.md"

// A generator is a static-site generator with its recipe.
type generator struct {
	name     string                          // the section of recipesFile
	command  string                          // the generator's command, and Debian's package
	newSite  string                          // the command that makes my-site/ with the defaults
	build    string                          // the command, run in my-site/, that builds it
	out      string                          // the folder the build writes, in my-site/
	post     string                          // the post's source, in my-site/
	postURL  string                          // the post's path below the site's root
	subPath  func(t *testing.T, site string) // puts the site under /repo/
	frontOf  string                          // the post's front matter
	withPost func(t *testing.T, site string) // what the recipe says to add beyond its commands
	config   string                          // the file, in my-site/, that the recipe's yaml or python block is added to
	relative bool                            // the pages find Bitview's copy by relative paths: any sub-path works
	base     string                          // prerender's -base for the site under /repo/, when not the recipe's /repo/bitview/
	nav      bool                            // a reader also comes to the post by its link on the site's home page (the theme's in-site navigation)
	// ownScripts: the generator or its theme writes inline scripts of its
	// own (VitePress; Material 8.2: its palette's and search's setup): its
	// pages' policy allows each of them by its hash, and no other.
	ownScripts bool
}

// generators are Hugo, MkDocs and Jekyll, as Debian packages them (the
// command is the package's name).
var generators = []generator{
	{
		name: "Hugo", command: "hugo", newSite: "hugo new site my-site", build: "hugo", out: "public",
		post: "content/posts/pawns.md", postURL: "posts/pawns/", frontOf: "---\ntitle: Pawn pushes\n---\n",
		subPath: func(t *testing.T, site string) {
			editFile(t, filepath.Join(site, "config.toml"), regexp.MustCompile(`(?m)^baseURL = .*$`), "baseURL = 'https://example.org/repo/'")
		},
		withPost: func(t *testing.T, site string) {
			// A site without a theme has no layout for a page: the
			// author's theme would give it one.
			writeFile(t, filepath.Join(site, "layouts/_default/single.html"),
				"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{{ .Title }}</title></head>\n<body><main>{{ .Content }}</main></body></html>\n")
		},
	},
	{
		name: "MkDocs", command: "mkdocs", newSite: "mkdocs new my-site", build: "mkdocs build", out: "site",
		post: "docs/posts/pawns.md", postURL: "posts/pawns/", frontOf: "# Pawn pushes\n", config: "mkdocs.yml", relative: true,
		subPath: func(t *testing.T, site string) {}, // MkDocs writes every path relative to the page
	},
	{
		name: "Jekyll", command: "jekyll", newSite: "jekyll new my-site --blank", build: "jekyll build", out: "_site",
		post: "_posts/2026-01-02-pawns.md", postURL: "2026/01/02/pawns.html", frontOf: "---\nlayout: default\ntitle: Pawn pushes\n---\n",
		subPath: func(t *testing.T, site string) {
			editFile(t, filepath.Join(site, "_config.yml"), regexp.MustCompile(`(?m)^baseurl: .*$`), `baseurl: "/repo"`)
		},
		withPost: func(t *testing.T, site string) {
			// "{% include bitview.html %} once in the layout, before </body>".
			editFile(t, filepath.Join(site, "_layouts/default.html"), regexp.MustCompile(`</body>`), "  {% include bitview.html %}\n  </body>")
		},
	},
}

// themedGenerators are the same generators with the themes and
// highlighters authors use, from Debian's packages (mkdocs-material,
// jekyll-theme-minima, python3-sphinx with python3-myst-parser): the
// sites tier (TestSitesThemed, make test-sites).
var themedGenerators = []generator{
	{
		name: "MkDocs with Material", command: "mkdocs", newSite: "mkdocs new my-site", build: "mkdocs build", out: "site",
		post: "docs/posts/pawns.md", postURL: "posts/pawns/", frontOf: "# Pawn pushes\n", config: "mkdocs.yml", relative: true, nav: true, ownScripts: true,
		subPath: func(t *testing.T, site string) {
			// Material's instant navigation works where site_url is set.
			b, _ := os.ReadFile(filepath.Join(site, "mkdocs.yml"))
			writeFile(t, filepath.Join(site, "mkdocs.yml"), string(b)+"site_url: https://example.org/repo/\n")
		},
		withPost: func(t *testing.T, site string) {
			// The home page links to the post, as a site's pages do.
			b, _ := os.ReadFile(filepath.Join(site, "docs/index.md"))
			writeFile(t, filepath.Join(site, "docs/index.md"), string(b)+"\n[Pawn pushes](posts/pawns.md)\n")
		},
	},
	{
		name: "Jekyll with minima", command: "jekyll", newSite: "jekyll new my-site --skip-bundle", build: "jekyll build", out: "_site",
		post: "_posts/2026-01-02-pawns.md", postURL: "2026/01/02/pawns.html", frontOf: "---\nlayout: post\ntitle: Pawn pushes\n---\n{% include bitview.html %}\n",
		subPath: func(t *testing.T, site string) {
			editFile(t, filepath.Join(site, "_config.yml"), regexp.MustCompile(`(?m)^baseurl: .*$`), `baseurl: "/repo"`)
		},
	},
	{
		name: "Sphinx with MyST", command: "sphinx-build", newSite: `sphinx-quickstart -q -p "My site" -a "An author" --no-makefile --no-batchfile my-site`,
		build: "sphinx-build -W -q . _build/html", out: "_build/html", post: "posts/pawns.md", postURL: "posts/pawns.html",
		frontOf: "# Pawn pushes\n", config: "conf.py", relative: true, base: "/repo/_static/bitview/",
		subPath: func(t *testing.T, site string) {}, // Sphinx writes every path relative to the page
		withPost: func(t *testing.T, site string) {
			// The author lists the post in the home page's table of contents.
			editFile(t, filepath.Join(site, "index.rst"), regexp.MustCompile(`(?m)^   :caption: Contents:\n`), "   :caption: Contents:\n\n   posts/pawns\n")
		},
	},
}

// A recipe is one generator's section of recipesFile: its commands, its
// configuration (a yaml or python block, added to the generator's
// configuration file), its JavaScript (VitePress's configuration, a
// deck's script file), its page (an html or astro block: a layout, the
// page around the content with the script line, or a deck's page) and its
// Markdown (what authors write).
type recipe struct {
	commands                   []string
	config, js, page, markdown string
}

// recipes reads recipesFile's sections by their heading ("## Hugo"); a
// "### " sub-section's blocks are also read on their own, as
// "section/sub-section" ("Slide decks: reveal.js, Marp and Slidev/Marp").
func recipes(t *testing.T) map[string]recipe {
	t.Helper()
	fs, _ := fences(t, recipesFile)
	raw, err := os.ReadFile(filepath.Join(repo, recipesFile))
	if err != nil {
		t.Fatal(err)
	}
	// The section of each line: the last "## " heading above it, and
	// its sub-section: the last "### " heading under that one, if any.
	section, sub := map[int]string{}, map[int]string{}
	cur, curSub := "", ""
	inFence := ""
	for i, line := range strings.Split(string(raw), "\n") {
		if trimmed := strings.TrimSpace(line); inFence == "" && strings.HasPrefix(trimmed, "```") {
			inFence = trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, "`"))]
		} else if inFence != "" && trimmed == inFence {
			inFence = ""
		}
		if h, ok := strings.CutPrefix(line, "## "); ok && inFence == "" {
			cur, curSub = h, ""
		}
		if h, ok := strings.CutPrefix(line, "### "); ok && inFence == "" {
			curSub = cur + "/" + h
		}
		section[i+1], sub[i+1] = cur, curSub
	}
	out := map[string]recipe{}
	for _, f := range fs {
		for _, name := range []string{section[f.Line], sub[f.Line]} {
			if name == "" {
				continue
			}
			r := out[name]
			switch f.Lang {
			case "sh":
				for _, c := range strings.Split(strings.TrimSpace(f.Text), "\n") {
					r.commands = append(r.commands, strings.TrimSpace(c))
				}
			case "yaml", "python":
				r.config += f.Text
			case "markdown":
				r.markdown += f.Text
			case "html", "astro":
				r.page += f.Text
			case "js":
				r.js += f.Text
			}
			out[name] = r
		}
	}
	return out
}

// needGenerator returns the generator's path, or skips the test (fails
// it with CI set) naming the package to install.
func needGenerator(t *testing.T, command string) {
	t.Helper()
	if _, err := exec.LookPath(command); err == nil {
		return
	}
	msg := fmt.Sprintf("%s is not installed: sudo apt-get install %s (.ci/run installs it)", command, command)
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// siteRun runs a command as a shell would in dir, within 6 minutes
// (the process is killed past them: Docusaurus's webpack build took
// 2m52s on two loaded cores), and fails the test when it fails.
func siteRun(t *testing.T, dir, command string) string {
	t.Helper()
	return siteRunEnv(t, dir, command, nil)
}

// siteRunEnv is siteRun with env ("NAME=value") added to the test's
// environment: a value there wins over the test's own.
func siteRunEnv(t *testing.T, dir, command string, env []string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s (in %s): %v\n%s", command, dir, err, out)
	}
	return string(out)
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// editFile replaces the one match of re in the file name with repl.
func editFile(t *testing.T, name string, re *regexp.Regexp, repl string) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(re.FindAllIndex(b, -1)); n != 1 {
		t.Fatalf("%s: %d matches of %s, want 1:\n%s", name, n, re, b)
	}
	writeFile(t, name, re.ReplaceAllString(string(b), repl))
}

// treeHashes returns the SHA-256 of every file below dir, by its path
// relative to dir.
func treeHashes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// figureParts are what prerender writes or replaces in a page: the
// elements (with their shadow roots and images) and the blocks they
// replace, VitePress's after its wrapper's label, Docusaurus's with its
// two wrappers; figureStyle is the one
// <style> it adds for them.
var (
	figureParts = regexp.MustCompile(`(?s)<bitboard-view\b.*?</bitboard-view>|<pre\b[^>]*>\s*<code class="language-bitboard"[^>]*>.*?</code>\s*</pre>` +
		`|<span class="lang">bitboard</span>(?:<pre\b.*?</pre>|<bitboard-view\b.*?</bitboard-view>)` +
		`|<pre class="bitboard">.*?</pre>|<div class="highlight-bitboard[^"]*">.*?</pre>\s*</div>\s*</div>` +
		`|<div class="language-bitboard codeBlockContainer[^"]*"[^>]*>.*?</pre></div></div>`)
	figureStyle = regexp.MustCompile(`(?s)<style data-bitview-figures[ >].*?</style>\n?`)
)

// outsideFigures returns a page with each figure as "<figure>".
func outsideFigures(page string) string {
	return figureParts.ReplaceAllString(figureStyle.ReplaceAllString(page, ""), "<figure>")
}

// inlineScript is a <script> element of a page, its attributes and its
// text; scriptSrc is the attribute of one that is not inline.
var (
	inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
	scriptSrc    = regexp.MustCompile(`(?i)\bsrc\s*=`)
)

// ownScriptsCSP returns authorCSP for the page file name, with the hash
// of each inline script the page holds allowed: the generator's own
// (VitePress writes its site's data and its theme's first settings so).
func ownScriptsCSP(name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		return authorCSP
	}
	var hashes []string
	for _, m := range inlineScript.FindAllSubmatch(b, -1) {
		if scriptSrc.Match(m[1]) {
			continue
		}
		sum := sha256.Sum256(m[2])
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	if len(hashes) == 0 {
		return authorCSP
	}
	return strings.Replace(authorCSP, "script-src 'self'", "script-src 'self' "+strings.Join(hashes, " "), 1)
}

// siteServer serves the folder dir under the path prefix ("/repo/") as a
// plain static host does (no CORS headers, types from the extension),
// each file revalidated at each request (Cache-Control: no-cache),
// with a Content Security Policy that allows no inline script (authorCSP:
// the recipes' lines are script files), or, with ownScripts, only those
// of each page as the generator wrote them (ownScriptsCSP). Outside the
// prefix it answers /favicon.ico with nothing (204), and any other path
// with 404. It returns the URL of the prefix and a function that returns
// the paths asked for so far, below the prefix, and forgets them.
func siteServer(t *testing.T, dir, prefix string, ownScripts bool) (string, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var asked []string
	files := http.StripPrefix(strings.TrimSuffix(prefix, "/"), http.FileServer(http.Dir(dir)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, prefix) {
			if r.URL.Path == "/favicon.ico" {
				// The host's own, which a browser asks for when a page
				// names none: an answer with nothing, not an error in
				// the console (TestSitesNPM reads it).
				w.WriteHeader(http.StatusNoContent)
				return
			}
			http.NotFound(w, r)
			return
		}
		mu.Lock()
		asked = append(asked, strings.TrimPrefix(r.URL.Path, prefix))
		mu.Unlock()
		csp := authorCSP
		if name := strings.TrimPrefix(r.URL.Path, prefix); ownScripts && (name == "" || strings.HasSuffix(name, "/") || strings.HasSuffix(name, ".html")) {
			if !strings.HasSuffix(name, ".html") {
				name += "index.html"
			}
			csp = ownScriptsCSP(filepath.Join(dir, filepath.FromSlash(name)))
		}
		w.Header().Set("Content-Security-Policy", csp)
		// Each file revalidated at each request, as after a deploy: a
		// look after prerender gets the prerendered page, not the
		// browser's copy from before (Firefox, by its heuristic
		// freshness, ran a post from before prerender, whose blocks
		// fetched the wasm).
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + prefix, func() []string {
		mu.Lock()
		defer mu.Unlock()
		out := asked
		asked = nil
		return out
	}
}

// blocksJS is an expression whose value is the page's bitboard blocks,
// each <pre> once, as generators write them: a <pre> whose <code> says
// the language, or one in VitePress's wrapper, where Shiki writes the
// <code> without a class.
const blocksJS = `[...new Set([...document.querySelectorAll('pre > code.language-bitboard, div.language-bitboard pre, pre.bitboard, div.highlight-bitboard pre')].map((c) => c.closest('pre')))]`

// figuresJS waits (20 s at most) until every element of the page has
// drawn or failed, and no bitboard block is left on show, then describes
// them: how many elements (a block's, in its wrapper's shadow root, too),
// how many drew a board or a grid, how many blocks are shown, and the
// failure boxes' texts. Each element is scrolled to: one far from the
// screen waits for the reader to come near.
const figuresJS = `new Promise((resolve) => { const t0 = performance.now(); let next = 0; const check = () => {
	const views = ` + allViewsJS + `();
	const blocks = ` + blocksJS + `.filter((c) => c.getClientRects().length > 0).length;
	while (next < views.length && (views[next].status?.ok || views[next].status?.error)) next++;
	views[next]?.scrollIntoView();
	const boxes = [...document.querySelectorAll('[role=alert]'), ...views.flatMap((v) => [...(v.shadowRoot?.querySelectorAll('.failed') ?? [])])]
		.map((b) => b.textContent);
	const drawn = views.filter((v) => v.status?.ok && v.shadowRoot?.querySelector('.host:not([hidden]) :is(.board, .grid)'));
	if ((blocks === 0 && views.length > 0 && views.every((v) => v.status?.ok || v.status?.error)) || boxes.length > 0 || performance.now() - t0 > 20000)
		resolve({ views: views.length, drawn: drawn.length, blocks, boxes });
	else setTimeout(check, 50); }; check(); })`

// wrongPathJS describes, once the page has loaded, a page whose script
// was not found: the elements, those that show their fallback text
// naming bitview-load.js, the blocks shown as text, and whether the
// element was defined.
const wrongPathJS = `new Promise((resolve) => { const done = () => { const views = [...document.querySelectorAll('bitboard-view')];
	resolve({ views: views.length, fallbacks: views.filter((v) => !v.shadowRoot && v.getClientRects().length > 0 && v.textContent.includes('bitview-load.js')).length,
		blocks: ` + blocksJS + `.filter((c) => c.getClientRects().length > 0).length,
		defined: customElements.get('bitboard-view') !== undefined }); };
	document.readyState === 'complete' ? done() : addEventListener('load', done); })`

// A wrongPath is what wrongPathJS answers.
type wrongPath struct {
	Views, Fallbacks, Blocks int
	Defined                  bool
}

// A figures is what figuresJS answers.
type figures struct {
	Views, Drawn, Blocks int
	Boxes                []string
}

// staticJS describes the figures of a page with JavaScript off: the
// elements (a block's, in the declarative shadow root prerender writes on
// its wrapper, too), those whose declarative shadow root holds a board or
// a grid as the element draws it, and the blocks on show.
const staticJS = `(() => { const views = ` + allViewsJS + `();
	return { views: views.length, drawn: views.filter((v) => v.shadowRoot?.querySelector('.host :is(.board, .grid)')).length,
		blocks: ` + blocksJS + `.filter((c) => c.getClientRects().length > 0).length, boxes: [] }; })()`

// A recipeSite is one recipe's site, built.
type recipeSite struct {
	g           generator
	dir         string // the built site: my-site/public, site or _site
	url, atRoot string // the post, served under /repo/, and the same site at a host's root
	want        int    // the post's figures
	asked       func() []string
	prerendered bool
	drawn       map[browsers.Engine][4]int // figures drawn with JavaScript on, before and after prerender, shown with it off after, and drawn come to by a link (nav)
}

// buildSite runs g's recipe of all: a new site with the generator's
// defaults, the recipe's commands, a post written as the recipe says,
// and the build. The site's folder and its servers live as long as top.
func buildSite(t, top *testing.T, g generator, all map[string]recipe) *recipeSite {
	t.Helper()
	r, ok := all[g.name]
	if !ok || len(r.commands) == 0 {
		t.Fatalf("%s has no section %q with commands", recipesFile, "## "+g.name)
	}
	dir := top.TempDir()
	if err := os.Symlink(filepath.Join(readmeDist(t), "dist"), filepath.Join(dir, "dist")); err != nil {
		t.Fatal(err)
	}
	siteRun(t, dir, g.newSite)
	mySite := filepath.Join(dir, "my-site")
	g.subPath(t, mySite)
	for _, c := range r.commands {
		siteRun(t, dir, c)
	}
	if r.config != "" {
		if g.config == "" {
			t.Fatalf("%s's section has a configuration block, and the test does not know which file it goes in", g.name)
		}
		b, _ := os.ReadFile(filepath.Join(mySite, g.config))
		writeFile(t, filepath.Join(mySite, g.config), string(b)+"\n"+r.config)
	}
	// The post: the README's bitboard block, one more, and what the
	// recipe says authors write; Jekyll's recipe says raw elements are
	// written as they are: the README's.
	post := readmeMarkdown(t) + "\nText between the figures.\n\n```bitboard\nshow: N\nlayout: 0x88\n```\n\n"
	if r.markdown != "" {
		post += r.markdown
	} else {
		post += readmeElement(t) + "\n"
	}
	post = g.frontOf + "\nText before the figures.\n\n" + post + "\nText after the figures.\n"
	writeFile(t, filepath.Join(mySite, g.post), post)
	if g.withPost != nil {
		g.withPost(t, mySite)
	}
	siteRun(t, mySite, g.build)
	s := &recipeSite{g: g, dir: filepath.Join(mySite, g.out),
		want:  strings.Count(post, "```bitboard") + strings.Count(post, "<bitboard-view ") + strings.Count(post, "{{< bitboard "),
		drawn: map[browsers.Engine][4]int{}}
	root, asked := siteServer(top, s.dir, "/repo/", g.ownScripts)
	atRoot, _ := siteServer(top, s.dir, "/", g.ownScripts)
	s.url, s.atRoot, s.asked = root+g.postURL, atRoot+g.postURL, asked
	return s
}

// figuresIn opens url in tab ("": the page it shows) and describes its
// figures with js.
func figuresIn[T any](t *testing.T, ctx context.Context, tab browsers.Tab, url, js string) T {
	t.Helper()
	if url != "" {
		if err := tab.Navigate(ctx, url); err != nil {
			t.Fatal(err)
		}
	}
	var got T
	if err := tab.Eval(ctx, js, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// siteScreenshot saves the tab's viewport as out/screenshots/NAME.png,
// when screenshots are wanted (shots).
func siteScreenshot(t *testing.T, ctx context.Context, tab browsers.Tab, name string) {
	t.Helper()
	if !shots() {
		return
	}
	png, err := tab.Screenshot(ctx)
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	saveScreenshot(t, name, png)
}

// TestSites runs each recipe of web/sites/README.md with its generator,
// then looks at each site in Chromium, Firefox and WebKit.
func TestSites(t *testing.T) { testSites(t, generators) }

// TestSitesThemed runs the recipes for the themes and highlighters authors
// use (themedGenerators) as TestSites runs the bare ones; where a theme
// navigates without reloading, the post is also reached by its link on
// the home page. It is the sites tier: BITVIEW_SITES=1 (make test-sites,
// which .ci/run runs) asks for it, so that make test keeps to its time.
func TestSitesThemed(t *testing.T) {
	if os.Getenv("BITVIEW_SITES") == "" {
		t.Skip("the sites tier runs with BITVIEW_SITES=1 (make test-sites)")
	}
	testSites(t, themedGenerators)
}

// testSites builds each of gens' sites from its recipe, then looks at
// them in the three engines: with JavaScript on, with the script's path
// wrong, then prerendered with it off and on.
func testSites(t *testing.T, gens []generator) {
	parallel(t)
	needsSite(t)
	all := recipes(t)
	top := t
	var sites []*recipeSite
	for _, g := range gens {
		t.Run("build/"+g.name, func(t *testing.T) {
			needGenerator(t, g.command)
			sites = append(sites, buildSite(t, top, g, all))
		})
	}
	if len(sites) == 0 {
		t.Skip("no generator to build a site with")
	}
	// JavaScript on: every figure draws; the page loads the files
	// README.md counts; where the script's path is wrong, each figure
	// names the URL that failed.
	look := func(t *testing.T, e browsers.Engine, noScript bool, after bool) {
		engineInstalled(t, e)
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
		defer cancel()
		// One tab of the engine's shared browser for every site (the
		// steps run in sequence: the sites change between them).
		tab := sharedTab(t, e, noScript)
		for _, s := range sites {
			if after && !s.prerendered {
				continue
			}
			t.Run(s.g.name, func(t *testing.T) {
				name := "site-" + strings.ReplaceAll(strings.ToLower(s.g.name), " ", "-") + "-" + string(e)
				counts := s.drawn[e]
				if noScript {
					got := figuresIn[figures](t, ctx, tab, s.url, staticJS)
					counts[2] = got.Drawn
					if got.Drawn != s.want || got.Views != s.want || got.Blocks != 0 {
						t.Errorf("%s prerendered, JavaScript off in %s: %+v, want %d figures shown", s.g.name, e, got, s.want)
					}
					siteScreenshot(t, ctx, tab, name+"-scripts-off")
					s.drawn[e] = counts
					return
				}
				s.asked()
				got := figuresIn[figures](t, ctx, tab, s.url, figuresJS)
				if after {
					counts[1] = got.Drawn
				} else {
					counts[0] = got.Drawn
				}
				s.drawn[e] = counts
				if got.Drawn != s.want || got.Views != s.want || got.Blocks != 0 || len(got.Boxes) != 0 {
					t.Errorf("%s with JavaScript on in %s (prerendered: %v): %+v, want %d figures drawn", s.g.name, e, after, got, s.want)
				}
				if after {
					// A reader who only reads gets no wasm: the prerendered
					// figures are taken over as they are.
					for _, p := range s.asked() {
						if strings.HasSuffix(p, ".wasm") {
							t.Errorf("%s prerendered, with JavaScript on in %s: the page asked for %s before any interaction; want no wasm", s.g.name, e, p)
						}
					}
					return
				}
				siteScreenshot(t, ctx, tab, name)
				if s.g.nav {
					// From the home page, by its link: the theme swaps the
					// page in place; the post's figures must draw there too.
					home := strings.TrimSuffix(s.url, s.g.postURL)
					figuresIn[figures](t, ctx, tab, home, figuresJS)
					var clicked bool
					if err := tab.Eval(ctx, `(() => { window.bitviewHome = true; const a = [...document.querySelectorAll('article a, main a, .md-content a')].find((a) => a.pathname.endsWith('/`+s.g.postURL+`')); a?.click(); return !!a; })()`, &clicked); err != nil || !clicked {
						t.Fatalf("%s in %s: no link to the post on the home page (%v)", s.g.name, e, err)
					}
					// The theme swaps the page in (or the browser loads it):
					// asked again until the post's address is the page's,
					// an answer lost to an unload being no answer.
					for arrived, t0 := false, time.Now(); !arrived; {
						if time.Since(t0) > 20*time.Second {
							t.Fatalf("%s in %s: the post's address never came after the home page's link was clicked", s.g.name, e)
						}
						time.Sleep(100 * time.Millisecond)
						if err := tab.Eval(ctx, `location.pathname.endsWith('/`+s.g.postURL+`') && document.readyState !== 'loading'`, &arrived); err != nil {
							arrived = false
						}
					}
					nav := figuresIn[figures](t, ctx, tab, "", figuresJS)
					var inPlace bool
					tab.Eval(ctx, `window.bitviewHome === true`, &inPlace)
					t.Logf("%s in %s: come to by the home page's link, the page swapped in place: %v", s.g.name, e, inPlace)
					if !inPlace {
						t.Errorf("%s in %s: the home page's link loaded the post anew: the theme's in-site navigation was not what was tried", s.g.name, e)
					}
					counts[3] = nav.Drawn
					s.drawn[e] = counts
					if nav.Drawn != s.want || nav.Views != s.want || nav.Blocks != 0 || len(nav.Boxes) != 0 {
						t.Errorf("%s in %s, come to by the home page's link: %+v, want %d figures drawn", s.g.name, e, nav, s.want)
					}
				}
				// Of Bitview's copy, the page asked for pageFiles (README.md,
				// "Serving") and pieces, nothing else.
				files := pageFiles(t)
				loaded := map[string]bool{}
				copyDir := "bitview/" // the copy's folder below the site's root
				if s.g.base != "" {
					copyDir = strings.TrimPrefix(s.g.base, "/repo/")
				}
				for _, p := range s.asked() {
					if f, ok := strings.CutPrefix(p, copyDir); ok {
						loaded[f] = true
						if !slices.Contains(files, f) && !strings.HasPrefix(f, "pieces/chessnut/") {
							t.Errorf("%s: the page asked for %s%s, which README.md does not count", e, copyDir, f)
						}
					}
				}
				for _, f := range files {
					if !loaded[f] {
						t.Errorf("%s: the page did not ask for %s%s, which README.md counts", e, copyDir, f)
					}
				}
				// The same site at the root of a host: its paths say
				// /repo/. Hugo's and Jekyll's script line is then not
				// found, and nothing runs (no inline handler): each
				// element shows its fallback text, naming the script,
				// and each block stays text; MkDocs's paths are relative
				// and work.
				if s.g.relative {
					if wrong := figuresIn[figures](t, ctx, tab, s.atRoot, figuresJS); wrong.Drawn != s.want {
						t.Errorf("%s at another path in %s: %+v, want %d figures drawn (its paths are relative)", s.g.name, e, wrong, s.want)
					}
				} else if wrong := figuresIn[wrongPath](t, ctx, tab, s.atRoot, wrongPathJS); wrong.Fallbacks+wrong.Blocks != s.want || wrong.Fallbacks != wrong.Views || wrong.Defined {
					t.Errorf("%s with the script's path wrong in %s: %+v, want each of the %d figures shown as its fallback text naming bitview-load.js or as its block", s.g.name, e, wrong, s.want)
				} else if e == browsers.Chromium {
					siteScreenshot(t, ctx, tab, name+"-wrong-path")
				}
			})
		}
	}
	for _, e := range browsers.Engines {
		t.Run("scripts/"+string(e), func(t *testing.T) { look(t, e, false, false) })
	}
	// Prerender each built site, as the recipe's last section says.
	pre := all["After the build: figures without JavaScript"]
	if len(pre.commands) != 1 {
		t.Fatalf("the prerender section has %d commands, want 1", len(pre.commands))
	}
	for _, s := range sites {
		t.Run("prerender/"+s.g.name, func(t *testing.T) { prerenderSite(t, s, pre.commands[0]) })
	}
	for _, e := range browsers.Engines {
		t.Run("noscript/"+string(e), func(t *testing.T) { look(t, e, true, true) })
		t.Run("prerendered/"+string(e), func(t *testing.T) { look(t, e, false, true) })
	}
	// The measures: figures drawn or shown of those the post holds.
	for _, s := range sites {
		for _, e := range browsers.Engines {
			c := s.drawn[e]
			nav := ""
			if s.g.nav {
				nav = fmt.Sprintf(", come to by a link %d/%d", c[3], s.want)
			}
			t.Logf("%-6s %-8s JavaScript on %d/%d%s, prerendered: on %d/%d, off %d/%d", s.g.name, e, c[0], s.want, nav, c[1], s.want, c[2], s.want)
		}
	}
}

// prerenderSite runs recipe, the recipes' prerender command, over the
// built site s, and checks what it did: Bitview's copy unchanged to the
// byte, nothing of the pages changed outside their figures, no file
// written but the figures', and nothing written by a second run.
func prerenderSite(t *testing.T, s *recipeSite, recipe string) {
	t.Helper()
	before := treeHashes(t, s.dir)
	pages := map[string]string{}
	for name := range before {
		if strings.HasSuffix(name, ".html") {
			b, _ := os.ReadFile(filepath.Join(s.dir, name))
			pages[name] = string(b)
		}
	}
	command := strings.Replace(recipe, "my-site/public/", s.dir+"/", 1) // the recipe's -base carries the sub-path, /repo/
	if !strings.Contains(command, "-base /repo/bitview/ ") {
		t.Errorf("the recipe's command %q does not give the copy's folder with the sub-path, /repo/bitview/", recipe)
	}
	if s.g.base != "" { // the copy in another folder, as the recipe says
		command = strings.Replace(command, "-base /repo/bitview/ ", "-base "+s.g.base+" ", 1)
	}
	s.prerendered = true // a failure below is the test's; the pages may still show
	siteRun(t, repo, command)
	after := treeHashes(t, s.dir)
	changed := 0
	for name, sum := range before {
		if strings.HasPrefix(name, "bitview/") && after[name] != sum {
			changed++
			t.Errorf("prerender changed Bitview's copy: %s", name)
		}
		if strings.HasSuffix(name, ".html") && after[name] != sum {
			b, _ := os.ReadFile(filepath.Join(s.dir, name))
			if was, is := outsideFigures(pages[name]), outsideFigures(string(b)); was != is {
				i := 0
				for i < min(len(was), len(is)) && was[i] == is[i] {
					i++
				}
				t.Errorf("prerender changed %s outside its figures, at byte %d of what is not a figure: %q, now %q",
					name, i, was[max(0, i-80):min(len(was), i+80)], is[max(0, i-80):min(len(is), i+80)])
			}
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok && !strings.Contains(name, "bitview-figures/") {
			t.Errorf("prerender wrote %s, which is no figure", name)
		}
	}
	if again := siteRun(t, repo, command); strings.Contains(again, "wrote ") {
		t.Errorf("a second prerender wrote again:\n%s", again)
	}
	t.Logf("%s: prerender changed %d files of Bitview's copy", s.g.name, changed)
}

// readmeMarkdown returns the README's markdown blocks: a ```bitboard
// block as an author writes it.
func readmeMarkdown(t *testing.T) string {
	t.Helper()
	fs, _ := fences(t, "README.md")
	var md string
	for _, f := range fs {
		if f.Lang == "markdown" {
			md += f.Text
		}
	}
	if !strings.Contains(md, "```bitboard") {
		t.Fatal("README.md has no ```bitboard block")
	}
	return md
}

// readmeElement returns the <bitboard-view> of the README's first html
// block, the element an author writes.
func readmeElement(t *testing.T) string {
	t.Helper()
	fs, _ := fences(t, "README.md")
	for _, f := range fs {
		if f.Lang != "html" {
			continue
		}
		for _, line := range strings.Split(f.Text, "\n") {
			if strings.HasPrefix(line, "<bitboard-view ") {
				return line
			}
		}
	}
	t.Fatal("README.md has no <bitboard-view> line")
	return ""
}
