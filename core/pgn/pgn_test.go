package pgn

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/internal/corpus"
)

// botvinnikSpielmann is Botvinnik–Spielmann, Moscow 1935, as given in
// the issue "Game stepping" (movetext only).
const botvinnikSpielmann = "1.c4 c6 2.e4 d5 3.exd5 cxd5 4.d4 Nf6 5.Nc3 Nc6 6.Bg5 Qb6 7.cxd5 Qxb2 8.Rc1 Nb4 9.Na4 Qxa2 10.Bc4 Bg4 11.Nf3 Bxf3 12.gxf3 1-0"

// botvinnikSpielmannFinal is the position after 12.gxf3, worked out by
// hand from the moves:
//
//   - White: Ra1 went to c1 (8.Rc1); the knights to a4 (5.Nc3, 9.Na4) and
//     f3, where it was taken (11.Nf3 Bxf3); the bishops to g5 (6.Bg5) and c4
//     (10.Bc4); Qd1, Ke1 and Rh1 never moved. Pawns: a2 and b2 were taken
//     (9...Qxa2, 7...Qxb2), c4 took on d5 (7.cxd5), d2 went to d4, the
//     e-pawn took on d5 and was taken there (3.exd5 cxd5), g2 took on f3;
//     f2 and h2 never moved. So d4, d5, f2, f3, h2.
//   - Black: Ra8, Ke8, Bf8 and Rh8 never moved; Qd8–b6–b2–a2, Nb8–c6–b4,
//     Ng8–f6, and Bc8–g4–f3, where it was taken. Pawns: the c- and d-pawns
//     are gone (3.exd5, 7.cxd5); a7, b7, e7, f7, g7, h7 remain.
//   - Black to move; White keeps K (Ke1, Rh1 at home) but not Q (Ra1
//     moved); Black keeps kq; no double push last; the halfmove clock is 0
//     after a capture; Black's 12th move is next.
const botvinnikSpielmannFinal = "r3kb1r/pp2pppp/5n2/3P2B1/NnBP4/5P2/q4P1P/2RQK2R b Kkq - 0 12"

func TestParsePGNBotvinnikSpielmann(t *testing.T) {
	games, err := Parse(botvinnikSpielmann)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if len(games) != 1 {
		t.Fatalf("Parse: %d games, want 1", len(games))
	}
	g := &games[0]
	if len(g.Moves) != 23 || g.Result != "1-0" || len(g.Tags) != 0 {
		t.Errorf("Parse: %d moves, result %q, %d tags; want 23, \"1-0\", 0", len(g.Moves), g.Result, len(g.Tags))
	}
	if g.Start.FEN() != core.StartFEN {
		t.Errorf("Start = %s, want the start position", g.Start.FEN())
	}
	final := g.PositionAt(len(g.Moves))
	coretest.CheckInvariants(t, &final)
	if got := final.FEN(); got != botvinnikSpielmannFinal {
		t.Errorf("final FEN = %q, want %q", got, botvinnikSpielmannFinal)
	}
	// Each move as written is the canonical SAN, and its position in the
	// text is where the text has it.
	p := g.Start
	for i, gm := range g.Moves {
		if want := SAN(&p, gm.Move); gm.SAN != want {
			t.Errorf("move %d: SAN %q, want %q", i+1, gm.SAN, want)
		}
		if gm.Line != 1 || !strings.HasPrefix(botvinnikSpielmann[gm.Col-1:], gm.SAN) {
			t.Errorf("move %d (%s): at line %d, column %d, which is not where the text has it", i+1, gm.SAN, gm.Line, gm.Col)
		}
		p.Play(gm.Move)
	}
	if after6 := g.PositionAt(6); after6.FEN() != "rnbqkbnr/pp2pppp/8/3p4/2P5/8/PP1P1PPP/RNBQKBNR w KQkq - 0 4" {
		t.Errorf("PositionAt(6) = %s, want the position after 3...cxd5", after6.FEN())
	}
	if g.PositionAt(-1) != g.Start || g.PositionAt(99) != final {
		t.Error("PositionAt does not clamp ply to 0..len(Moves)")
	}
}

