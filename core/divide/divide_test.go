package divide

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/divide/dividetest"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// stockfishStart3 is Stockfish's "go perft 3" from the start position
// (abridged to three moves).
const stockfishStart3 = `go perft 3
a2a3: 380
b2b3: 420
g1f3: 440

Nodes searched: 1240
`

// qperftStart2 is qperft's output for "perft 2 -2" (abridged): a board
// diagram, then a block of split lines per depth.
const qperftStart2 = ` - - r n b q k b n r - -
Quick Perft by H.G. Muller
Perft mode: No hashing, bulk counting in horizon nodes

perft( 1)=           20 ( 0.000 sec)
2. a2a3 moves =         20 ( 0.000 sec)
2. e2e4 moves =         20 ( 0.000 sec)
perft( 2)=           40 ( 0.000 sec)
`

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		moves []Count
		total uint64 // with hasTotal
		has   bool
		skip  []int // the lines skipped
	}{
		{"stockfish", stockfishStart3, []Count{{"a2a3", 380, 2}, {"b2b3", 420, 3}, {"g1f3", 440, 4}}, 1240, true, []int{1}},
		{"qperft", qperftStart2, []Count{{"a2a3", 20, 6}, {"e2e4", 20, 7}}, 40, true, []int{1, 2, 3}},
		{"qperft deeper split", "3. e2e4 e7e5 moves = 29 (0.000 sec)\n2. e2e4 moves = 600 (0.001 sec)", []Count{{"e2e4", 600, 2}}, 0, false, []int{1}},
		{"qperft new block without total", "perft( 1)= 2\n2. a2a3 moves = 20\nperft( 2)= 20\n2. a2a3 moves = 380", []Count{{"a2a3", 380, 4}}, 0, false, nil},
		{"plain", "e2e4 20\r\ne7e8q - 3\r\nb1c3=7\nd2d4 : 1,234,567 (0.1 s)", []Count{{"e2e4", 20, 1}, {"e7e8q", 3, 2}, {"b1c3", 7, 3}, {"d2d4", 1234567, 4}}, 0, false, nil},
		{"piece letters and case", "Nb1c3 3926684340\nPe2e4 8102108221\nE7E8N: 5\nn = 84,998,978,956", []Count{{"b1c3", 3926684340, 1}, {"e2e4", 8102108221, 2}, {"e7e8n", 5, 3}}, 84998978956, true, nil},
		{"roce", "roce: divide 5\nd7e7 203075\nMoves: 24\nNodes: 3605103", []Count{{"d7e7", 203075, 2}}, 3605103, true, []int{1}},
		{"info string", "info string a2a3 581905\ninfo string total 581905", []Count{{"a2a3", 581905, 1}}, 581905, true, nil},
		{"numbered list", "1. e2e4: 20\n2) d2d4: 20", []Count{{"e2e4", 20, 1}}, 0, false, []int{2}},
		{"repeated move keeps the later count", "e2e4: 1\ne2e4: 2", []Count{{"e2e4", 2, 2}}, 0, false, []int{1}},
		{"not moves", "e2e2: 3\ne2e9 4\ne7e8k 1\ne2e4\ne2e4 x\ne2e4 -5\ne2e4 99999999999999999999\ne2e4 1,23", nil, 0, false, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{"blank and empty", "\n  \n\t\n", nil, 0, false, nil},
		// The pasted total is kept wherever it stands: the verdict compares
		// it with the sum of the moves and with Bitview's total.
		{"stockfish total among info lines", "info string NNUE evaluation using nn-1c0000000000.nnue\na2a3: 380\n\nNodes searched: 380\n\ninfo string done",
			[]Count{{"a2a3", 380, 2}}, 380, true, []int{1, 6}},
		{"total before the moves", "Total: 60\ne2e4: 20\ng1f3: 21", []Count{{"e2e4", 20, 2}, {"g1f3", 21, 3}}, 60, true, nil},
		{"total that is not the sum", "e2e4: 20\nNodes searched: 9", []Count{{"e2e4", 20, 1}}, 9, true, nil},
		{"qperft keeps the last block's total", "2. a2a3 moves = 20\nperft( 2)= 20\n2. a2a3 moves = 380\n2. e2e4 moves = 600\nperft( 3)= 980 ( 0.001 sec)",
			[]Count{{"a2a3", 380, 3}, {"e2e4", 600, 4}}, 980, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Parse(tt.text)
			if !reflect.DeepEqual(got.Moves, tt.moves) && (len(got.Moves) != 0 || len(tt.moves) != 0) {
				t.Errorf("Parse(%q).Moves = %v, want %v", tt.text, got.Moves, tt.moves)
			}
			if got.HasTotal != tt.has || got.Total != tt.total {
				t.Errorf("Parse(%q) total = %d, %v; want %d, %v", tt.text, got.Total, got.HasTotal, tt.total, tt.has)
			}
			var lines []int
			for _, s := range got.Skipped {
				lines = append(lines, s.Line)
				if s.Reason == "" || s.Text == "" {
					t.Errorf("skipped line %d: empty text or reason: %+v", s.Line, s)
				}
			}
			if !reflect.DeepEqual(lines, tt.skip) {
				t.Errorf("Parse(%q) skipped lines %v, want %v (%+v)", tt.text, lines, tt.skip, got.Skipped)
			}
		})
	}
}

