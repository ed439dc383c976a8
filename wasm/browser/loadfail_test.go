//go:build !(js && wasm)

package browser

// Browser tests of the load-failure box: when the element's script or
// its files cannot be loaded, the box names the URL and the cause, found
// by asking for the URL again (web/bitview.js's diagnose for the files;
// the Embed snippet's onerror, view.EmbedSnippets, for the script
// itself). One case per cause: not found (a wrong path, and a version of
// the package not published), no CORS header, a wrong MIME type, an HTML
// page instead of the file, a host that cannot be reached, and a browser
// that is offline.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// badSite serves Bitview's files (from web/) badly, by the first folder
// of the path: /404/ and /npm/bitview@9.9.9/ answer 404 (a wrong path, a
// version not published); /nocors/ sends them without
// Access-Control-Allow-Origin; /mime/ as text/plain (with nosniff, as
// many hosts send); /html/ answers every
// path with an HTML page (a single-page app's fallback); /ok/ sends them
// as a CDN does.
func badSite(w http.ResponseWriter, r *http.Request) {
	mode, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if mode == "npm" {
		mode = "404"
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

// failurePage is an author's page in a sub-folder with two elements.
// %[1]s is what loads Bitview: the Embed snippet's script, or the element
// from the Bitview site with setBaseURL. With ?later, the script (or the
// elements, views()) are added when the test calls them, around taking
// the browser offline.
const failurePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A post</title>` + eventLog + `
<template id="loader">%[1]s</template>
<script>
window.start = () => {
  const old = document.getElementById('loader').content.querySelector('script');
  const s = document.createElement('script');
  for (const a of old.attributes) s.setAttribute(a.name, a.value);
  s.textContent = old.textContent;
  document.head.append(s);
};
window.views = () => { document.getElementById('post').innerHTML =
  '<p>before</p><bitboard-view id="a" show="P"></bitboard-view><p>between</p><bitboard-view id="b"></bitboard-view><p>after</p>'; };
</script>
</head><body><div id="post"></div>
<script>if (!location.search.includes('later')) { views(); start(); }</script>
</body></html>`

// failureBoxes returns each element's box: its height, text and cause.
func failureBoxes(t *testing.T, ctx context.Context) []map[string]any {
	t.Helper()
	return eval[[]map[string]any](t, ctx, `[...document.querySelectorAll('bitboard-view')].map((v) => {
		const box = v.shadowRoot?.querySelector('.failed') ?? v.querySelector('[role=alert]');
		return { h: v.getBoundingClientRect().height, text: box?.textContent ?? '', cause: box?.dataset.cause ?? '',
			status: v.status?.error?.message ?? '' }; })`)
}

func TestLoadFailureCauses(t *testing.T) {
	ctx, siteURL := site(t)
	bad := httptest.NewServer(http.HandlerFunc(badSite))
	defer bad.Close()
	down := closedPort(t)
	var current string // the loader of the page being served
	author := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/posts/2026/bitboards/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, failurePage, current)
	}))
	defer author.Close()

	// The Embed tab's snippet, as an author pastes it, with the CDN's
	// folder replaced.
	snippet := func(folder string) string {
		line := strings.Split(figureSnippet(folder), "\n")[0]
		if !strings.Contains(line, "onerror=") {
			t.Fatalf("the Embed snippet's script has no onerror: %s", line)
		}
		return line
	}
	// The element from the Bitview site, its files from folder.
	element := func(folder string) string {
		return `<script type="module">import { setBaseURL } from '` + siteURL + `/bitview-element.js'; setBaseURL('` + folder + `');</script>`
	}
	cases := []struct {
		name, loader, url string
		offline           bool
		cause             string   // the element box's data-cause ("" for the script's own box)
		want              []string // in every box
	}{
		// The element's own script.
		{"script unpublished", snippet(bad.URL + "/npm/bitview@9.9.9"), bad.URL + "/npm/bitview@9.9.9/bitview-element.js", false, "",
			[]string{"not found (HTTP 404)", "a version of bitview not published yet", "run make dist in a clone of Bitview"}},
		{"script no CORS", snippet(bad.URL + "/nocors"), bad.URL + "/nocors/bitview-element.js", false, "",
			[]string{"answers without an Access-Control-Allow-Origin header", "Make it send Access-Control-Allow-Origin: * for Bitview's files"}},
		{"script MIME", snippet(bad.URL + "/mime"), bad.URL + "/mime/bitview-element.js", false, "",
			[]string{"it is served as text/plain", "only as text/javascript"}},
		{"script HTML", snippet(bad.URL + "/html"), bad.URL + "/html/bitview-element.js", false, "",
			[]string{"answered an HTML page (text/html), not JavaScript"}},
		{"script unreachable", snippet(down), down + "/bitview-element.js", false, "",
			[]string{"cannot be reached"}},
		{"script offline", snippet(bad.URL + "/ok"), bad.URL + "/ok/bitview-element.js", true, "",
			[]string{"this browser is offline"}},
		// The element's files (view.css, wasm_exec.js, bitview.wasm).
		{"files wrong path", element(bad.URL + "/404/"), bad.URL + "/404/", false, "not-found",
			[]string{"not found (HTTP 404)", "The path is wrong", "setBaseURL", "make dist"}},
		{"files unpublished", element(bad.URL + "/npm/bitview@9.9.9/"), bad.URL + "/npm/bitview@9.9.9/", false, "not-found",
			[]string{"not found (HTTP 404)", "Version 9.9.9 of the bitview package may not be published yet", "make dist"}},
		{"files no CORS", element(bad.URL + "/nocors/"), bad.URL + "/nocors/bitview.wasm", false, "no-cors",
			[]string{"answers without an Access-Control-Allow-Origin header", "send Access-Control-Allow-Origin: *"}},
		{"files MIME", element(bad.URL + "/mime/"), bad.URL + "/mime/", false, "mime",
			[]string{"it is served as text/plain, and browsers take", "Make the server send .js as text/javascript"}},
		{"files HTML", element(bad.URL + "/html/"), bad.URL + "/html/", false, "html",
			[]string{"the server answered an HTML page (text/html)", "not at that path"}},
		{"files unreachable", element(down + "/"), down + "/", false, "offline",
			[]string{"cannot be reached"}},
		{"files offline", element(bad.URL + "/ok2/"), bad.URL + "/ok2/", true, "offline",
			[]string{"this browser is offline"}},
	}
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			current = tc.loader
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
			waitEvents(t, timeout(t, ctx, 15*time.Second), "bitview-error", 2)
			for i, box := range failureBoxes(t, ctx) {
				text := box["text"].(string)
				if i == 0 {
					t.Logf("%s: %s", tc.name, text)
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
				if tc.cause != "" && !strings.HasPrefix(box["status"].(string), text[:min(len(text), 40)]) {
					t.Errorf("element %d: status %q, box %q", i, box["status"], text)
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
