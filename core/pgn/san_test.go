package pgn

import (
	"errors"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/internal/corpus"
)

// Positions for the SAN tests.
const (
	// Knights on b1 and f3 both reach d2.
	twoKnightsFEN = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
	// Rooks on a1 and a5 both reach a3.
	twoRooksFEN = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1"
	// Queens on a1, c1 and a3 all reach b2.
	threeQueensFEN = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"
	// Knights on b5 and e2 both reach d4, but the one on e2 is pinned.
	pinnedKnightFEN = "4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1"
	// A pawn on a7 that can promote on a8 or by capturing on b8.
	promotionFEN = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
	// White to move can capture d5 en passant (the pawn there gives check).
	enPassantFEN = "8/8/8/3pP3/4K3/8/8/7k w - d6 0 2"
	// Kiwipete with Black to move.
	kiwipeteBlackFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1"
)

// TestSAN checks SAN against the PGN standard's rules (section 8.2.3):
// piece letters, captures, disambiguation by file, rank or both (legal
// moves only), promotions, castling, and check and mate signs.
func TestSAN(t *testing.T) {
	tests := []struct{ fen, uci, san string }{
		{core.StartFEN, "e2e4", "e4"},
		{core.StartFEN, "g1f3", "Nf3"},
		{core.StartFEN, "b1c3", "Nc3"},
		{corpus.Kiwipete, "e1g1", "O-O"},
		{corpus.Kiwipete, "e1c1", "O-O-O"},
		{corpus.Kiwipete, "e5f7", "Nxf7"},
		{corpus.Kiwipete, "d5e6", "dxe6"},
		{corpus.Kiwipete, "e2a6", "Bxa6"},
		{corpus.Kiwipete, "f3f6", "Qxf6"},
		{corpus.Kiwipete, "g2h3", "gxh3"},
		{corpus.Kiwipete, "c3b1", "Nb1"},
		{kiwipeteBlackFEN, "e8c8", "O-O-O"},
		{kiwipeteBlackFEN, "e8g8", "O-O"},
		{kiwipeteBlackFEN, "h3g2", "hxg2"},
		{kiwipeteBlackFEN, "b4c3", "bxc3"},
		{kiwipeteBlackFEN, "e7c5", "Qc5"},
		{twoKnightsFEN, "b1d2", "Nbd2"},
		{twoKnightsFEN, "f3d2", "Nfd2"},
		{twoKnightsFEN, "f3e5", "Ne5"},
		{twoRooksFEN, "a1a3", "R1a3"},
		{twoRooksFEN, "a5a3", "R5a3"},
		{twoRooksFEN, "a1b1", "Rb1"},
		{threeQueensFEN, "a1b2", "Qa1b2"},
		{threeQueensFEN, "c1b2", "Qcb2"},
		{threeQueensFEN, "a3b2", "Q3b2"},
		{pinnedKnightFEN, "b5d4", "Nd4"},
		{promotionFEN, "a7a8q", "a8=Q"},
		{promotionFEN, "a7a8n", "a8=N"},
		{promotionFEN, "a7b8q", "axb8=Q+"},
		{promotionFEN, "a7b8r", "axb8=R+"},
		{promotionFEN, "a7b8b", "axb8=B"},
		{enPassantFEN, "e5d6", "exd6"},
		{enPassantFEN, "e4d5", "Kxd5"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"r3k3/8/8/8/8/8/8/3K4 b q - 0 1", "e8c8", "O-O-O+"},
		{"8/8/8/8/8/5k2/4p3/6K1 b - - 0 1", "e2e1q", "e1=Q+"},
		{"7k/8/6K1/8/8/8/8/4R3 w - - 0 1", "e1e8", "Re8#"},
		{"4k3/8/8/8/1b6/8/4r3/R3K3 w - - 0 1", "e1e2", "Kxe2"},
		// Fool's mate.
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
	}
	for _, tt := range tests {
		p := coretest.MustFEN(t, tt.fen)
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Errorf("%s: ParseUCI(%q): %v", tt.fen, tt.uci, err)
			continue
		}
		if got := SAN(&p, m); got != tt.san {
			t.Errorf("ParseFEN(%q).SAN(%s) = %q, want %q", tt.fen, tt.uci, got, tt.san)
		}
		if got, err := ParseSAN(&p, tt.san); err != nil || got != m {
			t.Errorf("ParseFEN(%q).ParseSAN(%q) = %v, %v, want %s", tt.fen, tt.san, got, err, tt.uci)
		}
	}
}

