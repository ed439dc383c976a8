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

	// rookRays[sq] and bishopRays[sq] are a rook's and a bishop's attacks
	// from sq on an empty board (where a slider must stand to pin or
	// check along a line through sq).
	rookRays, bishopRays [SquareCount]Bitboard
	// between[a][b] and line[a][b]: see BetweenBB and LineBB.
	between, line [SquareCount][SquareCount]Bitboard
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
	// The line geometry, from the rays above (Stockfish's BetweenBB and
	// LineBB, computed once): each direction d pairs with its opposite.
	for a := A1; a < NoSquare; a++ {
		rookRays[a] = rays[north][a] | rays[east][a] | rays[south][a] | rays[west][a]
		bishopRays[a] = rays[northEast][a] | rays[northWest][a] | rays[southEast][a] | rays[southWest][a]
		for d := north; d < directionCount; d++ {
			back := opposite[d]
			full := rays[d][a] | rays[back][a] | a.Bitboard()
			for b := range rays[d][a].Squares() {
				between[a][b] = rays[d][a] & rays[back][b]
				line[a][b] = full
			}
		}
	}
}

// opposite maps each direction to the one pointing back.
var opposite = [directionCount]direction{
	north: south, east: west, northEast: southWest, northWest: southEast,
	south: north, west: east, southEast: northWest, southWest: northEast,
}

// BetweenBB returns the squares strictly between a and b when they share a
// rank, file or diagonal, else the empty set (also when a == b or either
// is NoSquare): the squares that block a check from b on a king on a, or
// on which a piece pinned by b stands.
func BetweenBB(a, b Square) Bitboard {
	if a >= NoSquare || b >= NoSquare {
		return 0
	}
	return between[a][b]
}

// LineBB returns the whole rank, file or diagonal through a and b, edge to
// edge and including both, when they share one, else the empty set (also
// when a == b or either is NoSquare): the squares a piece pinned on that
// line may move to.
func LineBB(a, b Square) Bitboard {
	if a >= NoSquare || b >= NoSquare {
		return 0
	}
	return line[a][b]
}

// KnightAttacks returns the squares a knight on sq attacks.
// sq must be a square: NoSquare panics (index out of range).
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq] }

// KingAttacks returns the squares a king on sq attacks.
// sq must be a square: NoSquare panics (index out of range).
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq] }

// PawnAttacks returns the squares a pawn of colour c on sq attacks
// (diagonally forward: north for White, south for Black).
// sq must be a square: NoSquare panics (index out of range).
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
// its first occupied square. sq must be a square: NoSquare panics (index
// out of range), as in every table lookup below.
func RookAttacks(sq Square, occupied Bitboard) Bitboard {
	return slide(north, sq, occupied) | slide(east, sq, occupied) |
		slide(south, sq, occupied) | slide(west, sq, occupied)
}

// BishopAttacks returns the squares a bishop on sq attacks when the squares
// of occupied are taken, each diagonal ray up to its first occupied square.
// sq must be a square: NoSquare panics (index out of range).
func BishopAttacks(sq Square, occupied Bitboard) Bitboard {
	return slide(northEast, sq, occupied) | slide(northWest, sq, occupied) |
		slide(southEast, sq, occupied) | slide(southWest, sq, occupied)
}

// QueenAttacks returns the union of RookAttacks and BishopAttacks.
// sq must be a square: NoSquare panics (index out of range).
func QueenAttacks(sq Square, occupied Bitboard) Bitboard {
	return RookAttacks(sq, occupied) | BishopAttacks(sq, occupied)
}

// AttackersTo returns the pieces of colour by that attack sq in p, with
// sliding attacks blocked by p's occupancy; none for NoSquare.
func (p *Position) AttackersTo(sq Square, by Color) Bitboard {
	if sq >= NoSquare {
		return 0
	}
	return p.attackersWith(sq, by, p.Occupied(), 0)
}

// IsAttacked reports whether any piece of colour by attacks sq in p.
func (p *Position) IsAttacked(sq Square, by Color) bool {
	return p.AttackersTo(sq, by) != 0
}

