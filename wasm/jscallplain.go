//go:build js && wasm && jscallplain

package main

// A build with -tags jscallplain (make jscall) links the plain syscall/js
// transport of parseFen and bitboard beside the wire, for
// wasm/jscall.bench.mjs to time both.
import _ "github.com/bitview/bitview/wasm/jscallplain"
