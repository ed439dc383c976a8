//go:build !(js && wasm)

package browser

// Browser tests of the load-failure box: when the element's script or
// its files cannot be loaded, the box names the URL and the cause, found
// by asking for the URL again (web/bitview-load.js's one diagnosis, for
// the modules it imports and, through web/bitview/diagnose.js, for the
// element's files); when bitview-load.js itself cannot be loaded, the
// element's fallback text, the README's, names it (no inline handler:
// nothing runs). One case per cause: not found (a wrong path, and a
// version of the package not published), no CORS header, a wrong MIME
// type, an HTML page instead of the file, a host that cannot be reached,
// and a browser that is offline.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// badSite serves Bitview's files (from web/) badly, by the first folder
// of the path: /404/ and /npm/bitview@9.9.9/ answer 404 (a wrong path, a
// version not published); /nocors/ sends them without
// Access-Control-Allow-Origin; /mime/ as text/plain (with nosniff, as
// many hosts send); /html/ answers every path with an HTML page (a
// single-page app's fallback); /ok/ sends them as a CDN does. Under
// /loader-404/, /loader-mime/ and /loader-html/, bitview-load.js is sent
// as it should be and the other files as /404/, /mime/ and /html/ send
// them: a classic script that runs, whose modules cannot be imported.
// Under /wire404/ one module deep in the imports, bitview/wire.js, is not
// found.
func badSite(w http.ResponseWriter, r *http.Request) {
	mode, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if mode == "npm" {
		mode = "404"
	}
	if mode == "wire404" { // one module that the others import is missing
		mode = "ok"
		if rest == "bitview/wire.js" {
			mode = "404"
		}
	}
	if m, ok := strings.CutPrefix(mode, "loader-"); ok {
		mode = m
		if rest == "bitview-load.js" {
			mode = "ok"
		}
	}
	if mode != "nocors" {
		w.Header().Set("Access-Control-Allow-Origin", "*")
	}
	file := filepath.Join(repo, "web", filepath.FromSlash(rest))
	switch mode {
	case "404":
		http.NotFound(w, r)
	case "html":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><html><head><title>My blog</title></head><body><h1>Welcome</h1></body></html>")
	case "mime":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("X-Content-Type-Options", "nosniff") // browsers then refuse a script or stylesheet of another type
		http.ServeFile(w, r, file)
	case "nocors", "ok", "ok2":
		http.ServeFile(w, r, file)
	default:
		http.NotFound(w, r)
	}
}

// closedPort returns a loopback address that nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// failurePage is an author's page in a sub-folder with two elements,
// each holding the fallback text %[2]s. %[1]s is what loads Bitview: the
// Embed snippet's script, or the element from the Bitview site with
// setBaseURL. With ?later, the script (or the elements, views()) are
// added when the test calls them, around taking the browser offline.
const failurePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A post</title>` + eventLog + `
<template id="loader">%[1]s</template><template id="fallback">%[2]s</template>
<script>
window.start = () => {
  const old = document.getElementById('loader').content.querySelector('script');
  const s = document.createElement('script');
  for (const a of old.attributes) s.setAttribute(a.name, a.value);
  s.textContent = old.textContent;
  document.head.append(s);
};
window.views = () => { const fallback = document.getElementById('fallback').innerHTML; document.getElementById('post').innerHTML =
  '<p>before</p><bitboard-view id="a" show="P">' + fallback + '</bitboard-view><p>between</p><bitboard-view id="b">' + fallback + '</bitboard-view><p>after</p>'; };
</script>
</head><body><div id="post"></div>
<script>if (!location.search.includes('later')) { views(); start(); }</script>
</body></html>`

// boxesJS finds each element's box: in its shadow root (the element's
// own, or bitview-load.js's when the element was never defined), or, in
// an element that nothing has run for, its fallback text, as shown.
const boxesJS = `[...document.querySelectorAll('bitboard-view')].map((v) => {
	const box = v.shadowRoot?.querySelector('.failed') ?? (v.shadowRoot ? null : v);
	return { h: v.getBoundingClientRect().height, text: box?.textContent ?? '', cause: box?.dataset?.cause ?? '',
		shown: box === v ? v.getClientRects().length > 0 && getComputedStyle(v).visibility === 'visible' : true,
		status: v.status?.error?.message ?? '', defined: customElements.get('bitboard-view') !== undefined }; })`

// failureBoxes returns each element's box: its height, text and cause.
func failureBoxes(t *testing.T, ctx context.Context) []map[string]any {
	t.Helper()
	return eval[[]map[string]any](t, ctx, boxesJS)
}

// waitBoxes waits until every element of the page has its box.
func waitBoxes(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((resolve) => { const check = () => {
		const boxes = `+boxesJS+`; boxes.length > 0 && boxes.every((b) => b.text !== '') ? resolve(true) : setTimeout(check, 20); }; check(); })`,
		chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("waiting for a box in every element: %v", err)
	}
}

