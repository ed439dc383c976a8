package core

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestDivide checks that each entry of a divide is the perft of the
// position after its move, that the entries are the legal moves in UCI
// order, and that they add up to the perft of the position.
func TestDivide(t *testing.T) {
	tests := []struct {
		name, fen string
		depth     int
		moves     int
		nodes     uint64
	}{
		{"start-d1", StartFEN, 1, 20, 20},
		{"start-d3", StartFEN, 3, 20, 8902},
		{"kiwipete-d2", kiwipete, 2, 48, 2039},
		{"kiwipete-d3", kiwipete, 3, 48, 97862},
		{"position3-d4", cpwPosition3, 4, 14, 43238},
		{"position4-d3", cpwPosition4, 3, 6, 9467},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 2, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := *mustPosition(t, tt.fen)
			d, err := Divide(p, tt.depth, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !d.Complete || d.Depth != tt.depth || len(d.Entries) != tt.moves || d.Nodes != tt.nodes {
				t.Fatalf("Divide(%q, %d) = depth %d, %d moves, %d nodes, complete %v; want %d moves, %d nodes, complete",
					tt.fen, tt.depth, d.Depth, len(d.Entries), d.Nodes, d.Complete, tt.moves, tt.nodes)
			}
			var sum uint64
			var ucis []string
			for _, e := range d.Entries {
				next := p
				next.Play(e.Move)
				if want := Perft(next, tt.depth-1); e.Nodes != want {
					t.Errorf("entry %v = %d nodes, want Perft after it = %d", e.Move, e.Nodes, want)
				}
				sum += e.Nodes
				ucis = append(ucis, e.Move.UCI())
			}
			if sum != d.Nodes {
				t.Errorf("entries sum to %d, Nodes = %d", sum, d.Nodes)
			}
			if !slices.IsSorted(ucis) {
				t.Errorf("entries not in UCI order: %v", ucis)
			}
		})
	}
}

func TestDivideDepthError(t *testing.T) {
	p := NewPosition()
	for _, depth := range []int{-1, 0, MaxDivideDepth + 1, 100} {
		_, err := Divide(p, depth, nil)
		var de *DepthError
		if !errors.As(err, &de) || de.Depth != depth {
			t.Errorf("Divide(start, %d) error = %v, want a *DepthError with Depth %d", depth, err, depth)
			continue
		}
		if want := fmt.Sprintf("perft divide depth %d is out of range: 1 to %d", depth, MaxDivideDepth); err.Error() != want {
			t.Errorf("Error() = %q, want %q", err.Error(), want)
		}
	}
}

// TestDivideProgress checks the progress callback's counts and that
// returning false stops the divide with Complete false.
func TestDivideProgress(t *testing.T) {
	p := *mustPosition(t, kiwipete)
	var seen []string
	d, err := Divide(p, 2, func(e DivideEntry, done, total int) bool {
		if total != 48 || done != len(seen)+1 {
			t.Errorf("progress(%v, %d, %d): want done %d of 48", e.Move, done, total, len(seen)+1)
		}
		seen = append(seen, e.Move.UCI())
		return done < 5
	})
	if err != nil {
		t.Fatal(err)
	}
	if d.Complete || len(d.Entries) != 5 || len(seen) != 5 {
		t.Fatalf("stopped after 5: complete %v, %d entries, %d calls", d.Complete, len(d.Entries), len(seen))
	}
	var sum uint64
	for _, e := range d.Entries {
		sum += e.Nodes
	}
	if sum != d.Nodes {
		t.Errorf("partial entries sum to %d, Nodes = %d", sum, d.Nodes)
	}
	// Stopping at the last move still completes the divide.
	d, _ = Divide(p, 1, func(_ DivideEntry, done, total int) bool { return done < total })
	if !d.Complete || d.Nodes != 48 {
		t.Errorf("stopping at the last move: complete %v, nodes %d; want complete, 48", d.Complete, d.Nodes)
	}
}

// BenchmarkDivide times a divide at depths 1–5 for the start position and
// Kiwipete, the figures the perft panel documents (run the deepest with
// -benchtime=1x: Kiwipete depth 5 is 193 million leaves).
func BenchmarkDivide(b *testing.B) {
	for _, pos := range []struct{ name, fen string }{{"start", StartFEN}, {"kiwipete", kiwipete}} {
		p, _ := ParseFEN(pos.fen)
		for depth := 1; depth <= 5; depth++ {
			b.Run(fmt.Sprintf("%s-d%d", pos.name, depth), func(b *testing.B) {
				b.ReportAllocs()
				var nodes uint64
				for b.Loop() {
					d, _ := Divide(p, depth, nil)
					nodes += d.Nodes
				}
				sinkNodes = nodes
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}
