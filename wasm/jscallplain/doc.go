//go:build js && wasm

// Package jscallplain answers the JS API's parseFen and bitboard through
// plain syscall/js (js.FuncOf and js.ValueOf: one JS call per property
// and per cell), with the same answers as the wire's (wasm/wire.go,
// decoded by web/bitview/wire.js), so that wasm/jscall.bench.mjs times the two
// transports in one process (make jscall). Its init sets
// globalThis.__bitviewPlain = {parseFen, bitboard}. Only a build with
// -tags jscallplain links it (wasm/jscallplain.go, a blank import); it
// does not ship: the wire is kept because it wins (about 100 times
// faster, issue 24's closing note).
package jscallplain