// attackersWith is the one attacked-square test of core, behind
// AttackersTo, IsAttacked and the move generator: it returns the pieces of
// colour by, other than those on removed, that attack sq when the squares
// of occ are occupied. The generator asks about the board as it would be
// after a move (occ without the king that steps away, or without the two
// pawns of an en passant capture, whose captured pawn is in removed). A
// slider's attacks are computed only when one stands on an empty-board
// line through sq (Stockfish's attackers_to does the same test through
// its pseudo-attack tables). sq must be a square.
func (p *Position) attackersWith(sq Square, by Color, occ, removed Bitboard) Bitboard {
	a := pawnAttacks[by.Other()][sq]&p.Pieces(NewPiece(by, Pawn)) |
		knightAttacks[sq]&p.Pieces(NewPiece(by, Knight)) |
		kingAttacks[sq]&p.Pieces(NewPiece(by, King))
	queens := p.Pieces(NewPiece(by, Queen))
	if rq := p.Pieces(NewPiece(by, Rook)) | queens; rookRays[sq]&rq != 0 {
		a |= RookAttacks(sq, occ) & rq
	}
	if bq := p.Pieces(NewPiece(by, Bishop)) | queens; bishopRays[sq]&bq != 0 {
		a |= BishopAttacks(sq, occ) & bq
	}
	return a &^ removed
}

// Set-wise attacks: each method below returns the union of the per-square
// attacks of every square in b (CPW, "Knight Pattern", "King Pattern" and
// "Pawn Attacks" set-wise), so sq.Bitboard().KnightAttacks() ==
// KnightAttacks(sq) and the attacks of the empty set are empty. A square of
// b is in the result only when another square of b attacks it.

// KnightAttacks returns every square a knight on any square of b attacks,
// computed with shifts: one file and two ranks, or two files and one rank,
// with the files that would wrap around the board masked off first.
func (b Bitboard) KnightAttacks() Bitboard {
	one := b.East() | b.West()                           // one file aside
	two := b.East().East() | b.West().West()             // two files aside
	return one<<16 | one>>16 | two.North() | two.South() // then two ranks or one
}

// KingAttacks returns every square a king on any square of b attacks: the
// eight one-step shifts of b.
func (b Bitboard) KingAttacks() Bitboard {
	row := b.East() | b.West()
	ranks := b | row
	return row | ranks.North() | ranks.South()
}

// PawnAttacks returns every square a pawn of colour c on any square of b
// attacks: b.NorthEast() | b.NorthWest() for White, b.SouthEast() |
// b.SouthWest() for Black (the shifts mask the h- and a-files so no attack
// wraps around the board). Pawns on the last rank attack nothing.
func (b Bitboard) PawnAttacks(c Color) Bitboard {
	if c == White {
		return b.NorthEast() | b.NorthWest()
	}
	return b.SouthEast() | b.SouthWest()
}

// RookAttacks returns the union of RookAttacks(sq, occupied) over every
// square sq of b: each rook's rays stop at, and include, the first occupied
// square. Squares of b are not blockers unless they are also in occupied.
func (b Bitboard) RookAttacks(occupied Bitboard) Bitboard {
	var a Bitboard
	for sq := range b.Squares() {
		a |= RookAttacks(sq, occupied)
	}
	return a
}

// BishopAttacks returns the union of BishopAttacks(sq, occupied) over every
// square sq of b, each diagonal ray up to its first occupied square.
func (b Bitboard) BishopAttacks(occupied Bitboard) Bitboard {
	var a Bitboard
	for sq := range b.Squares() {
		a |= BishopAttacks(sq, occupied)
	}
	return a
}

// QueenAttacks returns the union of QueenAttacks(sq, occupied) over every
// square sq of b.
func (b Bitboard) QueenAttacks(occupied Bitboard) Bitboard {
	var a Bitboard
	for sq := range b.Squares() {
		a |= QueenAttacks(sq, occupied)
	}
	return a
}
