package core

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzParseFEN checks that ParseFEN never panics, that every rejection is
// a *FENError pointing inside the input and comes with the empty
// position (NewPosition), and that every accepted input
// gives a consistent position whose canonical FEN parses back to it; and
// that ParseFENOrPlacement agrees with it except for a placement alone.
func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add(kiwipete)
	f.Add(articleFEN)
	for _, tt := range invalidFENs {
		f.Add(tt.fen)
	}
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
	for _, fen := range chess960Seeds {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		// ParseFENOrPlacement agrees with ParseFEN but for a placement
		// alone, which it reads as "<placement> w - - 0 1".
		lp, only, lerr := ParseFENOrPlacement(fen)
		switch {
		case only:
			var fe *FENError
			if lerr != nil || !errors.As(err, &fe) || fe.Field != FieldActiveColor || strings.ContainsAny(strings.Trim(fen, " \t\r\n"), " \t") {
				t.Fatalf("ParseFENOrPlacement(%q) took a placement alone; ParseFEN says %v", fen, err)
			}
			checkInvariants(t, &lp)
			if again, err := ParseFEN(lp.FEN()); err != nil || again != lp || lp.SideToMove != White || lp.Castling != 0 ||
				lp.EnPassant != NoSquare || lp.HalfmoveClock != 0 || lp.FullmoveNumber != 1 {
				t.Fatalf("ParseFENOrPlacement(%q) = %q: %v", fen, lp.FEN(), err)
			}
		case lp != p || !reflect.DeepEqual(lerr, err):
			t.Fatalf("ParseFENOrPlacement(%q) = %v, ParseFEN = %v", fen, lerr, err)
		}
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || fe.Field < 1 || fe.Field > 6 || fe.Offset < 0 || fe.Offset > len(fen) || fe.Msg == "" {
				t.Fatalf("ParseFEN(%q) error %#v", fen, err)
			}
			if p != NewPosition() {
				t.Fatalf("ParseFEN(%q) = %q with error %v, want the empty position", fen, p.FEN(), err)
			}
			return
		}
		checkInvariants(t, &p)
		// Written back in the notation it was read in, the FEN keeps it.
		if n := CastlingNotationOf(fen); p.Castling.Rights() != 0 && CastlingNotationOf(p.FENIn(n)) != n && n == ShredderFEN {
			t.Fatalf("ParseFEN(%q).FENIn(%v) = %q, read as %v", fen, n, p.FENIn(n), CastlingNotationOf(p.FENIn(n)))
		}
		for _, n := range []CastlingNotation{XFEN, ShredderFEN} {
			again, err := ParseFEN(p.FENIn(n))
			if err != nil || again != p {
				t.Fatalf("ParseFEN(%q).FENIn(%v) = %q does not parse back: %v", fen, n, p.FENIn(n), err)
			}
		}
		// A standard position whose letters name its rooks writes the PGN
		// standard's KQkq.
		if p.FEN() != p.FENIn(XFEN) || !p.Chess960() && p.Castling&^p.outermostRights() == 0 && p.CastlingField(XFEN) != p.Castling.String() {
			t.Fatalf("ParseFEN(%q): FEN %q, X-FEN field %q, rights %v", fen, p.FEN(), p.CastlingField(XFEN), p.Castling)
		}
		_ = p.Warnings()
		// Perft counts the last ply with countLegal: it must agree with
		// LegalMoves here and one ply further, whatever the position.
		moves := p.LegalMoves(nil)
		if n := p.countLegal(); n != len(moves) {
			t.Fatalf("%q: countLegal() = %d, LegalMoves has %d moves", p.FEN(), n, len(moves))
		}
		for _, m := range moves {
			next := p
			next.Play(m)
			if n, want := next.countLegal(), len(next.LegalMoves(nil)); n != want {
				t.Fatalf("%q after %v: countLegal() = %d, LegalMoves has %d moves", p.FEN(), m, n, want)
			}
		}
	})
}

// chess960Seeds are FENs of Chess960 positions in the three castling
// notations, for the fuzz targets: start positions, inner rooks that need
// a file letter, rights reduced, and positions whose castling is tricky.
var chess960Seeds = []string{
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w FHfh - 0 1",
	"rkqrbbnn/pppppppp/8/8/8/8/PPPPPPPP/RKQRBBNN w DAda - 0 1",
	"r2rk2r/8/8/8/8/8/8/R2RK2R w DHdh - 0 1",
	"r2rk2r/8/8/8/8/8/8/R2RK2R w KDkq - 0 1",
	"4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1",
	"4k3/8/8/8/8/8/8/R5KR w KQ - 0 1",
	"3k4/8/8/8/8/8/8/R1K1R2R w E - 0 1",
	"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
	"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
	"nrk1qrbb/1p2ppp1/2ppn3/Q6p/P2P3P/1P6/2P1PPP1/NRKN1RBB b KQkq - 1 2",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"brk1nbrq/1ppppn1p/6p1/p4p2/P5P1/5R2/1PPPPP1P/BRKNNB1Q w Bgb - 0 9",
	"4k3/8/8/8/8/8/8/4K3 w Gb - 0 1",
}

// FuzzParseUCI checks that ParseUCI never panics, that it returns a legal
// move or a *MoveError, and that every move it returns reads back from
// both of its UCI spellings: king-takes-rook always, the king's move
// unless a plain king move has the same text.
func FuzzParseUCI(f *testing.F) {
	for _, fen := range append([]string{StartFEN, kiwipete}, chess960Seeds...) {
		p, err := ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		for _, m := range p.LegalMoves(nil) {
			f.Add(fen, m.UCIChess960())
		}
		f.Add(fen, "e1g1")
		f.Add(fen, "0000")
	}
	f.Fuzz(func(t *testing.T, fen, uci string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseUCI(uci)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Input != uci || me.Msg == "" {
				t.Fatalf("%s: ParseUCI(%q) error %#v", fen, uci, err)
			}
			return
		}
		legal := p.LegalMoves(nil)
		if !slices.Contains(legal, m) {
			t.Fatalf("%s: ParseUCI(%q) = %v, not a legal move", fen, uci, m)
		}
		if again, err := p.ParseUCI(m.UCIChess960()); err != nil || again != m {
			t.Fatalf("%s: ParseUCI(%q) = %v, %v; want %v", fen, m.UCIChess960(), again, err, m)
		}
		again, err := p.ParseUCI(m.UCI())
		plain := slices.ContainsFunc(legal, func(o Move) bool { return !o.IsCastling() && o.UCI() == m.UCI() })
		if err != nil || again != m && !(m.IsCastling() && plain) {
			t.Fatalf("%s: ParseUCI(%q) = %v, %v; want %v", fen, m.UCI(), again, err, m)
		}
		next := p
		next.Play(m)
		checkInvariants(t, &next)
		if back, err := ParseFEN(next.FEN()); err != nil || back != next {
			t.Fatalf("%s after %s: %q does not read back: %v", fen, uci, next.FEN(), err)
		}
	})
}
