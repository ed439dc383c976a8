package core

// A Move is a chess move packed into 32 bits, as engines pack theirs
// (Stockfish's Move is 16 bits; Bitview keeps a few flags more so that a
// move says what it does without the position):
//
//	bits  0–5   from square (LERF, a1=0 … h8=63)
//	bits  6–11  to square (LERF); for castling, the king's destination
//	            (g1, c1, g8 or c8), as UCI writes castling in standard chess
//	bits 12–14  promotion piece type: Knight … Queen, or 0 for none
//	bit  15     capture (a piece stood on the to square, or en passant)
//	bit  16     en passant capture
//	bit  17     castling (the king's move; the rook moves with it)
//	bit  18     double pawn push (the move that sets an en passant target)
//	bits 19–24  for castling, the castling rook's square (LERF), which
//	            Chess960 needs (the king may castle with either of two
//	            rooks on one side, or not move at all); else 0
//
// The flags are derived from the position when a move is generated, so
// two Moves of the same position are equal exactly when they are the same
// move. The zero Move is [NoMove]. Moves come from [Position.LegalMoves],
// pgn.ParseSAN (package core/pgn) or [Position.ParseUCI]; a Move is meaningful only in
// the position it was made for.
type Move uint32

// NoMove is the "none" value of Move (a1a1, which no piece can play).
const NoMove Move = 0

// The bit layout of a Move.
const (
	moveToShift        = 6
	movePromotionShift = 12
	moveSquareMask     = 0x3f

	// The flag bits.
	moveCapture    Move = 1 << 15
	moveEnPassant  Move = 1 << 16
	moveCastling   Move = 1 << 17
	moveDoublePush Move = 1 << 18

	moveRookShift = 19
)

// newMove packs a move from from to to with the given flags.
func newMove(from, to Square, flags Move) Move {
	return Move(from) | Move(to)<<moveToShift | flags
}

// newCastling packs the castling move of the king from king to kingTo
// with the rook on rook.
func newCastling(king, kingTo, rook Square) Move {
	return Move(king) | Move(kingTo)<<moveToShift | moveCastling | Move(rook)<<moveRookShift
}

// newPromotion packs a pawn move from from to to that promotes to pt
// (Knight … Queen).
func newPromotion(from, to Square, pt PieceType, flags Move) Move {
	return Move(from) | Move(to)<<moveToShift | Move(pt)<<movePromotionShift | flags
}

// From returns the square the move starts on (the king's square for
// castling).
func (m Move) From() Square { return Square(m & moveSquareMask) }

// To returns the square the moving piece lands on (the king's destination
// for castling, the empty target square for en passant).
func (m Move) To() Square { return Square(m >> moveToShift & moveSquareMask) }

// Promotion returns the piece type a pawn promotes to (Knight, Bishop,
// Rook or Queen) and true, or false when m is not a promotion.
func (m Move) Promotion() (PieceType, bool) {
	pt := PieceType(m >> movePromotionShift & 7)
	return pt, pt != 0
}

// IsCapture reports whether m captures a piece, en passant included.
func (m Move) IsCapture() bool { return m&moveCapture != 0 }

// IsEnPassant reports whether m is an en passant capture: the captured
// pawn stands beside From, on the file of To, not on To.
func (m Move) IsEnPassant() bool { return m&moveEnPassant != 0 }

// IsCastling reports whether m castles; From and To are the king's
// squares (the same square when a Chess960 king castles without moving),
// and the rook moves from [Move.CastlingRook] to the f-file (castling
// toward the h-file, O-O) or the d-file (toward the a-file, O-O-O).
func (m Move) IsCastling() bool { return m&moveCastling != 0 }

// CastlingRook returns the square of the rook a castling move castles
// with (h1 or a1, h8 or a8 in standard chess; any square of the back rank
// in Chess960), or NoSquare when m does not castle.
func (m Move) CastlingRook() Square {
	if m&moveCastling == 0 {
		return NoSquare
	}
	return Square(m >> moveRookShift & moveSquareMask)
}

// IsDoublePush reports whether m advances a pawn two squares from its
// starting rank.
func (m Move) IsDoublePush() bool { return m&moveDoublePush != 0 }

// UCI returns the move in the long algebraic notation of the Universal
// Chess Interface: from and to squares and a lower-case promotion letter,
// e.g. "e2e4", "e7e8q", "e1g1" (castling is the king's move); "0000" for
// NoMove, as UCI writes the null move.
func (m Move) UCI() string {
	var buf [5]byte
	return string(m.appendUCI(buf[:0]))
}

// UCIChess960 returns the move as UCI writes it in Chess960 mode (the
// engine option UCI_Chess960 set, as the UCI protocol specification of
// April 2006 defines it): as [Move.UCI], but castling is written as the
// king taking its own rook, "e1h1" and "e1a1" in standard chess, "b1a1" or
// "g1h1" where Chess960 puts them, so that every castling move has a
// name of its own (a king castling without moving has no other).
func (m Move) UCIChess960() string {
	var buf [5]byte
	return string(m.AppendUCI(buf[:0], true))
}

// String returns the move in UCI notation, the same as [Move.UCI].
func (m Move) String() string { return m.UCI() }

// AppendUCI appends the UCI form of m to dst and returns the extended
// slice: [Move.UCIChess960]'s when chess960, else [Move.UCI]'s.
func (m Move) AppendUCI(dst []byte, chess960 bool) []byte {
	if chess960 && m.IsCastling() {
		from, rook := m.From(), m.CastlingRook()
		dst = append(dst, squareNames[from*2:from*2+2]...)
		return append(dst, squareNames[rook*2:rook*2+2]...)
	}
	return m.appendUCI(dst)
}

// appendUCI appends the UCI form of m to dst (standard chess: castling as
// the king's move).
func (m Move) appendUCI(dst []byte) []byte {
	if m == NoMove {
		return append(dst, "0000"...)
	}
	from, to := m.From(), m.To()
	dst = append(dst, squareNames[from*2:from*2+2]...)
	dst = append(dst, squareNames[to*2:to*2+2]...)
	if pt, ok := m.Promotion(); ok {
		dst = append(dst, "pnbrqk"[pt%PieceTypeCount])
	}
	return dst
}
