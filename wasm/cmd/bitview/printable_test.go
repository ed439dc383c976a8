//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// rawControl returns the first byte or character of s a terminal would
// act on (a C0 or C1 control but the line end and the tab, DEL, invalid
// UTF-8), and whether there is one.
func rawControl(s string) (rune, bool) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f {
			return r, true
		}
		i += size
	}
	return 0, false
}

// TestControlBytesEscaped (issue 46.10): no byte of a page, a file name
// or a bad value reaches the terminal raw, from any command: each is
// written as strconv.Quote writes it (\x1b, \a), the messages' lines and
// the rest of their text as they were.
func TestControlBytesEscaped(t *testing.T) {
	dir := t.TempDir()
	evil := "x\x1b]0;PWNED\a.html"
	writeFiles(t, dir, map[string]string{
		"bad.html": "<bitboard-view show=\"P\x1b]0;T\a\x1b[2J\"></bitboard-view>\n",
		evil:       "<bitboard-view show=\"P\"></bitboard-view>\n",
		"block.html": "<pre><code class=\"language-bitboard\">show: P\n\x1b[2J\u009b2J prose\n" +
			"\x1b]0;T\a: x\n</code></pre>\n",
	})
	os.WriteFile(filepath.Join(dir, "dump.txt"), []byte("0x000000000000FF00 \x1b]0;T\a\n"), 0o644)
	for _, tc := range []struct {
		args  []string
		stdin string
		want  []string // in the output, escaped
	}{
		{[]string{"-show", "P\x1b]0;T\a", "-o", "-"}, "", []string{`"P\x1b]0;T\a"`}},
		{[]string{"-theme", "\x1b[2J", "-o", "-"}, "", []string{`"\x1b[2J"`}},
		{[]string{"prerender", "-n", dir}, "", []string{
			`bad.html:1: show: character 2 '\x1b': "P\x1b]0;T\a\x1b[2J"`,
			"would write " + filepath.Join(dir, `x\x1b]0;PWNED\a.html`),
			`"\x1b[2J\u009b2J prose" is not "key: value"`,
		}},
		{[]string{"prerender", filepath.Join(dir, evil+"x")}, "", []string{filepath.Join(dir, `x\x1b]0;PWNED\a.htmlx`)}},
		{[]string{"show", "P\x1b]0;T\a"}, "", []string{`"P\x1b]0;T\a"`}},
		{[]string{"divide", "-depth", "1", "-engine", "-"}, "e2e4: 1\x1b[2J\nNodes searched: 1\n", []string{`\x1b[2J`}},
		{[]string{"check"}, "0x000000000000FF00 \x1b]0;T\a\n", nil},
	} {
		var stdout, stderr bytes.Buffer
		old := os.Stdin
		if tc.stdin != "" {
			f := filepath.Join(t.TempDir(), "in")
			os.WriteFile(f, []byte(tc.stdin), 0o644)
			in, _ := os.Open(f)
			os.Stdin = in
		}
		code := run(tc.args, &stdout, &stderr)
		os.Stdin = old
		out := stderr.String()
		if len(tc.args) < 3 || tc.args[2] != "-" {
			out += stdout.String()
		}
		if r, ok := rawControl(out); ok {
			t.Errorf("%q: exit %d, a raw %U in the output:\n%q", tc.args, code, r, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: exit %d, the output lacks %s:\n%s", tc.args, code, w, out)
			}
		}
	}
}

// TestPrintableWriter: a character cut between two writes is written
// whole; what is left at the end is escaped.
func TestPrintableWriter(t *testing.T) {
	var b bytes.Buffer
	p := &printable{w: &b}
	s := "é\x1b€\n\t𝄞"
	for i := range len(s) {
		p.Write([]byte{s[i]})
	}
	p.Write([]byte("\xe2\x82"))
	p.flush()
	if want := "é\\x1b€\n\t𝄞\\xe2\\x82"; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
}
