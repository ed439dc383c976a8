//go:build !(js && wasm)

package browser

// Browser tests of the page in real headless Chromium (Debian's chromium,
// which `make test` installs), driven with chromedp against serve.go running
// on a loopback port (see TestMain). They need `make wasm` first.
// Screenshots go to out/screenshots/ with BITVIEW_SCREENSHOTS=1 (look at
// them: make screenshots).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/bitview/bitview/wasm/browser/browsers"
)

const (
	startFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)

// chromiumFlags are browsers.ChromiumFlags (what Chromium needs on a
// machine with no outside network) and three more: the tests share the
// browser and run in parallel, a tab each, and these keep a tab that is
// not the front one from being throttled (its timers, its frames), as
// for the one in front.
var chromiumFlags = append(slices.Clip(browsers.ChromiumFlags),
	chromedp.Flag("disable-background-timer-throttling", true), chromedp.Flag("disable-backgrounding-occluded-windows", true),
	chromedp.Flag("disable-renderer-backgrounding", true))

var (
	browserOnce sync.Once
	browserCtx  context.Context
	browserErr  error
	// closeBrowser stops the shared browser and deletes its profile
	// (a long session's profile grows to gigabytes); testMain calls it.
	closeBrowser = func() {}
)

// chromium returns the path of the Chromium the tests drive
// (browsers.ChromiumPath: Chromium's headless shell, or else chromium),
// once `make wasm` has built the site (needsSite). Without either the test
// is skipped on a developer's machine, saying what to run, and fails in CI
// (CI is set).
func chromium(t testing.TB) string {
	t.Helper()
	browsersOn(t)
	needsSite(t)
	parallel(t)
	p, err := browsers.ChromiumPath()
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%v: `make test` installs chromium-headless-shell", err)
	}
	t.Skipf("%v: run `make test`, which installs chromium-headless-shell", err)
	return ""
}

// launch starts Chromium with a fresh profile in the folder profile (and
// the allocator options more, such as an environment) and returns a
// context for its first tab; cancel ends the browser.
func launch(path, profile string, more ...chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromiumFlags...)
	opts = append(opts, chromedp.ExecPath(path), chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 1000))
	opts = append(opts, more...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	return ctx, func() { cancelCtx(); cancelAlloc() }
}

// site starts one browser for all tests; it returns a new tab and the URL
// of serve.go serving web/ (started by TestMain).
func site(t *testing.T) (context.Context, string) {
	t.Helper()
	path := chromium(t)
	browserOnce.Do(func() {
		profile, err := os.MkdirTemp("", "bitview-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		ctx, cancel := launch(path, profile) // lives as long as the test binary
		closeBrowser = func() {
			cancel()
			os.RemoveAll(profile)
		}
		if err := chromedp.Do(ctx); err != nil {
			browserErr = err
			return
		}
		browserCtx = ctx
	})
	if browserErr != nil {
		t.Fatal(browserErr)
	}
	return newTab(t, tabTimeout), siteURL
}

// tabTimeout bounds a test's tab of the shared browser: far above what a
// test takes alone (a few seconds to a minute), as the tests share two
// cores when they run in parallel on a loaded machine.
const tabTimeout = 10 * time.Minute

// newTab opens a tab of the shared browser (launched by site) that closes
// with the test or after d. The tab acts as the focused one (a key press
// or focus() in it behaves as in the front tab), so that tests in other
// tabs may run beside it.
func newTab(t testing.TB, d time.Duration) context.Context {
	t.Helper()
	return tabOf(t, browserCtx, d)
}

// tabOf is newTab in the browser of the context browser (a browser's
// first tab, as launch returns it).
func tabOf(t testing.TB, browser context.Context, d time.Duration) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(tab, d)
	t.Cleanup(cancelTimeout)
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatalf("a new tab: %v", err)
	}
	tabMetrics(t, tab)
	return ctx
}

