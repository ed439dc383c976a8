//go:build !(js && wasm)

package browser

import (
	"flag"
	"os"
	"sync"
	"testing"

	"github.com/bitview/bitview/core"
)

// The browser tests run in parallel: each test that drives a browser
// (chromium, needEngine) calls parallel, and gets tabs of its own, so a
// test waiting on a page leaves the machine's cores to the others.
// `make test` runs them with -parallel 4; measurements (BITVIEW_MEASURE)
// run one at a time, alone, as their figures need.

// measuring reports whether the run measures (BITVIEW_MEASURE=1, make
// measure).
func measuring() bool { return os.Getenv("BITVIEW_MEASURE") != "" }

// parallelTests holds the tests that have called t.Parallel (it may be
// called once a test).
var parallelTests sync.Map

// parallel runs t beside the other parallel tests (t.Parallel), once a
// test, unless the run measures.
func parallel(t testing.TB) {
	tt, ok := t.(*testing.T)
	if !ok || measuring() {
		return
	}
	if _, called := parallelTests.LoadOrStore(tt, true); !called {
		tt.Parallel()
	}
}

// browsersOn skips t unless the browser tests are asked for: by
// BITVIEW_BROWSER=1 (`make test` sets it) or by naming tests with -run.
// So `go test ./...` keeps to Go's default 10-minute timeout on a machine
// with the browsers installed, and `go test -run TestPageEditor
// ./wasm/browser/` runs the one test.
func browsersOn(t testing.TB) {
	t.Helper()
	if os.Getenv("BITVIEW_BROWSER") != "" || os.Getenv("CI") != "" {
		return
	}
	if f := flag.Lookup("test.run"); f != nil && f.Value.String() != "" {
		return
	}
	t.Skip("the browser tests run with BITVIEW_BROWSER=1 (make test sets it) or with -run naming them")
}

// layoutIDs are the ids of every numbering layout, core.Layouts' order:
// the tests that sweep the layouts loop over them, so that a layout added
// there is measured here too.
func layoutIDs() []string {
	ids := make([]string, len(core.Layouts))
	for i, l := range core.Layouts {
		ids[i] = l.ID
	}
	return ids
}
