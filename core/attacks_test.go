package core

import (
	"math/rand/v2"
	"testing"
)

func squares(sqs ...Square) Bitboard {
	var b Bitboard
	for _, sq := range sqs {
		b.Set(sq)
	}
	return b
}

func TestLeaperAttacks(t *testing.T) {
	tests := []struct {
		name string
		got  Bitboard
		want Bitboard
	}{
		{"knight a1", KnightAttacks(A1), squares(B3, C2)},
		{"knight e4", KnightAttacks(E4), squares(D6, F6, G5, G3, F2, D2, C3, C5)},
		{"knight h8", KnightAttacks(H8), squares(G6, F7)},
		{"king a1", KingAttacks(A1), squares(A2, B2, B1)},
		{"king e4", KingAttacks(E4), squares(D3, D4, D5, E3, E5, F3, F4, F5)},
		{"white pawn e4", PawnAttacks(White, E4), squares(D5, F5)},
		{"white pawn a2", PawnAttacks(White, A2), squares(B3)},
		{"black pawn e4", PawnAttacks(Black, E4), squares(D3, F3)},
		{"black pawn h7", PawnAttacks(Black, H7), squares(G6)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got.SquareList(), tt.want.SquareList())
		}
	}
}

func TestSlidingAttacks(t *testing.T) {
	occ := squares(E6, C4, E2, G4, B7, G2)
	tests := []struct {
		name string
		got  Bitboard
		want Bitboard
	}{
		{"rook e4 blocked", RookAttacks(E4, occ), squares(E5, E6, F4, G4, E3, E2, D4, C4)},
		{"rook a1 empty", RookAttacks(A1, 0), (FileABB | Rank1BB) &^ A1.Bitboard()},
		{"bishop e4 blocked", BishopAttacks(E4, occ), squares(F5, G6, H7, D5, C6, B7, F3, G2, D3, C2, B1)},
		{"bishop a1 empty", BishopAttacks(A1, 0), squares(B2, C3, D4, E5, F6, G7, H8)},
		{"queen d1 start", QueenAttacks(D1, Rank1BB|Rank2BB), squares(C1, E1, C2, D2, E2)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got.SquareList(), tt.want.SquareList())
		}
	}
}

// TestAttackedSquares counts the squares each side attacks in positions
// whose counts were worked out by hand.
func TestAttackedSquares(t *testing.T) {
	tests := []struct {
		fen          string
		white, black int
	}{
		// Start: rank 3 (8), rank 2 (8), and b1..g1 (6) defended by a piece.
		{StartFEN, 22, 22},
		// Lone kings on e1/e8: 5 squares each.
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 5, 5},
	}
	for _, tt := range tests {
		p, _ := ParseFEN(tt.fen)
		var counts [2]int
		for sq := A1; sq < NoSquare; sq++ {
			for c := White; c <= Black; c++ {
				if p.IsAttacked(sq, c) {
					counts[c]++
				}
			}
		}
		if counts != [2]int{tt.white, tt.black} {
			t.Errorf("%s: attacked squares %v, want [%d %d]", tt.fen, counts, tt.white, tt.black)
		}
	}
	p, _ := ParseFEN(kiwipete)
	for _, tt := range []struct {
		sq   Square
		by   Color
		want Bitboard
	}{{E6, White, squares(D5)}, {F7, White, squares(E5)}, {D5, Black, squares(E6, B6, F6)}, {G2, Black, squares(H3)}} {
		if got := p.AttackersTo(tt.sq, tt.by); got != tt.want {
			t.Errorf("kiwipete: %v attackers of %v = %v, want %v", tt.by, tt.sq, got.SquareList(), tt.want.SquareList())
		}
	}
}

// TestSetAttacksByHand checks the set-wise attacks of a few sets whose
// attacks were worked out on a board diagram, square by square.
func TestSetAttacksByHand(t *testing.T) {
	tests := []struct {
		name string
		got  Bitboard
		want Bitboard
	}{
		// b1: a3 c3 d2; g1: f3 h3 e2.
		{"knights b1 g1", squares(B1, G1).KnightAttacks(), squares(A3, C3, D2, F3, H3, E2)},
		// a1 reaches only b3 c2, h8 only g6 f7: nothing wraps to the far file.
		{"knights in two corners", squares(A1, H8).KnightAttacks(), squares(B3, C2, G6, F7)},
		// a1: a2 b1 b2; c1: b1 b2 c2 d2 d1 (b1 and b2 counted once).
		{"kings a1 c1", squares(A1, C1).KingAttacks(), squares(A2, B1, B2, C2, D2, D1)},
		// Side by side, each king attacks the other's square.
		{"kings e4 e5", squares(E4, E5).KingAttacks(), squares(D3, E3, F3, D4, F4, D5, F5, D6, E6, F6, E4, E5)},
		{"white pawns rank 2", Rank2BB.PawnAttacks(White), Rank3BB},
		// a2 and h2 attack inward only: no wrap to h3 or a4.
		{"white pawns a2 h2", squares(A2, H2).PawnAttacks(White), squares(B3, G3)},
		{"black pawns a7 h7", squares(A7, H7).PawnAttacks(Black), squares(B6, G6)},
		{"white pawn h8 falls off", squares(H8).PawnAttacks(White), 0},
		{"black pawn a1 falls off", squares(A1).PawnAttacks(Black), 0},
		// a1 rook: a2–a8, b1–h1; h8 rook: h1–h7, a8–g8; neither reaches a1 or h8.
		{"rooks a1 h8 empty board", squares(A1, H8).RookAttacks(0), (FileABB | FileHBB | Rank1BB | Rank8BB) &^ squares(A1, H8)},
		// The a1 rook stops at a4; the h8 rook is not a blocker unless occupied says so.
		{"rooks a1 h8 blocked", squares(A1, H8).RookAttacks(squares(A4, H8, A1)), squares(A2, A3, A4, B1, C1, D1, E1, F1, G1, H1, H2, H3, H4, H5, H6, H7, A8, B8, C8, D8, E8, F8, G8)},
		// c1: b2 a3, d2 e3 f4 g5 h6; f1: e2 d3 c4 b5 a6, g2 h3.
		{"bishops c1 f1", squares(C1, F1).BishopAttacks(0), squares(B2, A3, D2, E3, F4, G5, H6, E2, D3, C4, B5, A6, G2, H3)},
		// d1 queen in the start position: c1 e1 c2 d2 e2 and nothing beyond.
		{"queen d1 start", squares(D1).QueenAttacks(Rank1BB | Rank2BB), squares(C1, E1, C2, D2, E2)},
		{"empty set", Bitboard(0).KnightAttacks() | Bitboard(0).KingAttacks() | Bitboard(0).PawnAttacks(White) | Bitboard(0).QueenAttacks(0), 0},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got.SquareList(), tt.want.SquareList())
		}
	}
}

