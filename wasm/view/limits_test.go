package view

import (
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/wasm/model"
)

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
		{"ParsePerftOption", func() string { _, p := model.ParsePerftOption(big); return p }, `perft ` + quoted + ` is not a depth`, 600},
		{"ParsePerftOption, leading zeros", func() string { _, p := model.ParsePerftOption(strings.Repeat("0", 1<<20) + "5"); return p }, "perft 5 is too deep", 600},
		{"ResolveShown", func() string { _, err := model.ResolveShown(&start, big); return err.Error() }, `cannot show ` + quoted + `: `, 600},
		{"ParseMagic", func() string { _, _, err := model.ParseMagic("rook:" + strings.Repeat("x", 59)); return err.Error() },
			`magic "rook:` + strings.Repeat("x", 35) + `"… (64 bytes): "` + strings.Repeat("x", 40) + `"… (59 bytes) is not a square`, 600},
		{"ParseFree", func() string {
			_, err := model.ParseFree(core.Layouts[0], model.FreeHex, strings.Repeat("g", model.MaxFreeLength))
			return err.Error()
		},
			"hex, character 1: 'g' is not a hexadecimal digit", 600},
		{"GameFromMoves", func() string { _, err := model.GameFromMoves("", []string{"e2e4", big}); return err.Error() },
			`move 2 of the link, ` + quoted + `, is not legal there: ParseUCI: ` + quoted + ` is not a UCI move`, 600},
		{"arrows", func() string { return strings.Join(model.ResolveEmbed(model.Options{Arrows: big}, nil).Problems, "; ") },
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

// TestResolveEmbedLimits gives ResolveEmbed show lists and layouts at
// their limits, just over, and of 20 MB: over the limit, the problem names
// it, the board stays, and the markup stays small.
func TestResolveEmbedLimits(t *testing.T) {
	const twentyMB = 20 << 20
	names := func(n int) string { return strings.TrimSuffix(strings.Repeat("P,", n), ",") }
	long := strings.Repeat("occupied,", model.MaxShowLength/9) // 455 items in 4,095 bytes; the test adds two
	tests := []struct {
		name    string
		o       model.Options
		shown   int
		problem string
	}{
		{"show at the item limit", model.Options{Show: names(model.MaxShowItems), Board: off, Grid: off}, model.MaxShowItems, ""},
		{"show over the item limit", model.Options{Show: names(model.MaxShowItems + 1), Board: off, Grid: off}, 0, "show lists 65 items; the limit is 64"},
		{"show at the byte limit", model.Options{Show: long[:model.MaxShowLength-5] + ",P,P", Board: off, Grid: off}, 0, "show lists 457 items; the limit is 64"},
		{"show over the byte limit", model.Options{Show: strings.Repeat(" ", model.MaxShowLength) + "P", Board: off, Grid: off}, 0, "show is 4,097 bytes; the limit is 4,096"},
		{"show of 20 MB", model.Options{Show: names(twentyMB / 2), Board: off, Grid: off}, 0, "show is 20,971,519 bytes; the limit is 4,096"},
		{"layout at the limit", model.Options{Show: "P", Layout: strings.Repeat("x", model.MaxOptionLength), Board: off, Grid: off}, 1, `unknown layout "xxxx`},
		{"layout over the limit", model.Options{Show: "P", Layout: strings.Repeat("x", model.MaxOptionLength+1), Board: off, Grid: off}, 1, "layout is 65 bytes; the limit is 64"},
		{"layout of 20 MB", model.Options{Show: "P", Layout: strings.Repeat("x", twentyMB), Board: off, Grid: off}, 1, "layout is 20,971,520 bytes; the limit is 64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.o.Grid, tt.o.Board = nil, nil
			start := time.Now()
			e := model.ResolveEmbed(tt.o, nil)
			markup := EmbedMarkup(e, 0)
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
