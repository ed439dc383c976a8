package png

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/srwiley/oksvg"
)

// The expected outputs below are worked out by hand from the path data
// rules: SVG 1.1 (Second Edition), 8.3.2–8.3.8 for what each command
// draws, 8.3.9 for the grammar, appendix F.2 for errors and F.6 for arcs;
// SVG 2, 9.3.9 for arc flags written without separators. Where an arc is
// turned into cubics, each quarter turn of a circle of radius r gets its
// control points r·κ along the tangents, κ = 4/3·tan(π/8) ≈ 0.5523; those
// cases are compared to 4 decimals (approx), the others exactly.
var pathCases = []struct {
	name, in, want string
	approx         bool
}{
	// Empty path data draws nothing (8.3.9: svg-path is wsp* and an
	// optional group of commands).
	{"empty", "", "", false},
	{"only white space", " \t\r\n", "", false},

	// Implicit commands: a move's further pairs are lines, relative
	// after m (8.3.2); any other command repeats with more numbers.
	{"M then pairs", "M0 0 10 10 20 20", "M 0 0 L 10 10 L 20 20", false},
	{"m then pairs", "m1 1 2 2 3 3", "M 1 1 L 3 3 L 6 6", false},
	{"m after M", "M1 1 m2 2 3 3", "M 1 1 M 3 3 L 6 6", false},
	{"l repeated", "M0 0 l1 2 3 4", "M 0 0 L 1 2 L 4 6", false},
	{"L repeated", "M0 0 L1 2 3 4", "M 0 0 L 1 2 L 3 4", false},
	{"H V h v", "M1 2 H5 V7 h-1 v-2", "M 1 2 L 5 2 L 5 7 L 4 7 L 4 5", false},
	{"H repeated", "M0 0 H1 2 3", "M 0 0 L 1 0 L 2 0 L 3 0", false},
	{"v repeated", "M0 0 v1 1", "M 0 0 L 0 1 L 0 2", false},
	{"c repeated", "M0 0 c1 1 2 2 3 3 1 1 2 2 3 3", "M 0 0 C 1 1 2 2 3 3 C 4 4 5 5 6 6", false},
	// S's first control point is the last C's second one reflected
	// about the current point (8.3.6): (3,4) about (5,6) is (7,8).
	{"S after C", "M0 0 C1 2 3 4 5 6 S9 10 11 12", "M 0 0 C 1 2 3 4 5 6 C 7 8 9 10 11 12", false},
	{"s after c", "M0 0 c1 2 3 4 5 6 s4 4 6 6", "M 0 0 C 1 2 3 4 5 6 C 7 8 9 10 11 12", false},
	{"s repeated", "M0 0 s1 1 2 2 1 1 2 2", "M 0 0 C 0 0 1 1 2 2 C 3 3 3 3 4 4", false},
	{"S after L", "M0 0 L5 6 S9 10 11 12", "M 0 0 L 5 6 C 5 6 9 10 11 12", false},
	{"S after Q", "M0 0 Q3 3 6 0 S8 0 9 0", "M 0 0 C 2 2 4 2 6 0 C 6 0 8 0 9 0", false},
	// A quadratic with control Q is the cubic with control points two
	// thirds of the way from each end to Q: (0,0) Q(3,3) (6,0) is
	// C(2,2) (4,2). T reflects the last Q's control point (8.3.7).
	{"Q", "M0 0 Q3 3 6 0", "M 0 0 C 2 2 4 2 6 0", false},
	{"q repeated", "M0 0 q3 3 6 0 3 3 6 0", "M 0 0 C 2 2 4 2 6 0 C 8 2 10 2 12 0", false},
	{"T after Q", "M0 0 Q3 3 6 0 T12 0", "M 0 0 C 2 2 4 2 6 0 C 8 -2 10 -2 12 0", false},
	{"t repeated", "M0 0 q3 3 6 0 t6 0 6 0", "M 0 0 C 2 2 4 2 6 0 C 8 -2 10 -2 12 0 C 14 2 16 2 18 0", false},
	{"T first", "M0 0 T6 0", "M 0 0 C 0 0 2 0 6 0", false},
	{"T after C", "M0 0 C1 1 2 2 3 3 T6 0", "M 0 0 C 1 1 2 2 3 3 C 3 3 4 2 6 0", false},

	// Numbers (8.3.9): exponents, signs and points end a number and
	// start the next one.
	{"exponents", "M1e2 1E-1", "M 100 0.1", false},
	{"exponent with plus", "M.5e+1 -1e1", "M 5 -10", false},
	{"exponents without separator", "M-1e1-1e1", "M -10 -10", false},
	{"exponent then point", "M1e1.5", "M 10 0.5", false},
	{"trailing point", "M1.e1 2.", "M 10 2", false},
	{"second point starts a number", "M1.5.5e1", "M 1.5 5", false},
	{"signs as separators", "M-1-2", "M -1 -2", false},
	{"points as separators", "M.5.5", "M 0.5 0.5", false},
	{"sign and point", "M-.5-.5", "M -0.5 -0.5", false},
	{"plus signs", "M+1+2", "M 1 2", false},
	{"implicit lines without separators", "M1-2-3-4", "M 1 -2 L -3 -4", false},
	{"points only", "M0.5.5.5.5", "M 0.5 0.5 L 0.5 0.5", false},
	{"leading zeros", "M007 0010", "M 7 10", false},
	{"exponents and a comma", "M1E+2,1e-2", "M 100 0.01", false},
	{"large and small", "M123456789012 0.000001", "M 123456789012 0.000001", false},

	// Arcs (8.3.8, F.6). From (0,0) to (2,0) with radius 1: sweep 1
	// (clockwise on screen, y down) passes (1,-1), sweep 0 (1,1).
	{"arc sweep 1", "M0 0 A1 1 0 0 1 2 0", "M 0 0 C 0 -0.5523 0.4477 -1 1 -1 C 1.5523 -1 2 -0.5523 2 0", true},
	{"arc sweep 0", "M0 0 A1 1 0 0 0 2 0", "M 0 0 C 0 0.5523 0.4477 1 1 1 C 1.5523 1 2 0.5523 2 0", true},
	// A quarter turn to (1,1), clockwise: about the centre (0,1).
	{"arc flags spaced", "M0 0 a1 1 0 0 1 1 1", "M 0 0 C 0.5523 0 1 0.4477 1 1", true},
	{"arc flags compact", "M0 0a1 1 0 011 1", "M 0 0 C 0.5523 0 1 0.4477 1 1", true},
	{"arc flags with commas", "M0 0a1,1,0,0,1,1,1", "M 0 0 C 0.5523 0 1 0.4477 1 1", true},
	{"arc flags run together", "M0 0a1 1 0 01 1 1", "M 0 0 C 0.5523 0 1 0.4477 1 1", true},
	// The large arc (three quarter turns) about the other centre, (1,0).
	{"arc large", "M0 0 A1 1 0 1 1 1 1", "M 0 0 C 0 -0.5523 0.4477 -1 1 -1 C 1.5523 -1 2 -0.5523 2 0 C 2 0.5523 1.5523 1 1 1", true},
	{"arc repeated", "M0 0 a1 1 0 0 1 2 0 1 1 0 0 1 2 0", "M 0 0 C 0 -0.5523 0.4477 -1 1 -1 C 1.5523 -1 2 -0.5523 2 0 C 2 -0.5523 2.4477 -1 3 -1 C 3.5523 -1 4 -0.5523 4 0", true},
	// Radii too small to reach are scaled up until they do (F.6.6, step
	// 3); negative radii are their absolute values (step 1).
	{"arc radii too small", "M0 0 A0.5 0.5 0 0 1 2 0", "M 0 0 C 0 -0.5523 0.4477 -1 1 -1 C 1.5523 -1 2 -0.5523 2 0", true},
	{"arc radii negative", "M0 0 A-1 -1 0 0 1 2 0", "M 0 0 C 0 -0.5523 0.4477 -1 1 -1 C 1.5523 -1 2 -0.5523 2 0", true},
	// A radius 0 is a line; an arc to its own start is no segment (F.6.2).
	{"arc radius 0", "M0 0 A0 1 0 0 1 2 0", "M 0 0 C 0 0 2 0 2 0", false},
	{"arc to its start", "M1 1 A1 1 0 0 1 1 1", "M 1 1", false},
	// An ellipse rx 2, ry 1 turned 90°: from (0,0) to (0,4), its major
	// axis, clockwise through (1,2).
	{"arc rotated", "M0 0 A2 1 90 0 1 0 4", "M 0 0 C 0.5523 0 1 0.8954 1 2 C 1 3.1046 0.5523 4 0 4", true},
	{"arc then relative line", "M1 1 a1 1 0 0 1 2 0 l1 1", "M 1 1 C 1 0.4477 1.4477 0 2 0 C 2.5523 0 3 0.4477 3 1 L 4 2", true},

	// Closepath (8.3.3): the current point goes back to the subpath's
	// start, where a next command other than a move starts.
	{"Z then L", "M1 1 L2 2 Z L3 3", "M 1 1 L 2 2 Z M 1 1 L 3 3", false},
	{"z then l", "M1 1 l1 0 z l0 1", "M 1 1 L 2 1 Z M 1 1 L 1 2", false},
	{"z then h", "M1 1 Z h1", "M 1 1 Z M 1 1 L 2 1", false},
	{"z then c", "M1 1 L2 2 z c1 1 1 1 1 1", "M 1 1 L 2 2 Z M 1 1 C 2 2 2 2 2 2", false},
	{"z then m", "M1 1 L2 2 z m1 1", "M 1 1 L 2 2 Z M 2 2", false},
	{"Z then M without space", "M0 0 L1 1zM5 5", "M 0 0 L 1 1 Z M 5 5", false},
	{"z twice", "M0 0zz", "M 0 0 Z Z", false},

	// White space (space, tab, CR, LF) and one comma between numbers
	// (8.3.9's wsp and comma-wsp), none needed before a command.
	{"white space everywhere", "  M 1 , 2 L\t3\n4\r\n  ", "M 1 2 L 3 4", false},
	{"commas", "M1,2,3,4", "M 1 2 L 3 4", false},
	{"space before comma", "M1 ,2", "M 1 2", false},
	{"comma then space", "M1, 2L3 ,4", "M 1 2 L 3 4", false},
	{"no space before a command", "M1 2L3 4", "M 1 2 L 3 4", false},
	{"white space after a command", "M\t1\n2\rL 3 4", "M 1 2 L 3 4", false},

	// Relative and absolute commands mixed: a relative command's numbers
	// are from the current point, wherever the last command left it.
	{"l L l", "M10 10 l5 0 L0 0 l-1 -1", "M 10 10 L 15 10 L 0 0 L -1 -1", false},
	{"c C s", "M10 10 c0 0 5 5 10 0 C0 0 1 1 2 2 s1 1 2 2", "M 10 10 C 10 10 15 15 20 10 C 0 0 1 1 2 2 C 3 3 3 3 4 4", false},
	{"m h V z m l", "m10 10 h5 V0 h-5 z m5 5 l1 1", "M 10 10 L 15 10 L 15 0 L 10 0 Z M 15 15 L 16 16", false},

	// More lenient than the grammar, as documented on pathScanner: a
	// comma wherever white space may stand.
	{"lenient: commas around a command", "M,0,,0,L1 1", "M 0 0 L 1 1", false},
}

