package view

import (
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
)

// TestResolveEmbedLimits gives ResolveEmbed show lists and layouts at
// their limits, just over, and of 20 MB: over the limit, the problem names
// it, the board stays, and the markup stays small.
func TestResolveEmbedLimits(t *testing.T) {
	const twentyMB = 20 << 20
	names := func(n int) string { return strings.TrimSuffix(strings.Repeat("P,", n), ",") }
	long := strings.Repeat("occupied,", MaxShowLength/9) // 455 items in 4,095 bytes; the test adds two
	tests := []struct {
		name    string
		o       Options
		shown   int
		problem string
	}{
		{"show at the item limit", Options{Show: names(MaxShowItems), Board: off, Grid: off}, MaxShowItems, ""},
		{"show over the item limit", Options{Show: names(MaxShowItems + 1), Board: off, Grid: off}, 0, "show lists 65 items; the limit is 64"},
		{"show at the byte limit", Options{Show: long[:MaxShowLength-5] + ",P,P", Board: off, Grid: off}, 0, "show lists 457 items; the limit is 64"},
		{"show over the byte limit", Options{Show: strings.Repeat(" ", MaxShowLength) + "P", Board: off, Grid: off}, 0, "show is 4,097 bytes; the limit is 4,096"},
		{"show of 20 MB", Options{Show: names(twentyMB / 2), Board: off, Grid: off}, 0, "show is 20,971,519 bytes; the limit is 4,096"},
		{"layout at the limit", Options{Show: "P", Layout: strings.Repeat("x", MaxOptionLength), Board: off, Grid: off}, 1, `unknown layout "xxxx`},
		{"layout over the limit", Options{Show: "P", Layout: strings.Repeat("x", MaxOptionLength+1), Board: off, Grid: off}, 1, "layout is 65 bytes; the limit is 64"},
		{"layout of 20 MB", Options{Show: "P", Layout: strings.Repeat("x", twentyMB), Board: off, Grid: off}, 1, "layout is 20,971,520 bytes; the limit is 64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.o.Grid, tt.o.Board = nil, nil
			start := time.Now()
			e := ResolveEmbed(tt.o, nil)
			markup := e.Markup(0)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("ResolveEmbed and Markup took %v, want a bounded time", d)
			}
			if len(e.Shown) != tt.shown {
				t.Errorf("%d cards shown, want %d", len(e.Shown), tt.shown)
			}
			if !e.Board || e.Pos == nil {
				t.Errorf("the board is gone, want it kept")
			}
			if len(markup) > 2<<20 {
				t.Errorf("markup is %d bytes, want under 2 MB", len(markup))
			}
			got := strings.Join(e.Problems, "; ")
			if tt.problem == "" && got != "" || !strings.Contains(got, tt.problem) {
				t.Errorf("problems = %q, want %q", got, tt.problem)
			}
		})
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 4194304: "4,194,304", 20971520: "20,971,520"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestErrorsBounded gives each of the view's parsers, and the lists of
// lines and tokens it shows for core's lenient readers, one huge item:
// the message quotes at most excerpt.MaxChars characters of it, then its
// length, and stays short.
func TestErrorsBounded(t *testing.T) {
	start, err := core.ParseFEN(core.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 1<<20)
	quoted := `"` + strings.Repeat("x", 40) + `"… (1,048,576 bytes)`
	division, err := core.Divide(start, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	skipped := divide.Parse("e2e4: 1\n" + big + "\n")
	for _, tt := range []struct {
		name string
		got  func() string
		want string
		max  int // the answer's length at most, in bytes
	}{
		{"ParsePerftOption", func() string { _, p := ParsePerftOption(big); return p }, `perft ` + quoted + ` is not a depth`, 600},
		{"ParsePerftOption, leading zeros", func() string { _, p := ParsePerftOption(strings.Repeat("0", 1<<20) + "5"); return p }, "perft 5 is too deep", 600},
		{"ResolveShown", func() string { _, err := ResolveShown(&start, big); return err.Error() }, `cannot show ` + quoted + `: `, 600},
		{"ParseMagic", func() string { _, _, err := ParseMagic("rook:" + strings.Repeat("x", 59)); return err.Error() },
			`magic "rook:` + strings.Repeat("x", 35) + `"… (64 bytes): "` + strings.Repeat("x", 40) + `"… (59 bytes) is not a square`, 600},
		{"ParseFree", func() string {
			_, err := ParseFree(core.Layouts[0], FreeHex, strings.Repeat("g", MaxFreeLength))
			return err.Error()
		},
			"hex, character 1: 'g' is not a hexadecimal digit", 600},
		{"GameFromMoves", func() string { _, err := GameFromMoves("", []string{"e2e4", big}); return err.Error() },
			`move 2 of the link, ` + quoted + `, is not legal there: ParseUCI: ` + quoted + ` is not a UCI move`, 600},
		{"arrows", func() string { return strings.Join(ResolveEmbed(Options{Arrows: big}, nil).Problems, "; ") },
			`arrows: ` + quoted + ` (character 1): an arrow is`, 600},
		{"a divide's line not understood", func() string { return DivideTable(division, &skipped) },
			`line 2 '<code>` + strings.Repeat("x", 40) + `… (1,048,576 bytes)</code>' — no move and count`, 10_000},
		{"a dump's token not understood", func() string { return DumpReport(&start, "0x"+strings.Repeat("f", 10_000)) },
			`line 1, column 1: <code>0x` + strings.Repeat("f", 38) + `… (10,002 bytes)</code> — more than 64 bits`, 100_000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.got()
			if !strings.Contains(got, tt.want) || len(got) > tt.max {
				t.Errorf("got %d bytes %.300q, want at most %d containing %q", len(got), got, tt.max, tt.want)
			}
		})
	}
}
