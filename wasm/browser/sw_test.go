//go:build !(js && wasm)

package browser

// Tests of what web/sw.js must never do: pin a stale site. Each test
// serves its own copy of web/ (so it can rebuild, alter or replace it),
// visits it in a fresh browser, changes the site as a host would, and
// checks the next visit. See offline_test.go for offline use itself.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// swSite is a copy of web/ served by serve.go, visited once so that the
// service worker controls it with every file cached.
type swSite struct {
	web     string // the copy's folder
	pageURL string // the page's URL, ending in "/"
	prefix  string // the names of its caches start so ("bitview " + pageURL + " ")
	first   build  // the version of that first visit
	ctx     context.Context
	stop    func() // stops the server
}

// visitedSite copies web/ into a temporary folder, serves it, and visits
// its page in a fresh browser until the worker controls the page and its
// cache holds the first version.
func visitedSite(t *testing.T) *swSite {
	t.Helper()
	path := chromium(t)
	root := t.TempDir()
	s := &swSite{web: filepath.Join(root, "web")}
	copyTree(t, filepath.Join(repo, "web"), s.web)
	s.first = makeVersion(t, root)
	srvURL, stop := stoppableServe(t, root)
	s.pageURL, s.stop = srvURL+"/web/", stop
	s.prefix = "bitview " + s.pageURL + " "
	ctx, cancel := launch(path, t.TempDir()) // a fresh profile, not incognito: workers need one
	t.Cleanup(cancel)
	s.ctx = within(t, ctx, tabTimeout)
	open(t, s.ctx, s.pageURL)
	waitControlled(t, s.ctx)
	waitCaches(t, s.ctx, s.prefix+s.first.Version)
	return s
}

