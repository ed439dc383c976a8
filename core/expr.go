package core

import (
	"errors"
	"strconv"
	"strings"
)

// The bitboard expression language of the classroom playground. A student
// types C-style bitboard code such as
//
//	(whitePawns << 8) & ~allOccupied
//
// and the page draws its value and the value of every sub-expression.
// [ParseExpr] reads the text into an [Expr]; [Expr.Eval] computes it on a
// [Position]; [Expr.Steps] lists every sub-expression with its source span
// and value. The operators, names and functions are the tables
// [ExprOperators], [ExprNames] and [ExprFuncs]; [ExprHelp] writes them out.
//
// Every value is a 64-bit [Bitboard] (bit n is square n in LERF order,
// a1=0 … h8=63); numbers are bitboards too, so popcount(x) << 8 and
// P >> popcount(N) are both well defined. The files are split: this one
// holds the types and tables, expr_lex.go the tokens, expr_parse.go the
// precedence-climbing parser and expr_eval.go the evaluation.

// Limits on what ParseExpr reads, so a pasted essay or a wall of
// parentheses gets a clear error rather than a slow page.
const (
	// MaxExprLength is the longest expression, in bytes, ParseExpr reads.
	MaxExprLength = 1000
	// MaxExprDepth is how deeply parentheses, function calls and unary
	// operators may nest inside one another.
	MaxExprDepth = 100
)

// The kinds of expression error, wrapped by every [ExprError] (test with
// errors.Is).
var (
	// ErrExprSyntax: the text is not an expression (a missing operand or
	// parenthesis, a stray character, a malformed number).
	ErrExprSyntax = errors.New("invalid expression")
	// ErrExprName: an unknown name or function, a function used as a name
	// or the reverse, or a call with the wrong arguments.
	ErrExprName = errors.New("unknown or misused name")
	// ErrExprRange: a number that does not fit 64 bits.
	ErrExprRange = errors.New("number out of range")
	// ErrExprLimit: the expression is longer than MaxExprLength bytes or
	// nests deeper than MaxExprDepth.
	ErrExprLimit = errors.New("expression too large")
	// ErrExprNoPosition: Eval or Steps was given no position but the
	// expression names a piece bitboard.
	ErrExprNoPosition = errors.New("expression needs a position")
)

// An ExprError reports where and why an expression cannot be parsed or
// evaluated, in the spirit of strconv.NumError. Offset and End are byte
// offsets into Input with 0 ≤ Offset ≤ End ≤ len(Input): the span to
// underline, e.g. the unknown name or the whole offending call; at the end
// of the input Offset == End == len(Input).
type ExprError struct {
	Input  string // the expression as given
	Offset int    // byte offset of the first offending byte
	End    int    // byte offset just past the offending span
	Msg    string // what is wrong, lower case, e.g. "unknown name 'whitepawn' — did you mean 'whitePawns'?"
	Err    error  // ErrExprSyntax, ErrExprName, ErrExprRange, ErrExprLimit or ErrExprNoPosition
}

