package core

import (
	"errors"
	"strconv"
)

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

// pieceSANLetters holds the SAN letter of each PieceType (a pawn has none
// in SAN; 'P' is never written).
const pieceSANLetters = "PNBRQK"

// sanPieceType maps a SAN piece letter to its PieceType.
func sanPieceType(c byte) (PieceType, bool) {
	switch c {
	case 'N':
		return Knight, true
	case 'B':
		return Bishop, true
	case 'R':
		return Rook, true
	case 'Q':
		return Queen, true
	case 'K':
		return King, true
	}
	return Pawn, false
}

// ParseSAN returns the legal move of p written s in Standard Algebraic
// Notation (PGN standard, section 8.2.3): a piece letter (none for a
// pawn), an optional disambiguating file, rank or square, 'x' for a
// capture, the destination square, "=Q" (or "Q") for a promotion, and
// "O-O" / "O-O-O" for castling, e.g. "Nf3", "exd5", "Nbd2", "R1e2",
// "Qh4xe1", "e8=Q", "O-O".
//
// It also accepts "0-0" and "0-0-0", and ignores a trailing check or mate
// sign and annotation ("+", "#", "!", "?", "!?", "??", … in any
// combination); whether 'x', '+' or '#' are right is not checked.
// Letters are case-sensitive: "b" is the b-file, "B" a bishop.
//
// Every error is a *MoveError: ErrMoveSyntax for text that is not SAN,
// ErrIllegalMove when no legal move matches, ErrAmbiguousMove when more
// than one does (its message lists them: "ambiguous: Nbd2 or Nfd2").
func (p *Position) ParseSAN(s string) (Move, error) {
	body := s
	for len(body) > 0 && isSANSuffix(body[len(body)-1]) {
		body = body[:len(body)-1]
	}
	switch body {
	case "":
		return NoMove, moveError("ParseSAN", s, ErrMoveSyntax, "no move in "+strconv.Quote(s))
	case "O-O", "0-0", "O-O-O", "0-0-0":
		return p.parseCastlingSAN(s, len(body) == 5)
	case "--", "Z0", "0000", "@@@@":
		return NoMove, moveError("ParseSAN", s, ErrIllegalMove, strconv.Quote(s)+" is a null move, which is not a legal chess move")
	}

	piece, i := Pawn, 0
	if pt, ok := sanPieceType(body[0]); ok {
		piece, i = pt, 1
	}
	// The promotion piece, "=Q" or "Q", ends a pawn move.
	end := len(body)
	var promo PieceType
	if pt, ok := sanPieceType(body[end-1]); ok && piece == Pawn && pt != King && end-i >= 3 {
		promo, end = pt, end-1
		if body[end-1] == '=' {
			end--
		}
	}
	if end-i < 2 {
		return NoMove, sanSyntax(s)
	}
	to, ok := ParseSquare(body[end-2 : end])
	if !ok {
		return NoMove, sanSyntax(s)
	}
	// What is left between the piece letter and the destination: an
	// optional file, rank or square, then an optional 'x'.
	mid := body[i : end-2]
	capture := len(mid) > 0 && mid[len(mid)-1] == 'x'
	if capture {
		mid = mid[:len(mid)-1]
	}
	fromFile, fromRank := -1, -1
	switch {
	case len(mid) == 0:
	case len(mid) == 1 && mid[0] >= 'a' && mid[0] <= 'h':
		fromFile = int(mid[0] - 'a')
	case len(mid) == 1 && mid[0] >= '1' && mid[0] <= '8':
		fromRank = int(mid[0] - '1')
	case len(mid) == 2:
		sq, ok := ParseSquare(mid)
		if !ok {
			return NoMove, sanSyntax(s)
		}
		fromFile, fromRank = int(sq.File()), int(sq.Rank())
	default:
		return NoMove, sanSyntax(s)
	}
	if piece == Pawn && fromFile < 0 {
		if capture {
			return NoMove, moveError("ParseSAN", s, ErrMoveSyntax,
				strconv.Quote(s)+" is not SAN: a pawn capture names the pawn's file, e.g. exd5")
		}
		fromFile = int(to.File()) // a pawn push stays on its file
	}

	var buf [MaxMoves]Move
	var found [2]Move
	n := 0
	for _, m := range p.LegalMoves(buf[:0]) {
		from := m.From()
		pt, _ := m.Promotion()
		if m.To() != to || m.IsCastling() || p.mailbox[from].Type() != piece || pt != promo ||
			fromFile >= 0 && int(from.File()) != fromFile || fromRank >= 0 && int(from.Rank()) != fromRank {
			continue
		}
		if n < len(found) {
			found[n] = m
		}
		n++
	}
	switch {
	case n == 1:
		return found[0], nil
	case n > 1:
		return NoMove, p.ambiguous(s, piece, to, fromFile, fromRank, promo)
	}
	if piece == Pawn && promo == 0 && (to.Rank() == Rank8 || to.Rank() == Rank1) {
		sq := to.String()
		return NoMove, moveError("ParseSAN", s, ErrIllegalMove,
			"no legal move matches "+s+": a pawn reaching "+sq+" must promote, e.g. "+sq+"=Q")
	}
	return NoMove, p.noMatch("ParseSAN", s)
}

// isSANSuffix reports whether c may follow a SAN move: a check or mate
// sign or an annotation mark.
func isSANSuffix(c byte) bool { return c == '+' || c == '#' || c == '!' || c == '?' }

