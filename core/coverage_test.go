package core

import (
	"strings"
	"testing"
)

// TestBitboardNameDescription checks the words the expression help gives
// each kind of named bitboard.
func TestBitboardNameDescription(t *testing.T) {
	for name, want := range map[string]string{
		"P": "the white pawns", "k": "the black kings", "white": "every white piece",
		"occupied": "every occupied square", "empty": "every empty square",
		"knights": "the knights of both colours",
	} {
		n, ok := LookupBitboard(name)
		if got := n.Description(); !ok || got != want {
			t.Errorf("LookupBitboard(%q).Description() = %q, want %q", name, got, want)
		}
	}
}

// TestParseUCINoMatchReasons checks that a UCI move matching no legal move
// says why when the side to move lacks a single king or is in check.
func TestParseUCINoMatchReasons(t *testing.T) {
	for _, tt := range []struct{ fen, uci, want string }{
		{"8/8/8/8/8/8/4P3/8 w - - 0 1", "e2e4", "ParseUCI: no legal move matches e2e4 (white does not have exactly one king)"},
		{"4k3/8/8/8/8/8/3P4/4K2r w - - 0 1", "d2d4", "ParseUCI: no legal move matches d2d4 (white is in check)"},
	} {
		p := mustFEN(t, tt.fen)
		_, err := p.ParseUCI(tt.uci)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseFEN(%q).ParseUCI(%q) = %v, want %q", tt.fen, tt.uci, err, tt.want)
		}
	}
}

// TestCellSquareAndBits checks the grid-order accessors of a layout: cell
// 0 is a8 in LERF, and AppendCellBits writes one byte per cell.
func TestCellSquareAndBits(t *testing.T) {
	l := mustLayout(t, "lerf")
	if got := l.CellSquare(0); got != A8 {
		t.Errorf("lerf CellSquare(0) = %v, want a8", got)
	}
	bits := l.AppendCellBits(nil, l.Value(A8.Bitboard()|H1.Bitboard()))
	if len(bits) != 64 || bits[0] != 1 || bits[63] != 1 || strings.Count(string(bits), "\x01") != 2 {
		t.Errorf("lerf AppendCellBits(a8, h1) = %v, want 64 bytes with cells 0 and 63 set", bits)
	}
}
