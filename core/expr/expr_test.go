package expr

import (
	"errors"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/internal/corpus"
)

// Positions for the expression tests.
const (
	// After 1.Nf3 and after 1.Nc3.
	afterNf3FEN = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
	afterNc3FEN = "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1"
)

// evalExpr parses and evaluates src on p (which may be nil), failing t on
// any error.
func evalExpr(t *testing.T, src string, p *core.Position) core.Bitboard {
	t.Helper()
	e, err := Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	v, err := e.Eval(p)
	if err != nil {
		t.Fatalf("Parse(%q).Eval: %v", src, err)
	}
	return v
}

// precedence holds, for every precedence level and each pair of
// neighbouring levels, an expression of constants, the grouping C gives it
// and its value worked out by hand. Each comment shows the sum; the wrong
// grouping would give a different value, named after "not".
var precedence = []struct {
	src, grouped string
	want         core.Bitboard
}{
	// Level 1 (unary) over 2 (*): (~1) * 2 = 0x…fffe * 2 = 0x…fffc; not ~(1 * 2) = 0x…fffd.
	{"~1 * 2", "(~1 * 2)", 0xfffffffffffffffc},
	// Unary over everything: (~0) >> 60 = 0xf; not ~(0 >> 60) = all.
	{"~0 >> 60", "(~0 >> 60)", 0xf},
	// (-1) >> 63: -1 is all ones, so 1; not -(1 >> 63) = 0.
	{"-1 >> 63", "(-1 >> 63)", 0x1},
	{"~~5", "~~5", 0x5},
	{"- -5", "--5", 0x5},
	// ~0 is all ones, i.e. -1 in two's complement; its negation is 1.
	{"-~0", "-~0", 0x1},
	// Level 2 (*) over 3 (+): 1 + 6 = 7; not 3 * 3 = 9.
	{"1 + 2 * 3", "(1 + (2 * 3))", 0x7},
	{"2 * 3 - 1", "((2 * 3) - 1)", 0x5},
	// Level 3 (+ -) over 4 (<< >>), as in C: 1 << 3 = 8; not 4 + 1 = 5.
	{"1 << 2 + 1", "(1 << (2 + 1))", 0x8},
	// 0x100 >> 3 = 0x20; not 0x10 - 1 = 0xf.
	{"0x100 >> 4 - 1", "(0x100 >> (4 - 1))", 0x20},
	// Level 4 (<<) over 5 (&): 0xf0 & 0xff0 = 0xf0; not 0xf0 << 4 = 0xf00.
	{"0xf0 & 0xff << 4", "(0xf0 & (0xff << 4))", 0xf0},
	// The brief's a & b << 1: d4 << 1 is e4 (bit 28), e4 & e4 = 0x10000000;
	// not (e4 & d4) << 1 = 0.
	{"e4 & d4 << 1", "(e4 & (d4 << 1))", 0x10000000},
	// Level 5 (&) over 6 (^): 1100 ^ (1010 & 0110 = 0010) = 1110; not 0110 & 0110 = 0110.
	{"0b1100 ^ 0b1010 & 0b0110", "(0b1100 ^ (0b1010 & 0b0110))", 0xe},
	// Level 6 (^) over 7 (|), the brief's a | b ^ c: 1100 | (1010 ^ 0110 =
	// 1100) = 1100; not 1110 ^ 0110 = 1000.
	{"0b1100 | 0b1010 ^ 0b0110", "(0b1100 | (0b1010 ^ 0b0110))", 0xc},
	// & over |: 1 | (3 & 2 = 2) = 3; not 3 & 2 = 2.
	{"1 | 3 & 2", "(1 | (3 & 2))", 0x3},
	{"(1 | 3) & 2", "((1 | 3) & 2)", 0x2},
	// rank1 | (rank8 & fileA = a8, bit 56) = 0x01000000000000ff.
	{"rank1 | rank8 & fileA", "(rank1 | (rank8 & fileA))", 0x01000000000000ff},
	// All levels at once: ((((1+1) << (1+1)) & 7) ^ 1) | 8 = ((8 & 7) ^ 1) | 8 = 9.
	{"1 + 1 << 1 + 1 & 7 ^ 1 | 8", "(((((1 + 1) << (1 + 1)) & 7) ^ 1) | 8)", 0x9},
	// Left to right within a level: (16 - 4) - 2 = 10, not 14.
	{"16 - 4 - 2", "((16 - 4) - 2)", 0xa},
	// (256 >> 2) >> 1 = 32; not 256 >> 1 = 128.
	{"256 >> 2 >> 1", "((256 >> 2) >> 1)", 0x20},
	// (1 << 2) << 3 = 32; not 1 << 16.
	{"1 << 2 << 3", "((1 << 2) << 3)", 0x20},
	// x & -x keeps the lowest bit of 101000: 1000.
	{"0b101000 & -0b101000", "(0b101000 & -0b101000)", 0x8},
	// x & (x - 1) drops it: 101000 & 100111 = 100000.
	{"0b101000 & 0b101000 - 1", "(0b101000 & (0b101000 - 1))", 0x20},
	// Shifts by 64 or more give 0; by 63 the top bit.
	{"1 << 63", "(1 << 63)", 0x8000000000000000},
	{"1 << 64", "(1 << 64)", 0},
	{"all >> 64", "(all >> 64)", 0},
	{"1 << 0xffffffffffffffff", "(1 << 0xffffffffffffffff)", 0},
	{"1 << (1 << 6)", "(1 << (1 << 6))", 0},
	// Arithmetic wraps modulo 2^64.
	{"0xffffffffffffffff + 1", "(0xffffffffffffffff + 1)", 0},
	{"0 - 1", "(0 - 1)", 0xffffffffffffffff},
	{"0x8000000000000000 * 2", "(0x8000000000000000 * 2)", 0},
	// Board shifts: rank 2 one rank up is rank 3; the a-file seven files
	// right is the h-file; the h-file one bit left wraps onto the a-file
	// one rank up (why east() masks the h-file first).
	{"rank2 << 8", "(rank2 << 8)", 0x0000000000ff0000},
	{"fileA << 7", "(fileA << 7)", 0x8080808080808080},
	{"fileH << 1", "(fileH << 1)", 0x0101010101010100},
	// Numbers: separators, upper-case prefixes and digits, the largest value.
	{"0xff_00", "0xff_00", 0xff00},
	{"1_000", "1_000", 1000},
	{"0b1111_0000", "0b1111_0000", 0xf0},
	{"0XFF", "0XFF", 0xff},
	{"0B11", "0B11", 0x3},
	{"0", "0", 0},
	{"18446744073709551615", "18446744073709551615", 0xffffffffffffffff},
	{"0b" + strings.Repeat("1", 64), "0b" + strings.Repeat("1", 64), 0xffffffffffffffff},
	// Blanks anywhere between tokens; parentheses only group.
	{" \t(( 1 ))\r\n|\n2 ", "(1 | 2)", 0x3},
}

