package divide

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// A Count is one root move of a pasted divide and its leaf count.
type Count struct {
	UCI   string // lower case, e.g. "e2e4", "e7e8q"
	Nodes uint64
	Line  int // 1-based line of the text it was read from
}

// A Skipped line is one Parse did not take a count from.
type Skipped struct {
	Line   int    // 1-based
	Text   string // the line, without its line break and surrounding blanks (whole: show it with excerpt.Unquoted)
	Reason string // lower case, e.g. "no move and count"
	// Move is the move the line starts with when it names one but gives
	// no count Parse can read ("e2e4 -> 20"): a line of a divide in a
	// format Parse does not know, not a line of other output. Else "".
	Move string
}

// A Parsed divide is what [Parse] understood of a pasted divide output.
type Parsed struct {
	// Moves are the root moves in the order read; a move read twice in one
	// block keeps its later count (the earlier line is in Skipped).
	Moves []Count
	// Total is the total leaf count the text states, when HasTotal.
	Total    uint64
	HasTotal bool
	// MoveCount is the number of root moves the text states ("Moves: 20"),
	// when HasMoveCount.
	MoveCount    int
	HasMoveCount bool
	// Skipped lists the non-blank lines Parse took nothing from, in order.
	Skipped []Skipped
}

// Parse reads a perft divide from text in any of the formats of the
// package documentation. It never fails: lines it cannot read are
// returned in Skipped. Line breaks may be \n, \r\n or \r.
func Parse(text string) Parsed {
	var p Parsed
	index := map[string]int{} // UCI → index in p.Moves
	qperftClosed := false     // a qperft total ended the current block
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	for n, raw := range lines {
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		skip := func(reason string) {
			p.Skipped = append(p.Skipped, Skipped{Line: n + 1, Text: line, Reason: reason})
		}
		skipMove := func(uci, reason string) {
			p.Skipped = append(p.Skipped, Skipped{Line: n + 1, Text: line, Reason: reason, Move: uci})
		}
		body := line
		if rest, ok := cutPrefixFold(body, "info string "); ok {
			body = strings.TrimSpace(rest)
		}
		fields := tokens(body)
		if len(fields) == 0 {
			skip("no move and count")
			continue
		}
		// qperft total: perft( 3)=         8902 ( 0.001 sec)
		if strings.HasPrefix(strings.ToLower(body), "perft(") {
			if c, ok := numberAfter(fields, 2); ok {
				p.Total, p.HasTotal = c, true
				qperftClosed = true
				continue
			}
			skip("a qperft total needs a count after \"=\"")
			continue
		}
		// qperft split line: 2. e2e4 moves = 600 (0.001 sec). Another
		// numbered line ("1. e2e4: 20") is read without its number.
		if level, ok := qperftLevel(fields[0]); ok {
			path, rest := movesPrefix(fields[1:])
			if len(path) == 0 || len(rest) == 0 || !strings.EqualFold(rest[0], "moves") {
				fields = fields[1:]
			} else {
				c, ok := numberAfter(rest, 1)
				switch {
				case !ok:
					skipMove(path[0], "no count after \"moves =\"")
				case len(path) != 1:
					skip("a split below the root (qperft level " + strconv.Itoa(level) + "): only root moves are compared")
				default:
					if qperftClosed {
						// A new depth's block: the counts before belong to a shallower perft.
						p.Moves, p.Total, p.HasTotal, qperftClosed = p.Moves[:0], 0, false, false
						clear(index)
					}
					p.add(index, lines, Count{UCI: path[0], Nodes: c, Line: n + 1})
				}
				continue
			}
		}
		if len(fields) == 0 {
			skip("no move and count")
			continue
		}
		if uci, ok := moveToken(fields[0]); ok {
			if len(fields) < 2 {
				skipMove(uci, "a move without a count")
				continue
			}
			c, ok := parseCount(fields[1])
			if !ok {
				skipMove(uci, "no count after the move "+uci)
				continue
			}
			p.add(index, lines, Count{UCI: uci, Nodes: c, Line: n + 1})
			continue
		}
		if c, kind, ok := labelled(fields); ok {
			if kind == "moves" {
				p.MoveCount, p.HasMoveCount = int(min(c, 1<<20)), true
			} else {
				p.Total, p.HasTotal = c, true
			}
			continue
		}
		skip("no move and count")
	}
	// A line whose count a later line replaced was added to Skipped when
	// the later line was read: one sort puts Skipped in line order (a sort
	// at each replacement made 14,284 repeated lines cost 0.6 s).
	slices.SortStableFunc(p.Skipped, func(a, b Skipped) int { return a.Line - b.Line })
	return p
}

