// Command bitview draws Bitview's figures without a browser: the SVG a
// <bitboard-view>'s toSVG() returns, byte for byte, or a PNG of it (as
// toPNG(), at 2× by default), from a FEN and the element's options; and it
// prerenders pages, writing every figure of a folder of Markdown or built
// HTML into the page so it shows with JavaScript off.
//
// Install or run it without a clone:
//
//	go run github.com/bitview/bitview/wasm/cmd/bitview@latest -fen '…' -show P,empty -o pawns.svg
//
// Usage:
//
//	bitview [options] -o FILE.svg|FILE.png|-
//	bitview prerender [-n] PATH...
//
// The options have the names of the element's attributes and are read
// by the same rules (package figure): -fen, -show, -layout, -orientation,
// -arrows, -marks, -board, -grid, -values, -labels, and -theme (light,
// dark, or colours: light,bitOn=#1d4ed8). -scale sets the PNG's scale.
// Bad input exits with status 1 and a message naming the option, the
// field and the character; no file is written then. Files are written as
// an editor saves them (figure.WriteFile): through a symbolic link to its
// target, in place for a file with other hard links, else a temporary
// file renamed over FILE only when whole; the mode is kept, a new file
// gets 0666 less the umask, and a read-only file is refused (status 1);
// errors name FILE as given.
//
// prerender walks each PATH for .md, .markdown, .html and .htm files and
// writes each ```bitboard block, <pre><code class="language-bitboard">
// block and <bitboard-view> element's figure into the page as an inline
// SVG (see figure.Page). A file is rewritten only when a figure changed;
// a block's unknown key or line that is not "key: value" is a warning
// naming its line, and the block is drawn from its other lines (as the
// live Markdown loader, bitview-markdown.js, lists it under the view); a
// file with a bad figure is left untouched and every wrong option of the
// block is named with its line,
// the others are still done, and the exit status is 1. What an author
// wrote inside an element is kept after its figure; a page changed while
// its figures were drawn (size, time or content) is left as it is, and
// named, with status 1. -n only reports.
package main
