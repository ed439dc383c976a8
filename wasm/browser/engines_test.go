//go:build !(js && wasm)

package browser

// The three engines' side of the tests: what an author embeds (the
// element, the Markdown loader, embed.html, prerendered pages, the main
// page's first interaction) runs in Chromium, Firefox and WebKit through
// the one harness, wasm/browser/browsers. inEngines runs a test's steps
// once per engine, as parallel subtests named by the engine; each gets a
// tab of that engine's browser, which the tests share (one with
// JavaScript on and one with it off, launched at first use and closed by
// TestMain).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/browser/browsers"
)

// engineKey is one shared browser: an engine with JavaScript on or off.
type engineKey struct {
	engine   browsers.Engine
	noScript bool
}

var (
	enginesMu sync.Mutex
	engines   = map[engineKey]*sharedEngine{}
)

// A sharedEngine is a browser launched once for the tests that ask for it.
type sharedEngine struct {
	once sync.Once
	b    *browsers.Browser
	err  error
}

// closeEngines closes the shared browsers; testMain calls it.
func closeEngines() {
	enginesMu.Lock()
	defer enginesMu.Unlock()
	for k, s := range engines {
		if s.b != nil {
			s.b.Close()
		}
		delete(engines, k)
	}
}

// needEngine skips the test when engine e cannot run here, with what is
// missing and the command that installs it, or fails it when CI is set
// (make test installs every engine there).
func needEngine(t testing.TB, e browsers.Engine) {
	t.Helper()
	browsersOn(t)
	parallel(t)
	engineInstalled(t, e)
}

// engineInstalled skips t when engine e is not installed, naming what is
// missing, and fails it with CI set. Unlike needEngine, it leaves t in
// sequence with its siblings (a step of a test whose steps share state).
func engineInstalled(t testing.TB, e browsers.Engine) {
	t.Helper()
	if why := browsers.Missing(e); why != "" {
		if os.Getenv("CI") != "" {
			t.Fatal(why)
		}
		t.Skip(why + " (make test installs it as root)")
	}
}

// engineTab returns a new tab of engine e's shared browser, with
// JavaScript on or off, of browsers.DefaultWidth × DefaultHeight; it
// closes at the end of the test. It needs `make wasm` first (needsSite).
func engineTab(t testing.TB, e browsers.Engine, noScript bool) browsers.Tab {
	t.Helper()
	needsSite(t)
	needEngine(t, e)
	return sharedTab(t, e, noScript)
}

// sharedTab is engineTab for a test that checks the engine itself and
// runs in sequence with its siblings (TestSites' steps): a new tab of
// engine e's shared browser, closed at the end of the test.
func sharedTab(t testing.TB, e browsers.Engine, noScript bool) browsers.Tab {
	t.Helper()
	enginesMu.Lock()
	s := engines[engineKey{e, noScript}]
	if s == nil {
		s = &sharedEngine{}
		engines[engineKey{e, noScript}] = s
	}
	enginesMu.Unlock()
	s.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute) // launches wait for each other (browsers.Launch)
		defer cancel()
		s.b, s.err = browsers.Launch(ctx, e, browsers.Options{NoScript: noScript})
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	tab, err := s.b.NewTab(tabContext(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tab.Close() })
	return tab
}

// inEngines runs test in each engine, as parallel subtests named by the
// engine, each with a new tab of the engine's shared browser (JavaScript
// on).
func inEngines(t *testing.T, test func(t *testing.T, tab browsers.Tab)) {
	inEnginesScripts(t, false, test)
}

// inEnginesNoScript is inEngines with JavaScript off.
func inEnginesNoScript(t *testing.T, test func(t *testing.T, tab browsers.Tab)) {
	inEnginesScripts(t, true, test)
}

func inEnginesScripts(t *testing.T, noScript bool, test func(t *testing.T, tab browsers.Tab)) {
	t.Helper()
	browsersOn(t)
	needsSite(t)
	parallel(t)
	for _, e := range browsers.Engines {
		t.Run(string(e), func(t *testing.T) {
			test(t, engineTab(t, e, noScript)) // parallel, through needEngine
		})
	}
}

