//go:build !(js && wasm)

package browser

// Tests of offline use (web/sw.js): the cache version make writes into
// sw-version.js, checked natively, and the page and the tutorial with the
// network off after one visit, in Chromium.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// build is what sw-version.js says: the cache version and each file's SHA-256.
type build struct {
	Version string
	Files   map[string]string
}

var (
	versionLine = regexp.MustCompile(`(?m)^  version: "([0-9a-f]{16})",$`)
	fileLine    = regexp.MustCompile(`(?m)^    "([^"\\]+)": "([0-9a-f]{64})",$`)
)

// makeVersion runs the Makefile's rule for web/sw-version.js in root (a
// folder holding web/) and returns what it wrote. The wasm, wasm_exec.js
// and the two pages make builds are taken as they are (-o), so root needs
// no Go sources.
func makeVersion(t *testing.T, root string) build {
	t.Helper()
	cmd := exec.Command("make", "-s", "-B", "-f", filepath.Join(repo, "Makefile"),
		"-o", "web/bitview.wasm", "-o", "web/index.html", "-o", "web/tutorial.html", "-o", "web/wasm_exec.js", "web/sw-version.js")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make web/sw-version.js: %v\n%s", err, out)
	}
	return readVersion(t, filepath.Join(root, "web", "sw-version.js"))
}

// readVersion reads a sw-version.js.
func readVersion(t testing.TB, name string) build {
	t.Helper()
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	m := versionLine.FindSubmatch(text)
	if m == nil {
		t.Fatalf("%s has no version line:\n%s", name, text)
	}
	b := build{Version: string(m[1]), Files: map[string]string{}}
	for _, f := range fileLine.FindAllSubmatch(text, -1) {
		b.Files[string(f[1])] = string(f[2])
	}
	return b
}

// writeTree writes files (slash-separated names) below dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// TestOfflineVersion checks the cache version make computes: each file's
// hash is its SHA-256; the same files give the same version whatever their
// times; a change of one byte in any file, or a file added, gives a new
// version and changes only that file's hash; compressed siblings count for
// nothing.
func TestOfflineVersion(t *testing.T) {
	parallel(t)
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	files := map[string]string{
		"index.html":              "<!doctype html><title>Bitview</title>\n",
		"main.js":                 "import './bitview.js';\n",
		"bitview.wasm":            "\x00asm\x01\x00\x00\x00 the wasm",
		"wasm_exec.js":            "globalThis.Go = class {};\n",
		"sw.js":                   "importScripts('sw-version.js');\n",
		"pieces/chessnut/wK.svg":  "<svg xmlns='http://www.w3.org/2000/svg'/>",
		"nested/style.css":        "body {}\n",
		"examples/posts/a/b.html": "<p>deep</p>",
	}
	root := t.TempDir()
	web := filepath.Join(root, "web")
	writeTree(t, web, files)
	base := makeVersion(t, root)
	want := map[string]string{}
	for name, text := range files {
		want[name] = sha(text)
	}
	if !maps.Equal(base.Files, want) {
		t.Fatalf("sw-version.js lists %v,\nwant %v", base.Files, want)
	}
	if again := makeVersion(t, root); again.Version != base.Version {
		t.Errorf("the same files gave versions %s and %s", base.Version, again.Version)
	}

	// Times and compressed siblings do not count.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(web, "main.js"), old, old); err != nil {
		t.Fatal(err)
	}
	writeTree(t, web, map[string]string{"bitview.wasm.br": "brotli", "main.js.gz": "gzip"})
	if got := makeVersion(t, root); got.Version != base.Version || !maps.Equal(got.Files, want) {
		t.Errorf("after touching main.js and adding .br/.gz siblings: version %s (want %s), files %v", got.Version, base.Version, got.Files)
	}

	for _, change := range []struct{ name, text string }{
		{"bitview.wasm", files["bitview.wasm"] + "!"},
		{"index.html", strings.Replace(files["index.html"], "B", "b", 1)},
		{"pieces/chessnut/wK.svg", files["pieces/chessnut/wK.svg"] + "\n"},
		{"nested/style.css", ""},
		{"tutorial.html", "<p>a new file</p>"},
	} {
		t.Run(change.name, func(t *testing.T) {
			before, existed := files[change.name]
			writeTree(t, web, map[string]string{change.name: change.text})
			got := makeVersion(t, root)
			if existed {
				writeTree(t, web, map[string]string{change.name: before})
			} else if err := os.Remove(filepath.Join(web, change.name)); err != nil {
				t.Fatal(err)
			}
			if got.Version == base.Version {
				t.Errorf("changing %s left the version at %s", change.name, got.Version)
			}
			changed := maps.Clone(want)
			changed[change.name] = sha(change.text)
			if !maps.Equal(got.Files, changed) {
				t.Errorf("after changing %s the hashes are %v,\nwant %v", change.name, got.Files, changed)
			}
			if back := makeVersion(t, root); back.Version != base.Version {
				t.Errorf("undoing the change gives version %s, want %s again", back.Version, base.Version)
			}
		})
	}
}

