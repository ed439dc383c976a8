package pgn

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/internal/corpus"
)

// shuffle returns a legal game of plies plies: the four knights going out
// and back, "Nf3 Nf6 Ng1 Ng8 …" (a PGN importer does not adjudicate
// repetitions, so it is legal to the end).
func shuffle(plies int) string {
	moves := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	var b strings.Builder
	b.Grow(plies * 4)
	for i := range plies {
		b.WriteString(moves[i%4])
		b.WriteByte(' ')
	}
	b.WriteString("*\n")
	return b.String()
}

// tags returns n tag pairs [T1 "v"] … [Tn "v"].
func tags(n int, value string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(`[T` + strings.Repeat("x", i%7) + ` "` + value + "\"]\n")
	}
	return b.String()
}

// TestParseLimits feeds Parse texts at each limit, just over it, and of
// 20 MB: the first parse, the others fail with ErrLimit and a message
// naming the limit, each within a bounded time.
func TestParseLimits(t *testing.T) {
	const twentyMB = 20 << 20
	tests := []struct {
		name    string
		text    string
		games   int    // games returned
		wantErr string // "" for no error
	}{
		{"bytes at the limit", strings.Repeat(" ", MaxBytes-2) + "*\n", 1, ""},
		{"bytes over the limit", strings.Repeat(" ", MaxBytes-1) + "*\n", 0, "PGN is 4,194,305 bytes; the limit is 4,194,304"},
		{"20 MB of empty games", strings.Repeat("* ", twentyMB/2), 0, "PGN is 20,971,520 bytes; the limit is 4,194,304"},
		{"20 MB of one comment", "{" + strings.Repeat("x", twentyMB-2) + "}", 0, "PGN is 20,971,520 bytes; the limit is 4,194,304"},
		{"games at the limit", strings.Repeat("* ", MaxGames), MaxGames, ""},
		{"games over the limit", strings.Repeat("* ", MaxGames+1), MaxGames, "more than 10,000 games, the limit"},
		{"4 MiB of empty games", strings.Repeat("* ", MaxBytes/2), MaxGames, "more than 10,000 games, the limit"},
		{"plies at the limit", shuffle(MaxPlies), 1, ""},
		{"plies over the limit", shuffle(MaxPlies + 1), 1, "game 1 has more than 20,000 plies, the limit"},
		{"4 MiB of one game", shuffle((MaxBytes - 2) / 4), 1, "game 1 has more than 20,000 plies, the limit"},
		{"tags at the limit", tags(MaxTags, "v") + "*", 1, ""},
		{"tags over the limit", tags(MaxTags+1, "v") + "*", 0, "game 1 has more than 100 tag pairs, the limit"},
		{"4 MiB of FEN tags", tags(MaxBytes/12, "") + "*", 0, "game 1 has more than 100 tag pairs, the limit"},
		{"tag value at the limit", `[Event "` + strings.Repeat("e", MaxTagLength) + `"] *`, 1, ""},
		{"tag value over the limit", `[Event "` + strings.Repeat("e", MaxTagLength+1) + `"] *`, 0, "the value of tag Event is longer than 1,024 bytes, the limit"},
		{"4 MiB tag value", `[Event "` + strings.Repeat("e", MaxBytes-12) + `"] *`, 0, "the value of tag Event is longer than 1,024 bytes, the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			games, err := Parse(tt.text)
			elapsed := time.Since(start)
			if elapsed > 5*time.Second {
				t.Errorf("Parse took %v, want a bounded time (under 5 s)", elapsed)
			}
			if len(games) != tt.games {
				t.Errorf("Parse gave %d games, want %d", len(games), tt.games)
			}
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Parse: %v, want no error", err)
				}
				return
			}
			if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Parse = %v, want an ErrLimit containing %q", err, tt.wantErr)
			}
			// A valid text still parses afterwards.
			if g, err := Parse("1. e4 e5 *"); err != nil || len(g) != 1 || len(g[0].Moves) != 2 {
				t.Errorf("Parse after the limit: %d games, %v", len(g), err)
			}
		})
	}
}

// TestPositionAtMatchesReplay checks that PositionAt, which starts from
// the positions Parse records, gives at every ply of the real games and
// of a long one what replaying from Start gives, also for a Game built by
// hand (no recorded positions) and for plies out of range.
func TestPositionAtMatchesReplay(t *testing.T) {
	games, err := Parse(corpus.ReadFile(t, "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	long, err := Parse(shuffle(1000))
	if err != nil {
		t.Fatal(err)
	}
	games = append(games, long...)
	for gi := range games {
		g := &games[gi]
		byHand := Game{Start: g.Start, Moves: g.Moves}
		p := g.Start
		for ply := 0; ply <= len(g.Moves); ply++ {
			if ply > 0 {
				p.Play(g.Moves[ply-1].Move)
			}
			if got := g.PositionAt(ply); got != p {
				t.Fatalf("game %d: PositionAt(%d) = %s, want %s", gi+1, ply, got.FEN(), p.FEN())
			}
			if got := byHand.PositionAt(ply); got != p {
				t.Fatalf("game %d built by hand: PositionAt(%d) = %s, want %s", gi+1, ply, got.FEN(), p.FEN())
			}
		}
		if got := g.PositionAt(len(g.Moves) + 5); got != p {
			t.Errorf("game %d: PositionAt past the end = %s, want the final %s", gi+1, got.FEN(), p.FEN())
		}
		if got := g.PositionAt(-3); got != g.Start {
			t.Errorf("game %d: PositionAt(-3) = %s, want Start", gi+1, got.FEN())
		}
	}
}

// TestSizes records the sizes the limits' memory estimates rest on.
func TestSizes(t *testing.T) {
	t.Logf("core.Position: %d bytes, GameMove: %d bytes, Game: %d bytes",
		unsafe.Sizeof(core.Position{}), unsafe.Sizeof(GameMove{}), unsafe.Sizeof(Game{}))
	if s := unsafe.Sizeof(core.Position{}); s > 256 {
		t.Errorf("core.Position is %d bytes; the checkpoint estimate in pgn.go assumes about 208", s)
	}
}

// BenchmarkPositionAt steps a 10,000-ply game at ply 10, 5,000 and
// 10,000: the cost must be the same (flat), not grow with the ply.
func BenchmarkPositionAt(b *testing.B) {
	games, err := Parse(shuffle(10_000))
	if err != nil {
		b.Fatal(err)
	}
	g := &games[0]
	for _, ply := range []int{10, 5_000, 10_000} {
		b.Run("ply="+strconv.Itoa(ply), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPos = g.PositionAt(ply)
			}
		})
	}
}

