package core

// MaxMoves is a capacity for move buffers: no position that can arise in a
// game has more legal moves (the most known is 218), so
// p.LegalMoves(make([]Move, 0, MaxMoves)) never reallocates for them.
// Impossible positions from a FEN (ten queens a side) may have more; the
// buffer then grows as append grows it.
const MaxMoves = 256

// A castlingMove describes one of the four castling moves of standard
// chess (FIDE Laws of Chess, article 3.8.2): the king's and the rook's
// home and destination squares, the squares that must be empty, and the
// squares the king passes or lands on, which must not be attacked.
type castlingMove struct {
	right                      CastlingRights
	king, kingTo, rook, rookTo Square
	empty, safe                Bitboard
}

// castlingMoves lists the castling moves in the order of the rights' flags
// (K, Q, k, q).
var castlingMoves = [4]castlingMove{
	{WhiteKingside, E1, G1, H1, F1, F1.Bitboard() | G1.Bitboard(), F1.Bitboard() | G1.Bitboard()},
	{WhiteQueenside, E1, C1, A1, D1, B1.Bitboard() | C1.Bitboard() | D1.Bitboard(), C1.Bitboard() | D1.Bitboard()},
	{BlackKingside, E8, G8, H8, F8, F8.Bitboard() | G8.Bitboard(), F8.Bitboard() | G8.Bitboard()},
	{BlackQueenside, E8, C8, A8, D8, B8.Bitboard() | C8.Bitboard() | D8.Bitboard(), C8.Bitboard() | D8.Bitboard()},
}

// promotionOrder is the order promotions are generated in.
var promotionOrder = [4]PieceType{Queen, Rook, Bishop, Knight}

// LegalMoves appends every legal move of the side to move to dst and
// returns the extended slice; it allocates only when dst lacks room (see
// [MaxMoves]). The rules are those of standard chess (FIDE Laws of Chess,
// article 3): a move may not leave the mover's king attacked, so pinned
// pieces move only along the pin, a check must be answered, an en passant
// capture that would expose the king along its rank is excluded, and
// castling needs the right, the king on e1/e8 and the rook on its a- or
// h-file home square, empty squares between them, and a king that is not
// in check and does not pass over or land on an attacked square. A right
// whose king or rook is not at home simply gives no castling move. An en
// passant target square yields a capture only when the pawn that just
// advanced two squares stands in front of it.
//
// The side to move must have exactly one king; otherwise there are no
// legal moves and dst is returned unchanged. The opponent's king is never
// captured (only an impossible position offers that).
//
// The generator works on bitboards in the manner of Stockfish's
// movegen.cpp: it finds the checkers and the pinned pieces once, then
// generates each piece's moves inside the squares that answer a check,
// testing only king moves and en passant captures square by square.
func (p *Position) LegalMoves(dst []Move) []Move {
	us, them := p.SideToMove, p.SideToMove.Other()
	kings := p.Pieces(NewPiece(us, King))
	if kings == 0 || kings&(kings-1) != 0 {
		return dst
	}
	ksq := kings.LSB()
	theirKing := p.Pieces(NewPiece(them, King))
	ours := p.colors[us]
	capturable := p.colors[them] &^ theirKing
	checkers := p.AttackersTo(ksq, them)

	// The king steps to any square not attacked once it has left ksq (so a
	// slider checking along a line also covers the square behind the king).
	withoutKing := p.Occupied() &^ kings
	for b := KingAttacks(ksq) &^ ours &^ theirKing; b != 0; {
		to := b.PopLSB()
		if p.attackersWith(to, them, withoutKing, 0) == 0 {
			dst = append(dst, newMove(ksq, to, captureFlag(capturable, to)))
		}
	}
	if checkers&(checkers-1) != 0 {
		return dst // double check: only the king can move
	}

	// target is where the other pieces may land: anywhere but our own
	// pieces and their king, or, in check, on the checker or between it
	// and the king.
	target := ^ours &^ theirKing
	if checkers != 0 {
		target = between[ksq][checkers.LSB()] | checkers
	} else {
		dst = p.appendCastling(dst, us, ksq)
	}
	pinned := p.pinnedTo(ksq, us)
	occ := p.Occupied()

	for b := p.Pieces(NewPiece(us, Knight)) &^ pinned; b != 0; {
		from := b.PopLSB()
		dst = appendPieceMoves(dst, from, KnightAttacks(from)&target, capturable)
	}
	queens := p.Pieces(NewPiece(us, Queen))
	for b := p.Pieces(NewPiece(us, Bishop)) | queens; b != 0; {
		from := b.PopLSB()
		to := BishopAttacks(from, occ) & target
		if pinned.Has(from) {
			to &= line[ksq][from]
		}
		dst = appendPieceMoves(dst, from, to, capturable)
	}
	for b := p.Pieces(NewPiece(us, Rook)) | queens; b != 0; {
		from := b.PopLSB()
		to := RookAttacks(from, occ) & target
		if pinned.Has(from) {
			to &= line[ksq][from]
		}
		dst = appendPieceMoves(dst, from, to, capturable)
	}
	return p.appendPawnMoves(dst, us, ksq, target, pinned, capturable)
}