// tabMetrics, with BITVIEW_TAB_METRICS=1, adds a line to
// out/tab-metrics.tsv when the test ends: the test, and the CPU time of
// the tab's main thread in its tasks, scripts, style and layout (Chromium's
// Performance domain in thread time, which other work on a loaded machine
// does not lengthen), in seconds, and the documents loaded in the tab (its
// main frame's navigations). It tells which tests cost the most.
func tabMetrics(t testing.TB, tab context.Context) {
	if os.Getenv("BITVIEW_TAB_METRICS") == "" {
		return
	}
	if _, err := chromedp.Call(tab, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
		t.Logf("tab metrics: %v", err)
		return
	}
	var loads atomic.Int64
	chromedp.Listen(tab, func(ev any) {
		if e, ok := ev.(*page.EventFrameNavigated); ok && e.Frame.ParentID == "" {
			loads.Add(1)
		}
	})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(tab, 10*time.Second)
		defer cancel()
		r, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
		if err != nil {
			return
		}
		m := map[string]float64{}
		for _, v := range r.Metrics {
			m[v.Name] = v.Value
		}
		line := fmt.Sprintf("%s\t%.2f\t%.2f\t%.2f\t%.2f\t%d\n", t.Name(), m["TaskDuration"], m["ScriptDuration"], m["RecalcStyleDuration"], m["LayoutDuration"], loads.Load())
		tabMetricsMu.Lock()
		defer tabMetricsMu.Unlock()
		if f, err := os.OpenFile(filepath.Join(repo, "out", "tab-metrics.tsv"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			f.WriteString(line)
			f.Close()
		}
	})
}

var tabMetricsMu sync.Mutex

// consoleErrors collects the tab's console errors and exceptions from now on.
func consoleErrors(ctx context.Context) func() []string {
	var mu sync.Mutex
	var errs []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() || m.Type == chromedp.ConsoleWarning {
				mu.Lock()
				errs = append(errs, m.String())
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), errs...)
	}
}

// open navigates to the page with the given query and waits until Go has
// drawn it, looking every 50 ms (as browsers.Wait does): chromedp's
// default, a query every 5 ms, cost about a fifth of a core for as long
// as a page took to be ready (measured: two waits of 10 s for a selector,
// 14.4 and 13.9 CPU-s in all, against 9.8 and 8.2 with the test asleep
// instead; 9.5 looking every 50 ms).
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	ready := chromedp.WaitReady(chromedp.CSS(`html[data-ready="1"]`), chromedp.RetryInterval(50*time.Millisecond))
	if err := chromedp.Do(ctx, chromedp.Navigate(url), ready); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
}

// eval evaluates a JavaScript expression in the tab.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("eval %s: %v", js, err)
	}
	return v
}

// shots reports whether the tests save screenshots, which are for a
// person to look at: only when BITVIEW_SCREENSHOTS is set (to anything but
// "" or "0"; `make screenshots` sets it). A screenshot costs the browser
// a raster and a PNG encoding, about 0.15 CPU-seconds a megapixel in
// Chromium (measured: 0.21 s for the main page at 1280 px, 1.15 MP, and
// 1.33 s for tutorial.html, 10.4 MP); a full run of the browser package
// took about 330 of them, 435 MP, and 753 s and 1,471 CPU-s of a two-core
// machine with them against 740 s and 1,447 without (one pair, back to
// back). A test whose assertions read pixels takes its picture whatever
// this says, and saves it only when it is set.
func shots() bool {
	v := os.Getenv("BITVIEW_SCREENSHOTS")
	return v != "" && v != "0"
}

// keepShot saves the PNG that capture takes as out/screenshots/name.png,
// when screenshots are wanted (shots); otherwise it takes none.
func keepShot(t testing.TB, name string, capture func() ([]byte, error)) {
	t.Helper()
	if !shots() {
		return
	}
	png, err := capture()
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	saveScreenshot(t, name, png)
}

// screenshot saves a full-page PNG as out/screenshots/name.png, when
// screenshots are wanted (shots).
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	keepShot(t, name, func() ([]byte, error) { return chromedp.Run(ctx, chromedp.FullScreenshot(100)) })
}

// viewportShot saves the tab's viewport as out/screenshots/name.png, when
// screenshots are wanted (shots).
func viewportShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	keepShot(t, name, func() ([]byte, error) { return chromedp.Run(ctx, chromedp.CaptureScreenshot()) })
}

