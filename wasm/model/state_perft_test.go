package model

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestParseQueryPerft reads the perft panel's fields: the depth, the path
// (bounded by MaxPerftPath and by the depth) and the root.
func TestParseQueryPerft(t *testing.T) {
	kiwi := url.QueryEscape("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	tests := []struct {
		name  string
		query string
		depth int
		path  []string
		root  string
	}{
		{"absent", "?fen=x", 0, nil, ""},
		{"depth only", "?perft=3", 3, nil, ""},
		{"deepest", "?perft=6", 6, nil, ""},
		{"too deep", "?perft=7&path=e2e4", 0, nil, ""},
		{"zero", "?perft=0", 0, nil, ""},
		{"negative", "?perft=-1", 0, nil, ""},
		{"not a number", "?perft=three", 0, nil, ""},
		{"path without root is from the start", "?perft=2&path=e2e4,e7e5", 2, []string{"e2e4", "e7e5"}, ""},
		{"path with root", "?perft=1&path=a1b1,c7c5&root=" + kiwi, 1, []string{"a1b1", "c7c5"}, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"root without path ignored", "?perft=3&root=" + kiwi, 3, nil, ""},
		{"path without perft ignored", "?path=e2e4", 0, nil, ""},
		{"promotion", "?perft=2&path=e7e8q", 2, []string{"e7e8q"}, ""},
		{"stops at a bad move", "?perft=1&path=e2e4,E7E5,g1f3", 1, []string{"e2e4"}, ""},
		{"stops at a bad promotion", "?perft=1&path=e7e8k", 1, nil, ""},
		{"empty item", "?perft=1&path=e2e4,,e7e5", 1, []string{"e2e4"}, ""},
		{"a path deeper than the depth", "?perft=4&path=e2e4,e7e5,g1f3,b8c6", 4, []string{"e2e4", "e7e5", "g1f3", "b8c6"}, ""},
		{"cut to MaxPerftPath", "?perft=1&path=" + strings.Repeat("e2e4,", 20), 1, slices.Repeat([]string{"e2e4"}, MaxPerftPath), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ParseQuery(tt.query)
			if s.Perft != tt.depth || !slices.Equal(s.Path, tt.path) || s.Root != tt.root {
				t.Errorf("ParseQuery(%q) perft %d path %q root %q; want %d %q %q", tt.query, s.Perft, s.Path, s.Root, tt.depth, tt.path, tt.root)
			}
			if len(s.Path) > MaxPerftPath || s.Perft > core.MaxDivideDepth {
				t.Errorf("depth %d, path %d: over the limits", s.Perft, len(s.Path))
			}
		})
	}
}

// TestParseQueryPerftRootBounded keeps a long root FEN to one byte over
// core.MaxFENLength, so the parser reports it without reading it all.
func TestParseQueryPerftRootBounded(t *testing.T) {
	s := ParseQuery("?perft=2&path=e2e4&root=" + strings.Repeat("p", 100000))
	if len(s.Root) != core.MaxFENLength+1 {
		t.Errorf("root kept %d bytes, want %d", len(s.Root), core.MaxFENLength+1)
	}
}

func TestQueryPerft(t *testing.T) {
	tests := []struct {
		name string
		s    State
		want string
	}{
		{"closed", State{FEN: "x", Layout: "lerf", Path: []string{"e2e4"}}, "?fen=x&layout=lerf&show="},
		{"depth", State{FEN: "x", Layout: "lerf", Perft: 3}, "?fen=x&layout=lerf&show=&perft=3"},
		{"path from the start", State{FEN: "x", Layout: "lerf", Perft: 2, Path: []string{"e2e4", "e7e5"}},
			"?fen=x&layout=lerf&show=&perft=2&path=e2e4,e7e5"},
		{"path with root", State{FEN: "x", Layout: "lerf", Perft: 1, Path: []string{"a1b1"}, Root: "8/8/8/8/8/8/8/8 w - - 0 1"},
			"?fen=x&layout=lerf&show=&perft=1&path=a1b1&root=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-+0+1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.Query(); got != tt.want {
				t.Errorf("Query() = %q, want %q", got, tt.want)
			}
			if tt.s.Perft == 0 {
				return
			}
			back := ParseQuery(tt.s.Query())
			if back.Perft != tt.s.Perft || !slices.Equal(back.Path, tt.s.Path) || back.Root != tt.s.Root {
				t.Errorf("round trip: %d %q %q, want %d %q %q", back.Perft, back.Path, back.Root, tt.s.Perft, tt.s.Path, tt.s.Root)
			}
		})
	}
}

func TestUCISyntax(t *testing.T) {
	for s, want := range map[string]bool{"e2e4": true, "e7e8q": true, "a7a8n": true, "h2h1r": true, "b2b1b": true,
		"e2e4k": false, "E2E4": false, "e2": false, "e9e4": false, "e2e4qq": false, "": false, "i1a1": false} {
		if got := UCISyntax(s); got != want {
			t.Errorf("UCISyntax(%q) = %v, want %v", s, got, want)
		}
	}
}