// TestParsePGNSyntax checks each part of the movetext syntax that is
// skipped or read: tags (with escapes), comments of both kinds, escape
// lines, NAGs, annotation marks, nested variations, move numbers in all
// their forms, results, several games, SetUp/FEN, and a byte order mark.
func TestParsePGNSyntax(t *testing.T) {
	tests := []struct {
		name, pgn string
		games     []string // per game: its UCI moves, then " | " and the result
		check     func(t *testing.T, games []Game)
	}{
		{"empty", "", nil, nil},
		{"only white space and comments", " \n{a comment}\n; another\n% escape\n", nil, nil},
		{"no tags, no result", "1. e4 e5", []string{"e2e4 e7e5 | *"}, nil},
		{"UCI moves", "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 f6e4 *", []string{"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f6e4 | *"}, nil},
		{"UCI and SAN mixed, with a promotion", "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a7a8q Kg6 2. Qa8b8 *",
			[]string{"a7a8q h7g6 a8b8 | *"}, nil},
		{"result only", "*", []string{" | *"}, nil},
		{"comments", "1. e4 {best by test} e5 ; the reply\n2. Nf3 {braces do not nest: { is text} *",
			[]string{"e2e4 e7e5 g1f3 | *"}, nil},
		{"comment containing parentheses and semicolons", "1. e4 {see (a) and ; b} e5 *", []string{"e2e4 e7e5 | *"}, nil},
		{"escape line", "% exported by a program\n1. d4 *", []string{"d2d4 | *"}, nil},
		{"NAGs and annotation marks", "1. e4 $1 e5 $2 2. Nf3!? Nc6 ! 3. Bb5?! $13 *",
			[]string{"e2e4 e7e5 g1f3 b8c6 f1b5 | *"},
			func(t *testing.T, games []Game) {
				if got := games[0].Moves[2].SAN; got != "Nf3!?" {
					t.Errorf("SAN as written = %q, want \"Nf3!?\"", got)
				}
			}},
		{"nested variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4 {(}) 2. c4) 1... e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 1-0",
			[]string{"e2e4 e7e5 g1f3 | 1-0"}, nil},
		{"move numbers", "1.e4 e5 2. Nf3 2... Nc6 3.Bb5 3...a6 4 Ba4 ... Nf6 *",
			[]string{"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 | *"}, nil},
		{"castling with zeros and letters", "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 O-O *",
			[]string{"e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1 e8g8 | *"}, nil},
		{"results", "1. e4 1-0 1. d4 0-1 1. c4 1/2-1/2 1. Nf3 *",
			[]string{"e2e4 | 1-0", "d2d4 | 0-1", "c2c4 | 1/2-1/2", "g1f3 | *"}, nil},
		{"result from the tag when the movetext has none", "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4#\n\n[Result \"1-0\"]\n1. e4",
			[]string{"f2f3 e7e5 g2g4 d8h4 | 0-1", "e2e4 | 1-0"}, nil},
		{"tags", "[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n[White \"Fischer, Robert J.\"]\n[Black \"a \\\"quoted\\\" name \\\\ \"]\n[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2",
			[]string{"e2e4 | 1/2-1/2"},
			func(t *testing.T, games []Game) {
				g := &games[0]
				if len(g.Tags) != 5 || g.Tags[0] != (Tag{"Event", "F/S Return Match"}) || g.Tag("White") != "Fischer, Robert J." {
					t.Errorf("Tags = %q", g.Tags)
				}
				if got := g.Tag("Black"); got != `a "quoted" name \ ` {
					t.Errorf("Tag(Black) = %q, want the escapes undone", got)
				}
				if got := g.Tag("Round"); got != "" {
					t.Errorf("Tag(Round) = %q, want \"\" for a missing tag", got)
				}
			}},
		{"tags with spaces inside the brackets", "[ Event   \"x\" ]\n*", []string{" | *"}, nil},
		{"SetUp and FEN", "[SetUp \"1\"]\n[FEN \"" + corpus.Kiwipete + "\"]\n\n1. O-O-O O-O *",
			[]string{"e1c1 e8g8 | *"},
			func(t *testing.T, games []Game) {
				if games[0].Start.FEN() != corpus.Kiwipete {
					t.Errorf("Start = %s, want %s", games[0].Start.FEN(), corpus.Kiwipete)
				}
			}},
		{"FEN without SetUp", "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 1\"]\n1... Kd7 2. O-O *", []string{"e8d7 e1g1 | *"}, nil},
		{"FEN with SetUp 0 is ignored", "[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 1\"]\n1. e4 *", []string{"e2e4 | *"}, nil},
		{"byte order mark", "\uFEFF[Event \"x\"]\n1. e4 *", []string{"e2e4 | *"}, nil},
		{"CRLF line ends", "[Event \"x\"]\r\n\r\n1. e4 e5\r\n2. Nf3 *\r\n", []string{"e2e4 e7e5 g1f3 | *"}, nil},
		{"a game after one without a result", "1. e4 e5\n\n[Event \"2\"]\n1. d4 *", []string{"e2e4 e7e5 | *", "d2d4 | *"}, nil},
		{"tokens after the last result", "1. e4 * {trailing comment}\n", []string{"e2e4 | *"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Parse(tt.pgn)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.pgn, err)
			}
			if len(games) != len(tt.games) {
				t.Fatalf("Parse(%q): %d games, want %d", tt.pgn, len(games), len(tt.games))
			}
			for i, want := range tt.games {
				if got := gameSummary(&games[i]); got != want {
					t.Errorf("Parse(%q) game %d = %q, want %q", tt.pgn, i+1, got, want)
				}
			}
			if tt.check != nil {
				tt.check(t, games)
			}
		})
	}
}