// saveScreenshot writes png as out/screenshots/name.png, when screenshots
// are wanted (shots).
func saveScreenshot(t testing.TB, name string, png []byte) {
	t.Helper()
	if !shots() {
		return
	}
	dir := filepath.Join(repo, "out", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// pieces returns the board as square → FEN letter for occupied squares.
func pieces(t *testing.T, ctx context.Context) map[string]string {
	return eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('#board [data-square][data-piece]')].map(e => [e.dataset.square, e.dataset.piece]))`)
}

func TestPageStartPosition(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/")
	if n := eval[int](t, ctx, `document.querySelectorAll('#board [data-square]').length`); n != 64 {
		t.Errorf("board has %d squares, want 64", n)
	}
	got := pieces(t, ctx)
	want := map[string]string{"a1": "R", "b1": "N", "c1": "B", "d1": "Q", "e1": "K", "h1": "R", "e2": "P",
		"a8": "r", "d8": "q", "e8": "k", "h7": "p"}
	for sq, pc := range want {
		if got[sq] != pc {
			t.Errorf("square %s holds %q, want %q", sq, got[sq], pc)
		}
	}
	if len(got) != 32 || got["e4"] != "" {
		t.Errorf("%d pieces (e4: %q), want 32 and e4 empty", len(got), got["e4"])
	}
	cards := eval[[]string](t, ctx, `[...document.querySelectorAll('#cards [data-bitboard]')].map(e => e.dataset.bitboard + '/' + e.dataset.layout)`)
	if strings.Join(cards, ",") != "P/lerf,occupied/lerf" {
		t.Errorf("default cards %v, want P and occupied in lerf", cards)
	}
	hex := eval[string](t, ctx, `document.querySelector('[data-bitboard="P"] [data-format="hex"]').textContent`)
	if hex != "0x000000000000ff00" {
		t.Errorf("WhitePawns hex = %q", hex)
	}
	if label := eval[string](t, ctx, `document.querySelector('#board [data-square="e1"]').getAttribute('aria-label')`); label != "e1, white king, LERF (a1 = 0) 4" {
		t.Errorf("e1 aria-label = %q", label)
	}
	screenshot(t, ctx, "start-1280")
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// typeFEN replaces the FEN field's text by typing, as a person does.
func typeFEN(t *testing.T, ctx context.Context, fen string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('fen').select()`),
		chromedp.SendKeys(chromedp.CSS("#fen"), fen)); err != nil {
		t.Fatal(err)
	}
}

// TestPageLayouts checks each layout's cells against core's numbering:
// corners, e4, and the off-board slots of 0x88 and 10x12.
func TestPageLayouts(t *testing.T) {
	ctx, url := site(t)
	tests := []struct {
		id                 string
		slots, offBoard    int
		a1, h1, a8, h8, e4 string
	}{
		{"lerf", 64, 0, "0", "7", "56", "63", "28"},
		{"0x88", 128, 64, "0", "7", "112", "119", "52"},
		{"msb-a8", 64, 0, "7", "0", "63", "56", "27"},
		{"berf", 64, 0, "56", "63", "0", "7", "36"},
		{"10x12", 120, 56, "21", "28", "91", "98", "55"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			open(t, ctx, url+"/?layout="+tt.id+"&show=occupied")
			sel := `[data-bitboard="occupied"][data-layout="` + tt.id + `"]`
			if n := eval[int](t, ctx, `document.querySelectorAll('`+sel+` .cell').length`); n != tt.slots {
				t.Errorf("%d cells, want %d", n, tt.slots)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll('`+sel+` [data-offboard]').length`); n != tt.offBoard {
				t.Errorf("%d off-board cells, want %d", n, tt.offBoard)
			}
			idx := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('`+sel+` .cell[data-square]')].map(e => [e.dataset.square, e.dataset.index]))`)
			for sq, want := range map[string]string{"a1": tt.a1, "h1": tt.h1, "a8": tt.a8, "h8": tt.h8, "e4": tt.e4} {
				if idx[sq] != want {
					t.Errorf("%s has data-index %q, want %s", sq, idx[sq], want)
				}
			}
			bits := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('`+sel+` .cell[data-square]')].map(e => [e.dataset.square, e.dataset.bit]))`)
			if bits["e1"] != "1" || bits["e4"] != "0" || bits["h8"] != "1" {
				t.Errorf("occupied bits e1 %q e4 %q h8 %q", bits["e1"], bits["e4"], bits["h8"])
			}
			if about := eval[string](t, ctx, `document.getElementById('layout-about').textContent`); about == "" {
				t.Error("no explanation under the layout switch")
			}
			if tt.id == "0x88" || tt.id == "10x12" {
				screenshot(t, ctx, "layout-"+tt.id)
			}
		})
	}
}

// center returns the middle of the element matching selector, in CSS pixels.
func center(t *testing.T, ctx context.Context, selector string) (float64, float64) {
	xy := eval[[]float64](t, ctx, `(() => { const e = document.querySelector('`+selector+`'); e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	return xy[0], xy[1]
}

func TestPageHover(t *testing.T) {
	ctx, url := site(t)
	open(t, ctx, url+"/?show=P,occupied&layout=lerf")
	want := map[string]string{"lerf": "28", "0x88": "52", "msb-a8": "27 (MSB index 36)", "berf": "36", "10x12": "55"}
	for _, selector := range []string{`#board [data-square="e4"]`, `[data-bitboard="P"] .cell[data-square="e4"]`} {
		x, y := center(t, ctx, selector)
		if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)); err != nil {
			t.Fatal(err)
		}
		if sq := eval[string](t, ctx, `document.querySelector('#square-info [data-info-square]')?.dataset.infoSquare ?? ''`); sq != "e4" {
			t.Fatalf("hovering %s shows %q", selector, sq)
		}
		got := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('#square-info td[data-layout]')].map(e => [e.dataset.layout, e.textContent]))`)
		for id, w := range want {
			if got[id] != w {
				t.Errorf("hover %s: %s index %q, want %q", selector, id, got[id], w)
			}
		}
		// The bit is highlighted in every grid and in every binary string.
		outlined := eval[int](t, ctx, `[...document.querySelectorAll('[data-square="e4"]')].filter(e => getComputedStyle(e).outlineStyle === 'solid' || getComputedStyle(e).backgroundColor === 'rgb(245, 158, 11)').length`)
		total := eval[int](t, ctx, `document.querySelectorAll('[data-square="e4"]').length`)
		if outlined != total || total < 5 { // board, two cells, two binary digits, the shift demo
			t.Errorf("e4 highlighted in %d of %d places, want all of at least 5", outlined, total)
		}
	}
	screenshot(t, ctx, "hover-e4")
	// Keyboard: focus the board and move with the arrow keys.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#board [data-square="a8"]`)), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	if sq := eval[string](t, ctx, `document.activeElement.dataset.square`); sq != "b7" {
		t.Errorf("after ↓ → from a8 the focus is on %q, want b7", sq)
	}
	if sq := eval[string](t, ctx, `document.querySelector('#square-info [data-info-square]').dataset.infoSquare`); sq != "b7" {
		t.Errorf("focus shows %q, want b7", sq)
	}
}

