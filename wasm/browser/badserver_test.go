//go:build !(js && wasm)

package browser

// The offline copy when the server answers badly (web/sw.js): a server
// that answers 503 for everything, and one that accepts connections and
// never answers.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// TestOfflineBadServer visits the page once through a proxy in front of
// serve.go, then makes the proxy answer 503 to everything, then never
// answer: each time the page loads from the worker's cache and draws its
// board, within the worker's network timeout and the page's start. Then
// the proxy answers the page but never bitview.wasm: the worker answers
// with the cached wasm, the server's own (its SHA-256 is the one the
// server's sw-version.js lists), after its network timeout. After a
// rebuild that changes bitview.wasm, the cache holds another build's:
// a page the network answers waits for the network's, however slow.
func TestOfflineBadServer(t *testing.T) {
	chrome := chromium(t)
	root := t.TempDir()
	copyTree(t, filepath.Join(repo, "web"), filepath.Join(root, "web"))
	makeVersion(t, root)
	upstream, stop := stoppableServe(t, root)
	target, _ := url.Parse(upstream)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var mode atomic.Value // "", "503" or "silent"
	mode.Store("")
	quit := make(chan struct{})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch mode.Load() {
		case "503":
			w.Header().Set("Retry-After", "3600")
			http.Error(w, "503 down for maintenance", http.StatusServiceUnavailable)
		case "slow wasm":
			if path.Base(r.URL.Path) == "bitview.wasm" {
				time.Sleep(6 * time.Second)
			}
			proxy.ServeHTTP(w, r)
		case "stalled wasm":
			if path.Base(r.URL.Path) == "bitview.wasm" {
				select { // the page is answered; the wasm never is
				case <-quit:
				case <-r.Context().Done():
				}
				return
			}
			proxy.ServeHTTP(w, r)
		case "silent":
			select { // the connection stays open, and nothing is said
			case <-quit:
			case <-r.Context().Done():
			}
		default:
			proxy.ServeHTTP(w, r)
		}
	}))
	defer front.Close()
	defer close(quit)
	defer stop()
	pageURL := front.URL + "/web/"

	ctx, cancel := launch(chrome, t.TempDir())
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, tabTimeout)
	defer cancelTimeout()
	open(t, ctx, pageURL)
	waitControlled(t, ctx)
	waitCaches(t, ctx, "bitview "+pageURL+" "+readVersion(t, filepath.Join(root, "web", "sw-version.js")).Version)

	// The stalled wasm first: the requests a silent server leaves open hold
	// Chromium's connections to it (six a host), which would keep the next
	// page's own request waiting past the worker's timeout, and the cache
	// would answer the page too.
	for _, m := range []string{"stalled wasm", "503", "silent"} {
		mode.Store(m)
		start := time.Now()
		open(t, within(t, ctx, 30*time.Second), pageURL+"?fen=8/8/8/8/4P3/8/8/4K2k+w+-+-+0+1")
		took := time.Since(start)
		if got := pieces(t, ctx); got["e4"] != "P" || len(got) != 3 {
			t.Errorf("server %s: the board shows %v, want the FEN's three pieces", m, got)
		}
		if text := eval[string](t, ctx, `document.body.innerText`); len(text) < 100 {
			t.Errorf("server %s: the page says %q", m, text)
		}
		t.Logf("server %s: the page was ready in %v", m, took.Round(time.Millisecond))
		if took > 20*time.Second {
			t.Errorf("server %s: the page took %v", m, took)
		}
	}

	// A rebuild changes bitview.wasm (a custom section appended: id 0,
	// 5 bytes, the name "test"): the cached wasm is another build's, so
	// a page the network answers waits for its slow wasm rather than
	// take the cache's.
	wasm := filepath.Join(root, "web", "bitview.wasm")
	f, err := os.OpenFile(wasm, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("\x00\x05\x04test")); err != nil {
		t.Fatal(err)
	}
	f.Close()
	makeVersion(t, root)
	mode.Store("slow wasm")
	start := time.Now()
	open(t, within(t, ctx, 30*time.Second), pageURL)
	if took := time.Since(start); took < 6*time.Second {
		t.Errorf("with another build's bitview.wasm cached and the server's slow, the page was ready in %v, before the network sent it: the cache answered", took)
	}
	if got := pieces(t, ctx); got["e1"] != "K" || len(got) != 32 {
		t.Errorf("after the rebuild the board shows %v, want the start position", got)
	}
}
