package dividetest

import (
	"fmt"
	"strings"

	"github.com/bitview/bitview/core"
)

// NoEnPassant returns the divide of p at depth (1 or more) as an engine
// whose move generator never generates en passant captures prints it, in
// Stockfish's "go perft" format: one "e2e4: 20" line per root move in
// core's move order, UCI notation, then a blank line and "Nodes searched:
// N". Counts are exact for that engine (a full perft, exponential in
// depth: keep depth small).
func NoEnPassant(p core.Position, depth int) string {
	var b strings.Builder
	var total uint64
	for _, m := range p.LegalMoves(nil) {
		if m.IsEnPassant() {
			continue
		}
		next := p
		next.Play(m)
		n := perft(next, depth-1)
		total += n
		fmt.Fprintf(&b, "%s: %d\n", m.UCI(), n)
	}
	fmt.Fprintf(&b, "\nNodes searched: %d\n", total)
	return b.String()
}

// perft counts the leaves of the buggy engine's move tree under p.
func perft(p core.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var nodes uint64
	for _, m := range p.LegalMoves(nil) {
		if m.IsEnPassant() {
			continue
		}
		next := p
		next.Play(m)
		nodes += perft(next, depth-1)
	}
	return nodes
}