// TestNormalizePath: each case's output, and that normalizing it again
// changes nothing.
func TestNormalizePath(t *testing.T) {
	for _, tc := range pathCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := normalizePath(tc.in)
			if err != nil {
				t.Fatalf("normalizePath(%q): %v", tc.in, err)
			}
			if tc.approx && !samePath(got, tc.want, 1e-4) || !tc.approx && got != tc.want {
				t.Errorf("normalizePath(%q)\n got %s\nwant %s", tc.in, got, tc.want)
			}
			if again, err := normalizePath(got); again != got || err != nil {
				t.Errorf("normalizePath(%q) = %q, %v; want it unchanged", got, again, err)
			}
		})
	}
}

// TestNormalizePathSpelling: compact spellings read as their spaced-out
// forms, written by hand from the grammar (SVG 1.1, 8.3.9; SVG 2, 9.3.9
// for the flags).
func TestNormalizePathSpelling(t *testing.T) {
	for _, tc := range []struct{ compact, spaced string }{
		{"M0 0a1 1 0 00.5.5", "M 0 0 a 1 1 0 0 0 0.5 0.5"},
		{"M10-20A5.5.3-4 110-.1", "M 10 -20 A 5.5 0.3 -4 1 1 0 -0.1"},
		{"M0 0a2 2 0 1 0 1-1", "M 0 0 a 2 2 0 1 0 1 -1"},
		{"M0 0a1 1 0 0 1.5.5", "M 0 0 a 1 1 0 0 1 0.5 0.5"},
		{"M0 0a1 1 0 00.5.5.7.7 0 00.5.5", "M 0 0 a 1 1 0 0 0 0.5 0.5 a 0.7 0.7 0 0 0 0.5 0.5"},
		{"M1-1c.5.5-.5.5 0 1s1e0-1E0 1 0", "M 1 -1 c 0.5 0.5 -0.5 0.5 0 1 s 1 -1 1 0"},
		{"M0,0L1,1,2,2Z", "M 0 0 L 1 1 L 2 2 Z"},
	} {
		got, err := normalizePath(tc.compact)
		want, err2 := normalizePath(tc.spaced)
		if err != nil || err2 != nil || got != want {
			t.Errorf("normalizePath(%q) = %q, %v\nnormalizePath(%q) = %q, %v; want them the same", tc.compact, got, err, tc.spaced, want, err2)
		}
	}
}

