package dump

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// A Statement is what a dump says of the position besides its bitboards
// (a board it draws, or a Fact), and whether that agrees with the
// position.
type Statement struct {
	What    string // "board", or a Fact's Kind ("FEN", "checkers" …)
	Label   string // the Fact's label as written; "" for a board
	Text    string // the Fact's value as written; "" for a board
	Line    int    // 1-based: a board's first row, or the Fact's line
	EndLine int    // a board's last row; Line for a Fact
	Col     int    // the Fact's Col; 1 for a board
	Checked bool   // false when Bitview cannot check it (an engine's own Zobrist key, a value it cannot read)
	OK      bool   // it agrees with the position (false when not Checked)
	Detail  string // what differs, why it is not checked, or how it was read; lower case, "" when there is nothing to add
}

// Statements checks the boards and facts of d against p, in the order
// they are written. placementOnly says p was given as a piece placement
// alone (core.ParseFENOrPlacement): then only placements and checkers
// are compared.
// best is the best Result of Match for d's numbers, or nil: a
// "Checkers:" written as a number is read in its Mapping, and not checked
// without one.
//
// A board without rank labels is compared with rank 8 at the top and with
// rank 1 at the top; the better is kept (rank 8 on a tie) and named in
// Detail. An en passant square missing from the dump where the position
// has one but no pawn can capture on it agrees: Stockfish, for one, keeps
// the square only where a capture is possible. A key agrees when it is
// the Polyglot key (core.Position.PolyglotKey, in hexadecimal or
// decimal); any other is not checked, since engines such as Stockfish and
// BBC use keys of their own.
func Statements(p *core.Position, placementOnly bool, d *Dump, best *Result) []Statement {
	var boards, ss []Statement
	for i := range d.Boards {
		boards = append(boards, boardStatement(p, &d.Boards[i]))
	}
	for _, f := range d.Facts {
		s := Statement{What: f.Kind, Label: f.Label, Text: f.Text, Line: f.Line, EndLine: f.Line, Col: f.Col, Checked: true}
		if placementOnly && f.Kind != FactFEN && f.Kind != FactCheckers {
			s.Checked, s.Detail = false, "the position was given as a piece placement alone"
		} else {
			factStatement(p, placementOnly, &s, best)
		}
		if !s.Checked {
			s.OK = false
		}
		ss = append(ss, s)
	}
	return mergeByLine(boards, ss, func(s *Statement) int { return s.Line })
}

// boardStatement compares board b with p.
func boardStatement(p *core.Position, b *Board) Statement {
	s := Statement{What: "board", Line: b.Line, EndLine: b.EndLine, Col: 1, Checked: true}
	ids := []string{b.Numbering}
	if b.Numbering == "" {
		ids = []string{gridNumbering(true, b.Mirrored), gridNumbering(false, b.Mirrored)}
	}
	var best []string
	bestID := ""
	for _, id := range ids {
		m := mappingByID(id)
		var diffs []string
		for sq := core.A1; sq < core.NoSquare; sq++ {
			if got, want := b.Cells[m.Bit(sq)], p.PieceAt(sq); got != want {
				diffs = append(diffs, sq.String()+" "+pieceName(got)+" in the dump, "+pieceName(want)+" in the position")
			}
		}
		if bestID == "" || len(diffs) < len(best) {
			best, bestID = diffs, id
		}
	}
	s.OK = len(best) == 0
	var notes []string
	if b.Numbering == "" && len(ids) == 2 {
		top := "rank 8"
		if bestID == ids[1] {
			top = "rank 1"
		}
		notes = append(notes, "read with "+top+" at the top (it has no rank labels)")
	}
	if !s.OK {
		notes = append(notes, listSome(best, 6))
	}
	s.Detail = strings.Join(notes, "; ")
	return s
}

// pieceName names a piece by its FEN letter, or "nothing".
func pieceName(pc core.Piece) string {
	if pc == core.NoPiece {
		return "nothing"
	}
	return string(pc.Letter())
}

// listSome joins the first n items and says how many more there are.
func listSome(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, "; ")
	}
	return strings.Join(items[:n], "; ") + "; and " + strconv.Itoa(len(items)-n) + " more squares"
}