// captureFlag returns moveCapture when to is one of capturable, else 0.
func captureFlag(capturable Bitboard, to Square) Move {
	if capturable.Has(to) {
		return moveCapture
	}
	return 0
}

// appendPieceMoves appends a move from from to each square of to,
// flagging those on capturable as captures.
func appendPieceMoves(dst []Move, from Square, to, capturable Bitboard) []Move {
	for b := to & capturable; b != 0; {
		dst = append(dst, newMove(from, b.PopLSB(), moveCapture))
	}
	for b := to &^ capturable; b != 0; {
		dst = append(dst, newMove(from, b.PopLSB(), 0))
	}
	return dst
}

// appendCastling appends the castling moves of colour us, whose king is on
// ksq and not in check.
func (p *Position) appendCastling(dst []Move, us Color, ksq Square) []Move {
	rights := p.Castling & ((WhiteKingside | WhiteQueenside) << (2 * us))
	if rights == 0 {
		return dst
	}
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		c := &castlingMoves[i]
		if rights&c.right == 0 || ksq != c.king || p.mailbox[c.rook] != NewPiece(us, Rook) || p.Occupied()&c.empty != 0 {
			continue
		}
		safe := true
		for b := c.safe; b != 0 && safe; {
			safe = p.attackersWith(b.PopLSB(), us.Other(), p.Occupied(), 0) == 0
		}
		if safe {
			dst = append(dst, newMove(c.king, c.kingTo, moveCastling))
		}
	}
	return dst
}

// appendPawnMoves appends the pawn moves of colour us: pushes, double
// pushes, captures, promotions (queen first) and en passant captures.
func (p *Position) appendPawnMoves(dst []Move, us Color, ksq Square, target, pinned, capturable Bitboard) []Move {
	pawns := p.Pieces(NewPiece(us, Pawn))
	// up is the square offset of one step forward; west and east are those
	// of the captures towards the a- and h-file.
	var left, right, lastRank Bitboard
	var up, west, east int
	if us == White {
		left, right, lastRank = pawns.NorthWest(), pawns.NorthEast(), Rank8BB
		up, west, east = 8, 7, 9
	} else {
		left, right, lastRank = pawns.SouthWest(), pawns.SouthEast(), Rank1BB
		up, west, east = -8, -9, -7
	}
	single, double := pawnPushes(pawns, us, ^p.Occupied())

	dst = appendPawnSet(dst, single&target, up, 0, ksq, pinned, lastRank)
	dst = appendPawnSet(dst, double&target, 2*up, moveDoublePush, ksq, pinned, 0)
	dst = appendPawnSet(dst, left&capturable&target, west, moveCapture, ksq, pinned, lastRank)
	dst = appendPawnSet(dst, right&capturable&target, east, moveCapture, ksq, pinned, lastRank)

	for b := p.enPassantCaptures(us, ksq, pawns); b != 0; {
		dst = append(dst, newMove(b.PopLSB(), p.EnPassant, moveCapture|moveEnPassant))
	}
	return dst
}

// appendPawnSet appends a pawn move to each square of to, from the square
// offset squares back, skipping pinned pawns that would leave the pin's
// line; landing on promote makes four promotions of each.
func appendPawnSet(dst []Move, to Bitboard, offset int, flags Move, ksq Square, pinned, promote Bitboard) []Move {
	for to != 0 {
		sq := to.PopLSB()
		from := Square(int(sq) - offset)
		if pinned.Has(from) && !line[ksq][from].Has(sq) {
			continue
		}
		if promote.Has(sq) {
			for _, pt := range promotionOrder {
				dst = append(dst, newPromotion(from, sq, pt, flags))
			}
			continue
		}
		dst = append(dst, newMove(from, sq, flags))
	}
	return dst
}

// pinnedTo returns the pieces of colour us that stand alone between their
// king on ksq and an enemy rook, bishop or queen aiming at it: the one pin
// finder, used by LegalMoves and [Position.Pinned].
func (p *Position) pinnedTo(ksq Square, us Color) Bitboard {
	them := us.Other()
	queens := p.Pieces(NewPiece(them, Queen))
	snipers := rookRays[ksq]&(p.Pieces(NewPiece(them, Rook))|queens) |
		bishopRays[ksq]&(p.Pieces(NewPiece(them, Bishop))|queens)
	var pinned Bitboard
	for snipers != 0 {
		b := between[ksq][snipers.PopLSB()] & p.Occupied()
		if b != 0 && b&(b-1) == 0 {
			pinned |= b & p.colors[us]
		}
	}
	return pinned
}

// InCheck reports whether the king of the side to move is attacked. A
// side with no king is never in check; with several, the lowest counts
// (see [Position.King]).
func (p *Position) InCheck() bool {
	ksq := p.King(p.SideToMove)
	return ksq < NoSquare && p.AttackersTo(ksq, p.SideToMove.Other()) != 0
}