func TestParseMoveCount(t *testing.T) {
	got := Parse("d7e7 1\nMoves: 24\nNodes: 3605103")
	if !got.HasMoveCount || got.MoveCount != 24 {
		t.Errorf("MoveCount = %d, %v; want 24, true", got.MoveCount, got.HasMoveCount)
	}
}

func TestParsedSum(t *testing.T) {
	tests := []struct {
		name string
		text string
		sum  uint64
		ok   bool
	}{
		{"none", "", 0, true},
		{"stockfish", stockfishStart3, 1240, true},
		{"qperft", qperftStart2, 40, true},
		{"the total is not added", "e2e4: 20\nNodes searched: 9", 20, true},
		{"largest", "e2e4: 18446744073709551614\nd2d4: 1", 18446744073709551615, true},
		{"overflow", "e2e4: 18446744073709551615\nd2d4: 1", 18446744073709551615, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sum, ok := Parse(tt.text).Sum()
			if sum != tt.sum || ok != tt.ok {
				t.Errorf("Parse(%q).Sum() = %d, %v; want %d, %v", tt.text, sum, ok, tt.sum, tt.ok)
			}
		})
	}
}

// format writes d in Stockfish's "go perft" format.
func format(d core.Division) string {
	var b strings.Builder
	for _, e := range d.Entries {
		fmt.Fprintf(&b, "%s: %d\n", e.Move.UCI(), e.Nodes)
	}
	fmt.Fprintf(&b, "\nNodes searched: %d\n", d.Nodes)
	return b.String()
}