// factStatement checks one fact against p.
func factStatement(p *core.Position, placementOnly bool, s *Statement, best *Result) {
	text := strings.TrimSpace(s.Text)
	unreadable := func(what string) { s.Checked, s.Detail = false, "not "+what }
	switch s.What {
	case FactFEN:
		q, err := core.ParseFEN(text)
		if err != nil {
			s.Detail = "not a FEN: " + err.Error()
			return
		}
		var diffs []string
		var placement []string
		for sq := core.A1; sq < core.NoSquare; sq++ {
			if got, want := q.PieceAt(sq), p.PieceAt(sq); got != want {
				placement = append(placement, sq.String()+" "+pieceName(got)+" in the dump, "+pieceName(want)+" in the position")
			}
		}
		if len(placement) > 0 {
			diffs = append(diffs, "the placement: "+listSome(placement, 6))
		}
		if !placementOnly {
			if q.SideToMove != p.SideToMove {
				diffs = append(diffs, "the side to move: "+sideLetter(q.SideToMove)+", the position's "+sideLetter(p.SideToMove))
			}
			if q.Castling != p.Castling {
				diffs = append(diffs, "the castling rights: "+q.Castling.String()+", the position's "+p.Castling.String())
			}
			if ok, _ := enPassantAgrees(p, q.EnPassant); !ok {
				diffs = append(diffs, "the en passant square: "+squareName(q.EnPassant)+", the position's "+squareName(p.EnPassant))
			}
			if q.HalfmoveClock != p.HalfmoveClock {
				diffs = append(diffs, "the halfmove clock: "+strconv.Itoa(q.HalfmoveClock)+", the position's "+strconv.Itoa(p.HalfmoveClock))
			}
			if q.FullmoveNumber != p.FullmoveNumber {
				diffs = append(diffs, "the fullmove number: "+strconv.Itoa(q.FullmoveNumber)+", the position's "+strconv.Itoa(p.FullmoveNumber))
			}
		} else {
			s.Detail = "the placement alone compared: the position was given as a piece placement alone"
		}
		s.OK = len(diffs) == 0
		if !s.OK {
			s.Detail = strings.Join(diffs, "; ")
		} else if _, note := enPassantAgrees(p, q.EnPassant); note != "" && !placementOnly {
			s.Detail = note
		}
	case FactKey:
		want := p.PolyglotKey()
		lower := strings.ToLower(text)
		hex, errH := strconv.ParseUint(strings.TrimPrefix(lower, "0x"), 16, 64)
		dec, errD := strconv.ParseUint(lower, 10, 64)
		switch {
		case errH == nil && hex == want || errD == nil && dec == want:
			s.OK, s.Detail = true, "the Polyglot key"
		case errH != nil && errD != nil:
			unreadable("a key in hexadecimal or decimal")
		default:
			s.Checked, s.Detail = false, "not the Polyglot key ("+strings.ToUpper(strconv.FormatUint(want, 16))+"): an engine's own keys (Stockfish and BBC use their own) cannot be checked"
		}
	case FactCheckers:
		want := p.Checkers()
		var got core.Bitboard
		if w := strings.Fields(text); len(w) == 1 {
			if v, _, ok, _ := parseWord(w[0], false); ok {
				if best == nil || best.Mapping.ID == "" {
					s.Checked, s.Detail = false, "a number in the engine's numbering, which its other numbers do not give"
					return
				}
				got = best.Mapping.Squares(v)
				s.OK = got == want
				s.Detail = "read in " + best.Mapping.Name
				if !s.OK {
					s.Detail += ": " + squaresOr(got, "none") + " in the dump, " + squaresOr(want, "none") + " in the position"
				}
				return
			}
		}
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
			sq, ok := core.ParseSquare(strings.ToLower(w))
			if !ok {
				if strings.EqualFold(w, "none") || w == "-" {
					continue
				}
				unreadable("a list of squares")
				return
			}
			got.Set(sq)
		}
		s.OK = got == want
		if s.OK {
			s.Detail = squaresOr(want, "none") + ", as in the position"
		} else {
			s.Detail = squaresOr(got, "none") + " in the dump, " + squaresOr(want, "none") + " in the position"
		}
	case FactSide:
		var c core.Color
		switch strings.ToLower(text) {
		case "white", "w":
			c = core.White
		case "black", "b":
			c = core.Black
		default:
			unreadable("white or black")
			return
		}
		s.OK = c == p.SideToMove
		if !s.OK {
			s.Detail = "the position's is " + p.SideToMove.String()
		}
	case FactCastling:
		var cr core.CastlingRights
		if l := strings.ToLower(text); l != "none" && l != "no" {
			for _, c := range text {
				switch c {
				case 'K':
					cr |= core.WhiteKingside
				case 'Q':
					cr |= core.WhiteQueenside
				case 'k':
					cr |= core.BlackKingside
				case 'q':
					cr |= core.BlackQueenside
				case '-':
				default:
					unreadable("castling rights in K, Q, k, q and -")
					return
				}
			}
		}
		s.OK = cr == p.Castling
		if !s.OK {
			s.Detail = "the position's are " + p.Castling.String()
		}
	case FactEnPassant:
		sq := core.NoSquare
		switch l := strings.ToLower(text); l {
		case "no", "none", "-", "":
		default:
			var ok bool
			if sq, ok = core.ParseSquare(l); !ok {
				unreadable("a square or none")
				return
			}
		}
		var note string
		s.OK, note = enPassantAgrees(p, sq)
		if !s.OK {
			s.Detail = "the position's is " + squareName(p.EnPassant)
		} else {
			s.Detail = note
		}
	case FactHalfmove, FactFullmove:
		n, err := strconv.Atoi(text)
		if err != nil {
			unreadable("a number")
			return
		}
		want := p.HalfmoveClock
		if s.What == FactFullmove {
			want = p.FullmoveNumber
		}
		s.OK = n == want
		if !s.OK {
			s.Detail = "the position's is " + strconv.Itoa(want)
		}
	}
}

// enPassantAgrees reports whether an engine's en passant square sq agrees
// with p's: the same square, or none where p has one on which no pawn can
// capture (with a note saying so).
func enPassantAgrees(p *core.Position, sq core.Square) (bool, string) {
	if sq == p.EnPassant {
		return true, ""
	}
	if sq != core.NoSquare {
		return false, ""
	}
	for _, m := range p.LegalMoves(nil) {
		if m.IsEnPassant() {
			return false, ""
		}
	}
	return true, "no en passant square where the position's, " + p.EnPassant.String() + ", allows no capture (Stockfish keeps it only where one is possible)"
}

// squareName names sq, or "-" for none.
func squareName(sq core.Square) string {
	if sq == core.NoSquare {
		return "-"
	}
	return sq.String()
}

// sideLetter is a colour's FEN letter.
func sideLetter(c core.Color) string { return "wb"[c : c+1] }

// squaresOr lists the squares of b, or none.
func squaresOr(b core.Bitboard, none string) string {
	if b == 0 {
		return none
	}
	return b.SquareList()
}