// gameSummary returns a game's moves in UCI, then " | " and its result.
func gameSummary(g *Game) string {
	var b strings.Builder
	for i, m := range g.Moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.Move.UCI())
	}
	return b.String() + " | " + g.Result
}

// TestParsePGNErrors checks that malformed PGN gives a *Error at the
// right line and column, of the right kind, and the games read before the
// fault.
func TestParsePGNErrors(t *testing.T) {
	tests := []struct {
		name, pgn string
		line, col int
		kind      error
		msg       string
		games     []string // the partial games returned, as gameSummary writes them
	}{
		{"illegal move", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nc6 *", 3, 13, core.ErrIllegalMove,
			"white's move 2: no legal move matches Ke3", []string{"e2e4 e7e5 | *"}},
		{"illegal move after an attached move number", "1.e4 e5 2.Bb6", 1, 11, core.ErrIllegalMove,
			"no legal move matches Bb6", []string{"e2e4 e7e5 | *"}},
		{"illegal black move", "1. e4 e5\n2. Nf3 Nc6\n3. Bc4 Nf6\n4. Ng5 Bxc4\n", 4, 8, core.ErrIllegalMove,
			"black's move 4: no legal move matches Bxc4", []string{"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5 | *"}},
		{"ambiguous move", "[FEN \"" + twoKnightsFEN + "\"]\n[SetUp \"1\"]\n\n1. Nd2 *", 4, 4, core.ErrAmbiguousMove,
			"ambiguous: Nbd2 or Nfd2", []string{" | *"}},
		{"not SAN", "1. e4 e5 2. Nf9", 1, 13, core.ErrMoveSyntax, `"Nf9" is not SAN`, []string{"e2e4 e7e5 | *"}},
		{"null move", "1. e4 -- 2. d4", 1, 7, core.ErrIllegalMove, "null move", []string{"e2e4 | *"}},
		{"column counts characters, not bytes", "{é} 1. e4 e5 2. Qxf7 *", 1, 17, core.ErrIllegalMove,
			"no legal move matches Qxf7", []string{"e2e4 e7e5 | *"}},
		{"unterminated comment", "1. e4 {a comment\nthat never ends\n", 1, 7, ErrSyntax,
			"unterminated comment", []string{"e2e4 | *"}},
		{"unterminated variation", "1. e4 (1. d4 d5 2. c4 e5 *", 1, 7, ErrSyntax,
			"unterminated variation", []string{"e2e4 | *"}},
		{"unterminated variation before the next game", "1. e4 (1. d4\n\n[Event \"2\"]\n1. e4 *", 1, 7, ErrSyntax,
			"unterminated variation", []string{"e2e4 | *"}},
		{"closing parenthesis without variation", "1. e4 e5) 2. Nf3 *", 1, 9, ErrSyntax,
			"')' closes no variation", []string{"e2e4 e7e5 | *"}},
		{"stray closing brace", "1. e4 } e5", 1, 7, ErrSyntax, "'}' outside a comment or tag pair", []string{"e2e4 | *"}},
		{"NAG without a number", "1. e4 $ e5", 1, 7, ErrSyntax, "'$' must be followed by a number", []string{"e2e4 | *"}},
		{"bad move number", "1. e4 e5 2x Nf3", 1, 10, ErrSyntax, "neither a move number nor a move", []string{"e2e4 e7e5 | *"}},
		{"tag value not quoted", "[Event \"Casual\"]\n[Site Moscow]\n\n1. e4 *", 2, 7, ErrSyntax,
			"tag Site needs a value in double quotes", nil},
		{"tag value not terminated", "[Event \"Casual]\n1. e4 *", 1, 8, ErrSyntax,
			"unterminated string: the value of tag Event", nil},
		{"tag without ']'", "[Event \"Casual\"\n1. e4 *", 1, 16, ErrSyntax, "tag pair Event must end with ']'", nil},
		{"tag without a name", "[\"Casual\"]\n1. e4 *", 1, 2, ErrSyntax, "a tag name", nil},
		{"bad FEN tag", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/9 w - - 0 1\"]\n\n1. e4 *", 2, 21, core.ErrFENSyntax,
			"FEN tag: '9' is not a piece letter", nil},
		{"bad FEN tag in a game without moves", "[FEN \"8/8/8/8/8/8/8/8 x - - 0 1\"]", 1, 23, core.ErrFENSyntax,
			"FEN tag: active color", nil},
		{"illegal UCI move", "1. e2e4 e7e5 2. g1f5 *", 1, 17, core.ErrIllegalMove,
			"white's move 2: no legal move matches g1f5 (read as a UCI move: from g1 to f5)", []string{"e2e4 e7e5 | *"}},
		{"UCI move of the wrong side", "1. e2e4 e7e5\n2. g1f3 e1e2", 2, 9, core.ErrIllegalMove,
			"black's move 2: no legal move e1e2: e1 holds a white piece, but it is black's move", []string{"e2e4 e7e5 g1f3 | *"}},
		{"error in the second game", "[Event \"1\"]\n1. e4 e5 1-0\n\n[Event \"2\"]\n1. d4 d5 2. Bxd5 *", 5, 13, core.ErrIllegalMove,
			"no legal move matches Bxd5", []string{"e2e4 e7e5 | 1-0", "d2d4 d7d5 | *"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Parse(tt.pgn)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error = %v, want a *Error", tt.pgn, err)
			}
			if pe.Line != tt.line || pe.Col != tt.col || !errors.Is(err, tt.kind) || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("Parse(%q) error at line %d, column %d: %q (%v); want line %d, column %d, kind %v, a message containing %q",
					tt.pgn, pe.Line, pe.Col, pe.Msg, pe.Err, tt.line, tt.col, tt.kind, tt.msg)
			}
			if line, col := lineCol(tt.pgn, pe.Offset); line != pe.Line || col != pe.Col {
				t.Errorf("Parse(%q): Offset %d is at line %d, column %d, but the error says %d, %d", tt.pgn, pe.Offset, line, col, pe.Line, pe.Col)
			}
			if want := "PGN line " + strconv.Itoa(tt.line) + ", column " + strconv.Itoa(tt.col) + ": "; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("Error() = %q, want it to start %q", err.Error(), want)
			}
			if pe.Game != max(len(tt.games), 1) {
				t.Errorf("error in game %d, want %d", pe.Game, max(len(tt.games), 1))
			}
			if len(games) != len(tt.games) {
				t.Fatalf("Parse(%q) returned %d games with the error, want %d", tt.pgn, len(games), len(tt.games))
			}
			for i, want := range tt.games {
				if got := gameSummary(&games[i]); got != want {
					t.Errorf("partial game %d = %q, want %q", i+1, got, want)
				}
			}
		})
	}
}

