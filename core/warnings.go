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

	// The impossible checks and counts chessops's setup validation also
	// rejects (niklasf/chessops src/chess.ts, isImpossibleCheck and
	// isStandardMaterial); Bitview warns instead of refusing the position.
	WarnAlignedCheckers  WarningCode = "aligned-checkers"  // two checkers on one line through the king
	WarnTooManyCheckers  WarningCode = "too-many-checkers" // three or more checkers
	WarnImpossibleDouble WarningCode = "impossible-double" // a double check with two non-sliding checkers
	WarnEnPassantCheck   WarningCode = "en-passant-check"  // a check the double push could not have given
	WarnTooManyPromoted  WarningCode = "too-many-promoted" // more pieces of a kind than promotions allow
	WarnHalfmoveClock    WarningCode = "halfmove-clock"    // more reversible plies than plies played
)

// WarningCodes lists every warning code in the order it was added; new
// codes go at the end, so an index into the list is stable (the wasm
// build sends warnings to JS as such indices).
var WarningCodes = []WarningCode{WarnKingCount, WarnPawnOnBackRank, WarnTooManyPawns, WarnTooManyPieces,
	WarnOpponentInCheck, WarnCastlingRights, WarnEnPassantRank, WarnEnPassantNoPawn, WarnEnPassantHalfmove,
	WarnAlignedCheckers, WarnTooManyCheckers, WarnImpossibleDouble, WarnEnPassantCheck, WarnTooManyPromoted,
	WarnHalfmoveClock}

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
// clock other than 0 (PGN standard, section 16.1.3.4); a check on the
// side to move that no last move can have given (see [Position.checkWarnings]);
// more queens, rooks, knights or bishops of one square colour than the
// missing pawns can have promoted to; a halfmove clock larger than the
// number of plies played since the start position (2 × (fullmove − 1),
// plus 1 with Black to move). It returns nil when there is nothing to
// report.
func (p *Position) Warnings() []Warning {
	var ws []Warning
	add := func(code WarningCode, squares Bitboard, message string) {
		ws = append(ws, Warning{Code: code, Message: message, Squares: squares})
	}
	for c := White; c <= Black; c++ {
		if kings := p.Pieces(NewPiece(c, King)); kings.Count() != 1 {
			add(WarnKingCount, kings, c.String()+" has "+strconv.Itoa(kings.Count())+" kings; a game has exactly one per side")
		}
		if n := p.Pieces(NewPiece(c, Pawn)).Count(); n > 8 {
			add(WarnTooManyPawns, p.Pieces(NewPiece(c, Pawn)), c.String()+" has "+strconv.Itoa(n)+" pawns; at most 8")
		}
		if n := p.colors[c].Count(); n > 16 {
			add(WarnTooManyPieces, p.colors[c], c.String()+" has "+strconv.Itoa(n)+" pieces; at most 16")
		}
	}
	if back := p.Types(Pawn) & (Rank1BB | Rank8BB); back != 0 {
		add(WarnPawnOnBackRank, back, "pawns on rank 1 or 8 ("+back.SquareList()+"): a pawn there must already have promoted")
	}
	them := p.SideToMove.Other()
	if kings := p.Pieces(NewPiece(them, King)); kings.Count() == 1 {
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
		king, rook, ok := p.castlingRook(i)
		switch {
		case ok:
		case p.castlingKingFile(c) == FileE && p.Castling.RookFile(right) == home[1].File():
			// Standard chess's right: the king on e1/e8, the rook in its corner.
			var absent Bitboard
			if p.mailbox[home[0]] != NewPiece(c, King) {
				absent.Set(home[0])
			}
			if p.mailbox[home[1]] != NewPiece(c, Rook) {
				absent.Set(home[1])
			}
			add(WarnCastlingRights, absent, "castling right '"+castlingLetters[i:i+1]+"' needs the "+c.String()+
				" king on "+home[0].String()+" and a rook on "+home[1].String())
		default:
			// Chess960's: the king anywhere on its back rank, the rook on
			// the right's side of it.
			side := "h-file"
			if i&1 == 1 {
				side = "a-file"
			}
			msg := "castling right '" + castlingLetters[i:i+1] + "' castles with the rook on " + rook.String() + ", which needs the " + c.String() +
				" king on rank " + backRank(c).String() + " and a " + c.String() + " rook on " + rook.String() + ", on the king's " + side + " side"
			if king == NoSquare {
				msg = "castling right '" + castlingLetters[i:i+1] + "' needs the " + c.String() + " king on rank " + backRank(c).String() +
					" and a " + c.String() + " rook on " + rook.String() + ", on the king's " + side + " side"
			}
			add(WarnCastlingRights, rook.Bitboard(), msg)
		}
	}
	if ep := p.EnPassant; ep < NoSquare {
		p.enPassantWarnings(ep, add)
	}
	p.checkWarnings(add)
	for c := White; c <= Black; c++ {
		p.promotionWarnings(c, add)
	}
	if played := 2*(p.FullmoveNumber-1) + int(p.SideToMove); p.HalfmoveClock > played {
		add(WarnHalfmoveClock, 0, "the halfmove clock is "+strconv.Itoa(p.HalfmoveClock)+", but only "+strconv.Itoa(max(played, 0))+
			" plies have been played by move "+strconv.Itoa(p.FullmoveNumber)+" with "+p.SideToMove.String()+" to move")
	}
	return ws
}

