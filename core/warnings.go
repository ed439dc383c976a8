package core

import "strconv"

// A WarningCode names a kind of warning; the codes are stable and safe to
// match in code.
type WarningCode string

// The warning codes of [Position.Warnings].
const (
	WarnKingCount         WarningCode = "king-count"          // a side has no king or several
	WarnPawnOnBackRank    WarningCode = "pawn-on-back-rank"   // a pawn on rank 1 or 8
	WarnTooManyPawns      WarningCode = "too-many-pawns"      // more than 8 pawns for a side
	WarnTooManyPieces     WarningCode = "too-many-pieces"     // more than 16 pieces for a side
	WarnOpponentInCheck   WarningCode = "opponent-in-check"   // the side not to move is in check
	WarnCastlingRights    WarningCode = "castling-rights"     // a right without king and rook at home
	WarnEnPassantRank     WarningCode = "en-passant-rank"     // target square on the mover's own side
	WarnEnPassantNoPawn   WarningCode = "en-passant-no-pawn"  // no pawn can have just advanced two squares
	WarnEnPassantHalfmove WarningCode = "en-passant-halfmove" // a double push resets the halfmove clock
)

// A Warning describes why a position that parses cannot arise in a game.
type Warning struct {
	Code    WarningCode
	Message string   // for a student, e.g. "white has 2 kings"
	Squares Bitboard // the squares involved, to highlight (may be empty)
}

// castlingHome lists, per castling right (lowest flag first), the king's
// and the rook's home squares.
var castlingHome = [4][2]Square{{E1, H1}, {E1, A1}, {E8, H8}, {E8, A8}}

// Warnings returns what makes p impossible in a game while still being a
// valid FEN: not exactly one king per side; pawns on rank 1 or 8; more than
// 8 pawns or 16 pieces for a side; the side not to move in check; a
// castling right without its king and rook on their home squares; an en
// passant target square on the wrong rank for the side to move, without a
// pawn that can just have advanced two squares past it, or with a halfmove
// clock other than 0 (PGN standard, section 16.1.3.4). It returns nil when
// there is nothing to report.
func (p *Position) Warnings() []Warning {
	var ws []Warning
	add := func(code WarningCode, squares Bitboard, message string) {
		ws = append(ws, Warning{Code: code, Message: message, Squares: squares})
	}
	for c := White; c <= Black; c++ {
		if kings := p.pieces[NewPiece(c, King)]; kings.Count() != 1 {
			add(WarnKingCount, kings, c.String()+" has "+strconv.Itoa(kings.Count())+" kings; a game has exactly one per side")
		}
		if n := p.pieces[NewPiece(c, Pawn)].Count(); n > 8 {
			add(WarnTooManyPawns, p.pieces[NewPiece(c, Pawn)], c.String()+" has "+strconv.Itoa(n)+" pawns; at most 8")
		}
		if n := p.colors[c].Count(); n > 16 {
			add(WarnTooManyPieces, p.colors[c], c.String()+" has "+strconv.Itoa(n)+" pieces; at most 16")
		}
	}
	if back := p.Types(Pawn) & (Rank1BB | Rank8BB); back != 0 {
		add(WarnPawnOnBackRank, back, "pawns on rank 1 or 8 ("+squareList(back)+"): a pawn there must already have promoted")
	}
	them := p.SideToMove.Other()
	if kings := p.pieces[NewPiece(them, King)]; kings.Count() == 1 {
		if checkers := p.AttackersTo(kings.LSB(), p.SideToMove); checkers != 0 {
			add(WarnOpponentInCheck, kings|checkers, them.String()+" is in check but it is "+p.SideToMove.String()+"'s move")
		}
	}
	for i, home := range castlingHome {
		right := CastlingRights(1) << i
		if p.Castling&right == 0 {
			continue
		}
		c := Color(i / 2)
		var absent Bitboard
		if p.mailbox[home[0]] != NewPiece(c, King) {
			absent.Set(home[0])
		}
		if p.mailbox[home[1]] != NewPiece(c, Rook) {
			absent.Set(home[1])
		}
		if absent != 0 {
			add(WarnCastlingRights, absent, "castling right '"+castlingLetters[i:i+1]+"' needs the "+c.String()+
				" king on "+home[0].String()+" and a rook on "+home[1].String())
		}
	}
	if ep := p.EnPassant; ep < NoSquare {
		p.enPassantWarnings(ep, add)
	}
	return ws
}

// enPassantWarnings adds the warnings about the en passant target square ep.
func (p *Position) enPassantWarnings(ep Square, add func(WarningCode, Bitboard, string)) {
	mover, pusher := p.SideToMove, p.SideToMove.Other()
	want := Rank6
	if mover == Black {
		want = Rank3
	}
	if ep.Rank() != want {
		add(WarnEnPassantRank, ep.Bitboard(), "en passant target square "+ep.String()+" is on rank "+ep.Rank().String()+
			", but with "+mover.String()+" to move it must be on rank "+want.String()+" ("+pusher.String()+" just advanced two squares)")
	} else {
		// The pusher's pawn stands one rank past ep, and ep and the square it came from are empty.
		pawn, from := ep+8, ep-8
		if pusher == Black {
			pawn, from = ep-8, ep+8
		}
		if p.mailbox[pawn] != NewPiece(pusher, Pawn) || p.mailbox[ep] != NoPiece || p.mailbox[from] != NoPiece {
			add(WarnEnPassantNoPawn, pawn.Bitboard()|ep.Bitboard()|from.Bitboard(),
				"en passant target square "+ep.String()+" needs a "+pusher.String()+" pawn on "+pawn.String()+
					" that just came from "+from.String()+", with "+from.String()+" and "+ep.String()+" empty")
		}
	}
	if p.HalfmoveClock != 0 {
		add(WarnEnPassantHalfmove, ep.Bitboard(), "en passant target square "+ep.String()+
			" means a pawn just moved, so the halfmove clock must be 0, not "+strconv.Itoa(p.HalfmoveClock))
	}
}

// squareList returns the squares of b by name, in LERF order, separated by
// ", ".
func squareList(b Bitboard) string {
	s := ""
	for sq := range b.Squares() {
		if s != "" {
			s += ", "
		}
		s += sq.String()
	}
	return s
}