// Sum returns the sum of the pasted moves' counts, to compare with the
// Total the text states (an engine whose total is not the sum of its
// lines, or a paste cut short, shows there). ok is false when the sum
// does not fit in 64 bits, as no perft count does, and sum is then
// math.MaxUint64.
func (p Parsed) Sum() (sum uint64, ok bool) {
	for _, c := range p.Moves {
		s, carry := bits.Add64(sum, c.Nodes, 0)
		if carry != 0 {
			return math.MaxUint64, false
		}
		sum = s
	}
	return sum, true
}

// Unread returns the skipped lines that name a move but give no count
// Parse can read (see [Skipped].Move): lines of a divide in a format
// Parse does not know, whose moves a comparison would call missing.
func (p Parsed) Unread() []Skipped {
	var out []Skipped
	for _, s := range p.Skipped {
		if s.Move != "" {
			out = append(out, s)
		}
	}
	return out
}

// add records c, replacing an earlier count of the same move, whose line
// of lines then goes to Skipped.
func (p *Parsed) add(index map[string]int, lines []string, c Count) {
	if i, ok := index[c.UCI]; ok {
		old := p.Moves[i]
		p.Skipped = append(p.Skipped, Skipped{Line: old.Line, Text: strings.TrimSpace(lines[old.Line-1]),
			Reason: c.UCI + " is given again on line " + strconv.Itoa(c.Line) + "; the later count is used"})
		p.Moves[i] = c
		return
	}
	index[c.UCI] = len(p.Moves)
	p.Moves = append(p.Moves, c)
}

