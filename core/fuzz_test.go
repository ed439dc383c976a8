package core

import (
	"errors"
	"reflect"
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
		again, err := ParseFEN(p.FEN())
		if err != nil || again != p {
			t.Fatalf("ParseFEN(%q).FEN() = %q does not parse back: %v", fen, p.FEN(), err)
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