// TestExprPrecedence checks every precedence level against values worked
// out by hand, and the grouping the parser chose. The expressions are
// constants, so they evaluate without a position.
func TestExprPrecedence(t *testing.T) {
	for _, tt := range precedence {
		t.Run(tt.src, func(t *testing.T) {
			e, err := Parse(tt.src)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.src, err)
			}
			if got := e.Parenthesized(); got != tt.grouped {
				t.Errorf("Parse(%q) groups as %s, want %s", tt.src, got, tt.grouped)
			}
			if e.NeedsPosition() {
				t.Errorf("Parse(%q).NeedsPosition() = true for a constant", tt.src)
			}
			got, err := e.Eval(nil)
			if err != nil || got != tt.want {
				t.Errorf("Parse(%q).Eval(nil) = %#016x, %v; want %#016x", tt.src, uint64(got), err, uint64(tt.want))
			}
		})
	}
}

// TestExprOperatorTable checks that the operator table the parser and the
// help read runs from level 1 to the loosest level without gaps.
func TestExprOperatorTable(t *testing.T) {
	level := 1
	for _, op := range Operators {
		if op.Level != level && op.Level != level+1 {
			t.Errorf("operator %q has level %d after level %d: the table must be sorted without gaps", op.Symbol, op.Level, level)
		}
		level = op.Level
		if op.Unary != (op.Level == 1) {
			t.Errorf("operator %q: unary %v at level %d; only level 1 is unary", op.Symbol, op.Unary, op.Level)
		}
	}
	if level != loosestLevel {
		t.Errorf("loosest level is %d, loosestLevel says %d", level, loosestLevel)
	}
}

