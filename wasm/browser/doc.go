//go:build !(js && wasm)

// Package browser holds Bitview's browser tests: the page (index.html),
// the tutorial's <bitboard-view> elements, embed.html, the theme contrast
// of view.css, the load-failure box's causes (loadfail_test.go), the
// README's and CONTRIBUTING's promises and the npm tarball's check
// (readme_test.go, which runs `make dist` and npm), and the start-up
// measurement behind `make measure`. They run against the real server:
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
// The package has no code of its own, only tests. They need `make wasm`
// first (web/bitview.wasm and web/wasm_exec.js), `npm install` in wasm/
// (axe-core, puppeteer-core) and the three browsers: without one, its
// tests are skipped with the command that installs it, or fail when CI is
// set. `make test` does all of it. The start-up measurement also needs
// `make dist` and runs only with BITVIEW_MEASURE=1 (`make measure`).
// Screenshots go to out/screenshots/ at the repository root, NAME-ENGINE.png
// for the three engines' tests.
package browser
