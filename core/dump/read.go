package dump

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/thousands"
)

// MaxNumbers is the most bitboards Read reads from one dump: twelve piece
// bitboards and two colour bitboards. A grid counts once, with or without
// its value printed beside it.
const MaxNumbers = 14

// MaxTextLength is the longest dump Read reads, in bytes: 32 KiB, checked
// before the text is scanned. Fourteen labelled 64-digit binary numbers
// take about 1.5 KB and a C array with a comment per line about 3 KB;
// grids take more: Stockfish 15.1's Bitboards::pretty draws a bitboard in
// 627 bytes with the blank line after it, so fourteen of them beside its
// d command's board and state (743 bytes) take 9.5 KB, and the same grids
// drawn with box-drawing characters (three bytes each in UTF-8, about
// 1.35 KB a grid) about 19 KB, over the 16 KiB this limit was before
// dumps held grids.
const MaxTextLength = 32 << 10

// A Dump is what Read finds in a pasted dump.
type Dump struct {
	Numbers  []Number  // the bitboards, in the order written: numbers, literals and grids
	Boards   []Board   // the boards drawn with pieces
	Facts    []Fact    // the lines stating the rest of the position: "Fen: …", "Key: …", "Checkers: …" …
	Problems []Problem // what could not be read, with its line and column
}

// A Fact is a line of a dump that states part of the position besides
// its bitboards, as Stockfish's d command and BBC's print_board print
// them: its Kind, the label as written and the value after the ':' or
// '='.
type Fact struct {
	Kind  string // one of the Fact… constants
	Label string // as written, e.g. "Fen", "Hash key"
	Text  string // the value as written, trimmed, e.g. "KQkq"; "" for "Checkers: " with no checker
	Line  int
	Col   int // 1-based byte column of Text (of where it would start when empty)
}

// The kinds of Fact, by the labels that name them (case, blanks, '_'
// and '-' aside).
const (
	FactFEN       = "FEN"               // Fen, FEN, Position FEN
	FactKey       = "Zobrist key"       // Key, Hash, Hash key, Zobrist, Zobrist key, Polyglot key
	FactCheckers  = "checkers"          // Checkers
	FactSide      = "side to move"      // Side, Side to move, Turn, STM
	FactCastling  = "castling rights"   // Castling, Castle, Castling rights
	FactEnPassant = "en passant square" // Enpassant, En passant, Ep, Ep square
	FactHalfmove  = "halfmove clock"    // Fifty move, Fifty, Rule50, Halfmove clock
	FactFullmove  = "fullmove number"   // Fullmove, Fullmove number, Move number
)

// factLabels maps a normalised label to its kind.
var factLabels = map[string]string{
	"fen": FactFEN, "positionfen": FactFEN,
	"key": FactKey, "hash": FactKey, "hashkey": FactKey, "zobrist": FactKey, "zobristkey": FactKey, "polyglotkey": FactKey, "poskey": FactKey,
	"checkers": FactCheckers,
	"side":     FactSide, "sidetomove": FactSide, "turn": FactSide, "stm": FactSide, "tomove": FactSide,
	"castling": FactCastling, "castle": FactCastling, "castlingrights": FactCastling, "castlerights": FactCastling,
	"enpassant": FactEnPassant, "ep": FactEnPassant, "epsquare": FactEnPassant, "enpassantsquare": FactEnPassant,
	"fiftymove": FactHalfmove, "fifty": FactHalfmove, "fiftymoves": FactHalfmove, "rule50": FactHalfmove, "halfmoveclock": FactHalfmove, "halfmove": FactHalfmove,
	"fullmove": FactFullmove, "fullmovenumber": FactFullmove, "movenumber": FactFullmove,
}

// protocolLine reports whether line is a line of the UCI protocol, a
// command to the engine or its answer, pasted with the dump: "position
// fen …", "d", "uciok", "option name Hash type spin default 16 min 1 max
// 33554432", "info …". Its numbers are not bitboards.
func protocolLine(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "uci", "uciok", "isready", "readyok", "ucinewgame", "quit", "stop", "d":
		return len(f) == 1
	case "position":
		return len(f) > 1 && (f[1] == "startpos" || f[1] == "fen")
	case "id", "option", "setoption":
		return len(f) > 1 && f[1] == "name" || f[0] == "id" && len(f) > 1 && f[1] == "author"
	case "go", "bestmove":
		return true
	case "info":
		return len(f) == 1 || f[1] != "string"
	}
	return false
}