// readmeLine returns the README's script line and the text inside its
// element, their folder /bitview/ replaced with folder (a URL ending
// without "/"). The line is a script file alone, no inline handler.
func readmeLine(t *testing.T, folder string) (line, fallback string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^(<script src="/bitview/bitview-load\.js" defer></script>)\n<bitboard-view [^>]*>([^<]*)</bitboard-view>$`).FindStringSubmatch(string(b))
	if m == nil || !strings.Contains(m[2], "/bitview/bitview-load.js") {
		t.Fatalf("README.md has no line <script src=\"/bitview/bitview-load.js\" defer></script> then an element whose text names it")
	}
	return strings.Replace(m[1], "/bitview/", folder+"/", 1), strings.Replace(m[2], "/bitview/", folder+"/", 1)
}

func TestLoadFailureCauses(t *testing.T) {
	ctx, siteURL := site(t)
	bad := httptest.NewServer(http.HandlerFunc(badSite))
	defer bad.Close()
	down := closedPort(t)
	var current, fallback string // the loader of the page being served, and its elements' text
	author := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/posts/2026/bitboards/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, failurePage, current, fallback)
	}))
	defer author.Close()

	// The Embed tab's snippet, as a page served from folder writes it:
	// its classic loader, which runs from any site.
	snippet := func(folder string) string {
		line := strings.Split(figureSnippet(folder), "\n")[0]
		if !strings.Contains(line, "/bitview-load.js") {
			t.Fatalf("the Embed snippet's script is not bitview-load.js: %s", line)
		}
		return line
	}
	// The element from the Bitview site, its files from folder.
	element := func(folder string) string {
		return `<script type="module">import { setBaseURL } from '` + siteURL + `/bitview-element.js'; setBaseURL('` + folder + `');</script>`
	}
	line := func(folder string) [2]string {
		l, f := readmeLine(t, folder)
		return [2]string{l, f}
	}
	text := func(s string) [2]string { return [2]string{s, "Needs JavaScript."} }
	cases := []struct {
		name    string
		loader  [2]string // the script, and the elements' fallback text
		url     string
		offline bool
		cause   string   // the box's data-cause ("" for the fallback text)
		want    []string // in every box
	}{
		// The Embed snippet's loader runs; the modules it imports cannot be.
		{"loader no CORS", text(snippet(bad.URL + "/nocors")), bad.URL + "/nocors/bitview-markdown.js", false, "no-cors",
			[]string{"answers without an Access-Control-Allow-Origin header", "send Access-Control-Allow-Origin: * for Bitview's files"}},
		{"loader modules missing", text(snippet(bad.URL + "/loader-404")), bad.URL + "/loader-404/bitview-markdown.js", false, "not-found",
			[]string{"not found (HTTP 404)", "The path is wrong", "run make dist in a clone of Bitview"}},
		{"loader MIME", text(snippet(bad.URL + "/loader-mime")), bad.URL + "/loader-mime/bitview-markdown.js", false, "mime",
			[]string{"it is served as text/plain", "only as text/javascript"}},
		{"loader module deep in the imports missing", text(snippet(bad.URL + "/wire404")), bad.URL + "/wire404/bitview/wire.js", false, "not-found",
			[]string{"not found (HTTP 404)"}},
		{"loader HTML", text(snippet(bad.URL + "/loader-html")), bad.URL + "/loader-html/bitview-markdown.js", false, "html",
			[]string{"answered an HTML page (text/html), not JavaScript"}},
		// The README's line, whose own file cannot be loaded: its element's text.
		{"line not found", line(bad.URL + "/404"), bad.URL + "/404/bitview-load.js", false, "", nil},
		{"line MIME", line(bad.URL + "/mime"), bad.URL + "/mime/bitview-load.js", false, "", nil},
		{"line unreachable", line(down), down + "/bitview-load.js", false, "", nil},
		{"line offline", line(bad.URL + "/ok"), bad.URL + "/ok/bitview-load.js", true, "", nil},
		// The README's line, its file there and the modules not.
		{"line modules missing", line(bad.URL + "/loader-404"), bad.URL + "/loader-404/bitview-markdown.js", false, "not-found",
			[]string{"not found (HTTP 404)"}},
		// The element's files (view.css, wasm_exec.js, bitview.wasm).
		{"files wrong path", text(element(bad.URL + "/404/")), bad.URL + "/404/", false, "not-found",
			[]string{"not found (HTTP 404)", "The path is wrong", "setBaseURL", "make dist"}},
		{"files unpublished", text(element(bad.URL + "/npm/bitview@9.9.9/")), bad.URL + "/npm/bitview@9.9.9/", false, "not-found",
			[]string{"not found (HTTP 404)", "Version 9.9.9 of the bitview package may not be published yet", "make dist"}},
		{"files no CORS", text(element(bad.URL + "/nocors/")), bad.URL + "/nocors/bitview.wasm", false, "no-cors",
			[]string{"answers without an Access-Control-Allow-Origin header", "send Access-Control-Allow-Origin: *"}},
		{"files MIME", text(element(bad.URL + "/mime/")), bad.URL + "/mime/", false, "mime",
			[]string{"it is served as text/plain, and browsers take", "Make the server send .js as text/javascript"}},
		{"files HTML", text(element(bad.URL + "/html/")), bad.URL + "/html/", false, "html",
			[]string{"the server answered an HTML page (text/html)", "not at that path"}},
		{"files unreachable", text(element(down + "/")), down + "/", false, "offline",
			[]string{"cannot be reached"}},
		{"files offline", text(element(bad.URL + "/ok2/")), bad.URL + "/ok2/", true, "offline",
			[]string{"this browser is offline"}},
	}
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			current, fallback = tc.loader[0], tc.loader[1]
			errs := consoleErrors(ctx)
			defer func() {
				if t.Failed() {
					t.Logf("console: %q", errs())
				}
			}()
			page := author.URL + "/posts/2026/bitboards/"
			if tc.offline {
				page += "?later"
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
				t.Fatal(err)
			}
			if tc.offline {
				if tc.cause != "" { // the element's module first, from the Bitview site
					eval[bool](t, ctx, `start(), true`)
					if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`customElements.whenDefined('bitboard-view').then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
						t.Fatal(err)
					}
				}
				setOffline(t, ctx, true)
				defer setOffline(t, ctx, false)
				if tc.cause == "" {
					eval[bool](t, ctx, `views(), start(), true`)
				} else {
					eval[bool](t, ctx, `views(), true`)
				}
			}
			waitBoxes(t, timeout(t, ctx, 15*time.Second))
			if tc.cause != "" {
				waitEvents(t, timeout(t, ctx, 15*time.Second), "bitview-error", 2)
			}
			for i, box := range failureBoxes(t, ctx) {
				text := box["text"].(string)
				if i == 0 {
					t.Logf("%s: %s", tc.name, text)
				}
				if tc.cause == "" {
					if want := "Needs JavaScript and " + tc.url + "."; text != want || box["shown"] != true || box["h"].(float64) < 10 {
						t.Errorf("element %d: shows %q (shown %v, %v px tall), want its fallback text %q", i, text, box["shown"], box["h"], want)
					}
					continue
				}
				if !strings.Contains(text, "Bitview could not load "+tc.url) {
					t.Errorf("element %d: %q does not name %s", i, text, tc.url)
				}
				for _, w := range tc.want {
					if !strings.Contains(text, w) {
						t.Errorf("element %d: %q does not say %q", i, text, w)
					}
				}
				if box["cause"] != tc.cause {
					t.Errorf("element %d: cause %q, want %q", i, box["cause"], tc.cause)
				}
				if box["h"].(float64) < 20 {
					t.Errorf("element %d is %v px tall with its box", i, box["h"])
				}
				if box["defined"] == true && !strings.HasPrefix(box["status"].(string), text[:min(len(text), 40)]) {
					t.Errorf("element %d: status %q, box %q", i, box["status"], text)
				}
			}
			// bitview-load.js tells a cause as diagnose of bitview.js does
			// (it cannot import it: it is what failed): the same words.
			if strings.HasSuffix(tc.url, ".js") && tc.cause != "" {
				want := evalAsync[string](t, ctx, `import('`+siteURL+`/bitview.js').then((m) => m.diagnose('`+tc.url+`')).then((d) => d.message + ' ' + d.fix)`)
				if got := failureBoxes(t, ctx)[0]["text"]; got != want {
					t.Errorf("bitview-load.js's box says\n%q\nwhere diagnose says\n%q", got, want)
				}
			}
			if !tc.offline {
				screenshot(t, ctx, "load-failure-"+strings.ReplaceAll(tc.name, " ", "-"))
			}
		})
	}
}

// setOffline takes the tab's network down or back up
// (Network.emulateNetworkConditions, which also sets navigator.onLine).
func setOffline(t *testing.T, ctx context.Context, offline bool) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulateNetworkConditions, networkConditions{Offline: offline, Latency: 0, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	})); err != nil {
		t.Fatal(err)
	}
}

// timeout returns ctx with a shorter deadline, for one wait of a test.
func timeout(t *testing.T, ctx context.Context, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(ctx, d)
	t.Cleanup(cancel)
	return ctx
}