// TestExprNames evaluates every name on the start position against its
// value written out by hand (P is rank 2 = 0xff00, N is b1 g1 = bits 1
// and 6 = 0x42, and so on), and checks the table has no name unaccounted
// for.
func TestExprNames(t *testing.T) {
	start := coretest.MustPosition(t, core.StartFEN)
	want := map[string]core.Bitboard{
		"P": 0xff00, "N": 0x42, "B": 0x24, "R": 0x81, "Q": 0x08, "K": 0x10,
		"p": 0x00ff000000000000, "n": 0x4200000000000000, "b": 0x2400000000000000,
		"r": 0x8100000000000000, "q": 0x0800000000000000, "k": 0x1000000000000000,
		"white": 0xffff, "black": 0xffff000000000000,
		"occupied": 0xffff00000000ffff, "empty": 0x0000ffffffff0000,
		"pawns": 0x00ff00000000ff00, "knights": 0x4200000000000042, "bishops": 0x2400000000000024,
		"rooks": 0x8100000000000081, "queens": 0x0800000000000008, "kings": 0x1000000000000010,
		"whitePawns": 0xff00, "whiteKnights": 0x42, "whiteBishops": 0x24,
		"whiteRooks": 0x81, "whiteQueens": 0x08, "whiteKings": 0x10,
		"blackPawns": 0x00ff000000000000, "blackKnights": 0x4200000000000000, "blackBishops": 0x2400000000000000,
		"blackRooks": 0x8100000000000000, "blackQueens": 0x0800000000000000, "blackKings": 0x1000000000000000,
		"whitePieces": 0xffff, "blackPieces": 0xffff000000000000,
		"allOccupied": 0xffff00000000ffff, "emptySquares": 0x0000ffffffff0000,
		// Every square of ranks 2 and 3 and b1 … g1 (a1 and h1 have no
		// defender); Black's mirror image.
		"attackedByWhite": 0x0000000000ffff7e, "attackedByBlack": 0x7effff0000000000,
		"pinnedWhite": 0, "pinnedBlack": 0, "checkers": 0,
		"pushesWhite": 0xff0000, "doublePushesWhite": 0xff000000,
		"pushesBlack": 0xff0000000000, "doublePushesBlack": 0xff00000000,
		"rank1": 0xff, "rank2": 0xff00, "rank3": 0xff0000, "rank4": 0xff000000,
		"rank5": 0xff00000000, "rank6": 0xff0000000000, "rank7": 0xff000000000000, "rank8": 0xff00000000000000,
		"fileA": 0x0101010101010101, "fileB": 0x0202020202020202, "fileC": 0x0404040404040404, "fileD": 0x0808080808080808,
		"fileE": 0x1010101010101010, "fileF": 0x2020202020202020, "fileG": 0x4040404040404040, "fileH": 0x8080808080808080,
		// d4 e4 d5 e5 are bits 27 28 35 36.
		"center": 0x0000001818000000,
		"all":    0xffffffffffffffff,
		// b alone is the black bishops (above); b3 is bit 17.
		"b3": 0x20000, "a1": 0x1, "h8": 0x8000000000000000, "e4": 0x10000000,
	}
	for name, w := range want {
		if got := evalExpr(t, name, start); got != w {
			t.Errorf("%s on the start position = %#016x (%v), want %#016x", name, uint64(got), got.SquareList(), uint64(w))
		}
	}
	seen := map[string]bool{}
	for _, n := range Names {
		if _, ok := want[n.Name]; !ok {
			t.Errorf("name %q has no expected value in this test", n.Name)
		}
		if seen[n.Name] {
			t.Errorf("name %q listed twice", n.Name)
		}
		seen[n.Name] = true
		if _, ok := funcIndex[n.Name]; ok {
			t.Errorf("%q is both a name and a function", n.Name)
		}
		if _, ok := core.ParseSquare(n.Name); ok {
			t.Errorf("%q is both a name and a square", n.Name)
		}
		if n.Doc == "" {
			t.Errorf("name %q has no doc", n.Name)
		}
	}
	for _, bn := range core.BitboardNames { // the page's names are all in the language
		if !seen[bn.Name] {
			t.Errorf("BitboardNames entry %q is not an expression name", bn.Name)
		}
	}
	for sq := core.A1; sq < core.NoSquare; sq++ {
		if got := evalExpr(t, sq.String(), nil); got != sq.Bitboard() {
			t.Errorf("square %v = %#x, want %#x", sq, uint64(got), uint64(sq.Bitboard()))
		}
	}
}

// TestExprFunctions checks every function on inputs whose results were
// worked out square by square (bit n is square n: a1=0, e4=28, h8=63).
func TestExprFunctions(t *testing.T) {
	start := coretest.MustPosition(t, core.StartFEN)
	tests := []struct {
		src  string
		want core.Bitboard
	}{
		{"north(e4)", 0x0000001000000000}, // e5, bit 36
		{"south(e4)", 0x0000000000100000}, // e3, bit 20
		{"east(e4)", 0x0000000020000000},  // f4, bit 29
		{"west(e4)", 0x0000000008000000},  // d4, bit 27
		{"ne(e4)", 0x0000002000000000},    // f5, bit 37
		{"nw(e4)", 0x0000000800000000},    // d5, bit 35
		{"se(e4)", 0x0000000000200000},    // f3, bit 21
		{"sw(e4)", 0x0000000000080000},    // d3, bit 19
		{"north(rank8) | south(rank1)", 0},
		{"east(fileH) | west(fileA)", 0}, // no wrap to the other edge
		{"ne(h4) | nw(a4) | se(h4) | sw(a1)", 0},
		{"east(fileA)", 0x0202020202020202},
		{"popcount(all)", 64},
		{"popcount(0)", 0},
		{"popcount(P)", 8},
		{"popcount(rank1 | fileA)", 15},
		{"lsb(P)", 0x100},  // a2
		{"msb(P)", 0x8000}, // h2
		{"lsb(0) | msb(0)", 0},
		{"lsb(all)", 0x1},
		{"msb(all)", 0x8000000000000000},
		// b1: a3 c3 d2; g1: f3 h3 e2 = bits 16 18 11 21 23 12.
		{"knightAttacks(b1 | g1)", 0x0000000000a51800},
		{"knightAttacks(N)", 0x0000000000a51800}, // the same knights, by name
		// a1: a2 b1 b2 = bits 8 1 9.
		{"kingAttacks(a1)", 0x302},
		{"pawnAttacks(white, e4)", 0x0000002800000000}, // d5 f5, bits 35 37
		{"pawnAttacks(black, e4)", 0x0000000000280000}, // d3 f3, bits 19 21
		{"pawnAttacks(white, P)", 0xff0000},            // all of rank 3
		{"pawnAttacks(black, p) & P", 0},               // rank 6 and rank 2 never meet
		// a1 on an empty board: the a-file and rank 1 without a1.
		{"rookAttacks(a1, 0)", 0x01010101010101fe},
		// Blocked at a4: a2 a3 a4, and b1 … h1.
		{"rookAttacks(a1, a4)", 0x00000000010101fe},
		// Set-wise: the a- and h-files and ranks 1 and 8 without a1, h8.
		{"rookAttacks(a1 | h8, 0)", 0x7f818181818181fe},
		// c1 stopped at once by b2 and d2 (bits 9 and 11).
		{"bishopAttacks(c1, P)", 0xa00},
		// d1 in the start position: c1 e1 c2 d2 e2 = bits 2 4 10 11 12.
		{"queenAttacks(d1, occupied)", 0x1c14},
		{"queenAttacks(Q, occupied)", 0x1c14},
	}
	for _, tt := range tests {
		if got := evalExpr(t, tt.src, start); got != tt.want {
			t.Errorf("%s on the start position = %#016x (%v), want %#016x (%v)", tt.src, uint64(got), got.SquareList(), uint64(tt.want), tt.want.SquareList())
		}
	}
	for _, f := range Funcs {
		found := false
		for _, tt := range tests {
			found = found || strings.HasPrefix(tt.src, f.Name+"(")
		}
		if !found {
			t.Errorf("function %s has no test", f.Name)
		}
	}
}