func TestPageInvalidFEN(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/")
	before := pieces(t, ctx)
	typeFEN(t, ctx, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
	attrs := eval[[]string](t, ctx, `(() => { const e = document.querySelector('[data-error-field]'); return e ? [e.dataset.errorField, e.dataset.errorOffset, e.querySelector('mark').textContent, e.textContent] : []; })()`)
	if len(attrs) != 4 || attrs[0] != "2" || attrs[1] != "44" || attrs[2] != "x" || !strings.Contains(attrs[3], "active color") {
		t.Errorf("error shown as %q, want field 2, offset 44, 'x' marked, naming the active color", attrs)
	}
	if after := pieces(t, ctx); len(after) != len(before) || after["e1"] != "K" {
		t.Errorf("the board changed after an invalid FEN: %v", after)
	}
	if v := eval[string](t, ctx, `document.getElementById('fen').getAttribute('aria-invalid')`); v != "true" {
		t.Errorf("aria-invalid = %q", v)
	}
	screenshot(t, ctx, "invalid-fen")
	typeFEN(t, ctx, kiwipeteFEN)
	if n := eval[int](t, ctx, `document.querySelectorAll('[data-error-field]').length`); n != 0 {
		t.Error("the error stays after a valid FEN")
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

func TestPageURLState(t *testing.T) {
	ctx, url := site(t)
	article := "r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13"
	open(t, ctx, url+"/?fen="+strings.ReplaceAll(article, " ", "%20")+"&layout=0x88&show=P,n,occupied")
	if v := eval[string](t, ctx, `document.getElementById('fen').value`); v != article {
		t.Errorf("FEN field %q", v)
	}
	cards := eval[[]string](t, ctx, `[...document.querySelectorAll('#cards [data-bitboard]')].map(e => e.dataset.bitboard + '/' + e.dataset.layout)`)
	if strings.Join(cards, ",") != "P/0x88,n/0x88,occupied/0x88" {
		t.Errorf("cards %v", cards)
	}
	if got := pieces(t, ctx); got["b4"] != "P" || got["e4"] != "p" || got["g1"] != "K" {
		t.Errorf("board %v", got)
	}
	if checked := eval[string](t, ctx, `document.querySelector('input[name=layout]:checked').value`); checked != "0x88" {
		t.Errorf("layout switch shows %q", checked)
	}
	// The article's FEN names b3 with White to move: a warning, b3 marked.
	if w := eval[string](t, ctx, `document.querySelector('.warnings li')?.dataset.code ?? ''`); w != "en-passant-rank" {
		t.Errorf("warning %q", w)
	}
	if !eval[bool](t, ctx, `document.querySelector('#board [data-square="b3"]').classList.contains('warn')`) {
		t.Error("b3 is not highlighted")
	}
	// Changing things updates the URL, so the link reproduces the view.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#toggles [data-toggle="k"]`)), chromedp.Click(chromedp.CSS(`input[name=layout][value="msb-a8"]`))); err != nil {
		t.Fatal(err)
	}
	q := linkEval[string](t, ctx, `decodeURIComponent(location.search)`)
	if !strings.Contains(q, "layout=msb-a8") || !strings.Contains(q, "show=P,n,occupied,k") || !strings.Contains(q, "fen="+strings.ReplaceAll(article, " ", "+")) {
		t.Errorf("URL after changes: %s", q)
	}
	screenshot(t, ctx, "url-state")
}

func TestPageScreenshots(t *testing.T) {
	ctx, url := site(t)
	for _, v := range []struct {
		name          string
		width, height int64
		query         string
	}{
		{"phone-360", 360, 800, "/?show=P,occupied"},
		{"desktop-1280", 1280, 900, "/?fen=" + strings.ReplaceAll(kiwipeteFEN, " ", "%20") + "&show=P,p,occupied,knights&labels=1"},
		{"projector-1920", 1920, 1080, "/?show=P,occupied,white,black&layout=msb-a8"},
	} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(v.width, v.height)); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, url+v.query)
		// Nothing may overflow the viewport sideways.
		if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > float64(v.width)+1 {
			t.Errorf("%s: the page is %.0f px wide, wider than the viewport", v.name, w)
		}
		screenshot(t, ctx, v.name)
	}
	// The dark theme (prefers-color-scheme), on a tablet.
	dark := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(ctx, dark, chromedp.EmulateViewport(1024, 900)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url+"/?show=P,occupied&layout=0x88")
	if bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(18, 20, 23)" {
		t.Errorf("dark theme background %s", bg)
	}
	screenshot(t, ctx, "dark-1024")
}

