package main

import (
	"os"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestShow draws cards in LERF, 0x88 and 10x12 (with their off-board
// slots), names, expressions and numbers in each base, as the page's
// cards and free bitboard read them.
func TestShow(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"LERF name", []string{"P"}, `P · WhitePawns · LERF (a1 = 0) · 8 squares
8 | 0 0 0 0 0 0 0 0
7 | 0 0 0 0 0 0 0 0
6 | 0 0 0 0 0 0 0 0
5 | 0 0 0 0 0 0 0 0
4 | 0 0 0 0 0 0 0 0
3 | 0 0 0 0 0 0 0 0
2 | 1 1 1 1 1 1 1 1
1 | 0 0 0 0 0 0 0 0
    a b c d e f g h
hex 0x000000000000ff00
`},
		{"0x88 expression", []string{"-layout", "0x88", "K | k"}, `K | k · 0x88 · 2 squares
8 | 0 0 0 0 1 0 0 0 . . . . . . . .
7 | 0 0 0 0 0 0 0 0 . . . . . . . .
6 | 0 0 0 0 0 0 0 0 . . . . . . . .
5 | 0 0 0 0 0 0 0 0 . . . . . . . .
4 | 0 0 0 0 0 0 0 0 . . . . . . . .
3 | 0 0 0 0 0 0 0 0 . . . . . . . .
2 | 0 0 0 0 0 0 0 0 . . . . . . . .
1 | 0 0 0 0 1 0 0 0 . . . . . . . .
    a b c d e f g h
hex 0x00100000000000000000000000000010
`},
		{"10x12 binary number", []string{"-layout", "10x12", "-index", "-binary", "0b1000000000000000000000"}, `0b1000000000000000000000 · free bitboard (binary in 10×12 mailbox) · 10×12 mailbox · 1 square
  | .110 .111 .112 .113 .114 .115 .116 .117 .118 .119
  | .100 .101 .102 .103 .104 .105 .106 .107 .108 .109
8 | . 90   91   92   93   94   95   96   97   98 . 99
7 | . 80   81   82   83   84   85   86   87   88 . 89
6 | . 70   71   72   73   74   75   76   77   78 . 79
5 | . 60   61   62   63   64   65   66   67   68 . 69
4 | . 50   51   52   53   54   55   56   57   58 . 59
3 | . 40   41   42   43   44   45   46   47   48 . 49
2 | . 30   31   32   33   34   35   36   37   38 . 39
1 | . 20 * 21   22   23   24   25   26   27   28 . 29
  | . 10 . 11 . 12 . 13 . 14 . 15 . 16 . 17 . 18 . 19
  | .  0 .  1 .  2 .  3 .  4 .  5 .  6 .  7 .  8 .  9
            a    b    c    d    e    f    g    h
hex 0x000000000000000000000000200000
bin 0000000000 0000000000 0000000000 0000000000 0000000000 0000000000 0000000000 0000000000 0000000000 0000000010 0000000000 0000000000
`},
		{"LERF index, binary and decimal", []string{"-index", "-binary", "-decimal", "0x8000000000000001"}, `0x8000000000000001 · free bitboard (hex in LERF (a1 = 0)) · LERF (a1 = 0) · 2 squares
8 |  56  57  58  59  60  61  62 *63
7 |  48  49  50  51  52  53  54  55
6 |  40  41  42  43  44  45  46  47
5 |  32  33  34  35  36  37  38  39
4 |  24  25  26  27  28  29  30  31
3 |  16  17  18  19  20  21  22  23
2 |   8   9  10  11  12  13  14  15
1 | * 0   1   2   3   4   5   6   7
      a   b   c   d   e   f   g   h
hex 0x8000000000000001
bin 10000000 00000000 00000000 00000000 00000000 00000000 00000000 00000001
dec 9223372036854775809 (signed -9223372036854775807)
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := bench(t, "", append([]string{"show"}, tc.args...)...)
			if code != 0 || out != tc.want {
				t.Errorf("exit %d, %s\n%s\nwant\n%s", code, errOut, out, tc.want)
			}
		})
	}
}

// TestShowNumbers: a number is read in the layout on show, in the base
// its prefix says: the same squares in every base; a value that sets an
// off-board slot or does not fit is refused with the free card's error.
func TestShowNumbers(t *testing.T) {
	hex := func(args ...string) string {
		code, out, errOut := bench(t, "", append([]string{"show"}, args...)...)
		if code != 0 {
			t.Fatalf("show %q: exit %d, %s", args, code, errOut)
		}
		for _, l := range strings.Split(out, "\n") {
			if v, ok := strings.CutPrefix(l, "hex "); ok {
				return v
			}
		}
		t.Fatalf("show %q: no hex line in %q", args, out)
		return ""
	}
	if a, b, c, d := hex("0xff00"), hex("65280"), hex("0b1111111100000000"), hex("--", "65280"); a != b || b != c || c != d || a != "0x000000000000ff00" {
		t.Errorf("0xff00 in hex, decimal, binary: %s %s %s %s", a, b, c, d)
	}
	if got := hex("-layout", "berf", "--", "-1"); got != "0xffffffffffffffff" {
		t.Errorf("signed -1 in BERF: %s", got)
	}
	// BERF's bit 0 is a8, which LERF numbers 56.
	if got := hex("-layout", "lerf", "1 << 56"); got != hex("-layout", "lerf", "0x0100000000000000") {
		t.Errorf("an expression's number is LERF: %s", got)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-layout", "0x88", "0x100"}, "bitview show: 0x100: hex: bit 8 is an off-board slot of 0x88: only squares can be set"},
		{[]string{"-layout", "0x88", "255"}, "bitview show: 255: decimal: 128 slots do not fit a 64-bit integer: type hex or binary"},
		{[]string{"0x1ffffffffffffffff"}, "bitview show: 0x1ffffffffffffffff: hex: the number has 65 bits; LERF (a1 = 0) has 64 slots"},
		{[]string{"(P << 8) & emty"}, `bitview show: cannot show "(P << 8) & emty": unknown name 'emty'`},
		{[]string{"-layout", "0x99", "P"}, `bitview show: layout: unknown layout "0x99": use one of lerf, 0x88, msb-a8, berf, 10x12, lefr, befr`},
		{[]string{"-fen", "8/8/8/8/8/8/8/8 w KQkq - 0 x", "P"}, "bitview show: fen: field 6 (fullmove number), character 28 'x'"},
		{nil, "bitview show: name a bitboard, an expression or a number to show"},
	} {
		code, out, errOut := bench(t, "", append([]string{"show"}, tc.args...)...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, tc.want) {
			t.Errorf("show %q: exit %d, %q %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestShowColour: colour goes only to a terminal (a character device)
// and not when NO_COLOR is set; the grid's text is the same either way.
func TestShowColour(t *testing.T) {
	dev, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer dev.Close()
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "")
	if !colourTerminal(dev) {
		t.Errorf("%s (a character device) takes no colour", os.DevNull)
	}
	t.Setenv("NO_COLOR", "1")
	if colourTerminal(dev) {
		t.Error("NO_COLOR=1: colour")
	}
	if colourTerminal(&strings.Builder{}) {
		t.Error("a buffer takes colour")
	}
	l, _ := core.LayoutByID("0x88")
	var plain, coloured strings.Builder
	c := card{key: "P", title: "WhitePawns", bits: core.Rank2BB}
	writeCard(&plain, l, c, cardOptions{style: plainStyle})
	writeCard(&coloured, l, c, cardOptions{style: colourStyle})
	stripped := coloured.String()
	for _, code := range []string{colourStyle.set, colourStyle.off, colourStyle.label, colourStyle.reset} {
		if !strings.Contains(stripped, code) {
			t.Errorf("the coloured card lacks %q", code)
		}
		stripped = strings.ReplaceAll(stripped, code, "")
	}
	if stripped != plain.String() {
		t.Errorf("colour changed the text:\n%s\nwant\n%s", stripped, plain.String())
	}
}