// TestExprArticles evaluates the expressions of the reference articles as
// they are written.
func TestExprArticles(t *testing.T) {
	start, nf3, nc3 := coretest.MustPosition(t, core.StartFEN), coretest.MustPosition(t, afterNf3FEN), coretest.MustPosition(t, afterNc3FEN)
	tests := []struct {
		src  string
		p    *core.Position
		name string
		want core.Bitboard
	}{
		// Every white pawn one rank up, where empty: rank 3.
		{"(whitePawns << 8) & ~allOccupied", start, "start", 0x0000000000ff0000},
		// A knight on e4 reaches c3 c5 d2 d6 f2 f6 g3 g5; the white knights
		// stand on b1 and g1: none of them.
		{"knightAttacks(e4) & N", start, "start", 0},
		{"popcount(knightAttacks(e4) & N)", start, "start", 0},
		// After 1.Nf3 the knights are on b1 and f3. f3 is a diagonal step
		// from e4, not a knight's move, so the answer is still the empty
		// set and the count 0.
		{"knightAttacks(e4) & N", nf3, "1.Nf3", 0},
		{"popcount(knightAttacks(e4) & N)", nf3, "1.Nf3", 0},
		// ... whereas from e5 the knight reaches f3 (bit 21).
		{"knightAttacks(e5) & N", nf3, "1.Nf3", 0x200000},
		// After 1.Nc3 the knight on c3 (bit 18) is one of e4's squares.
		{"knightAttacks(e4) & N", nc3, "1.Nc3", 0x40000},
		{"popcount(knightAttacks(e4) & N)", nc3, "1.Nc3", 1},
		// Black's single pushes after 1.Nf3: rank 6.
		{"(blackPawns >> 8) & emptySquares", nf3, "1.Nf3", 0x0000ff0000000000},
	}
	for _, tt := range tests {
		if got := evalExpr(t, tt.src, tt.p); got != tt.want {
			t.Errorf("%s after %s = %#016x (%v), want %#016x (%v)", tt.src, tt.name, uint64(got), got.SquareList(), uint64(tt.want), tt.want.SquareList())
		}
	}
}

// TestExprMatchesAttackMaps checks expressions against the attack maps
// they spell out, on Kiwipete.
func TestExprMatchesAttackMaps(t *testing.T) {
	p := coretest.MustPosition(t, corpus.Kiwipete)
	tests := []struct {
		src  string
		want core.Bitboard
	}{
		{"pawnAttacks(white, P) | knightAttacks(N) | kingAttacks(K) | bishopAttacks(B | Q, occupied) | rookAttacks(R | Q, occupied)", p.Attacked(core.White)},
		{"pawnAttacks(black, p) | knightAttacks(n) | kingAttacks(k) | bishopAttacks(b | q, occupied) | rookAttacks(r | q, occupied)", p.Attacked(core.Black)},
		{"(P << 8) & empty", p.SinglePushes(core.White)},
		{"(((P << 8) & empty & rank3) << 8) & empty", p.DoublePushes(core.White)},
		{"(p >> 8) & empty", p.SinglePushes(core.Black)},
		{"(((p >> 8) & empty & rank6) >> 8) & empty", p.DoublePushes(core.Black)},
		{"attackedByWhite", p.Attacked(core.White)},
		{"attackedByBlack", p.Attacked(core.Black)},
		{"pushesWhite ^ doublePushesWhite", p.SinglePushes(core.White) ^ p.DoublePushes(core.White)},
		{"pushesBlack | doublePushesBlack", p.SinglePushes(core.Black) | p.DoublePushes(core.Black)},
		{"pinnedWhite | pinnedBlack | checkers", p.Pinned(core.White) | p.Pinned(core.Black) | p.Checkers()},
	}
	for _, tt := range tests {
		if got := evalExpr(t, tt.src, p); got != tt.want {
			t.Errorf("kiwipete: %s = %v, want %v", tt.src, got.SquareList(), tt.want.SquareList())
		}
	}
}

