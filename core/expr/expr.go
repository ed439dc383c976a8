package expr

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// The bitboard expression language of the classroom playground. A student
// types C-style bitboard code such as
//
//	(whitePawns << 8) & ~allOccupied
//
// and the page draws its value and the value of every sub-expression.
// [Parse] reads the text into an [Expr]; [Expr.Eval] computes it on a
// [core.Position]; [Expr.Steps] lists every sub-expression with its source span
// and value. The operators, names and functions are the tables
// [Operators], [Names] and [Funcs]; [Help] writes them out.
//
// Every value is a 64-bit [core.Bitboard] (bit n is square n in LERF order,
// a1=0 … h8=63); numbers are bitboards too, so popcount(x) << 8 and
// P >> popcount(N) are both well defined. The files are split: this one
// holds the types and tables, expr_lex.go the tokens, expr_parse.go the
// precedence-climbing parser and expr_eval.go the evaluation.

// Limits on what Parse reads, so a pasted essay or a wall of
// parentheses gets a clear error rather than a slow page.
const (
	// MaxLength is the longest expression, in bytes, Parse reads.
	MaxLength = 1000
	// MaxDepth is how deeply parentheses, function calls and unary
	// operators may nest inside one another.
	MaxDepth = 100
)

// The kinds of expression error, wrapped by every [Error] (test with
// errors.Is).
var (
	// ErrSyntax: the text is not an expression (a missing operand or
	// parenthesis, a stray character, a malformed number).
	ErrSyntax = errors.New("invalid expression")
	// ErrName: an unknown name or function, a function used as a name
	// or the reverse, or a call with the wrong arguments.
	ErrName = errors.New("unknown or misused name")
	// ErrRange: a number that does not fit 64 bits.
	ErrRange = errors.New("number out of range")
	// ErrLimit: the expression is longer than MaxLength bytes or
	// nests deeper than MaxDepth.
	ErrLimit = errors.New("expression too large")
	// ErrNoPosition: Eval or Steps was given no position but the
	// expression names a piece bitboard.
	ErrNoPosition = errors.New("expression needs a position")
)

// An Error reports where and why an expression cannot be parsed or
// evaluated, in the spirit of strconv.NumError. Offset and End are byte
// offsets into Input with 0 ≤ Offset ≤ End ≤ len(Input): the span to
// underline, e.g. the unknown name or the whole offending call; at the end
// of the input Offset == End == len(Input).
type Error struct {
	Input  string // the expression as given
	Offset int    // byte offset of the first offending byte
	End    int    // byte offset just past the offending span
	Msg    string // what is wrong, lower case, e.g. "unknown name 'whitepawn' — did you mean 'whitePawns'?"
	Err    error  // ErrSyntax, ErrName, ErrRange, ErrLimit or ErrNoPosition
}

