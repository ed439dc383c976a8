package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
)

// kiwiDump writes Kiwipete's bitboards as an engine would dump them: in
// mapping m and the bitboard order names, each number written by format,
// labelled (label set) or not.
func kiwiDump(t *testing.T, m dump.Mapping, names []string, format string, label bool) string {
	t.Helper()
	p, err := core.ParseFEN(kiwipete)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, name := range names {
		n, ok := core.LookupBitboard(name)
		if !ok {
			t.Fatalf("no bitboard %q", name)
		}
		if label {
			b.WriteString(n.Title + " = ")
		}
		fmt.Fprintf(&b, format+"\n", m.Value(n.Of(&p)))
	}
	return b.String()
}

// TestCheck reads Kiwipete dumped in several layouts, orders and bases,
// labelled or not, and finds the layout and order each was written in;
// a wrong bit is named with its square and its bit in that layout.
func TestCheck(t *testing.T) {
	mappings := map[string]dump.Mapping{}
	for _, m := range dump.Mappings() {
		mappings[m.ID] = m
	}
	orders := map[string]dump.Order{}
	for _, o := range dump.Orders {
		orders[o.ID] = o
	}
	for _, tc := range []struct {
		mapping, order, format string
		label                  bool
	}{
		{"lerf", "PNBRQKpnbrqk", "0x%016x", false},
		{"berf", "PNBRQKpnbrqk", "%d", false},
		{"msb-a8", "stockfish", "0x%x", false},
		{"lefr", "PpNnBbRrQqKk", "%064b", false},
		{"befr", "KQRBNPkqrbnp", "0x%016X", false},
		{"lefr-flipped", "colours+types", "%d", false},
		{"lerf", "pnbrqkPNBRQK", "0x%016x", true},
		{"berf", "stockfish", "0b%b", true},
	} {
		name := tc.mapping + " " + tc.order + " " + tc.format
		if tc.label {
			name += " labelled"
		}
		t.Run(name, func(t *testing.T) {
			m, o := mappings[tc.mapping], orders[tc.order]
			if m.ID == "" || o.ID == "" {
				t.Fatalf("no mapping %q or order %q", tc.mapping, tc.order)
			}
			text := kiwiDump(t, m, o.Names, tc.format, tc.label)
			code, out, errOut := bench(t, text, "check", "-fen", kiwipete)
			wantOrder := o.Name
			if tc.label {
				wantOrder = "as labelled"
			}
			want := "Layout: " + m.Name + " (" + m.About + ")\nOrder:  " + wantOrder + "\n" + fmt.Sprintf("%d of %d numbers agree.\n", len(o.Names), len(o.Names))
			if code != 0 || !strings.HasPrefix(out, want) || errOut != "" {
				t.Errorf("exit %d, %q\n%s\nwant 0 and\n%s", code, errOut, out, want)
			}
			// One bit wrong: e4 toggled in the first number.
			p, _ := core.ParseFEN(kiwipete)
			n, _ := core.LookupBitboard(o.Names[0])
			wrong := m.Value(n.Of(&p) ^ core.E4.Bitboard())
			lines := strings.SplitN(text, "\n", 2)
			bad := fmt.Sprintf(tc.format, wrong) + "\n" + lines[1]
			if tc.label {
				bad = n.Title + " = " + bad
			}
			code, out, _ = bench(t, bad, "check", "-fen", kiwipete)
			e4 := fmt.Sprintf("extra e4 (bit %d)", m.Bit(core.E4))
			if n.Of(&p).Has(core.E4) {
				e4 = fmt.Sprintf("missing e4 (bit %d)", m.Bit(core.E4))
			}
			if code != 1 || !strings.Contains(out, " 1. ") || !strings.Contains(out, e4) || !strings.Contains(out, "1 differs in 1 bit.") {
				t.Errorf("a wrong bit: exit %d, want 1 and %q in\n%s", code, e4, out)
			}
		})
	}
}

