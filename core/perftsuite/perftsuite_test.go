package perftsuite

import (
	"errors"
	"flag"
	"reflect"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/internal/corpus"
)

var deep = flag.Bool("perft.deep", false, "check the shipped suites' counts up to 200 million nodes a position (about a minute)")

func TestParse(t *testing.T) {
	tests := []struct {
		name, text string
		want       []Position // Position left out: checked against core.ParseFEN
	}{
		{"perftsuite.epd line", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n",
			[]Position{{Line: 1, FEN: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", Counts: []Count{{1, 15}, {2, 66}, {3, 1197}}}}},
		{"EPD four fields, operations ended by semicolons", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - D1 14; D2 191; id \"position 3\";",
			[]Position{{Line: 1, FEN: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", ID: "position 3", Counts: []Count{{1, 14}, {2, 191}}}}},
		{"comments, blank lines, CRLF, a BOM, thousands, depths out of order",
			"\uFEFF# a suite\r\n\r\n// another comment\r\n  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;D5 4,865,609; D1 20 ;bm e4;D5 4865609\r\n",
			[]Position{{Line: 4, FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Counts: []Count{{1, 20}, {5, 4865609}}}}},
		{"a position without counts", "8/8/8/8/8/8/8/K1k5 w - -\n",
			[]Position{{Line: 1, FEN: "8/8/8/8/8/8/8/K1k5 w - -"}}},
		{"tabs", "8/8/8/8/8/8/8/K1k5\tb\t-\t-\t3\t9\t;D1\t3",
			[]Position{{Line: 1, FEN: "8/8/8/8/8/8/8/K1k5\tb\t-\t-\t3\t9", Counts: []Count{{1, 3}}}}},
		{"empty", "", nil},
		{"comments only", "# nothing\n\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.text, err)
			}
			for i := range tt.want {
				pos, err := core.ParseFEN(tt.want[i].FEN)
				if err != nil {
					t.Fatal(err)
				}
				tt.want[i].Position = pos
			}
			if !reflect.DeepEqual(s.Positions, tt.want) {
				t.Errorf("Parse(%q) =\n%+v\nwant\n%+v", tt.text, s.Positions, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	tests := []struct {
		name, text   string
		line, column int
		msg          string
		kind         error
	}{
		{"bad count", start + " ;D1 20 ;D2 4x0", 1, 69, `D2 count "4x0" is not a number`, ErrSyntax},
		{"bad thousands", start + " ;D1 2,0", 1, 62, `D1 count "2,0" is not a number`, ErrSyntax},
		{"count over 64 bits", start + " ;D1 18446744073709551616", 1, 62, `is not a number`, ErrSyntax},
		{"depth 0", start + " ;D0 1", 1, 59, `depth "0" is out of range: 1 to 15`, ErrSyntax},
		{"depth 16", start + " ;D16 1", 1, 59, `depth "16" is out of range: 1 to 15`, ErrSyntax},
		{"a depth twice", start + " ;D1 20 ;D1 21", 1, 66, `D1 is given twice, as 20 and 21`, ErrSyntax},
		{"too few fields", "# c\n8/8/8/8/8/8/8/K1k5 w ;D1 3", 2, 1, `has 2 of its 4 fields`, ErrSyntax},
		{"a FEN's fault, on line 3", "\n\nrnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20", 3, 19, `FEN piece placement (field 1)`, core.ErrFENSyntax},
		{"over MaxBytes", strings.Repeat("#", MaxBytes+1), 0, 0, `the suite is 1,048,577 bytes; the limit is 1,048,576`, ErrLimit},
		{"over MaxPositions", strings.Repeat("8/8/8/8/8/8/8/K1k5 w - -\n", MaxPositions+1), MaxPositions + 1, 0, `more than 10,000 positions`, ErrLimit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.text)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(…) = %d positions, %v; want an *Error", len(s.Positions), err)
			}
			if e.Line != tt.line || e.Column != tt.column || !strings.Contains(e.Error(), tt.msg) || !errors.Is(err, tt.kind) {
				t.Errorf("Parse(…) error %q (line %d, column %d, %v); want line %d, column %d, %q, %v",
					e.Error(), e.Line, e.Column, e.Err, tt.line, tt.column, tt.msg, tt.kind)
			}
			if len(s.Positions) != 0 {
				t.Errorf("Parse(…) returned %d positions with its error", len(s.Positions))
			}
		})
	}
}

// TestParseChess960 checks that a suite reads Chess960 positions as core
// does: castling in Shredder-FEN, X-FEN and KQkq, in six fields or EPD's
// four (the published Chess960 suites' form), each line's FEN read by
// core.ParseFEN and nothing else.
func TestParseChess960(t *testing.T) {
	for _, fen := range []string{
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", // Shredder-FEN
		"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe -",        // Shredder-FEN, EPD's four fields
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",          // KQkq for rooks not on a- and h-files
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",          // the standard start, to show the agreement
		"2r1kr2/8/8/8/8/8/8/1R2KR2 w KQkq - 0 1",                            // kings on e-files, inner rooks
		"1r1k1r2/8/8/8/8/8/8/RR1K1RR1 w FBfb - 0 1",                         // X-FEN: inner rooks named by file
	} {
		want, werr := core.ParseFEN(fen)
		if werr != nil {
			want, werr = core.ParseFEN(fen + " 0 1")
		}
		s, err := Parse(fen + " ;D1 20")
		switch {
		case werr != nil:
			t.Errorf("core.ParseFEN(%q): %v", fen, werr)
		case err != nil:
			t.Errorf("Parse(%q): %v; core.ParseFEN reads it", fen, err)
		case s.Positions[0].Position != want:
			t.Errorf("Parse(%q) read %q; core.ParseFEN reads %q", fen, s.Positions[0].Position.FEN(), want.FEN())
		case !want.Chess960() && fen[0] != 'r':
			t.Errorf("Parse(%q) read %q, a position that does not need Chess960's castling", fen, want.FEN())
		}
	}
}

// TestShippedSuites checks the suites in core/testdata against Bitview's
// perft: every count of every line, one walk a position, up to the
// budget (with -short 100,000 nodes a position, by default 2 million,
// with -perft.deep 200 million).
func TestShippedSuites(t *testing.T) {
	budget := uint64(2_000_000)
	switch {
	case testing.Short():
		budget = 100_000
	case *deep:
		budget = 200_000_000
	}
	for _, tt := range []struct {
		file      string
		positions int
		budget    uint64 // a position's budget when below the default
	}{
		{"perftsuite.epd", 126, 0},
		{"cpw-perft.epd", 7, 0},
		// Chess960: the 960 start positions and 960 positions from games,
		// in Shredder-FEN (core's TestPerftChess960 checks them deeper).
		{"chess960.epd", 960, 100_000},
		{"chess960-fischer.epd", 960, 100_000},
	} {
		t.Run(tt.file, func(t *testing.T) {
			budget := budget
			if tt.budget > 0 && !*deep {
				budget = min(budget, tt.budget)
			}
			s, err := Parse(corpus.ReadFile(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Positions) != tt.positions {
				t.Fatalf("%s has %d positions, want %d", tt.file, len(s.Positions), tt.positions)
			}
			checked := 0
			for _, p := range s.Positions {
				depth := 0
				for _, c := range p.Counts {
					if c.Nodes > budget || c.Depth != depth+1 {
						break
					}
					depth = c.Depth
				}
				for d, got := range core.PerftDepths(p.Position, depth) {
					want, _ := p.Count(d + 1)
					if got != want {
						t.Errorf("%s line %d (%s): perft %d = %d, the suite says %d", tt.file, p.Line, p.FEN, d+1, got, want)
					}
					checked++
				}
			}
			t.Logf("%d counts checked", checked)
		})
	}
}

func TestDepths(t *testing.T) {
	s, err := Parse("8/8/8/8/8/8/8/K1k5 w - - ;D3 1 ;D1 3\n8/8/8/8/8/8/8/K1k5 b - - ;D2 5\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Depths(); !reflect.DeepEqual(got, []int{1, 2, 3}) {
		t.Errorf("Depths() = %v, want [1 2 3]", got)
	}
	if got := s.Positions[0].MaxListed(); got != 3 {
		t.Errorf("MaxListed() = %d, want 3", got)
	}
}

func TestCells(t *testing.T) {
	s, err := Parse("8/8/8/8/8/8/8/K1k5 w - - ;D3 12 ;D1 1 ;D5 342\n8/8/8/8/8/8/8/K1k5 b - -\n")
	if err != nil {
		t.Fatal(err)
	}
	cells, deeper := s.Cells(3)
	want := []Cell{{0, 1, 1, true}, {0, 3, 12, true}, {1, 1, 0, false}, {1, 2, 0, false}, {1, 3, 0, false}}
	if !reflect.DeepEqual(cells, want) || deeper != 1 {
		t.Errorf("Cells(3) = %v, %d deeper; want %v, 1", cells, deeper, want)
	}
}

// FuzzParse checks that Parse never panics, that an error names a line
// and column inside the text, and that what it reads is consistent:
// every FEN reads with core.ParseFEN to the position kept, and the counts
// are in depth order, each depth once, in range.
func FuzzParse(f *testing.F) {
	f.Add("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n")
	f.Add("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - D1 14; D2 191; id \"position 3\";")
	f.Add("# c\r\n\r\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;D5 4,865,609;D1 20")
	f.Add("8/8/8/8/8/8/8/K1k5 w ;D1 3")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse(text)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Msg == "" {
				t.Fatalf("Parse(%q): %#v", text, err)
			}
			lines := strings.Count(text, "\n") + 1
			if e.Line < 0 || e.Line > lines || e.Column < 0 || e.Column > len(e.Text)+1 {
				t.Fatalf("Parse(%q): line %d, column %d outside the text (%d lines, line %q)", text, e.Line, e.Column, lines, e.Text)
			}
			return
		}
		for _, p := range s.Positions {
			pos, err := core.ParseFEN(p.FEN)
			if err != nil || pos != p.Position {
				t.Fatalf("line %d: FEN %q reads as %v", p.Line, p.FEN, err)
			}
			for i, c := range p.Counts {
				if c.Depth < 1 || c.Depth > MaxDepth || i > 0 && c.Depth <= p.Counts[i-1].Depth {
					t.Fatalf("line %d: counts %v", p.Line, p.Counts)
				}
			}
		}
	})
}
