// Package figure draws a <bitboard-view>'s figure without a browser: from
// the element's options (the same names, read by the same rules as its
// attributes) it makes the SVG the element's toSVG() returns, byte for
// byte, and a PNG of it (toPNG() in Go, rasterised by package png). The
// figure itself is wasm/view's: options → model.Embed → view.SVG, with the
// pieces of package web.
//
// Its parts, each a package of its own below this one:
//
//   - figure (this package): the options (Options, Resolve, ParseTheme),
//     the Figure with its SVG and PNG, and its description (Describe);
//   - png: the PNG rasteriser of the figure's SVG, with its SVG-path
//     normaliser;
//   - handler: /figure.svg, the figures answered at a URL
//     (/figure.svg?fen=…&show=…);
//   - pages: prerendering of the HTML pages a site generator built
//     (every bitboard block and <bitboard-view> gets its figure, so it
//     shows with JavaScript off; sources and Bitview's own copy are left
//     as they are), and writing files as an editor saves them.
//
// The commands that use them are wasm/cmd/bitview and serve.go.
package figure
