package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/figure"
)

// TestRun: the command writes figure's SVG and PNG; bad input exits 1
// naming the option, the field and the character, and writes nothing.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	want, err := figure.Resolve(figure.Options{"fen": "8/8/8/8/4P3/8/8/8 w - - 0 1", "show": "P,empty", "layout": "0x88", "labels": "", "board": "false"})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	svg := filepath.Join(dir, "pawn.svg")
	if code := run([]string{"-fen", "8/8/8/8/4P3/8/8/8 w - - 0 1", "-show", "P,empty", "-layout", "0x88", "-labels", "-board=false", "-o", svg}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if got, _ := os.ReadFile(svg); string(got) != want.SVG() {
		t.Errorf("%s is not figure's SVG", svg)
	}
	stdout.Reset()
	if code := run([]string{"-fen", "8/8/8/8/4P3/8/8/8 w - - 0 1", "-show", "P,empty", "-layout", "0x88", "-labels", "-board=false", "-o", "-"}, &stdout, &stderr); code != 0 || stdout.String() != want.SVG() {
		t.Errorf("-o - wrote %d bytes (exit %d), want the SVG", stdout.Len(), code)
	}
	pngFile := filepath.Join(dir, "pawn.png")
	if code := run([]string{"-show", "P", "-o", pngFile}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if b, _ := os.ReadFile(pngFile); !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Error("the PNG is no PNG")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-fen", "8/8/8/8/8/8/8/8 w KQkq - 0 x"}, "bitview: fen: field 6 (fullmove number), character 28 'x'"},
		{[]string{"-show", "P,(P<<8)&emty"}, `bitview: show: character 10 'e': "(P<<8)&emty"`},
		{[]string{"-theme", "dark,bitOn=teal"}, "bitview: theme: character 12 't': bitOn must be a colour"},
		{[]string{"-show", "P", "-scale", "20"}, "bitview: -scale: scale 20: use a number above 0 and at most 8"},
	} {
		stderr.Reset()
		out := filepath.Join(dir, "bad.png")
		if code := run(append(tc.args, "-o", out), &stdout, &stderr); code != 1 || !strings.HasPrefix(stderr.String(), tc.want) {
			t.Errorf("bitview %q: exit %d, %q; want 1 and %q", tc.args, code, stderr.String(), tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("bitview %q wrote %s", tc.args, out)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".bad*")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}
	if code := run([]string{"-o", filepath.Join(dir, "x.gif")}, &stdout, &stderr); code != 2 {
		t.Errorf("-o x.gif: exit %d, want 2", code)
	}
}

// block is a built page's bitboard block, as MkDocs writes a fence, on
// line 3 of the page.
func block(lines string) string {
	return "<html><head></head><body>\n<p>A</p>\n<pre><code class=\"language-bitboard\">" + lines + "</code></pre>\n</body></html>\n"
}

// TestPrerender: bitview prerender writes the figures of a folder's pages,
// rewrites nothing the second time, and exits 1 naming the file and line of
// a bad figure.
func TestPrerender(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.html"), []byte(block("show: P\nlayout: berf\n")), 0o644)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"prerender", dir}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "wrote ") {
		t.Fatalf("exit %d, %q %q", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"prerender", dir}, &stdout, &stderr); code != 0 || stdout.Len() != 0 {
		t.Errorf("second run: exit %d, %q", code, stdout.String())
	}
	os.WriteFile(filepath.Join(dir, "b.html"), []byte(block("show: P\nlayout: berff\n")), 0o644)
	stderr.Reset()
	if code := run([]string{"prerender", dir}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "b.html:4: layout: unknown layout") {
		t.Errorf("a bad block: exit %d, %q", code, stderr.String())
	}
}

// The command's answer to a FEN with a typo: the option, the field and
// the character at fault, and exit status 1 (no file is written).
func Example() {
	code := run([]string{"-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "-show", "P", "-o", "start.svg"}, os.Stdout, os.Stdout)
	fmt.Println("exit status", code)
	// Output:
	// bitview: fen: field 4 (en passant target square), character 52 'e': en passant target square "e9" must be '-' or a square such as e3
	// exit status 1
}

// TestHelpDescribesEveryOption: -h describes every option of the figure
// (figure.Names) and the command's own: each "-name" line of the usage is
// followed by a description that is not blank (-grids once had none).
func TestHelpDescribesEveryOption(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, &stdout, &stderr); code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	lines := strings.Split(stderr.String(), "\n")
	described := map[string]string{}
	for i, l := range lines {
		name, ok := strings.CutPrefix(l, "  -")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, " ")
		if i+1 < len(lines) {
			described[name] = strings.TrimSpace(lines[i+1])
		}
	}
	for _, name := range append(slices.Clone(figure.Names), "o", "scale") {
		if d, ok := described[name]; !ok || d == "" {
			t.Errorf("-h describes -%s as %q", name, d)
		}
	}
	if d := described["grids"]; !strings.Contains(d, "fixed") {
		t.Errorf("-grids: %q does not name its value, fixed", d)
	}
}