// TestParseSANLenient checks the forms ParseSAN accepts beyond canonical
// SAN: zeros in castling, missing or surplus check signs, annotations,
// promotionFEN without '=', and over-disambiguation.
func TestParseSANLenient(t *testing.T) {
	tests := []struct{ fen, san, uci string }{
		{corpus.Kiwipete, "0-0", "e1g1"},
		{corpus.Kiwipete, "0-0-0", "e1c1"},
		{corpus.Kiwipete, "O-O+", "e1g1"},
		{corpus.Kiwipete, "O-O!?", "e1g1"},
		{corpus.Kiwipete, "Nxf7!", "e5f7"},
		{corpus.Kiwipete, "Nf7", "e5f7"},
		{corpus.Kiwipete, "Ne5xf7", "e5f7"},
		{corpus.Kiwipete, "Nef7", "e5f7"},
		{corpus.Kiwipete, "N5f7", "e5f7"},
		{corpus.Kiwipete, "dxe6?!", "d5e6"},
		{corpus.Kiwipete, "de6", "d5e6"},
		{corpus.Kiwipete, "a4", "a2a4"},
		{corpus.Kiwipete, "a4??", "a2a4"},
		{core.StartFEN, "Nf3+", "g1f3"},
		{core.StartFEN, "Ng1f3", "g1f3"},
		{core.StartFEN, "e4#", "e2e4"},
		{promotionFEN, "a8Q", "a7a8q"},
		{promotionFEN, "axb8N", "a7b8n"},
		{promotionFEN, "axb8=N", "a7b8n"},
		{promotionFEN, "a8=Q!!", "a7a8q"},
		{enPassantFEN, "exd6e.p.", ""}, // not accepted: e.p. suffix
		// UCI long algebraic, when the text is not SAN.
		{core.StartFEN, "e2e4", "e2e4"},
		{core.StartFEN, "g1f3", "g1f3"},
		{core.StartFEN, "g1f3+", "g1f3"},
		{corpus.Kiwipete, "e1g1", "e1g1"},
		{corpus.Kiwipete, "e1c1", "e1c1"},
		{corpus.Kiwipete, "e2a6", "e2a6"},
		{promotionFEN, "a7a8q", "a7a8q"},
		{promotionFEN, "a7b8n", "a7b8n"},
		{promotionFEN, "a7a8Q", "a7a8q"}, // SAN with a from-square
		{promotionFEN, "a7a8k", ""},
		{core.StartFEN, "g1-f3", ""},
	}
	for _, tt := range tests {
		p := coretest.MustFEN(t, tt.fen)
		m, err := ParseSAN(&p, tt.san)
		switch {
		case tt.uci == "" && err == nil:
			t.Errorf("ParseFEN(%q).ParseSAN(%q) = %v, want an error", tt.fen, tt.san, m)
		case tt.uci != "" && (err != nil || m.UCI() != tt.uci):
			t.Errorf("ParseFEN(%q).ParseSAN(%q) = %v, %v, want %s", tt.fen, tt.san, m, err, tt.uci)
		}
	}
}

