package core

import (
	"testing"

	"github.com/bitview/bitview/core/internal/corpus"
)

// mustPosition parses fen or stops the test, returning the position by
// pointer.
func mustPosition(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return &p
}

// Positions drawn on a board and worked out by hand for the attack maps.
const (
	// White Ka1 Re1, Black Ke5: the rook's file stops at the king.
	xrayFEN = "8/8/8/4k3/8/8/8/K3R3 w - - 0 1"
	// White Ke1, pawns a2 h2; Black Ke8.
	edgePawnsFEN = "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1"
)

// TestAttackedByHand checks Attacked against sets listed square by square
// from a diagram.
func TestAttackedByHand(t *testing.T) {
	tests := []struct {
		name, fen string
		by        Color
		want      Bitboard
	}{
		// Rank 3 by pawns and knights; every rank-2 square defended (a2 Ra1,
		// b2 c2 Bc1/Qd1, d2 e2 f2 by K/Q/B/N, g2 Bf1, h2 Rh1); on rank 1
		// b1 (Ra1), c1 e1 (Qd1), d1 f1 (Ke1), g1 (Rh1) but not a1 or h1.
		{"start white", StartFEN, White, Rank3BB | Rank2BB | squares(B1, C1, D1, E1, F1, G1)},
		{"start black", StartFEN, Black, Rank6BB | Rank7BB | squares(B8, C8, D8, E8, F8, G8)},
		// Ka1: a2 b1 b2. Re1: e2 e3 e4 e5 (stops at the black king: e6 e7
		// e8 are behind it, the x-ray this map leaves out), d1 c1 b1 a1
		// (its own king, defended), f1 g1 h1.
		{"rook stops at the king", xrayFEN, White, squares(A2, B1, B2, E2, E3, E4, E5, D1, C1, A1, F1, G1, H1)},
		// Ke5: the eight squares around it.
		{"lone king", xrayFEN, Black, squares(D4, E4, F4, D5, F5, D6, E6, F6)},
		// a2 takes on b3 only, h2 on g3 only; Ke1: d1 f1 d2 e2 f2.
		{"edge pawns", edgePawnsFEN, White, squares(B3, G3, D1, F1, D2, E2, F2)},
		{"empty board", "8/8/8/8/8/8/8/8 w - - 0 1", White, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.fen)
			if got := p.Attacked(tt.by); got != tt.want {
				t.Errorf("%s: Attacked(%v) = %v,\nwant %v", tt.fen, tt.by, got.SquareList(), tt.want.SquareList())
			}
		})
	}
}

// TestAttacksFromByHand checks AttacksFrom on Kiwipete, whose board is
//
//	8 | r . . . k . . r
//	7 | p . p p q p b .
//	6 | b n . . p n p .
//	5 | . . . P N . . .
//	4 | . p . . P . . .
//	3 | . . N . . Q . p
//	2 | P P P B B P P P
//	1 | R . . . K . . R
//	    a b c d e f g h
func TestAttacksFromByHand(t *testing.T) {
	p := mustPosition(t, kiwipete)
	tests := []struct {
		sq   Square
		want Bitboard
	}{
		// Qf3: f4 f5 f6(n) | f2(P) | g3 h3(p) | e3 d3 c3(N) | g4 h5 | e4(P) | g2(P) | e2(B).
		{F3, squares(F4, F5, F6, F2, G3, H3, E3, D3, C3, G4, H5, E4, G2, E2)},
		// Ne5: all eight knight squares are on the board.
		{E5, squares(D7, F7, G6, G4, F3, D3, C4, C6)},
		// Black pawn b4 attacks diagonally south: a3 c3.
		{B4, squares(A3, C3)},
		// White pawn d5: c6 e6 (its pushes are not attacks).
		{D5, squares(C6, E6)},
		// Ba6: b7 c8 | b5 c4 d3 e2(B); nothing west of the a-file.
		{A6, squares(B7, C8, B5, C4, D3, E2)},
		// Ra1: a2(P) | b1 c1 d1 e1(K).
		{A1, squares(A2, B1, C1, D1, E1)},
		// Ke1: d1 f1 d2 e2 f2.
		{E1, squares(D1, F1, D2, E2, F2)},
		{D4, 0},       // empty square
		{NoSquare, 0}, // no square at all
	}
	for _, tt := range tests {
		if got := p.AttacksFrom(tt.sq); got != tt.want {
			t.Errorf("kiwipete: AttacksFrom(%v) = %v,\nwant %v", tt.sq, got.SquareList(), tt.want.SquareList())
		}
	}
}