func mustDivide(t testing.TB, p core.Position, depth int) core.Division {
	t.Helper()
	d, err := core.Divide(p, depth, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDiff(t *testing.T) {
	p := coretest.MustFEN(t, core.StartFEN)
	want := mustDivide(t, p, 2)
	if d := Diff(want, Parse(format(want))); d != nil {
		t.Fatalf("Diff of Bitview's own divide = %v, want nil", d)
	}
	text := strings.Replace(format(want), "e2e4: 20\n", "", 1)  // missing
	text = strings.Replace(text, "g1f3: 20\n", "g1f3: 21\n", 1) // wrong count
	text += "e1e2: 19\n"                                        // extra (illegal)
	got := Diff(want, Parse(text))
	wantDiff := []Difference{
		{UCI: "e1e2", Kind: Extra, Got: 19, Line: 22},
		{UCI: "e2e4", Kind: Missing, Want: 20},
		{UCI: "g1f3", Kind: WrongCount, Want: 20, Got: 21, Line: 14},
	}
	if !reflect.DeepEqual(got, wantDiff) {
		t.Errorf("Diff = %+v,\nwant %+v", got, wantDiff)
	}
	for k, s := range map[Kind]string{Missing: "missing", Extra: "extra", WrongCount: "wrong", 0: "kind(0)"} {
		if k.String() != s {
			t.Errorf("Kind(%d).String() = %q, want %q", k, k.String(), s)
		}
	}
}

// TestDiffFindsDroppedEnPassant follows the diff of a buggy engine that
// drops en passant the way a user clicks through the divide panel: play
// the first move whose count is wrong and divide one ply less deep, until
// a move is reported missing. That move must be an en passant capture,
// and the number of clicks is the figure of the closing note: at most
// depth − 1, since the missing capture is a root move once the path is one
// ply short of it.
func TestDiffFindsDroppedEnPassant(t *testing.T) {
	tests := []struct {
		name, fen string
		depth     int
		clicks    int
	}{
		// The first e.p. capture is at ply 5: a2a4 a7a6 a4a5 b7b5, then
		// a5b6 is missing.
		{"start", core.StartFEN, 5, 4},
		// a1b1 c7c5, then d5c6 is missing (a user who knows to click a2a4
		// finds b4a3 missing after 1 click).
		{"kiwipete", kiwipete, 3, 2},
		// a1b1 a6b5 a2a4, then b4a3 is missing.
		{"kiwipete-d4", kiwipete, 4, 3},
	}
	if testing.Short() {
		tests = tests[1:2]
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := coretest.MustFEN(t, tt.fen)
			var path []string
			for depth := tt.depth; depth >= 1; depth-- {
				diffs := Diff(mustDivide(t, p, depth), Parse(dividetest.NoEnPassant(p, depth)))
				if len(diffs) == 0 {
					t.Fatalf("after %v: the divides agree at depth %d", path, depth)
				}
				var wrong string
				for _, d := range diffs {
					switch d.Kind {
					case Missing:
						m, err := p.ParseUCI(d.UCI)
						if err != nil || !m.IsEnPassant() {
							t.Fatalf("after %v: missing %s is not an en passant capture", path, d.UCI)
						}
						t.Logf("%s depth %d: missing %s found after %d clicks (%s)", tt.name, tt.depth, d.UCI, len(path), strings.Join(path, " "))
						if len(path) != tt.clicks {
							t.Errorf("found after %d clicks, want %d", len(path), tt.clicks)
						}
						return
					case Extra:
						t.Fatalf("after %v: extra move %s", path, d.UCI)
					case WrongCount:
						if wrong == "" {
							wrong = d.UCI
						}
					}
				}
				m, err := p.ParseUCI(wrong)
				if err != nil {
					t.Fatal(err)
				}
				p.Play(m)
				path = append(path, wrong)
			}
			t.Fatalf("no missing move found along %v", path)
		})
	}
}

// FuzzParse checks that Parse never panics, accounts for every non-blank
// line exactly once (a count or a skipped line, or a total or move-count
// line), returns only valid lower-case UCI moves without repeats, and
// reads its own formatting of what it parsed back to the same counts.
func FuzzParse(f *testing.F) {
	f.Add(stockfishStart3)
	f.Add(qperftStart2)
	f.Add("e2e4 20\r\ne7e8q - 3\nn = 84,998,978,956\ninfo string a2a3 5")
	f.Add("3. e2e4 e7e5 moves = 29 (0.000 sec)\nperft( 3)= 8902 ( 0.001 sec)")
	f.Add("\u04352\u04354: 20\ne1h1: 1\ne1h1: 2\nｅ２ｅ４ 3")
	f.Fuzz(func(t *testing.T, text string) {
		got := Parse(text)
		seen := map[string]bool{}
		var b strings.Builder
		for _, c := range got.Moves {
			if seen[c.UCI] {
				t.Fatalf("move %s listed twice", c.UCI)
			}
			seen[c.UCI] = true
			if u, ok := moveToken(c.UCI); !ok || u != c.UCI {
				t.Fatalf("move %q is not lower-case UCI", c.UCI)
			}
			fmt.Fprintf(&b, "%s: %d\n", c.UCI, c.Nodes)
		}
		lines := 0
		for _, l := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
			if strings.TrimSpace(l) != "" {
				lines++
			}
		}
		if len(got.Moves)+len(got.Skipped) > lines {
			t.Fatalf("%d moves and %d skipped lines from %d non-blank lines", len(got.Moves), len(got.Skipped), lines)
		}
		again := Parse(b.String())
		if len(again.Skipped) != 0 || !reflect.DeepEqual(counts(again.Moves), counts(got.Moves)) {
			t.Fatalf("round trip: %v became %v (skipped %v)", got.Moves, again.Moves, again.Skipped)
		}
	})
}

// counts drops the line numbers of cs.
func counts(cs []Count) map[string]uint64 {
	m := map[string]uint64{}
	for _, c := range cs {
		m[c.UCI] = c.Nodes
	}
	return m
}

func BenchmarkParse(b *testing.B) {
	p := coretest.MustFEN(b, kiwipete)
	text := format(mustDivide(b, p, 3))
	b.ReportAllocs()
	for b.Loop() {
		sinkParsed = Parse(text)
	}
}

var sinkParsed Parsed