// TestExprAttackMapNames checks the attack-map names on a position with a
// pin and a check, worked out square by square: the black rook on e8 pins
// the white bishop on e2 to the king on e1, which the rook on h1 checks.
func TestExprAttackMapNames(t *testing.T) {
	p := coretest.MustPosition(t, "4r1k1/8/8/8/8/8/4B3/4K2r w - - 0 1")
	tests := []struct {
		src  string
		want core.Bitboard
	}{
		{"pinnedWhite", core.E2.Bitboard()},
		{"pinnedBlack", 0},
		{"checkers", core.H1.Bitboard()},
		// Rook e8: e7 … e2, d8 … a8, f8, g8; king g8: f8, h8, f7, g7, h7;
		// rook h1: g1, f1, e1, h2 … h8.
		{"attackedByBlack", 0xeff0909090909070},
		{"attackedByBlack & K", core.E1.Bitboard()},
		{"popcount(checkers)", 1},
		// Of the king's neighbours, the rooks hit e2 and f1 (d1 is behind
		// the king, which blocks the h1 rook, as Attacked documents).
		{"attackedByBlack & kingAttacks(K)", core.E2.Bitboard() | core.F1.Bitboard()},
	}
	for _, tt := range tests {
		if got := evalExpr(t, tt.src, p); got != tt.want {
			t.Errorf("%s = %v (%#x), want %v", tt.src, got.SquareList(), uint64(got), tt.want.SquareList())
		}
	}
	for _, m := range AttackMapNames {
		if !strings.Contains(Help, "  "+m.Name+" ") || !strings.Contains(Help, m.Key) {
			t.Errorf("Help lacks %s (%s)", m.Name, m.Key)
		}
		if got := evalExpr(t, m.Name, p); got != m.Of(p) {
			t.Errorf("%s = %v, want %v", m.Name, got.SquareList(), m.Of(p).SquareList())
		}
	}
	if e, _ := Parse("checkers | a1"); !e.NeedsPosition() {
		t.Error("checkers does not need a position")
	}
}

// TestExprSteps checks the steps of the first article expression, listed
// by hand: offsets count bytes of "(whitePawns << 8) & ~allOccupied".
func TestExprSteps(t *testing.T) {
	const src = "(whitePawns << 8) & ~allOccupied"
	start := coretest.MustPosition(t, core.StartFEN)
	want := []Step{
		{Start: 1, End: 11, Text: "whitePawns", Value: 0xff00, Parent: 2},
		{Start: 15, End: 16, Text: "8", Value: 8, Parent: 2},
		{Start: 0, End: 17, Text: "(whitePawns << 8)", Value: 0xff0000, Parent: 5},
		{Start: 21, End: 32, Text: "allOccupied", Value: 0xffff00000000ffff, Parent: 4},
		{Start: 20, End: 32, Text: "~allOccupied", Value: 0x0000ffffffff0000, Parent: 5},
		{Start: 0, End: 32, Text: src, Value: 0xff0000, Parent: -1},
	}
	e, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.Steps(start)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("Steps(%q) = %d steps %+v, want %d", src, len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Steps(%q)[%d] = %+v, want %+v", src, i, got[i], want[i])
		}
	}

	// The colour keyword is not a step: pawnAttacks(white, P) has two.
	e, _ = Parse("pawnAttacks(white, P)")
	got, _ = e.Steps(start)
	want = []Step{
		{Start: 19, End: 20, Text: "P", Value: 0xff00, Parent: 1},
		{Start: 0, End: 21, Text: "pawnAttacks(white, P)", Value: 0xff0000, Parent: -1},
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Steps(pawnAttacks(white, P)) = %+v, want %+v", got, want)
	}
}

// checkSteps fails t unless steps describe e evaluated to want: spans
// inside the source with matching text, parents after their children, a
// single root last.
func checkSteps(t *testing.T, e *Expr, steps []Step, want core.Bitboard) {
	t.Helper()
	src := e.String()
	if len(steps) == 0 || steps[len(steps)-1].Parent != -1 || steps[len(steps)-1].Value != want {
		t.Fatalf("Steps(%q): last step %+v is not the whole expression with value %#x", src, steps[len(steps)-1], uint64(want))
	}
	for i, s := range steps {
		if s.Start < 0 || s.Start > s.End || s.End > len(src) || s.Text != src[s.Start:s.End] {
			t.Fatalf("Steps(%q)[%d] = %+v: span and text disagree", src, i, s)
		}
		if i < len(steps)-1 && (s.Parent <= i || s.Parent >= len(steps)) {
			t.Fatalf("Steps(%q)[%d] = %+v: parent must come after it", src, i, s)
		}
		if p := s.Parent; p >= 0 && (steps[p].Start > s.Start || steps[p].End < s.End) {
			t.Fatalf("Steps(%q)[%d] = %+v lies outside its parent %+v", src, i, s, steps[p])
		}
	}
}