// TestPinnedByHand checks Pinned on positions built to have, or to almost
// have, a pin.
func TestPinnedByHand(t *testing.T) {
	tests := []struct {
		name, fen string
		c         Color
		want      Bitboard
	}{
		// Ke1 Be2 against re7 on the e-file: the bishop is pinned.
		{"file pin", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", White, squares(E2)},
		// ... and no white piece stands on a line from Ke8.
		{"file pin other side", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", Black, 0},
		// Ka1 Nb2 against qd4 on the long diagonal (c3 empty).
		{"diagonal pin by queen", "k7/8/8/8/3q4/8/1N6/K7 w - - 0 1", White, squares(B2)},
		// The same with Pc3 added: two pieces between, no pin.
		{"two blockers", "k7/8/8/8/3q4/2P5/1N6/K7 w - - 0 1", White, 0},
		// A black knight between is the attacker's own piece: no pin.
		{"own piece of the slider", "k7/8/8/8/3q4/8/1n6/K7 w - - 0 1", White, 0},
		// A rook does not move diagonally: no pin.
		{"wrong slider", "k7/8/8/8/3r4/8/1N6/K7 w - - 0 1", White, 0},
		// Ke8: Nd7 pinned by Ba4 over b5 c6, Pe7 by Re1 over e2–e6; the
		// rooks f8 h8 are Black's own and pin nothing.
		{"two pins", "4kr1r/3np3/8/8/B7/8/8/4R1K1 b - - 0 1", Black, squares(D7, E7)},
		{"no king", "8/8/8/8/3q4/8/1N6/8 w - - 0 1", White, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.fen)
			if got := p.Pinned(tt.c); got != tt.want {
				t.Errorf("%s: Pinned(%v) = %v, want %v", tt.fen, tt.c, got.SquareList(), tt.want.SquareList())
			}
		})
	}
}

// TestCheckersByHand checks Checkers for the side to move.
func TestCheckersByHand(t *testing.T) {
	tests := []struct {
		name, fen string
		want      Bitboard
	}{
		{"start", StartFEN, 0},
		// CPW perft position 4: bb6 sees g1 over c5 d4 e3 f2, all empty.
		{"cpw-pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", squares(B6)},
		// Ke1: ra1 along b1 c1 d1, and nf3 (one file, two ranks): double check.
		{"double check", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", squares(A1, F3)},
		// Black to move, Ke8 checked by Re1 up the open e-file.
		{"black in check", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", squares(E1)},
		// White's rook checks Black, but White is to move: not a checker.
		{"side not to move", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", 0},
		{"no king", "8/8/8/8/8/8/8/r7 w - - 0 1", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.fen)
			if got := p.Checkers(); got != tt.want {
				t.Errorf("%s: Checkers() = %v, want %v", tt.fen, got.SquareList(), tt.want.SquareList())
			}
		})
	}
}

// TestPushesByHand checks SinglePushes and DoublePushes.
func TestPushesByHand(t *testing.T) {
	tests := []struct {
		name, fen      string
		c              Color
		single, double Bitboard
	}{
		{"start white", StartFEN, White, Rank3BB, Rank4BB},
		{"start black", StartFEN, Black, Rank6BB, Rank5BB},
		// Pawns a2 b2 c2 f2 g2 h2 d5 e4: c3 (N), f3 (Q), h3 (p) and e5 (N)
		// are taken, so a3 b3 g3 d6; of a3 b3 g3, b4 is taken (p): a4 g4.
		{"kiwipete white", kiwipete, White, squares(A3, B3, G3, D6), squares(A4, G4)},
		// Pawns a7 c7 d7 f7 e6 g6 b4 h3: a6 (b), f6 (n), e5 (N), h2 (P)
		// are taken, so c6 d6 g5 b3; of c6 d6, d5 is taken (P): c5.
		{"kiwipete black", kiwipete, Black, squares(C6, D6, G5, B3), squares(C5)},
		// A pawn already past its start rank never double-pushes; a pawn on
		// the last rank (an impossible position) pushes off the board.
		{"no double from rank 3", "4k3/8/8/8/8/P7/8/4K2P w - - 0 1", White, squares(A4, H2), 0},
		{"last rank", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", White, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.fen)
			if got := p.SinglePushes(tt.c); got != tt.single {
				t.Errorf("%s: SinglePushes(%v) = %v, want %v", tt.fen, tt.c, got.SquareList(), tt.single.SquareList())
			}
			if got := p.DoublePushes(tt.c); got != tt.double {
				t.Errorf("%s: DoublePushes(%v) = %v, want %v", tt.fen, tt.c, got.SquareList(), tt.double.SquareList())
			}
		})
	}
}

// attackMapFENs returns the start position, Kiwipete and every position
// of testdata/positions.txt.
func attackMapFENs(t *testing.T) []string {
	t.Helper()
	fens := []string{StartFEN, kiwipete, xrayFEN, edgePawnsFEN}
	for _, e := range corpus.Read(t) {
		fens = append(fens, e.FEN)
	}
	return fens
}

