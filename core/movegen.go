package core

// MaxMoves is a capacity for move buffers: no position that can arise in a
// game has more legal moves (the most known is 218), so
// p.LegalMoves(make([]Move, 0, MaxMoves)) never reallocates for them.
// Impossible positions from a FEN (ten queens a side) may have more; the
// buffer then grows as append grows it.
const MaxMoves = 256

// promotionOrder is the order promotions are generated in.
var promotionOrder = [4]PieceType{Queen, Rook, Bishop, Knight}

// LegalMoves appends every legal move of the side to move to dst and
// returns the extended slice; it allocates only when dst lacks room (see
// [MaxMoves]). The rules are those of chess (FIDE Laws of Chess, article
// 3, and Guidelines II "Chess960 Rules"): a move may not leave the
// mover's king attacked, so pinned pieces move only along the pin, a check
// must be answered, an en passant capture that would expose the king
// along its rank is excluded, and castling needs the right, the king on
// its back rank with the right's rook on the right's side of it (e1 and
// h1 or a1 in standard chess, anywhere on the back rank in Chess960), the
// squares between them and their destinations empty, and a king that is
// not in check and does not pass over or land on an attacked square (see
// appendCastling). A right whose king or rook is not at home simply gives
// no castling move. An en passant target square yields a capture only
// when the pawn that just advanced two squares stands in front of it.
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
// ksq and not in check, as FIDE's Laws give them for standard chess
// (article 3.8.2) and Chess960 (Guidelines II "Chess960 Rules", II.3):
// for each right held whose rook stands on its file of the back rank, on
// the right's side of the king on that rank, every square between the
// king and its destination (g or c) and between the rook and its
// destination (f or d), both destinations included, must be empty but
// for the king and that rook, and no square the king passes over or lands
// on may be attacked.
// Attacks are tested with the king and the castling rook lifted off the
// board: the rook may shield the king's destination from a rook or queen
// behind it on the back rank (king g1, rook b1, queen a1: O-O-O would put
// the king on c1 in check), which only the position after the move shows,
// even where the king does not move (king c8, rook b8, queen a8: O-O-O
// leaves the king on c8 and takes its shield away).
func (p *Position) appendCastling(dst []Move, us Color, ksq Square) []Move {
	if p.Castling&colorRights(us) == 0 || ksq.Rank() != backRank(us) {
		return dst
	}
	them := us.Other()
	occ := p.Occupied()
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		if p.Castling&(1<<i) == 0 {
			continue
		}
		king, rook, ok := p.castlingRook(i)
		if !ok || king != ksq {
			continue
		}
		kingTo, rookTo := castlingTargets(king, rook)
		movers := king.Bitboard() | rook.Bitboard()
		path := between[king][kingTo] | kingTo.Bitboard()
		if occ&(path|between[rook][rookTo]|rookTo.Bitboard())&^movers != 0 {
			continue
		}
		rest := occ &^ movers
		safe := true
		for b := path; b != 0 && safe; { // kingTo too when it is king: the rook may have shielded it
			safe = p.attackersWith(b.PopLSB(), them, rest, 0) == 0
		}
		if safe {
			dst = append(dst, newCastling(king, kingTo, rook))
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