// Error returns e.g. `expression at offset 4: unknown name 'pawn' — did you mean 'pawns'?`.
func (e *Error) Error() string {
	return "expression at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns the kind of error, one of the Err… values.
func (e *Error) Unwrap() error { return e.Err }

// An Expr is a parsed bitboard expression. Its names are resolved when it
// is parsed, so the only error Eval can meet is a missing position. An Expr
// is immutable and safe for concurrent use.
type Expr struct {
	src   string
	nodes []node // in post-order: every node after its operands, the whole expression last
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
	Value core.Bitboard
	// Parent is the index in the Steps slice of the smallest enclosing
	// sub-expression, or -1 for the whole expression.
	Parent int
}

// An Operator is an operator of the expression language. Precedence
// follows C, C++, Rust and Java (not Go, whose & binds as tightly as <<
// and whose | binds as loosely as +).
type Operator struct {
	Symbol string // as typed: "~", "<<", "&", …
	Level  int    // precedence: 1 binds tightest (the unary operators), 7 loosest ("|")
	Unary  bool   // a prefix operator taking one operand
	Doc    string // what it does, for the help text
	apply  func(a, b core.Bitboard) core.Bitboard
}

// Operators lists the operators, tightest-binding first. The parser
// reads its precedence levels from this table. Binary operators group left
// to right: a - b - c is (a - b) - c. Arithmetic wraps modulo 2^64.
var Operators = []Operator{
	{"~", 1, true, "complement: every square not in the set (bitwise not)", func(a, _ core.Bitboard) core.Bitboard { return ^a }},
	{"-", 1, true, "two's-complement negation, ~x + 1 (x & -x keeps the lowest square)", func(a, _ core.Bitboard) core.Bitboard { return -a }},
	{"*", 2, false, "multiply, wrapping at 64 bits (as magic bitboards do)", func(a, b core.Bitboard) core.Bitboard { return a * b }},
	{"+", 3, false, "add, wrapping at 64 bits", func(a, b core.Bitboard) core.Bitboard { return a + b }},
	{"-", 3, false, "subtract, wrapping at 64 bits (x & (x - 1) drops the lowest square)", func(a, b core.Bitboard) core.Bitboard { return a - b }},
	{"<<", 4, false, "shift left (towards h8) by y bits; y ≥ 64 gives 0", shl},
	{">>", 4, false, "shift right (towards a1) by y bits, filling with zeros; y ≥ 64 gives 0", shr},
	{"&", 5, false, "and: the squares in both sets (intersection)", func(a, b core.Bitboard) core.Bitboard { return a & b }},
	{"^", 6, false, "xor: the squares in exactly one of the sets", func(a, b core.Bitboard) core.Bitboard { return a ^ b }},
	{"|", 7, false, "or: the squares in either set (union)", func(a, b core.Bitboard) core.Bitboard { return a | b }},
}

// shl shifts a left by n bits; Go defines a shift of an unsigned
// value by 64 or more as 0.
func shl(a, n core.Bitboard) core.Bitboard { return a << uint64(n) }

// shr shifts a right by n bits, 0 for n ≥ 64.
func shr(a, n core.Bitboard) core.Bitboard { return a >> uint64(n) }

// loosestLevel is the loosest precedence level of Operators.
const loosestLevel = 7

// An Name is a name the expression language knows: one of the page's
// bitboards of a position (see [core.BitboardNames]), a long alias of one, or a
// constant set of squares.
type Name struct {
	Name string // as typed, case-sensitive: "P", "whitePawns", "rank4", …
	Doc  string // what it stands for, e.g. "the white pawns"
	// Board is true when the value comes from the position (it needs one
	// to evaluate): a bitboard of it or an attack map computed from it;
	// false for a constant set such as rank4.
	Board bool
	of    func(*core.Position) core.Bitboard // the value, when Board
	value core.Bitboard                      // the constant, when !Board
}

// AttackMapNames lists the attack maps an expression may name, each with
// the key the page shows it by (attacked:w …, see the view package's
// AttackMaps) and its value, computed by core's attack-map methods.
var AttackMapNames = []struct {
	Name, Key, Doc string
	Of             func(*core.Position) core.Bitboard
}{
	{"attackedByWhite", "attacked:w", "every square a white piece attacks (defended pieces included)", func(p *core.Position) core.Bitboard { return p.Attacked(core.White) }},
	{"attackedByBlack", "attacked:b", "every square a black piece attacks (defended pieces included)", func(p *core.Position) core.Bitboard { return p.Attacked(core.Black) }},
	{"pinnedWhite", "pinned:w", "the white pieces pinned to their king", func(p *core.Position) core.Bitboard { return p.Pinned(core.White) }},
	{"pinnedBlack", "pinned:b", "the black pieces pinned to their king", func(p *core.Position) core.Bitboard { return p.Pinned(core.Black) }},
	{"checkers", "checkers", "the pieces giving check to the side to move", func(p *core.Position) core.Bitboard { return p.Checkers() }},
	{"pushesWhite", "push1:w", "the squares white pawns can advance to by one step, (P << 8) & empty", func(p *core.Position) core.Bitboard { return p.SinglePushes(core.White) }},
	{"doublePushesWhite", "push2:w", "the squares white pawns can reach by a double step from rank 2", func(p *core.Position) core.Bitboard { return p.DoublePushes(core.White) }},
	{"pushesBlack", "push1:b", "the squares black pawns can advance to by one step, (p >> 8) & empty", func(p *core.Position) core.Bitboard { return p.SinglePushes(core.Black) }},
	{"doublePushesBlack", "push2:b", "the squares black pawns can reach by a double step from rank 7", func(p *core.Position) core.Bitboard { return p.DoublePushes(core.Black) }},
}

// Names lists every name in the order the help shows them: the twelve
// FEN piece letters and the other names of [core.BitboardNames], their long
// aliases (whitePawns … blackKings, whitePieces, blackPieces, allOccupied,
// emptySquares), the attack maps of [AttackMapNames] (attackedByWhite,
// pinnedBlack, checkers, pushesWhite, …), then the constants rank1 …
// rank8, fileA … fileH, center and all. Square names (a1 … h8) are not listed: each is the set of that
// one square. Names are case-sensitive: P is the white pawns and p the
// black ones, so fileA is a name and filea is not (a near miss gets a
// suggestion). The letter b is the black bishops; b3 is a square.
var Names = func() []Name {
	var ns []Name
	for _, bn := range core.BitboardNames {
		ns = append(ns, Name{Name: bn.Name, Doc: bn.Description(), Board: true, of: bn.Of})
	}
	for _, bn := range core.BitboardNames[:core.PieceCount] {
		// "WhitePawns" → "whitePawns".
		alias := strings.ToLower(bn.Title[:1]) + bn.Title[1:]
		ns = append(ns, Name{Name: alias, Doc: "the same as " + bn.Name, Board: true, of: bn.Of})
	}
	for _, a := range [...]struct{ alias, name string }{
		{"whitePieces", "white"}, {"blackPieces", "black"}, {"allOccupied", "occupied"}, {"emptySquares", "empty"},
	} {
		bn, _ := core.LookupBitboard(a.name)
		ns = append(ns, Name{Name: a.alias, Doc: "the same as " + a.name, Board: true, of: bn.Of})
	}
	for _, m := range AttackMapNames {
		ns = append(ns, Name{Name: m.Name, Doc: m.Doc + " (the page's " + m.Key + ")", Board: true, of: m.Of})
	}
	for r := core.Rank1; r <= core.Rank8; r++ {
		ns = append(ns, Name{Name: "rank" + r.String(), Doc: "every square of rank " + r.String() + ", " + r.Bitboard().Hex(), value: r.Bitboard()})
	}
	for f := core.FileA; f <= core.FileH; f++ {
		ns = append(ns, Name{Name: "file" + strings.ToUpper(f.String()), Doc: "every square of the " + f.String() + "-file, " + f.Bitboard().Hex(), value: f.Bitboard()})
	}
	center := core.D4.Bitboard() | core.E4.Bitboard() | core.D5.Bitboard() | core.E5.Bitboard()
	return append(ns,
		Name{Name: "center", Doc: "the four centre squares d4 e4 d5 e5, " + center.Hex(), value: center},
		Name{Name: "all", Doc: "every square, " + core.AllSquares.Hex(), value: core.AllSquares})
}()

// An Func is a function of the expression language. Every function
// works on whole sets: knightAttacks(x) is the union of the attacks of a
// knight on each square of x.
type Func struct {
	Name   string // as typed: "knightAttacks"
	Params string // the parameters as the help writes them: "x", "color, x", "x, occ"
	Doc    string // what it returns
	arity  int
	color  bool // the first argument is the keyword white or black
	apply  func(a, b core.Bitboard) core.Bitboard
}

// Funcs lists the functions. The one-step shifts use [core.Bitboard.North]
// and its siblings, which drop the squares that would leave the board
// instead of wrapping them to the other edge; the attack functions use the
// set-wise attacks of attacks.go.
var Funcs = []Func{
	{"north", "x", "every square of x one rank up (x << 8); rank 8 falls off", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.North() }},
	{"south", "x", "every square of x one rank down (x >> 8); rank 1 falls off", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.South() }},
	{"east", "x", "every square of x one file right; the h-file falls off", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.East() }},
	{"west", "x", "every square of x one file left; the a-file falls off", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.West() }},
	{"ne", "x", "every square of x one step north-east", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.NorthEast() }},
	{"nw", "x", "every square of x one step north-west", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.NorthWest() }},
	{"se", "x", "every square of x one step south-east", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.SouthEast() }},
	{"sw", "x", "every square of x one step south-west", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.SouthWest() }},
	{"popcount", "x", "the number of squares in x, as a number (popcount(rank1) is 8)", 1, false, func(a, _ core.Bitboard) core.Bitboard { return core.Bitboard(a.Count()) }},
	{"lsb", "x", "the lowest square of x (nearest a1) as a one-square set; empty when x is empty", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.LSB().Bitboard() }},
	{"msb", "x", "the highest square of x (nearest h8) as a one-square set; empty when x is empty", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.MSB().Bitboard() }},
	{"knightAttacks", "x", "every square a knight on a square of x attacks", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.KnightAttacks() }},
	{"kingAttacks", "x", "every square a king on a square of x attacks", 1, false, func(a, _ core.Bitboard) core.Bitboard { return a.KingAttacks() }},
	{"pawnAttacks", "color, x", "every square a pawn of that colour (white or black) on a square of x attacks", 2, true, func(c, a core.Bitboard) core.Bitboard { return a.PawnAttacks(core.Color(c)) }},
	{"rookAttacks", "x, occ", "every square a rook on a square of x attacks, each ray stopping at the first square of occ", 2, false, func(a, occ core.Bitboard) core.Bitboard { return a.RookAttacks(occ) }},
	{"bishopAttacks", "x, occ", "every square a bishop on a square of x attacks, each ray stopping at the first square of occ", 2, false, func(a, occ core.Bitboard) core.Bitboard { return a.BishopAttacks(occ) }},
	{"queenAttacks", "x, occ", "every square a queen on a square of x attacks, each ray stopping at the first square of occ", 2, false, func(a, occ core.Bitboard) core.Bitboard { return a.QueenAttacks(occ) }},
}

