package core

// countLegal returns the number of legal moves of the side to move,
// len(p.LegalMoves(nil)), without writing the moves down: the count at
// the last ply of a perft (bulk counting). It takes the steps of
// LegalMoves in the same order, with the same helpers (the checkers, the
// squares the king may step to, the pinned pieces, the squares that
// answer a check, castling and en passant), and counts each piece's
// destinations with one population count where LegalMoves appends a move
// for each: a pawn push to the last rank counts four, one for each
// promotion. TestCountLegal checks the two agree on every position of the
// corpus and of the CPW positions' trees.
func (p *Position) countLegal() int {
	us, them := p.SideToMove, p.SideToMove.Other()
	kings := p.pieces[NewPiece(us, King)]
	if kings == 0 || kings&(kings-1) != 0 {
		return 0
	}
	ksq := kings.LSB()
	theirKing := p.pieces[NewPiece(them, King)]
	ours := p.colors[us]
	occ := ours | p.colors[them]
	capturable := p.colors[them] &^ theirKing
	checkers := p.attackersWith(ksq, them, occ, 0)

	n := 0
	withoutKing := occ &^ kings
	for b := kingAttacks[ksq] &^ ours &^ theirKing; b != 0; {
		if p.attackersWith(b.PopLSB(), them, withoutKing, 0) == 0 {
			n++
		}
	}
	if checkers&(checkers-1) != 0 {
		return n // double check: only the king can move
	}
	target := ^ours &^ theirKing
	if checkers != 0 {
		target = between[ksq][checkers.LSB()] | checkers
	} else if p.Castling&((WhiteKingside|WhiteQueenside)<<(2*us)) != 0 {
		var buf [2]Move
		n += len(p.appendCastling(buf[:0], us, ksq))
	}
	pinned := p.pinnedTo(ksq, us)

	for b := p.pieces[NewPiece(us, Knight)] &^ pinned; b != 0; {
		n += (knightAttacks[b.PopLSB()] & target).Count()
	}
	queens := p.pieces[NewPiece(us, Queen)]
	for b := p.pieces[NewPiece(us, Bishop)] | queens; b != 0; {
		from := b.PopLSB()
		to := BishopAttacks(from, occ) & target
		if pinned&(1<<from) != 0 {
			to &= line[ksq][from]
		}
		n += to.Count()
	}
	for b := p.pieces[NewPiece(us, Rook)] | queens; b != 0; {
		from := b.PopLSB()
		to := RookAttacks(from, occ) & target
		if pinned&(1<<from) != 0 {
			to &= line[ksq][from]
		}
		n += to.Count()
	}
	return n + p.countPawnMoves(us, ksq, target, pinned, capturable)
}

// countPawnMoves counts the pawn moves of colour us that appendPawnMoves
// would append: the pawns that are not pinned set-wise, each pinned pawn
// along its pin's line, then the en passant captures.
func (p *Position) countPawnMoves(us Color, ksq Square, target, pinned, capturable Bitboard) int {
	pawns := p.pieces[NewPiece(us, Pawn)]
	empty := ^(p.colors[White] | p.colors[Black])
	lastRank := Rank8BB
	if us == Black {
		lastRank = Rank1BB
	}
	free := pawns &^ pinned
	single, double := pawnPushes(free, us, empty)
	single &= target
	var left, right Bitboard
	if us == White {
		left, right = free.NorthWest(), free.NorthEast()
	} else {
		left, right = free.SouthWest(), free.SouthEast()
	}
	left &= capturable & target
	right &= capturable & target
	n := (single &^ lastRank).Count() + 4*(single&lastRank).Count() + (double & target).Count() +
		(left &^ lastRank).Count() + 4*(left&lastRank).Count() +
		(right &^ lastRank).Count() + 4*(right&lastRank).Count()
	for b := pawns & pinned; b != 0; {
		from := b.PopLSB()
		bb := from.Bitboard()
		s, d := pawnPushes(bb, us, empty)
		to := (s | d | pawnAttacks[us][from]&capturable) & target & line[ksq][from]
		n += (to &^ lastRank).Count() + 4*(to&lastRank).Count()
	}
	return n + p.enPassantCaptures(us, ksq, pawns).Count()
}

// enPassantCaptures returns the pawns of colour us (among pawns) that may
// capture en passant: the pawn that just advanced two squares stands one
// step past the target square, which is empty, and the king on ksq is not
// attacked once both pawns have left their squares (removing two pawns
// from one rank can uncover a rook's attack on the king, and the capture
// may take a pawn that gives check). The one en passant rule of
// LegalMoves and countLegal.
func (p *Position) enPassantCaptures(us Color, ksq Square, pawns Bitboard) Bitboard {
	ep := p.EnPassant
	if ep >= NoSquare || ep.Rank() != [2]Rank{Rank6, Rank3}[us] {
		return 0
	}
	them := us.Other()
	victim := ep - 8
	if us == Black {
		victim = ep + 8
	}
	if p.mailbox[victim] != NewPiece(them, Pawn) || p.mailbox[ep] != NoPiece {
		return 0
	}
	var can Bitboard
	for b := pawnAttacks[them][ep] & pawns; b != 0; {
		from := b.PopLSB()
		after := p.Occupied() ^ from.Bitboard() ^ victim.Bitboard() | ep.Bitboard()
		if p.attackersWith(ksq, them, after, victim.Bitboard()) == 0 {
			can |= from.Bitboard()
		}
	}
	return can
}
