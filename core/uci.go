package core

import (
	"errors"

	"github.com/bitview/bitview/core/excerpt"
)

// UCI move text (the Universal Chess Interface's long algebraic notation)
// is a property of a Move, so it stays beside the position, as Stockfish
// keeps UCI::move; SAN and PGN, which need the whole move list and a
// game, are in package pgn.

// The kinds of move error, wrapped by every [MoveError] (test with
// errors.Is).
var (
	// ErrMoveSyntax: the text is not a move in the notation asked for.
	ErrMoveSyntax = errors.New("invalid move notation")
	// ErrIllegalMove: the text is well formed, but no legal move of the
	// position matches it.
	ErrIllegalMove = errors.New("illegal move")
	// ErrAmbiguousMove: the text matches more than one legal move.
	ErrAmbiguousMove = errors.New("ambiguous move")
)

// A MoveError reports why a move's text could not be read in a position,
// in the spirit of strconv.NumError.
type MoveError struct {
	Func  string // the function that failed: "ParseSAN" or "ParseUCI"
	Input string // the text as given
	Msg   string // what is wrong, lower case, e.g. "no legal move matches Nf3" or "ambiguous: Nbd2 or Nfd2"
	Err   error  // ErrMoveSyntax, ErrIllegalMove or ErrAmbiguousMove
}

// Error returns e.g. `ParseSAN: no legal move matches Nf3`.
func (e *MoveError) Error() string { return e.Func + ": " + e.Msg }

// Unwrap returns the kind of error: ErrMoveSyntax, ErrIllegalMove or
// ErrAmbiguousMove.
func (e *MoveError) Unwrap() error { return e.Err }

// moveError returns a *MoveError; it is the only constructor.
func moveError(fn, input string, kind error, msg string) error {
	return &MoveError{Func: fn, Input: input, Msg: msg, Err: kind}
}

// ParseUCI returns the legal move of p written s in the long algebraic
// notation of the Universal Chess Interface: from and to squares, then a
// lower-case promotion letter (n, b, r, q) for a promotion, e.g. "e2e4",
// "e7e8q". Castling is read in both of UCI's notations: as the king's
// move, "e1g1" (standard chess), and as the king taking its own rook,
// "e1h1" (Chess960 mode, [Move.UCIChess960]), which no other move is; where
// a Chess960 king's castling and a plain king move go to the same square
// ("f1g1" with the rook on h1), the king's move text is the plain move and
// castling must be written king-takes-rook. Every error is a
// *MoveError: ErrMoveSyntax for text that is not of that form,
// ErrIllegalMove when it is not a legal move of p.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NoMove, uciSyntax(s)
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		if s == "0000" {
			return NoMove, moveError("ParseUCI", s, ErrIllegalMove, "0000 is the null move, which is not a legal chess move")
		}
		return NoMove, uciSyntax(s)
	}
	var promo PieceType
	if len(s) == 5 {
		switch s[4] {
		case 'n':
			promo = Knight
		case 'b':
			promo = Bishop
		case 'r':
			promo = Rook
		case 'q':
			promo = Queen
		default:
			return NoMove, uciSyntax(s)
		}
	}
	var buf [MaxMoves]Move
	missingPromotion := false
	castling := NoMove // a castling move written as the king's move, which a plain king move outranks
	for _, m := range p.LegalMoves(buf[:0]) {
		switch {
		case m.IsCastling() && promo == 0 && m.From() == from && m.CastlingRook() == to:
			return m, nil // king takes rook: no other move is written so
		case m.From() != from || m.To() != to:
			continue
		case m.IsCastling():
			if promo == 0 {
				castling = m
			}
			continue
		}
		pt, _ := m.Promotion()
		if pt == promo {
			return m, nil
		}
		missingPromotion = promo == 0
	}
	if castling != NoMove {
		return castling, nil
	}
	switch pc := p.PieceAt(from); {
	case missingPromotion:
		return NoMove, moveError("ParseUCI", s, ErrIllegalMove,
			"no legal move "+s+": a pawn reaching "+to.String()+" must promote, e.g. "+s+"q")
	case pc == NoPiece:
		return NoMove, moveError("ParseUCI", s, ErrIllegalMove, "no legal move "+s+": "+from.String()+" is empty")
	case pc.Color() != p.SideToMove:
		return NoMove, moveError("ParseUCI", s, ErrIllegalMove, "no legal move "+s+": "+from.String()+" holds a "+
			pc.Color().String()+" piece, but it is "+p.SideToMove.String()+"'s move")
	}
	return NoMove, p.noMatch("ParseUCI", s)
}

// uciSyntax reports text that is not a UCI move.
func uciSyntax(s string) error {
	return moveError("ParseUCI", s, ErrMoveSyntax, excerpt.Quote(s)+
		" is not a UCI move: write the from and to squares and any promotion letter, e.g. e2e4 or e7e8q")
}

// noMatch reports well-formed text that matches no legal move.
func (p *Position) noMatch(fn, s string) error {
	msg := "no legal move matches " + s
	switch {
	case p.King(p.SideToMove) == NoSquare || p.Pieces(NewPiece(p.SideToMove, King)).Count() > 1:
		msg += " (" + p.SideToMove.String() + " does not have exactly one king)"
	case p.InCheck():
		msg += " (" + p.SideToMove.String() + " is in check)"
	}
	return moveError(fn, s, ErrIllegalMove, msg)
}