// TestNormalizePathErrors: path data off the grammar is an error naming
// the byte where a browser stops drawing (SVG 1.1, F.2), never a panic
// or an endless loop.
func TestNormalizePathErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"L1 1", `byte 0 ("L1 1"): path data starts with M or m`},
		{"1 2", `byte 0 ("1 2"): path data starts with M or m`},
		{"M", "byte 1 (the end): want a number: M takes 2 numbers"},
		{"M1", "byte 2 (the end): want a number: M takes 2 numbers"},
		{"M1 2 3", "byte 6 (the end): want a number: L takes 2 numbers"},
		{"m1 2 3", "byte 6 (the end): want a number: l takes 2 numbers"},
		{"M0 0 L", "byte 6 (the end): want a number: L takes 2 numbers"},
		{"M0 0 C1 2 3 4 5", "byte 15 (the end): want a number: C takes 6 numbers"},
		{"M0 0 x", `byte 5 ("x"): not a command or a number`},
		{"M0 0 L1 e", `byte 8 ("e"): want a number: L takes 2 numbers`},
		{"M1e 2", `byte 2 ("e 2"): want a number: M takes 2 numbers`},
		{"M0 0 L１ 2", `byte 6 ("１ 2"): want a number: L takes 2 numbers`},
		{"M0 0\x00", `byte 4 ("\x00"): not a command or a number`},
		// Z takes no numbers: this one looped for ever, writing Z after Z.
		{"M0 0 z 1 2", `byte 7 ("1 2"): Z takes no numbers`},
		{"M0 0 Z1", `byte 6 ("1"): Z takes no numbers`},
		// Flags are 0 or 1; a number after them is as long as it goes.
		{"M0 0 A1 1 0 2 0 1 1", `byte 12 ("2 0 1 1"): want a flag, 0 or 1: A takes 7 numbers`},
		{"M0 0 a1 1 0 0 -1 1 1", `byte 14 ("-1 1 1"): want a flag, 0 or 1: a takes 7 numbers`},
		{"M0 0 a1 1 0 0111", "byte 16 (the end): want a number: a takes 7 numbers"},
		{"M0 0 a1 1 0 0 1.5 1 1", "byte 21 (the end): want a number: a takes 7 numbers"}, // 1 .5 1, then an arc of rx 1
		// Out of range: a number beyond float64, coordinates that
		// overflow, an arc too large to compute.
		{"M0 0 L1e400 0", `byte 6 ("1e400 0"): the number is out of range`},
		{"M1e308 0 l1e308 0", `byte 9 ("l1e308 0"): the coordinates are out of range`},
		{"M0 0 A1e200 1e200 0 0 0 1e200 1", `byte 5 ("A1e200 1e200 0 0 0 1e200 1"): the arc's numbers are out of range`},
	} {
		got, err := normalizePath(tc.in)
		if err == nil || err.Error() != "path data, "+tc.want {
			t.Errorf("normalizePath(%q) = %q, %v; want the error %q", tc.in, got, err, "path data, "+tc.want)
		}
	}
}