// Lookup tables built once from the exported tables (so changing those
// slices later cannot break the parser).
var (
	nameIndex = func() map[string]Name {
		m := make(map[string]Name, len(Names))
		for _, n := range Names {
			m[n.Name] = n
		}
		return m
	}()
	funcIndex = func() map[string]Func {
		m := make(map[string]Func, len(Funcs))
		for _, f := range Funcs {
			m[f.Name] = f
		}
		return m
	}()
	// binaryOps and unaryOps map each operator symbol to its entry.
	binaryOps, unaryOps = func() (bin, un map[string]Operator) {
		bin, un = map[string]Operator{}, map[string]Operator{}
		for _, op := range Operators {
			if op.Unary {
				un[op.Symbol] = op
			} else {
				bin[op.Symbol] = op
			}
		}
		return bin, un
	}()
)

// Help describes the expression language for the page: the precedence
// table, numbers and squares, every name and every function, written out
// from Operators, Names and Funcs.
var Help = func() string {
	var sb strings.Builder
	sb.WriteString("Bitboard expressions: every value is a 64-bit bitboard, bit n = square n (a1 = 0, h1 = 7, a8 = 56, h8 = 63).\n\n")
	sb.WriteString("Operators, tightest first (as in C, C++, Rust and Java; not as in Go):\n")
	for _, op := range Operators {
		form := "x " + op.Symbol + " y"
		if op.Unary {
			form = op.Symbol + "x"
		}
		sb.WriteString("  " + strconv.Itoa(op.Level) + "  " + pad(form, 7) + op.Doc + "\n")
	}
	sb.WriteString("Binary operators group left to right: a - b - c is (a - b) - c; a & b << 1 is a & (b << 1); a | b ^ c is a | (b ^ c).\n")
	sb.WriteString("Parentheses group as usual, up to " + strconv.Itoa(MaxDepth) + " deep; an expression is at most " + strconv.Itoa(MaxLength) + " bytes.\n\n")
	sb.WriteString("Numbers: decimal 255, hex 0xff00, binary 0b1010, with _ between digits (0xff_00); at most 64 bits; no leading zeros (write 8, not 08).\n")
	sb.WriteString("Squares: a1 … h8, each the set of that one square (b alone is the black bishops, b3 a square).\n\n")
	sb.WriteString("Names (case-sensitive: P is the white pawns, p the black pawns; fileA, not filea):\n")
	for _, n := range Names {
		sb.WriteString("  " + pad(n.Name, 17) + n.Doc + "\n")
	}
	sb.WriteString("\nFunctions (each works on every square of its set at once):\n")
	for _, f := range Funcs {
		sb.WriteString("  " + pad(f.Name+"("+f.Params+")", 24) + f.Doc + "\n")
	}
	return sb.String()
}()

// pad pads s with spaces to n bytes, then adds one more space.
func pad(s string, n int) string {
	if len(s) < n {
		s += strings.Repeat(" ", n-len(s))
	}
	return s + " "
}
