package dump

import (
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
)

// A Grid is a bitboard drawn as eight rows of eight cells, as engines
// print them to debug: Stockfish's Bitboards::pretty ("| X |"),
// BBC's print_bitboard (rank labels, 1 and 0, "Bitboard: N" under it),
// python-chess's str(SquareSet) (1 and .), VICE's rows of X and -.
type Grid struct {
	// Cells holds the cells in reading order: bit i is the i-th cell,
	// the top row first, each row from the left; a cell is set when it
	// shows 1, X, x, #, *, @, ● or ■, clear when it shows 0, ., -, _, ·,
	// • or nothing.
	Cells uint64
	// Numbering is the Mapping ID under which Cells reads as the squares
	// the grid's labels give: "berf" (rank 8 at the top, file a on the
	// left), "lerf" (rank 1 at the top), "lerf-reversed" (rank 8 at the
	// top, file h on the left) or "msb-a8" (rank 1 at the top, file h on
	// the left). It is "" when the grid has no rank labels: Match then
	// reads every such grid of a dump with rank 8 at the top and with
	// rank 1 at the top, and keeps the better (see Result.Grids).
	Numbering string
	// Mirrored is true when file labels put file h on the left.
	Mirrored bool
	// Line and EndLine are the 1-based lines of its first and last rows.
	Line, EndLine int
}

// A Board is a position drawn as eight rows of eight squares holding
// pieces: Stockfish's d command ("| r | n |"), BBC's print_board (letters
// or the chess symbols ♙ … ♚), python-chess's str(Board) ("r n b q").
type Board struct {
	// Cells holds the pieces in reading order, the top row first, each
	// row from the left; NoPiece for an empty square (., -, · or blank).
	Cells [core.SquareCount]core.Piece
	// Numbering and Mirrored are as a Grid's; with Numbering "" (no rank
	// labels) Statements compares the board read both ways and keeps the
	// better, rank 8 at the top on a tie.
	Numbering string
	Mirrored  bool
	// Line and EndLine are the 1-based lines of its first and last rows.
	Line, EndLine int
}

// Squares returns the squares (LERF) of g's set cells, read in numbering
// (a Mapping ID; g.Numbering when that is not "").
func (g *Grid) Squares(numbering string) core.Bitboard {
	if g.Numbering != "" {
		numbering = g.Numbering
	}
	m := mappingByID(numbering)
	return m.Squares(g.Cells)
}

// gridNumbering is the Mapping ID of a grid's reading order: rank 8 or
// rank 1 in the top row, file a or file h on the left.
func gridNumbering(rank8Top, mirrored bool) string {
	switch {
	case rank8Top && !mirrored:
		return "berf"
	case rank8Top:
		return "lerf-reversed"
	case !mirrored:
		return "lerf"
	}
	return "msb-a8"
}

// Cell values of a row: empty, set (a bitboard's 1), or a core.Piece.
const (
	cellEmpty int8 = 0
	cellSet   int8 = -1
)

// A row is one line of a grid or board: its eight cells and the rank
// label written before or after them (0–9), or -1.
type row struct {
	cells [8]int8
	label int8
}

// chessSymbols are the Unicode chess symbols U+2654 … U+265F in order:
// white king, queen, rook, bishop, knight, pawn, then black.
const chessSymbols = "KQRBNPkqrbnp"

// cellOf reads one cell.
func cellOf(r rune) (int8, bool) {
	switch r {
	case ' ', '.', '-', '_', '0', '·', '•', '◦', '○', '□':
		return cellEmpty, true
	case '1', 'X', 'x', '#', '*', '@', '●', '■', '×':
		return cellSet, true
	}
	if r >= '♔' && r <= '♟' {
		r = rune(chessSymbols[r-'♔'])
	}
	if r < utf8.RuneSelf {
		if pc, ok := core.PieceFromLetter(byte(r)); ok {
			return int8(pc), true
		}
	}
	return 0, false
}

// cellText reads the text of one cell: one rune (a chess symbol may carry
// a variation selector), or nothing.
func cellText(s string) (int8, bool) {
	s = strings.TrimSpace(dropSelectors(s))
	if s == "" {
		return cellEmpty, true
	}
	r, size := utf8.DecodeRuneInString(s)
	if size != len(s) {
		return 0, false
	}
	return cellOf(r)
}

// rankLabel reads a rank label, one digit, or -1 and false.
func rankLabel(s string) (int8, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 1 && isDigit(s[0]) {
		return int8(s[0] - '0'), true
	}
	return -1, s == ""
}

// bars are the vertical bars that separate cells.
var bars = strings.NewReplacer("│", "|", "┃", "|", "║", "|")

// selectors are the variation selectors a chess symbol may carry
// (BBC prints black's pawn as "♟︎").
var selectors = strings.NewReplacer("\uFE0E", "", "\uFE0F", "")