// errors lists bad inputs with the span, kind and message expected.
var badExprs = []struct {
	name, src   string
	offset, end int
	kind        error
	msg         string
}{
	{"empty", "", 0, 0, ErrSyntax, "the expression is empty"},
	{"blank", " \t", 2, 2, ErrSyntax, "the expression is empty"},
	{"unknown name", "whitepawn", 0, 9, ErrName, "unknown name 'whitepawn' — did you mean 'whitePawns'?"},
	{"unknown name later", "P | whitepawn", 4, 13, ErrName, "did you mean 'whitePawns'?"},
	{"file case", "filea", 0, 5, ErrName, "did you mean 'fileA'? (names are case-sensitive)"},
	{"alias case", "WhitePawns", 0, 10, ErrName, "did you mean 'whitePawns'?"},
	{"function case", "Popcount(P)", 0, 8, ErrName, "unknown function 'Popcount' — did you mean 'popcount'?"},
	{"misspelt function", "popcnt(P)", 0, 6, ErrName, "did you mean 'popcount'?"},
	{"rank 9", "rank9", 0, 5, ErrName, "the ranks are rank1 … rank8"},
	{"file I", "fileI", 0, 5, ErrName, "the files are fileA … fileH"},
	{"no such square", "i9", 0, 2, ErrName, "there is no square 'i9': squares run from a1 to h8"},
	{"square case", "E4", 0, 2, ErrName, "did you mean the square 'e4'?"},
	{"no suggestion", "x", 0, 1, ErrName, "unknown name 'x'"},
	{"side shorthand", "pawnAttacks(w, P)", 12, 13, ErrName, "unknown name 'w' — did you mean 'white'?"},
	{"side shorthand upper case", "W & K", 0, 1, ErrName, "unknown name 'W' — did you mean 'white'?"},
	{"piece shorthand", "wp | bk", 0, 2, ErrName, "unknown name 'wp' — did you mean 'P'?"},
	{"piece shorthand later", "P | bk", 4, 6, ErrName, "unknown name 'bk' — did you mean 'k'?"},
	{"occupancy shorthand", "rookAttacks(a1, occ)", 16, 19, ErrName, "did you mean 'occupied'?"},
	{"attack map without colour", "attacked & K", 0, 8, ErrName, "did you mean 'attackedByWhite' or 'attackedByBlack'?"},
	{"pinned without colour", "pinned", 0, 6, ErrName, "did you mean 'pinnedWhite' or 'pinnedBlack'?"},
	{"misspelt attack map", "attackedByWhit", 0, 14, ErrName, "did you mean 'attackedByWhite'?"},
	{"attack map case", "Checkers", 0, 8, ErrName, "did you mean 'checkers'? (names are case-sensitive)"},
	{"bishops for black", "pawnAttacks(b, P)", 12, 13, ErrName, "takes the colour first: pawnAttacks(white, x) or pawnAttacks(black, x) ('b' is the black bishops)"},
	{"word for operator", "P and N", 2, 5, ErrSyntax, "'and' is not an operator here: write '&'"},
	{"word for operator alone", "and", 0, 3, ErrName, "'and' is not an operator here: write '&'"},
	{"word in parens", "(P or N)", 3, 5, ErrSyntax, "'or' is not an operator here: write '|'"},
	{"unclosed paren", "(P | N", 6, 6, ErrSyntax, "expected ')' to close '(' at 0, found the end"},
	{"unclosed paren at 4", "P & (N | B", 10, 10, ErrSyntax, "expected ')' to close '(' at 4"},
	{"junk in paren", "(P N)", 3, 4, ErrSyntax, "expected ')' to close '(' at 0, found 'N'"},
	{"too many arguments", "popcount(P, N)", 0, 14, ErrName, "popcount takes 1 argument, got 2"},
	{"too few arguments", "rookAttacks(P)", 0, 14, ErrName, "rookAttacks takes 2 arguments, got 1"},
	{"no arguments", "popcount()", 0, 10, ErrName, "popcount takes 1 argument, got 0"},
	{"colour alone", "pawnAttacks(white)", 0, 18, ErrName, "pawnAttacks takes 2 arguments, got 1"},
	{"colour not first", "pawnAttacks(P, N)", 12, 13, ErrName, "pawnAttacks takes the colour first"},
	{"colour alias", "pawnAttacks(whitePieces, P)", 12, 23, ErrName, "pawnAttacks(white, x) or pawnAttacks(black, x)"},
	{"function without call", "north P", 0, 5, ErrName, "'north' is a function: write north(x)"},
	{"name called", "P(N)", 0, 1, ErrName, "'P' is a bitboard, not a function"},
	{"square called", "e4 (N)", 0, 2, ErrName, "'e4' is a square, not a function"},
	{"unclosed call", "north(P", 7, 7, ErrSyntax, "expected ',' or ')' to close 'north(' at 0, found the end"},
	{"missing right operand", "P &", 3, 3, ErrSyntax, "expected a name, number or '(' after '&', found the end"},
	{"missing left operand", "& P", 0, 1, ErrSyntax, "expected a name, number or '(' at the start, found '&'"},
	{"two operators", "P & & N", 4, 5, ErrSyntax, "after '&', found '&'"},
	{"missing operator", "P N", 2, 3, ErrSyntax, "missing operator before 'N'"},
	{"unary after operand", "P ~N", 2, 3, ErrSyntax, "missing operator before '~'"},
	{"unmatched paren", "P)", 1, 2, ErrSyntax, "unmatched ')'"},
	{"stray comma", "P, N", 1, 2, ErrSyntax, "unexpected ','"},
	{"empty parens", "()", 0, 2, ErrSyntax, "empty parentheses"},
	{"hex too big", "0x1ffffffffffffffff", 0, 19, ErrRange, "number 0x1ffffffffffffffff does not fit 64 bits"},
	{"decimal too big", "18446744073709551616", 0, 20, ErrRange, "does not fit 64 bits"},
	{"binary too big", "0b1" + strings.Repeat("0", 64), 0, 67, ErrRange, "does not fit 64 bits"},
	{"bare prefix", "0x", 0, 2, ErrSyntax, "'0x' needs hex digits after it"},
	{"binary digit", "0b102", 4, 5, ErrSyntax, "'2' is not a binary digit"},
	{"decimal digit", "12ab", 2, 3, ErrSyntax, "'a' is not a decimal digit"},
	{"hex digit", "0xfg", 3, 4, ErrSyntax, "'g' is not a hex digit"},
	{"double underscore", "1__0", 1, 2, ErrSyntax, "'_' in a number must stand between two digits"},
	{"trailing underscore", "1_", 1, 2, ErrSyntax, "between two digits"},
	{"underscore after prefix", "0x_ff", 2, 3, ErrSyntax, "between two digits"},
	{"leading zero", "010", 0, 3, ErrSyntax, "number 010 has a leading zero"},
	{"logical and", "P && N", 2, 4, ErrSyntax, "'&&' is logical, not bitwise: write a single '&'"},
	{"logical or", "P || N", 2, 4, ErrSyntax, "write a single '|'"},
	{"go and-not", "P &^ N", 2, 4, ErrSyntax, "'&^' is Go's and-not: write a & ~b"},
	{"java shift", "P >>> 1", 2, 5, ErrSyntax, "'>>>' is Java's unsigned shift"},
	{"less than", "P < 1", 2, 3, ErrSyntax, "'<' is not an operator: the shifts are '<<' and '>>'"},
	{"logical not", "!P", 0, 1, ErrSyntax, "'!' is logical not: write '~'"},
	{"division", "P / 2", 2, 3, ErrSyntax, "unexpected character '/'"},
	{"assignment", "x = P", 0, 1, ErrName, "unknown name 'x'"},
	{"non-ascii", "P é", 2, 4, ErrSyntax, "unexpected character 'é' (U+00E9)"},
	{"invalid utf-8", "P \xff", 2, 3, ErrSyntax, "unexpected character byte 0xff"},
	{"control byte", "P\x00", 1, 2, ErrSyntax, "unexpected character"},
	{"too deep parens", strings.Repeat("(", MaxDepth+1) + "P" + strings.Repeat(")", MaxDepth+1), MaxDepth, MaxDepth + 1, ErrLimit, "more than 100"},
	{"too deep unary", strings.Repeat("~", MaxDepth+1) + "P", MaxDepth, MaxDepth + 1, ErrLimit, "more than 100"},
	// The 101st '(' is the one of the 101st "north(", at 100·6 + 5.
	{"too deep calls", strings.Repeat("north(", MaxDepth+1) + "P" + strings.Repeat(")", MaxDepth+1), 605, 606, ErrLimit, "more than 100"},
	{"too long", strings.Repeat("P|", 500) + "P", MaxLength, 1001, ErrLimit, "the expression is longer than 1000 bytes, the limit"},
	// A name or number is quoted up to 40 characters, then its length (package excerpt).
	{"long unknown name", "P | " + strings.Repeat("z", 990), 4, 994, ErrName, "unknown name '" + strings.Repeat("z", 40) + "… (990 bytes)'"},
	{"long number", "P | " + strings.Repeat("7", 990), 4, 994, ErrRange, "number " + strings.Repeat("7", 40) + "… (990 bytes) does not fit 64 bits"},
	{"long token after a name", "P " + strings.Repeat("z", 990), 2, 992, ErrSyntax, "missing operator before '" + strings.Repeat("z", 40) + "… (990 bytes)'"},
	// Byte 1000 is the second byte of an é: the error starts at its first.
	{"too long inside a character", "PP" + strings.Repeat("|é", 334), MaxLength - 1, 1004, ErrLimit, "longer than 1000 bytes, the limit"},
}

