package model

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestRead reads FENs as the page's field and an element's fen attribute
// do: the position or its error, a placement alone, and the warnings
// with their squares.
func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, fen     string
		ok, placement bool
		errField      int
		warnings      int
		warned        core.Bitboard
	}{
		{"start", core.StartFEN, true, false, 0, 0, 0},
		{"placement alone", "8/8/8/8/4P3/8/8/4K2k", true, true, 0, 0, 0},
		{"error", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, false, 1, 0, 0},
		{"too long", strings.Repeat("8", core.MaxFENLength+1), false, false, 1, 0, 0},
		{"no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", true, false, 0, 1, 0},
		{"pawn on rank 8", "P7/8/8/8/8/8/8/4K2k w - - 0 1", true, false, 0, 1, core.A8.Bitboard()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Read(tc.fen)
			if r.OK() != tc.ok || r.PlacementOnly != tc.placement || r.Input != tc.fen {
				t.Fatalf("Read(%.40q) = ok %v, placement %v, input %q; want %v, %v, the FEN", tc.fen, r.OK(), r.PlacementOnly, r.Input, tc.ok, tc.placement)
			}
			if tc.ok != (r.Err == nil) || !tc.ok && r.Err.Field != tc.errField {
				t.Errorf("Read(%q).Err = %v, want field %d", tc.fen, r.Err, tc.errField)
			}
			if tc.ok && r.Pos.PieceAt(core.E1) != core.WhiteKing {
				t.Errorf("Read(%q): e1 holds %v", tc.fen, r.Pos.PieceAt(core.E1))
			}
			if !tc.ok && r.Pos != core.NewPosition() {
				t.Errorf("Read(%q): a FEN with an error gives a position", tc.fen)
			}
			if len(r.Warnings) < tc.warnings || tc.warnings == 0 && len(r.Warnings) != 0 {
				t.Errorf("Read(%q) has %d warnings, want %d or more", tc.fen, len(r.Warnings), tc.warnings)
			}
			if r.Warned()&tc.warned != tc.warned {
				t.Errorf("Read(%q).Warned() = %v, want %v among them", tc.fen, r.Warned(), tc.warned)
			}
		})
	}
}

// TestStatusSame: a status is the same as another when it says the same,
// whatever the FEN that made it: a notice dismissed stays dismissed while
// the user types on, and comes back when it says something else.
func TestStatusSame(t *testing.T) {
	const noKing = "8/8/8/8/8/8/8/4K3 w - - 0 1"
	page := func(fen string, fb Fallback) Status { return Status{Read: Read(fen), Fallback: fb, Warnings: true} }
	for _, tc := range []struct {
		name string
		a, b Status
		same bool
	}{
		{"one FEN", page(noKing, ShowsLast), page(noKing, ShowsLast), true},
		{"another FEN, the same warning", page(noKing, ShowsLast), page("8/8/8/8/8/8/4K3/8 w - - 0 1", ShowsLast), true},
		{"another warning", page(noKing, ShowsLast), page("8/8/8/8/8/8/8/4k3 w - - 0 1", ShowsLast), false},
		{"no warnings said", Status{Read: Read(noKing)}, Status{Read: Read(core.StartFEN)}, true},
		{"warning gone", page(noKing, ShowsLast), page(core.StartFEN, ShowsLast), false},
		{"one error", page("8/8/x", ShowsLast), page("8/8/x", ShowsLast), true},
		{"the error moved", page("8/8/x", ShowsLast), page("8/8/8/x", ShowsLast), false},
		{"another fallback", page("8/8/x", ShowsLast), page("8/8/x", ShowsStart), false},
		{"error and none", page("8/8/x", ShowsLast), page(core.StartFEN, ShowsLast), false},
		{"placement alone and whole", page("8/8/8/8/8/8/8/K6k", ShowsLast), page("8/8/8/8/8/8/8/K6k w - - 0 1", ShowsLast), false},
		{"two placements", page("8/8/8/8/8/8/8/K6k", ShowsLast), page("8/8/8/8/8/8/8/K5k1", ShowsLast), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.Same(tc.b); got != tc.same || tc.b.Same(tc.a) != got {
				t.Errorf("Same = %v (and %v the other way), want %v", got, tc.b.Same(tc.a), tc.same)
			}
		})
	}
}