// TestPartial: which pastes lacking legal moves are a part of a divide
// (lines left out) and which the whole divide of a generator that misses
// moves. Kiwipete at depth 2 has 48 root moves, 2,039 leaves.
func TestPartial(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	want := mustDivide(t, p, 2)
	lines := strings.Split(strings.TrimSpace(format(want)), "\n")[:48] // the move lines
	head := strings.Join(lines[:3], "\n") + "\n"
	var sum3 uint64
	for _, e := range want.Entries[:3] {
		sum3 += e.Nodes
	}
	all47 := strings.Join(lines[1:], "\n") + "\n" // one legal move left out
	tests := []struct {
		name string
		text string
		want bool
	}{
		{"three lines, no total", head, true},
		{"three lines of Stockfish's output with its total", head + "\nNodes searched: 2039\n", true},
		{"three lines, a count of 48 moves", head + "Moves: 48\n", true},
		{"three lines, their sum as the total", head + fmt.Sprintf("Nodes searched: %d\n", sum3), false},
		{"three lines, a count of 3 moves", head + "Moves: 3\n", false},
		{"47 of 48, no total", all47, false},
		{"47 of 48, their sum as the total", all47 + fmt.Sprintf("Nodes: %d\n", want.Nodes-want.Entries[0].Nodes), false},
		{"23 of 48, no total", strings.Join(lines[:23], "\n"), true},
		{"24 of 48, no total", strings.Join(lines[:24], "\n"), false},
		{"all 48", format(want), false},
		{"all 48 with wrong counts and a wrong total", strings.ReplaceAll(format(want), ": ", ": 1"), false},
		{"three lines and an extra move, total not their sum", head + "e1e2: 5\nNodes searched: 2039\n", true},
	}
	for _, tt := range tests {
		if got := Partial(want, Parse(tt.text)); got != tt.want {
			t.Errorf("%s: Partial = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestUnread: a line that names a move but gives no count Parse can read
// is a line of a divide in an unknown format, not other output; a line of
// other output (an engine's info, a header) is not.
func TestUnread(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string // the moves of the unread lines
	}{
		{"e2e4 -> 20\nd2d4 -> 20\n\nNodes searched: 40", []string{"e2e4", "d2d4"}},
		{"e2e4\n", []string{"e2e4"}},
		{"2. e2e4 moves = many\n", []string{"e2e4"}},
		{"info depth 1 pv e2e4\nPerft 3\ne2e4: 20\n\nNodes searched: 20", nil},
		{"bestmove e2e4", nil},
	} {
		var got []string
		for _, s := range Parse(tt.text).Unread() {
			got = append(got, s.Move)
		}
		if len(got) != len(tt.want) || len(got) > 0 && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q).Unread() names %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestParseLookAlike: a move written with letters or digits of another
// script that look like ASCII is skipped as one that names a move
// (Unread), never as other output.
func TestParseLookAlike(t *testing.T) {
	tests := []struct {
		text, move, reason string // move "" when the line is plain other output
	}{
		{"\u04352\u04354: 20", "\u04352\u04354", "'е' (U+0435) is not ASCII"},         // Cyrillic е
		{"ｅ２ｅ４ 20", "ｅ２ｅ４", "'ｅ' (U+FF45), '２' (U+FF12), '４' (U+FF14) are not ASCII"}, // fullwidth
		{"N\u04331f3: 5", "N\u04331f3", "'г' (U+0433) is not ASCII"},                  // a piece letter, then Cyrillic г for g
		{"e7e8\u0431: 1", "e7e8\u0431", "'б' (U+0431) is not ASCII"},                  // a Cyrillic promotion letter
		{"Ünicode: 3", "", "no move and count"},
		{"é: 3", "", "no move and count"},
	}
	for _, tt := range tests {
		got := Parse(tt.text + "\n")
		if len(got.Moves) != 0 || len(got.Skipped) != 1 {
			t.Fatalf("Parse(%q) = %+v", tt.text, got)
		}
		s := got.Skipped[0]
		if s.Move != tt.move || s.LookAlike != (tt.move != "") || !strings.Contains(s.Reason, tt.reason) || len(got.Unread()) != len(tt.move)/max(1, len(tt.move)) {
			t.Errorf("Parse(%q) skipped %+v, want move %q and a reason with %q", tt.text, s, tt.move, tt.reason)
		}
	}
}

// TestDiffRepeated: a move listed twice is a difference of its own, one
// per earlier line, and both lines count in the sum.
func TestDiffRepeated(t *testing.T) {
	want := mustDivide(t, coretest.MustFEN(t, core.StartFEN), 1)
	text := format(want)
	got := Parse("a2a3: 1\n" + text)
	diffs := Diff(want, got)
	if len(diffs) != 1 || diffs[0] != (Difference{UCI: "a2a3", Kind: Repeated, Got: 1, Line: 1}) {
		t.Errorf("Diff = %+v, want a2a3 repeated on line 1", diffs)
	}
	if sum, ok := got.Sum(); !ok || sum != 21 || Partial(want, got) {
		t.Errorf("Sum = %d, %v; Partial %v", sum, ok, Partial(want, got))
	}
	if Repeated.String() != "repeated" {
		t.Errorf("Repeated.String() = %q", Repeated.String())
	}
}

// TestDiffNotation: castling in the other of UCI's notations is compared
// as the move it names where no other move is written so, and named by
// Renamed.
func TestDiffNotation(t *testing.T) {
	const standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	want := mustDivide(t, coretest.MustFEN(t, standard), 1)
	kxr := strings.NewReplacer("e1g1", "e1h1", "e1c1", "e1a1").Replace(format(want))
	got := Parse(kxr)
	if diffs := Diff(want, got); diffs != nil {
		t.Errorf("Diff of king-takes-rook castling = %+v, want nil", diffs)
	}
	if r := Renamed(want, got); len(r) != 2 || r[0] != (Rename{UCI: "e1c1", Written: "e1a1", Line: r[0].Line}) || r[1].UCI != "e1g1" || r[1].Written != "e1h1" {
		t.Errorf("Renamed = %+v", r)
	}
	wrong := Parse(strings.Replace(kxr, "e1h1: 1", "e1h1: 3", 1))
	if diffs := Diff(want, wrong); len(diffs) != 1 || diffs[0].UCI != "e1g1" || diffs[0].Kind != WrongCount || diffs[0].Written != "e1h1" {
		t.Errorf("Diff of a wrong king-takes-rook count = %+v", diffs)
	}

	// A Chess960 division writes castling king-takes-rook; the king's
	// move is read for it where no plain king move is written so.
	const c960 = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"
	want = mustDivide(t, coretest.MustFEN(t, c960), 1)
	if !want.Chess960 {
		t.Fatal("the division of a Chess960 position is not in Chess960's notation")
	}
	king := strings.Replace(format(want), "e1b1", "e1c1", 1)
	if diffs, r := Diff(want, Parse(king)), Renamed(want, Parse(king)); diffs != nil || len(r) != 1 || r[0].UCI != "e1b1" || r[0].Written != "e1c1" {
		t.Errorf("the king's move for Chess960 castling: Diff %+v, Renamed %+v", diffs, r)
	}

	// King f1, rooks a1 and h1 (X-FEN KQ): "f1g1" is the plain king move
	// and, in standard UCI, O-O too; Stockfish without UCI_Chess960
	// prints it twice. The second line is a repeat, and O-O (f1h1) is
	// missing: no count can be given to it.
	const f1 = "4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1"
	want = mustDivide(t, coretest.MustFEN(t, f1), 1)
	var b strings.Builder
	for _, e := range want.Entries {
		fmt.Fprintf(&b, "%s: %d\n", e.Move.UCI(), e.Nodes)
	}
	diffs := Diff(want, Parse(b.String()))
	kinds := map[string]Kind{}
	for _, df := range diffs {
		kinds[df.UCI] = df.Kind
	}
	if len(diffs) != 2 || kinds["f1g1"] != Repeated || kinds["f1h1"] != Missing {
		t.Errorf("f1g1 twice: Diff = %+v, want f1g1 repeated and f1h1 missing", diffs)
	}
}

// TestChess960Notation: a division rewritten in Chess960's UCI, sorted in
// that notation's order.
func TestChess960Notation(t *testing.T) {
	d := mustDivide(t, coretest.MustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), 1)
	c := Chess960Notation(d)
	var names []string
	for _, e := range c.Entries {
		names = append(names, c.UCI(e.Move))
	}
	if !c.Chess960 || d.Chess960 || !slices.IsSorted(names) || !slices.Contains(names, "e1h1") || slices.Contains(names, "e1g1") || &c.Entries[0] == &d.Entries[0] {
		t.Errorf("Chess960Notation: %v", names)
	}
}
