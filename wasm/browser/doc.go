//go:build !(js && wasm)

// Package browser holds Bitview's browser tests: the page (index.html),
// the tutorial's <bitboard-view> elements, embed.html, the theme contrast
// of view.css, the load-failure box's causes (loadfail_test.go), the
// README's and CONTRIBUTING's promises and the npm tarball's check
// (readme_test.go, which runs `make dist` and npm), the recipes of
// web/sites/README.md with Hugo, MkDocs and Jekyll (sites_test.go; with
// their themes, Sphinx and VitePress in the sites tier, TestSitesThemed and
// TestSitesNPM under BITVIEW_SITES=1, which make test-sites sets), and the
// start-up measurement behind `make measure`. They run against the real server:
// TestMain builds serve.go from the repository root and runs it on a free
// loopback port over web/ (and over temporary folders or dist/ where a test
// needs them), as a user runs `make serve`.
//
// What an author embeds (the element, the Markdown loader, embed.html on
// another origin with its height listener, toSVG() and toPNG(), a
// prerendered page with JavaScript off, the main page's first steps, its
// one download of the wasm and its <noscript> line) runs in Chromium,
// Firefox and WebKit, as parallel subtests named by the engine, through
// the one harness of wasm/browser/browsers (engines_test.go,
// everyengine_test.go, embed_origin_test.go). The rest drives Debian's
// headless Chromium with chromedp, for what only its DevTools protocol
// does (throttling, tracing, emulation).
//
// The tests run in parallel (parallel_test.go), each with tabs of its own
// in the shared browsers, under `make test`'s -parallel 4; measurements
// (BITVIEW_MEASURE=1) run one at a time. They run when BITVIEW_BROWSER=1
// (make test sets it) or when -run names them, so that `go test ./...`
// keeps within Go's default timeout on a machine with the browsers.
//
// The package has no code of its own, only tests. Each test builds what
// it needs (the README's tests run `make dist` and npm themselves) or
// skips, naming the command to run: the tests of the page, the element and
// the worker need `make wasm` first (web/bitview.wasm, wasm_exec.js,
// index.html, tutorial.html, sw-version.js); the three engines' tests
// need Chromium, Firefox (with puppeteer-core: `cd wasm && npm install`)
// and WebKitWebDriver with Xvfb, each named with its install command when
// missing; the axe-core checks `cd wasm && npm install` (see needs). With
// CI set, a missing one fails the test instead. So `go test ./...` in a
// fresh clone passes with Go alone, and `make test` builds and installs
// everything first. The measurements also need `make dist` and run only
// with BITVIEW_MEASURE=1 (`make measure`). Screenshots go to
// out/screenshots/ at the repository root, NAME-ENGINE.png for the three
// engines' tests, when BITVIEW_SCREENSHOTS is set (`make screenshots`):
// they are for a person to look at, and make test takes none.
package browser
