package repr

import (
	"errors"
	"strconv"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/internal/corpus"
)

// A reprCase is a position every representation must round-trip.
type reprCase struct {
	name string // "start", "kiwipete", "positions.txt:12 (cpw-perft)", …
	pos  core.Position
}

// reprExtraFENs are positions beyond the corpus that stress the
// representations: an empty board, a crowded one, the largest counters, an
// en passant square on the wrong rank for the side to move.
var reprExtraFENs = []struct{ name, fen string }{
	{"start", core.StartFEN},
	{"kiwipete", corpus.Kiwipete},
	{"article (b3 with White to move)", corpus.ArticleFEN},
	{"empty board", "8/8/8/8/8/8/8/8 w - - 0 1"},
	{"full board", "QQQQQQQQ/qqqqqqqq/KKKKKKKK/kkkkkkkk/RRRRRRRR/rrrrrrrr/BBBBNNNN/bbbbnnnn b KQkq - 99 500"},
	{"pawns everywhere", "PPPPPPPP/pppppppp/PPPPPPPP/pppppppp/PPPPPPPP/pppppppp/PPPPPPPP/pppppppp w - - 0 1"},
	{"largest counters", "4k3/8/8/8/8/8/8/4K3 b - - 2147483647 2147483647"},
	{"en passant h6", "4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 2"},
	{"en passant a3", "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1"},
	{"Chess960 start 0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
	{"Chess960 inner rooks", "r2rk2r/8/8/8/8/8/8/R2RK2R w DHdh - 0 1"},
	{"Chess960 rights by file, no rooks", "4k3/8/8/8/8/8/8/4K3 w Gb - 0 1"},
}

// reprCases returns the positions of reprExtraFENs and every line of
// testdata/positions.txt (FEN <TAB> source <TAB> note, '#' comments).
func reprCases(t testing.TB) []reprCase {
	t.Helper()
	var cs []reprCase
	for _, e := range reprExtraFENs {
		p, err := core.ParseFEN(e.fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", e.fen, err)
		}
		cs = append(cs, reprCase{e.name, p})
	}
	for _, e := range corpus.Read(t) {
		p, err := core.ParseFEN(e.FEN)
		if err != nil {
			t.Fatalf("positions.txt:%d: ParseFEN(%q): %v", e.Line, e.FEN, err)
		}
		cs = append(cs, reprCase{"positions.txt:" + strconv.Itoa(e.Line) + " (" + e.Source + ")", p})
	}
	if len(cs) < 100 {
		t.Fatalf("only %d positions to round-trip", len(cs))
	}
	return cs
}

// withStateOf returns p with the irreversible state (side to move,
// castling, en passant, counters) of from: the board-only representations
// do not carry it.
func withStateOf(p, from core.Position) core.Position {
	p.SideToMove, p.Castling, p.EnPassant = from.SideToMove, from.Castling, from.EnPassant
	p.HalfmoveClock, p.FullmoveNumber = from.HalfmoveClock, from.FullmoveNumber
	return p
}

// checkRoundTrip fails t unless got (a board-only round trip of want) is a
// consistent position with want's board.
func checkRoundTrip(t *testing.T, repr string, got core.Position, err error, want core.Position) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: round trip of %s: %v", repr, want.FEN(), err)
		return
	}
	if cerr := got.Validate(); cerr != nil {
		t.Errorf("%s: round trip of %s gives an inconsistent position: %v", repr, want.FEN(), cerr)
		return
	}
	if withStateOf(got, want) != want {
		t.Errorf("%s: round trip of %s gives %s", repr, want.FEN(), got.FEN())
	}
}

// TestRepresentationsTable checks the table the page renders: one entry
// per representation, unique ids, the sizes articles state, and a size
// for the minimal encoding that follows the position.
func TestRepresentationsTable(t *testing.T) {
	start, _ := core.ParseFEN(core.StartFEN)
	empty := core.NewPosition()
	tests := []struct {
		id          string
		start, bare int // Size for the start position and for an empty board
	}{
		{"array64", 64, 64},
		{"0x88", 128, 128},
		{"10x12", 120, 120},
		{"16x16", 256, 256},
		{"piece-lists", 140, 140},
		{"bitboards-12", 96, 96},
		{"bitboards-8", 64, 64},
		{"rotated", 32, 32},
		{"minimal", 22, (64 + 8 + 7) / 8},
	}
	if len(Representations) != len(tests) {
		t.Errorf("Representations has %d entries, want %d", len(Representations), len(tests))
	}
	seen := map[string]bool{}
	for i, tt := range tests {
		r, ok := RepresentationByID(tt.id)
		if !ok {
			t.Errorf("RepresentationByID(%q) not found", tt.id)
			continue
		}
		if i < len(Representations) && Representations[i].ID != tt.id {
			t.Errorf("Representations[%d].ID = %q, want %q (page order)", i, Representations[i].ID, tt.id)
		}
		if seen[r.ID] || r.Name == "" || r.About == "" {
			t.Errorf("%s: duplicate id or missing name/about: %+v", tt.id, r)
		}
		seen[r.ID] = true
		if got := r.Size(&start); got != tt.start {
			t.Errorf("%s: Size(start) = %d bytes, want %d", tt.id, got, tt.start)
		}
		if got := r.Size(&empty); got != tt.bare {
			t.Errorf("%s: Size(empty board) = %d bytes, want %d", tt.id, got, tt.bare)
		}
	}
	if _, ok := RepresentationByID("nope"); ok {
		t.Error(`RepresentationByID("nope") found something`)
	}
}

// TestReprError checks the error message and that errors.As finds it.
func TestReprError(t *testing.T) {
	var a [core.SquareCount]uint8
	a[core.E4] = 13
	_, err := PositionFromArray64(a)
	var re *Error
	if !errors.As(err, &re) || re.Repr != "array64" || re.Index != int(core.E4) {
		t.Fatalf("PositionFromArray64 with 13 on e4: %#v", err)
	}
	if want := "array64 index 28: square e4 holds 13, which is not a piece code (0–12)"; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
}