// TestNormalizePaths: every d="…" of a document is rewritten, other
// attributes are not, and the first bad path is the error.
func TestNormalizePaths(t *testing.T) {
	in := `<svg><path id="d" d="m1 1 2 2"/><g data-d="M0 0 5 5"><path fill="#fff" d="M0 0 10 0 10 10z"/></g></svg>`
	want := `<svg><path id="d" d="M 1 1 L 3 3"/><g data-d="M0 0 5 5"><path fill="#fff" d="M 0 0 L 10 0 L 10 10 Z"/></g></svg>`
	if got, err := normalizePaths([]byte(in)); string(got) != want || err != nil {
		t.Errorf("normalizePaths(%s)\n= %s, %v\nwant %s", in, got, err, want)
	}
	bad := `<svg><path d="M0 0 L1"/><path d="M0 0 z 1"/><path d="M0 0 1 1"/></svg>`
	got, err := normalizePaths([]byte(bad))
	if err == nil || !strings.Contains(err.Error(), "byte 7 (the end)") {
		t.Errorf("normalizePaths(%s) = %v; want the first path's error", bad, err)
	}
	if want := `<svg><path d="M0 0 L1"/><path d="M0 0 z 1"/><path d="M 0 0 L 1 1"/></svg>`; string(got) != want {
		t.Errorf("normalizePaths(%s)\n= %s\nwant the bad paths as they were: %s", bad, got, want)
	}
}

