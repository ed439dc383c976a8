// Package perftpeer compares Bitview's move generator (core.Perft) with a
// well-known Go chess library, github.com/notnil/chess, in the same test
// run: the two must agree on perft counts, and BenchmarkPerft measures both
// on Kiwipete at depth 5. It is a nested module under testdata so that the
// peer never becomes a dependency of Bitview itself; see README.md.
package perftpeer

import (
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/notnil/chess"
)

// Kiwipete, the Chess Programming Wiki "Perft Results" position 2.
const (
	kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
)

// peerPerft counts the leaves of notnil/chess's legal move tree below p,
// depth ≥ 1 plies deep. notnil/chess has no perft of its own; this one is
// written like core.Perft, so that the two measure the same thing: moves
// are made by copy-make (Position.Update returns a new position) and the
// last ply is counted without being played (bulk counting: the number of
// legal moves at depth 1).
func peerPerft(p *chess.Position, depth int) uint64 {
	moves := p.ValidMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var nodes uint64
	for _, m := range moves {
		nodes += peerPerft(p.Update(m), depth-1)
	}
	return nodes
}

func bitviewPosition(tb testing.TB, fen string) core.Position {
	tb.Helper()
	p, err := core.ParseFEN(fen)
	if err != nil {
		tb.Fatalf("core.ParseFEN(%q): %v", fen, err)
	}
	return p
}

// peerPosition parses fen with notnil/chess. A new position is returned on
// every call: a chess.Position caches its legal moves once asked for them.
func peerPosition(tb testing.TB, fen string) *chess.Position {
	tb.Helper()
	opt, err := chess.FEN(fen)
	if err != nil {
		tb.Fatalf("chess.FEN(%q): %v", fen, err)
	}
	return chess.NewGame(opt).Position()
}

// TestPerftAgrees checks that both engines give the published counts (Chess
// Programming Wiki "Perft Results") at depths 1–3 of the start position and
// Kiwipete, and so agree with each other.
func TestPerftAgrees(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		want      []uint64 // by depth, from 1
	}{
		{"start", startFEN, []uint64{20, 400, 8902}},
		{"kiwipete", kiwipete, []uint64{48, 2039, 97862}},
	} {
		for i, want := range tc.want {
			depth := i + 1
			ours := core.Perft(bitviewPosition(t, tc.fen), depth)
			peer := peerPerft(peerPosition(t, tc.fen), depth)
			if ours != peer || ours != want {
				t.Errorf("%s perft(%d): bitview %d, notnil/chess %d, published %d",
					tc.name, depth, ours, peer, want)
			}
		}
	}
}

var sinkNodes uint64

// BenchmarkPerft runs perft(5) of Kiwipete (193,690,690 leaves) with each
// engine and reports nodes/s: leaves counted per second of wall time, both
// bulk-counted the same way.
func BenchmarkPerft(b *testing.B) {
	const depth = 5
	const leaves = 193_690_690
	b.Run("bitview-kiwipete-5", func(b *testing.B) {
		p := bitviewPosition(b, kiwipete)
		b.ReportAllocs()
		var nodes uint64
		for b.Loop() {
			n := core.Perft(p, depth)
			if n != leaves {
				b.Fatalf("bitview perft(%d) = %d, want %d", depth, n, leaves)
			}
			nodes += n
		}
		sinkNodes = nodes
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
	b.Run("notnil-kiwipete-5", func(b *testing.B) {
		b.ReportAllocs()
		var nodes uint64
		for b.Loop() {
			// Parsing is a few µs against tens of seconds of perft; a fresh
			// position each time keeps the root's move cache out of it.
			n := peerPerft(peerPosition(b, kiwipete), depth)
			if n != leaves {
				b.Fatalf("notnil/chess perft(%d) = %d, want %d", depth, n, leaves)
			}
			nodes += n
		}
		sinkNodes = nodes
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
}