// TestWriteLikeEditor: -o and prerender write through a symbolic link
// and keep the mode; a read-only file is refused with exit 1 and an
// error naming the path given.
func TestWriteLikeEditor(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.svg")
	os.WriteFile(real, []byte("old"), 0o640)
	os.Chmod(real, 0o640)
	link := filepath.Join(dir, "link.svg")
	os.Symlink("real.svg", link)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-show", "P", "-o", link}, &stdout, &stderr); code != 0 {
		t.Fatalf("-o %s: exit %d, %s", link, code, stderr.String())
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
		t.Error("-o: the link became a regular file")
	}
	if info, _ := os.Stat(real); info.Mode().Perm() != 0o640 {
		t.Errorf("-o: the mode became %v, want 0640", info.Mode().Perm())
	}
	if b, _ := os.ReadFile(real); !bytes.HasPrefix(b, []byte("<svg")) {
		t.Error("-o: the link's target was not written")
	}
	ro := filepath.Join(dir, "ro.svg")
	os.WriteFile(ro, []byte("old"), 0o444)
	stderr.Reset()
	if code := run([]string{"-show", "P", "-o", ro}, &stdout, &stderr); code != 1 || !strings.HasPrefix(stderr.String(), "bitview: write "+ro+": the file is read-only") {
		t.Errorf("-o read-only: exit %d, %q", code, stderr.String())
	}
	if b, _ := os.ReadFile(ro); string(b) != "old" {
		t.Error("-o: the read-only file was written")
	}

	page := filepath.Join(dir, "pages", "a.html")
	os.MkdirAll(filepath.Dir(page), 0o755)
	os.WriteFile(page, []byte(block("show: P\n")), 0o600)
	os.Chmod(page, 0o600)
	pageLink := filepath.Join(dir, "a.html")
	os.Symlink("pages/a.html", pageLink)
	if code := run([]string{"prerender", pageLink}, &stdout, &stderr); code != 0 {
		t.Fatalf("prerender %s: exit %d, %s", pageLink, code, stderr.String())
	}
	if info, _ := os.Lstat(pageLink); info.Mode()&os.ModeSymlink == 0 {
		t.Error("prerender: the link became a regular file")
	}
	if info, _ := os.Stat(page); info.Mode().Perm() != 0o600 {
		t.Errorf("prerender: the mode became %v, want 0600", info.Mode().Perm())
	}
	roPage := filepath.Join(dir, "ro.html")
	os.WriteFile(roPage, []byte(block("show: N\n")), 0o444)
	stderr.Reset()
	if code := run([]string{"prerender", roPage}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), roPage+": the file is read-only") {
		t.Errorf("prerender read-only: exit %d, %q", code, stderr.String())
	}
}

// TestPrerenderUnknownKeys: an unknown key is an error naming its line,
// and the page is left as it is (as the live Markdown loader leaves the
// block as text); every wrong option of a block is named.
func TestPrerenderUnknownKeys(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "a.html")
	os.WriteFile(page, []byte(block("show: P\ncolour: red\n")), 0o644)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"prerender", "-base", "/b/", page}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "bitview: "+page+`:4: unknown key "colour"`) {
		t.Errorf("an unknown key: exit %d, %q", code, stderr.String())
	}
	if b, _ := os.ReadFile(page); string(b) != block("show: P\ncolour: red\n") {
		t.Error("the page was written")
	}
	os.WriteFile(page, []byte(block("layout: berff\norientation: up\n")), 0o644)
	stderr.Reset()
	if code := run([]string{"prerender", page}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), page+":3: layout: unknown layout") || !strings.Contains(stderr.String(), page+":4: orientation:") {
		t.Errorf("two wrong options: exit %d, %q", code, stderr.String())
	}
}

// TestRepeatedOption: an option given twice is refused (exit 2), as
// /figure.svg refuses a repeated parameter, not the last one taken.
func TestRepeatedOption(t *testing.T) {
	for _, args := range [][]string{
		{"-layout", "lerf", "-layout", "0x88"},
		{"-show", "P", "-show", "N"},
		{"-labels", "-labels=false"},
	} {
		var stdout, stderr bytes.Buffer
		out := filepath.Join(t.TempDir(), "x.svg")
		code := run(append(args, "-o", out), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "given twice; give it once") {
			t.Errorf("bitview %q: exit %d, %q; want 2 and \"given twice\"", args, code, stderr.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("bitview %q wrote %s", args, out)
		}
	}
}