// BenchmarkParseLongGame imports the 10,000-ply game.
func BenchmarkParseLongGame(b *testing.B) {
	text := shuffle(10_000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		gs, err := Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		sinkGames = gs
	}
}

var sinkPos core.Position

// TestParseErrorsBounded feeds Parse texts of MaxBytes (so they are read,
// not refused by their size) whose fault is one huge token, and texts whose
// fault is an ordinary one: each error quotes at most excerpt.MaxChars
// characters of the text, then its length, and says where it starts; and
// refusing a text allocates little beyond what an error costs (4 MiB of
// '(' once grew a stack of their offsets to 32 MiB, 192 MiB allocated
// counting each regrowth).
func TestParseErrorsBounded(t *testing.T) {
	n40 := strings.Repeat("N", 40)
	tests := []struct {
		name      string
		text      string
		line, col int
		want      string // in the message
	}{
		{"a 4 MiB token", strings.Repeat("N", MaxBytes), 1, 1, `"` + n40 + `"… (4,194,304 bytes) is not SAN`},
		{"4 MiB of \\x01", strings.Repeat("\x01", MaxBytes), 1, 1, `"` + strings.Repeat(`\x01`, 40) + `"… (4,194,304 bytes) is not SAN`},
		{"4 MiB of '('", strings.Repeat("(", MaxBytes), 1, 1, "unterminated variation: '(' has no matching ')'"},
		{"'(' nested, the outermost open one", "1. e4 (1. d4 (1. c4) (1. Nf3 *", 1, 7, "unterminated variation"},
		{"a 4 MiB move number", "1. e4 " + strings.Repeat("1", MaxBytes-7) + "x", 1, 7,
			`"` + strings.Repeat("1", 40) + `"… (4,194,298 bytes) is neither a move number nor a move: write a move number as "12."`},
		{"a move number", "1. e4 12x", 1, 7, `"12x" is neither a move number nor a move: write a move number as "12."`},
		{"an illegal move with 4 MiB of checks", "1. Nf4" + strings.Repeat("+", MaxBytes-6), 1, 4,
			"white's move 1: no legal move matches Nf4" + strings.Repeat("+", 37) + "… (4,194,301 bytes)"},
		{"a 4 MiB tag name", "[" + strings.Repeat("T", MaxBytes-1), 1, MaxBytes + 1, // at the end of the text
			"tag " + strings.Repeat("T", 40) + "… (4,194,303 bytes) needs a value in double quotes"},
		{"SAN", "1. Nf9 *", 1, 4, `"Nf9" is not SAN`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Parse(tt.text)
			runtime.ReadMemStats(&after)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse = %v, want a *Error", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) {
				t.Errorf("Parse: %.300q, want it to contain %.300q", msg, tt.want)
			}
			if len(msg) > 600 {
				t.Errorf("Parse: the error is %d bytes long", len(msg))
			}
			if pe.Line != tt.line || pe.Col != tt.col {
				t.Errorf("Parse: error at line %d, column %d, want %d, %d", pe.Line, pe.Col, tt.line, tt.col)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("Parse allocated %d bytes to refuse the text, want under 1 MiB", alloc)
			}
		})
	}
}

// TestOtherErrorsBounded checks ParseSAN and the arrow and mark lists
// on huge items: each error quotes at most excerpt.MaxChars characters of
// the item, then its length, and says where the item starts.
func TestOtherErrorsBounded(t *testing.T) {
	start, err := core.ParseFEN(core.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 1<<20)
	quoted := `"` + strings.Repeat("x", 40) + `"… (1,048,576 bytes)`
	for _, tt := range []struct {
		name string
		call func() error
		want string
	}{
		{"ParseSAN", func() error { _, err := ParseSAN(&start, big); return err }, "ParseSAN: " + quoted + " is not SAN"},
		{"ParseSAN, no move", func() error { _, err := ParseSAN(&start, strings.Repeat("+", 1<<20)); return err },
			`ParseSAN: no move in "` + strings.Repeat("+", 40) + `"… (1,048,576 bytes)`},
		{"ParseArrows", func() error { _, err := ParseArrows("Ge2e4, " + big); return err }, quoted + " (character 8): an arrow is"},
		{"ParseMarks", func() error { _, err := ParseMarks("Gd4 " + big); return err }, quoted + " (character 5): a mark is"},
		{"ParseMarks, short", func() error { _, err := ParseMarks("Gd4 Xe5"); return err }, `"Xe5" (character 5): the colour must be`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) || len(err.Error()) > 600 {
				t.Errorf("got %.200v, want an error of at most 600 bytes starting %q", err, tt.want)
			}
		})
	}
}
