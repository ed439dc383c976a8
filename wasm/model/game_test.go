package model

import (
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core/pgn"
)

// TestGameFromMoves rebuilds games from links: the moves in UCI give the
// same positions as the PGN they came from, a bad move keeps the moves
// before it, and a start position other than the standard one is kept.
func TestGameFromMoves(t *testing.T) {
	games, err := pgn.Parse(SamplePGN)
	if err != nil || len(games) != 1 {
		t.Fatalf("sample: %v", err)
	}
	sample := &games[0]
	uci := UCIMoves(sample)
	if len(uci) != 23 || uci[0] != "c2c4" || uci[22] != "g2f3" {
		t.Fatalf("UCIMoves(sample) = %q", uci)
	}
	g, err := GameFromMoves("", uci)
	if err != nil {
		t.Fatalf("GameFromMoves(sample) error %v", err)
	}
	for ply := 0; ply <= len(uci); ply++ {
		want, got := sample.PositionAt(ply), g.PositionAt(ply)
		if want.FEN() != got.FEN() {
			t.Errorf("ply %d: %s, want %s", ply, got.FEN(), want.FEN())
		}
	}

	// A move that is not legal: the game stops before it, and says which.
	g, err = GameFromMoves("", []string{"e2e4", "e7e5", "e1e3", "d7d5"})
	if err == nil || !strings.Contains(err.Error(), `move 3 of the link, "e1e3"`) {
		t.Errorf("bad move: error %v, want one naming move 3", err)
	}
	if g == nil || len(g.Moves) != 2 {
		t.Errorf("bad move: %v moves kept, want 2", g)
	}

	// A start position of its own, with black to move.
	const start = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"
	g, err = GameFromMoves(start, []string{"e8d7", "e2e4"})
	if err != nil || g.Start.FEN() != start || len(g.Moves) != 2 {
		t.Fatalf("GameFromMoves(%q) = %v, %v", start, g, err)
	}
	if p := g.PositionAt(2); p.FEN() != "8/3k4/8/8/4P3/8/8/4K3 b - e3 0 2" {
		t.Errorf("after two plies %s", p.FEN())
	}
	if !slices.Equal(UCIMoves(g), []string{"e8d7", "e2e4"}) {
		t.Errorf("UCIMoves round trip %q", UCIMoves(g))
	}

	// A Chess960 start: a king that castles without moving (g1, the rook
	// on h1 going to f1) has only its king-takes-rook name, which the link
	// keeps.
	const start960 = "6kr/8/8/8/8/8/8/6KR w Hh - 0 1"
	g, err = GameFromMoves(start960, []string{"g1h1", "g8h8"})
	if err != nil || len(g.Moves) != 2 {
		t.Fatalf("GameFromMoves(%q) = %v, %v", start960, g, err)
	}
	if p := g.PositionAt(2); p.FEN() != "5rk1/8/8/8/8/8/8/5RK1 w - - 2 2" {
		t.Errorf("Chess960: after two plies %s", p.FEN())
	}
	if !slices.Equal(UCIMoves(g), []string{"g1h1", "g8h8"}) {
		t.Errorf("Chess960: UCIMoves round trip %q", UCIMoves(g))
	}

	// A start FEN that does not parse.
	if g, err := GameFromMoves("nonsense", []string{"e2e4"}); err == nil || g != nil {
		t.Errorf("bad start: %v, %v", g, err)
	}
}

// TestGameInQuery checks that the game's moves and ply go into the URL
// and come back, clamped, and that the start FEN is kept only when given.
func TestGameInQuery(t *testing.T) {
	s := DefaultState()
	s.Moves, s.Ply = []string{"e2e4", "e7e5", "g1f3"}, 2
	q := s.Query()
	if !strings.Contains(q, "&moves=e2e4,e7e5,g1f3&ply=2") || strings.Contains(q, "start=") {
		t.Errorf("Query() = %q", q)
	}
	back := ParseQuery(q)
	if !slices.Equal(back.Moves, s.Moves) || back.Ply != 2 || back.Start != "" {
		t.Errorf("ParseQuery(%q) = %+v", q, back)
	}
	s.Start, s.Ply = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 99
	back = ParseQuery(s.Query())
	if back.Start != s.Start || back.Ply != 3 {
		t.Errorf("start and clamped ply: %+v", back)
	}
	if back := ParseQuery("?moves=" + strings.Repeat("e2e4,", MaxURLMoves+10)); len(back.Moves) != MaxURLMoves {
		t.Errorf("%d moves kept from an over-long link, want %d", len(back.Moves), MaxURLMoves)
	}
	if back := ParseQuery("?grids=fixed"); !back.FixedGrids {
		t.Errorf("grids=fixed not read")
	}
}