// reader holds the lines of a dump while Read takes them apart.
type reader struct {
	lines  []string
	used   []bool // taken by a grid, a board, a fact or the protocol
	d      Dump
	grids  []pendingGrid
	boards []pendingGrid
}

// A pendingGrid is a grid or board found, before its label is known.
type pendingGrid struct {
	first, last int // line indices of its first and last rows
	top         int // run's first line index (its label is above it)
	rows        [8]row
	numbering   string
	mirrored    bool
}

// Read reads a pasted dump, as engines print one:
//
//   - numbers: hexadecimal with "0x" or without it (then only a run of 8
//     or more hex digits with a decimal digit among them, or exactly 16
//     digits, so that words such as "be" or "Bad" are labels), binary
//     with "0b" (or a run of exactly 64 zeros and ones), unsigned decimal
//     (BBC's trailing 'd' dropped: "65280d"), or signed decimal (a '-'
//     before it: read as the two's complement of a 64-bit integer, as
//     Java's long prints it). Digits may be grouped with '_' or '\”
//     (python-chess's SquareSet(0x0000_0000_0000_ff00), Rust, Java, C++14);
//     the suffixes U, L, UL, ULL, LL, LLU (either case: C, C++, Java) and
//     u64, i64, _u64 (Rust) are dropped. A 16-digit run of decimal digits
//     starting with 0 is read as hexadecimal.
//   - shifts of a constant, 1ULL << 50, uint64(1) << 50, 0xFF << (8 * 6),
//     and ORs of them, (1ULL << 8) | (1ULL << 9): one value each.
//   - C, C++, Rust, Go, Java and Python arrays, initialisers and indexed
//     assignments: a subscript, an array's size, an ordinal or a count is
//     never read as a bitboard (pieces[0] = …, uint64_t bb[12] = {…},
//     [12]uint64{…}, [u64; 12], Bitboard 1 of 12: …, 1. …); a numeric
//     subscript or ordinal gives the number's place in the order (see
//     Number.Index), and a subscript's names label it (pieces[WHITE][PAWN]).
//     Anything in a comment (//, /* */, "# ") is label, never a number; a
//     comment after the last number of a line labels it when nothing
//     before it does.
//   - grids (see Grid) and boards (see Board), in either rank order; a
//     number printed beside each grid of a dump ("Bitboard: N", "Hex:
//     0x…" under or above every grid, as BBC and its followers print) is
//     that grid's value, not another bitboard. The line above a grid
//     labels it.
//   - facts (see Fact): "Fen:", "Key:", "Checkers:" (Stockfish's d),
//     "Side:", "Castling:", "Enpassant:", "Hash key:", "Fifty move:"
//     (BBC's print_board) and the like: their values are never bitboards.
//   - lines of the UCI protocol pasted with the dump (see protocolLine)
//     and decimal fractions ("Stockfish 15.1") are skipped; a line an
//     engine prints through "info string" is read after those words.
//
// The words before a number on its line are its Label. Numbers that do
// not fit in 64 bits, grids whose rows are not eight or whose rank labels
// are out of order, and bitboards beyond the MaxNumbers-th are reported
// as Problems. A text over MaxTextLength bytes is not read: its one
// Problem (line 1, column 1, Text "") names the limit.
func Read(text string) Dump {
	if len(text) > MaxTextLength {
		return Dump{Problems: []Problem{{Line: 1, Col: 1, Reason: "the dump is " + thousands.Itoa(len(text)) + " bytes; the limit is " + thousands.Itoa(MaxTextLength)}}}
	}
	r := reader{lines: strings.Split(text, "\n")}
	for i, line := range r.lines {
		// An engine may dump through UCI's "info string": the rest of the
		// line is read, its columns kept.
		if f := strings.Fields(line); len(f) > 1 && f[0] == "info" && f[1] == "string" {
			n := strings.Index(line, "string") + len("string")
			r.lines[i] = strings.Repeat(" ", n) + line[n:]
		}
	}
	r.used = make([]bool, len(r.lines))
	r.findGrids()
	r.findFacts()
	var nums []Number
	var probs []Problem
	var sc scanner
	for i, line := range r.lines {
		if !r.used[i] {
			nums, probs = sc.line(line, i+1, nums, probs)
		}
	}
	r.d.Problems = mergeByLine(r.d.Problems, probs, problemKey)
	r.assemble(nums)
	return r.d
}

