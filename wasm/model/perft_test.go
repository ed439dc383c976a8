package model

import (
	"strings"
	"testing"
)

func TestParsePerftOption(t *testing.T) {
	tests := []struct {
		in      string
		depth   int
		problem string
	}{
		{"", 0, ""}, {"  ", 0, ""}, {"1", 1, ""}, {" 3 ", 3, ""}, {"4", 4, ""},
		{"5", 0, "at most 4 plies"}, {"0", 0, "not a depth"}, {"-2", 0, "not a depth"}, {"three", 0, `"three" is not a depth`},
	}
	for _, tt := range tests {
		d, p := ParsePerftOption(tt.in)
		if d != tt.depth || (tt.problem == "") != (p == "") || !strings.Contains(p, tt.problem) {
			t.Errorf("ParsePerftOption(%q) = %d, %q; want %d, %q", tt.in, d, p, tt.depth, tt.problem)
		}
	}
}
