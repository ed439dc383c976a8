package core

import (
	"fmt"
	"testing"
)

// TestPolyglotKey checks the keys published with the Polyglot book format
// (http://hgm.nubati.net/book_format.html, "Test positions"), the same
// positions python-chess's test suite checks.
func TestPolyglotKey(t *testing.T) {
	tests := []struct {
		moves string // from the start position, in UCI
		fen   string
		key   uint64
	}{
		{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
		{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
		{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
		{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
		{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
		{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3", 0x652a607ca3f242c1},
		{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4", 0x00fdd303c946bdd9},
		{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
		{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4", 0x5c3f9b829b279560},
	}
	for _, tt := range tests {
		t.Run(tt.moves, func(t *testing.T) {
			p := *mustPosition(t, tt.fen)
			if got := p.PolyglotKey(); got != tt.key {
				t.Errorf("PolyglotKey(%q) = %016x, want %016x", tt.fen, got, tt.key)
			}
			// The terms XOR to the key, in offset order.
			var x uint64
			terms := p.PolyglotTerms(nil)
			for i, term := range terms {
				x ^= term.Key
				if term.Key != PolyglotRandom(term.Offset) || i > 0 && term.Offset <= terms[i-1].Offset {
					t.Errorf("term %d %+v: key not Random64[offset] or offsets not increasing", i, term)
				}
			}
			if x != tt.key {
				t.Errorf("XOR of PolyglotTerms = %016x, want %016x", x, tt.key)
			}
			// Played from the start position, each move's delta updates the
			// key incrementally.
			q := *mustPosition(t, StartFEN)
			for _, uci := range splitMoves(tt.moves) {
				m, err := q.ParseUCI(uci)
				if err != nil {
					t.Fatal(err)
				}
				out, in := q.PolyglotDelta(m)
				key := q.PolyglotKey()
				for _, term := range append(out, in...) {
					key ^= term.Key
				}
				q.Play(m)
				if key != q.PolyglotKey() {
					t.Fatalf("after %s: key via delta %016x, direct %016x (out %v, in %v)", uci, key, q.PolyglotKey(), out, in)
				}
			}
			if q.PolyglotKey() != tt.key {
				t.Errorf("after playing %q: key %016x, want %016x", tt.moves, q.PolyglotKey(), tt.key)
			}
		})
	}
}

// splitMoves splits a space-separated move list.
func splitMoves(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

// TestPolyglotTerms checks the terms of features the published positions
// lack: a castling right without its rook, an en passant square no pawn
// can capture on, the piece offsets' kind order, and that dst's earlier
// contents are kept.
func TestPolyglotTerms(t *testing.T) {
	tests := []struct {
		name, fen string
		// kind:offset of each term; a piece's offset is 64 × kind + square
		// with kinds black pawn 0, white pawn 1 … black king 10, white
		// king 11: the e1 king is 64×11+4 = 708, the e8 king 64×10+60 = 700.
		want []string
	}{
		{"kings only, black to move", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", []string{"piece:700", "piece:708"}},
		{"pawns", "4k3/7p/8/8/8/8/P7/4K3 w - - 0 1", []string{"piece:55", "piece:72", "piece:700", "piece:708", "turn:780"}},
		{"castling right without its rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", []string{"piece:700", "piece:708", "turn:780"}},
		{"castling rights with rooks", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"piece:440", "piece:447", "piece:448", "piece:455", "piece:700", "piece:708", "castling:768", "castling:769", "castling:770", "castling:771", "turn:780"}},
		{"en passant, no capturer", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", []string{"piece:92", "piece:700", "piece:708"}},
		{"en passant, capturer", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", []string{"piece:27", "piece:92", "piece:700", "piece:708", "en-passant:776"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.fen)
			prefix := []PolyglotTerm{{Offset: -1}}
			terms := p.PolyglotTerms(prefix)
			if terms[0].Offset != -1 {
				t.Fatal("PolyglotTerms changed dst's earlier contents")
			}
			var got []string
			var x uint64
			for _, term := range terms[1:] {
				got = append(got, fmt.Sprintf("%v:%d", term.Kind, term.Offset))
				x ^= term.Key
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("PolyglotTerms(%q) = %v, want %v", tt.fen, got, tt.want)
			}
			if x != p.PolyglotKey() {
				t.Errorf("terms XOR to %016x, PolyglotKey %016x", x, p.PolyglotKey())
			}
		})
	}
	for k, s := range map[PolyglotKind]string{PolyglotPiece: "piece", PolyglotCastling: "castling", PolyglotEnPassant: "en-passant", PolyglotTurn: "turn", 9: "unknown"} {
		if k.String() != s {
			t.Errorf("PolyglotKind(%d).String() = %q, want %q", k, k.String(), s)
		}
	}
}

// TestPolyglotDeltaPerftTree checks the incremental update on every move
// of a small tree with castling, promotions and en passant (Kiwipete and
// CPW position 4, two plies).
func TestPolyglotDeltaPerftTree(t *testing.T) {
	for _, fen := range []string{kiwipete, cpwPosition4, articleFEN} {
		p := mustPosition(t, fen)
		var walk func(p Position, depth int)
		walk = func(p Position, depth int) {
			for _, m := range p.LegalMoves(nil) {
				out, in := p.PolyglotDelta(m)
				key := p.PolyglotKey()
				for _, term := range append(out, in...) {
					key ^= term.Key
				}
				next := p
				next.Play(m)
				if key != next.PolyglotKey() {
					t.Fatalf("%s %v: delta gives %016x, want %016x", p.FEN(), m, key, next.PolyglotKey())
				}
				if depth > 1 {
					walk(next, depth-1)
				}
			}
		}
		walk(*p, 2)
	}
}

var sinkKey uint64

func BenchmarkPolyglotKey(b *testing.B) {
	for _, bf := range benchFENs {
		p, _ := ParseFEN(bf.fen)
		b.Run(bf.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkKey = p.PolyglotKey()
			}
		})
	}
}

func BenchmarkPolyglotTerms(b *testing.B) {
	p, _ := ParseFEN(kiwipete)
	buf := make([]PolyglotTerm, 0, 40)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.PolyglotTerms(buf[:0])
	}
}