// unionOfAttacks is the reference for the set-wise attacks: the union of
// the per-square table lookups over every square of b.
func unionOfAttacks(b, occ Bitboard) (knight, king, whitePawn, blackPawn, rook, bishop, queen Bitboard) {
	for sq := range b.Squares() {
		knight |= KnightAttacks(sq)
		king |= KingAttacks(sq)
		whitePawn |= PawnAttacks(White, sq)
		blackPawn |= PawnAttacks(Black, sq)
		rook |= RookAttacks(sq, occ)
		bishop |= BishopAttacks(sq, occ)
		queen |= QueenAttacks(sq, occ)
	}
	return
}

// checkSetAttacks fails t unless every set-wise attack of b agrees with the
// union of the per-square attacks.
func checkSetAttacks(t *testing.T, b, occ Bitboard) {
	t.Helper()
	kn, ki, wp, bp, r, bi, q := unionOfAttacks(b, occ)
	for _, c := range []struct {
		name      string
		got, want Bitboard
	}{
		{"KnightAttacks()", b.KnightAttacks(), kn},
		{"KingAttacks()", b.KingAttacks(), ki},
		{"PawnAttacks(White)", b.PawnAttacks(White), wp},
		{"PawnAttacks(Black)", b.PawnAttacks(Black), bp},
		{"RookAttacks(occ)", b.RookAttacks(occ), r},
		{"BishopAttacks(occ)", b.BishopAttacks(occ), bi},
		{"QueenAttacks(occ)", b.QueenAttacks(occ), q},
	} {
		if c.got != c.want {
			t.Fatalf("Bitboard(%#016x).%s with occ %#016x = %#016x, want the union of per-square attacks %#016x",
				uint64(b), c.name, uint64(occ), uint64(c.got), uint64(c.want))
		}
	}
}

// TestSetAttacksMatchPerSquare checks the set-wise attacks against the
// per-square tables: every single square on an empty and on a random
// board, then random sets of every density.
func TestSetAttacksMatchPerSquare(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for sq := A1; sq < NoSquare; sq++ {
		checkSetAttacks(t, sq.Bitboard(), 0)
		checkSetAttacks(t, sq.Bitboard(), Bitboard(rng.Uint64()))
	}
	for range 2000 {
		// AND-ing random words makes sparse sets, OR-ing dense ones.
		b, occ := Bitboard(rng.Uint64()), Bitboard(rng.Uint64()&rng.Uint64())
		switch rng.IntN(3) {
		case 0:
			b &= Bitboard(rng.Uint64() & rng.Uint64())
		case 1:
			b |= Bitboard(rng.Uint64())
		}
		checkSetAttacks(t, b, occ)
	}
	checkSetAttacks(t, AllSquares, AllSquares)
	checkSetAttacks(t, AllSquares, 0)
}

// FuzzSetAttacks checks that every set-wise attack equals the union of the
// per-square attacks for any set and occupancy.
func FuzzSetAttacks(f *testing.F) {
	f.Add(uint64(0), uint64(0))
	f.Add(uint64(Rank2BB), uint64(Rank1BB|Rank2BB|Rank7BB|Rank8BB))
	f.Add(uint64(FileABB|FileHBB), uint64(0x8100000000000081))
	f.Add(^uint64(0), ^uint64(0))
	f.Fuzz(func(t *testing.T, b, occ uint64) {
		checkSetAttacks(t, Bitboard(b), Bitboard(occ))
	})
}

func TestAttackersToNoSquare(t *testing.T) {
	p, _ := ParseFEN(kiwipete)
	if p.AttackersTo(NoSquare, White) != 0 || p.IsAttacked(NoSquare, Black) {
		t.Error("NoSquare is attacked")
	}
}
