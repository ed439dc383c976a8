package divide

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/internal/chars"
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
	// format Parse does not know, not a line of other output; or, with
	// LookAlike, the token that is shaped like a move but written with
	// characters outside ASCII ("е2е4" with Cyrillic е). Else "".
	Move string
	// LookAlike says Move is not ASCII: letters or digits of another
	// script that look like a move's (Reason names them).
	LookAlike bool
}

// A Parsed divide is what [Parse] understood of a pasted divide output.
type Parsed struct {
	// Moves are the root moves in the order read; a move read twice in one
	// block keeps its later count (the earlier line is in Skipped, and in
	// Repeated).
	Moves []Count
	// Repeated are the earlier lines of moves read more than once in one
	// block, in line order: an engine that lists a move twice generates it
	// twice (see Diff).
	Repeated []Count
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
		if reason, ok := lookAlike(fields[0]); ok {
			p.Skipped = append(p.Skipped, Skipped{Line: n + 1, Text: line, Reason: reason, Move: fields[0], LookAlike: true})
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

// Sum returns the sum of the pasted moves' counts, a move listed twice
// (Repeated) counted twice, as an engine's total counts what it printed:
// to compare with the Total the text states (an engine whose total is not
// the sum of its lines, or a paste cut short, shows there). ok is false
// when the sum does not fit in 64 bits, as no perft count does, and sum
// is then math.MaxUint64.
func (p Parsed) Sum() (sum uint64, ok bool) {
	for _, cs := range [2][]Count{p.Moves, p.Repeated} {
		for _, c := range cs {
			s, carry := bits.Add64(sum, c.Nodes, 0)
			if carry != 0 {
				return math.MaxUint64, false
			}
			sum = s
		}
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
		p.Repeated = append(p.Repeated, old)
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

// lookAlike returns why f is not a move when it is shaped like one, a
// piece letter optional, then letter, digit, letter, digit and a
// promotion letter optional, but written with letters or digits outside
// ASCII that look like a move's (Cyrillic "е2е4", fullwidth "ｅ２ｅ４"): a
// line Parse must not skip as other output, or the move it names would
// be reported missing.
func lookAlike(f string) (string, bool) {
	if !strings.ContainsFunc(f, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return "", false
	}
	// A character outside ASCII may stand for a letter or a digit (no
	// Unicode table is linked to tell them: the shape is what counts).
	digit := func(r rune) bool { return r >= '0' && r <= '9' || r >= utf8.RuneSelf }
	letter := func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= utf8.RuneSelf }
	shaped := func(rs []rune) bool { // letter, digit, letter, digit, and a letter optional
		if len(rs) != 4 && len(rs) != 5 {
			return false
		}
		for i, r := range rs {
			if i == 1 || i == 3 {
				if !digit(r) {
					return false
				}
			} else if !letter(r) {
				return false
			}
		}
		return true
	}
	if rs := []rune(f); !shaped(rs) && !(len(rs) > 4 && letter(rs[0]) && shaped(rs[1:])) { // a piece letter first
		return "", false
	}
	var odd []string
	for i, r := range f {
		if r >= utf8.RuneSelf && len(odd) < 3 {
			if d := chars.Describe(f, i); !slices.Contains(odd, d) {
				odd = append(odd, d)
			}
		}
	}
	verb := " is not ASCII"
	if len(odd) > 1 {
		verb = " are not ASCII"
	}
	return excerpt.Quote(f) + " is not a UCI move: " + strings.Join(odd, ", ") + verb +
		" (a look-alike from another script?); a move is written in ASCII letters and digits", true
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
	Repeated                   // a move listed more than once (this is an earlier line)
)

// String returns "missing", "extra", "wrong" or "repeated": the class
// names of the divide table.
func (k Kind) String() string {
	switch k {
	case Missing:
		return "missing"
	case Extra:
		return "extra"
	case WrongCount:
		return "wrong"
	case Repeated:
		return "repeated"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// A Difference is one move on which a pasted divide and Bitview's differ.
type Difference struct {
	UCI  string // as Bitview writes it (see core.Division's Chess960); as pasted for Extra and Repeated
	Kind Kind
	Want uint64 // Bitview's count (0 for Extra and Repeated)
	Got  uint64 // the pasted count (0 for Missing)
	Line int    // the pasted line (0 for Missing)
	// Written is the move as the paste wrote it when that is the other
	// UCI notation of castling (see Renamed); else "".
	Written string
}

// A Rename is a castling move the pasted divide writes in the other of
// UCI's two notations: king-takes-rook ("e1h1", UCI_Chess960's) where
// Bitview's division writes the king's move ("e1g1"), or the king's move
// where it writes king-takes-rook. Both name the same move; Diff compares
// its count.
type Rename struct {
	UCI     string // as Bitview's division writes it
	Written string // as the paste writes it
	Line    int    // the pasted line
}

// match pairs the pasted moves of got with the entries of want (in
// want's order): each entry's pasted count, found under the division's
// spelling of the move or, for castling, under its other spelling when
// that names no other legal move. It returns the index in got.Moves for
// each entry (-1: not pasted), the renames, and the pasted moves that
// name no entry.
func match(want core.Division, got Parsed) (idx []int, renames []Rename, extra []Count) {
	theirs := make(map[string]int, len(got.Moves))
	for i, c := range got.Moves {
		theirs[c.UCI] = i
	}
	ours := make(map[string]bool, len(want.Entries))
	for _, e := range want.Entries {
		ours[want.UCI(e.Move)] = true
	}
	used := make(map[int]bool, len(got.Moves))
	idx = make([]int, len(want.Entries))
	for n, e := range want.Entries {
		uci := want.UCI(e.Move)
		i, ok := theirs[uci]
		if !ok && e.Move.IsCastling() {
			other := e.Move.UCI()
			if !want.Chess960 {
				other = e.Move.UCIChess960()
			}
			if i, ok = theirs[other]; ok && (ours[other] || used[i]) {
				ok = false // the king's move a plain king move also writes
			}
			if ok {
				renames = append(renames, Rename{UCI: uci, Written: other, Line: got.Moves[i].Line})
			}
		}
		if !ok {
			idx[n] = -1
			continue
		}
		idx[n] = i
		used[i] = true
	}
	for i, c := range got.Moves {
		if !used[i] {
			extra = append(extra, c)
		}
	}
	return idx, renames, extra
}

// Renamed returns the castling moves got writes in the other UCI notation
// than want (see Rename), in want's order: the notation to name in a
// verdict, where a comparison by text would call each such move missing
// and extra.
func Renamed(want core.Division, got Parsed) []Rename {
	_, renames, _ := match(want, got)
	return renames
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
	idx, _, _ := match(want, got)
	if !slices.Contains(idx, -1) {
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
// not legal (Extra, e.g. a king move into check), counts that differ
// (WrongCount), and moves it lists more than once (Repeated, one per
// earlier line: a generator that makes a move twice). Equal divides give
// nil. Castling written in the other of UCI's notations (king-takes-rook
// in a standard game, see Renamed) is compared as the move it names.
// want should be complete (see [core.Division]); an incomplete one
// reports the moves not yet counted as Extra.
func Diff(want core.Division, got Parsed) []Difference {
	idx, renames, extra := match(want, got)
	written := make(map[string]string, len(renames))
	for _, r := range renames {
		written[r.UCI] = r.Written
	}
	var out []Difference
	for n, e := range want.Entries {
		uci := want.UCI(e.Move)
		if idx[n] < 0 {
			out = append(out, Difference{UCI: uci, Kind: Missing, Want: e.Nodes})
			continue
		}
		if c := got.Moves[idx[n]]; c.Nodes != e.Nodes {
			out = append(out, Difference{UCI: uci, Kind: WrongCount, Want: e.Nodes, Got: c.Nodes, Line: c.Line, Written: written[uci]})
		}
	}
	for _, c := range extra {
		out = append(out, Difference{UCI: c.UCI, Kind: Extra, Got: c.Nodes, Line: c.Line})
	}
	for _, c := range got.Repeated {
		out = append(out, Difference{UCI: c.UCI, Kind: Repeated, Got: c.Nodes, Line: c.Line})
	}
	// Stable: a move's wrong count before its repeats, these in line order.
	slices.SortStableFunc(out, func(a, b Difference) int { return strings.Compare(a.UCI, b.UCI) })
	return out
}
