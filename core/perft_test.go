package core

import (
	"flag"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/bitview/bitview/core/internal/corpus"
)

var deepPerft = flag.Bool("perft.deep", false, "also run the perft counts of 10–200 million nodes (a few seconds)")

// The Chess Programming Wiki "Perft Results" positions 2–6 (position 1 is
// StartFEN; Kiwipete is kiwipete in fen_test.go).
const (
	cpwPosition3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	cpwPosition4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
	cpwPosition5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
	cpwPosition6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

// cpwPerft holds the node counts the Chess Programming Wiki page "Perft
// Results" gives for its six positions, for depths 1, 2, ….
var cpwPerft = []struct {
	name, fen string
	counts    []uint64
}{
	{"start", StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"kiwipete", kiwipete, []uint64{48, 2039, 97862, 4085603, 193690690}},
	{"position3", cpwPosition3, []uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}},
	{"position4", cpwPosition4, []uint64{6, 264, 9467, 422333, 15833292}},
	{"position5", cpwPosition5, []uint64{44, 1486, 62379, 2103487, 89941194}},
	{"position6", cpwPosition6, []uint64{46, 2079, 89890, 3894594, 164075551}},
}

// perftBudget returns the largest node count a perft test may run: small
// with -short, larger by default, and 200 million with -perft.deep.
func perftBudget() uint64 {
	switch {
	case testing.Short():
		return 500_000
	case *deepPerft:
		return 200_000_000
	}
	return 20_000_000
}

// TestPerft checks the node counts published on the Chess Programming
// Wiki page "Perft Results" for its six positions, at every depth the
// budget allows: by default the start position to depth 5, Kiwipete,
// positions 5 and 6 to depth 4, position 3 to depth 6 and position 4 to
// depth 5 (about 0.2 s); with -short only up to 500,000 nodes.
func TestPerft(t *testing.T) {
	budget := perftBudget()
	for _, tt := range cpwPerft {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tt.counts {
			depth := i + 1
			if want > budget {
				t.Logf("%s depth %d (%d nodes): skipped, over the budget of %d nodes (see -short, -perft.deep)", tt.name, depth, want, budget)
				break
			}
			t.Run(tt.name+"/depth"+strconv.Itoa(depth), func(t *testing.T) {
				start := time.Now()
				got := Perft(p, depth)
				elapsed := time.Since(start)
				if got != want {
					t.Fatalf("Perft(%q, %d) = %d, want %d (%+d)", tt.fen, depth, got, want, int64(got)-int64(want))
				}
				t.Logf("%d nodes in %v (%.0f Mnodes/s)", got, elapsed.Round(time.Microsecond), float64(got)/elapsed.Seconds()/1e6)
			})
		}
	}
}

// perftNote matches one published count in a positions.txt note, "D4=7059".
var perftNote = regexp.MustCompile(`\bD(\d+)=(\d+)\b`)

// corpusPerft is one published perft count from testdata/positions.txt.
type corpusPerft struct {
	line   int
	fen    string
	source string
	depth  int
	nodes  uint64
}

// readCorpusPerft returns, for every position of testdata/positions.txt
// whose note gives perft counts, the deepest count within budget.
func readCorpusPerft(t *testing.T, budget uint64) []corpusPerft {
	t.Helper()
	var out []corpusPerft
	for _, e := range corpus.Read(t) {
		best := corpusPerft{line: e.Line, fen: e.FEN, source: e.Source}
		for _, m := range perftNote.FindAllStringSubmatch(e.Note, -1) {
			depth, _ := strconv.Atoi(m[1])
			nodes, _ := strconv.ParseUint(m[2], 10, 64)
			if nodes <= budget && depth > best.depth {
				best.depth, best.nodes = depth, nodes
			}
		}
		if best.depth > 0 {
			out = append(out, best)
		}
	}
	return out
}

// TestPerftCorpus checks every published perft count in
// testdata/positions.txt (perftsuite.epd, the CPW positions, the Rust
// chess crate's regression positions — en passant discovered checks,
// castling out of and into check, promotions — and python-chess's tricky
// positions) at the deepest depth whose count is within the budget.
func TestPerftCorpus(t *testing.T) {
	budget := perftBudget() / 10
	cases := readCorpusPerft(t, budget)
	if len(cases) < 120 {
		t.Fatalf("found %d perft counts within %d nodes in positions.txt, want at least 120", len(cases), budget)
	}
	var nodes uint64
	start := time.Now()
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("positions.txt:%d: %v", c.line, err)
			continue
		}
		if got := Perft(p, c.depth); got != c.nodes {
			t.Errorf("positions.txt:%d (%s): Perft(%q, %d) = %d, want %d", c.line, c.source, c.fen, c.depth, got, c.nodes)
		}
		nodes += c.nodes
	}
	t.Logf("%d positions, %d nodes in %v", len(cases), nodes, time.Since(start).Round(time.Millisecond))
}