// copyTree copies the regular files below src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// cachedFiles are the files sw.js caches, relative to its folder: every
// file its sw-version.js lists (b), the page as its folder ("").
func cachedFiles(b build) []string {
	var out []string
	for name := range b.Files {
		if name == "index.html" {
			name = ""
		}
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// cachedHeader returns the header name of url's entry in the cache called cache.
func cachedHeader(t *testing.T, ctx context.Context, cache, url, name string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(
		`caches.open(%q).then((c) => c.match(%q)).then((r) => r?.headers.get(%q) ?? '')`, cache, url, name), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// waitControlled waits until a service worker controls the tab's page and
// returns its scope.
func waitControlled(t *testing.T, ctx context.Context) string {
	t.Helper()
	scope, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
		const reg = await navigator.serviceWorker.ready;
		if (!navigator.serviceWorker.controller) {
			await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
		}
		return reg.scope;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("waiting for the service worker to control the page: %v", err)
	}
	return scope
}

// waitCaches waits until the origin's caches are exactly names, and
// returns each cache's entries as URL → body size in bytes.
func waitCaches(t *testing.T, ctx context.Context, names ...string) map[string]map[string]int {
	t.Helper()
	list, err := json.Marshal(slices.Sorted(slices.Values(names)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]map[string]int](`(async () => {
		const want = JSON.stringify(`+string(list)+`);
		for (let i = 0; JSON.stringify((await caches.keys()).sort()) !== want; i++) {
			if (i > 300) throw new Error('caches are ' + JSON.stringify(await caches.keys()) + ', want ' + want);
			await new Promise((r) => setTimeout(r, 100));
		}
		const out = {};
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			out[name] = {};
			for (const req of await cache.keys()) out[name][req.url] = (await (await cache.match(req)).blob()).size;
		}
		return out;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// requestLog records the tab's failed requests and the responses that did
// not come from the service worker.
type requestLog struct {
	mu      sync.Mutex
	urls    map[network.RequestID]string
	failed  []string
	network []string
}

func listenRequests(t *testing.T, ctx context.Context) *requestLog {
	t.Helper()
	l := &requestLog{urls: map[network.RequestID]string{}}
	err := chromedp.Listen(ctx, func(ev any) {
		l.mu.Lock()
		defer l.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			l.urls[ev.RequestID] = ev.Request.URL
		case *network.EventLoadingFailed:
			l.failed = append(l.failed, l.urls[ev.RequestID]+": "+ev.ErrorText)
		case *network.EventResponseReceived:
			if !ev.Response.FromServiceWorker && !strings.HasPrefix(ev.Response.URL, "data:") {
				l.network = append(l.network, ev.Response.URL)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// reset forgets what was recorded so far.
func (l *requestLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.failed, l.network = nil, nil
}

// check fails the test if a request failed or bypassed the worker.
func (l *requestLog) check(t *testing.T, when string) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.failed) > 0 {
		t.Errorf("%s: failed requests %q", when, l.failed)
	}
	if len(l.network) > 0 {
		t.Errorf("%s: answered by the network, not the service worker: %q", when, l.network)
	}
}

// goOffline cuts the tab off the network, its service worker included.
func goOffline(t *testing.T, ctx context.Context) {
	t.Helper()
	yes := true
	_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		EmulateOfflineServiceWorker: &yes,
		MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
	})
	if err == nil {
		_, err = chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
			Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
	}
	if err != nil {
		t.Fatalf("going offline: %v", err)
	}
}

// within returns ctx limited to d, so that a step that hangs (a page that
// never draws offline) fails in seconds rather than at the test's end.
func within(t *testing.T, ctx context.Context, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(ctx, d)
	t.Cleanup(cancel)
	return ctx
}

// TestOffline visits the page once, in a sub-folder, and then, with the
// network off and the server stopped, reloads the page and the tutorial:
// both draw their boards and respond to typing, the perft panel's worker
// divides, and every request is answered by the service worker. Before
// that, a second build (main.js changed) must reach the page on the next
// visit, with a new cache version, the old cache deleted, and the
// unchanged wasm carried over from the old cache.
func TestOffline(t *testing.T) {
	path := chromium(t)
	root := t.TempDir()
	web := filepath.Join(root, "web")
	copyTree(t, filepath.Join(repo, "web"), web)
	first := makeVersion(t, root)
	srvURL, stop := stoppableServe(t, root) // the page lives in /web/
	pageURL := srvURL + "/web/"

	ctx, cancel := launch(path, t.TempDir()) // a fresh profile, not incognito: workers need one
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, tabTimeout)
	defer cancelTimeout()
	errs := consoleErrors(ctx)
	requests := listenRequests(t, ctx)

	// The first visit: the worker installs, fills its cache and takes over.
	open(t, ctx, pageURL)
	if scope := waitControlled(t, ctx); scope != pageURL {
		t.Errorf("the worker's scope is %s, want %s", scope, pageURL)
	}
	prefix := "bitview " + pageURL + " "
	caches := waitCaches(t, ctx, prefix+first.Version)
	entries := caches[prefix+first.Version]
	want := cachedFiles(first)
	if len(want) < 40 || !slices.Contains(want, "") || !slices.Contains(want, "bitview.wasm") {
		t.Fatalf("sw-version.js lists %d files: %q", len(want), want)
	}
	for _, f := range want {
		if _, ok := entries[pageURL+f]; !ok {
			t.Errorf("%s is not cached", pageURL+f)
		}
	}
	if len(entries) != len(want) {
		t.Errorf("%d files cached, want %d: %v", len(entries), len(want), slices.Sorted(maps.Keys(entries)))
	}
	if wasm, err := os.Stat(filepath.Join(web, "bitview.wasm")); err != nil || entries[pageURL+"bitview.wasm"] != int(wasm.Size()) {
		t.Errorf("cached bitview.wasm has %d bytes, want those of the file (%v)", entries[pageURL+"bitview.wasm"], err)
	}

	// A second build, a second later: main.js changes. The new version
	// must take bitview.wasm, which did not change, from the old cache: its
	// entry keeps the Date of the first download.
	wasmDate := cachedHeader(t, ctx, prefix+first.Version, pageURL+"bitview.wasm", "Date")
	time.Sleep(1100 * time.Millisecond) // Date counts whole seconds
	f, err := os.OpenFile(filepath.Join(web, "main.js"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\nglobalThis.bitviewBuildMark = 2;\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	second := makeVersion(t, root)
	if second.Version == first.Version {
		t.Fatalf("changing main.js left the version at %s", first.Version)
	}
	open(t, within(t, ctx, 30*time.Second), pageURL) // the next visit finds the new sw-version.js
	if mark := eval[int](t, ctx, `globalThis.bitviewBuildMark ?? 0`); mark != 2 {
		t.Errorf("the first visit after the second build runs the first build's main.js, want the second's")
	}
	caches = waitCaches(t, ctx, prefix+second.Version)
	if n := len(caches[prefix+second.Version]); n != len(cachedFiles(second)) {
		t.Errorf("the new version's cache has %d files, want %d", n, len(cachedFiles(second)))
	}
	if caches[prefix+second.Version][pageURL+"bitview.wasm"] != entries[pageURL+"bitview.wasm"] {
		t.Errorf("the new cache's bitview.wasm has %d bytes, want the old cache's %d", caches[prefix+second.Version][pageURL+"bitview.wasm"], entries[pageURL+"bitview.wasm"])
	}
	if got := cachedHeader(t, ctx, prefix+second.Version, pageURL+"bitview.wasm", "Date"); got != wasmDate {
		t.Errorf("the new cache's bitview.wasm is dated %q, want the old cache's %q (copied, not downloaded again)", got, wasmDate)
	}

	// Offline: the network off for the tab and its worker, and the server gone.
	goOffline(t, ctx)
	stop()
	requests.reset()
	open(t, within(t, ctx, 30*time.Second), pageURL+"?fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+"))
	if got := pieces(t, ctx); got["e5"] != "N" || got["f3"] != "Q" || len(got) != 32 {
		t.Errorf("offline, ?fen=Kiwipete shows %v", got)
	}
	if mark := eval[int](t, ctx, `globalThis.bitviewBuildMark ?? 0`); mark != 2 {
		t.Errorf("offline, the page runs the first build's main.js, want the second's")
	}
	if online := eval[bool](t, ctx, `navigator.onLine`); online {
		t.Error("navigator.onLine is true while offline")
	}
	typeFEN(t, ctx, startFEN)
	if got := pieces(t, ctx); got["e2"] != "P" || got["e5"] != "" || len(got) != 32 {
		t.Errorf("offline, after typing the start position the board shows %v", got)
	}
	if hex := eval[string](t, ctx, `document.querySelector('[data-bitboard="P"] [data-format="hex"]').textContent`); hex != "0x000000000000ff00" {
		t.Errorf("offline, the WhitePawns card says %q", hex)
	}
	// The perft panel's Web Worker (perft-worker.js, which loads bitview.js,
	// wasm_exec.js and the wasm itself) starts offline too.
	if d := runPerft(t, ctx, 2); len(d.Rows) != 20 || d.Total != "400" {
		t.Errorf("offline, perft 2 of the start position: %d moves, total %s; want 20, 400", len(d.Rows), d.Total)
	}
	screenshot(t, ctx, "offline-page")
	requests.check(t, "offline page")

	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL+"tutorial.html")); err != nil {
		t.Fatalf("offline tutorial: %v", err)
	}
	if n := waitViews(t, within(t, ctx, 30*time.Second)); n < 8 {
		t.Errorf("offline, the tutorial drew %d views, want at least 8", n)
	}
	for _, v := range readViews(t, ctx) {
		checkView(t, v)
	}
	screenshot(t, ctx, "offline-tutorial")
	requests.check(t, "offline tutorial")

	// The tutorial links to index.html, which the server redirects to the folder.
	open(t, within(t, ctx, 30*time.Second), pageURL+"index.html")
	if loc := eval[string](t, ctx, `location.origin + location.pathname`); loc != pageURL {
		t.Errorf("offline, index.html ends at %s, want %s", loc, pageURL)
	}
	requests.check(t, "offline index.html")
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestOfflineFromTutorial checks that a first visit to the tutorial alone
// installs the worker too, for the tutorial's folder, with every file cached.
func TestOfflineFromTutorial(t *testing.T) {
	path := chromium(t)
	ctx, cancel := launch(path, t.TempDir())
	defer cancel()
	ctx = within(t, ctx, tabTimeout)
	if err := chromedp.Do(ctx, chromedp.Navigate(siteURL+"/tutorial.html")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	if scope := waitControlled(t, ctx); scope != siteURL+"/" {
		t.Errorf("the worker's scope is %s, want %s/", scope, siteURL)
	}
	b := readVersion(t, filepath.Join(repo, "web", "sw-version.js"))
	name := "bitview " + siteURL + "/ " + b.Version
	if n := len(waitCaches(t, ctx, name)[name]); n != len(cachedFiles(b)) {
		t.Errorf("%d files cached, want %d", n, len(cachedFiles(b)))
	}
}

// TestMeasureOffline measures offline use of dist/: the bytes the worker
// caches and downloads on the first visit, and, with the network off and
// the server stopped, the time from navigation start to the board drawn
// when the page is reloaded (the "bitview-drawn" mark) and until every
// view of the tutorial has drawn, as medians of several reloads in one
// browser. A measurement, not a check: run it with `make measure`.
func TestMeasureOffline(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	path := chromium(t)
	dist := distDir(t)
	version := readVersion(t, filepath.Join(dist, "sw-version.js")).Version
	srvURL, stop := stoppableServe(t, dist)
	pageURL := srvURL + "/"
	ctx, cancel := launch(path, t.TempDir())
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, tabTimeout)
	defer cancelTimeout()

	open(t, ctx, pageURL)
	firstVisit := eval[float64](t, ctx, `performance.getEntriesByName('bitview-drawn')[0].startTime`)
	pageBytes := eval[float64](t, ctx, `[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce((n, e) => n + e.transferSize, 0)`)
	waitControlled(t, ctx)
	entries := waitCaches(t, ctx, "bitview "+pageURL+" "+version)["bitview "+pageURL+" "+version]
	cached := 0
	for _, n := range entries {
		cached += n
	}
	usage, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`navigator.storage.estimate().then((e) => e.usage)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	// What the worker itself downloaded to fill the cache, from its own
	// resource timing (304s cost headers only).
	workerBytes := -1.0
	if targets, err := chromedp.Targets(ctx); err == nil {
		for _, tg := range targets {
			if tg.Type != "service_worker" {
				continue
			}
			wctx, wcancel := chromedp.NewContext(ctx, chromedp.WithTargetID(tg.TargetID))
			v, err := chromedp.Run(wctx, chromedp.Evaluate[float64](`performance.getEntriesByType('resource').reduce((n, e) => n + e.transferSize, 0)`))
			wcancel()
			if err == nil {
				workerBytes = v
			}
		}
	}
	t.Logf("first visit: board drawn at %.1f ms, %.0f bytes transferred by the page, %.0f by the worker; "+
		"%d files cached, %d bytes (storage usage %.0f bytes)", firstVisit, pageBytes, workerBytes, len(entries), cached, usage)

	goOffline(t, ctx)
	stop()
	const reloads = 7
	var page, tutorial []float64
	for range reloads {
		open(t, within(t, ctx, 30*time.Second), pageURL)
		page = append(page, eval[float64](t, ctx, `performance.getEntriesByName('bitview-drawn')[0].startTime`))
	}
	for range reloads {
		if err := chromedp.Do(ctx, chromedp.Navigate(pageURL+"tutorial.html")); err != nil {
			t.Fatal(err)
		}
		waitViews(t, within(t, ctx, 30*time.Second))
		tutorial = append(tutorial, eval[float64](t, ctx, `performance.now()`))
	}
	slices.Sort(page)
	slices.Sort(tutorial)
	t.Logf("%-22s median %6.1f ms to drawn (min %.1f, max %.1f, %d reloads, network off, server stopped)",
		"offline page", page[reloads/2], page[0], page[reloads-1], reloads)
	t.Logf("%-22s median %6.1f ms until all views drawn (min %.1f, max %.1f, %d reloads, network off)",
		"offline tutorial.html", tutorial[reloads/2], tutorial[0], tutorial[reloads-1], reloads)
}

// stoppableServe serves dir with serve.go for the test; stop ends the
// server (a test going offline calls it), at most once, and the test's
// cleanup calls it too.
func stoppableServe(t *testing.T, dir string) (url string, stop func()) {
	t.Helper()
	url, stopServer, err := startServe(dir)
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			if err := stopServer(); err != nil {
				t.Error(err)
			}
		})
	}
	t.Cleanup(stop)
	return url, stop
}
