package view

import (
	"strings"
	"testing"
	"time"
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
		o       EmbedOptions
		shown   int
		problem string
	}{
		{"show at the item limit", EmbedOptions{Show: names(MaxShowItems)}, MaxShowItems, ""},
		{"show over the item limit", EmbedOptions{Show: names(MaxShowItems + 1)}, 0, "show lists 65 items; the limit is 64"},
		{"show at the byte limit", EmbedOptions{Show: long[:MaxShowLength-5] + ",P,P"}, 0, "show lists 457 items; the limit is 64"},
		{"show over the byte limit", EmbedOptions{Show: strings.Repeat(" ", MaxShowLength) + "P"}, 0, "show is 4,097 bytes; the limit is 4,096"},
		{"show of 20 MB", EmbedOptions{Show: names(twentyMB / 2)}, 0, "show is 20,971,519 bytes; the limit is 4,096"},
		{"layout at the limit", EmbedOptions{Show: "P", Layout: strings.Repeat("x", MaxOptionLength)}, 1, `unknown layout "xxxx`},
		{"layout over the limit", EmbedOptions{Show: "P", Layout: strings.Repeat("x", MaxOptionLength+1)}, 1, "layout is 65 bytes; the limit is 64"},
		{"layout of 20 MB", EmbedOptions{Show: "P", Layout: strings.Repeat("x", twentyMB)}, 1, "layout is 20,971,520 bytes; the limit is 64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.o.Grid, tt.o.Board = true, true
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
