package perftsuite

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/thousands"
)

// MaxBytes is the longest suite Parse reads, 1 MiB: perftsuite.epd is
// 10,840 bytes, and a suite of the 960 Chess960 start positions with six
// counts each, lines of about 100 bytes, would fit ten times over.
const MaxBytes = 1 << 20

// MaxPositions is the most positions Parse reads from one suite.
const MaxPositions = 10_000

// MaxDepth is the deepest count a suite may give: the deepest perft
// published for the start position (Chess Programming Wiki, "Perft
// Results") is depth 15, whose count no longer fits in 64 bits.
const MaxDepth = 15

// A Count is one published perft count: Nodes leaves at Depth plies.
type Count struct {
	Depth int
	Nodes uint64
}

// A Position is one line of a suite: the position, its counts in depth
// order, and where it stands in the text.
type Position struct {
	Line     int           // the line number, from 1
	FEN      string        // the FEN as written on the line, trimmed
	ID       string        // the id operation's name, or ""
	Position core.Position // the FEN as read by core.ParseFEN
	Counts   []Count       // by depth, each depth once
}

// Count returns the count the line gives at depth, and whether it gives
// one.
func (p *Position) Count(depth int) (uint64, bool) {
	for _, c := range p.Counts {
		if c.Depth == depth {
			return c.Nodes, true
		}
	}
	return 0, false
}

// MaxListed returns the deepest depth the line gives a count for, 0 for
// none.
func (p *Position) MaxListed() int {
	if len(p.Counts) == 0 {
		return 0
	}
	return p.Counts[len(p.Counts)-1].Depth
}

// A Suite is the positions of a perft suite, in the order of the text.
type Suite struct {
	Positions []Position
}

// Depths returns the depths any line of s gives counts for, from
// shallowest to deepest.
func (s *Suite) Depths() []int {
	var seen [MaxDepth + 1]bool
	for _, p := range s.Positions {
		for _, c := range p.Counts {
			seen[c.Depth] = true
		}
	}
	var ds []int
	for d, ok := range seen {
		if ok {
			ds = append(ds, d)
		}
	}
	return ds
}

// A Cell is one position of a suite at one depth: what a run of the
// suite counts.
type Cell struct {
	Position int    // its position's index in Suite.Positions
	Depth    int    // plies
	Nodes    uint64 // the suite's count, when Listed
	Listed   bool   // the line gives a count at this depth
}

// Cells returns the cells a run of s up to maxDepth counts, position by
// position in the order of s, shallowest first: the depths each line
// lists up to maxDepth, or every depth from 1 to maxDepth for a line that
// lists none (its counts are then only compared, with an engine); and how
// many listed counts are deeper than maxDepth, which the run leaves out.
func (s *Suite) Cells(maxDepth int) (cells []Cell, deeper int) {
	for i, p := range s.Positions {
		if len(p.Counts) == 0 {
			for d := 1; d <= maxDepth; d++ {
				cells = append(cells, Cell{Position: i, Depth: d})
			}
		}
		for _, c := range p.Counts {
			if c.Depth > maxDepth {
				deeper++
				continue
			}
			cells = append(cells, Cell{Position: i, Depth: c.Depth, Nodes: c.Nodes, Listed: true})
		}
	}
	return cells, deeper
}

// An Error reports where a suite departs from the format: the line and
// column (both from 1; the column counts bytes) and the line itself.
// Err is the FEN's *core.FENError when the FEN is at fault, or
// ErrSyntax, ErrLimit.
type Error struct {
	Line   int    // 0 when the fault is the whole text's (its size)
	Column int    // 0 when no one column is at fault
	Text   string // the line, as written
	Msg    string // what is wrong, lower case
	Err    error
}

// Errors a suite's Error wraps.
var (
	ErrSyntax = errors.New("perft suite syntax")
	ErrLimit  = errors.New("perft suite over its limit")
)

// Error returns e.g. `line 3, column 41: D2 count "4x0" is not a number`.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		b.WriteString("line " + strconv.Itoa(e.Line))
		if e.Column > 0 {
			b.WriteString(", column " + strconv.Itoa(e.Column))
		}
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the kind of error: a *core.FENError, ErrSyntax or
// ErrLimit.
func (e *Error) Unwrap() error { return e.Err }

// Parse reads a perft suite (see the package's documentation for its
// format). It returns the first fault as an *Error. A text over MaxBytes
// is refused before it is read, and a suite stops at MaxPositions
// positions with an error naming the line after them. A text with no
// position is no error: it gives an empty suite.
func Parse(text string) (Suite, error) {
	if len(text) > MaxBytes {
		return Suite{}, &Error{Msg: "the suite is " + thousands.Itoa(len(text)) + " bytes; the limit is " + thousands.Itoa(MaxBytes), Err: ErrLimit}
	}
	text = strings.TrimPrefix(text, "\uFEFF")
	var s Suite
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "//") {
			continue
		}
		if len(s.Positions) == MaxPositions {
			return Suite{}, &Error{Line: n, Text: line, Msg: "more than " + thousands.Itoa(MaxPositions) + " positions; the limit is " + thousands.Itoa(MaxPositions), Err: ErrLimit}
		}
		p, err := parseLine(n, line)
		if err != nil {
			return Suite{}, err
		}
		s.Positions = append(s.Positions, p)
	}
	return s, nil
}

