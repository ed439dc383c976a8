package core

import "testing"

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
			t.Errorf("%s = %v, want %v", tt.name, squareList(tt.got), squareList(tt.want))
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
			t.Errorf("%s = %v, want %v", tt.name, squareList(tt.got), squareList(tt.want))
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
			t.Errorf("kiwipete: %v attackers of %v = %v, want %v", tt.by, tt.sq, squareList(got), squareList(tt.want))
		}
	}
}