// TestCheckBadInput: no numbers, numbers it cannot read, a bad FEN and a
// text over the limit exit 2, named as the Engine tab names them.
func TestCheckBadInput(t *testing.T) {
	for _, tc := range []struct {
		args         []string
		stdin, want  string
		stdoutToo    bool
		wantExitCode int
	}{
		{nil, "", "bitview check: no numbers found on standard input", false, 2},
		{nil, "P 0xff00\nN 0x1ffffffffffffffff\n", "bitview check: line 2, column 3: \"0x1ffffffffffffffff\": more than 64 bits", true, 2},
		{[]string{"-fen", "8/8/8/8/8/8/8/8 w KQkq - 0 x"}, "0xff", "bitview check: fen: field 6 (fullmove number), character 28 'x'", false, 2},
		{nil, strings.Repeat(" ", dump.MaxTextLength+1), "bitview check: the dump is over its limit of 32,768 bytes", false, 2},
		{[]string{"extra"}, "", `bitview check: unexpected argument "extra"`, false, 2},
	} {
		code, out, errOut := bench(t, tc.stdin, append([]string{"check"}, tc.args...)...)
		if code != tc.wantExitCode || !strings.HasPrefix(errOut, tc.want) || (out != "") != tc.stdoutToo {
			t.Errorf("check %q < %.20q: exit %d, %q %q; want %d and %q", tc.args, tc.stdin, code, out, errOut, tc.wantExitCode, tc.want)
		}
	}
}

// TestCheckEscapes: a label pasted with terminal escapes is shown with
// them escaped.
func TestCheckEscapes(t *testing.T) {
	code, out, errOut := bench(t, "\x1b[41mP: 0xff00\n\x1b[mN\a 0x42\n", "check")
	if code != 0 || !strings.Contains(out, `[\x1b[41mP]  ok`) || !strings.Contains(out, `[\x1b[mN\a]  ok`) {
		t.Errorf("exit %d, want 0 and the labels escaped:\n%s%s", code, out, errOut)
	}
	if strings.ContainsAny(out+errOut, "\x1b\a") {
		t.Errorf("a control byte reaches the terminal:\n%q\n%q", out, errOut)
	}
}

// startValues are the start position's twelve piece bitboards in LERF,
// white P N B R Q K, then black.
var startValues = []string{"0xff00", "0x42", "0x24", "0x81", "0x8", "0x10",
	"0x00ff000000000000", "0x4200000000000000", "0x2400000000000000", "0x8100000000000000", "0x0800000000000000", "0x1000000000000000"}

// TestCheckIndexedDumps: a correct start-position dump written as C, C++,
// Rust, Go or Java arrays and indexed assignments agrees: an index, an
// array's size or a count is never read as a bitboard, and a numeric
// index places its number in the order (issue 46, item 8: on fa35ea9
// these gave "6 of 14 numbers agree", "2 of 13", both colours for
// pieces[WHITE][PAWN], "0 of 6").
func TestCheckIndexedDumps(t *testing.T) {
	lines := func(format func(i int, v string) string) string {
		var b strings.Builder
		for i, v := range startValues {
			b.WriteString(format(i, v) + "\n")
		}
		return b.String()
	}
	names := []string{"PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"}
	colours := []string{"WHITE", "BLACK"}
	for _, tc := range []struct {
		name, dump, order string
	}{
		{"pieces[i] =", lines(func(i int, v string) string { return fmt.Sprintf("pieces[%d] = %s;", i, v) }), "white P N B R Q K, then black"},
		{"uint64_t bb[12] = {…}", "uint64_t bb[12] = {" + strings.Join(startValues, "ULL, ") + "ULL};\n", "white P N B R Q K, then black"},
		{"pieces[WHITE][PAWN] =", lines(func(i int, v string) string {
			return fmt.Sprintf("pieces[%s][%s] = %s;", colours[i/6], names[i%6], v)
		}), "as labelled"},
		{"Bitboard 1 of 12:", lines(func(i int, v string) string { return fmt.Sprintf("Bitboard %d of 12: %s", i+1, v) }), "white P N B R Q K, then black"},
		// The index, not the line, places a number in the order.
		{"pieces[i] = out of order", lines(func(i int, v string) string {
			j := (i + 5) % 12
			return fmt.Sprintf("pieces[%d] = %s;", j, startValues[j])
		}), "white P N B R Q K, then black"},
		{"bb[c][t] = (Go, Java)", lines(func(i int, v string) string { return fmt.Sprintf("bb[%d][%d] = %s", i/6, i%6, v) }), "white P N B R Q K, then black"},
		{"[12]uint64{…} (Go)", "var bb = [12]uint64{" + strings.Join(startValues, ", ") + "}\n", "white P N B R Q K, then black"},
		{"[u64; 12] (Rust)", "const BB: [u64; 12] = [" + strings.Join(startValues, "_u64, ") + "_u64];\n", "white P N B R Q K, then black"},
		{"new long[12] (Java)", "long[] bb = new long[12];\n" + lines(func(i int, v string) string { return fmt.Sprintf("bb[%d] = %sL;", i, v) }), "white P N B R Q K, then black"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := bench(t, tc.dump, "check")
			if code != 0 || errOut != "" || !strings.Contains(out, "Order:  "+tc.order+"\n12 of 12 numbers agree.\n") {
				t.Errorf("%s\nexit %d, %q\n%s\nwant 0 and order %q, 12 of 12 agreeing", tc.dump, code, errOut, out, tc.order)
			}
		})
	}
}