// Error returns e.g. `expression at offset 4: unknown name 'pawn' — did you mean 'pawns'?`.
func (e *ExprError) Error() string {
	return "expression at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns the kind of error, one of the ErrExpr… values.
func (e *ExprError) Unwrap() error { return e.Err }

// An Expr is a parsed bitboard expression. Its names are resolved when it
// is parsed, so the only error Eval can meet is a missing position. An Expr
// is immutable and safe for concurrent use.
type Expr struct {
	src   string
	nodes []exprNode // in post-order: every node after its operands, the whole expression last
}

// A Step is one sub-expression of an [Expr] with its value, as
// [Expr.Steps] lists them.
type Step struct {
	// Start and End are byte offsets into the source, Text is
	// source[Start:End]. A parenthesised sub-expression's span includes
	// its parentheses.
	Start, End int
	Text       string
	// Value is the sub-expression's value (a number, such as a shift
	// amount or a popcount, is a bitboard too).
	Value Bitboard
	// Parent is the index in the Steps slice of the smallest enclosing
	// sub-expression, or -1 for the whole expression.
	Parent int
}

// An ExprOperator is an operator of the expression language. Precedence
// follows C, C++, Rust and Java (not Go, whose & binds as tightly as <<
// and whose | binds as loosely as +).
type ExprOperator struct {
	Symbol string // as typed: "~", "<<", "&", …
	Level  int    // precedence: 1 binds tightest (the unary operators), 7 loosest ("|")
	Unary  bool   // a prefix operator taking one operand
	Doc    string // what it does, for the help text
	apply  func(a, b Bitboard) Bitboard
}

// ExprOperators lists the operators, tightest-binding first. The parser
// reads its precedence levels from this table. Binary operators group left
// to right: a - b - c is (a - b) - c. Arithmetic wraps modulo 2^64.
var ExprOperators = []ExprOperator{
	{"~", 1, true, "complement: every square not in the set (bitwise not)", func(a, _ Bitboard) Bitboard { return ^a }},
	{"-", 1, true, "two's-complement negation, ~x + 1 (x & -x keeps the lowest square)", func(a, _ Bitboard) Bitboard { return -a }},
	{"*", 2, false, "multiply, wrapping at 64 bits (as magic bitboards do)", func(a, b Bitboard) Bitboard { return a * b }},
	{"+", 3, false, "add, wrapping at 64 bits", func(a, b Bitboard) Bitboard { return a + b }},
	{"-", 3, false, "subtract, wrapping at 64 bits (x & (x - 1) drops the lowest square)", func(a, b Bitboard) Bitboard { return a - b }},
	{"<<", 4, false, "shift left (towards h8) by y bits; y ≥ 64 gives 0", exprShl},
	{">>", 4, false, "shift right (towards a1) by y bits, filling with zeros; y ≥ 64 gives 0", exprShr},
	{"&", 5, false, "and: the squares in both sets (intersection)", func(a, b Bitboard) Bitboard { return a & b }},
	{"^", 6, false, "xor: the squares in exactly one of the sets", func(a, b Bitboard) Bitboard { return a ^ b }},
	{"|", 7, false, "or: the squares in either set (union)", func(a, b Bitboard) Bitboard { return a | b }},
}

// exprShl shifts a left by n bits; Go defines a shift of an unsigned
// value by 64 or more as 0.
func exprShl(a, n Bitboard) Bitboard { return a << uint64(n) }

// exprShr shifts a right by n bits, 0 for n ≥ 64.
func exprShr(a, n Bitboard) Bitboard { return a >> uint64(n) }

// exprLoosestLevel is the loosest precedence level of ExprOperators.
const exprLoosestLevel = 7

// An ExprName is a name the expression language knows: one of the page's
// bitboards of a position (see [BitboardNames]), a long alias of one, or a
// constant set of squares.
type ExprName struct {
	Name string // as typed, case-sensitive: "P", "whitePawns", "rank4", …
	Doc  string // what it stands for, e.g. "the white pawns"
	// Board is true when the value comes from the position (it needs one
	// to evaluate); false for a constant set such as rank4.
	Board bool
	board BitboardName // the bitboard, when Board
	value Bitboard     // the constant, when !Board
}

// ExprNames lists every name in the order the help shows them: the twelve
// FEN piece letters and the other names of [BitboardNames], their long
// aliases (whitePawns … blackKings, whitePieces, blackPieces, allOccupied,
// emptySquares), then the constants rank1 … rank8, fileA … fileH, center
// and all. Square names (a1 … h8) are not listed: each is the set of that
// one square. Names are case-sensitive: P is the white pawns and p the
// black ones, so fileA is a name and filea is not (a near miss gets a
// suggestion). The letter b is the black bishops; b3 is a square.
var ExprNames = func() []ExprName {
	var ns []ExprName
	for _, bn := range BitboardNames {
		ns = append(ns, ExprName{Name: bn.Name, Doc: exprBoardDoc(bn), Board: true, board: bn})
	}
	for _, bn := range BitboardNames[:PieceCount] {
		// "WhitePawns" → "whitePawns".
		alias := strings.ToLower(bn.Title[:1]) + bn.Title[1:]
		ns = append(ns, ExprName{Name: alias, Doc: "the same as " + bn.Name, Board: true, board: bn})
	}
	for _, a := range [...]struct{ alias, name string }{
		{"whitePieces", "white"}, {"blackPieces", "black"}, {"allOccupied", "occupied"}, {"emptySquares", "empty"},
	} {
		bn, _ := LookupBitboard(a.name)
		ns = append(ns, ExprName{Name: a.alias, Doc: "the same as " + a.name, Board: true, board: bn})
	}
	for r := Rank1; r <= Rank8; r++ {
		ns = append(ns, ExprName{Name: "rank" + r.String(), Doc: "every square of rank " + r.String() + ", " + exprHex(r.Bitboard()), value: r.Bitboard()})
	}
	for f := FileA; f <= FileH; f++ {
		ns = append(ns, ExprName{Name: "file" + strings.ToUpper(f.String()), Doc: "every square of the " + f.String() + "-file, " + exprHex(f.Bitboard()), value: f.Bitboard()})
	}
	center := D4.Bitboard() | E4.Bitboard() | D5.Bitboard() | E5.Bitboard()
	return append(ns,
		ExprName{Name: "center", Doc: "the four centre squares d4 e4 d5 e5, " + exprHex(center), value: center},
		ExprName{Name: "all", Doc: "every square, " + exprHex(AllSquares), value: AllSquares})
}()

// exprBoardDoc describes one of the page's bitboards for the help text.
func exprBoardDoc(bn BitboardName) string {
	switch bn.kind {
	case namePiece:
		pc := Piece(bn.arg)
		return "the " + pc.Color().String() + " " + strings.ToLower(pc.Type().String()) + "s"
	case nameColor:
		return "every " + Color(bn.arg).String() + " piece"
	case nameOccupied:
		return "every occupied square"
	case nameEmpty:
		return "every empty square"
	default:
		return "the " + strings.ToLower(PieceType(bn.arg).String()) + "s of both colours"
	}
}

// exprHex writes b as "0x" and 16 hexadecimal digits.
func exprHex(b Bitboard) string {
	s := strconv.FormatUint(uint64(b), 16)
	return "0x" + strings.Repeat("0", 16-len(s)) + s
}

// An ExprFunc is a function of the expression language. Every function
// works on whole sets: knightAttacks(x) is the union of the attacks of a
// knight on each square of x.
type ExprFunc struct {
	Name   string // as typed: "knightAttacks"
	Params string // the parameters as the help writes them: "x", "color, x", "x, occ"
	Doc    string // what it returns
	arity  int
	color  bool // the first argument is the keyword white or black
	apply  func(a, b Bitboard) Bitboard
}

// ExprFuncs lists the functions. The one-step shifts use [Bitboard.North]
// and its siblings, which drop the squares that would leave the board
// instead of wrapping them to the other edge; the attack functions use the
// set-wise attacks of attacks.go.
var ExprFuncs = []ExprFunc{
	{"north", "x", "every square of x one rank up (x << 8); rank 8 falls off", 1, false, func(a, _ Bitboard) Bitboard { return a.North() }},
	{"south", "x", "every square of x one rank down (x >> 8); rank 1 falls off", 1, false, func(a, _ Bitboard) Bitboard { return a.South() }},
	{"east", "x", "every square of x one file right; the h-file falls off", 1, false, func(a, _ Bitboard) Bitboard { return a.East() }},
	{"west", "x", "every square of x one file left; the a-file falls off", 1, false, func(a, _ Bitboard) Bitboard { return a.West() }},
	{"ne", "x", "every square of x one step north-east", 1, false, func(a, _ Bitboard) Bitboard { return a.NorthEast() }},
	{"nw", "x", "every square of x one step north-west", 1, false, func(a, _ Bitboard) Bitboard { return a.NorthWest() }},
	{"se", "x", "every square of x one step south-east", 1, false, func(a, _ Bitboard) Bitboard { return a.SouthEast() }},
	{"sw", "x", "every square of x one step south-west", 1, false, func(a, _ Bitboard) Bitboard { return a.SouthWest() }},
	{"popcount", "x", "the number of squares in x, as a number (popcount(rank1) is 8)", 1, false, func(a, _ Bitboard) Bitboard { return Bitboard(a.Count()) }},
	{"lsb", "x", "the lowest square of x (nearest a1) as a one-square set; empty when x is empty", 1, false, func(a, _ Bitboard) Bitboard { return a.LSB().Bitboard() }},
	{"msb", "x", "the highest square of x (nearest h8) as a one-square set; empty when x is empty", 1, false, func(a, _ Bitboard) Bitboard { return a.MSB().Bitboard() }},
	{"knightAttacks", "x", "every square a knight on a square of x attacks", 1, false, func(a, _ Bitboard) Bitboard { return a.KnightAttacks() }},
	{"kingAttacks", "x", "every square a king on a square of x attacks", 1, false, func(a, _ Bitboard) Bitboard { return a.KingAttacks() }},
	{"pawnAttacks", "color, x", "every square a pawn of that colour (white or black) on a square of x attacks", 2, true, func(c, a Bitboard) Bitboard { return a.PawnAttacks(Color(c)) }},
	{"rookAttacks", "x, occ", "every square a rook on a square of x attacks, each ray stopping at the first square of occ", 2, false, func(a, occ Bitboard) Bitboard { return a.RookAttacks(occ) }},
	{"bishopAttacks", "x, occ", "every square a bishop on a square of x attacks, each ray stopping at the first square of occ", 2, false, func(a, occ Bitboard) Bitboard { return a.BishopAttacks(occ) }},
	{"queenAttacks", "x, occ", "every square a queen on a square of x attacks, each ray stopping at the first square of occ", 2, false, func(a, occ Bitboard) Bitboard { return a.QueenAttacks(occ) }},
}

// Lookup tables built once from the exported tables (so changing those
// slices later cannot break the parser).
var (
	exprNameIndex = func() map[string]ExprName {
		m := make(map[string]ExprName, len(ExprNames))
		for _, n := range ExprNames {
			m[n.Name] = n
		}
		return m
	}()
	exprFuncIndex = func() map[string]ExprFunc {
		m := make(map[string]ExprFunc, len(ExprFuncs))
		for _, f := range ExprFuncs {
			m[f.Name] = f
		}
		return m
	}()
	// exprBinaryOps and exprUnaryOps map each operator symbol to its entry.
	exprBinaryOps, exprUnaryOps = func() (bin, un map[string]ExprOperator) {
		bin, un = map[string]ExprOperator{}, map[string]ExprOperator{}
		for _, op := range ExprOperators {
			if op.Unary {
				un[op.Symbol] = op
			} else {
				bin[op.Symbol] = op
			}
		}
		return bin, un
	}()
)

// ExprHelp describes the expression language for the page: the precedence
// table, numbers and squares, every name and every function, written out
// from ExprOperators, ExprNames and ExprFuncs.
var ExprHelp = func() string {
	var sb strings.Builder
	sb.WriteString("Bitboard expressions: every value is a 64-bit bitboard, bit n = square n (a1 = 0, h1 = 7, a8 = 56, h8 = 63).\n\n")
	sb.WriteString("Operators, tightest first (as in C, C++, Rust and Java; not as in Go):\n")
	for _, op := range ExprOperators {
		form := "x " + op.Symbol + " y"
		if op.Unary {
			form = op.Symbol + "x"
		}
		sb.WriteString("  " + strconv.Itoa(op.Level) + "  " + exprPad(form, 7) + op.Doc + "\n")
	}
	sb.WriteString("Binary operators group left to right: a - b - c is (a - b) - c; a & b << 1 is a & (b << 1); a | b ^ c is a | (b ^ c).\n")
	sb.WriteString("Parentheses group as usual, up to " + strconv.Itoa(MaxExprDepth) + " deep; an expression is at most " + strconv.Itoa(MaxExprLength) + " bytes.\n\n")
	sb.WriteString("Numbers: decimal 255, hex 0xff00, binary 0b1010, with _ between digits (0xff_00); at most 64 bits; no leading zeros (write 8, not 08).\n")
	sb.WriteString("Squares: a1 … h8, each the set of that one square (b alone is the black bishops, b3 a square).\n\n")
	sb.WriteString("Names (case-sensitive: P is the white pawns, p the black pawns; fileA, not filea):\n")
	for _, n := range ExprNames {
		sb.WriteString("  " + exprPad(n.Name, 13) + n.Doc + "\n")
	}
	sb.WriteString("\nFunctions (each works on every square of its set at once):\n")
	for _, f := range ExprFuncs {
		sb.WriteString("  " + exprPad(f.Name+"("+f.Params+")", 24) + f.Doc + "\n")
	}
	return sb.String()
}()

// exprPad pads s with spaces to n bytes, then adds one more space.
func exprPad(s string, n int) string {
	if len(s) < n {
		s += strings.Repeat(" ", n-len(s))
	}
	return s + " "
}
