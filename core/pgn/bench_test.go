package pgn

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core/internal/corpus"
)

// pgn100 returns a PGN text of 100 games for BenchmarkParsePGN100. It is
// not 100 different games: it repeats the six real games of
// testdata/games.pgn in order (games 1–6, 1–6, …, then 1–4), 100 games in
// all, each separated from the next by a blank line.
func pgn100(tb testing.TB) string {
	tb.Helper()
	text := strings.TrimPrefix(corpus.ReadFile(tb, "games.pgn"), byteOrderMark)
	// Split the file before each game's first tag pair, [Event "…"].
	var games []string
	for rest := text; rest != ""; {
		next := strings.Index(rest[1:], "\n[Event ")
		if next < 0 {
			games = append(games, strings.TrimSpace(rest))
			break
		}
		games = append(games, strings.TrimSpace(rest[:next+1]))
		rest = rest[next+2:]
	}
	if len(games) != 6 {
		tb.Fatalf("testdata/games.pgn: split into %d games, want 6", len(games))
	}
	var sb strings.Builder
	for i := range 100 {
		sb.WriteString(games[i%len(games)])
		sb.WriteString("\n\n")
	}
	return sb.String()
}

var sinkGames []Game

// BenchmarkParsePGN100 measures importing a 100-game PGN text (the six real
// games of testdata/games.pgn repeated, see pgn100): MB/s of PGN text and
// games/s. Run under GOOS=js GOARCH=wasm it gives the browser-side cost of
// importing 100 games.
func BenchmarkParsePGN100(b *testing.B) {
	text := pgn100(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var games int
	for b.Loop() {
		gs, err := Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		if len(gs) != 100 {
			b.Fatalf("Parse: %d games, want 100", len(gs))
		}
		games += len(gs)
		sinkGames = gs
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// Sinks keep the benchmarks' results alive.
var (
	sinkBuf []byte
	sinkErr error
)