// TestPageLoadFailure serves the page without bitview.wasm: the loader
// must say what went wrong instead of leaving a blank page.
func TestPageLoadFailure(t *testing.T) {
	ctx, _ := site(t)
	dir := t.TempDir()
	modules, err := filepath.Glob(filepath.Join(repo, "web", "bitview", "*.js"))
	if err != nil || len(modules) == 0 {
		t.Fatalf("web/bitview/*.js: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "bitview"), 0o755); err != nil {
		t.Fatal(err)
	}
	names := []string{"index.html", "style.css", "main.js", "bitview.js", "bitview-options.js", "bitview-load.js", "wasm_exec.js"} // all the page loads but the wasm
	for _, m := range modules {
		names = append(names, filepath.Join("bitview", filepath.Base(m)))
	}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(repo, "web", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srvURL := serveDir(t, dir)
	if err := chromedp.Do(ctx, chromedp.Navigate(srvURL+"/"), chromedp.WaitReady(chromedp.CSS("#loading.failed"))); err != nil {
		t.Fatal(err)
	}
	if msg := eval[string](t, ctx, `document.getElementById('loading').textContent`); !strings.Contains(msg, "could not download") || !strings.Contains(msg, "404") {
		t.Errorf("failure message %q", msg)
	}
}

// TestPageShare checks the Embed snippets and the page's exports.
func TestPageShare(t *testing.T) {
	ctx, url := site(t)
	open(t, ctx, url+"/?fen="+strings.ReplaceAll(kiwipeteFEN, " ", "%20")+"&layout=0x88&show=P,occupied")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#tab-embed")), chromedp.WaitReady(chromedp.CSS(`[data-snippet="element"]`))); err != nil {
		t.Fatal(err)
	}
	el := eval[string](t, ctx, `document.querySelector('[data-snippet="element"]').textContent`)
	fr := eval[string](t, ctx, `document.querySelector('[data-snippet="iframe"]').textContent`)
	if !strings.Contains(el, `<bitboard-view fen="`+kiwipeteFEN+`" layout="0x88" show="P,occupied">`) ||
		!strings.HasPrefix(el, `<script src="`+url+`/bitview-load.js" defer></script>`) {
		t.Errorf("element snippet: %s", el)
	}
	if !strings.Contains(fr, `embed.html?fen=r3k2r%2Fp1ppqpb1`) || !strings.Contains(fr, `layout=0x88`) || !strings.Contains(fr, `<iframe`) {
		t.Errorf("iframe snippet: %s", fr)
	}
	// The iframe shows the view, not the page's open tool (the snippet
	// is read with the Embed tab open: it carried &tab=embed).
	if strings.Contains(fr, "tab=") {
		t.Errorf("the iframe snippet carries the page's tab: %s", fr)
	}
	// Export: catch the download the page starts, and read the file. It
	// is named for the position and the numbering (model.ExportName), and
	// its caption states the numbering.
	exportJS := `(async () => {
		let blob;
		const createObjectURL = URL.createObjectURL;
		URL.createObjectURL = (b) => { blob = b; return createObjectURL(b); };
		const click = HTMLAnchorElement.prototype.click;
		const saved = new Promise((resolve) => {
			HTMLAnchorElement.prototype.click = function () { resolve(this.download); };
		});
		document.querySelector('[data-export="FORMAT"]').click();
		const name = await saved;
		HTMLAnchorElement.prototype.click = click;
		URL.createObjectURL = createObjectURL;
		if (blob.type !== 'image/svg+xml') return { name, type: blob.type, size: blob.size };
		const svg = await blob.text();
		const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
		return { name, ok: !doc.querySelector('parsererror'), squares: doc.querySelectorAll('.board [data-square]').length,
			grids: [...doc.querySelectorAll('.grid')].map((g) => g.dataset.bitboard + '/' + g.dataset.layout).join(','),
			cells: doc.querySelectorAll('.grid[data-bitboard="P"] rect').length,
			caption: doc.querySelector('.caption')?.textContent ?? '' };
	})()`
	export := func(format string) map[string]any {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](strings.Replace(exportJS, "FORMAT", format, 1), chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := export("svg"); got["name"] != "bitview-kiwipete-0x88.svg" || got["ok"] != true || got["squares"] != 64.0 ||
		got["grids"] != "P/0x88,occupied/0x88" || got["cells"] != 128.0 || got["caption"] != "Numbering: 0x88 (a1 = 0, h8 = 119)" {
		t.Errorf("exported SVG: %v", got)
	}
	if got := export("png"); got["name"] != "bitview-kiwipete-0x88.png" || got["type"] != "image/png" || got["size"].(float64) < 1000 {
		t.Errorf("exported PNG: %v", got)
	}
	// Another numbering, and a FEN field holding an error: the figure and
	// its name are those of the position drawn, the last valid one.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name="layout"][value="msb-a8"]`))); err != nil {
		t.Fatal(err)
	}
	typeFEN(t, ctx, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2X w KQkq - 0 1")
	if got := export("svg"); got["name"] != "bitview-kiwipete-msb-a8.svg" || got["grids"] != "P/msb-a8,occupied/msb-a8" || got["caption"] != "Numbering: MSB = a8" {
		t.Errorf("exported SVG in msb-a8 with an invalid FEN typed: %v", got)
	}
	// A position that is not an example: move, side, Polyglot key.
	typeFEN(t, ctx, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
	if got := export("svg"); got["name"] != "bitview-move2-white-0756b9-msb-a8.svg" {
		t.Errorf("exported SVG after 1.e4 d5: %v", got)
	}
}

func TestPageAttackMaps(t *testing.T) {
	ctx, url := site(t)
	// Black to move, in check from the rook on e1 (which the king's own d7 bishop can block: not pinned).
	open(t, ctx, url+"/?fen=4k3/3b4/8/8/8/8/8/4R1K1%20b%20-%20-%200%201&show=")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#tab-attacks"))); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"checkers", "attacked:w", "push1:w"} {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#attack-toggles [data-toggle="`+key+`"]`))); err != nil {
			t.Fatal(err)
		}
	}
	set := func(key string) string {
		return eval[string](t, ctx, `[...document.querySelectorAll('[data-bitboard="`+key+`"] .cell[data-bit="1"]')].map((c) => c.dataset.square).sort().join(' ')`)
	}
	if got := set("checkers"); got != "e1" {
		t.Errorf("checkers %q, want e1", got)
	}
	// The rook on e1 attacks e2…e8 up to the king, a1…d1, f1 and its own king on g1 (defended);
	// the king on g1 attacks f1 f2 g2 h1 h2.
	if got := set("attacked:w"); got != "a1 b1 c1 d1 e2 e3 e4 e5 e6 e7 e8 f1 f2 g1 g2 h1 h2" {
		t.Errorf("attacked by white %q", got)
	}
	// Select d7 (no tool): its piece's attacks can be shown.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#board [data-square="d7"]`)), chromedp.Click(chromedp.CSS(`#attack-toggles [data-toggle="from:d7"]`))); err != nil {
		t.Fatal(err)
	}
	if got := set("from:d7"); got != "a4 b5 c6 c8 e6 e8 f5 g4 h3" {
		t.Errorf("attacks from d7 %q", got)
	}
	screenshot(t, ctx, "attack-maps")
}

