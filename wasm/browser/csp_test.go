//go:build !(js && wasm)

package browser

// Browser tests of Bitview under a Content Security Policy that allows no
// inline script: every example an author copies (the README's lines, the
// Embed tab's snippets) on an author's site that sends one (its copy of
// Bitview under /bitview/, the same origin; the Embed tab's snippets from
// the Bitview site, serve.go, too: another origin, which the policy
// names), a wrong path there, and a
// prerendered page under script-src 'self' alone, in Chromium, Firefox
// and WebKit; serve.go's own pages (the tutorial, embed.html), whose
// policy is as strict, too. (TestSites serves the Hugo, MkDocs and Jekyll
// recipes' sites under the same policy.)

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/browser/browsers"
	bvpages "github.com/bitview/bitview/wasm/figure/pages"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// authorCSP is the author's site's policy: scripts from the site alone,
// and the wasm's compilation (which script-src governs). Styles are not
// restricted here (serve.go allows inline styles too).
const authorCSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'"

// cspLogJS records every violation of the page's policy in
// window.violations, and every script that could not be loaded in
// window.failedScripts: the first script of each test page, a file.
const cspLogJS = `window.violations = []; window.failedScripts = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + e.sourceFile + ':' + e.lineNumber));
document.addEventListener('error', (e) => { if (e.target.localName === 'script') failedScripts.push(e.target.src); }, true);`

