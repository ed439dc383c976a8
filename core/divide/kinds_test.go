package divide

import (
	"testing"

	"github.com/bitview/bitview/core"
)

func TestKindOf(t *testing.T) {
	const (
		kiwipete  = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
		ep        = "7k/8/8/3pP3/8/8/8/K7 w - d6 0 1"
		pinnedEP  = "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"
		discovery = "k7/8/8/8/8/8/B7/R3K3 w - - 0 1"
	)
	tests := []struct {
		fen, uci string
		want     MoveKind
	}{
		{ep, "e5d6", EnPassantCapture},
		{ep, "e5e6", QuietMove},
		{kiwipete, "e1g1", CastlingMove},
		{kiwipete, "d5e6", Capture},
		{kiwipete, "a2a3", QuietMove},
		{"8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8q", Promotion},
		{"1n6/P7/8/8/8/8/8/k6K w - - 0 1", "a7b8n", Promotion},
		{discovery, "a2d5", DoubleCheck},
		{discovery, "a2b1", DiscoveredCheck},
		{"k7/8/8/8/8/8/8/1R2K3 w - - 0 1", "b1a1", Check},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f2f3", QuietMove},
		// Moves that are not legal, named by their shape.
		{pinnedEP, "b5c6", EnPassantCapture},
		{core.StartFEN, "e1g1", CastlingMove},
		{core.StartFEN, "e1c1", CastlingMove},
		{"8/P7/8/8/8/8/8/k5RK w - - 0 1", "a7a8k", Promotion},
		{core.StartFEN, "d2e3", QuietMove},
		{kiwipete, "e1e2", QuietMove},
		{kiwipete, "f3f7", Capture},
		{core.StartFEN, "e7e5", NotOurs},
		{core.StartFEN, "e4e5", NotOurs},
		{core.StartFEN, "zz", QuietMove},
	}
	for _, tt := range tests {
		p, err := core.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := KindOf(p, tt.uci); got != tt.want {
			t.Errorf("KindOf(%q, %s) = %v, want %v", tt.fen, tt.uci, got, tt.want)
		}
	}
}

func TestKinds(t *testing.T) {
	kiwipete, _ := core.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	ep, _ := core.ParseFEN("7k/8/8/2pPp3/8/8/8/K7 w - c6 0 1")
	promo, _ := core.ParseFEN("8/P7/8/8/8/8/8/k6K w - - 0 1")
	tests := []struct {
		name  string
		p     core.Position
		diffs []Difference
		kind  Kind
		want  string
	}{
		{"one en passant capture", ep, []Difference{{UCI: "d5c6", Kind: Missing}}, Missing, "the missing move is an en passant capture"},
		{"two castling moves", kiwipete, []Difference{{UCI: "e1c1", Kind: Missing}, {UCI: "e1g1", Kind: Missing}, {UCI: "a2a3", Kind: WrongCount}}, Missing,
			"the 2 missing moves are castling moves"},
		{"four promotions", promo, []Difference{{UCI: "a7a8b", Kind: Missing}, {UCI: "a7a8n", Kind: Missing}, {UCI: "a7a8q", Kind: Missing}, {UCI: "a7a8r", Kind: Missing}}, Missing,
			"the 4 missing moves are promotions"},
		{"mixed", kiwipete, []Difference{{UCI: "d5e6", Kind: Missing}, {UCI: "e1g1", Kind: Missing}, {UCI: "e2a6", Kind: Missing}}, Missing,
			"the 3 missing moves are 2 captures (d5e6, e2a6) and 1 castling move (e1g1)"},
		{"extra", kiwipete, []Difference{{UCI: "e1e2", Kind: Extra}}, Extra, "the extra move is a quiet move"},
		{"wrong counts", kiwipete, []Difference{{UCI: "e1c1", Kind: WrongCount}, {UCI: "e1g1", Kind: WrongCount}}, WrongCount,
			"the 2 moves counted wrong are castling moves"},
		{"none of the kind", kiwipete, []Difference{{UCI: "e1c1", Kind: WrongCount}}, Missing, ""},
	}
	for _, tt := range tests {
		if got := Kinds(tt.p, tt.diffs, tt.kind); got != tt.want {
			t.Errorf("%s: Kinds = %q, want %q", tt.name, got, tt.want)
		}
	}
}
