package model

import (
	"testing"

	"github.com/bitview/bitview/core"
)

// Test helpers, as wasm/view has them.

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// off switches an optional Options switch (Board, Grid, Interactive) off.
var off = new(bool)

func mustParse(t *testing.T, fen string) *core.Position {
	t.Helper()
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return &p
}

func mustLayout(t *testing.T, id string) *core.Layout {
	t.Helper()
	l, ok := core.LayoutByID(id)
	if !ok {
		t.Fatalf("no layout %q", id)
	}
	return l
}

func mustSquare(t *testing.T, s string) core.Square {
	t.Helper()
	sq, ok := core.ParseSquare(s)
	if !ok {
		t.Fatalf("bad square %q", s)
	}
	return sq
}

// squares returns the bitboard of the named squares.
func squares(t *testing.T, names ...string) core.Bitboard {
	t.Helper()
	var b core.Bitboard
	for _, n := range names {
		b.Set(mustSquare(t, n))
	}
	return b
}

// short returns s cut to 30 characters, for a subtest name.
func short(s string) string {
	if r := []rune(s); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}