// TestParseSANErrors checks that each kind of bad SAN gives a *core.MoveError
// of the right kind, with a message that says what is wrong.
func TestParseSANErrors(t *testing.T) {
	tests := []struct {
		fen, san string
		kind     error
		msg      string
	}{
		{core.StartFEN, "", core.ErrMoveSyntax, `no move in ""`},
		{core.StartFEN, "+", core.ErrMoveSyntax, `no move in "+"`},
		{core.StartFEN, "Nf9", core.ErrMoveSyntax, `"Nf9" is not SAN`},
		{core.StartFEN, "Zf3", core.ErrMoveSyntax, `"Zf3" is not SAN`},
		{core.StartFEN, "nf3", core.ErrMoveSyntax, `"nf3" is not SAN`},
		{core.StartFEN, "Nabc3", core.ErrMoveSyntax, `"Nabc3" is not SAN`},
		{core.StartFEN, "e2-e4", core.ErrMoveSyntax, `"e2-e4" is not SAN`},
		{core.StartFEN, "xe4", core.ErrMoveSyntax, `a pawn capture names the pawn's file`},
		{core.StartFEN, "Nf3 ", core.ErrMoveSyntax, `"Nf3 " is not SAN`},
		{core.StartFEN, "e5", core.ErrIllegalMove, "no legal move matches e5"},
		{core.StartFEN, "Nd2", core.ErrIllegalMove, "no legal move matches Nd2"},
		{core.StartFEN, "exd5", core.ErrIllegalMove, "no legal move matches exd5"},
		{core.StartFEN, "O-O", core.ErrIllegalMove, "no legal move matches O-O: white cannot castle kingside here"},
		{core.StartFEN, "0-0-0", core.ErrIllegalMove, "no legal move matches 0-0-0: white cannot castle queenside here"},
		{core.StartFEN, "--", core.ErrIllegalMove, `"--" is a null move`},
		{corpus.Kiwipete, "Nf3", core.ErrIllegalMove, "no legal move matches Nf3"},
		{corpus.Kiwipete, "Kg1", core.ErrIllegalMove, "no legal move matches Kg1"}, // castling is written O-O
		{twoKnightsFEN, "Nd2", core.ErrAmbiguousMove, "ambiguous: Nbd2 or Nfd2"},
		{twoRooksFEN, "Ra3", core.ErrAmbiguousMove, "ambiguous: R1a3 or R5a3"},
		{threeQueensFEN, "Qb2", core.ErrAmbiguousMove, "ambiguous: Qa1b2, Qcb2 or Q3b2"},
		{threeQueensFEN, "Qab2", core.ErrAmbiguousMove, "ambiguous: Qa1b2 or Q3b2"},
		{pinnedKnightFEN, "Ned4", core.ErrIllegalMove, "no legal move matches Ned4"},
		{promotionFEN, "a8", core.ErrIllegalMove, "no legal move matches a8: a pawn reaching a8 must promote, e.g. a8=Q"},
		{promotionFEN, "a8=K", core.ErrMoveSyntax, `"a8=K" is not SAN`},
		{enPassantFEN, "e6", core.ErrIllegalMove, "no legal move matches e6 (white is in check)"},
		{"8/8/8/8/8/8/4P3/4k3 w - - 0 1", "e3", core.ErrIllegalMove, "(white does not have exactly one king)"},
		{core.StartFEN, "g1f5", core.ErrIllegalMove, "no legal move matches g1f5 (read as a UCI move: from g1 to f5)"},
		{core.StartFEN, "e7e5", core.ErrIllegalMove, "e7 holds a black piece, but it is white's move (read as a UCI move: from e7 to e5)"},
		{core.StartFEN, "e3e4", core.ErrIllegalMove, "e3 is empty (read as a UCI move"},
		{promotionFEN, "a7a8", core.ErrIllegalMove, "must promote"},
		{promotionFEN, "a7a8k", core.ErrMoveSyntax, `"a7a8k" is not SAN`},
	}
	for _, tt := range tests {
		p := coretest.MustFEN(t, tt.fen)
		m, err := ParseSAN(&p, tt.san)
		var me *core.MoveError
		if !errors.As(err, &me) {
			t.Errorf("ParseFEN(%q).ParseSAN(%q) = %v, %v, want a *core.MoveError", tt.fen, tt.san, m, err)
			continue
		}
		if !errors.Is(err, tt.kind) || me.Func != "ParseSAN" || me.Input != tt.san || !strings.Contains(me.Msg, tt.msg) {
			t.Errorf("ParseFEN(%q).ParseSAN(%q) error = %#v, want kind %v and a message containing %q", tt.fen, tt.san, me, tt.kind, tt.msg)
		}
		if m != core.NoMove {
			t.Errorf("ParseFEN(%q).ParseSAN(%q) = %v with an error, want NoMove", tt.fen, tt.san, m)
		}
	}
}