// lineCol returns the 1-based line and column (in characters) of offset
// off of s, counted independently of the parser.
func lineCol(s string, off int) (line, col int) {
	before := s[:off]
	line = strings.Count(before, "\n") + 1
	return line, len([]rune(before[strings.LastIndexByte(before, '\n')+1:])) + 1
}

// TestParsePGNFile imports testdata/games.pgn (the six games of
// Kasparov–Deep Blue 1997; see testdata/SOURCES.md): every game must read
// without error, with as many plies as its PlyCount tag, the result of
// its Result tag, moves written in canonical SAN, and a consistent final
// position.
func TestParsePGNFile(t *testing.T) {
	text := corpus.ReadFile(t, "games.pgn")
	games, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(games.pgn): %v", err)
	}
	if len(games) != 6 {
		t.Fatalf("games.pgn: %d games, want 6", len(games))
	}
	for i, g := range games {
		name := "game " + strconv.Itoa(i+1) + " (" + g.Tag("White") + "–" + g.Tag("Black") + ")"
		if plies, _ := strconv.Atoi(g.Tag("PlyCount")); len(g.Moves) != plies {
			t.Errorf("%s: %d plies, but PlyCount is %d", name, len(g.Moves), plies)
		}
		if g.Result != g.Tag("Result") {
			t.Errorf("%s: result %q, but the Result tag is %q", name, g.Result, g.Tag("Result"))
		}
		p := g.Start
		for _, gm := range g.Moves {
			if want := SAN(&p, gm.Move); gm.SAN != want {
				t.Errorf("%s, line %d: %q is written for %s", name, gm.Line, gm.SAN, want)
			}
			p.Play(gm.Move)
			coretest.CheckInvariants(t, &p)
		}
		if p != g.PositionAt(len(g.Moves)) {
			t.Errorf("%s: PositionAt(len(Moves)) differs from the replayed position", name)
		}
		t.Logf("%s: %d plies, %s, final %s", name, len(g.Moves), g.Result, p.FEN())
	}
}