// parseLine reads line n: a FEN, then operations up to semicolons.
func parseLine(n int, line string) (Position, error) {
	fail := func(col int, msg string) (Position, error) {
		return Position{}, &Error{Line: n, Column: col, Text: line, Msg: msg, Err: ErrSyntax}
	}
	// The FEN is the first four fields, and the two counters after them
	// when both are numbers; the rest of the text up to the first
	// semicolon is the first operation (EPD's "fen4 D1 20; D2 400;").
	head, _, _ := strings.Cut(line, ";")
	ends := fieldEnds(head, 6)
	fields := min(len(ends), 4)
	if len(ends) == 6 && isDigits(field(head, ends, 4)) && isDigits(field(head, ends, 5)) {
		fields = 6
	}
	fenEnd := 0
	if fields > 0 {
		fenEnd = ends[fields-1]
	}
	start := len(line) - len(strings.TrimLeft(line, " \t"))
	fen := strings.TrimSpace(line[:fenEnd])
	if fields < 4 {
		return fail(start+1, "the FEN "+excerpt.Quote(fen)+" has "+strconv.Itoa(fields)+" of its 4 fields (piece placement, active color, castling, en passant) before the first operation")
	}
	pos, err := core.ParseFEN(fen)
	if err != nil {
		var fe *core.FENError
		col := start + 1
		if errors.As(err, &fe) {
			col = start + 1 + fe.Offset
			return Position{}, &Error{Line: n, Column: col, Text: line, Msg: "FEN " + fe.FieldName() + " (field " + strconv.Itoa(fe.Field) + "): " + fe.Msg, Err: err}
		}
		return Position{}, &Error{Line: n, Column: col, Text: line, Msg: err.Error(), Err: err}
	}
	p := Position{Line: n, FEN: fen, Position: pos}
	for i := fenEnd; i < len(line); {
		j := strings.IndexByte(line[i:], ';')
		end := len(line)
		if j >= 0 {
			end = i + j
		}
		op := line[i:end]
		col := i + 1 + len(op) - len(strings.TrimLeft(op, " \t")) // where op's name starts
		op = strings.TrimSpace(op)
		i = end + 1
		if op == "" {
			continue
		}
		name, arg, argCol := op, "", col+len(op)
		if k := strings.IndexAny(op, " \t"); k >= 0 {
			name, arg = op[:k], strings.TrimLeft(op[k:], " \t")
			argCol = col + len(op) - len(arg)
		}
		switch {
		case name == "id":
			p.ID = strings.Trim(arg, `"`)
		case len(name) > 1 && (name[0] == 'D' || name[0] == 'd') && isDigits(name[1:]):
			depth, err := strconv.Atoi(name[1:])
			if err != nil || depth < 1 || depth > MaxDepth {
				return fail(col, "depth "+excerpt.Quote(name[1:])+" is out of range: 1 to "+strconv.Itoa(MaxDepth))
			}
			nodes, ok := parseCount(arg)
			if !ok {
				return fail(argCol, name+" count "+excerpt.Quote(arg)+" is not a number")
			}
			if c, seen := p.Count(depth); seen {
				if c != nodes {
					return fail(col, name+" is given twice, as "+thousands.FormatUint(c)+" and "+thousands.FormatUint(nodes))
				}
				continue
			}
			p.Counts = append(p.Counts, Count{Depth: depth, Nodes: nodes})
		}
	}
	// In depth order: an insertion sort (a line lists a few depths; the
	// generic sort of package slices added 20 KB to the wasm, 4 KB brotli).
	for i := 1; i < len(p.Counts); i++ {
		for j := i; j > 0 && p.Counts[j].Depth < p.Counts[j-1].Depth; j-- {
			p.Counts[j], p.Counts[j-1] = p.Counts[j-1], p.Counts[j]
		}
	}
	return p, nil
}

// fieldEnds returns where each of the first n blank-separated fields of
// s ends.
func fieldEnds(s string, n int) []int {
	var ends []int
	for i := 0; i < len(s) && len(ends) < n; {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			i++
		}
		if i > start {
			ends = append(ends, i)
		}
	}
	return ends
}

// field returns field k (from 0) of s, whose fields end at ends.
func field(s string, ends []int, k int) string {
	start := 0
	if k > 0 {
		start = ends[k-1]
	}
	return strings.TrimLeft(s[start:ends[k]], " \t")
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseCount reads a count: digits, optionally grouped in threes by
// commas ("4,865,609"), that fits in 64 bits.
func parseCount(s string) (uint64, bool) {
	if s == "" || s[0] == ',' || s[len(s)-1] == ',' {
		return 0, false
	}
	if strings.Contains(s, ",") {
		groups := strings.Split(s, ",")
		for i, g := range groups {
			if !isDigits(g) || (i > 0 && len(g) != 3) || (i == 0 && len(g) > 3) {
				return 0, false
			}
		}
		s = strings.Join(groups, "")
	}
	if !isDigits(s) {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}