// TestCheckEngineDumps: bitview check reads each engine's own output in
// core/dump/testdata (see its SOURCES.md) for Kiwipete and agrees, naming
// the numbering it found.
func TestCheckEngineDumps(t *testing.T) {
	for _, tc := range []struct {
		file string
		want string // the start of the report
	}{
		{"stockfish-15.1-session-kiwipete.txt", "The dump's own account of the position:\n  Board (lines 29–43):     agrees\n"},
		{"stockfish-15.1-pretty-kiwipete.txt", "Order:  white P N B R Q K, then black\n12 of 12 numbers agree.\n\n 1. WhitePawns     grid (lines 2–16)"},
		{"bbc-1.4-print_bitboard-kiwipete.txt", "Layout: BERF (a8 = 0)"},
		{"bbc-1.4-print_board-kiwipete.txt", "The dump's own account of the position:\n  Board (lines 2–9):       agrees\n  Side (line 13):          agrees\n"},
		{"viperfish-422d1f5-print_bboard-kiwipete.txt", "Grids:  rank 1 at the top (they have no rank labels)\n"},
		{"viperfish-ab67699-print_bboard-kiwipete.txt", "Grids:  rank 8 at the top (they have no rank labels)\n"},
		{"python-chess-1.11.2-squareset-repr-kiwipete.txt", "Order:  white P N B R Q K, then black\n12 of 12 numbers agree.\n"},
		{"python-chess-1.11.2-board-str-kiwipete.txt", "The dump's own account of the position:\n  Board (lines 1–8):       agrees: read with rank 8 at the top (it has no rank labels)\n"},
		{"literals-c-kiwipete.txt", "Layout: LERF (a1 = 0)"},
		{"literals-rust-kiwipete.txt", "Layout: LERF (a1 = 0)"},
		{"literals-go-kiwipete.txt", "Layout: LERF (a1 = 0)"},
		{"literals-java-kiwipete.txt", "Layout: LERF (a1 = 0)"},
	} {
		text, err := os.ReadFile(filepath.Join("..", "..", "..", "core", "dump", "testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := bench(t, string(text), "check", "-fen", kiwipete)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, tc.want) {
			t.Errorf("%s: exit %d, %q\n%s\nwant 0 and a report starting %q", tc.file, code, errOut, out, tc.want)
		}
	}
}

// TestCheckOwnFEN: a d pasted without -fen is checked against the start
// position, and the report says how to check it against its own FEN.
func TestCheckOwnFEN(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "..", "core", "dump", "testdata", "stockfish-15.1-session-kiwipete.txt"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := bench(t, string(text), "check")
	if hint := "run\n  bitview check -fen '" + kiwipete + "'\n"; code != 1 || !strings.HasSuffix(out, hint) {
		t.Errorf("exit %d\n%s\nwant 1 and the hint %q", code, out, hint)
	}
	if code, out, _ = bench(t, string(text), "check", "-fen", core.StartFEN); code != 1 || strings.Contains(out, "bitview check -fen") {
		t.Errorf("with -fen given: exit %d, and no hint:\n%s", code, out)
	}
}
