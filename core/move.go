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
)

// newMove packs a move from from to to with the given flags.
func newMove(from, to Square, flags Move) Move {
	return Move(from) | Move(to)<<moveToShift | flags
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
// squares, and the rook moves from the a- or h-file to the square the king
// passed over.
func (m Move) IsCastling() bool { return m&moveCastling != 0 }

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

// String returns the move in UCI notation, the same as [Move.UCI].
func (m Move) String() string { return m.UCI() }

// appendUCI appends the UCI form of m to dst.
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
