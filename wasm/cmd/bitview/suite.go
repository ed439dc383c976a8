package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/perftsuite"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
)

// bitview divide -suite: every position of a perft suite at every depth
// it lists, Bitview against the suite's counts and, with an engine,
// against the engine.

// A suiteRun is what divide -suite was asked.
type suiteRun struct {
	path           string // the suite's file, or "-" for standard input
	maxDepth       int
	engine, script string
	timeout        time.Duration
	chess960       string // what was done for Chess960 (see chess960Mode); "" when nothing
}

// The statuses of a suite's cell, as the document and the table name them.
const (
	cellAgree          = "agree"
	cellDiffers        = "differs"
	cellBitviewDiffers = "bitview-differs"
	cellSkipped        = "skipped"
)

// A suiteCell is one position at one depth.
type suiteCell struct {
	depth   int
	suite   uint64 // the suite's count
	listed  bool   // the suite gives one
	bitview uint64
	engine  uint64
	asked   bool // the engine was asked
	status  string
}

// A suiteLine is one position of the suite with its cells, shallowest
// first.
type suiteLine struct {
	pos   perftsuite.Position
	cells []suiteCell
}

// suite runs the suite of r. Bitview first checks its own counts against
// the suite's (one walk of the tree a position, core.PerftDepths); without
// an engine that is the verdict. With one, a count of Bitview's that is
// not the suite's stops the run with no verdict on the engine (exit 2);
// else the engine is asked for every cell, Bitview's divide of the cell
// counted at the same time, and each position stops at its first depth
// that differs. The first cell that differs is then drilled down as
// divide drills one position.
func (o *divideRun) suite(r suiteRun, stdin io.Reader) int {
	if r.maxDepth < 1 || r.maxDepth > core.MaxDivideDepth {
		return o.fail(fmt.Errorf("-max-depth %d is out of range: 1 to %d", r.maxDepth, core.MaxDivideDepth), exitBadInput)
	}
	name := r.path
	var text string
	var err error
	if r.path == "-" {
		name = "standard input"
		text, err = readLimited(stdin, "the suite on standard input", perftsuite.MaxBytes)
	} else {
		var f *os.File
		if f, err = os.Open(r.path); err == nil {
			text, err = readLimited(f, "the suite "+r.path, perftsuite.MaxBytes)
			f.Close()
		}
	}
	if err != nil {
		return o.fail(err, exitBadInput)
	}
	s, err := perftsuite.Parse(text)
	if err != nil {
		return o.fail(fmt.Errorf("%s: %w", name, err), exitBadInput)
	}
	if len(s.Positions) == 0 {
		return o.fail(fmt.Errorf("%s holds no position (lines like \"FEN ;D1 20 ;D2 400\")", name), exitBadInput)
	}
	doc := &benchjson.Suite{File: name, MaxDepth: r.maxDepth, Positions: []benchjson.SuitePosition{}}
	o.doc.Suite = doc
	lines, deeper := suiteCells(s, r.maxDepth)

	began := time.Now()
	for i := range lines {
		l := &lines[i]
		if len(l.cells) == 0 {
			continue
		}
		counts := core.PerftDepths(l.pos.Position, l.cells[len(l.cells)-1].depth)
		for j := range l.cells {
			c := &l.cells[j]
			c.bitview = counts[c.depth-1]
			c.status = cellAgree
			if c.listed && c.suite != c.bitview {
				c.status = cellDiffers
			}
		}
	}
	doc.BitviewSeconds = time.Since(began).Seconds()
	bitviewTime := time.Since(began)

	withEngine := r.engine != "" || r.script != ""
	if !withEngine {
		status := exitAgree
		for _, l := range lines {
			for _, c := range l.cells {
				if c.status != cellAgree {
					status = exitDiffer
				}
			}
		}
		o.writeSuite(name, r, lines, deeper, bitviewTime, "", nil)
		return o.done(status)
	}
	var wrong []string // Bitview's counts the suite disagrees with
	for i := range lines {
		for j := range lines[i].cells {
			if c := &lines[i].cells[j]; c.status == cellDiffers {
				c.status = cellBitviewDiffers
				wrong = append(wrong, fmt.Sprintf("line %d D%d: the suite says %s, Bitview counts %s", lines[i].pos.Line, c.depth, thousands.FormatUint(c.suite), thousands.FormatUint(c.bitview)))
			}
		}
	}
	label := r.engine
	if r.script != "" {
		label = r.script
	}
	if len(wrong) > 0 {
		o.writeSuite(name, r, lines, deeper, bitviewTime, label, nil)
		return o.fail(fmt.Errorf("%s: Bitview's perft differs from %s, so the engine is not asked (no verdict on it): %s",
			name, plural(len(wrong), "count of the suite", "counts of the suite"), strings.Join(wrong[:min(len(wrong), 5)], "; ")), exitBadInput)
	}

	// Ctrl-C ends the engine's process group, which the terminal's Ctrl-C
	// does not reach, from here on: the handshake may hang too.
	defer onSignal("divide", o.stderr)()
	// One position that needs Chess960's castling puts the engine in
	// Chess960 mode for the whole suite: it then writes castling
	// king-takes-rook, as Bitview's divides are written.
	chess960 := false
	for _, l := range lines {
		chess960 = chess960 || len(l.cells) > 0 && l.pos.Position.Chess960()
	}
	eng, status, err := startDivider(r.engine, r.script, r.timeout, chess960)
	if err != nil {
		return o.fail(err, status)
	}
	defer eng.close()
	mode := chess960Mode(eng, chess960)
	r.chess960, o.doc.Chess960 = mode, chess960
	var first *suiteRef
	for i := range lines {
		l := &lines[i]
		fen := l.pos.Position.FEN()
		for j := range l.cells {
			c := &l.cells[j]
			if first != nil && first.line == i {
				c.status = cellSkipped
				continue
			}
			// Bitview's divide of the cell is counted while the engine
			// answers.
			wantc := make(chan core.Division, 1)
			go func(p core.Position, depth int) {
				d, _ := core.Divide(p, depth, nil)
				if chess960 {
					d = divide.Chess960Notation(d)
				}
				wantc <- d
			}(l.pos.Position, c.depth)
			got, err := eng.divide(fen, nil, c.depth)
			want := <-wantc
			if err != nil {
				o.writeSuite(name, r, lines, deeper, bitviewTime, label, nil)
				var re *ReadError
				if errors.As(err, &re) {
					return o.fail(fmt.Errorf("%s line %d, depth %d: %w", name, l.pos.Line, c.depth, err), exitBadInput)
				}
				return o.fail(fmt.Errorf("%s line %d, depth %d: %w", name, l.pos.Line, c.depth, err), exitDiffer)
			}
			c.asked, c.engine = true, got.Total
			if len(divide.Diff(want, got)) > 0 || got.Total != want.Nodes {
				c.status = cellDiffers
				if first == nil {
					first = &suiteRef{line: i, depth: c.depth}
				} else if first.line != i {
					// Another position differs too: only its first depth
					// is run.
					for k := j + 1; k < len(l.cells); k++ {
						l.cells[k].status = cellSkipped
					}
					break
				}
			}
		}
	}
	if first == nil {
		o.writeSuite(name, r, lines, deeper, bitviewTime, label, nil)
		return o.done(exitAgree)
	}
	// The first difference, drilled down as divide drills one position.
	l := lines[first.line]
	root := l.pos.Position.FEN()
	doc.First = &benchjson.CellRef{Line: l.pos.Line, Depth: first.depth}
	began = time.Now()
	d, err := divide.DrillDown(l.pos.Position, first.depth, func(moves []string, depth int) (divide.Parsed, error) {
		return eng.divide(root, moves, depth)
	})
	elapsed := time.Since(began)
	var b strings.Builder
	info := reportOf(root, shown(label), chess960, mode)
	report(&b, info, d, elapsed)
	if len(d.Steps) > 0 {
		o.doc.Engine = engineJSON(label, info, d, elapsed)
	}
	o.writeSuite(name, r, lines, deeper, bitviewTime, label, &suiteDrill{line: l.pos.Line, depth: first.depth, text: b.String()})
	var re *ReadError
	switch {
	case errors.As(err, &re):
		return o.fail(err, exitBadInput)
	case err != nil:
		return o.fail(err, exitDiffer)
	}
	return o.done(exitDiffer)
}