// samePath reports whether two normalized paths have the same commands
// and numbers within eps.
func samePath(a, b string, eps float64) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		x, errx := strconv.ParseFloat(fa[i], 64)
		y, erry := strconv.ParseFloat(fb[i], 64)
		if errx != nil || erry != nil {
			if fa[i] != fb[i] {
				return false
			}
		} else if math.Abs(x-y) > eps {
			return false
		}
	}
	return true
}

// normalized is what normalizePath writes: absolute moves, lines, cubics
// and closes, each number plain decimal (no exponent, no plus sign), one
// space between tokens; a non-empty path starts with a move.
var normalized = func() *regexp.Regexp {
	n := ` -?\d+(\.\d+)?`
	cmd := `(M` + n + n + `|L` + n + n + `|C` + strings.Repeat(n, 6) + `|Z)`
	return regexp.MustCompile(`^(M` + n + n + `( ` + cmd + `)*)?$`)
}()

// FuzzNormalizePath: no input panics or hangs; an output holds only what
// oksvg draws as written (see normalized), oksvg's own path reader takes
// it, and normalizing it again changes nothing. Seeded with the cases
// above and every path of the Chessnut pieces.
func FuzzNormalizePath(f *testing.F) {
	for _, tc := range pathCases {
		f.Add(tc.in)
	}
	f.Add("M0 0 z 1 2")
	f.Add("M0 0 a1 1 0 0111")
	files, _ := filepath.Glob("../../../web/pieces/chessnut/*.svg")
	if len(files) != 12 {
		f.Fatalf("%d piece images in web/pieces/chessnut, want 12", len(files))
	}
	for _, name := range files {
		svg, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, m := range pathData.FindAllSubmatch(svg, -1) {
			f.Add(string(m[1]))
		}
	}
	f.Fuzz(func(t *testing.T, d string) {
		out, err := normalizePath(d)
		if err != nil {
			if out != "" {
				t.Errorf("normalizePath(%q) = %q with the error %v", d, out, err)
			}
			return
		}
		if !normalized.MatchString(out) {
			t.Fatalf("normalizePath(%q) = %q, which is not absolute M, L, C and Z with plain numbers", d, out)
		}
		var c oksvg.PathCursor
		if err := c.CompilePath(out); err != nil {
			t.Errorf("oksvg does not read normalizePath(%q) = %q: %v", d, out, err)
		}
		if again, err := normalizePath(out); again != out || err != nil {
			t.Errorf("normalizePath(%q) = %q, but normalizePath of that = %q, %v", d, out, again, err)
		}
	})
}