// sanSyntax reports text that is not SAN.
func sanSyntax(s string) error {
	return moveError("ParseSAN", s, ErrMoveSyntax, strconv.Quote(s)+
		" is not SAN: write a piece letter (none for a pawn), the destination square and any promotion, e.g. Nf3, exd5, e8=Q, O-O")
}

// noMatch reports well-formed text that matches no legal move.
func (p *Position) noMatch(fn, s string) error {
	msg := "no legal move matches " + s
	switch {
	case p.King(p.SideToMove) == NoSquare || p.pieces[NewPiece(p.SideToMove, King)].Count() > 1:
		msg += " (" + p.SideToMove.String() + " does not have exactly one king)"
	case p.InCheck():
		msg += " (" + p.SideToMove.String() + " is in check)"
	}
	return moveError(fn, s, ErrIllegalMove, msg)
}

// ambiguous reports SAN text that more than one legal move matches,
// naming each of them in full SAN.
func (p *Position) ambiguous(s string, piece PieceType, to Square, fromFile, fromRank int, promo PieceType) error {
	var buf [MaxMoves]Move
	var names []string
	for _, m := range p.LegalMoves(buf[:0]) {
		from := m.From()
		pt, _ := m.Promotion()
		if m.To() == to && !m.IsCastling() && p.mailbox[from].Type() == piece && pt == promo &&
			(fromFile < 0 || int(from.File()) == fromFile) && (fromRank < 0 || int(from.Rank()) == fromRank) {
			names = append(names, p.SAN(m))
		}
	}
	msg := "ambiguous: "
	for i, name := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			msg += " or "
		default:
			msg += ", "
		}
		msg += name
	}
	return moveError("ParseSAN", s, ErrAmbiguousMove, msg)
}

// parseCastlingSAN returns the castling move written s ("O-O" or "O-O-O",
// long when queenside).
func (p *Position) parseCastlingSAN(s string, long bool) (Move, error) {
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.IsCastling() && (m.To().File() == FileC) == long {
			return m, nil
		}
	}
	side := "kingside"
	if long {
		side = "queenside"
	}
	return NoMove, moveError("ParseSAN", s, ErrIllegalMove, "no legal move matches "+s+": "+
		p.SideToMove.String()+" cannot castle "+side+" here")
}

// SAN returns m in Standard Algebraic Notation (PGN standard, section
// 8.2.3), as a PGN export writes it: piece letter, the from-square's file,
// rank or both when another piece of the same type could also move to the
// destination (file preferred, then rank), 'x' for captures (a pawn
// capture starts with the pawn's file), the destination, "=Q" etc. for a
// promotion, "O-O" or "O-O-O" for castling, and '+' for check or '#' for
// checkmate. It returns "" when m is not a legal move of p.
func (p *Position) SAN(m Move) string {
	var buf [16]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends the SAN of m (see [Position.SAN]) to dst and returns
// the extended slice; dst is returned unchanged when m is not a legal move
// of p. It allocates only if dst lacks room.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	legal := false
	for _, lm := range moves {
		if lm == m {
			legal = true
			break
		}
	}
	if !legal {
		return dst
	}
	from, to := m.From(), m.To()
	pt := p.mailbox[from].Type()
	switch {
	case m.IsCastling() && to.File() == FileG:
		dst = append(dst, "O-O"...)
	case m.IsCastling():
		dst = append(dst, "O-O-O"...)
	default:
		if pt != Pawn {
			dst = append(dst, pieceSANLetters[pt])
			dst = appendDisambiguation(dst, p, moves, m, pt)
		} else if m.IsCapture() {
			dst = append(dst, 'a'+byte(from.File()))
		}
		if m.IsCapture() {
			dst = append(dst, 'x')
		}
		dst = append(dst, squareNames[to*2:to*2+2]...)
		if promo, ok := m.Promotion(); ok {
			dst = append(dst, '=', pieceSANLetters[promo])
		}
	}
	next := *p
	next.Play(m)
	if next.InCheck() {
		var replies [MaxMoves]Move
		if len(next.LegalMoves(replies[:0])) == 0 {
			return append(dst, '#')
		}
		return append(dst, '+')
	}
	return dst
}

// appendDisambiguation appends what tells m (a move by a piece of type pt)
// apart from the other legal moves of the same piece type to the same
// square: nothing, the from-file, the from-rank, or the whole from-square
// (PGN standard, section 8.2.3.4).
func appendDisambiguation(dst []byte, p *Position, moves []Move, m Move, pt PieceType) []byte {
	from := m.From()
	rivals, sameFile, sameRank := false, false, false
	for _, o := range moves {
		if o.To() != m.To() || o.From() == from || p.mailbox[o.From()].Type() != pt {
			continue
		}
		rivals = true
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	switch {
	case !rivals:
		return dst
	case !sameFile:
		return append(dst, 'a'+byte(from.File()))
	case !sameRank:
		return append(dst, '1'+byte(from.Rank()))
	}
	return append(dst, squareNames[from*2:from*2+2]...)
}

// ParseUCI returns the legal move of p written s in the long algebraic
// notation of the Universal Chess Interface: from and to squares, then a
// lower-case promotion letter (n, b, r, q) for a promotion, e.g. "e2e4",
// "e7e8q"; castling is the king's move, "e1g1". Every error is a
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
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.From() != from || m.To() != to {
			continue
		}
		pt, _ := m.Promotion()
		if pt == promo {
			return m, nil
		}
		missingPromotion = promo == 0
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
	return moveError("ParseUCI", s, ErrMoveSyntax, strconv.Quote(s)+
		" is not a UCI move: write the from and to squares and any promotion letter, e.g. e2e4 or e7e8q")
}