// checkedPerft is Perft that, after every move, checks the position with
// Position.Check, checks that the mover's king is not left attacked, that
// the FEN round-trips, and that the move's flags agree with the board;
// and, at every node, that countLegal (perft's count at the last ply)
// agrees with LegalMoves.
func checkedPerft(t *testing.T, p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var nodes uint64
	moves := p.LegalMoves(nil)
	if n := p.countLegal(); n != len(moves) {
		t.Fatalf("%s: countLegal() = %d, LegalMoves has %d moves", p.FEN(), n, len(moves))
	}
	for _, m := range moves {
		next := *p
		next.Play(m)
		if err := next.Validate(); err != nil {
			t.Fatalf("%s, after %v: %v", p.FEN(), m, err)
		}
		us := p.SideToMove
		if k := next.King(us); next.IsAttacked(k, us.Other()) {
			t.Fatalf("%s: %v leaves the %v king on %v attacked", p.FEN(), m, us, k)
		}
		if again, err := ParseFEN(next.FEN()); err != nil || again != next {
			t.Fatalf("%s, after %v: FEN %q does not round-trip: %v", p.FEN(), m, next.FEN(), err)
		}
		if capture := p.PieceAt(m.To()) != NoPiece && !m.IsCastling() || m.IsEnPassant(); capture != m.IsCapture() {
			t.Fatalf("%s: %v has IsCapture() = %v, want %v", p.FEN(), m, m.IsCapture(), capture)
		}
		if pc := p.PieceAt(m.From()); pc == NoPiece || pc.Color() != us {
			t.Fatalf("%s: %v moves %v", p.FEN(), m, pc)
		}
		if m.IsCastling() {
			// The king on g or c, its rook beside it on f or d, nothing
			// else changed but those two and the squares they left.
			kingTo, rookTo := castlingTargets(m.From(), m.CastlingRook())
			if m.To() != kingTo || next.PieceAt(kingTo) != NewPiece(us, King) || next.PieceAt(rookTo) != NewPiece(us, Rook) ||
				p.PieceAt(m.CastlingRook()) != NewPiece(us, Rook) || (next.Occupied()^p.Occupied())&^(m.From().Bitboard()|
				m.CastlingRook().Bitboard()|kingTo.Bitboard()|rookTo.Bitboard()) != 0 || next.Occupied().Count() != p.Occupied().Count() {
				t.Fatalf("%s: castling %s gives %s", p.FEN(), m.UCIChess960(), next.FEN())
			}
		}
		nodes += checkedPerft(t, &next, depth-1)
	}
	return nodes
}

// TestPerftChecked runs perft at shallow depth with a consistency check
// after every move.
func TestPerftChecked(t *testing.T) {
	tests := []struct {
		name, fen string
		depth     int
		want      uint64
	}{
		{"start", StartFEN, 3, 8902},
		{"kiwipete", kiwipete, 3, 97862},
		{"position3", cpwPosition3, 4, 43238},
		{"position4", cpwPosition4, 3, 9467},
		{"position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 3, 9467},
		{"position5", cpwPosition5, 3, 62379},
		{"position6", cpwPosition6, 3, 89890},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			depth := tt.depth
			if testing.Short() && depth > 2 {
				depth, tt.want = 2, 0
			}
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := checkedPerft(t, &p, depth); tt.want != 0 && got != tt.want {
				t.Errorf("checked perft(%q, %d) = %d, want %d", tt.fen, depth, got, tt.want)
			}
		})
	}
}

// TestPerftDepths checks that PerftDepths gives, in one walk, the CPW
// counts Perft gives one depth at a time, to the deepest depth within
// the budget.
func TestPerftDepths(t *testing.T) {
	budget := perftBudget()
	for _, tt := range cpwPerft {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		depth := 0
		for depth < len(tt.counts) && tt.counts[depth] <= budget {
			depth++
		}
		if got := PerftDepths(p, depth); !slices.Equal(got, tt.counts[:depth]) {
			t.Errorf("PerftDepths(%s, %d) = %v, want %v", tt.name, depth, got, tt.counts[:depth])
		}
	}
	if got := PerftDepths(mustFEN(t, StartFEN), 0); got != nil {
		t.Errorf("PerftDepths(start, 0) = %v, want none", got)
	}
}

func TestPerftDepthZero(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	for _, depth := range []int{0, -1} {
		if got := Perft(p, depth); got != 1 {
			t.Errorf("Perft(start, %d) = %d, want 1", depth, got)
		}
	}
}

func TestPerftNoAlloc(t *testing.T) {
	p, _ := ParseFEN(kiwipete)
	if n := testing.AllocsPerRun(5, func() { _ = Perft(p, 2) }); n != 0 {
		t.Errorf("Perft(kiwipete, 2) allocates %v times, want 0", n)
	}
}

var sinkNodes uint64

// BenchmarkPerft runs perft on the CPW positions and reports the speed in
// nodes per second (bulk-counted leaves per second of wall time).
func BenchmarkPerft(b *testing.B) {
	benchmarks := []struct {
		name, fen string
		depth     int
	}{
		{"kiwipete-d4", kiwipete, 4},
		{"start-d5", StartFEN, 5},
		{"position3-d5", cpwPosition3, 5},
	}
	for _, bm := range benchmarks {
		p, _ := ParseFEN(bm.fen)
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += Perft(p, bm.depth)
			}
			sinkNodes = nodes
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

var sinkMoves []Move

func BenchmarkLegalMoves(b *testing.B) {
	for _, bf := range benchFENs {
		p, _ := ParseFEN(bf.fen)
		buf := make([]Move, 0, MaxMoves)
		b.Run(bf.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf = p.LegalMoves(buf[:0])
			}
			sinkMoves = buf
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	p, _ := ParseFEN(kiwipete)
	moves := p.LegalMoves(nil)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			next := p
			next.Play(m)
			sinkPos = next
		}
	}
}