// TestParseExprErrors checks the span, kind and message of each bad input.
func TestParseExprErrors(t *testing.T) {
	for _, tt := range badExprs {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Parse(tt.src)
			var ee *Error
			if !errors.As(err, &ee) {
				t.Fatalf("Parse(%q) = %v, %v; want an *Error", tt.src, e, err)
			}
			if ee.Offset != tt.offset || ee.End != tt.end || !errors.Is(err, tt.kind) || !strings.Contains(ee.Msg, tt.msg) {
				t.Errorf("Parse(%q) = span [%d,%d) kind %v msg %q,\n want span [%d,%d) kind %v msg containing %q",
					tt.src, ee.Offset, ee.End, ee.Err, ee.Msg, tt.offset, tt.end, tt.kind, tt.msg)
			}
			if ee.Input != tt.src || !strings.Contains(err.Error(), "offset ") || !strings.HasSuffix(err.Error(), ee.Msg) {
				t.Errorf("Parse(%q) error %q: Input %q, want the source and the message", tt.src, err, ee.Input)
			}
		})
	}
	// The deepest nesting allowed parses.
	for _, src := range []string{
		strings.Repeat("(", MaxDepth) + "P" + strings.Repeat(")", MaxDepth),
		strings.Repeat("~", MaxDepth) + "P",
		strings.Repeat("P|", 499) + "P ", // exactly MaxLength bytes
	} {
		if _, err := Parse(src); err != nil {
			t.Errorf("Parse(%d bytes at the limits): %v", len(src), err)
		}
	}
}

// TestExprEvalWithoutPosition checks that constant expressions evaluate
// without a position and position names report where they are.
func TestExprEvalWithoutPosition(t *testing.T) {
	e, _ := Parse("rank2 << 8 | P")
	_, err := e.Eval(nil)
	var ee *Error
	if !errors.As(err, &ee) || !errors.Is(err, ErrNoPosition) || ee.Offset != 13 || ee.End != 14 || !strings.Contains(ee.Msg, "'P' is a bitboard of the position") {
		t.Errorf("Eval(nil) of %q = %v, want ErrNoPosition at [13,14)", e, err)
	}
	if _, err := e.Steps(nil); !errors.Is(err, ErrNoPosition) {
		t.Errorf("Steps(nil) of %q = %v, want ErrNoPosition", e, err)
	}
	if !e.NeedsPosition() {
		t.Errorf("%q: NeedsPosition() = false", e)
	}
	var none *Expr
	if _, err := none.Eval(nil); err == nil {
		t.Error("nil *Expr evaluated without error")
	}
	if _, err := none.Steps(nil); err == nil {
		t.Error("nil *Expr stepped without error")
	}
	if none.Parenthesized() != "" || none.String() != "" || none.NeedsPosition() {
		t.Error("nil *Expr has a grouping, a source or a need for a position")
	}
}

