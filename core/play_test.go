package core

import (
	"strings"
	"testing"
)

// TestPlay plays UCI moves from a FEN and compares the FEN after each with
// the expected one: the piece placement and the state FEN records (side to
// move, castling rights, en passant target square, halfmove clock and
// fullmove number).
func TestPlay(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     string   // UCI, space-separated
		want      []string // the FEN after each move
	}{
		{
			// The example of the PGN standard, section 16.1.4.
			"pgn standard 16.1.4", StartFEN, "e2e4 c7c5 g1f3",
			[]string{
				"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
				"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
				"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
			},
		},
		{"kingside castling", kiwipete, "e1g1",
			[]string{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"}},
		{"queenside castling", kiwipete, "e1c1",
			[]string{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/2KR3R b kq - 1 1"}},
		{"king move loses both rights", kiwipete, "e1d1",
			[]string{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R2K3R b kq - 1 1"}},
		{"h-rook move loses K", kiwipete, "h1g1",
			[]string{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K1R1 b Qkq - 1 1"}},
		{"a-rook move loses Q", kiwipete, "a1b1",
			[]string{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/1R2K2R b Kkq - 1 1"}},
		{"capturing a rook in its corner removes its right", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30", "a1a8",
			[]string{"R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 30"}},
		{"black castling queenside, then the fullmove number", "r3k2r/8/8/8/8/8/8/4K3 b kq - 3 10", "e8c8 e1e2",
			[]string{"2kr3r/8/8/8/8/8/8/4K3 w - - 4 11", "2kr3r/8/8/8/8/8/4K3/8 b - - 5 11"}},
		{"black castling kingside", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8g8",
			[]string{"r4rk1/8/8/8/8/8/8/4K3 w - - 1 2"}},
		{"en passant capture removes the pawn that passed", "8/8/8/3pP3/4K3/8/8/7k w - d6 0 2", "e5d6",
			[]string{"8/8/3P4/8/4K3/8/8/7k b - - 0 2"}},
		{"black en passant capture", "8/8/8/2k5/3Pp3/8/8/3K3R b - d3 0 1", "e4d3",
			[]string{"8/8/8/2k5/8/3p4/8/3K3R w - - 0 2"}},
		{"double push sets the target with no pawn to capture", "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", "d7d5",
			[]string{"4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2"}},
		{"the target lasts one move", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5 e1d1",
			[]string{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3pP3/8/8/8/3K4 b - - 1 2"}},
		{"promotion to a queen with capture", "1n2k3/P7/8/8/8/8/8/4K3 w - - 9 50", "a7b8q",
			[]string{"1Q2k3/8/8/8/8/8/8/4K3 b - - 0 50"}},
		{"underpromotion", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n",
			[]string{"Nn2k3/8/8/8/8/8/8/4K3 b - - 0 1"}},
		{"black promotion capturing a rook", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1", "b2a1r",
			[]string{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/P2P2PP/r2Q1RK1 w kq - 0 2"}},
		{"counters stop at MaxCounter", "4k3/8/8/8/8/8/8/4K3 b - - 2147483647 2147483647", "e8d8",
			[]string{"3k4/8/8/8/8/8/8/4K3 w - - 2147483647 2147483647"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			for i, uci := range strings.Fields(tt.moves) {
				m, err := p.ParseUCI(uci)
				if err != nil {
					t.Fatalf("%s: ParseUCI(%q): %v", p.FEN(), uci, err)
				}
				p.Play(m)
				checkInvariants(t, &p)
				if got := p.FEN(); got != tt.want[i] {
					t.Errorf("after %s: FEN = %q, want %q", uci, got, tt.want[i])
				}
			}
		})
	}
}

// TestPlayAnyMove plays arbitrary Move values, legal or not, and checks
// that Play never panics and leaves a consistent board.
func TestPlayAnyMove(t *testing.T) {
	x := uint32(2463534242) // xorshift32 state
	for _, fen := range []string{StartFEN, kiwipete, cpwPosition4, "8/8/8/8/8/8/8/8 w - - 0 1"} {
		p := mustFEN(t, fen)
		for range 20000 {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			q := p
			q.Play(Move(x))
			if err := q.Validate(); err != nil {
				t.Fatalf("%s: Play(%#x) left an inconsistent board: %v", fen, x, err)
			}
		}
	}
}

// TestPlayCopyMake checks that Play changes only its receiver.
func TestPlayCopyMake(t *testing.T) {
	p := mustFEN(t, StartFEN)
	next := p
	m, _ := p.ParseUCI("e2e4")
	next.Play(m)
	if p.FEN() != StartFEN {
		t.Errorf("playing on a copy changed the original: %s", p.FEN())
	}
	if next.FEN() == StartFEN {
		t.Error("Play did not change its receiver")
	}
}
