// Package figure draws a <bitboard-view>'s figure without a browser: from
// the element's options (the same names, read by the same rules as its
// attributes) it makes the SVG the element's toSVG() returns, byte for
// byte, and a PNG of it (toPNG() in Go: rasterised here, with the Go fonts
// for the text). The figure itself is wasm/view's: options → model.Embed →
// view.SVG, with the pieces of package web.
//
// Besides single figures it prerenders pages (Pages): every ```bitboard
// block of a Markdown file, every <pre><code class="language-bitboard">
// block and every <bitboard-view> element of an HTML file gets its figure
// written into the page as an inline SVG, so it shows with JavaScript off;
// and Handler answers figures at a URL (/figure.svg?fen=…&show=…).
//
// The command that uses it is wasm/cmd/bitview.
package figure
