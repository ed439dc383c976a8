package thousands

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestFormatUint(t *testing.T) {
	for _, tt := range []struct {
		n    uint64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {12345, "12,345"},
		{100_000, "100,000"}, {4_194_304, "4,194,304"}, {119_060_324, "119,060,324"},
		{math.MaxUint64, "18,446,744,073,709,551,615"},
	} {
		if got := FormatUint(tt.n); got != tt.want {
			t.Errorf("FormatUint(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestItoa(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{
		{0, "0"}, {64, "64"}, {4096, "4,096"}, {-1, "-1"}, {-1000, "-1,000"},
		{-4_194_304, "-4,194,304"},
		{math.MaxInt64, "9,223,372,036,854,775,807"},
		{math.MinInt64, "-9,223,372,036,854,775,808"},
	} {
		if got := Itoa(tt.n); got != tt.want {
			t.Errorf("Itoa(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// FuzzItoa checks that removing the commas gives strconv's answer back and
// that every group after the first has three digits.
func FuzzItoa(f *testing.F) {
	for _, n := range []int{0, 1, 999, 1000, -1000, 1 << 40, math.MinInt64} {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, n int) {
		got := Itoa(n)
		if plain := strings.ReplaceAll(got, ",", ""); plain != strconv.Itoa(n) {
			t.Fatalf("Itoa(%d) = %q: without commas %q, want %q", n, got, plain, strconv.Itoa(n))
		}
		groups := strings.Split(strings.TrimPrefix(got, "-"), ",")
		if len(groups[0]) < 1 || len(groups[0]) > 3 {
			t.Fatalf("Itoa(%d) = %q: first group %q", n, got, groups[0])
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				t.Fatalf("Itoa(%d) = %q: group %q has %d digits", n, got, g, len(g))
			}
		}
	})
}

func BenchmarkFormatUint(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = FormatUint(119_060_324)
	}
}
