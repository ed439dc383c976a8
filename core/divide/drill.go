package divide

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// A Source gives another engine's divide of the position reached from a
// drill's root by playing moves (UCI, in order), to depth plies: what the
// engine prints for "position fen ROOT moves …" and "go perft depth".
// An error stops the drill (an engine that exits, hangs or cannot run).
type Source func(moves []string, depth int) (Parsed, error)

// A Step is one divide of a drill-down: Bitview's and the engine's at the
// position reached by Moves from the root, and how they differ.
type Step struct {
	Moves    []string      // the moves from the root, UCI as the engine writes them; empty at the root
	Position core.Position // the position they reach
	Depth    int           // plies divided here
	Want     core.Division // Bitview's divide (complete)
	Got      Parsed        // the engine's
	Diffs    []Difference  // Diff(Want, Got)
	Follow   string        // the move the drill descends next; "" on the last step
}

// An Outcome is how a drill-down ends.
type Outcome uint8

// The ways a drill-down ends.
const (
	// Agree: every move of the first divide agrees, and so does its total
	// when the engine states one.
	Agree Outcome = iota + 1
	// Found: the last step's position shows the bug at depth 1: the
	// engine misses or adds a move there ("go perft 1" at that position
	// lists them), or counts a leaf other than 1 below a move at depth 1.
	Found
	// Inconsistent: the last step's divide agrees, yet the step before
	// counted another number of leaves below the move that leads to it;
	// the engine's divide and its perft disagree (a make/unmake, hashing
	// or bulk-counting bug that depends on the path, not the position).
	Inconsistent
	// BadTotal: every move agrees but the total the engine states is
	// neither Bitview's nor the sum of its moves.
	BadTotal
	// TwoWays: the engine's divide of a position missed or added moves,
	// yet its depth-1 divide of the same position, asked next to show
	// them, lists exactly the legal moves: it answers one position two
	// ways (its move list depends on the depth or on the searches before
	// it: state an earlier search left behind).
	TwoWays
)

// String returns "agree", "found", "inconsistent", "bad total" or "two
// ways".
func (o Outcome) String() string {
	switch o {
	case Agree:
		return "agree"
	case Found:
		return "found"
	case Inconsistent:
		return "inconsistent"
	case BadTotal:
		return "bad total"
	case TwoWays:
		return "two ways"
	}
	return "outcome(" + strconv.Itoa(int(o)) + ")"
}

// A Drill is the result of [DrillDown]: the divides it compared, root
// first, and how it ended.
type Drill struct {
	Steps   []Step
	Outcome Outcome // 0 when the Source failed (DrillDown's error says why)
}

// Last returns the last step, or nil when there is none.
func (d *Drill) Last() *Step {
	if len(d.Steps) == 0 {
		return nil
	}
	return &d.Steps[len(d.Steps)-1]
}

// DrillDown does automatically what the page's perft panel lets a user do
// by clicking a wrong count (Chess Programming Wiki, "Perft", section
// Divide; agausmann/perftree): it compares the engine's divide of root at
// depth with Bitview's ([Diff]); while only counts differ, it plays the
// first move (in UCI order) whose count differs and compares the divides
// one ply shallower there. Where a divide misses or adds moves, it
// compares the same position at depth 1, which lists them. It stops at a
// divide at depth 1 that differs, or at one that agrees. The smallest
// depth that still differs and the moves that lead there are the last
// step's; at most depth + 1 steps are taken, one engine call each. When
// that depth-1 divide of the same position agrees, the engine answered
// the position two ways (Outcome TwoWays).
//
// depth must be 1..core.MaxDivideDepth, else the error is a
// *core.DepthError. An error of src stops the drill and is returned with
// the steps compared so far (Outcome 0). Bitview's divide of each step
// runs in its own goroutine while src is called.
//
// When root needs Chess960's castling rules ([core.Position.Chess960]),
// every step's divide writes castling king-takes-rook, as an engine in
// Chess960 mode does for the whole game, even once the rights are gone.
// A move the drill plays is written as the engine wrote it (see Renamed).
func DrillDown(root core.Position, depth int, src Source) (Drill, error) {
	var d Drill
	if depth < 1 || depth > core.MaxDivideDepth {
		return d, &core.DepthError{Depth: depth}
	}
	chess960 := root.Chess960()
	pos := root
	var moves []string
	for {
		// Bitview counts while the engine does: a drill takes as long as
		// the slower of the two, not their sum, where there are two cores.
		wants := make(chan core.Division, 1)
		go func(p core.Position, depth int) {
			want, _ := core.Divide(p, depth, nil) // depth is in range: checked above
			wants <- want
		}(pos, depth)
		got, err := src(moves, depth)
		if err != nil {
			return d, err // the divide finishes on its own and is dropped
		}
		want := <-wants
		if chess960 && !want.Chess960 {
			want = Chess960Notation(want)
		}
		d.Steps = append(d.Steps, Step{Moves: moves, Position: pos, Depth: depth, Want: want, Got: got, Diffs: Diff(want, got)})
		st := &d.Steps[len(d.Steps)-1]
		follow, written := "", ""
		for _, df := range st.Diffs {
			if df.Kind != WrongCount {
				follow = ""
				break
			}
			if follow == "" {
				follow, written = df.UCI, df.Written
			}
		}
		switch {
		case len(st.Diffs) == 0 && len(d.Steps) > 1 && d.Steps[len(d.Steps)-2].Follow == "":
			d.Outcome = TwoWays // the same position as the step before, at depth 1
			return d, nil
		case len(st.Diffs) == 0 && len(d.Steps) > 1:
			d.Outcome = Inconsistent
			return d, nil
		case len(st.Diffs) == 0 && got.HasTotal && got.Total != want.Nodes:
			d.Outcome = BadTotal
			return d, nil
		case len(st.Diffs) == 0:
			d.Outcome = Agree
			return d, nil
		case follow == "" && depth > 1 && len(d.Steps) < core.MaxDivideDepth+1:
			// Moves are missing or extra here: "go perft 1" should show
			// them; one call at depth 1 makes sure it does.
			depth = 1
			continue
		case follow == "" || depth == 1:
			d.Outcome = Found
			return d, nil
		}
		m, err := pos.ParseUCI(follow)
		if err != nil {
			return d, err // not reached: a WrongCount move is one of Want's
		}
		st.Follow = follow
		pos.Play(m)
		if written == "" {
			written = follow
		}
		moves = append(moves[:len(moves):len(moves)], written)
		depth--
	}
}

// Chess960Notation returns d written in Chess960's UCI (castling
// king-takes-rook, [core.Move.UCIChess960]), its entries sorted in that
// notation's order.
func Chess960Notation(d core.Division) core.Division {
	d.Chess960 = true
	d.Entries = slices.Clone(d.Entries)
	slices.SortFunc(d.Entries, func(a, b core.DivideEntry) int { return strings.Compare(d.UCI(a.Move), d.UCI(b.Move)) })
	return d
}