// TestExprHelp checks that the help text mentions every operator, name and
// function of the tables the parser uses.
func TestExprHelp(t *testing.T) {
	for _, op := range Operators {
		form := "x " + op.Symbol + " y"
		if op.Unary {
			form = op.Symbol + "x"
		}
		if !strings.Contains(Help, form) || !strings.Contains(Help, op.Doc) {
			t.Errorf("Help lacks operator %q", op.Symbol)
		}
	}
	for _, n := range Names {
		if !strings.Contains(Help, "  "+n.Name+" ") {
			t.Errorf("Help lacks name %q", n.Name)
		}
	}
	for _, f := range Funcs {
		if !strings.Contains(Help, f.Name+"("+f.Params+")") || f.Doc == "" {
			t.Errorf("Help lacks function %s(%s)", f.Name, f.Params)
		}
	}
}

// TestExprEvalNoAlloc checks that evaluating a parsed classroom expression
// does not allocate.
func TestExprEvalNoAlloc(t *testing.T) {
	p := coretest.MustPosition(t, core.StartFEN)
	e, _ := Parse("(whitePawns << 8) & ~allOccupied | popcount(knightAttacks(e4) & N)")
	if n := testing.AllocsPerRun(100, func() { _, _ = e.Eval(p) }); n != 0 {
		t.Errorf("Eval allocates %v times, want 0", n)
	}
}

// FuzzParseExpr checks that Parse never panics; that every error is an
// *Error whose span lies inside the input; and that every expression
// it accepts evaluates without panicking, steps to the same value, and
// reads back from its parenthesised form with the same value.
func FuzzParseExpr(f *testing.F) {
	for _, tt := range precedence {
		f.Add(tt.src)
	}
	for _, tt := range badExprs {
		f.Add(tt.src)
	}
	for _, n := range Names {
		f.Add(n.Name)
	}
	for _, fn := range Funcs {
		f.Add(fn.Name + "(" + fn.Params + ")")
	}
	f.Add("(whitePawns << 8) & ~allOccupied")
	f.Add("popcount(knightAttacks(e4) & N)")
	f.Add("pawnAttacks(black, p) | queenAttacks(Q, occupied) ^ -lsb(b) * 0x0101_0101")
	p := coretest.MustPosition(f, corpus.Kiwipete)
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src)
		if err != nil {
			var ee *Error
			if !errors.As(err, &ee) || ee.Offset < 0 || ee.Offset > ee.End || ee.End > len(src) || ee.Msg == "" || ee.Input != src {
				t.Fatalf("Parse(%q) error %#v", src, err)
			}
			for _, kind := range []error{ErrSyntax, ErrName, ErrRange, ErrLimit} {
				if errors.Is(err, kind) {
					return
				}
			}
			t.Fatalf("Parse(%q) error %v of unknown kind", src, err)
		}
		v, err := e.Eval(p)
		if err != nil {
			t.Fatalf("Parse(%q).Eval(kiwipete): %v", src, err)
		}
		if _, err := e.Eval(nil); (err != nil) != e.NeedsPosition() || err != nil && !errors.Is(err, ErrNoPosition) {
			t.Fatalf("Parse(%q).Eval(nil) = %v with NeedsPosition() = %v", src, err, e.NeedsPosition())
		}
		steps, err := e.Steps(p)
		if err != nil {
			t.Fatalf("Parse(%q).Steps: %v", src, err)
		}
		checkSteps(t, e, steps, v)
		grouped := e.Parenthesized()
		again, err := Parse(grouped)
		if errors.Is(err, ErrLimit) {
			return // the parentheses made it longer or deeper than allowed
		}
		if err != nil {
			t.Fatalf("Parse(%q).Parenthesized() = %q does not parse: %v", src, grouped, err)
		}
		if w, _ := again.Eval(p); w != v || again.Parenthesized() != grouped {
			t.Fatalf("%q = %#x groups as %q = %#x, regrouped %q", src, uint64(v), grouped, uint64(w), again.Parenthesized())
		}
	})
}

var sinkExpr core.Bitboard

// BenchmarkExpr times the first article expression on the start position:
// parsed and evaluated each time as the playground does on every key, and
// evaluated alone or step by step once parsed.
func BenchmarkExpr(b *testing.B) {
	const src = "(whitePawns << 8) & ~allOccupied"
	p := coretest.MustPosition(b, core.StartFEN)
	b.Run("parse+eval", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e, err := Parse(src)
			if err != nil {
				b.Fatal(err)
			}
			sinkExpr, _ = e.Eval(p)
		}
	})
	e, _ := Parse(src)
	b.Run("eval", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkExpr, _ = e.Eval(p)
		}
	})
	b.Run("steps", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			steps, _ := e.Steps(p)
			sinkExpr = steps[0].Value
		}
	})
}
