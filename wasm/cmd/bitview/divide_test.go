package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide/dividetest"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// chess960Rooks is a Chess960 position (its rooks on b and g): White's
// castling e1g1 (O-O, the king onto its rook's square, the same text in
// both notations) and e1b1 (O-O-O, e1c1 as the king's move).
const chess960Rooks = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"

// cpwPosition is a position of the Chess Programming Wiki's "Perft
// Results" with its published counts.
type cpwPosition struct {
	fen, note string
	counts    map[int]uint64 // depth → leaves
}

// cpwPositions reads the CPW perft positions (start, Kiwipete, 3–6) from
// core's test data.
func cpwPositions(t *testing.T) []cpwPosition {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "core", "testdata", "positions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []cpwPosition
	count := regexp.MustCompile(`D(\d)=(\d+)`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || cols[1] != "cpw-perft" {
			continue
		}
		pos := cpwPosition{fen: cols[0], note: cols[2], counts: map[int]uint64{}}
		for _, m := range count.FindAllStringSubmatch(cols[2], -1) {
			d, _ := strconv.Atoi(m[1])
			n, _ := strconv.ParseUint(m[2], 10, 64)
			pos.counts[d] = n
		}
		out = append(out, pos)
	}
	if len(out) < 6 {
		t.Fatalf("read %d CPW perft positions, want the start position, Kiwipete and positions 3 to 6", len(out))
	}
	return out
}