// findGrids finds the runs of rows (with borders between them) and takes
// each eight rows as a grid or a board, with the file labels above or
// below the run.
func (r *reader) findGrids() {
	for i := 0; i < len(r.lines); {
		var rows []row
		var at []int
		j := i
		for ; j < len(r.lines); j++ {
			if rw, ok := parseRow(r.lines[j]); ok {
				rows, at = append(rows, rw), append(at, j)
			} else if !isBorder(r.lines[j]) {
				break
			}
		}
		switch {
		case len(rows) == 0 || len(rows) < 3 && len(rows)%8 != 0:
			// Borders alone, or a row or two: not a grid (a line of
			// eight numbers stays numbers).
		case len(rows)%8 != 0:
			r.d.Problems = append(r.d.Problems, Problem{Line: at[0] + 1, Col: 1, Text: excerptLine(r.lines[at[0]]),
				Reason: strconv.Itoa(len(rows)) + " rows of squares (lines " + strconv.Itoa(at[0]+1) + "–" + strconv.Itoa(at[len(at)-1]+1) + "): a grid has 8"})
			r.take(i, j)
		default:
			mirrored := false
			if k, ok := r.fileLine(i-1, -1); ok {
				mirrored, _ = fileLabels(r.lines[k])
				r.used[k] = true
			}
			if k, ok := r.fileLine(j, 1); ok {
				mirrored, _ = fileLabels(r.lines[k])
				r.used[k] = true
			}
			for g := 0; g < len(rows); g += 8 {
				r.addGrid(rows[g:g+8], at[g:g+8], i, mirrored)
			}
			r.take(i, j)
		}
		i = max(j, i+1)
	}
}

// fileLine returns the line of file labels next to a run: line k, or the
// next one in direction dir when k is blank.
func (r *reader) fileLine(k, dir int) (int, bool) {
	for n := 0; n < 2 && k >= 0 && k < len(r.lines); n, k = n+1, k+dir {
		if _, ok := fileLabels(r.lines[k]); ok && !r.used[k] {
			return k, true
		}
		if strings.TrimSpace(r.lines[k]) != "" {
			break
		}
	}
	return 0, false
}

// take marks lines [i, j) as read.
func (r *reader) take(i, j int) {
	for k := i; k < j; k++ {
		r.used[k] = true
	}
}

// addGrid adds the grid or board of eight rows.
func (r *reader) addGrid(rows []row, at []int, top int, mirrored bool) {
	g := pendingGrid{first: at[0], last: at[7], top: top, mirrored: mirrored}
	copy(g.rows[:], rows)
	var labels [8]int8
	pieces, bits := false, false
	for i, rw := range rows {
		labels[i] = rw.label
		for _, c := range rw.cells {
			pieces = pieces || c > 0
			bits = bits || c == cellSet
		}
	}
	where := "lines " + strconv.Itoa(at[0]+1) + "–" + strconv.Itoa(at[7]+1)
	rank, ok := rankOrder(labels)
	switch {
	case !ok:
		r.d.Problems = append(r.d.Problems, Problem{Line: at[0] + 1, Col: 1, Text: excerptLine(r.lines[at[0]]),
			Reason: "the rank labels of the grid at " + where + " run neither 8 to 1 nor 1 to 8"})
		return
	case pieces && bits:
		r.d.Problems = append(r.d.Problems, Problem{Line: at[0] + 1, Col: 1, Text: excerptLine(r.lines[at[0]]),
			Reason: "the grid at " + where + " holds both pieces and bits"})
		return
	case rank != 0:
		g.numbering = gridNumbering(rank == 8, mirrored)
	}
	if pieces {
		r.boards = append(r.boards, g)
	} else {
		r.grids = append(r.grids, g)
	}
}

// excerptLine is a line as a Problem quotes it: trimmed.
func excerptLine(s string) string { return strings.TrimSpace(s) }