func TestPagePresentation(t *testing.T) {
	ctx, url := site(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url+"/?show=P,occupied,white,black&present=1")
	if !eval[bool](t, ctx, `document.documentElement.classList.contains('present')`) {
		t.Fatal("present=1 did not turn on presentation mode")
	}
	// Board and grids side by side, large.
	geo := eval[map[string]float64](t, ctx, `(() => { const b = document.getElementById('board').getBoundingClientRect(); const c = document.querySelector('#cards .card').getBoundingClientRect(); return { bw: b.width, bx: b.x, cx: c.x, ct: c.top }; })()`)
	if geo["bw"] < 600 || geo["cx"] < geo["bx"]+geo["bw"] {
		t.Errorf("presentation layout: board %.0f px wide at x %.0f, first card at x %.0f", geo["bw"], geo["bx"], geo["cx"])
	}
	// Shortcuts: ? opens the list, Escape closes it, 2 switches to 0x88, s leaves presentation mode.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("?")); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, `document.getElementById('shortcuts').hidden`) {
		t.Error("? did not open the shortcuts")
	}
	screenshot(t, ctx, "presentation-shortcuts-1920")
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape), chromedp.KeyEvent("2")); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `document.getElementById('shortcuts').hidden`) || eval[string](t, ctx, `document.querySelector('#cards .card').dataset.layout`) != "0x88" {
		t.Error("Escape or 2 did not work")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("1")); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "presentation-1920")
	// The shift demo: P << 1 wraps the h-pawn onto the a-file; the masked east shift drops it.
	eval[bool](t, ctx, `(() => { document.getElementById('tab-shiftdemo').click(); const op = document.getElementById('shift-op'); op.value = '1'; op.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
	for range 8 {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-action="shift-step"]`))); err != nil {
			t.Fatal(err)
		}
	}
	if w := eval[string](t, ctx, `[...document.querySelectorAll('#shift-grid [data-state="wrap"]')].map((c) => c.dataset.square).join(' ')`); w != "a3" {
		t.Errorf("raw << 1 wraps onto %q, want a3", w)
	}
	screenshot(t, ctx, "shift-demo-wrap")
	eval[bool](t, ctx, `(() => { const op = document.getElementById('shift-op'); op.value = '2'; op.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
	for range 8 {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-action="shift-step"]`))); err != nil {
			t.Fatal(err)
		}
	}
	if d := eval[string](t, ctx, `[...document.querySelectorAll('#shift-grid [data-state="dropped"], #shift-grid [data-state="wrap"]')].map((c) => c.dataset.state + ':' + c.dataset.square).join(' ')`); d != "" && !strings.Contains(eval[string](t, ctx, `document.getElementById('shift-caption').textContent`), "0x000000000000fe00") {
		t.Errorf("masked east: %q, caption %q", d, eval[string](t, ctx, `document.getElementById('shift-caption').textContent`))
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("s")); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, `document.documentElement.classList.contains('present')`) {
		t.Error("s did not leave presentation mode")
	}
}

