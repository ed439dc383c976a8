package core

import (
	"errors"
	"testing"
)

// FuzzParseFEN checks that ParseFEN never panics, that every rejection is
// a *FENError pointing inside the input, and that every accepted input
// gives a consistent position whose canonical FEN parses back to it.
func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add(kiwipete)
	f.Add(articleFEN)
	for _, tt := range invalidFENs {
		f.Add(tt.fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || fe.Field < 1 || fe.Field > 6 || fe.Offset < 0 || fe.Offset > len(fen) || fe.Msg == "" {
				t.Fatalf("ParseFEN(%q) error %#v", fen, err)
			}
			return
		}
		checkInvariants(t, &p)
		again, err := ParseFEN(p.FEN())
		if err != nil || again != p {
			t.Fatalf("ParseFEN(%q).FEN() = %q does not parse back: %v", fen, p.FEN(), err)
		}
		_ = p.Warnings()
	})
}