// FuzzParsePGN checks that Parse never panics, that every error is a
// *Error inside the text, and that every game returned (complete or
// partial) replays legally from its start position.
func FuzzParsePGN(f *testing.F) {
	f.Add(botvinnikSpielmann)
	f.Add(corpus.ReadFile(f, "games.pgn"))
	f.Add("[Event \"x\"]\n[FEN \"" + corpus.Kiwipete + "\"]\n1. O-O-O {c} (1. O-O $1) O-O 2. Kb1 ; end\n% esc\n*")
	f.Add("1. e4 (1. d4 {(} ) e5 2. Nf3!? Nc6?! 3. Bb5 a6 1/2-1/2\n\n1... e5")
	f.Add("{unterminated")
	f.Add("[Event \"unterminated]\n")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Parse(text)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 || pe.Offset < 0 || pe.Offset > len(text) || pe.Msg == "" || pe.Game < 1 {
				t.Fatalf("Parse(%q) error %#v", text, err)
			}
		}
		for _, g := range games {
			p := g.Start
			coretest.CheckInvariants(t, &p)
			for _, gm := range g.Moves {
				legal := false
				for _, m := range p.LegalMoves(nil) {
					legal = legal || m == gm.Move
				}
				if !legal {
					t.Fatalf("Parse(%q): %q (%v) is not legal in %s", text, gm.SAN, gm.Move, p.FEN())
				}
				p.Play(gm.Move)
			}
			switch g.Result {
			case "1-0", "0-1", "1/2-1/2", "*":
			default:
				t.Fatalf("Parse(%q): result %q", text, g.Result)
			}
		}
	})
}

func BenchmarkParsePGN(b *testing.B) {
	text := corpus.ReadFile(b, "games.pgn")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParsePGNChess960: a Chess960 game (its FEN in Shredder-FEN, as
// engines' PGN writes it) imports, castling as O-O and O-O-O whichever
// files its king and rooks start on, king-takes-rook in UCI.
func TestParsePGNChess960(t *testing.T) {
	const text = `[Event "960"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"]

1. O-O O-O-O 2. Rbd1 Kb8 *
`
	games, err := Parse(text)
	if err != nil || len(games) != 1 {
		t.Fatalf("Parse = %v, %v", games, err)
	}
	g := games[0]
	var uci, san []string
	for i, m := range g.Moves {
		uci = append(uci, m.Move.UCIChess960())
		pos := g.PositionAt(i)
		san = append(san, SAN(&pos, m.Move))
	}
	if got := strings.Join(uci, " "); got != "e1g1 e8b8 b1d1 c8b8" {
		t.Errorf("moves %s, want e1g1 e8b8 b1d1 c8b8", got)
	}
	if got := strings.Join(san, " "); got != "O-O O-O-O Rbd1 Kb8" {
		t.Errorf("SAN %s", got)
	}
	if fen := g.PositionAt(len(g.Moves)); fen.FEN() != "1k1r2r1/pppppppp/8/8/8/8/PPPPPPPP/3R1RK1 w - - 4 3" {
		t.Errorf("final position %s", fen.FEN())
	}
}