// cspPage is an author's post: %[1]s its body.
const cspPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A post</title>
<script src="/csp-log.js"></script>
</head><body><h1>A post</h1>
%[1]s
</body></html>`

// cspStateJS waits (20 s at most) until every element has drawn or
// failed (or the script that defines it could not be loaded), every
// iframe has been sized by bitview-frame.js to a view, and the page has
// loaded, and describes the page: the elements' statuses, the text an
// element shows where nothing ran for it, the frames' heights and their
// documents', the wasm's downloads and the policy's violations.
const cspStateJS = `new Promise((resolve) => { const t0 = performance.now(); const check = () => {
	const views = [...document.querySelectorAll('bitboard-view')], frames = [...document.querySelectorAll('iframe[data-bitview]')];
	const settled = document.readyState === 'complete' && (views.every((v) => v.status?.ok || v.status?.error) || window.failedScripts?.length > 0)
		&& frames.every((f) => parseFloat(f.style.height) >= 300);
	if (!settled && performance.now() - t0 < 20000) return void setTimeout(check, 50);
	resolve({ ok: views.filter((v) => v.status?.ok).length, views: views.length,
		fallbacks: views.filter((v) => !v.shadowRoot && v.getClientRects().length > 0).map((v) => v.textContent),
		frames: frames.map((f) => f.style.height), wasm: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/bitview.wasm')).length,
		statuses: views.map((v) => JSON.stringify(v.status) + ' ' + (v.shadowRoot?.querySelector('.errors')?.innerHTML ?? 'no shadow root')),
		violations: window.violations ?? ['no log'] }); }; check(); })`

// A cspState is what cspStateJS answers.
type cspState struct {
	OK, Views, Wasm int
	Fallbacks       []string
	Frames          []string
	Violations      []string
	Statuses        []string
}

// TestNoInlineScript: see the file's comment.
func TestNoInlineScript(t *testing.T) {
	needsSite(t)
	web := filepath.Join(repo, "web")
	copyFiles := http.StripPrefix("/bitview", http.FileServer(http.Dir(web)))
	pages := map[string]string{} // path → body
	var base string              // the author's site, set below

	// The README's html blocks that load Bitview's copy.
	fs, _ := fences(t, "README.md")
	var readme []string
	for _, f := range fs {
		if f.Lang == "html" && strings.Contains(f.Text, `src="/bitview/`) {
			readme = append(readme, f.Text)
		}
	}
	if len(readme) != 2 {
		t.Fatalf("README.md has %d html blocks that load /bitview/, want 2 (the element and the iframe)", len(readme))
	}
	pages["/readme/"] = strings.Join(readme, "\n")
	// The README's line with a wrong path: nothing runs, the element's text says so.
	pages["/wrong/"] = strings.ReplaceAll(readme[0], "/bitview/", "/nowhere/")

	// A prerendered page, the README's line loading it.
	pre, err := bvpages.Page("index.html", []byte(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Prerendered</title>
<script src="/csp-log.js"></script>`+strings.Split(readme[0], "\n")[0]+`</head><body>
<bitboard-view show="P" marks="Ye4"></bitboard-view>
<bitboard-view layout="0x88" show="n" board="false" fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"></bitboard-view>
</body></html>`), "/bitview/")
	if err != nil {
		t.Fatal(err)
	}
	figures := map[string][]byte{}
	for name, svg := range pre.Figures {
		figures["/prerendered/"+name] = svg
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		policy := authorCSP
		switch p := r.URL.Path; {
		case p == "/csp-log.js":
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			fmt.Fprint(w, cspLogJS)
		case strings.HasPrefix(p, "/bitview/"):
			if typ, ok := mimeTypes[path.Ext(p)]; ok {
				w.Header().Set("Content-Type", typ)
			}
			w.Header().Set("Content-Security-Policy", policy)
			copyFiles.ServeHTTP(w, r)
		case p == "/prerendered/":
			// script-src 'self' alone: no wasm may be compiled, and none is needed to read.
			w.Header().Set("Content-Security-Policy", "script-src 'self'; object-src 'none'")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(pre.Page)
		case figures[p] != nil:
			w.Header().Set("Content-Type", "image/svg+xml")
			w.Write(figures[p])
		case pages[p] != "":
			if p == "/embed-tab-bitview-site/" {
				// The snippets load from the Bitview site, which the policy names.
				policy = "script-src 'self' " + siteURL + " 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'"
			}
			w.Header().Set("Content-Security-Policy", policy)
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, cspPage, pages[p])
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	base = srv.URL
	// The Embed tab's two snippets, as its page writes them: served from
	// the author's copy, and from the Bitview site (serve.go, another origin).
	s := model.DefaultState()
	s.Show = []string{"P", "empty"}
	for p, page := range map[string]string{"/embed-tab/": base + "/bitview/index.html", "/embed-tab-bitview-site/": siteURL + "/index.html"} {
		var snippets []string
		for _, m := range regexp.MustCompile(`data-copy="([^"]*)"`).FindAllStringSubmatch(view.EmbedSnippets(s, page, ""), -1) {
			snippets = append(snippets, html.UnescapeString(m[1]))
		}
		if len(snippets) != 2 {
			t.Fatalf("the Embed tab writes %d snippets, want 2", len(snippets))
		}
		pages[p] = strings.Join(snippets, "\n")
	}
	for name, text := range pages {
		if strings.Contains(text, "<script>") || strings.Contains(text, " onerror=") || strings.Contains(text, " onload=") {
			t.Errorf("%s holds an inline script: %s", name, text)
		}
	}

	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		for _, tc := range []struct {
			path                 string
			ok, frames, fallback int
		}{
			{"/readme/", 1, 1, 0},
			{"/embed-tab/", 1, 1, 0},
			{"/embed-tab-bitview-site/", 1, 1, 0},
			{"/wrong/", 0, 0, 1},
			{"/prerendered/", 2, 0, 0},
		} {
			visit(t, tab, base+tc.path)
			got := evalIn[cspState](t, tab, cspStateJS)
			t.Logf("%s in %s: %+v", tc.path, tab.Engine(), got)
			if errs, err := tab.Errors(); err == nil {
				t.Logf("console: %q", errs)
			}
			if len(got.Violations) > 0 {
				t.Errorf("%s in %s: the policy was violated: %q", tc.path, tab.Engine(), got.Violations)
			}
			if got.OK != tc.ok || len(got.Frames) != tc.frames || len(got.Fallbacks) != tc.fallback {
				t.Errorf("%s in %s: %d elements drawn, %d frames, fallback texts %q; want %d, %d, %d", tc.path, tab.Engine(), got.OK, len(got.Frames), got.Fallbacks, tc.ok, tc.frames, tc.fallback)
			}
			for _, h := range got.Frames {
				if px, err := strconv.ParseFloat(strings.TrimSuffix(h, "px"), 64); err != nil || px < 400 {
					t.Errorf("%s in %s: an iframe %q tall, want its view's height (a board and two cards) set by bitview-frame.js", tc.path, tab.Engine(), h)
				}
			}
			if tc.path == "/wrong/" && (len(got.Fallbacks) != 1 || !strings.Contains(got.Fallbacks[0], "/nowhere/bitview-load.js")) {
				t.Errorf("with the path wrong in %s: the element shows %q, want its text naming /nowhere/bitview-load.js", tab.Engine(), got.Fallbacks)
			}
			if tc.path == "/prerendered/" {
				// Readable without the wasm: pointing at a square highlights it.
				lit := evalIn[string](t, tab, `(() => { const v = document.querySelector('bitboard-view');
					v.shadowRoot.querySelector('.board [data-square="e4"]').dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
					return getComputedStyle(v.shadowRoot.querySelector('.board [data-square="e4"]')).outlineWidth; })()`)
				if got.Wasm != 0 || lit != "3px" {
					t.Errorf("the prerendered page in %s: the wasm fetched %d times, e4 pointed at outlined %q; want no wasm and a 3px outline", tab.Engine(), got.Wasm, lit)
				}
			}
			shoot(t, tab, "csp"+strings.ReplaceAll(strings.TrimSuffix(tc.path, "/"), "/", "-"))
		}
		// serve.go's own pages, under its own policy.
		for _, p := range []string{"/tutorial.html", "/embed.html?fen=8/8/8/8/4P3/8/8/8%20w%20-%20-%200%201&show=P"} {
			visit(t, tab, siteURL+p)
			if n := waitViewsIn(t, tab); n == 0 {
				t.Errorf("%s in %s: no element", p, tab.Engine())
			}
			for _, v := range readViewsIn(t, tab) {
				if v.Error != "" {
					t.Errorf("%s in %s: %s", p, tab.Engine(), v.Error)
				}
			}
		}
	})
}