// rebuild appends a line setting globalThis.bitviewBuildMark = mark to
// main.js and writes sw-version.js again, as make wasm does after an edit.
func (s *swSite) rebuild(t *testing.T, mark int) build {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(s.web, "main.js"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Fprintf(f, "\nglobalThis.bitviewBuildMark = %d;\n", mark); err != nil {
		t.Fatal(err)
	}
	f.Close()
	b := makeVersion(t, filepath.Dir(s.web))
	if b.Version == s.first.Version {
		t.Fatalf("changing main.js left the version at %s", b.Version)
	}
	return b
}

// workerState is what the tab sees of the worker and its caches.
type workerState struct {
	Registrations int      // service worker registrations of the origin
	Caches        []string // the origin's cache names, sorted
}

// readWorkerState returns the tab's registrations and caches.
func readWorkerState(t *testing.T, ctx context.Context) workerState {
	t.Helper()
	st, err := chromedp.Run(ctx, chromedp.Evaluate[workerState](`(async () => ({
		registrations: (await navigator.serviceWorker.getRegistrations()).length,
		caches: (await caches.keys()).sort(),
	}))()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// waitWorkerGone waits up to 10 s for the origin to have no registration
// and no cache left, and returns what it last saw.
func waitWorkerGone(t *testing.T, ctx context.Context) workerState {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := readWorkerState(t, ctx)
		if st.Registrations == 0 && len(st.Caches) == 0 || time.Now().After(deadline) {
			return st
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// navigate loads url and waits for its load event only (a page that is not
// Bitview's never sets data-ready).
func navigate(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("navigate %s: %v", url, err)
	}
}

// TestWorkerSiteReplaced replaces the whole site after a visit: another
// site now lives in the folder, without sw.js or sw-version.js. The next
// visit must show that site, and the worker must unregister itself and
// delete its caches, so that it cannot serve the old Bitview again, even
// offline. (Before: every revisit showed the cached Bitview, the update
// check's 404 kept the registration, and the cache stayed.)
func TestWorkerSiteReplaced(t *testing.T) {
	s := visitedSite(t)
	if err := os.RemoveAll(s.web); err != nil {
		t.Fatal(err)
	}
	writeTree(t, s.web, map[string]string{"index.html": "<!doctype html><title>Another site</title><p>Not Bitview.</p>\n"})

	navigate(t, s.ctx, s.pageURL)
	if title := eval[string](t, s.ctx, `document.title`); title != "Another site" {
		t.Errorf("the first visit after the site was replaced shows %q, want the new site's page", title)
	}
	if st := waitWorkerGone(t, s.ctx); st.Registrations != 0 || len(st.Caches) != 0 {
		t.Errorf("after sw.js and sw-version.js were gone: %d registrations, caches %q; want none", st.Registrations, st.Caches)
	}
	navigate(t, s.ctx, s.pageURL)
	if title := eval[string](t, s.ctx, `document.title`); title != "Another site" {
		t.Errorf("the second visit shows %q, want the new site's page", title)
	}
	goOffline(t, s.ctx)
	if err := chromedp.Do(s.ctx, chromedp.Navigate(s.pageURL)); err == nil {
		if got := eval[string](t, s.ctx, `document.documentElement.dataset.ready ?? ''`); got != "" {
			t.Error("offline, the old Bitview is still served")
		}
	}
}

// TestWorkerVersionFileGone removes only sw-version.js (a host that
// uploads the build without it, or a deploy that deletes it): the worker
// unregisters itself and deletes its caches; the page is served from the
// network all along.
func TestWorkerVersionFileGone(t *testing.T) {
	s := visitedSite(t)
	s.rebuild(t, 2)
	if err := os.Remove(filepath.Join(s.web, "sw-version.js")); err != nil {
		t.Fatal(err)
	}
	open(t, s.ctx, s.pageURL)
	if mark := eval[int](t, s.ctx, `globalThis.bitviewBuildMark ?? 0`); mark != 2 {
		t.Errorf("the page runs build %d's main.js, want the server's (2)", mark)
	}
	if st := waitWorkerGone(t, s.ctx); st.Registrations != 0 || len(st.Caches) != 0 {
		t.Errorf("after sw-version.js was gone: %d registrations, caches %q; want none", st.Registrations, st.Caches)
	}
}

// TestWorkerHashMismatch rebuilds the site, and then the host alters a
// file the build changed after the build (main.js, as a host that
// minifies or injects a script would), so that it no longer matches the
// hash sw-version.js gives. The first visit must show the server's page,
// and the worker, which can no longer tell a good copy from a bad one,
// must unregister itself and delete every cache; so must the worker a
// second visit registers. (Before: each new worker ended redundant, the
// old build kept being served, and the old cache stayed.) A file the
// build did not change is not downloaded again, so a host's change to it
// goes unseen: offline, the cache's copy is the build's.
func TestWorkerHashMismatch(t *testing.T) {
	s := visitedSite(t)
	s.rebuild(t, 2)
	f, err := os.OpenFile(filepath.Join(s.web, "main.js"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n/* added by the host */\n") // newer than its .br and .gz, so serve.go sends it as it is
	f.Close()

	open(t, s.ctx, s.pageURL)
	if mark := eval[int](t, s.ctx, `globalThis.bitviewBuildMark ?? 0`); mark != 2 {
		t.Errorf("the first visit after the rebuild runs build %d's main.js, want 2", mark)
	}
	if st := waitWorkerGone(t, s.ctx); st.Registrations != 0 || len(st.Caches) != 0 {
		t.Errorf("with main.js not matching its hash: %d registrations, caches %q; want none", st.Registrations, st.Caches)
	}
	open(t, s.ctx, s.pageURL) // registers the worker again, which fails again
	if mark := eval[int](t, s.ctx, `globalThis.bitviewBuildMark ?? 0`); mark != 2 {
		t.Errorf("the second visit runs build %d's main.js, want 2", mark)
	}
	if st := waitWorkerGone(t, s.ctx); st.Registrations != 0 || len(st.Caches) != 0 {
		t.Errorf("after the second visit: %d registrations, caches %q; want none", st.Registrations, st.Caches)
	}
}

// TestWorkerRebuild is the ordinary case: a rebuild changes main.js. The
// first visit after it runs the new main.js, the new version's cache
// replaces the old one, and offline reloads run the new build too.
// (Before: the first visit ran the old build from the cache.)
func TestWorkerRebuild(t *testing.T) {
	s := visitedSite(t)
	second := s.rebuild(t, 2)
	open(t, s.ctx, s.pageURL)
	if mark := eval[int](t, s.ctx, `globalThis.bitviewBuildMark ?? 0`); mark != 2 {
		t.Errorf("the first visit after the rebuild runs build %d's main.js, want 2", mark)
	}
	waitCaches(t, s.ctx, s.prefix+second.Version)
	goOffline(t, s.ctx)
	s.stop()
	open(t, within(t, s.ctx, 30*time.Second), s.pageURL)
	if mark := eval[int](t, s.ctx, `globalThis.bitviewBuildMark ?? 0`); mark != 2 {
		t.Errorf("offline, the page runs build %d's main.js, want 2", mark)
	}
}

// TestWorkerCoversEveryFetch lists the files the page and the tutorial
// fetch from their folder, with every panel open, a perft divide run (its
// Web Worker loads bitview.js, wasm_exec.js and the wasm itself) and
// presentation mode on, through a proxy that records each request with no
// service worker in the way; then checks that the worker caches every
// one of them. (Before: perft-worker.js was missing, so offline the perft
// panel said the worker could not start.)
func TestWorkerCoversEveryFetch(t *testing.T) {
	path := chromium(t)
	var mu sync.Mutex
	fetched := map[string]string{} // path → Sec-Fetch-Dest of its first request
	target, err := url.Parse(siteURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	rec := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if _, ok := fetched[r.URL.Path]; !ok {
			fetched[r.URL.Path] = r.Header.Get("Sec-Fetch-Dest")
		}
		mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	defer rec.Close()

	ctx, cancel := launch(path, t.TempDir())
	defer cancel()
	ctx = within(t, ctx, tabTimeout)
	noWorker := `Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined });`
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: noWorker}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, rec.URL+"/")
	eval[bool](t, ctx, `(document.querySelectorAll('details').forEach((d) => { d.open = true; }), true)`)
	runPerft(t, ctx, 2)
	key(t, ctx, "p") // presentation mode
	navigate(t, ctx, rec.URL+"/tutorial.html")
	waitViews(t, ctx)
	// The pieces' images, in the document and in the views' shadow roots,
	// loaded; not a prerendered figure's <img data-bitview-figure>, lazy
	// and never shown where the shadow root is (its file is not fetched).
	evalAsync[bool](t, ctx, `(async () => {
		const imgs = [...document.images, ...[...document.querySelectorAll('bitboard-view')].flatMap((v) => v.shadowRoot ? [...v.shadowRoot.querySelectorAll('img')] : [])]
			.filter((i) => !i.matches('img[data-bitview-figure]'));
		await Promise.all(imgs.map((i) => i.complete ? 0 : new Promise((r) => { i.addEventListener('load', r); i.addEventListener('error', r); })));
		return true; })()`)

	// The worker's list, as its cache holds it after a first visit.
	ctx2, cancel2 := launch(path, t.TempDir())
	defer cancel2()
	ctx2 = within(t, ctx2, tabTimeout)
	open(t, ctx2, siteURL+"/")
	waitControlled(t, ctx2)
	name := "bitview " + siteURL + "/ " + readVersion(t, filepath.Join(repo, "web", "sw-version.js")).Version
	cached := waitCaches(t, ctx2, name)[name]

	mu.Lock()
	defer mu.Unlock()
	var missing, seen []string
	for p, dest := range fetched {
		seen = append(seen, p+" ("+dest+")")
		if _, ok := cached[siteURL+p]; !ok {
			missing = append(missing, p+" ("+dest+")")
		}
	}
	slices.Sort(seen)
	t.Logf("the page and the tutorial fetched %d files: %s", len(seen), strings.Join(seen, ", "))
	if !slices.Contains(seen, "/perft-worker.js (worker)") {
		t.Errorf("the perft worker was not started: %q", seen)
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		t.Errorf("fetched but not in the service worker's cache: %q", missing)
	}
}