// TestAttackMapsBruteForce checks every attack map against a computation
// square by square on the start position, Kiwipete and the whole corpus:
// Attacked(c) against IsAttacked on all 64 squares, AttacksFrom against
// AttackersTo, Pinned against removing each piece to see whether a slider
// then reaches the king, Checkers against AttackersTo of the king, and the
// pushes against the mailbox.
func TestAttackMapsBruteForce(t *testing.T) {
	for _, fen := range attackMapFENs(t) {
		p := mustPosition(t, fen)
		for c := White; c <= Black; c++ {
			var want, union Bitboard
			for sq := A1; sq < NoSquare; sq++ {
				if p.IsAttacked(sq, c) {
					want.Set(sq)
				}
				if p.PieceAt(sq) != NoPiece && p.PieceAt(sq).Color() == c {
					union |= p.AttacksFrom(sq)
				}
			}
			if got := p.Attacked(c); got != want {
				t.Errorf("%s: Attacked(%v) = %v,\nIsAttacked says %v", fen, c, got.SquareList(), want.SquareList())
			}
			if union != want {
				t.Errorf("%s: union of AttacksFrom over %v's pieces = %v,\nIsAttacked says %v", fen, c, union.SquareList(), want.SquareList())
			}
			if got, want := p.Pinned(c), pinnedByRemoval(p, c); got != want {
				t.Errorf("%s: Pinned(%v) = %v, removal says %v", fen, c, got.SquareList(), want.SquareList())
			}
			single, double := pushesByMailbox(p, c)
			if got := p.SinglePushes(c); got != single {
				t.Errorf("%s: SinglePushes(%v) = %v, mailbox says %v", fen, c, got.SquareList(), single.SquareList())
			}
			if got := p.DoublePushes(c); got != double {
				t.Errorf("%s: DoublePushes(%v) = %v, mailbox says %v", fen, c, got.SquareList(), double.SquareList())
			}
		}
		for from := A1; from < NoSquare; from++ {
			pc := p.PieceAt(from)
			for to := A1; to < NoSquare; to++ {
				attacks := p.AttacksFrom(from).Has(to)
				if pc == NoPiece && attacks || pc != NoPiece && attacks != p.AttackersTo(to, pc.Color()).Has(from) {
					t.Errorf("%s: AttacksFrom(%v).Has(%v) = %v disagrees with AttackersTo", fen, from, to, attacks)
				}
			}
		}
		var checkers Bitboard
		if k := p.King(p.SideToMove); k != NoSquare {
			checkers = p.AttackersTo(k, p.SideToMove.Other())
		}
		if got := p.Checkers(); got != checkers {
			t.Errorf("%s: Checkers() = %v, AttackersTo says %v", fen, got.SquareList(), checkers.SquareList())
		}
	}
}

// pinnedByRemoval returns the pieces of colour c (other than its king)
// whose removal lets an enemy bishop, rook or queen attack c's king.
func pinnedByRemoval(p *Position, c Color) Bitboard {
	k := p.King(c)
	if k == NoSquare {
		return 0
	}
	them := c.Other()
	sliders := p.Types(Bishop) | p.Types(Rook) | p.Types(Queen)
	before := p.AttackersTo(k, them) & sliders
	var pinned Bitboard
	for sq := range p.Colors(c).Squares() {
		if sq == k {
			continue
		}
		q := *p
		q.Remove(sq)
		if q.AttackersTo(k, them)&sliders&^before != 0 {
			pinned.Set(sq)
		}
	}
	return pinned
}

// pushesByMailbox returns the single and double push targets of c's pawns,
// one pawn at a time from the mailbox.
func pushesByMailbox(p *Position, c Color) (single, double Bitboard) {
	step, start := 8, Rank2
	if c == Black {
		step, start = -8, Rank7
	}
	for sq := A1; sq < NoSquare; sq++ {
		if p.PieceAt(sq) != NewPiece(c, Pawn) {
			continue
		}
		one := int(sq) + step
		if one < 0 || one >= SquareCount || p.PieceAt(Square(one)) != NoPiece {
			continue
		}
		single.Set(Square(one))
		if two := one + step; sq.Rank() == start && p.PieceAt(Square(two)) == NoPiece {
			double.Set(Square(two))
		}
	}
	return single, double
}

// BenchmarkAttacked times the attack map of each side on the benchmark
// positions.
func BenchmarkAttacked(b *testing.B) {
	for _, bf := range benchFENs {
		p := mustPosition(b, bf.fen)
		b.Run(bf.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkAttackMap = p.Attacked(White) | p.Attacked(Black)
			}
		})
	}
}

var sinkAttackMap Bitboard