// dropSelectors drops the variation selectors of s.
func dropSelectors(s string) string {
	if strings.ContainsAny(s, "\uFE0E\uFE0F") {
		return selectors.Replace(s)
	}
	return s
}

// parseRow reads line as a row of a grid or a board, in one of three
// styles: cells between bars ("| X |   | X | 8", Stockfish), cells
// separated by blanks ("8  0 1 0 0 0 0 0 0", BBC; ". 1 . . ." python-chess),
// or eight cells in one word ("X-------", VICE; "r...k..r"); each with a
// rank label before or after the cells, or none.
func parseRow(line string) (row, bool) {
	rw := row{label: -1}
	s := strings.TrimRight(line, " \t\r")
	if strings.ContainsAny(s, "│┃║") {
		s = bars.Replace(s)
	}
	if strings.Count(s, "|") >= 9 {
		parts := strings.Split(s, "|")
		inner := parts[1 : len(parts)-1]
		if len(inner) == 8 {
			ok := true
			for i, c := range inner {
				rw.cells[i], ok = cellText(c)
				if !ok {
					break
				}
			}
			left, okL := rankLabel(parts[0])
			right, okR := rankLabel(parts[len(parts)-1])
			if ok && okL && okR {
				rw.label = max(left, right)
				return rw, true
			}
		}
		return row{}, false
	}
	fields := strings.Fields(strings.ReplaceAll(s, "|", " "))
	var cells []string
	switch n := len(fields); {
	case n >= 8 && n <= 10:
		lo, hi := 0, n
		if n >= 9 {
			if l, ok := rankLabel(fields[0]); ok && (n == 10 || allCells(fields[1:])) {
				rw.label, lo = l, 1
			}
			if l, ok := rankLabel(fields[n-1]); ok && hi-lo > 8 {
				rw.label, hi = l, n-1
			}
		}
		cells = fields[lo:hi]
	case n >= 1 && n <= 3:
		for _, f := range fields {
			if l, ok := rankLabel(f); ok && n > 1 {
				rw.label = l
				continue
			}
			f = dropSelectors(f)
			if utf8.RuneCountInString(f) != 8 || cells != nil {
				return row{}, false
			}
			for _, r := range f {
				cells = append(cells, string(r))
			}
		}
	}
	if len(cells) != 8 {
		return row{}, false
	}
	for i, c := range cells {
		v, ok := cellText(c)
		if !ok || c == "" {
			return row{}, false
		}
		rw.cells[i] = v
	}
	return rw, true
}

// allCells reports whether every field is one cell.
func allCells(fields []string) bool {
	for _, f := range fields {
		if _, ok := cellText(f); !ok || strings.TrimSpace(f) == "" {
			return false
		}
	}
	return true
}

// borderRunes are what a grid's border lines are drawn with.
const borderRunes = "+-=_|─━┼┬┴├┤┌┐└┘╋═║╬╔╗╚╝╠╣╦╩│┃"

// isBorder reports whether line is a border between a grid's rows:
// "+---+---+", "-----------------", "├───┼───┤" (nine or more border
// runes, or fewer with a '+' or a box-drawing rune: "--------" is a row of
// eight empty cells).
func isBorder(line string) bool {
	s := strings.TrimSpace(line)
	if s == "" {
		return false
	}
	n, strong := 0, false
	for _, r := range s {
		switch {
		case r == ' ':
			continue
		case !strings.ContainsRune(borderRunes, r):
			return false
		case r == '+' || r >= 0x2500:
			strong = true
		}
		n++
	}
	return n >= 9 || strong
}

// fileLabels reads a line of file letters: a to h or h to a (either
// case), spaced ("  a   b   c …"), between bars, or in one word.
func fileLabels(line string) (mirrored, ok bool) {
	s := strings.Join(strings.Fields(strings.ReplaceAll(bars.Replace(line), "|", " ")), "")
	switch strings.ToLower(s) {
	case "abcdefgh":
		return false, true
	case "hgfedcba":
		return true, true
	}
	return false, false
}

// rankOrder reads the rank labels of a grid's eight rows: rank 8 at the
// top (8 … 1, or 7 … 0 counted from 0), rank 1 at the top (1 … 8, 0 …
// 7), or none (every row unlabelled). ok is false for labels in another
// order or on some rows only.
func rankOrder(labels [8]int8) (top int, ok bool) {
	none := true
	for _, l := range labels {
		none = none && l < 0
	}
	if none {
		return 0, true
	}
	for _, from := range []int8{8, 7, 1, 0} {
		step := int8(-1)
		if from <= 1 {
			step = 1
		}
		match := true
		for i, l := range labels {
			match = match && l == from+step*int8(i)
		}
		if match {
			if step < 0 {
				return 8, true
			}
			return 1, true
		}
	}
	return 0, false
}
