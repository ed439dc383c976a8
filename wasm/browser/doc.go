//go:build !(js && wasm)

// Package browser holds Bitview's browser tests: the page (index.html),
// the tutorial's <bitboard-view> elements, embed.html, the theme contrast
// of view.css, the load-failure box's causes (loadfail_test.go), the
// README's and CONTRIBUTING's promises and the npm tarball's check
// (readme_test.go, which runs `make dist` and npm), the recipes of
// web/sites/README.md with Hugo, MkDocs and Jekyll (sites_test.go), and the start-up
// measurement behind `make measure`. They
// drive Debian's headless Chromium with chromedp against the real server:
// TestMain builds serve.go from the repository root and runs it on a free
// loopback port over web/ (and over temporary folders or dist/ where a test
// needs them), as a user runs `make serve`.
//
// The package has no code of its own, only tests. They need `make wasm`
// first (web/bitview.wasm and web/wasm_exec.js) and Chromium: without it
// they are skipped, or fail when CI is set. `make test` does both. The
// start-up measurement also needs `make dist` and runs only with
// BITVIEW_MEASURE=1 (`make measure`). Screenshots go to out/screenshots/ at
// the repository root.
package browser
