package main

import (
	"testing"
)

// TestParsePerftree reads perftree's format: "move count" lines, a blank
// line, and the total alone on the last line (perftree's Script.perft).
func TestParsePerftree(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		moves      int
		total      uint64
		hasTotal   bool
		skipped    int
	}{
		{"perftree", "e2e4 20\na7b8Q 3\n\n23\n", 2, 23, true, 0},
		{"CRLF and trailing blanks", "e2e4 20\r\n\r\n20\r\n\r\n  \n", 1, 20, true, 0},
		{"no total", "e2e4 20\nd2d4 20\n", 2, 0, false, 0},
		{"a number not last is not the total", "e2e4 20\n7\nd2d4 20\n", 2, 0, false, 1},
		{"Stockfish's format too", "e2e4: 20\n\nNodes searched: 20\n", 1, 20, true, 0},
	} {
		p := parsePerftree(tc.text)
		if len(p.Moves) != tc.moves || p.Total != tc.total || p.HasTotal != tc.hasTotal || len(p.Skipped) != tc.skipped {
			t.Errorf("%s: %d moves, total %d (%v), %d skipped; want %d, %d (%v), %d", tc.name, len(p.Moves), p.Total, p.HasTotal, len(p.Skipped), tc.moves, tc.total, tc.hasTotal, tc.skipped)
		}
	}
	if p := parsePerftree("a7b8Q 3\n\n3"); len(p.Moves) != 1 || p.Moves[0].UCI != "a7b8q" {
		t.Errorf("perftree's upper-case promotion: %+v", p.Moves)
	}
}