// tokens splits s at blanks and at the separators ':', '=', '|', ';' and a
// '-' that stands alone or ends a token ("e2e4 -", "e2e4-"); "perft(" and
// the parenthesised time of qperft become tokens of their own.
func tokens(s string) []string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case ':', '=', '|', ';', '(', ')', '\t':
			return ' '
		}
		return r
	}, s)
	var out []string
	for _, f := range strings.Fields(s) {
		f = strings.TrimRight(f, "-")
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// cutPrefixFold is strings.CutPrefix ignoring ASCII case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// qperftLevel reads qperft's "2." level prefix.
func qperftLevel(f string) (int, bool) {
	if len(f) < 2 || f[len(f)-1] != '.' {
		return 0, false
	}
	n, err := strconv.Atoi(f[:len(f)-1])
	return n, err == nil && n >= 1
}

// movesPrefix splits the leading UCI moves off fields.
func movesPrefix(fields []string) (moves, rest []string) {
	for i, f := range fields {
		uci, ok := moveToken(f)
		if !ok {
			return moves, fields[i:]
		}
		moves = append(moves, uci)
	}
	return moves, nil
}

// moveToken reads a UCI move, optionally after a piece letter (P, N, B, R,
// Q, K in either case: "Nb1c3"), and returns it in lower case.
func moveToken(f string) (string, bool) {
	if len(f) == 5 || len(f) == 6 {
		if strings.IndexByte("PNBRQKpnbrqk", f[0]) >= 0 && isSquare(f[1:3]) {
			f = f[1:]
		}
	}
	if len(f) != 4 && len(f) != 5 {
		return "", false
	}
	f = strings.ToLower(f)
	if !isSquare(f[0:2]) || !isSquare(f[2:4]) || f[0:2] == f[2:4] {
		return "", false
	}
	if len(f) == 5 && strings.IndexByte("nbrq", f[4]) < 0 {
		return "", false
	}
	return f, true
}

// isSquare reports whether s is a square name, either case.
func isSquare(s string) bool {
	_, ok := core.ParseSquare(strings.ToLower(s))
	return ok
}

// parseCount reads a non-negative decimal count, allowing ',', '_', '\”
// and '.' as thousands separators (only between groups of three digits)
// and a trailing ',' or '.'.
func parseCount(f string) (uint64, bool) {
	f = strings.TrimRight(f, ",.")
	if f == "" || f[0] < '0' || f[0] > '9' {
		return 0, false
	}
	if strings.ContainsAny(f, ",_'.") {
		groups := strings.FieldsFunc(f, func(r rune) bool { return r == ',' || r == '_' || r == '\'' || r == '.' })
		for i, g := range groups {
			if i > 0 && len(g) != 3 || i == 0 && (len(g) == 0 || len(g) > 3) {
				return 0, false
			}
		}
		f = strings.Join(groups, "")
	}
	c, err := strconv.ParseUint(f, 10, 64)
	return c, err == nil
}

// numberAfter returns the count at fields[i], if there is one.
func numberAfter(fields []string, i int) (uint64, bool) {
	if i >= len(fields) {
		return 0, false
	}
	return parseCount(fields[i])
}

// labelled reads the total and move-count lines: "Nodes searched: N",
// "Nodes: N", "Total: N", "Total nodes: N", "n = N", "Moves: N". kind is
// "moves" for a move count, else "total".
func labelled(fields []string) (c uint64, kind string, ok bool) {
	i := 0
	for i < len(fields) && i < 3 {
		if _, num := parseCount(fields[i]); num {
			break
		}
		i++
	}
	if i == 0 || i >= len(fields) || i+1 != len(fields) && !isTrailer(fields[i+1:]) {
		return 0, "", false
	}
	label := strings.ToLower(strings.Join(fields[:i], " "))
	switch label {
	case "nodes searched", "nodes", "total", "total nodes", "n", "leaf nodes", "count":
		kind = "total"
	case "moves", "legal moves":
		kind = "moves"
	default:
		return 0, "", false
	}
	c, _ = parseCount(fields[i])
	return c, kind, true
}

// isTrailer reports whether fields after a count are only a time or a
// speed ("0.003 sec", "12 ms", "nps 1234").
func isTrailer(fields []string) bool {
	for _, f := range fields {
		if _, err := strconv.ParseFloat(f, 64); err == nil {
			continue
		}
		switch strings.ToLower(f) {
		case "s", "sec", "secs", "second", "seconds", "ms", "µs", "us", "nps", "nodes/s", "n/s", "time":
			continue
		}
		return false
	}
	return true
}

// A Kind is the kind of a [Difference].
type Kind uint8

// The kinds of difference between Bitview's divide and a pasted one.
const (
	Missing    Kind = iota + 1 // a legal move the pasted divide does not list
	Extra                      // a listed move that is not legal
	WrongCount                 // a legal move listed with another count
)

// String returns "missing", "extra" or "wrong": the class names of the
// divide table.
func (k Kind) String() string {
	switch k {
	case Missing:
		return "missing"
	case Extra:
		return "extra"
	case WrongCount:
		return "wrong"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// A Difference is one move on which a pasted divide and Bitview's differ.
type Difference struct {
	UCI  string
	Kind Kind
	Want uint64 // Bitview's count (0 for Extra)
	Got  uint64 // the pasted count (0 for Missing)
	Line int    // the pasted line (0 for Missing)
}

// Partial reports whether got is a part of a divide rather than the whole
// divide of a move generator that misses moves: whether the legal moves
// of want (Bitview's complete divide) that got lacks are better explained
// by lines left out of the paste. It is when some legal move is unpasted
// and
//
//   - the paste states a number of root moves ("Moves: 20") greater than
//     the moves it lists, or
//   - it states a total that is not the sum of its moves (an engine's
//     total is the sum of the lines it printed, so lines were lost), or
//   - it states neither a total nor a number of moves and lists fewer than
//     half as many moves as want has: a few lines copied from a divide,
//     which is what a paste without its last line usually is; a generator
//     that misses more than half the legal moves is far rarer.
//
// A paste whose stated total is the sum of its moves is whole, however
// few they are: that is the divide of a generator that misses moves.
func Partial(want core.Division, got Parsed) bool {
	ours := make(map[string]bool, len(want.Entries))
	for _, e := range want.Entries {
		ours[e.Move.UCI()] = true
	}
	legal := 0 // pasted moves that are legal
	for _, c := range got.Moves {
		if ours[c.UCI] {
			legal++
		}
	}
	if legal == len(want.Entries) {
		return false // no legal move unpasted
	}
	if got.HasMoveCount && got.MoveCount > len(got.Moves) {
		return true
	}
	if got.HasTotal {
		sum, ok := got.Sum()
		return !ok || sum != got.Total
	}
	return !got.HasMoveCount && 2*len(got.Moves) < len(want.Entries)
}

// Diff compares a pasted divide with Bitview's divide of the same
// position and depth and returns the moves on which they differ, in UCI
// order: legal moves the paste lacks (Missing), moves it lists that are
// not legal (Extra, e.g. a king move into check), and counts that differ
// (WrongCount). Equal divides give nil. want should be complete (see
// [core.Division]); an incomplete one reports the moves not yet counted
// as Extra.
func Diff(want core.Division, got Parsed) []Difference {
	theirs := make(map[string]Count, len(got.Moves))
	for _, c := range got.Moves {
		theirs[c.UCI] = c
	}
	var out []Difference
	ours := make(map[string]bool, len(want.Entries))
	for _, e := range want.Entries {
		uci := e.Move.UCI()
		ours[uci] = true
		c, ok := theirs[uci]
		switch {
		case !ok:
			out = append(out, Difference{UCI: uci, Kind: Missing, Want: e.Nodes})
		case c.Nodes != e.Nodes:
			out = append(out, Difference{UCI: uci, Kind: WrongCount, Want: e.Nodes, Got: c.Nodes, Line: c.Line})
		}
	}
	for _, c := range got.Moves {
		if !ours[c.UCI] {
			out = append(out, Difference{UCI: c.UCI, Kind: Extra, Got: c.Nodes, Line: c.Line})
		}
	}
	slices.SortFunc(out, func(a, b Difference) int { return strings.Compare(a.UCI, b.UCI) })
	return out
}
