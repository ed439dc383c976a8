//go:build !(js && wasm)

// Command webpages writes Bitview's page, web/index.html, from its
// hand-written HTML (wasm/webpages/index.html, whose regions are empty
// containers) and the page's default view as wasm/view draws it
// (view.DefaultPage: the start position, the default cards and switches,
// the layout switch, the examples, the square panel, …), so that the
// first board is on screen before the wasm has downloaded. It runs
// natively, at build time (`make wasm`):
//
//	go run ./wasm/webpages -o web/index.html wasm/webpages/index.html
//
// Each region's markup goes inside the element with its id, which must be
// empty in the template; each attribute the page sets is written into its
// element's start tag. #bitview-app gets data-prerender (the markup's
// digest: the wasm takes the markup over only when its own digest is the
// same), and the script web/page-start.js gets data-default-query (the
// default view's URL query: the script marks the board as not yet the
// linked one when the URL asks for another view). A template that lacks a region, or holds content in
// one, is an error naming it.
//
// The folder holds the sources of Bitview's own pages: index.html's
// template, and tutorial.html, whose figures the bitview command's
// prerender writes (make wasm). "Prerender" names that command alone;
// this one is the page writer, and web/page-start.js the script that
// starts the page before its body is parsed.
package main
