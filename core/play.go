package core

// Play makes move m on p, in place, and updates the state FEN records as
// the PGN standard defines it (section 16.1.3):
//
//   - the side to move passes to the other colour;
//   - castling rights are lost when the king moves (castling included),
//     and a right when a piece leaves or is captured on its rook's square
//     (the corner in standard chess);
//   - the en passant target square is the square a pawn passed over after
//     every double push, whether or not an enemy pawn could capture there
//     (the PGN rule, which published game FENs follow; the convention of
//     X-FEN and of engines such as Stockfish, to record it only when an en
//     passant capture is possible, is not followed), and NoSquare after any
//     other move;
//   - the halfmove clock is reset to 0 by a pawn move or a capture and
//     otherwise increased by one;
//   - the fullmove number is increased by one after Black's move.
//
// (The counters stop at MaxCounter.) The board changes only through
// [Position.Remove] and the one writer [Position.Put] uses, so its
// bitboards and mailbox stay in step.
//
// Play does not check m: it must be a legal move of p, from
// [Position.LegalMoves], pgn.ParseSAN (package core/pgn) or
// [Position.ParseUCI]. For any other Move the result is unspecified, but
// Play does not panic and the board stays consistent ([Position.Validate]
// passes).
//
// Position is a value, so a caller that wants to keep p copies it first
// (copy-make, as [Perft] does):
//
//	next := p
//	next.Play(m)
func (p *Position) Play(m Move) {
	us := p.SideToMove
	from, to := m.From(), m.To()
	pc := p.Remove(from)
	if pc == NoPiece {
		return
	}
	pawnMove := pc.Type() == Pawn
	captured := NoPiece
	switch {
	case m.IsCastling():
		// The king and the rook leave first: each may land where the other
		// stood (Chess960), and neither captures.
		rook := p.Remove(m.CastlingRook())
		_, rookTo := castlingTargets(from, m.CastlingRook())
		p.Remove(to) // empty in a legal castling move
		if rook != NoPiece && rookTo != to {
			p.Put(rook, rookTo)
		}
	case m.IsEnPassant():
		// The captured pawn stands on the rank the capturing pawn left, on
		// the file it moves to.
		p.Remove(to)
		captured = p.Remove(NewSquare(to.File(), from.Rank()))
	default:
		captured = p.Remove(to)
	}
	if pt, ok := m.Promotion(); ok && pt < King {
		pc = NewPiece(pc.Color(), pt)
	}
	p.put(pc, to) // to was emptied above

	if p.Castling != 0 {
		p.Castling = p.castlingLost(pc, from, to)
	}
	p.EnPassant = NoSquare
	if m.IsDoublePush() {
		if passed := (from + to) / 2; passed.Rank() == Rank3 || passed.Rank() == Rank6 {
			p.EnPassant = passed
		}
	}
	switch {
	case pawnMove || captured != NoPiece:
		p.HalfmoveClock = 0
	case p.HalfmoveClock < MaxCounter:
		p.HalfmoveClock++
	}
	if us == Black && p.FullmoveNumber < MaxCounter {
		p.FullmoveNumber++
	}
	p.SideToMove = us.Other()
}