// bench runs a bench sub-command and returns its exit status and output.
func bench(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := benchCommands[args[0]]
	code := cmd(args[1:], strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// self returns this test binary, the fake engines' program.
func self(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil || strings.ContainsAny(exe, " \t") {
		t.Skipf("the test binary %q cannot be named in -engine", exe)
	}
	return exe
}

// TestDivideAlone: bitview divide prints Stockfish's "go perft" format,
// and its totals are the published ones for the start position, Kiwipete
// and CPW positions 3 to 6.
func TestDivideAlone(t *testing.T) {
	line := regexp.MustCompile(`^[a-h][1-8][a-h][1-8][nbrq]?: \d+$`)
	for _, pos := range cpwPositions(t) {
		for depth := 1; depth <= 3; depth++ {
			code, out, errOut := bench(t, "", "divide", "-fen", pos.fen, "-depth", strconv.Itoa(depth))
			if code != 0 {
				t.Fatalf("divide -depth %d -fen %q: exit %d, %s", depth, pos.fen, code, errOut)
			}
			body, total, ok := strings.Cut(out, "\n\nNodes searched: ")
			if !ok {
				t.Fatalf("no Nodes searched line in %q", out)
			}
			var sum uint64
			lines := strings.Split(body, "\n")
			for _, l := range lines {
				if !line.MatchString(l) {
					t.Errorf("line %q is not Stockfish's \"move: count\"", l)
				}
				n, _ := strconv.ParseUint(l[strings.Index(l, " ")+1:], 10, 64)
				sum += n
			}
			want := pos.counts[depth]
			if total != strconv.FormatUint(want, 10)+"\n" || sum != want || len(lines) != int(pos.counts[1]) {
				t.Errorf("%s depth %d: %d moves summing to %d, total %q; want %d moves, %d", pos.fen, depth, len(lines), sum, total, pos.counts[1], want)
			}
		}
	}
}

// TestDivideEngines drives fake UCI engines and perftree scripts: a
// correct one agrees on every CPW position; one that misses en passant,
// one that counts castling as 2 leaves, one that exits and one that hangs
// are each found, with the position and moves that show the bug.
func TestDivideEngines(t *testing.T) {
	exe := self(t)
	dir := t.TempDir()
	script := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	shExit := script("exit.sh", "echo 'e2e4 20'\necho 'perft.sh: Segmentation fault' >&2\nexit 139\n")
	shHang := script("hang.sh", "echo 'counting…'\nexec sleep 30\n")
	// Wrappers that run the fake engine without exec, as a #!/bin/sh
	// wrapper often does: the engine is the shell's child.
	shWrapper := script("wrapper.sh", strconv.Quote(exe)+"\n")
	// A perftree script that answers, exits 0 and leaves a child running
	// that holds its standard output open.
	shBackground := script("background.sh", strconv.Quote(exe)+` "$@"`+"\nsleep 30 &\nexit 0\n")
	for _, pos := range cpwPositions(t) {
		for _, flag := range []string{"-engine", "-perftree"} {
			t.Run("correct "+flag+" "+pos.fen, func(t *testing.T) {
				proto := map[string]string{"-engine": "uci", "-perftree": "perftree"}[flag]
				t.Setenv(fakeEnv, proto+":correct")
				code, out, errOut := bench(t, "", "divide", "-fen", pos.fen, "-depth", "3", flag, exe)
				want := "All " + strconv.FormatUint(pos.counts[1], 10) + " moves agree."
				if code != 0 || !strings.Contains(out, want) {
					t.Errorf("exit %d, %q %q; want 0 and %q", code, out, errOut, want)
				}
			})
		}
	}
	for _, tc := range []struct {
		name, env, fen string
		depth          int
		flag, engine   string
		code           int
		want, wantErr  []string
	}{
		{"uci misses en passant", "uci:noep", kiwipete, 3, "-engine", exe, 1,
			[]string{"Drill-down: 3 steps", "1. depth 3, the root: 45 moves differ; following a1b1 (Bitview 1,969, engine 1,968)",
				"2. depth 2, after a1b1: 1 move differs; following c7c5 (Bitview 47, engine 46)", "3. depth 1, after a1b1 c7c5: 1 move differs",
				"Found it: in this position your engine misses 1 legal move (d5c6): the missing move is an en passant capture. To see it:",
				"  position fen " + kiwipete + " moves a1b1 c7c5\n  go perft 1\n"}, nil},
		{"perftree misses en passant", "perftree:noep", kiwipete, 3, "-perftree", exe, 1,
			[]string{"Drill-down: 3 steps", "misses 1 legal move (d5c6)", "  position fen " + kiwipete + " moves a1b1 c7c5\n"}, nil},
		{"uci misses en passant at the root", "uci:noep", "7k/8/8/3pP3/8/8/8/K7 w - d6 0 1", 4, "-engine", exe, 1,
			[]string{"e5d6   missing", "Drill-down: 2 steps", "2. depth 1, the root: 1 move differs",
				"misses 1 legal move (e5d6)", "  position fen 7k/8/8/3pP3/8/8/8/K7 w - d6 0 1\n  go perft 1\n"}, nil},
		{"uci counts castling wrong", "uci:castle2", kiwipete, 1, "-engine", exe, 1,
			[]string{"e1c1   wrong    Bitview 1, engine 2", "counts other than 1 leaf at depth 1 below e1c1, e1g1: the 2 moves counted wrong are castling moves.", "  position fen " + kiwipete + "\n  go perft 1\n"}, nil},
		{"uci counts castling wrong one ply down", "uci:castle2", kiwipete, 2, "-engine", exe, 1,
			[]string{"Drill-down: 2 steps", "following a1b1 (Bitview 43, engine 45)", "counts other than 1 leaf at depth 1 below e8c8, e8g8",
				"  position fen " + kiwipete + " moves a1b1\n  go perft 1\n"}, nil},
		{"perftree counts castling wrong deeper", "perftree:castle2", core.StartFEN, 4, "-perftree", exe, 0,
			[]string{"All 20 moves agree."}, nil},
		{"uci divide disagrees with its perft", "uci:offbyone", core.StartFEN, 3, "-engine", exe, 1,
			[]string{"b1a3   wrong    Bitview 400, engine 401", "2. depth 2, after b1a3: all 20 moves agree",
				"The engine counted 401 nodes below b1a3, but its divide after it sums to 400, as Bitview's does",
				"  position fen " + core.StartFEN + " moves b1a3\n  go perft 2\n"}, nil},
		{"perftree divide disagrees with its perft", "perftree:offbyone", core.StartFEN, 3, "-perftree", exe, 1,
			[]string{"The engine counted 401 nodes below b1a3"}, nil},
		{"uci exits", "uci:exit", kiwipete, 3, "-engine", exe, 1, nil,
			[]string{"exited with exit status 3", `while answering "go perft 3"`, "| e2e4: 20", "| stderr: fake: assertion failed"}},
		{"uci hangs", "uci:hang", kiwipete, 3, "-engine", exe, 1, nil,
			[]string{"did not answer within 2s (-timeout); stopped it", "| info string counting"}},
		{"uci exits on the way down", "uci:noep,exit3", kiwipete, 3, "-engine", exe, 1,
			[]string{"2. depth 2, after a1b1: 1 move differs; following c7c5",
				"Next: divide one ply deeper along c7c5:\n  position fen " + kiwipete + " moves a1b1 c7c5\n  go perft 1\n"},
			[]string{"exited with exit status 3", "| stderr: fake: out of memory"}},
		{"uci has no go perft", "uci:search", kiwipete, 3, "-engine", exe, 1, nil,
			[]string{`searched and answered "bestmove e2e4" instead of a divide: does it know "go perft"?`, "| info depth 1 score cp 20 pv e2e4"}},
		{"perftree exits", "perftree:exit", kiwipete, 3, "-perftree", exe, 1, nil,
			[]string{"exited with exit status 3", "| e2e4 20", "| stderr: perft.sh: line 3: 4242 Segmentation fault"}},
		{"perftree hangs", "perftree:hang", kiwipete, 3, "-perftree", exe, 1, nil,
			[]string{"did not finish within 2s (-timeout); stopped it"}},
		{"sh script exits", "", kiwipete, 2, "-perftree", shExit, 1, nil,
			[]string{"exited with exit status 139", "| e2e4 20", "| stderr: perft.sh: Segmentation fault"}},
		{"sh script hangs", "", kiwipete, 2, "-perftree", shHang, 1, nil,
			[]string{"did not finish within 2s", "| counting…"}},
		{"sh wrapper of a hanging engine hangs", "uci:hang", kiwipete, 3, "-engine", shWrapper, 1, nil,
			[]string{"did not answer within 2s (-timeout); stopped it", "| info string counting"}},
		{"sh wrapper of an engine", "uci:noep", kiwipete, 3, "-engine", shWrapper, 1,
			[]string{"misses 1 legal move (d5c6)"}, nil},
		{"perftree leaves a background child", "perftree:correct", kiwipete, 3, "-perftree", shBackground, 0,
			[]string{"All 48 moves agree."}, nil},
		{"uci prints a format it does not read", "uci:correct,arrow", core.StartFEN, 3, "-engine", exe, 2, nil,
			[]string{`could not read the divide of engine "` + exe + `" answering "go perft 3"`, "20 lines name a move but no count Bitview reads", "| b1a3 -> 400", "… and 12 more"}},
		{"perftree prints a format it does not read", "perftree:correct,arrow", core.StartFEN, 3, "-perftree", exe, 2, nil,
			[]string{"could not read the divide of engine", "20 lines name a move but no count Bitview reads", "| a2a3 -> 380"}},
		{"perftree prints no total", "perftree:noep,nototal", kiwipete, 3, "-perftree", exe, 2, nil,
			[]string{"could not read the divide", "48 moves and no total: a part of a divide"}},
		{"uci prints after its total", "uci:noep,trailer", kiwipete, 3, "-engine", exe, 1,
			[]string{"Drill-down: 3 steps", "Found it: in this position your engine misses 1 legal move (d5c6)"}, nil},
		{"uci prints its total twice", "uci:noep,twice", kiwipete, 3, "-engine", exe, 1,
			[]string{"Drill-down: 3 steps", "Found it: in this position your engine misses 1 legal move (d5c6)"}, nil},
		{"uci answers the root two ways", "uci:correct,flaky", core.StartFEN, 3, "-engine", exe, 1,
			[]string{"h2h4   missing  Bitview 420", "2. depth 1, the root: all 20 moves agree",
				"The engine's depth-3 divide of this position misses 1 legal move (h2h4), but its depth-1 divide of it lists exactly the legal moves: it answers this position two ways",
				"  position fen " + core.StartFEN + "\n  go perft 3\n  go perft 1\n"}, nil},
		{"uci writes a 70,000-byte line on stderr", "uci:correct,errline", kiwipete, 2, "-engine", exe, 0,
			[]string{"All 48 moves agree."}, nil},
		{"uci prints a line over 1 MiB", "uci:correct,longline", kiwipete, 2, "-engine", exe, 1, nil,
			[]string{`printed a line over 1,048,576 bytes; stopped it while answering "go perft 2"`,
				"| " + strings.Repeat("x", 160) + "… (over 1,048,576 bytes)"}},
		{"perftree prints a line over 1 MiB", "perftree:correct,longline", kiwipete, 2, "-perftree", exe, 1, nil,
			[]string{"printed a line over 1,048,576 bytes; stopped it", "| " + strings.Repeat("x", 160) + "… (over 1,048,576 bytes)"}},
		{"perftree floods", "perftree:correct,flood", kiwipete, 2, "-perftree", exe, 1, nil,
			[]string{"printed over 1,048,576 bytes; stopped it", "| e2e4 20"}},
		{"uci prints terminal escapes", "uci:correct,escape", kiwipete, 2, "-engine", exe, 1, nil,
			[]string{`| e2e4: 20 \x1b]0;pwned\a\x1b[2J`, `| stderr: \x1b[41mfatal\x1b[0m`}},
		{"perftree prints terminal escapes", "perftree:correct,escape", kiwipete, 2, "-perftree", exe, 1, nil,
			[]string{`| e2e4: 20 \x1b]0;pwned\a\x1b[2J`, `| stderr: \x1b[41mfatal\x1b[0m`}},
		// Issue 46, item 9: a repeated move, castling king-takes-rook in a
		// standard game, the partial last line of a stuck engine.
		{"uci lists a move twice", "uci:correct,repeat", core.StartFEN, 1, "-engine", exe, 1,
			[]string{"b1a3   repeated engine 1 on line 1, again on line 2 (a move listed more than once)",
				"Found it: in this position your engine lists 1 move more than once (b1a3)"}, nil},
		{"uci lists a move twice deeper", "uci:correct,repeat", core.StartFEN, 3, "-engine", exe, 1,
			[]string{"b1a3   repeated engine 400 on line 1", "2. depth 1, the root: 1 move differs",
				"Found it: in this position your engine lists 1 move more than once (b1a3)"}, nil},
		{"uci writes castling king-takes-rook in a standard game", "uci:correct,kxr", kiwipete, 2, "-engine", exe, 0,
			[]string{"The engine writes castling king-takes-rook (e1a1 for e1c1, e1h1 for e1g1), as UCI does in Chess960 mode (UCI_Chess960)",
				"All 48 moves agree."}, nil},
		{"uci writes king-takes-rook and miscounts castling", "uci:castleoff,kxr", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 3, "-engine", exe, 1,
			[]string{"e1c1   wrong    Bitview 72, engine 73 (written e1a1)", "following e1c1", "2. depth 2, after e1a1: all 3 moves agree",
				"The engine counted 73 nodes below e1c1", "  position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 moves e1a1\n  go perft 2\n"}, nil},
		{"uci hangs mid-line", "uci:stuck", kiwipete, 3, "-engine", exe, 1, nil,
			[]string{"did not answer within 2s (-timeout); stopped it", "| e2e4: 20\n", "| e7e5 (no line break after it)"}},
		// Issue 47, item 1: Chess960 positions set UCI_Chess960.
		{"uci in Chess960 mode", "uci:correct", chess960Rooks, 3, "-engine", exe, 0,
			[]string{`Chess960: the position's castling needs Chess960's rules; bitview sent "setoption name UCI_Chess960 value true"; castling is written king-takes-rook`,
				"All 25 moves agree."}, nil},
		{"uci without Chess960 castling", "uci:no960", chess960Rooks, 3, "-engine", exe, 1,
			[]string{"Found it: in this position your engine misses 2 legal moves (e1b1, e1g1)",
				"To see it:\n  setoption name UCI_Chess960 value true\n  position fen " + chess960Rooks + "\n  go perft 1\n"}, nil},
		{"uci that ignores UCI_Chess960", "uci:correct,kingmove,no960opt", chess960Rooks, 2, "-engine", exe, 0,
			[]string{`sent "setoption name UCI_Chess960 value true" (the engine lists no UCI_Chess960 option)`,
				"The engine writes castling as the king's move (e1c1 for e1b1)", "All 25 moves agree."}, nil},
		{"perftree in Chess960", "perftree:correct", chess960Rooks, 2, "-perftree", exe, 0,
			[]string{"bitview gave the script the FEN in X-FEN", "The engine writes castling as the king's move (e1c1 for e1b1)", "All 25 moves agree."}, nil},
		{"no such engine", "", kiwipete, 2, "-engine", filepath.Join(dir, "nosuch"), 2, nil, []string{"cannot start"}},
		{"no such script", "", kiwipete, 2, "-perftree", filepath.Join(dir, "nosuch"), 2, nil, []string{"cannot start"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(fakeEnv, tc.env)
			// Only a hanging engine meets the time limit, which is short
			// to keep the test fast; the others have one that a loaded
			// machine does not reach, and a bug that makes bitview wait
			// for a line that never comes still fails in seconds.
			timeout := "20s"
			if strings.Contains(tc.name, "hangs") {
				timeout = "2s" // the fake engine prints its first line in 0.2–0.7 s behind a shell on a loaded machine
			}
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			code, out, errOut := bench(t, "", "divide", "-fen", tc.fen, "-depth", strconv.Itoa(tc.depth), "-timeout", timeout, tc.flag, tc.engine)
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
			// Whatever an engine prints, what bitview reads and keeps of it
			// is bounded: 8 MiB of output or a 2 MiB line costs it a few MiB.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
				t.Errorf("bitview allocated %d MiB", alloc>>20)
			}
			// No byte from an engine reaches the terminal raw.
			if i := strings.IndexFunc(out+errOut, func(r rune) bool { return r < ' ' && r != '\n' || r == 0x7f }); i >= 0 {
				t.Errorf("a control byte %q in the output:\n%q", (out + errOut)[i], out+errOut)
			}
			if code != 0 && tc.code != 0 {
				for _, no := range []string{"Found it", "All "} {
					if tc.code == 2 && strings.Contains(out, no) {
						t.Errorf("a verdict (%q) on a divide it cannot read:\n%s", no, out)
					}
				}
			}
			checkNoneLeft(t)
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the report lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(errOut, w) {
					t.Errorf("the error lacks %q:\n%s", w, errOut)
				}
			}
		})
	}
}

