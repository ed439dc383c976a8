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
