package core

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// chess960Placement returns the back rank of Chess960 start position n
// (0–959) in the standard numbering (Reinhard Scharnagl's; SP 518 is the
// standard RNBQKBNR), from its rule: n mod 4 places the light-square
// bishop on b, d, f or h; the next digit base 4 the dark-square bishop on
// a, c, e or g; the next base 6 the queen on the empty squares; the rest
// (0–9) the two knights on the five left; the king stands between the
// rooks on the last three.
func chess960Placement(n int) string {
	var rank [8]byte
	rank[1+2*(n%4)] = 'B'
	n /= 4
	rank[2*(n%4)] = 'B'
	n /= 4
	empty := func() []int {
		var e []int
		for i, c := range rank {
			if c == 0 {
				e = append(e, i)
			}
		}
		return e
	}
	rank[empty()[n%6]] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	e := empty()
	rank[e[knights[0]]], rank[e[knights[1]]] = 'N', 'N'
	for i, sq := range empty() {
		rank[sq] = "RKR"[i]
	}
	return string(rank[:])
}

// A suiteLine is one position of an EPD perft suite: its FEN, its counts
// by depth (counts[0] is depth 1) and its id.
type suiteLine struct {
	line   int
	fen    string
	counts []uint64
	id     string
}

// readSuite reads an EPD perft suite of testdata ("FEN ;D1 n ;D2 n … ;id
// \"…\"", one position a line).
func readSuite(t testing.TB, name string) []suiteLine {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []suiteLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		ops := strings.Split(sc.Text(), ";")
		l := suiteLine{line: n, fen: strings.TrimSpace(ops[0])}
		for _, op := range ops[1:] {
			key, val, _ := strings.Cut(strings.TrimSpace(op), " ")
			switch {
			case key == "id":
				l.id = strings.Trim(val, `"`)
			case len(key) > 1 && key[0] == 'D':
				depth, err1 := strconv.Atoi(key[1:])
				nodes, err2 := strconv.ParseUint(val, 10, 64)
				if err1 != nil || err2 != nil || depth != len(l.counts)+1 {
					t.Fatalf("%s:%d: bad opcode %q", name, n, op)
				}
				l.counts = append(l.counts, nodes)
			}
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// chess960Depth is the deepest depth TestPerftChess960 checks for every
// position: 3 by default, 1 with -short; BITVIEW_PERFT960_DEPTH=6 runs
// all the published counts (about 30 minutes).
func chess960Depth(t *testing.T) int {
	if s := os.Getenv("BITVIEW_PERFT960_DEPTH"); s != "" {
		d, err := strconv.Atoi(s)
		if err != nil || d < 1 {
			t.Fatalf("BITVIEW_PERFT960_DEPTH=%q: give a depth from 1", s)
		}
		return d
	}
	if testing.Short() {
		return 1
	}
	return 3
}

// TestPerftChess960 checks the published perft counts of the 960 Chess960
// start positions (testdata/chess960.epd) and of 960 positions from
// Chess960 games, most with castling rights reduced (testdata/
// chess960-fischer.epd); see testdata/SOURCES.md. Every position to
// chess960Depth, and every 48th (20 of each file) one depth deeper.
func TestPerftChess960(t *testing.T) {
	depth := chess960Depth(t)
	for _, file := range []string{"chess960.epd", "chess960-fischer.epd"} {
		lines := readSuite(t, file)
		if len(lines) != 960 {
			t.Fatalf("%s has %d positions, want 960", file, len(lines))
		}
		var nodes uint64
		start := time.Now()
		for i, l := range lines {
			p, err := ParseFEN(l.fen)
			if err != nil {
				t.Fatalf("%s:%d: %v", file, l.line, err)
			}
			// The FEN round trip in both notations written; Shredder-FEN's
			// is the source's own text.
			for _, n := range []CastlingNotation{XFEN, ShredderFEN} {
				if again, err := ParseFEN(p.FENIn(n)); err != nil || again != p {
					t.Errorf("%s:%d: %s %q does not read back: %v", file, l.line, n, p.FENIn(n), err)
				}
			}
			if got := p.FENIn(ShredderFEN); !strings.HasPrefix(got, l.fen+" ") {
				t.Errorf("%s:%d: FENIn(ShredderFEN) = %q, want %q", file, l.line, got, l.fen)
			}
			d := depth
			if i%48 == 0 {
				d++
			}
			for depth, want := range l.counts[:min(d, len(l.counts))] {
				if got := Perft(p, depth+1); got != want {
					t.Errorf("%s:%d (%s): Perft(%q, %d) = %d, want %d", file, l.line, l.id, l.fen, depth+1, got, want)
				}
				nodes += want
			}
		}
		t.Logf("%s: %d nodes in %v", file, nodes, time.Since(start).Round(time.Millisecond))
	}
}

// TestChess960StartPositions checks testdata/chess960.epd against the
// numbering of the start positions (each of the 960 once, in order) and
// the FEN round trip of every start position in the three castling
// notations: its source's Shredder-FEN ("HFhf"), X-FEN (which is "KQkq"
// for every start position: both rooks are the outermost) and KQkq read
// back to the same Position, and written back as each.
func TestChess960StartPositions(t *testing.T) {
	lines := readSuite(t, "chess960.epd")
	for n, l := range lines {
		rank := chess960Placement(n)
		if sp, ok := Chess960Start(n); !ok || sp.FEN() != strings.ToLower(rank)+"/pppppppp/8/8/8/8/PPPPPPPP/"+rank+" w KQkq - 0 1" {
			t.Errorf("Chess960Start(%d) = %q, %v; want %s", n, sp.FEN(), ok, rank)
		}
		wantFEN := strings.ToLower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank
		fields := strings.Fields(l.fen)
		if fields[0] != wantFEN || l.id != "SP "+strconv.Itoa(n) {
			t.Fatalf("chess960.epd:%d: %s %q, want start position %d, %s", l.line, fields[0], l.id, n, wantFEN)
		}
		shredder, err := ParseFEN(l.fen)
		if err != nil {
			t.Fatalf("SP %d: %v", n, err)
		}
		xfen, err := ParseFEN(wantFEN + " w KQkq - 0 1")
		if err != nil {
			t.Fatalf("SP %d: %v", n, err)
		}
		checkInvariants(t, &shredder)
		if shredder != xfen {
			t.Errorf("SP %d: %q and KQkq read differently: %q, %q", n, l.fen, shredder.FENIn(ShredderFEN), xfen.FENIn(ShredderFEN))
		}
		if got, want := shredder.FEN(), wantFEN+" w KQkq - 0 1"; got != want {
			t.Errorf("SP %d: FEN() = %q, want %q", n, got, want)
		}
		if got, want := shredder.FENIn(ShredderFEN), l.fen+" 0 1"; got != want {
			t.Errorf("SP %d: FENIn(ShredderFEN) = %q, want %q", n, got, want)
		}
		for _, notation := range []CastlingNotation{XFEN, ShredderFEN} {
			again, err := ParseFEN(shredder.FENIn(notation))
			if err != nil || again != shredder {
				t.Errorf("SP %d: %s %q does not read back: %v", n, notation, shredder.FENIn(notation), err)
			}
		}
		// Standard chess's castling: the king on e, the rooks in the
		// corners (18 start positions, SP 518 among them).
		standard := rank[0] == 'R' && rank[4] == 'K' && rank[7] == 'R'
		if got := shredder.Chess960(); got == standard {
			t.Errorf("SP %d (%s): Chess960() = %v", n, rank, got)
		}
		if n == 518 && shredder.FEN() != StartFEN {
			t.Errorf("SP 518 = %q, want the standard start", shredder.FEN())
		}
	}
	for _, n := range []int{-1, 960} {
		if p, ok := Chess960Start(n); ok || p != NewPosition() {
			t.Errorf("Chess960Start(%d) = %q, %v", n, p.FEN(), ok)
		}
	}
}

// The X-FEN positions of python-chess's examples/perft/tricky.perft
// (commit 29bf03e1b030f761589ace9fe75da5152853f6c4, "xfen-00" … "xfen-04",
// from talkchess t=71379), with their published counts: Chess960 castling
// written KQkq, with a rook between the king and its destination, a king
// that castles onto its rook's square, and a castling rook shielding its
// king from a queen on a1.
var xfenTricky = []struct {
	fen    string
	counts []uint64
}{
	{"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -", []uint64{23, 522, 12333, 285754}},
	{"r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq -", []uint64{28, 738, 20218, 541480}},
	{"8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q -", []uint64{34, 318, 9002, 118388}},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K -", []uint64{17, 242, 3931, 57700}},
	{"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ -", []uint64{19, 628, 12858, 405636}},
}

func TestPerftXFENTricky(t *testing.T) {
	for _, tt := range xfenTricky {
		p := mustFEN(t, tt.fen)
		if !p.Chess960() {
			t.Errorf("%s: Chess960() = false", tt.fen)
		}
		for i, want := range tt.counts {
			if got := checkedPerft(t, &p, i+1); got != want {
				t.Errorf("Perft(%q, %d) = %d, want %d", tt.fen, i+1, got, want)
			}
		}
	}
}

// TestChess960Castling checks the castling moves of Chess960 positions
// move by move: the tricky cases of its rules (FIDE Laws of Chess,
// Guidelines II "Chess960 Rules", II.3), each written as Stockfish 15.1
// with UCI_Chess960 writes them ("go perft 1").
func TestChess960Castling(t *testing.T) {
	tests := []struct {
		name, fen   string
		has, lacks  []string // UCIChess960
		king, rook  Square   // after the first of has, when it castles
		wantFEN     string   // the position after the first of has, "" to skip
		count       int      // legal moves, -1 to skip
		castlingFEN string   // the X-FEN castling field of the position
	}{
		{"king that does not move (O-O, king g1)", "4k3/8/8/8/8/8/8/R5KR w KQ - 0 1",
			[]string{"g1h1", "g1a1"}, nil, G1, F1, "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1", -1, "KQ"},
		{"king onto its rook's square (O-O, rook g1)", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1",
			[]string{"e1g1"}, nil, G1, F1, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1", -1, "K"},
		{"rook on its destination (king e1, rook d1: O-O-O)", "4k3/8/8/8/8/8/8/3RK3 w Q - 0 1",
			[]string{"e1d1"}, nil, C1, D1, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1", -1, "Q"},
		{"king and rook swap (king f1, rook g1: O-O)", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1",
			[]string{"f1g1"}, nil, G1, F1, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1", -1, "K"},
		{"king b1, rook a1: O-O-O moves the king away from its rook", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1",
			[]string{"b1a1"}, nil, C1, D1, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1", -1, "Q"},
		{"rook shields the king's destination (queen a1)", "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
			nil, []string{"d1f1", "d1b1"}, NoSquare, NoSquare, "", 19, "KQ"},
		{"rook shields the king's destination, O-O legal", "3r4/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
			[]string{"d1f1"}, []string{"d1b1"}, G1, F1, "3r4/3k4/8/8/8/8/6PP/qR3RK1 b - - 1 1", -1, "KQ"},
		{"rook shields the king's own square (king c8 stays)", "nrk1qrbb/1p2ppp1/2ppn3/Q6p/P2P3P/1P6/2P1PPP1/NRKN1RBB b KQkq - 1 2",
			nil, nil, NoSquare, NoSquare, "", -1, "KQkq"},
		{"a piece between the rook and its destination", "4k3/8/8/8/8/8/8/1RNK4 w Q - 0 1",
			nil, []string{"d1b1"}, NoSquare, NoSquare, "", -1, "Q"},
		{"the king's destination attacked", "4k1r1/8/8/8/8/8/8/1K5R w K - 0 1",
			nil, []string{"b1h1"}, NoSquare, NoSquare, "", -1, "K"},
		{"a square the king passes attacked", "4kr2/8/8/8/8/8/8/1K5R w K - 0 1",
			nil, []string{"b1h1"}, NoSquare, NoSquare, "", -1, "K"},
		{"the rook's path attacked does not matter", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
			[]string{"e1a1"}, nil, C1, D1, "1r2k3/8/8/8/8/8/8/2KR4 b - - 1 1", -1, "Q"},
		{"inner rook (X-FEN letter)", "3k4/8/8/8/8/8/8/R1K1R2R w E - 0 1",
			[]string{"c1e1"}, []string{"c1h1", "c1a1"}, G1, F1, "3k4/8/8/8/8/8/8/R4RKR b - - 1 1", -1, "E"},
		{"inner rook behind a blocked outer one", "4k3/8/8/8/8/8/8/RK1R3R w D - 0 1",
			[]string{"b1d1"}, []string{"b1h1"}, G1, F1, "4k3/8/8/8/8/8/8/R4RKR b - - 1 1", -1, "D"},
		{"black castles king-takes-rook", "1rk3r1/8/8/8/8/8/8/4K3 b kq - 0 1",
			[]string{"c8g8", "c8b8"}, nil, G8, F8, "1r3rk1/8/8/8/8/8/8/4K3 w - - 1 2", -1, "kq"},
		{"no castling out of check", "r1k4r/8/8/8/8/8/8/2R1K3 b kq - 0 1",
			nil, []string{"c8a8", "c8h8"}, NoSquare, NoSquare, "", -1, "kq"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if got := p.CastlingField(XFEN); got != tt.castlingFEN {
				t.Errorf("CastlingField(XFEN) = %q, want %q", got, tt.castlingFEN)
			}
			moves := p.LegalMoves(nil)
			var names []string
			for _, m := range moves {
				names = append(names, m.UCIChess960())
			}
			for _, s := range tt.has {
				if !slices.Contains(names, s) {
					t.Errorf("%s missing from %v", s, names)
				}
			}
			for _, s := range tt.lacks {
				if slices.Contains(names, s) {
					t.Errorf("%s is not legal but in %v", s, names)
				}
			}
			if tt.count >= 0 && len(moves) != tt.count {
				t.Errorf("%d moves, want %d", len(moves), tt.count)
			}
			// The generator against a brute force: every castling move
			// leaves the king unattacked, and Perft's checks hold below.
			checkedPerft(t, &p, 2)
			if tt.wantFEN == "" || len(tt.has) == 0 {
				return
			}
			m, err := p.ParseUCI(tt.has[0])
			if err != nil {
				t.Fatal(err)
			}
			if !m.IsCastling() || m.CastlingRook().String() != tt.has[0][2:] {
				t.Fatalf("ParseUCI(%q) = %v, castling %v rook %v", tt.has[0], m, m.IsCastling(), m.CastlingRook())
			}
			next := p
			next.Play(m)
			checkInvariants(t, &next)
			if next.FEN() != tt.wantFEN || next.PieceAt(tt.king).Type() != King || next.PieceAt(tt.rook).Type() != Rook {
				t.Errorf("after %s: %s, want %s", tt.has[0], next.FEN(), tt.wantFEN)
			}
			if std, err := p.ParseUCI(m.UCI()); err != nil || std != m && std.IsCastling() {
				t.Errorf("ParseUCI(%q) = %v, %v: the king's move reads as %v", m.UCI(), std, err, m)
			}
		})
	}
}

// TestParseUCIChess960 checks both UCI notations of castling.
func TestParseUCIChess960(t *testing.T) {
	tests := []struct {
		fen, uci   string
		castling   bool
		uci960, to string
	}{
		{StartFEN, "e2e4", false, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", true, "e1h1", "g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", true, "e1h1", "g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", true, "e1a1", "c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", true, "e8a8", "c8"},
		// f1g1 is the plain king move; castling is written f1h1.
		{"4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", "f1g1", false, "f1g1", "g1"},
		{"4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", "f1h1", true, "f1h1", "g1"},
		// The king that does not move: both spellings.
		{"4k3/8/8/8/8/8/8/R5KR w KQ - 0 1", "g1h1", true, "g1h1", "g1"},
		{"4k3/8/8/8/8/8/8/R5KR w KQ - 0 1", "g1g1", true, "g1h1", "g1"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := p.ParseUCI(tt.uci)
		if err != nil || m.IsCastling() != tt.castling || m.UCIChess960() != tt.uci960 || m.To().String() != tt.to {
			t.Errorf("%s: ParseUCI(%q) = %v (%s, castling %v), %v; want %s castling %v", tt.fen, tt.uci, m, m.UCIChess960(), m.IsCastling(), err, tt.uci960, tt.castling)
		}
	}
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, s := range []string{"e1h1q", "e1b1", "e8h8"} {
		if m, err := p.ParseUCI(s); err == nil {
			t.Errorf("ParseUCI(%q) = %v, want an error", s, m)
		}
	}
}

// TestCastlingNotations reads and writes the castling field in the three
// notations, rooks that need a letter included.
func TestCastlingNotations(t *testing.T) {
	tests := []struct {
		name, fen      string
		rooks          [4]File // by right K, Q, k, q, for those held
		xfen, shredder string  // the fields written back
		chess960       bool
	}{
		{"standard", StartFEN, [4]File{FileH, FileA, FileH, FileA}, "KQkq", "HAha", false},
		{"standard in Shredder-FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
			[4]File{FileH, FileA, FileH, FileA}, "KQkq", "HAha", false},
		{"standard in any order of files", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
			[4]File{FileH, FileA, FileH, FileA}, "KQkq", "HAha", false},
		{"no rights", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", [4]File{}, "-", "-", false},
		{"a start position in KQkq", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
			[4]File{FileH, FileF, FileH, FileF}, "KQkq", "HFhf", true},
		{"a start position in its source's order", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w FHfh - 0 1",
			[4]File{FileH, FileF, FileH, FileF}, "KQkq", "HFhf", true},
		{"inner rooks need letters in X-FEN", "r2rk2r/8/8/8/8/8/8/R2RK2R w DHdh - 0 1",
			[4]File{FileH, FileD, FileH, FileD}, "KDkd", "HDhd", true},
		{"X-FEN mixed", "r2rk2r/8/8/8/8/8/8/R2RK2R w KDkq - 0 1",
			[4]File{FileH, FileD, FileH, FileA}, "KDkq", "HDha", true},
		{"K names the g1 rook when h1 has none", "4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1",
			[4]File{FileG, FileA}, "KQ", "GA", true},
		{"a right without its rook keeps the corner", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
			[4]File{FileH, FileA, FileH, FileA}, "KQkq", "HAha", false},
		{"a right the board cannot have, by file", "4k3/8/8/8/8/8/8/4K3 w Gb - 0 1",
			[4]File{FileG, 0, 0, FileB}, "Gb", "Gb", true},
		{"king in the corner: Shredder writes K", "7k/8/8/8/8/8/8/7K w K - 0 1",
			[4]File{FileH}, "K", "K", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			for i := range 4 {
				r := CastlingRights(1) << i
				if p.Castling&r != 0 && p.Castling.RookFile(r) != tt.rooks[i] {
					t.Errorf("right %c: rook file %v, want %v", castlingLetters[i], p.Castling.RookFile(r), tt.rooks[i])
				}
			}
			if got := p.CastlingField(XFEN); got != tt.xfen {
				t.Errorf("CastlingField(XFEN) = %q, want %q", got, tt.xfen)
			}
			if got := p.CastlingField(ShredderFEN); got != tt.shredder {
				t.Errorf("CastlingField(ShredderFEN) = %q, want %q", got, tt.shredder)
			}
			if got := p.Chess960(); got != tt.chess960 {
				t.Errorf("Chess960() = %v, want %v", got, tt.chess960)
			}
			for _, n := range []CastlingNotation{XFEN, ShredderFEN} {
				if again, err := ParseFEN(p.FENIn(n)); err != nil || again != p {
					t.Errorf("%s %q does not read back: %v", n, p.FENIn(n), err)
				}
			}
		})
	}
}

// TestCastlingRightsBits checks the bit layout of CastlingRights: the
// standard values are the four flags, and a rook off its corner sets the
// file bits of its right alone.
func TestCastlingRightsBits(t *testing.T) {
	cr := NoCastling.WithRook(WhiteKingside, FileH).WithRook(WhiteQueenside, FileA).
		WithRook(BlackKingside, FileH).WithRook(BlackQueenside, FileA)
	if cr != AllCastling || !cr.Standard() || cr.String() != "KQkq" {
		t.Fatalf("the corner rooks give %d (%s), want %d", cr, cr, AllCastling)
	}
	g := cr.WithRook(WhiteKingside, FileG)
	if g.Standard() || g.RookFile(WhiteKingside) != FileG || g.RookFile(BlackKingside) != FileH || g.Rights() != AllCastling ||
		g != AllCastling|1<<4 || g.String() != "GAha" {
		t.Errorf("K with the g rook: %d %s", g, g)
	}
	if w := g.Without(WhiteKingside | BlackQueenside); w != WhiteQueenside|BlackKingside {
		t.Errorf("Without = %d, want %d", w, WhiteQueenside|BlackKingside)
	}
	q := NoCastling.WithRook(BlackQueenside, FileC)
	if q != BlackQueenside|2<<13 || q.RookFile(BlackQueenside) != FileC || q.RookFile(WhiteKingside) != FileH {
		t.Errorf("q with the c rook: %d", q)
	}
	var p Position = NewPosition()
	p.Castling = WhiteKingside | 3<<7 // a file for Q, which is not held
	if p.Validate() == nil {
		t.Error("Validate accepts a rook file for a right not held")
	}
}

// TestPlayChess960Rights checks the rights a move loses: a king's move
// both of its colour's, a move from or to a right's rook square that one.
func TestPlayChess960Rights(t *testing.T) {
	tests := []struct {
		fen, move, want string
	}{
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "g1g2", "1r2k1r1/8/8/8/8/8/6R1/1R2K3 b Qkq - 1 1"},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "b1b8", "1R2k1r1/8/8/8/8/8/8/4K1R1 b Kk - 0 1"},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "e1d1", "1r2k1r1/8/8/8/8/8/8/1R1K2R1 b kq - 1 1"},
		// The inner rook castles: the outer one keeps its letter-free right.
		{"r3k2r/8/8/8/8/8/8/RK1R3R w DA - 0 1", "b1d1", "r3k2r/8/8/8/8/8/8/R4RKR b - - 1 1"},
		// A rook moves onto the square of the inner castling rook's right:
		// the rook there is no longer the one the right was given for, but
		// the square is what counts, as in standard chess.
		{"3k4/8/8/8/8/8/8/R1K1R2R w E - 0 1", "e1e2", "3k4/8/8/8/8/8/4R3/R1K4R b - - 1 1"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := p.ParseUCI(tt.move)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		p.Play(m)
		checkInvariants(t, &p)
		if got := p.FEN(); got != tt.want {
			t.Errorf("%s after %s = %s, want %s", tt.fen, tt.move, got, tt.want)
		}
	}
}
