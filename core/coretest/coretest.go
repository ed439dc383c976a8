package coretest

import (
	"testing"

	"github.com/bitview/bitview/core"
)

// MustFEN returns the position of fen, failing t if it does not parse.
func MustFEN(t testing.TB, fen string) core.Position {
	t.Helper()
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// CheckInvariants fails t unless p's mailbox, bitboards and occupancy
// agree (see core.Position.Validate).
func CheckInvariants(t testing.TB, p *core.Position) {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: inconsistent position: %v", p.FEN(), err)
	}
}

// Squares returns the set of the given squares.
func Squares(sqs ...core.Square) core.Bitboard {
	var b core.Bitboard
	for _, sq := range sqs {
		b.Set(sq)
	}
	return b
}

// MustPosition is MustFEN returning a pointer, for the many APIs that
// take a *core.Position.
func MustPosition(t testing.TB, fen string) *core.Position {
	t.Helper()
	p := MustFEN(t, fen)
	return &p
}

// MustLayout returns the layout with the given id, failing t if there is
// none.
func MustLayout(t testing.TB, id string) *core.Layout {
	t.Helper()
	l, ok := core.LayoutByID(id)
	if !ok {
		t.Fatalf("LayoutByID(%q) not found", id)
	}
	return l
}

// MustSquare returns the square named name ("e4"; see core.ParseSquare),
// failing t if it is not one.
func MustSquare(t testing.TB, name string) core.Square {
	t.Helper()
	sq, ok := core.ParseSquare(name)
	if !ok {
		t.Fatalf("bad square %q", name)
	}
	return sq
}

// NamedSquares returns the set of the named squares ("a1", "h8"), failing
// t at a name that is not a square.
func NamedSquares(t testing.TB, names ...string) core.Bitboard {
	t.Helper()
	var b core.Bitboard
	for _, n := range names {
		b.Set(MustSquare(t, n))
	}
	return b
}
