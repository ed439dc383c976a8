package pgn

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
)

// moveError returns a *core.MoveError for ParseSAN.
func moveError(input string, kind error, msg string) error {
	return &core.MoveError{Func: "ParseSAN", Input: input, Msg: msg, Err: kind}
}

// pieceSANLetters holds the SAN letter of each PieceType (a pawn has none
// in SAN; 'P' is never written).
const pieceSANLetters = "PNBRQK"

// sanPieceType maps a SAN piece letter to its PieceType.
func sanPieceType(c byte) (core.PieceType, bool) {
	switch c {
	case 'N':
		return core.Knight, true
	case 'B':
		return core.Bishop, true
	case 'R':
		return core.Rook, true
	case 'Q':
		return core.Queen, true
	case 'K':
		return core.King, true
	}
	return core.Pawn, false
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
// It also accepts a move in the long algebraic notation of UCI (see
// [core.Position.ParseUCI]: "e2e4", "g1f3", "e7e8q", castling "e1g1"), as
// engines and some sites write PGN movetext, when the text is not a SAN
// move: then an error names the UCI reading, e.g. "no legal move matches
// g1f5 (read as a UCI move: from g1 to f5)".
//
// Every error is a *core.MoveError: core.ErrMoveSyntax for text that is not SAN,
// core.ErrIllegalMove when no legal move matches, core.ErrAmbiguousMove when more
// than one does (its message lists them: "ambiguous: Nbd2 or Nfd2").
func ParseSAN(p *core.Position, s string) (core.Move, error) {
	m, err := parseSAN(p, s)
	if err == nil {
		return m, nil
	}
	body := strings.TrimRightFunc(s, func(r rune) bool { return r < utf8.RuneSelf && isSANSuffix(byte(r)) })
	if !looksLikeUCI(body) {
		return core.NoMove, err
	}
	m, uerr := p.ParseUCI(body)
	if uerr == nil {
		return m, nil
	}
	var ue *core.MoveError
	if !errors.As(uerr, &ue) {
		return core.NoMove, err
	}
	return core.NoMove, moveError(s, ue.Err, ue.Msg+" (read as a UCI move: from "+body[0:2]+" to "+body[2:4]+")")
}

// looksLikeUCI reports whether s has the shape of a UCI move: two squares
// and an optional lower-case promotion letter.
func looksLikeUCI(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	_, ok1 := core.ParseSquare(s[0:2])
	_, ok2 := core.ParseSquare(s[2:4])
	return ok1 && ok2 && (len(s) == 4 || strings.IndexByte("nbrq", s[4]) >= 0)
}

// parseSAN is ParseSAN without the UCI reading.
func parseSAN(p *core.Position, s string) (core.Move, error) {
	body := s
	for len(body) > 0 && isSANSuffix(body[len(body)-1]) {
		body = body[:len(body)-1]
	}
	switch body {
	case "":
		return core.NoMove, moveError(s, core.ErrMoveSyntax, "no move in "+excerpt.Quote(s))
	case "O-O", "0-0", "O-O-O", "0-0-0":
		return parseCastlingSAN(p, s, len(body) == 5)
	case "--", "Z0", "0000", "@@@@":
		return core.NoMove, moveError(s, core.ErrIllegalMove, excerpt.Quote(s)+" is a null move, which is not a legal chess move")
	}

	piece, i := core.Pawn, 0
	if pt, ok := sanPieceType(body[0]); ok {
		piece, i = pt, 1
	}
	// The promotion piece, "=Q" or "Q", ends a pawn move.
	end := len(body)
	var promo core.PieceType
	if pt, ok := sanPieceType(body[end-1]); ok && piece == core.Pawn && pt != core.King && end-i >= 3 {
		promo, end = pt, end-1
		if body[end-1] == '=' {
			end--
		}
	}
	if end-i < 2 {
		return core.NoMove, sanSyntax(s)
	}
	to, ok := core.ParseSquare(body[end-2 : end])
	if !ok {
		return core.NoMove, sanSyntax(s)
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
		sq, ok := core.ParseSquare(mid)
		if !ok {
			return core.NoMove, sanSyntax(s)
		}
		fromFile, fromRank = int(sq.File()), int(sq.Rank())
	default:
		return core.NoMove, sanSyntax(s)
	}
	if piece == core.Pawn && fromFile < 0 {
		if capture {
			return core.NoMove, moveError(s, core.ErrMoveSyntax,
				excerpt.Quote(s)+" is not SAN: a pawn capture names the pawn's file, e.g. exd5")
		}
		fromFile = int(to.File()) // a pawn push stays on its file
	}

	var buf [core.MaxMoves]core.Move
	var found [2]core.Move
	n := 0
	for _, m := range p.LegalMoves(buf[:0]) {
		from := m.From()
		pt, _ := m.Promotion()
		if m.To() != to || m.IsCastling() || p.PieceAt(from).Type() != piece || pt != promo ||
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
		return core.NoMove, ambiguous(p, s, piece, to, fromFile, fromRank, promo)
	}
	if piece == core.Pawn && promo == 0 && (to.Rank() == core.Rank8 || to.Rank() == core.Rank1) {
		sq := to.String()
		return core.NoMove, moveError(s, core.ErrIllegalMove,
			"no legal move matches "+excerpt.Unquoted(s)+": a pawn reaching "+sq+" must promote, e.g. "+sq+"=Q")
	}
	return core.NoMove, noMatch(p, s)
}

// isSANSuffix reports whether c may follow a SAN move: a check or mate
// sign or an annotation mark.
func isSANSuffix(c byte) bool { return c == '+' || c == '#' || c == '!' || c == '?' }

// sanSyntax reports text that is not SAN.
func sanSyntax(s string) error {
	return moveError(s, core.ErrMoveSyntax, excerpt.Quote(s)+
		" is not SAN: write a piece letter (none for a pawn), the destination square and any promotion, e.g. Nf3, exd5, e8=Q, O-O")
}

// noMatch reports well-formed text that matches no legal move.
func noMatch(p *core.Position, s string) error {
	msg := "no legal move matches " + excerpt.Unquoted(s)
	switch {
	case p.King(p.SideToMove) == core.NoSquare || p.Pieces(core.NewPiece(p.SideToMove, core.King)).Count() > 1:
		msg += " (" + p.SideToMove.String() + " does not have exactly one king)"
	case p.InCheck():
		msg += " (" + p.SideToMove.String() + " is in check)"
	}
	return moveError(s, core.ErrIllegalMove, msg)
}

// ambiguous reports SAN text that more than one legal move matches,
// naming each of them in full SAN.
func ambiguous(p *core.Position, s string, piece core.PieceType, to core.Square, fromFile, fromRank int, promo core.PieceType) error {
	var buf [core.MaxMoves]core.Move
	var names []string
	for _, m := range p.LegalMoves(buf[:0]) {
		from := m.From()
		pt, _ := m.Promotion()
		if m.To() == to && !m.IsCastling() && p.PieceAt(from).Type() == piece && pt == promo &&
			(fromFile < 0 || int(from.File()) == fromFile) && (fromRank < 0 || int(from.Rank()) == fromRank) {
			names = append(names, SAN(p, m))
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
	return moveError(s, core.ErrAmbiguousMove, msg)
}

// parseCastlingSAN returns the castling move written s ("O-O" or "O-O-O",
// long when queenside).
func parseCastlingSAN(p *core.Position, s string, long bool) (core.Move, error) {
	var buf [core.MaxMoves]core.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.IsCastling() && (m.To().File() == core.FileC) == long {
			return m, nil
		}
	}
	side := "kingside"
	if long {
		side = "queenside"
	}
	return core.NoMove, moveError(s, core.ErrIllegalMove, "no legal move matches "+excerpt.Unquoted(s)+": "+
		p.SideToMove.String()+" cannot castle "+side+" here")
}

// SAN returns m in Standard Algebraic Notation (PGN standard, section
// 8.2.3), as a PGN export writes it: piece letter, the from-square's file,
// rank or both when another piece of the same type could also move to the
// destination (file preferred, then rank), 'x' for captures (a pawn
// capture starts with the pawn's file), the destination, "=Q" etc. for a
// promotion, "O-O" or "O-O-O" for castling, and '+' for check or '#' for
// checkmate. It returns "" when m is not a legal move of p.
func SAN(p *core.Position, m core.Move) string {
	var buf [16]byte
	return string(AppendSAN(buf[:0], p, m))
}

// AppendSAN appends the SAN of m (see [SAN]) to dst and returns
// the extended slice; dst is returned unchanged when m is not a legal move
// of p. It allocates only if dst lacks room.
func AppendSAN(dst []byte, p *core.Position, m core.Move) []byte {
	var buf [core.MaxMoves]core.Move
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
	pt := p.PieceAt(from).Type()
	switch {
	case m.IsCastling() && to.File() == core.FileG:
		dst = append(dst, "O-O"...)
	case m.IsCastling():
		dst = append(dst, "O-O-O"...)
	default:
		if pt != core.Pawn {
			dst = append(dst, pieceSANLetters[pt])
			dst = appendDisambiguation(dst, p, moves, m, pt)
		} else if m.IsCapture() {
			dst = append(dst, 'a'+byte(from.File()))
		}
		if m.IsCapture() {
			dst = append(dst, 'x')
		}
		dst = append(dst, to.String()...)
		if promo, ok := m.Promotion(); ok {
			dst = append(dst, '=', pieceSANLetters[promo])
		}
	}
	next := *p
	next.Play(m)
	if next.InCheck() {
		var replies [core.MaxMoves]core.Move
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
func appendDisambiguation(dst []byte, p *core.Position, moves []core.Move, m core.Move, pt core.PieceType) []byte {
	from := m.From()
	rivals, sameFile, sameRank := false, false, false
	for _, o := range moves {
		if o.To() != m.To() || o.From() == from || p.PieceAt(o.From()).Type() != pt {
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
	return append(dst, from.String()...)
}