// findFacts takes the lines that state facts and the protocol's lines.
func (r *reader) findFacts() {
	for i, line := range r.lines {
		if r.used[i] {
			continue
		}
		if protocolLine(line) {
			r.used[i] = true
			continue
		}
		sep := strings.IndexAny(line, ":=")
		if sep < 0 || sep+1 < len(line) && (line[sep+1] == ':' || line[sep+1] == '=') {
			continue
		}
		label := strings.TrimSpace(line[:sep])
		kind, ok := factLabels[normalise(label)]
		if !ok || strings.ContainsAny(label, "[]()") {
			continue
		}
		col := sep + 1
		for col < len(line) && (line[col] == ' ' || line[col] == '\t') {
			col++
		}
		value := strings.TrimRight(line[col:], " \t\r")
		r.d.Facts = append(r.d.Facts, Fact{Kind: kind, Label: label, Text: value, Line: i + 1, Col: col + 1})
		r.used[i] = true
	}
}

// valueLabels are the labels of a number printed beside a grid as its
// value (normalised): "Bitboard: 65280d", "Hex: 0xFF00", "Binary: …".
var valueLabels = map[string]bool{"": true, "bitboard": true, "bb": true, "hex": true, "hexadecimal": true, "binary": true, "bin": true,
	"decimal": true, "dec": true, "value": true, "u64": true, "mask": true, "bits": true}

// assemble puts the grids and numbers in the order written, gives each
// grid the number printed beside it and the label above it, makes the
// boards, sets the indices and applies MaxNumbers.
func (r *reader) assemble(nums []Number) {
	// Grids and the numbers printed beside each: under every grid (the
	// numbers after the last grid, up to the next) or above every grid.
	beside := map[int]int{} // grid → index in nums
	dropped := map[int]bool{}
	if len(r.grids) > 0 && len(nums) > 0 {
		after := nums[len(nums)-1].Line-1 > r.grids[len(r.grids)-1].last
		for g, gr := range r.grids {
			lo, hi := gr.last, len(r.lines) // the lines after the grid, up to the next
			if g+1 < len(r.grids) {
				hi = r.grids[g+1].top
			}
			if !after {
				lo, hi = -1, gr.top
				if g > 0 {
					lo = r.grids[g-1].last
				}
			}
			var in []int
			for k, n := range nums {
				if n.Line-1 > lo && n.Line-1 < hi {
					in = append(in, k)
				}
			}
			same := len(in) > 0
			for _, k := range in {
				same = same && nums[k].Value == nums[in[0]].Value && nums[k].Numbering == "" && valueLabels[normalise(nums[k].Label)]
			}
			if same {
				beside[g] = in[0]
				for _, k := range in[1:] {
					dropped[k] = true // the same value again, in another base
				}
			}
		}
	}
	var alone []Number // the numbers not printed beside a grid
	taken := map[int]bool{}
	for g := range r.grids {
		if k, ok := beside[g]; ok {
			taken[k] = true
		}
	}
	for k, n := range nums {
		if !taken[k] && !dropped[k] {
			alone = append(alone, n)
		}
	}
	var grids []Number
	numberLines := map[int]bool{}
	for _, n := range nums {
		numberLines[n.Line-1] = true
	}
	for g, gr := range r.grids {
		grid := &Grid{Numbering: gr.numbering, Mirrored: gr.mirrored, Line: gr.first + 1, EndLine: gr.last + 1}
		for i, rw := range gr.rows {
			for j, c := range rw.cells {
				if c == cellSet {
					grid.Cells |= 1 << (8*i + j)
				}
			}
		}
		n := Number{Line: grid.Line, Col: 1, Grid: grid, Label: r.labelAbove(gr.top, numberLines)}
		if k, ok := beside[g]; ok {
			label := n.Label
			n = nums[k] // the number as written, where it is written, with its grid
			n.Grid = grid
			if label != "" || valueLabels[normalise(n.Label)] {
				n.Label = label
			}
		}
		grids = append(grids, n)
	}
	all := mergeByLine(grids, alone, func(n *Number) int { return n.Line })
	for _, gr := range r.boards {
		b := Board{Numbering: gr.numbering, Mirrored: gr.mirrored, Line: gr.first + 1, EndLine: gr.last + 1}
		for i, rw := range gr.rows {
			for j, c := range rw.cells {
				if c > 0 {
					b.Cells[8*i+j] = core.Piece(c)
				}
			}
		}
		r.d.Boards = append(r.d.Boards, b)
	}
	if len(all) > MaxNumbers {
		var over []Problem
		for _, n := range all[MaxNumbers:] {
			text := n.Text
			if n.Base == 0 {
				text = excerptLine(r.lines[n.Line-1])
			}
			over = append(over, Problem{n.Line, n.Col, text, "more than " + strconv.Itoa(MaxNumbers) + " numbers: only the first " + strconv.Itoa(MaxNumbers) + " are read"})
		}
		r.d.Problems = mergeByLine(r.d.Problems, over, problemKey)
		all = all[:MaxNumbers]
	}
	setIndices(all)
	r.d.Numbers = all
}