// tabContext is the context of one step of a test in a tab: it ends with
// the test, or after 3 minutes (a step takes seconds alone; the tests share two cores).
func tabContext(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// visit loads url in the tab.
func visit(t testing.TB, tab browsers.Tab, url string) {
	t.Helper()
	if err := tab.Navigate(tabContext(t), url); err != nil {
		t.Fatalf("%s: loading %s: %v", tab.Engine(), url, err)
	}
}

// evalIn evaluates the expression js in the tab (awaiting a promise) and
// returns its value.
func evalIn[T any](t testing.TB, tab browsers.Tab, js string) T {
	t.Helper()
	var v T
	if err := tab.Eval(tabContext(t), js, &v); err != nil {
		t.Fatalf("%s: %v", tab.Engine(), err)
	}
	return v
}

// waitIn waits until the expression js is truthy in the tab.
func waitIn(t testing.TB, tab browsers.Tab, js string) {
	t.Helper()
	if err := browsers.Wait(tabContext(t), tab, js); err != nil {
		t.Fatalf("%s: %v", tab.Engine(), err)
	}
}

// shoot saves the tab's viewport as out/screenshots/NAME-ENGINE.png, when
// screenshots are wanted (shots).
func shoot(t testing.TB, tab browsers.Tab, name string) {
	t.Helper()
	keepShot(t, name+"-"+string(tab.Engine()), func() ([]byte, error) { return tab.Screenshot(tabContext(t)) })
}

// resize sets the tab's viewport.
func resize(t testing.TB, tab browsers.Tab, width, height int) {
	t.Helper()
	if err := tab.SetViewport(tabContext(t), width, height); err != nil {
		t.Fatalf("%s: %v", tab.Engine(), err)
	}
}

// noErrors fails the test if the tab's console had errors or warnings
// (where the engine can read them: not WebKit's classic WebDriver).
func noErrors(t testing.TB, tab browsers.Tab) {
	t.Helper()
	errs, err := tab.Errors()
	if errors.Is(err, errors.ErrUnsupported) {
		return
	}
	if err != nil {
		t.Errorf("%s: reading the console: %v", tab.Engine(), err)
	}
	if len(errs) > 0 {
		t.Errorf("%s: console errors: %q", tab.Engine(), errs)
	}
}

// waitViewsJS waits until every <bitboard-view> on the page has drawn
// (or shows an error), scrolling each to the screen in turn (one that is
// not prerendered starts when it comes near it) and back to where the
// page was, and answers how many there are.
const waitViewsJS = `(async () => {
	await customElements.whenDefined('bitboard-view');
	const at = [scrollX, scrollY], views = ` + allViewsJS + `();
	for (const v of views) {
		if (v.status.ok || v.status.error) continue;
		v.scrollIntoView({ block: 'center' });
		await new Promise((r) => { v.addEventListener('bitview-ready', r, { once: true }); v.addEventListener('bitview-error', r, { once: true }); });
	}
	scrollTo(...at);
	return views.length;
})()`

// waitViewsIn waits until every <bitboard-view> on the page has drawn
// (or shows an error), and returns how many there are.
func waitViewsIn(t testing.TB, tab browsers.Tab) int {
	t.Helper()
	return evalIn[int](t, tab, waitViewsJS)
}

// readViewsIn is readViews in a tab.
func readViewsIn(t testing.TB, tab browsers.Tab) []viewState {
	t.Helper()
	return evalIn[[]viewState](t, tab, readViewsJS)
}

// waitEventsIn waits until the page (with eventLog) has recorded n events
// of the type.
func waitEventsIn(t testing.TB, tab browsers.Tab, typ string, n int) {
	t.Helper()
	waitIn(t, tab, nearUntil(fmt.Sprintf(`window.events && events.filter((e) => e.type === %q).length >= %d`, typ, n)))
}

// pieceImagesIn is pieceImages in a tab.
func pieceImagesIn(t testing.TB, tab browsers.Tab) map[string][2]int {
	t.Helper()
	return evalIn[map[string][2]int](t, tab, pieceImagesJS)
}