// TestPageRepresentations opens the representations panel: it follows the
// position and the hovered square, with its entries cross-highlighted.
func TestPageRepresentations(t *testing.T) {
	ctx, url := site(t)
	open(t, ctx, url+"/?fen="+strings.ReplaceAll(kiwipeteFEN, " ", "%20")+"&show=occupied")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#tab-repr")), chromedp.WaitReady(chromedp.CSS(`#repr-panel [data-repr="array64"]`))); err != nil {
		t.Fatal(err)
	}
	sections := eval[[]string](t, ctx, `[...document.querySelectorAll('#repr-panel section[data-repr]')].map((s) => s.dataset.repr)`)
	if len(sections) < 10 {
		t.Errorf("sections %v", sections)
	}
	// Hover h1 on the board: the 0x88 knight test follows it.
	x, y := center(t, ctx, `#board [data-square="h1"]`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)); err != nil {
		t.Fatal(err)
	}
	from := eval[string](t, ctx, `document.querySelector('#repr-panel [data-repr="0x88"] [data-test="knight"]')?.dataset.from ?? ''`)
	if from != "h1" {
		t.Errorf("0x88 knight test from %q, want h1", from)
	}
	// Every entry that stands for h1 is highlighted with the board square.
	hl := eval[[]int](t, ctx, `(() => { const all = [...document.querySelectorAll('#repr-panel [data-square="h1"]')]; return [all.length, all.filter((e) => getComputedStyle(e).outlineStyle === 'solid' || getComputedStyle(e).backgroundColor === 'rgb(245, 158, 11)').length]; })()`)
	if hl[0] < 8 || hl[1] != hl[0] {
		t.Errorf("h1 highlighted in %d of %d panel entries", hl[1], hl[0])
	}
	if rt := eval[string](t, ctx, `document.querySelector('#repr-panel [data-roundtrip]')?.dataset.roundtrip ?? ''`); rt != "ok" {
		t.Errorf("minimal encoding round trip %q", rt)
	}
	screenshot(t, ctx, "representations")
	for _, id := range []string{"0x88", "rotated", "minimal"} {
		keepShot(t, "repr-"+id, func() ([]byte, error) {
			return chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`#repr-panel [data-repr="`+id+`"]`)))
		})
	}
}