// mergeByLine merges a and b, each in order of key, into one list in that
// order, a's first on a tie. Read's lists come in order already (grids,
// numbers, problems, statements, each found line by line), so merging
// them costs a linear pass where a sort could cost a quadratic one, and
// no copy of package slices' generic sort in the wasm.
func mergeByLine[T any](a, b []T, key func(*T) int) []T {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]T, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if key(&b[0]) < key(&a[0]) {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// problemKey orders problems by line, then column.
func problemKey(p *Problem) int { return p.Line<<20 | min(p.Col, 1<<20-1) }

// labelAbove returns the label of a grid whose run starts at line top: the
// nearest line above it (past blank lines and file labels) when no grid,
// fact or number took it, trimmed.
func (r *reader) labelAbove(top int, numberLines map[int]bool) string {
	for k := top - 1; k >= 0 && k >= top-3; k-- {
		s := strings.TrimSpace(r.lines[k])
		if _, files := fileLabels(s); s == "" || files {
			continue
		}
		if r.used[k] || numberLines[k] {
			return ""
		}
		return trimLabel(s)
	}
	return ""
}

// setIndices gives each number its place in the order when the dump
// gives every number one of the same shape, all different: a numeric
// subscript (pieces[3]), two ([1][2], then i·n + j), or an ordinal
// ("Bitboard 4 of 12", "4." at the start of the label: from 1).
func setIndices(nums []Number) {
	if len(nums) == 0 {
		return
	}
	idx := make([][]int, len(nums))
	for i, n := range nums {
		idx[i] = labelIndices(n.Label)
		if len(idx[i]) == 0 || len(idx[i]) != len(idx[0]) {
			return
		}
	}
	width := 1
	if len(idx[0]) == 2 {
		for _, ix := range idx {
			width = max(width, ix[1]+1)
		}
	}
	seen := map[int]bool{}
	slots := make([]int, len(nums))
	for i, ix := range idx {
		slots[i] = ix[0]
		if len(ix) == 2 {
			slots[i] = ix[0]*width + ix[1]
		}
		if seen[slots[i]] || slots[i] >= 4*MaxNumbers {
			return
		}
		seen[slots[i]] = true
	}
	for i := range nums {
		nums[i].Indexed, nums[i].Index = true, slots[i]
	}
}

// ordinalMarks spaces out the marks around ordinals and counts.
var ordinalMarks = strings.NewReplacer(":", " ", "=", " ", "#", " ", ".", " . ", ")", " ) ")

// labelIndices returns the numeric index a label gives its number, from
// 0: its subscripts when every one is a decimal (pieces[3], bb[1][2]),
// unless an array's initialiser follows them (bb[12] = {: a size); an
// ordinal and count "4 of 12" (from 1); or an ordinal opening the label,
// "4." or "4)" (from 1). nil when it gives none.
func labelIndices(label string) []int {
	var idx []int
	rest := label
	for {
		open := strings.IndexByte(rest, '[')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open:], ']')
		if end < 0 {
			end = len(rest) - open
		}
		inside := strings.TrimSpace(rest[open+1 : open+end])
		if !isDecimal(inside) || len(inside) > 2 {
			return nil
		}
		n, _ := strconv.Atoi(inside)
		idx = append(idx, n)
		rest = rest[min(len(rest), open+end+1):]
	}
	if len(idx) > 0 {
		if strings.ContainsAny(rest, "{[(") || len(idx) > 2 {
			return nil
		}
		return idx
	}
	f := strings.Fields(ordinalMarks.Replace(label))
	for i := 0; i+2 < len(f); i++ {
		if strings.EqualFold(f[i+1], "of") && isDecimal(f[i]) && isDecimal(f[i+2]) && len(f[i]) <= 2 {
			n, _ := strconv.Atoi(f[i])
			if n >= 1 {
				return []int{n - 1}
			}
		}
	}
	if len(f) >= 2 && isDecimal(f[0]) && len(f[0]) <= 2 && (f[1] == "." || f[1] == ")") {
		n, _ := strconv.Atoi(f[0])
		if n >= 1 {
			return []int{n - 1}
		}
	}
	return nil
}