// A suiteRef names a cell by its line's index and its depth.
type suiteRef struct{ line, depth int }

// A suiteDrill is the drill-down of the first difference, as report
// wrote it.
type suiteDrill struct {
	line, depth int
	text        string
}

// suiteCells returns the cells of each position of s (s.Cells) and how
// many listed counts are deeper than maxDepth.
func suiteCells(s perftsuite.Suite, maxDepth int) (lines []suiteLine, deeper int) {
	for _, p := range s.Positions {
		lines = append(lines, suiteLine{pos: p})
	}
	cells, deeper := s.Cells(maxDepth)
	for _, c := range cells {
		l := &lines[c.Position]
		l.cells = append(l.cells, suiteCell{depth: c.Depth, suite: c.Nodes, listed: c.Listed})
	}
	return lines, deeper
}

// cellMarks are the table's marks for a cell's status.
var cellMarks = map[string]string{cellAgree: "ok", cellDiffers: "DIFF", cellBitviewDiffers: "FILE", cellSkipped: "·"}

// writeSuite writes the suite's table (a row per position, a column per
// depth run) and its summary, with the drill-down of the first difference
// when there is one; and fills the document's positions and counts.
// engine is the engine's command, "" without one.
func (o *divideRun) writeSuite(name string, r suiteRun, lines []suiteLine, deeper int, bitviewTime time.Duration, engine string, drill *suiteDrill) {
	doc := o.doc.Suite
	doc.Positions, doc.Counts, doc.Agree = []benchjson.SuitePosition{}, 0, 0
	depths := map[int]bool{}
	var nodes uint64 // Bitview's leaves at each line's deepest depth run
	ran, agree, differ := 0, 0, 0
	for _, l := range lines {
		jp := benchjson.SuitePosition{Line: l.pos.Line, FEN: l.pos.FEN, ID: l.pos.ID, Cells: []benchjson.Cell{}}
		for _, c := range l.cells {
			depths[c.depth] = true
			jc := benchjson.Cell{Depth: c.depth, Bitview: c.bitview, Status: c.status}
			if c.listed {
				n := c.suite
				jc.Suite = &n
			}
			if c.asked {
				n := c.engine
				jc.Engine = &n
			}
			jp.Cells = append(jp.Cells, jc)
			if c.status == "" || c.status == cellSkipped {
				continue
			}
			ran++
			if c.status == cellAgree {
				agree++
			} else {
				differ++
			}
		}
		if len(l.cells) > 0 {
			nodes += l.cells[len(l.cells)-1].bitview
		}
		doc.Positions = append(doc.Positions, jp)
	}
	doc.Counts, doc.Agree = ran, agree
	var b strings.Builder
	fmt.Fprintf(&b, "perft suite %s: %s, depths up to %d", name, plural(len(lines), "position", "positions"), r.maxDepth)
	if deeper > 0 {
		fmt.Fprintf(&b, " (%s deeper not run: see -max-depth)", plural(deeper, "count", "counts"))
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "Bitview: %s leaves at the deepest depths, %s; ", thousands.FormatUint(nodes), seconds(bitviewTime))
	bitviewWrong := 0
	for _, l := range lines {
		for _, c := range l.cells {
			if c.listed && c.suite != c.bitview {
				bitviewWrong++
			}
		}
	}
	listed := 0
	for _, l := range lines {
		for _, c := range l.cells {
			if c.listed {
				listed++
			}
		}
	}
	if bitviewWrong == 0 {
		fmt.Fprintf(&b, "all %s of the suite agree.\n", plural(listed, "count", "counts"))
	} else {
		fmt.Fprintf(&b, "%d of the suite's %s %s.\n", bitviewWrong, plural(listed, "count", "counts"), map[bool]string{true: "differs", false: "differ"}[bitviewWrong == 1])
	}
	if engine != "" && bitviewWrong == 0 {
		fmt.Fprintf(&b, "%s: %d of %s run agree", shown(engine), agree, plural(ran, "count", "counts"))
		if differ > 0 {
			positions := 0
			for _, l := range lines {
				for _, c := range l.cells {
					if c.status == cellDiffers {
						positions++
						break
					}
				}
			}
			fmt.Fprintf(&b, "; %s differ (the deeper depths of each skipped)", plural(positions, "position", "positions"))
		}
		b.WriteString(".\n")
	}
	if r.chess960 != "" {
		n := 0
		for _, l := range lines {
			if l.pos.Position.Chess960() {
				n++
			}
		}
		fmt.Fprintf(&b, "Chess960: %s of the suite %s Chess960's castling rules; bitview %s, and compares castling written king-takes-rook (e1h1 for O-O with the h1 rook), as UCI_Chess960 writes it, in every position.\n",
			plural(n, "position", "positions"), map[bool]string{true: "needs", false: "need"}[n == 1], r.chess960)
	}
	// The table: the depths run as columns.
	var cols []int
	for d := 1; d <= r.maxDepth; d++ {
		if depths[d] {
			cols = append(cols, d)
		}
	}
	lineWidth := len(strconv.Itoa(lines[len(lines)-1].pos.Line))
	b.WriteString("\n" + fmt.Sprintf("%*s", lineWidth+5, "line"))
	for _, d := range cols {
		fmt.Fprintf(&b, "  %-4s", "D"+strconv.Itoa(d))
	}
	b.WriteString("  position\n")
	for _, l := range lines {
		fmt.Fprintf(&b, "%*d", lineWidth+5, l.pos.Line)
		for _, d := range cols {
			mark := "-"
			for _, c := range l.cells {
				if c.depth == d {
					mark = cellMarks[c.status]
					if c.status == "" {
						mark = "·"
					}
				}
			}
			fmt.Fprintf(&b, "  %-4s", mark)
		}
		fen := l.pos.FEN
		if l.pos.ID != "" {
			fen += " (" + l.pos.ID + ")"
		}
		b.WriteString("  " + fen + "\n")
	}
	b.WriteString("(ok agrees; DIFF differs")
	if engine != "" {
		b.WriteString(" from Bitview's divide; FILE the suite's count is not Bitview's; · not run, after a difference")
	} else {
		b.WriteString(" from the suite's count")
	}
	b.WriteString("; - not listed)\n")
	for _, l := range lines {
		for _, c := range l.cells {
			if c.status == cellDiffers && engine == "" {
				fmt.Fprintf(&b, "line %d D%d: the suite says %s, Bitview counts %s\n", l.pos.Line, c.depth, thousands.FormatUint(c.suite), thousands.FormatUint(c.bitview))
			}
		}
	}
	if drill != nil {
		fmt.Fprintf(&b, "\nThe first difference, line %d at depth %d:\n%s", drill.line, drill.depth, drill.text)
	}
	io.WriteString(o.text(), b.String())
}