func TestMoveErrorText(t *testing.T) {
	p := coretest.MustFEN(t, twoKnightsFEN)
	_, err := ParseSAN(&p, "Nd2")
	if got, want := err.Error(), "ParseSAN: ambiguous: Nbd2 or Nfd2"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestSANRoundTripCorpus writes every legal move of every position in
// testdata/positions.txt in SAN and UCI and reads it back.
func TestSANRoundTripCorpus(t *testing.T) {
	n := 0
	for _, e := range corpus.Read(t) {
		p := coretest.MustFEN(t, e.FEN)
		checkSANRoundTrip(t, &p)
		n++
	}
	if n < 100 {
		t.Errorf("checked %d positions, want at least 100", n)
	}
}

// checkSANRoundTrip checks that every legal move of p survives SAN and UCI
// round trips, and that SANs are unique in p.
func checkSANRoundTrip(t *testing.T, p *core.Position) {
	t.Helper()
	seen := map[string]core.Move{}
	for _, m := range p.LegalMoves(nil) {
		san := SAN(p, m)
		if got, err := ParseSAN(p, san); err != nil || got != m {
			t.Errorf("%s: SAN(%v) = %q, which parses as %v, %v", p.FEN(), m, san, got, err)
		}
		if other, dup := seen[san]; dup {
			t.Errorf("%s: %v and %v both have SAN %q", p.FEN(), other, m, san)
		}
		seen[san] = m
		if got, err := p.ParseUCI(m.UCI()); err != nil || got != m {
			t.Errorf("%s: ParseUCI(%q) = %v, %v, want %v", p.FEN(), m.UCI(), got, err, m)
		}
	}
}

func TestSANNotLegal(t *testing.T) {
	p := coretest.MustFEN(t, core.StartFEN)
	// Moves that are legal elsewhere but not in the start position: a
	// rook's e2e5, Black's double push e7e5 and White's castling e1g1.
	var notLegal []core.Move
	for _, tt := range []struct{ fen, uci string }{
		{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "e2e5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "e7e5"},
		{corpus.Kiwipete, "e1g1"},
	} {
		q := coretest.MustFEN(t, tt.fen)
		m, err := q.ParseUCI(tt.uci)
		if err != nil {
			t.Fatalf("ParseFEN(%q).ParseUCI(%q): %v", tt.fen, tt.uci, err)
		}
		notLegal = append(notLegal, m)
	}
	for _, m := range append([]core.Move{core.NoMove}, notLegal...) {
		if got := SAN(&p, m); got != "" {
			t.Errorf("start position: SAN(%v) = %q, want \"\" for a move that is not legal", m, got)
		}
	}
}

func TestAppendSANNoAlloc(t *testing.T) {
	p := coretest.MustFEN(t, corpus.Kiwipete)
	m, _ := p.ParseUCI("e5f7")
	buf := make([]byte, 0, 16)
	if n := testing.AllocsPerRun(100, func() { buf = AppendSAN(buf[:0], &p, m) }); n != 0 {
		t.Errorf("AppendSAN allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseSAN(&p, "Nxf7+") }); n != 0 {
		t.Errorf("ParseSAN allocates %v times, want 0", n)
	}
}

// sanSeedFENs are the positions FuzzParseSAN starts from.
var sanSeedFENs = []string{core.StartFEN, corpus.Kiwipete, kiwipeteBlackFEN, corpus.CPWPosition3, corpus.CPWPosition4, corpus.CPWPosition5,
	twoKnightsFEN, threeQueensFEN, pinnedKnightFEN, promotionFEN, enPassantFEN}

// FuzzParseSAN checks that ParseSAN never panics, that every rejection is
// a *core.MoveError of a known kind, and that every accepted move is legal and
// survives a SAN and a UCI round trip.
func FuzzParseSAN(f *testing.F) {
	for _, fen := range sanSeedFENs {
		p, _ := core.ParseFEN(fen)
		for _, m := range p.LegalMoves(nil) {
			f.Add(fen, SAN(&p, m))
		}
	}
	for _, s := range []string{"0-0", "O-O-O+", "Nbd2", "exd6", "a8=Q", "e8Q", "Qa1b2", "--", "", "x", "Nf3!?"} {
		f.Add(core.StartFEN, s)
		f.Add(threeQueensFEN, s)
	}
	f.Fuzz(func(t *testing.T, fen, san string) {
		p, err := core.ParseFEN(fen)
		if err != nil {
			p, _ = core.ParseFEN(core.StartFEN)
		}
		m, err := ParseSAN(&p, san)
		if err != nil {
			var me *core.MoveError
			if !errors.As(err, &me) || me.Msg == "" || me.Input != san ||
				!errors.Is(err, core.ErrMoveSyntax) && !errors.Is(err, core.ErrIllegalMove) && !errors.Is(err, core.ErrAmbiguousMove) {
				t.Fatalf("ParseSAN(%q) in %s: error %#v", san, p.FEN(), err)
			}
			return
		}
		legal := false
		for _, lm := range p.LegalMoves(nil) {
			legal = legal || lm == m
		}
		if !legal {
			t.Fatalf("ParseSAN(%q) in %s = %v, which is not a legal move", san, p.FEN(), m)
		}
		again := SAN(&p, m)
		if back, err := ParseSAN(&p, again); err != nil || back != m {
			t.Fatalf("ParseSAN(%q) in %s = %v, whose SAN %q parses as %v, %v", san, p.FEN(), m, again, back, err)
		}
		if back, err := p.ParseUCI(m.UCI()); err != nil || back != m {
			t.Fatalf("ParseSAN(%q) in %s = %v, whose UCI parses as %v, %v", san, p.FEN(), m, back, err)
		}
		p.Play(m)
		coretest.CheckInvariants(t, &p)
	})
}

func BenchmarkSAN(b *testing.B) {
	p, _ := core.ParseFEN(corpus.Kiwipete)
	moves := p.LegalMoves(nil)
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			buf = AppendSAN(buf[:0], &p, m)
		}
	}
	sinkBuf = buf
}

func BenchmarkParseSAN(b *testing.B) {
	p, _ := core.ParseFEN(corpus.Kiwipete)
	var sans []string
	for _, m := range p.LegalMoves(nil) {
		sans = append(sans, SAN(&p, m))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range sans {
			_, sinkErr = ParseSAN(&p, s)
		}
	}
}
