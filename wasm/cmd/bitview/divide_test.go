package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide/dividetest"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

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
				"Found it: in this position your engine misses 1 legal move (d5c6)",
				"  position fen " + kiwipete + " moves a1b1 c7c5\n  go perft 1\n"}, nil},
		{"perftree misses en passant", "perftree:noep", kiwipete, 3, "-perftree", exe, 1,
			[]string{"Drill-down: 3 steps", "misses 1 legal move (d5c6)", "  position fen " + kiwipete + " moves a1b1 c7c5\n"}, nil},
		{"uci misses en passant at the root", "uci:noep", "7k/8/8/3pP3/8/8/8/K7 w - d6 0 1", 4, "-engine", exe, 1,
			[]string{"e5d6   missing", "Drill-down: 2 steps", "2. depth 1, the root: 1 move differs",
				"misses 1 legal move (e5d6)", "  position fen 7k/8/8/3pP3/8/8/8/K7 w - d6 0 1\n  go perft 1\n"}, nil},
		{"uci counts castling wrong", "uci:castle2", kiwipete, 1, "-engine", exe, 1,
			[]string{"e1c1   wrong    Bitview 1, engine 2", "counts other than 1 leaf at depth 1 below e1c1, e1g1", "  position fen " + kiwipete + "\n  go perft 1\n"}, nil},
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
			[]string{"did not answer within 300ms (-timeout); stopped it", "| info string counting"}},
		{"uci exits on the way down", "uci:noep,exit3", kiwipete, 3, "-engine", exe, 1,
			[]string{"2. depth 2, after a1b1: 1 move differs; following c7c5",
				"Next: divide one ply deeper along c7c5:\n  position fen " + kiwipete + " moves a1b1 c7c5\n  go perft 1\n"},
			[]string{"exited with exit status 3", "| stderr: fake: out of memory"}},
		{"uci has no go perft", "uci:search", kiwipete, 3, "-engine", exe, 1, nil,
			[]string{`searched and answered "bestmove e2e4" instead of a divide: does it know "go perft"?`, "| info depth 1 score cp 20 pv e2e4"}},
		{"perftree exits", "perftree:exit", kiwipete, 3, "-perftree", exe, 1, nil,
			[]string{"exited with exit status 3", "| e2e4 20", "| stderr: perft.sh: line 3: 4242 Segmentation fault"}},
		{"perftree hangs", "perftree:hang", kiwipete, 3, "-perftree", exe, 1, nil,
			[]string{"did not finish within 300ms (-timeout); stopped it"}},
		{"sh script exits", "", kiwipete, 2, "-perftree", shExit, 1, nil,
			[]string{"exited with exit status 139", "| e2e4 20", "| stderr: perft.sh: Segmentation fault"}},
		{"sh script hangs", "", kiwipete, 2, "-perftree", shHang, 1, nil,
			[]string{"did not finish within 300ms", "| counting…"}},
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
				timeout = "300ms"
			}
			code, out, errOut := bench(t, "", "divide", "-fen", tc.fen, "-depth", strconv.Itoa(tc.depth), "-timeout", timeout, tc.flag, tc.engine)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
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
// root and names the next divide to paste.
func TestDivideStdin(t *testing.T) {
	p, _ := core.ParseFEN(kiwipete)
	code, out, _ := bench(t, dividetest.NoEnPassant(p, 3), "divide", "-fen", kiwipete, "-depth", "3", "-engine", "-")
	for _, w := range []string{"a2a4   wrong    Bitview 2,149, engine 2,097", "Next: divide one ply deeper along a1b1:\n  position fen " + kiwipete + " moves a1b1\n  go perft 2\n"} {
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
	code, out, _ = bench(t, "e2e4: 20\ne7e5: 3\n\nNodes searched: 23", "divide", "-depth", "2", "-engine", "-")
	if code != 1 || !strings.Contains(out, "e7e5   extra    engine 3 (not a legal move)") || !strings.Contains(out, "Found it: in this position your engine misses 19 legal moves") {
		t.Errorf("a divide with an extra move: exit %d,\n%s", code, out)
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
