package core

// A direction of movement on the board, as the eight shifts of a Bitboard.
type direction uint8

const (
	north direction = iota
	east
	northEast
	northWest
	south
	west
	southEast
	southWest
	directionCount
)

// step applies one step in direction d to every square of b.
func (b Bitboard) step(d direction) Bitboard {
	switch d {
	case north:
		return b.North()
	case east:
		return b.East()
	case northEast:
		return b.NorthEast()
	case northWest:
		return b.NorthWest()
	case south:
		return b.South()
	case west:
		return b.West()
	case southEast:
		return b.SouthEast()
	default:
		return b.SouthWest()
	}
}

// Attack tables, filled once from the shifts above. rays[d][sq] holds every
// square from sq (exclusive) to the edge in direction d; directions before
// south increase the square index, the others decrease it.
var (
	knightAttacks [SquareCount]Bitboard
	kingAttacks   [SquareCount]Bitboard
	pawnAttacks   [ColorCount][SquareCount]Bitboard
	rays          [directionCount][SquareCount]Bitboard
)

func init() {
	for sq := A1; sq < NoSquare; sq++ {
		b := sq.Bitboard()
		for d := north; d < directionCount; d++ {
			kingAttacks[sq] |= b.step(d)
			for r := b.step(d); r != 0; r = r.step(d) {
				rays[d][sq] |= r
			}
		}
		n, s := b.North().North(), b.South().South()
		e, w := b.East().East(), b.West().West()
		knightAttacks[sq] = n.East() | n.West() | s.East() | s.West() |
			e.North() | e.South() | w.North() | w.South()
		pawnAttacks[White][sq] = b.NorthEast() | b.NorthWest()
		pawnAttacks[Black][sq] = b.SouthEast() | b.SouthWest()
	}
}

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq] }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq] }

// PawnAttacks returns the squares a pawn of colour c on sq attacks
// (diagonally forward: north for White, south for Black).
func PawnAttacks(c Color, sq Square) Bitboard { return pawnAttacks[c][sq] }

// slide returns the squares along direction d from sq up to and including
// the first occupied square.
func slide(d direction, sq Square, occupied Bitboard) Bitboard {
	ray := rays[d][sq]
	if blockers := ray & occupied; blockers != 0 {
		first := blockers.LSB()
		if d >= south {
			first = blockers.MSB()
		}
		ray ^= rays[d][first]
	}
	return ray
}

// RookAttacks returns the squares a rook on sq attacks when the squares of
// occupied are taken: along ranks and files, each ray up to and including
// its first occupied square.
func RookAttacks(sq Square, occupied Bitboard) Bitboard {
	return slide(north, sq, occupied) | slide(east, sq, occupied) |
		slide(south, sq, occupied) | slide(west, sq, occupied)
}

// BishopAttacks returns the squares a bishop on sq attacks when the squares
// of occupied are taken, each diagonal ray up to its first occupied square.
func BishopAttacks(sq Square, occupied Bitboard) Bitboard {
	return slide(northEast, sq, occupied) | slide(northWest, sq, occupied) |
		slide(southEast, sq, occupied) | slide(southWest, sq, occupied)
}

// QueenAttacks returns the union of RookAttacks and BishopAttacks.
func QueenAttacks(sq Square, occupied Bitboard) Bitboard {
	return RookAttacks(sq, occupied) | BishopAttacks(sq, occupied)
}

// AttackersTo returns the pieces of colour by that attack sq in p, with
// sliding attacks blocked by p's occupancy.
func (p *Position) AttackersTo(sq Square, by Color) Bitboard {
	occ := p.occupied
	queens := p.pieces[NewPiece(by, Queen)]
	return pawnAttacks[by.Other()][sq]&p.pieces[NewPiece(by, Pawn)] |
		knightAttacks[sq]&p.pieces[NewPiece(by, Knight)] |
		kingAttacks[sq]&p.pieces[NewPiece(by, King)] |
		BishopAttacks(sq, occ)&(p.pieces[NewPiece(by, Bishop)]|queens) |
		RookAttacks(sq, occ)&(p.pieces[NewPiece(by, Rook)]|queens)
}

// IsAttacked reports whether any piece of colour by attacks sq in p.
func (p *Position) IsAttacked(sq Square, by Color) bool {
	return p.AttackersTo(sq, by) != 0
}