// linkEval evaluates the expression js once the page has written its
// link: it writes a change at once after a quiet spell, but the newest of
// a burst of changes only once the burst is over (wasm/link.go,
// linkQuiet), and marks the root data-link-pending until then.
func linkEval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	return evalAsync[T](t, ctx, `new Promise((done) => {
		const written = () => document.documentElement.hasAttribute('data-link-pending') ? setTimeout(written, 10) : done(`+js+`);
		written();
	})`)
}

// TestPageEditorChess960: the page reads a Chess960 FEN in Shredder-FEN,
// its editor sets up a Chess960 start position by number, names the rook
// each castling right castles with and picks an inner rook, and the FEN
// field follows in the notation the FEN was given in, Shredder-FEN
// (model's TestPageEdit checks X-FEN's).
func TestPageEditorChess960(t *testing.T) {
	ctx, url := site(t)
	open(t, ctx, url+"/?fen=r2rk2r/pppppppp/8/8/8/8/PPPPPPPP/R2RK2R%20w%20HDhd%20-%200%201")
	fen := func() string { return eval[string](t, ctx, `document.getElementById('fen').value`) }
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#tab-editor"))); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, ctx, "the editor of a Chess960 position")
	// Q castles with the inner d1 rook: the editor's select says so.
	if got := eval[string](t, ctx, `document.querySelector('[data-castle-rook="Q"]').value`); got != "d" {
		t.Errorf("Q's rook select = %q, want d", got)
	}
	change := func(selector, value string) {
		t.Helper()
		eval[bool](t, ctx, `(() => { const s = document.querySelector('`+selector+`'); s.value = '`+value+`'; s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
	}
	change(`[data-castle-rook="Q"]`, "a")
	if got := fen(); got != "r2rk2r/pppppppp/8/8/8/8/PPPPPPPP/R2RK2R w HAhd - 0 1" {
		t.Errorf("Q with the a1 rook: FEN %q", got)
	}
	change("#sp960", "0")
	if got := fen(); got != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1" {
		t.Errorf("Chess960 start 0: FEN %q", got)
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll('.castle-rook')].map((s) => s.textContent).join(' ')`); got != "h1 f1 h8 f8" {
		t.Errorf("the rooks the rights name: %q, want h1 f1 h8 f8", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-castle="q"]`))); err != nil {
		t.Fatal(err)
	}
	if got := fen(); got != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFh - 0 1" {
		t.Errorf("without q: FEN %q", got)
	}
	if w := eval[string](t, ctx, `[...document.querySelectorAll('.warnings li')].map((l) => l.dataset.code).join(',')`); w != "" {
		t.Errorf("warnings %q, want none", w)
	}
	screenshot(t, ctx, "editor-chess960")
}
