// bitview.js: loads Bitview's Go WebAssembly and completes its JavaScript API.
//
//   import { load } from './bitview.js';
//   const bitview = await load();   // bitview.wasm beside this module, or a URL, or the wasm's bytes
//   bitview.parseFen('8/8/8/8/8/8/8/8 w - - 0 1');
//
// Every file Bitview needs (bitview.wasm, wasm_exec.js, view.css, repr.css,
// pieces/chessnut/) is found beside this module, from import.meta.url, so a
// page in any folder of any origin can use it; setBaseURL(url) points them
// elsewhere (a bundler that moved this module, a self-hosted copy).
// wasm_exec.js (from Go's lib/wasm) defines globalThis.Go; load() loads it
// from the base unless the page already did.
//
// This module is the package's entry: its work is done by the ES modules
// of bitview/, one job each, served as they are:
//
//   base.js      where Bitview's files are (setBaseURL, assetURL)
//   load.js      the wasm and wasm_exec.js loaded once (load)
//   api.js       the API object, in the order of Go's table (jsapi.Functions)
//   wire.js      parseFen and bitboard through the wire (wasm/wire.go)
//   args.js      arguments copied into plain data, answers quoting them
//   views.js     mount's handles, and views released when their root goes
//   events.js    the JavaScript half of Go's one event path (wasm/events.go)
//   card.js      the card patcher (a new position written into a card)
//   diagnose.js  why a file could not be loaded (bitview-load.js's), and the failure box
//   export.js    a figure exported as SVG or PNG in the theme on show
//
// and, for bitview-element.js and bitview-markdown.js alone:
//
//   shadow.js    an element's shadow root, its stylesheets and slot
//   idle.js      a prerendered element before the wasm, and when it starts
//   quote.js     input quoted in a message, as Go's core/excerpt quotes

export { setBaseURL, baseURL, assetURL, onBaseURL } from './bitview/base.js';
export { load } from './bitview/load.js';
export { plain } from './bitview/args.js';
export { diagnose } from './bitview/diagnose.js';
export { themeOf, pieceImages, saveFigure, svgToPng } from './bitview/export.js';
