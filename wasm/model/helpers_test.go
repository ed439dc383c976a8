package model

// Test helpers, as wasm/view has them.

import "github.com/bitview/bitview/core/coretest"

// Core values from their text, failing the test when it does not parse
// (core/coretest).
var (
	mustParse  = coretest.MustPosition
	mustLayout = coretest.MustLayout
	mustSquare = coretest.MustSquare
	squares    = coretest.NamedSquares
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// off switches an optional Options switch (Board, Grid, Interactive) off.
var off = new(bool)

// short returns s cut to 30 characters, for a subtest name.
func short(s string) string {
	if r := []rune(s); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}