// TestDivideStdin: -engine - compares a divide on standard input at the
// root; it cannot drill down, so where it differs it names the divide to
// paste next (one ply deeper along a wrong count; the depth-1 divide of
// the same position where moves are missing or extra), never the root's
// "go perft 1" as the bug's reproduction. A part of a divide is compared
// move by move with no verdict on the rest; a divide it cannot read gets
// none at all.
func TestDivideStdin(t *testing.T) {
	p, _ := core.ParseFEN(kiwipete)
	afterA1B1 := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/1R2K2R b Kkq - 1 1"
	code, out, _ := bench(t, dividetest.NoEnPassant(p, 3), "divide", "-fen", kiwipete, "-depth", "3", "-engine", "-")
	for _, w := range []string{"a2a4   wrong    Bitview 2,149, engine 2,097", "cannot be drilled down",
		"Paste next its divide one ply deeper along a1b1:\n  position fen " + kiwipete + " moves a1b1\n  go perft 2\n  … | bitview divide -fen '" + afterA1B1 + "' -depth 2 -engine -\n"} {
		if code != 1 || !strings.Contains(out, w) {
			t.Errorf("exit %d, want 1 and %q in\n%s", code, w, out)
		}
	}
	code, out, _ = bench(t, dividetest.NoEnPassant(p, 1), "divide", "-fen", kiwipete, "-depth", "1", "-engine", "-")
	if code != 0 || !strings.Contains(out, "All 48 moves agree.") {
		t.Errorf("a divide without a bug: exit %d, %q", code, out)
	}
	_, start2, _ := bench(t, "", "divide", "-depth", "2")
	code, out, _ = bench(t, strings.Replace(start2, "Nodes searched: 400", "Nodes searched: 401", 1), "divide", "-depth", "2", "-engine", "-")
	if code != 1 || !strings.HasSuffix(out, "20 moves, 401 nodes stated, but its moves sum to 400\nEvery move agrees, but the engine's total 401 is not their sum, 400.\n") {
		t.Errorf("a total that is not the sum: exit %d,\n%s", code, out)
	}
	// At depth 1 a divide that lacks or adds moves shows the bug itself.
	code, out, _ = bench(t, "e2e4: 1\ne7e5: 1\n\nNodes searched: 2", "divide", "-depth", "1", "-engine", "-")
	if code != 1 || !strings.Contains(out, "e7e5   extra    engine 1 (not a legal move)") || !strings.Contains(out, "Found it: in this position your engine misses 19 legal moves") ||
		!strings.Contains(out, "makes 1 move that is not legal (e7e5)") {
		t.Errorf("a depth-1 divide with an extra move: exit %d,\n%s", code, out)
	}
	// At depth 4, a whole divide (its total the sum) that lacks a move
	// cannot be drilled: the next paste is its depth-1 divide.
	_, start4, _ := bench(t, "", "divide", "-depth", "4")
	var kept []string
	var total uint64
	for _, l := range strings.Split(start4, "\n") {
		if mv, n, ok := strings.Cut(l, ": "); ok && len(mv) == 4 && mv != "h2h4" {
			v, _ := strconv.ParseUint(n, 10, 64)
			total += v
			kept = append(kept, l)
		}
	}
	self := strings.Join(kept, "\n") + "\n\nNodes searched: " + strconv.FormatUint(total, 10) + "\n"
	code, out, _ = bench(t, self, "divide", "-depth", "4", "-engine", "-")
	for _, w := range []string{"h2h4   missing  Bitview 9,329", "A divide on standard input cannot be drilled down",
		"Paste next its depth-1 divide of the same position", "  position fen " + core.StartFEN + "\n  go perft 1\n  … | bitview divide -fen '" + core.StartFEN + "' -depth 1 -engine -\n"} {
		if code != 1 || !strings.Contains(out, w) || strings.Contains(out, "Found it") {
			t.Errorf("a self-consistent depth-4 divide lacking h2h4: exit %d, want 1, %q and no \"Found it\" in\n%s", code, w, out)
		}
	}
	// Ten lines of Kiwipete's divide without their total: a part.
	part := strings.Join(strings.Split(dividetest.NoEnPassant(p, 3), "\n")[:10], "\n")
	code, out, _ = bench(t, part, "divide", "-fen", kiwipete, "-depth", "3", "-engine", "-")
	if code != 1 || !strings.Contains(out, "This is a part of a divide (10 moves of 48, no total): no verdict on the moves it leaves out.") ||
		strings.Contains(out, "missing") || strings.Contains(out, "misses") {
		t.Errorf("ten lines of a divide with wrong counts: exit %d, want 1, a part and no missing move:\n%s", code, out)
	}
	_, kiwi3, _ := bench(t, "", "divide", "-fen", kiwipete, "-depth", "3")
	part = strings.Join(strings.Split(kiwi3, "\n")[:10], "\n")
	code, out, _ = bench(t, part, "divide", "-fen", kiwipete, "-depth", "3", "-engine", "-")
	if code != 2 || !strings.Contains(out, "The 10 moves it lists agree.\nThis is a part of a divide") || strings.Contains(out, "miss") {
		t.Errorf("ten right lines of a divide: exit %d, want 2 and no verdict:\n%s", code, out)
	}
	// A divide in a format it does not read, with a terminal escape.
	arrows := strings.Replace(strings.ReplaceAll(kiwi3, ": ", " -> "), "a1b1 -> 1969", "a1b1 -> 1969 \x1b[2J", 1)
	code, out, errOut := bench(t, arrows, "divide", "-fen", kiwipete, "-depth", "3", "-engine", "-")
	if code != 2 || out != "" || !strings.Contains(errOut, "bitview divide: could not read the divide of standard input: 48 lines name a move but no count Bitview reads:\n  | a1b1 -> 1969 \\x1b[2J\n") ||
		strings.ContainsRune(errOut, 0x1b) {
		t.Errorf("a divide it cannot read: exit %d, want 2, no report and the lines quoted:\n%s%q", code, out, errOut)
	}
}

