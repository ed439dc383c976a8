package main

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
)

// The divide's JSON document (benchjson.Divide), from the same values the
// text is written from.

// movesJSON returns Bitview's divide d as the document's moves, with
// their stats when d has them.
func movesJSON(d core.Division) []benchjson.Move {
	moves := make([]benchjson.Move, 0, len(d.Entries))
	for _, e := range d.Entries {
		m := benchjson.Move{UCI: d.UCI(e.Move), Nodes: e.Nodes}
		if d.WithStats {
			m.Stats = statsJSON(e.Stats)
		}
		moves = append(moves, m)
	}
	return moves
}

// statsOf returns d's total stats, or nil for a divide without them.
func statsOf(d core.Division) *benchjson.Stats {
	if !d.WithStats {
		return nil
	}
	return statsJSON(d.Stats)
}

// statsJSON returns s as the document writes it.
func statsJSON(s core.PerftStats) *benchjson.Stats {
	return &benchjson.Stats{Nodes: s.Nodes, Captures: s.Captures, EnPassant: s.EnPassant, Castles: s.Castles, Promotions: s.Promotions,
		Checks: s.Checks, DiscoveredChecks: s.DiscoveredChecks, DoubleChecks: s.DoubleChecks, Checkmates: s.Checkmates}
}

// diffsJSON returns the differences of a step at p, each with its move's
// kind.
func diffsJSON(p core.Position, diffs []divide.Difference) []benchjson.Difference {
	out := make([]benchjson.Difference, 0, len(diffs))
	for _, df := range diffs {
		out = append(out, benchjson.Difference{UCI: df.UCI, Kind: df.Kind.String(), Bitview: df.Want, Engine: df.Got,
			MoveKind: divide.KindOf(p, df.UCI).String()})
	}
	return out
}

// outcomeNames are the document's names of a drill's outcomes.
var outcomeNames = map[divide.Outcome]string{
	divide.Agree: "agree", divide.Found: "found", divide.Inconsistent: "inconsistent", divide.TwoWays: "two-ways", divide.BadTotal: "bad-total", 0: "not-drilled",
}

// engineJSON returns the drill d against engine (its command, or
// "standard input") from root as the document's Engine, with the verdict
// and the commands that show it, as report writes them. d has a step.
func engineJSON(engine string, info reportInfo, d divide.Drill, elapsed time.Duration) *benchjson.Engine {
	first := d.Steps[0]
	e := &benchjson.Engine{Command: engine, Moves: []benchjson.Move{}, Differences: diffsJSON(first.Position, first.Diffs),
		Outcome: outcomeNames[d.Outcome], Seconds: elapsed.Seconds()}
	for _, c := range first.Got.Moves {
		e.Moves = append(e.Moves, benchjson.Move{UCI: c.UCI, Nodes: c.Nodes})
	}
	if first.Got.HasTotal {
		total := first.Got.Total
		e.Total = &total
	}
	for _, st := range d.Steps {
		e.Steps = append(e.Steps, benchjson.Step{Moves: append([]string{}, st.Moves...), Depth: st.Depth, Differences: diffsJSON(st.Position, st.Diffs), Follow: st.Follow})
	}
	last := d.Last()
	position := info.commands(last.Moves)
	switch d.Outcome {
	case divide.Found:
		e.Verdict = foundSentence(last.Position, last.Diffs)
		e.See = append(position, "go perft 1")
	case divide.Inconsistent:
		prev := d.Steps[len(d.Steps)-2]
		for _, df := range prev.Diffs {
			if df.UCI == prev.Follow {
				e.Verdict = fmt.Sprintf("the engine counted %s nodes below %s, but its divide after it sums to %s, as Bitview's does: its divide and its perft disagree",
					thousands.FormatUint(df.Got), df.UCI, engineSum(last.Got))
			}
		}
		e.See = append(position, "go perft "+strconv.Itoa(last.Depth))
	case divide.TwoWays:
		prev := d.Steps[len(d.Steps)-2]
		e.Verdict = fmt.Sprintf("the engine's depth-%d divide of this position %s, but its depth-1 divide of it lists exactly the legal moves: it answers this position two ways",
			prev.Depth, whatDiffers(prev.Diffs))
		e.See = append(position, "go perft "+strconv.Itoa(prev.Depth), "go perft 1")
	case divide.BadTotal:
		e.Verdict = fmt.Sprintf("every move agrees, but the engine's total %s is not their sum, %s", thousands.FormatUint(first.Got.Total), thousands.FormatUint(first.Want.Nodes))
	case 0:
		if last.Follow != "" {
			path := append(slices.Clip(last.Moves), last.Follow)
			e.Verdict = "next: divide one ply deeper along " + last.Follow
			e.See = append(info.commands(path), "go perft "+strconv.Itoa(last.Depth-1))
		}
	}
	return e
}
