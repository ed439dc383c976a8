package model

import (
	"regexp"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestExportName(t *testing.T) {
	kiwi := Examples[1].FEN
	tests := []struct {
		name string
		s    State
		want string
	}{
		{"the default view", DefaultState(), "bitview-start-lerf"},
		{"kiwipete in 0x88", State{FEN: kiwi, Layout: "0x88"}, "bitview-kiwipete-0x88"},
		{"kiwipete at other move counters", State{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 12 40", Layout: "berf"},
			"bitview-kiwipete-berf"},
		{"the article's position", State{FEN: Examples[2].FEN, Layout: "msb-a8"}, "bitview-article-msb-a8"},
		{"the endgame", State{FEN: Examples[3].FEN, Layout: "10x12"}, "bitview-endgame-10x12"},
		{"the start position in befr", State{FEN: core.StartFEN, Layout: "befr"}, "bitview-start-befr"},
		// Other positions: move number, side, the Polyglot key's first six
		// hex digits (the keys of the Polyglot book format's own examples,
		// tested in core/zobrist_test.go).
		{"after 1.e4", State{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", Layout: "lerf"}, "bitview-move1-black-823c9b-lerf"},
		{"after 1.e4 d5", State{FEN: "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", Layout: "lefr"}, "bitview-move2-white-0756b9-lefr"},
		{"kiwipete with black to move is another position", State{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", Layout: "0x88"},
			"bitview-move1-black-" + polyglotPrefix(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1") + "-0x88"},
		{"a placement alone", State{FEN: "8/8/8/8/8/8/8/K6k", Layout: "lerf"}, "bitview-move1-white-" + polyglotPrefix(t, "8/8/8/8/8/8/8/K6k w - - 0 1") + "-lerf"},
		{"the start placement alone has no castling rights", State{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Layout: "lerf"},
			"bitview-move1-white-" + polyglotPrefix(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1") + "-lerf"},
		{"a late move", State{FEN: "8/8/8/8/8/8/8/K6k b - - 99 1234", Layout: "lerf"}, "bitview-move1234-black-" + polyglotPrefix(t, "8/8/8/8/8/8/8/K6k b - - 99 1234") + "-lerf"},
		{"an unknown layout is the default's", State{FEN: kiwi, Layout: "../x"}, "bitview-kiwipete-lerf"},
		{"no layout", State{FEN: kiwi}, "bitview-kiwipete-lerf"},
		{"a FEN that does not parse", State{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", Layout: "0x88"}, "bitview-0x88"},
		{"an empty FEN", State{Layout: "berf"}, "bitview-berf"},
		{"a FEN of path characters", State{FEN: `../../etc/passwd w - - 0 1`, Layout: "lerf"}, "bitview-lerf"},
	}
	safe := regexp.MustCompile(`^bitview(-[a-z0-9]+)+$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ExportName(tt.s)
			if got != tt.want {
				t.Errorf("ExportName(%+v) = %q, want %q", tt.s, got, tt.want)
			}
			if !safe.MatchString(got) || len(got) > 64 {
				t.Errorf("ExportName(%+v) = %q is not a short lower-case name of a–z, 0–9 and '-'", tt.s, got)
			}
		})
	}
}

// TestExportNameDistinct checks that the examples in every layout get as
// many names, which a file system that ignores case keeps apart.
func TestExportNameDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, e := range Examples {
		for _, l := range core.Layouts {
			s := State{FEN: e.FEN, Layout: l.ID}
			name := ExportName(s)
			if prev, dup := seen[name]; dup {
				t.Errorf("%s %s and %s are both %q", e.Label, l.ID, prev, name)
			}
			seen[name] = e.Label + " " + l.ID
		}
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"Kiwipete": "kiwipete", "Rook endgame (CPW 3)": "rook-endgame-cpw-3", " -Start- ": "start", "": "", "É": ""} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// polyglotPrefix returns the first six hex digits of fen's Polyglot key.
func polyglotPrefix(t *testing.T, fen string) string {
	t.Helper()
	p := mustParse(t, fen)
	return core.Bitboard(p.PolyglotKey()).Hex()[2:8]
}