// checkWarnings adds the warnings about a check on the side to move that
// no last move can have given, following chessops's isImpossibleCheck:
//
//   - with an en passant target square (on the right rank), the pawn that
//     just advanced two squares must be the only checker, or its move must
//     have uncovered the check: with the pawn back on its starting square
//     the king must not be attacked (en-passant-check);
//   - otherwise at most two pieces check (too-many-checkers), two checkers
//     are never on one line through the king (aligned-checkers: a move
//     uncovers at most one line, and a piece moving along it cannot check
//     along it too), and at most one checker is a knight or pawn
//     (impossible-double: a double check is one direct check and one
//     uncovered by a slider).
//
// An en passant capture or a promotion can uncover a check on two lines,
// which is why two sliders on different lines are allowed.
func (p *Position) checkWarnings(add func(WarningCode, Bitboard, string)) {
	us, them := p.SideToMove, p.SideToMove.Other()
	kings := p.Pieces(NewPiece(us, King))
	if kings.Count() != 1 {
		return
	}
	ksq := kings.LSB()
	checkers := p.AttackersTo(ksq, them)
	if checkers == 0 {
		return
	}
	n := checkers.Count()
	involved := kings | checkers
	who := us.String() + "'s king on " + ksq.String()
	if ep := p.EnPassant; ep < NoSquare && ep.Rank() == [2]Rank{Rank6, Rank3}[us] {
		pushedTo, pushedFrom := ep-8, ep+8
		if us == Black {
			pushedTo, pushedFrom = ep+8, ep-8
		}
		before := p.Occupied()&^pushedTo.Bitboard() | pushedFrom.Bitboard()
		switch {
		case n > 1:
			add(WarnEnPassantCheck, involved|pushedTo.Bitboard(), who+" is checked by "+strconv.Itoa(n)+" pieces ("+checkers.SquareList()+
				"), but the last move was a pawn's double push to "+pushedTo.String()+", which gives at most one check")
		case checkers != pushedTo.Bitboard() && p.attackersWith(ksq, them, before, pushedTo.Bitboard()) != 0:
			add(WarnEnPassantCheck, involved|pushedTo.Bitboard()|pushedFrom.Bitboard(), who+" is checked from "+checkers.SquareList()+
				", but that check was already there before the last move, the pawn's double push "+pushedFrom.String()+"–"+pushedTo.String())
		}
		return
	}
	steppers := checkers & (p.Types(Pawn) | p.Types(Knight) | p.Types(King))
	switch {
	case n > 2:
		add(WarnTooManyCheckers, involved, who+" is checked by "+strconv.Itoa(n)+" pieces ("+checkers.SquareList()+"); one move gives at most two checks")
	case n == 2 && line[checkers.LSB()][checkers.MSB()].Has(ksq):
		add(WarnAlignedCheckers, involved, who+" is checked by "+checkers.SquareList()+" along one line; one move cannot give both checks")
	case steppers.Count() > 1:
		add(WarnImpossibleDouble, involved, who+" is checked by "+checkers.SquareList()+
			", but a double check is one direct check and one uncovered by a rook, bishop or queen")
	}
}

// promotionWarnings adds a warning when colour c has more queens, rooks,
// knights or bishops of one square colour than its missing pawns can have
// promoted to: each queen beyond 1, rook or knight beyond 2, and bishop
// beyond 1 on light or on dark squares needs a promotion, and pawns plus
// promotions are at most 8 (chessops's isStandardMaterialSide). It stays
// silent when the side has more than 8 pawns (too-many-pawns says so).
func (p *Position) promotionWarnings(c Color, add func(WarningCode, Bitboard, string)) {
	pawns := p.Pieces(NewPiece(c, Pawn)).Count()
	if pawns > 8 {
		return
	}
	const light = Bitboard(0x55AA55AA55AA55AA)
	bishops := p.Pieces(NewPiece(c, Bishop))
	kinds := []struct {
		name  string
		set   Bitboard
		start int
	}{
		{"queens", p.Pieces(NewPiece(c, Queen)), 1},
		{"rooks", p.Pieces(NewPiece(c, Rook)), 2},
		{"knights", p.Pieces(NewPiece(c, Knight)), 2},
		{"light-squared bishops", bishops & light, 1},
		{"dark-squared bishops", bishops &^ light, 1},
	}
	promoted := 0
	var squares Bitboard
	detail := ""
	for _, k := range kinds {
		if extra := k.set.Count() - k.start; extra > 0 {
			promoted += extra
			squares |= k.set
			if detail != "" {
				detail += ", "
			}
			detail += strconv.Itoa(k.set.Count()) + " " + k.name
		}
	}
	if pawns+promoted > 8 {
		add(WarnTooManyPromoted, squares, c.String()+" has "+detail+": at least "+strconv.Itoa(promoted)+
			" promotions, but with "+strconv.Itoa(pawns)+" pawns left at most "+strconv.Itoa(8-pawns)+" pawns can have promoted")
	}
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
