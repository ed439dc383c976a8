package core

import (
	"slices"
	"testing"

	"github.com/bitview/bitview/core/internal/corpus"
)

// uciList returns the UCI names of moves, sorted.
func uciList(moves []Move) []string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = m.UCI()
	}
	slices.Sort(names)
	return names
}

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// TestLegalMovesRules checks the rules that move generators most often get
// wrong, each in a small position: which moves must and must not appear,
// and how many there are in all.
func TestLegalMovesRules(t *testing.T) {
	tests := []struct {
		name, fen  string
		has, lacks []string // UCI moves that must, and must not, be legal
		count      int      // number of legal moves, -1 when not checked
	}{
		{"start position", StartFEN,
			[]string{"e2e4", "e2e3", "g1f3", "b1a3"}, []string{"e1g1", "e2e5"}, 20},
		{"en passant exposing the king along the rank", "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
			[]string{"b5b6", "a5a6"}, []string{"b5c6"}, -1},
		{"en passant exposing the king, capturing towards it", "8/8/8/K1pP3r/8/8/8/7k w - c6 0 2",
			[]string{"d5d6"}, []string{"d5c6"}, -1},
		{"en passant along the diagonal of a pin", "1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 2",
			[]string{"e5d6"}, []string{"e5e6"}, -1},
		{"en passant off the diagonal of a pin", "k6b/8/8/3pP3/8/8/8/K7 w - d6 0 2",
			nil, []string{"e5d6", "e5e6"}, -1},
		{"en passant captures the checking pawn", "8/8/8/3pP3/4K3/8/8/7k w - d6 0 2",
			[]string{"e5d6", "e4d5"}, []string{"e5e6"}, -1},
		{"black en passant captures the checking pawn", "8/8/8/2k5/3Pp3/8/8/3K3R b - d3 0 1",
			[]string{"e4d3", "c5d4"}, []string{"e4e3"}, -1},
		{"en passant target without the pawn that passed", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2",
			[]string{"e5e6"}, []string{"e5d6"}, -1},
		{"castling both ways", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			[]string{"e1g1", "e1c1"}, nil, 26},
		{"no castling through an attacked square", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
			[]string{"e1c1"}, []string{"e1g1", "e1f1", "e1f2"}, -1},
		{"no castling onto an attacked square", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
			[]string{"e1c1", "e1f1"}, []string{"e1g1"}, -1},
		{"queenside: b1 attacked does not matter", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
			[]string{"e1c1", "e1g1"}, nil, -1},
		{"queenside: b1 occupied blocks", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1",
			[]string{"e1g1"}, []string{"e1c1"}, -1},
		{"no castling out of check", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
			[]string{"e1d1", "e1f1"}, []string{"e1g1", "e1c1"}, -1},
		{"castling right without the rook", "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
			nil, []string{"e1g1", "e1c1"}, 5},
		{"castling right with the king off its back rank", "4k3/8/8/8/8/8/5K2/R6R w KQ - 0 1",
			[]string{"f2g1", "h1g1"}, []string{"f2h1", "f2d1"}, 34},
		// X-FEN, as Stockfish 15.1 reads it in either mode: K and Q name the
		// outermost rooks on either side of the king on f1, so both rights
		// castle the Chess960 way (Stockfish's "go perft 1": 26 moves, f1g1
		// twice). The plain king move f1g1 and O-O (f1h1 in Chess960's UCI)
		// are two moves.
		{"castling rights with the king on f1 (X-FEN)", "4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1",
			[]string{"f1g1", "h1g1", "f1c1"}, []string{"f1h1", "f1d1"}, 26},
		{"X-FEN: K names the g1 rook when h1 has none", "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
			[]string{"e1g1", "e1c1", "g1h1"}, nil, 26},
		{"castling right with an enemy piece in the corner", "4k3/8/8/8/8/8/8/n3K2R w KQ - 0 1",
			[]string{"e1g1"}, []string{"e1c1"}, -1},
		{"black castling", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
			[]string{"e8g8", "e8c8"}, nil, 26},
		{"pinned knight cannot move", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
			nil, []string{"e2c3", "e2g3", "e2d4", "e2f4", "e2c1", "e2g1"}, 4},
		{"pinned rook moves along the pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
			[]string{"e2e3", "e2e7"}, []string{"e2d2", "e2a2"}, -1},
		{"pinned bishop captures its pinner", "4k3/8/8/8/7q/8/5B2/4K3 w - - 0 1",
			[]string{"f2g3", "f2h4"}, []string{"f2e3", "f2g1"}, -1},
		{"pinned pawn pushes along a file pin", "4r1k1/8/8/8/8/8/4P3/4K3 w - - 0 1",
			[]string{"e2e3", "e2e4"}, nil, -1},
		{"pinned pawn cannot capture off the pin", "4r1k1/8/8/8/8/3b4/4P3/4K3 w - - 0 1",
			[]string{"e2e3"}, []string{"e2d3"}, -1},
		{"check by a knight: capture it or move the king", "4k3/8/8/8/8/R4n2/8/4K3 w - - 0 1",
			[]string{"a3f3", "e1e2", "e1f2", "e1d1"}, []string{"a3a4", "e1d2"}, -1},
		{"check along the rank: step off it, not along it", "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",
			[]string{"e1d2", "e1e2", "e1f2"}, []string{"e1d1", "e1f1", "e1g1", "h1f1"}, 3},
		{"king cannot retreat along the checking ray", "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1",
			[]string{"e1d1", "e1f2"}, []string{"e1e2"}, 4},
		{"double check: only the king moves", "4k3/8/8/8/1b6/8/4r3/R3K3 w - - 0 1",
			[]string{"e1e2", "e1f1", "e1d1"}, []string{"a1a4", "e1d2", "e1f2"}, 3},
		{"promotions, captures included", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
			[]string{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8n"}, []string{"a7a8"}, 13},
		{"checkmate: no moves", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", nil, nil, 0},
		{"stalemate: no moves", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, nil, 0},
		{"no king to move: no moves", "8/8/8/8/8/8/4P3/4k3 w - - 0 1", nil, nil, 0},
		{"two kings to move: no moves", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", nil, nil, 0},
		{"the king captures an undefended checker", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1",
			[]string{"e8e7"}, nil, -1},
		{"the opponent's king is never captured", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
			[]string{"e7e6"}, []string{"e7e8"}, -1},
		{"the king never captures its way onto a defended square", "4k3/4R3/8/8/8/8/4R3/4K3 b - - 0 1",
			[]string{"e8d8", "e8f8"}, []string{"e8e7"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			moves := p.LegalMoves(nil)
			names := uciList(moves)
			for _, m := range tt.has {
				if !slices.Contains(names, m) {
					t.Errorf("%s: %s missing from LegalMoves = %v", tt.fen, m, names)
				}
			}
			for _, m := range tt.lacks {
				if slices.Contains(names, m) {
					t.Errorf("%s: %s is not legal but LegalMoves = %v", tt.fen, m, names)
				}
			}
			if tt.count >= 0 && len(moves) != tt.count {
				t.Errorf("%s: %d legal moves %v, want %d", tt.fen, len(moves), names, tt.count)
			}
			var unique []string // Chess960's UCI names every move once
			for _, m := range moves {
				unique = append(unique, m.UCIChess960())
			}
			slices.Sort(unique)
			if len(slices.Compact(slices.Clone(unique))) != len(unique) {
				t.Errorf("%s: duplicate moves in %v", tt.fen, unique)
			}
		})
	}
}

// TestLegalMovesFlags checks that generated moves carry the right flags.
func TestLegalMovesFlags(t *testing.T) {
	tests := []struct {
		fen, move                                string
		capture, enPassant, castling, doublePush bool
		promotion                                PieceType
	}{
		{StartFEN, "e2e4", false, false, false, true, 0},
		{StartFEN, "e2e3", false, false, false, false, 0},
		{StartFEN, "g1f3", false, false, false, false, 0},
		{kiwipete, "e5f7", true, false, false, false, 0},
		{kiwipete, "e1g1", false, false, true, false, 0},
		{kiwipete, "e1c1", false, false, true, false, 0},
		{"8/8/8/3pP3/4K3/8/8/7k w - d6 0 2", "e5d6", true, true, false, false, 0},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1", "b2a1n", true, false, false, false, Knight},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1", "b2b1r", false, false, false, false, Rook},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		var m Move
		for _, lm := range p.LegalMoves(nil) {
			if lm.UCI() == tt.move {
				m = lm
			}
		}
		if m == NoMove {
			t.Errorf("%s: %s is not generated", tt.fen, tt.move)
			continue
		}
		promo, isPromo := m.Promotion()
		if m.IsCapture() != tt.capture || m.IsEnPassant() != tt.enPassant || m.IsCastling() != tt.castling ||
			m.IsDoublePush() != tt.doublePush || promo != tt.promotion || isPromo != (tt.promotion != 0) {
			t.Errorf("%s: %s flags capture=%v ep=%v castling=%v double=%v promotion=%v, want %v %v %v %v %v",
				tt.fen, tt.move, m.IsCapture(), m.IsEnPassant(), m.IsCastling(), m.IsDoublePush(), promo,
				tt.capture, tt.enPassant, tt.castling, tt.doublePush, tt.promotion)
		}
	}
}

// TestLegalMovesAppends checks the append contract: what dst holds is
// kept, and a buffer with room is not reallocated.
func TestLegalMovesAppends(t *testing.T) {
	p := mustFEN(t, kiwipete)
	prefix := []Move{NoMove, NoMove}
	got := p.LegalMoves(prefix)
	if len(got) != 2+48 || got[0] != NoMove || got[1] != NoMove {
		t.Errorf("LegalMoves(prefix of 2) has %d moves, want 2+48 with the prefix kept", len(got))
	}
	buf := make([]Move, 0, MaxMoves)
	if n := testing.AllocsPerRun(100, func() { buf = p.LegalMoves(buf[:0]) }); n != 0 {
		t.Errorf("LegalMoves with room allocates %v times, want 0", n)
	}
	if &buf[:1][0] != &p.LegalMoves(buf[:0])[0] {
		t.Error("LegalMoves reallocated a buffer with room")
	}
}

// TestInCheck checks InCheck on positions with and without check.
func TestInCheck(t *testing.T) {
	tests := []struct {
		fen  string
		want bool
	}{
		{StartFEN, false},
		{kiwipete, false},
		{"4k3/8/8/8/8/5n2/8/R3K1R1 w - - 0 1", true},
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", true},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false},
		{"8/8/8/8/8/8/4P3/4k3 w - - 0 1", false}, // no white king
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		if got := p.InCheck(); got != tt.want {
			t.Errorf("ParseFEN(%q).InCheck() = %v, want %v", tt.fen, got, tt.want)
		}
	}
}

// TestLegalMovesCorpus generates the moves of every position in
// testdata/positions.txt and checks each one with Play and Check.
func TestLegalMovesCorpus(t *testing.T) {
	n := 0
	for _, e := range corpus.Read(t) {
		p := mustFEN(t, e.FEN)
		checkedPerft(t, &p, 1)
		n++
	}
	if n < 100 {
		t.Errorf("checked %d positions, want at least 100", n)
	}
}

// TestMoveGeometry spot-checks the between and line tables against
// squares worked out by hand.
func TestMoveGeometry(t *testing.T) {
	tests := []struct {
		a, b          Square
		between, line Bitboard
	}{
		{A1, H8, squares(B2, C3, D4, E5, F6, G7), squares(A1, B2, C3, D4, E5, F6, G7, H8)},
		{C3, E5, squares(D4), squares(A1, B2, C3, D4, E5, F6, G7, H8)},
		{E1, E8, squares(E2, E3, E4, E5, E6, E7), FileEBB},
		{H1, A1, squares(B1, C1, D1, E1, F1, G1), Rank1BB},
		{D4, D5, 0, FileDBB},
		{H4, D8, squares(G5, F6, E7), squares(D8, E7, F6, G5, H4)},
		{A1, B3, 0, 0}, // a knight's jump shares no line
		{E4, E4, 0, 0},
		{E4, NoSquare, 0, 0}, // NoSquare has no line either
	}
	for _, tt := range tests {
		for _, pair := range [2][2]Square{{tt.a, tt.b}, {tt.b, tt.a}} {
			if got := BetweenBB(pair[0], pair[1]); got != tt.between {
				t.Errorf("BetweenBB(%v, %v) = %s, want %s", pair[0], pair[1], got.SquareList(), tt.between.SquareList())
			}
			if got := LineBB(pair[0], pair[1]); got != tt.line {
				t.Errorf("LineBB(%v, %v) = %s, want %s", pair[0], pair[1], got.SquareList(), tt.line.SquareList())
			}
		}
	}
	for sq := A1; sq < NoSquare; sq++ {
		if rookRays[sq] != RookAttacks(sq, 0) || bishopRays[sq] != BishopAttacks(sq, 0) {
			t.Errorf("rookRays or bishopRays of %v differ from RookAttacks/BishopAttacks on an empty board", sq)
		}
	}
}
