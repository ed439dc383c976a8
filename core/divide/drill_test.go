package divide

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide/dividetest"
)

// engineSource is a Source over an engine that prints print(p, depth)
// for the position reached from root; calls counts its calls.
func engineSource(t *testing.T, root core.Position, print func(p core.Position, depth int) string, calls *int) Source {
	return func(moves []string, depth int) (Parsed, error) {
		*calls++
		p := root
		for _, uci := range moves {
			m, err := p.ParseUCI(uci)
			if err != nil {
				t.Fatalf("the drill played %q, not legal after %v: %v", uci, moves, err)
			}
			p.Play(m)
		}
		return Parse(print(p, depth)), nil
	}
}

// stockfish prints core's own divide as Stockfish does; at the root
// (the first position it is asked for), with the total shifted by
// totalOff and the first move's count by firstOff.
func stockfish(firstOff, totalOff int64) func(p core.Position, depth int) string {
	root := ""
	return func(p core.Position, depth int) string {
		if root == "" {
			root = p.FEN()
		}
		if p.FEN() != root {
			firstOff, totalOff = 0, 0
		}
		d, _ := core.Divide(p, depth, nil)
		var b strings.Builder
		for i, e := range d.Entries {
			n := int64(e.Nodes)
			if i == 0 {
				n += firstOff
			}
			fmt.Fprintf(&b, "%s: %d\n", e.Move.UCI(), n)
		}
		fmt.Fprintf(&b, "\nNodes searched: %d\n", int64(d.Nodes)+totalOff)
		return b.String()
	}
}

// TestDrillDown drills into engines with planted bugs: one that never
// sees en passant (found where an en passant capture is legal, at depth
// 1, along moves whose counts differed), one whose divide disagrees with
// its own perft below the first move, one whose total is not its sum, and
// a correct one.
func TestDrillDown(t *testing.T) {
	kiwi, _ := core.ParseFEN(kiwipete)
	start, _ := core.ParseFEN(core.StartFEN)
	epRoot, _ := core.ParseFEN("7k/8/8/3pP3/8/8/8/K7 w - d6 0 1")
	pos3, _ := core.ParseFEN("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	for _, tc := range []struct {
		name    string
		root    core.Position
		depth   int
		print   func(core.Position, int) string
		outcome Outcome
		steps   int
	}{
		{"no en passant, Kiwipete", kiwi, 3, dividetest.NoEnPassant, Found, 3},
		{"no en passant, CPW position 3", pos3, 3, dividetest.NoEnPassant, Found, 3},
		{"no en passant at the root", epRoot, 3, dividetest.NoEnPassant, Found, 2},
		{"correct", kiwi, 3, stockfish(0, 0), Agree, 1},
		{"divide off by one at the root only", start, 3, stockfish(1, 1), Inconsistent, 2},
		{"total not the sum", start, 2, stockfish(0, 5), BadTotal, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			d, err := DrillDown(tc.root, tc.depth, engineSource(t, tc.root, tc.print, &calls))
			if err != nil {
				t.Fatal(err)
			}
			if d.Outcome != tc.outcome || len(d.Steps) != tc.steps || calls != tc.steps {
				t.Fatalf("outcome %v after %d steps (%d calls), want %v after %d", d.Outcome, len(d.Steps), calls, tc.outcome, tc.steps)
			}
			if d.Steps[0].Depth != tc.depth || len(d.Steps[0].Moves) != 0 {
				t.Errorf("the first step divides %d plies after %v", d.Steps[0].Depth, d.Steps[0].Moves)
			}
			for i, st := range d.Steps[:len(d.Steps)-1] {
				next := d.Steps[i+1]
				switch {
				case st.Follow != "":
					// A wrong count: one ply deeper along it, one ply shallower.
					if next.Depth != st.Depth-1 || len(next.Moves) != len(st.Moves)+1 || next.Moves[len(st.Moves)] != st.Follow {
						t.Errorf("step %d follows %q; the next divides %d plies after %v", i, st.Follow, next.Depth, next.Moves)
					}
					for _, df := range st.Diffs {
						if df.Kind != WrongCount {
							t.Errorf("step %d descended past a %v move %s", i, df.Kind, df.UCI)
						}
					}
				default:
					// Missing or extra moves: the same position at depth 1.
					if next.Depth != 1 || fmt.Sprint(next.Moves) != fmt.Sprint(st.Moves) || st.Depth == 1 {
						t.Errorf("step %d (depth %d) follows nothing; the next divides %d plies after %v", i, st.Depth, next.Depth, next.Moves)
					}
				}
			}
			last := d.Last()
			if last.Follow != "" {
				t.Errorf("the last step follows %q", last.Follow)
			}
			if tc.outcome == Found {
				if last.Depth != 1 {
					t.Errorf("found at depth %d, want 1", last.Depth)
				}
				for _, df := range last.Diffs {
					m, err := last.Position.ParseUCI(df.UCI)
					if df.Kind != Missing || err != nil || !m.IsEnPassant() {
						t.Errorf("found %v %s, want only missing en passant captures", df.Kind, df.UCI)
					}
				}
			}
		})
	}
}

// TestDrillDownErrors: a depth out of range is a *core.DepthError before
// any engine call; the Source's error stops the drill with the steps so far.
func TestDrillDownErrors(t *testing.T) {
	start, _ := core.ParseFEN(core.StartFEN)
	kiwi, _ := core.ParseFEN(kiwipete)
	calls := 0
	_, err := DrillDown(start, 7, engineSource(t, start, stockfish(0, 0), &calls))
	var de *core.DepthError
	if !errors.As(err, &de) || calls != 0 {
		t.Errorf("depth 7: %v after %d calls, want a DepthError and no call", err, calls)
	}
	hung := errors.New("the engine hung")
	n := 0
	d, err := DrillDown(kiwi, 3, func(moves []string, depth int) (Parsed, error) {
		n++
		if n == 2 {
			return Parsed{}, hung
		}
		return Parse(dividetest.NoEnPassant(kiwi, 3)), nil
	})
	if !errors.Is(err, hung) || len(d.Steps) != 1 || d.Outcome != 0 {
		t.Errorf("a failing source: %v, %d steps, outcome %v; want its error after 1 step", err, len(d.Steps), d.Outcome)
	}
}

// TestDrillDownTwoWays: an engine whose first divide of the root misses a
// move and whose next, the same position at depth 1 asked to show it,
// lists every legal move answers one position two ways: the drill says
// so (TwoWays), not Inconsistent, which is about a move followed.
func TestDrillDownTwoWays(t *testing.T) {
	start, _ := core.ParseFEN(core.StartFEN)
	calls := 0
	d, err := DrillDown(start, 3, func(moves []string, depth int) (Parsed, error) {
		calls++
		p := Parse(stockfish(0, 0)(start, depth))
		if calls == 1 { // the first answer lacks its last move, its total their sum
			last := p.Moves[len(p.Moves)-1]
			p.Moves, p.Total = p.Moves[:len(p.Moves)-1], p.Total-last.Nodes
		}
		return p, nil
	})
	if err != nil || d.Outcome != TwoWays || len(d.Steps) != 2 || d.Steps[1].Depth != 1 || len(d.Steps[1].Moves) != 0 {
		t.Fatalf("%v, outcome %v after %d steps; want two ways after 2, the second the root at depth 1", err, d.Outcome, len(d.Steps))
	}
	if TwoWays.String() != "two ways" {
		t.Errorf("TwoWays.String() = %q", TwoWays.String())
	}
}