// TestDivideBadInput: bad flags, FEN, depth and standard input exit 2
// with the error named as the page names it.
func TestDivideBadInput(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"-depth", "7"}, "", "bitview divide: perft divide depth 7 is out of range: 1 to 6"},
		{[]string{}, "", "bitview divide: perft divide depth 0 is out of range: 1 to 6"},
		{[]string{"-depth", "2", "-fen", "8/8/8/8/8/8/8/8 w KQkq - 0 x"}, "", "bitview divide: fen: field 6 (fullmove number), character 28 'x'"},
		{[]string{"-depth", "2", "-engine", "a", "-perftree", "b"}, "", "bitview divide: -engine and -perftree: give one"},
		{[]string{"-depth", "2", "-engine", "-"}, "no counts here", `bitview divide: no move counts on standard input`},
		{[]string{"-depth", "2", "-engine", "-"}, strings.Repeat("x", 100_001), "bitview divide: the divide on standard input is over its limit of 100,000 bytes"},
		{[]string{"-depth", "2", "-timeout", "0s", "-engine", "x"}, "", "bitview divide: -timeout 0s: give a duration above 0"},
		{[]string{"-depth", "2", "extra"}, "", `bitview divide: unexpected argument "extra"`},
		{[]string{"-depht", "2"}, "", "flag provided but not defined: -depht"},
	} {
		code, out, errOut := bench(t, tc.stdin, append([]string{"divide"}, tc.args...)...)
		if code != 2 || !strings.HasPrefix(errOut, tc.want) || out != "" {
			t.Errorf("divide %q: exit %d, %q %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestHelp: each sub-command's -h exits 0 with its usage and an example.
func TestHelp(t *testing.T) {
	for name := range benchCommands {
		code, _, errOut := bench(t, "", name, "-h")
		if code != 0 || !strings.HasPrefix(errOut, "usage: bitview "+name) || !strings.Contains(errOut, "Example") || !strings.Contains(errOut, "  bitview "+name) && !strings.Contains(errOut, "| bitview "+name) {
			t.Errorf("bitview %s -h: exit %d, %q", name, code, errOut)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"divide", "-depth", "1"}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "Nodes searched: 20") {
		t.Errorf("run divide: exit %d, %q %q", code, stdout.String(), stderr.String())
	}
}

// TestDivideStdinPerftree: a perftree script's whole output piped to
// -engine - ("move count" lines, a blank line, the total alone on the last
// line) is a whole divide, as -perftree reads it: a verdict, never "a part
// of a divide (20 moves of 20, no total)".
func TestDivideStdinPerftree(t *testing.T) {
	for _, tc := range []struct {
		mode, fen string
		code      int
		want      string
	}{
		{"perftree:correct", core.StartFEN, 0, "All 20 moves agree."},
		{"perftree:noep", kiwipete, 1, "Paste next its divide one ply deeper along a1b1:"},
	} {
		var script strings.Builder
		if st := fakeEngine(tc.mode, []string{"3", tc.fen}, strings.NewReader(""), &script, io.Discard); st != 0 {
			t.Fatalf("%s: the fake script exited %d", tc.mode, st)
		}
		code, out, errOut := bench(t, script.String(), "divide", "-fen", tc.fen, "-depth", "3", "-engine", "-")
		if code != tc.code || !strings.Contains(out, tc.want) || strings.Contains(out, "part of a divide") || strings.Contains(out, "no total") {
			t.Errorf("%s piped to -engine -: exit %d, want %d, %q and no \"part\":\n%s%s", tc.mode, code, tc.code, tc.want, out, errOut)
		}
	}
}

// TestDivideStdinHonesty: issue 46, item 9, on standard input. A move
// listed twice is reported as such, whatever the total says; castling
// written king-takes-rook in a standard game (Stockfish's own answer with
// UCI_Chess960 set) is named and compared as the moves it names; a move
// written with look-alike characters (Cyrillic е) is quoted as
// unreadable, with no verdict, instead of being skipped and its move
// reported missing.
func TestDivideStdinHonesty(t *testing.T) {
	_, start1, _ := bench(t, "", "divide", "-depth", "1")
	first, _, _ := strings.Cut(start1, "\n")
	// The first line again; the total still 20: "All 20 moves agree" before.
	twice := first + "\n" + start1
	code, out, errOut := bench(t, twice, "divide", "-depth", "1", "-engine", "-")
	if code != 1 || !strings.Contains(out, "a2a3   repeated engine 1 on line 1, again on line 2") || !strings.Contains(out, "lists 1 move more than once (a2a3)") ||
		strings.Contains(out, "agree") {
		t.Errorf("a move listed twice: exit %d, want 1 and the move named:\n%s%s", code, out, errOut)
	}
	// Stockfish 15.1's "go perft 1" with UCI_Chess960 set, in a standard
	// position: castling as e1h1 and e1a1.
	const castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	kxr := "a1b1: 1\na1c1: 1\na1d1: 1\na1a2: 1\na1a3: 1\na1a4: 1\na1a5: 1\na1a6: 1\na1a7: 1\na1a8: 1\n" +
		"h1f1: 1\nh1g1: 1\nh1h2: 1\nh1h3: 1\nh1h4: 1\nh1h5: 1\nh1h6: 1\nh1h7: 1\nh1h8: 1\n" +
		"e1d1: 1\ne1f1: 1\ne1d2: 1\ne1e2: 1\ne1f2: 1\ne1h1: 1\ne1a1: 1\n\nNodes searched: 26\n"
	code, out, errOut = bench(t, kxr, "divide", "-fen", castling, "-depth", "1", "-engine", "-")
	if code != 0 || !strings.Contains(out, "The engine writes castling king-takes-rook (e1a1 for e1c1, e1h1 for e1g1), as UCI does in Chess960 mode (UCI_Chess960)") ||
		!strings.Contains(out, "All 26 moves agree.") || strings.Contains(out, "missing") || strings.Contains(out, "not legal") {
		t.Errorf("castling king-takes-rook in a standard game: exit %d, want 0 and the notation named:\n%s%s", code, out, errOut)
	}
	// The same counts wrong: the verdict names the moves as Bitview writes them.
	code, out, _ = bench(t, strings.Replace(kxr, "e1h1: 1", "e1h1: 2", 1), "divide", "-fen", castling, "-depth", "1", "-engine", "-")
	if code != 1 || !strings.Contains(out, "e1g1   wrong    Bitview 1, engine 2 (written e1h1)") {
		t.Errorf("castling king-takes-rook counted wrong: exit %d:\n%s", code, out)
	}
	// е2е4 with Cyrillic е (U+0435).
	cyrillic := strings.Replace(start1, "e2e4: 1", "\u04352\u04354: 1", 1)
	code, out, errOut = bench(t, cyrillic, "divide", "-depth", "1", "-engine", "-")
	if code != 2 || out != "" || !strings.Contains(errOut, "could not read the divide of standard input: 1 line writes a move in characters that only look like ASCII") ||
		!strings.Contains(errOut, "'е' (U+0435) is not ASCII") || !strings.Contains(errOut, `  | \u04352\u04354: 1`) || strings.Contains(errOut, "misses") {
		t.Errorf("a look-alike move: exit %d, want 2, no verdict and the line quoted:\n%s%s", code, out, errOut)
	}
}

// TestDivideChess960Alone: bitview divide writes a Chess960 position's
// castling king-takes-rook, as Stockfish's "go perft" does with
// UCI_Chess960 set.
func TestDivideChess960Alone(t *testing.T) {
	code, out, errOut := bench(t, "", "divide", "-fen", chess960Rooks, "-depth", "1")
	for _, w := range []string{"e1b1: 1\n", "e1g1: 1\n", "\n\nNodes searched: 25\n"} {
		if code != 0 || !strings.Contains(out, w) || strings.Contains(out, "e1c1") {
			t.Errorf("exit %d, want 0 and %q:\n%s%s", code, w, out, errOut)
		}
	}
}
