package core

// Attack maps: the sets of squares a position's pieces attack, pin and
// check, computed set-wise from the piece bitboards. Sliding attacks are
// blocked by the full occupancy, the enemy king included, exactly as
// [Position.AttackersTo] and [Position.IsAttacked] compute them.

// Attacked returns every square attacked by at least one piece of colour
// by: pawns diagonally forward, knights, the king, and bishops, rooks and
// queens along their rays up to and including the first occupied square.
// A square is attacked whatever stands on it, so defended pieces of colour
// by are in the set too.
//
// Convention: sliders are blocked by every piece, the opposing king
// included, so the squares behind that king on the slider's line (the
// "x-ray through the king" a king must not step back onto) are NOT in the
// set; for every square sq, Attacked(by).Has(sq) == IsAttacked(sq, by).
// To find where a king may move, compute the slider attacks with the king
// removed from the occupancy.
func (p *Position) Attacked(by Color) Bitboard {
	occ := p.Occupied()
	queens := p.Pieces(NewPiece(by, Queen))
	return p.Pieces(NewPiece(by, Pawn)).PawnAttacks(by) |
		p.Pieces(NewPiece(by, Knight)).KnightAttacks() |
		p.Pieces(NewPiece(by, King)).KingAttacks() |
		(p.Pieces(NewPiece(by, Bishop)) | queens).BishopAttacks(occ) |
		(p.Pieces(NewPiece(by, Rook)) | queens).RookAttacks(occ)
}

// AttacksFrom returns the squares the piece on sq attacks (for a pawn, the
// two diagonal squares forward for its colour, not its pushes), with
// sliders blocked by the position's occupancy as in [Position.Attacked].
// It returns the empty set for an empty square or NoSquare.
func (p *Position) AttacksFrom(sq Square) Bitboard {
	pc := p.PieceAt(sq)
	switch {
	case pc == NoPiece:
		return 0
	case pc.Type() == Pawn:
		return PawnAttacks(pc.Color(), sq)
	case pc.Type() == Knight:
		return KnightAttacks(sq)
	case pc.Type() == Bishop:
		return BishopAttacks(sq, p.Occupied())
	case pc.Type() == Rook:
		return RookAttacks(sq, p.Occupied())
	case pc.Type() == Queen:
		return QueenAttacks(sq, p.Occupied())
	default:
		return KingAttacks(sq)
	}
}

// Pinned returns the pieces of colour c that are absolutely pinned: each
// stands alone between c's king and an enemy bishop, rook or queen that
// moves along that line (a rook or queen on a rank or file, a bishop or
// queen on a diagonal), so moving it off the line would expose the king.
// Pieces of the other colour between them (a discovered-check battery) are
// not pins, and a pawn that may not capture en passant because two pawns
// leave a rank together is not reported. It returns the empty set when c
// has no king; with several kings it uses the lowest, as [Position.King]
// does.
func (p *Position) Pinned(c Color) Bitboard {
	k := p.King(c)
	if k == NoSquare {
		return 0
	}
	return p.pinnedTo(k, c)
}

// Checkers returns the enemy pieces giving check to the king of the side to
// move: the pieces of the other colour that attack its square. It returns
// the empty set when the side to move has no king; with several kings it
// uses the lowest, as [Position.King] does. Two checkers mean double check.
func (p *Position) Checkers() Bitboard {
	k := p.King(p.SideToMove)
	if k == NoSquare {
		return 0
	}
	return p.AttackersTo(k, p.SideToMove.Other())
}

// SinglePushes returns the squares the pawns of colour c can advance to by
// one step: the square in front of each pawn (north for White, south for
// Black) when it is empty, i.e. (P << 8) & empty for White and (p >> 8) &
// empty for Black. The result is the target squares, not the pawns.
func (p *Position) SinglePushes(c Color) Bitboard {
	single, _ := pawnPushes(p.Pieces(NewPiece(c, Pawn)), c, ^p.Occupied())
	return single
}

// DoublePushes returns the squares the pawns of colour c can advance to by
// two steps from their starting rank: both squares in front of the pawn
// must be empty, i.e. ((single & Rank3) << 8) & empty for White and
// ((single & Rank6) >> 8) & empty for Black, where single is
// SinglePushes(c). The result is the target squares, on rank 4 for White
// and rank 5 for Black.
func (p *Position) DoublePushes(c Color) Bitboard {
	_, double := pawnPushes(p.Pieces(NewPiece(c, Pawn)), c, ^p.Occupied())
	return double
}

// pawnPushes returns the targets of the single and double pushes of the
// pawns of colour c onto the squares of empty: the one pawn-push
// implementation, used by LegalMoves and by SinglePushes/DoublePushes.
func pawnPushes(pawns Bitboard, c Color, empty Bitboard) (single, double Bitboard) {
	if c == White {
		single = pawns.North() & empty
		return single, (single & Rank3BB).North() & empty
	}
	single = pawns.South() & empty
	return single, (single & Rank6BB).South() & empty
}
