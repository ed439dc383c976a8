//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// sampleFiles are sources of several shapes: empty, tiny, text, bytes that
// do not compress, and more than the smallest brotli window holds.
func sampleFiles() map[string][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 3000)
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	return map[string][]byte{
		"empty.js":           {},
		"one.css":            []byte("a"),
		"index.html":         []byte(strings.Repeat("<p>rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1</p>\n", 200)),
		"noise.wasm":         noise,
		"pieces/wK.svg":      []byte("<svg xmlns='http://www.w3.org/2000/svg'><circle r='1'/></svg>\n"),
		"name with space.js": []byte("// a file whose name has a space\n"),
	}
}

// writeSources writes files below dir, each with the modification time
// mtime and mode 0755 (the wasm is written executable by go build).
func writeSources(t *testing.T, dir string, files map[string][]byte, mtime time.Time) []string {
	t.Helper()
	var names []string
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		names = append(names, p)
	}
	return names
}

// decode returns the content of the sibling p, decoded by its extension's
// decoder; for gzip it also checks that the header holds no name and no
// time, as `gzip -n` writes it.
func decode(t *testing.T, p string) []byte {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader
	switch filepath.Ext(p) {
	case ".br":
		r = brotli.NewReader(f)
	case ".gz":
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if zr.Name != "" || !zr.ModTime.IsZero() {
			t.Errorf("%s: gzip header has name %q and time %v, want neither", p, zr.Name, zr.ModTime)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", p, err)
	}
	return b
}

// TestCompress compresses files of every shape and checks that each
// sibling decodes to its source, carries the source's modification time to
// the nanosecond, is not executable, and replaces what was there; and that
// no temporary file is left.
func TestCompress(t *testing.T) {
	for _, quality := range []int{0, 9, 11} {
		t.Run(fmt.Sprintf("q%d", quality), func(t *testing.T) {
			dir := t.TempDir()
			files := sampleFiles()
			mtime := time.Date(2026, 3, 1, 12, 0, 0, 123456789, time.UTC)
			names := writeSources(t, dir, files, mtime)
			// A stale sibling from an earlier build is replaced.
			if err := os.WriteFile(filepath.Join(dir, "index.html.br"), []byte("stale"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := compressAll(names, quality); err != nil {
				t.Fatal(err)
			}
			for name, want := range files {
				for _, ext := range []string{".br", ".gz"} {
					p := filepath.Join(dir, filepath.FromSlash(name)) + ext
					if got := decode(t, p); !bytes.Equal(got, want) {
						t.Errorf("%s decodes to %d bytes %.20q…, want %d bytes %.20q…", p, len(got), got, len(want), want)
					}
					info, err := os.Stat(p)
					if err != nil {
						t.Fatal(err)
					}
					if !info.ModTime().Equal(mtime) {
						t.Errorf("%s modified at %v, want the source's %v", p, info.ModTime(), mtime)
					}
					if perm := info.Mode().Perm(); perm&0o111 != 0 {
						t.Errorf("%s has mode %v, want no execute bit", p, perm)
					}
				}
			}
			leftovers, err := filepath.Glob(filepath.Join(dir, ".*"))
			if err != nil || len(leftovers) > 0 {
				t.Errorf("temporary files left: %v %v", leftovers, err)
			}
		})
	}
}

// TestCompressSmallerAtHigherQuality checks that the quality reaches the
// encoder: text compresses smaller at 11 than at 0.
func TestCompressSmallerAtHigherQuality(t *testing.T) {
	text := []byte(strings.Repeat("bitboard ", 50) + strings.Repeat("occupancy mailbox castling rights en passant ", 100))
	size := map[int]int64{}
	for _, q := range []int{0, 11} {
		dir := t.TempDir()
		names := writeSources(t, dir, map[string][]byte{"a.txt": text}, time.Now())
		if err := compressAll(names, q); err != nil {
			t.Fatal(err)
		}
		info, err := os.Stat(names[0] + ".br")
		if err != nil {
			t.Fatal(err)
		}
		size[q] = info.Size()
	}
	if size[11] >= size[0] {
		t.Errorf("brotli -q 11 wrote %d B, -q 0 %d B: want -q 11 smaller", size[11], size[0])
	}
}

// TestCompressErrors checks that a file that cannot be compressed is named
// in the error, and that the other files are still compressed.
func TestCompressErrors(t *testing.T) {
	dir := t.TempDir()
	good := writeSources(t, dir, map[string][]byte{"good.js": []byte("ok")}, time.Now())[0]
	missing := filepath.Join(dir, "missing.js")
	folder := filepath.Join(dir, "folder.js")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	err := compressAll([]string{missing, good, folder}, 11)
	if err == nil {
		t.Fatal("compressAll of a missing file and a folder: no error")
	}
	for _, want := range []string{"compress " + missing + ": ", "no such file", "compress " + folder + ": a folder, not a file"} {
		if n := strings.Count(err.Error(), want); n != 1 {
			t.Errorf("error %q says %q %d times, want once", err, want, n)
		}
	}
	for _, ext := range []string{".br", ".gz"} {
		if got := decode(t, good+ext); string(got) != "ok" {
			t.Errorf("%s%s decodes to %q, want %q", good, ext, got, "ok")
		}
		if _, err := os.Stat(missing + ext); err == nil {
			t.Errorf("%s%s was written", missing, ext)
		}
	}
}

// TestBrotliWindow checks the window against the brotli command's choice
// (the smallest 2^lgwin - 16 bytes that holds the file, 10 to 24): for the
// 5,163,941-byte wasm, `brotli -q 9` and `brotli -q 9 -w 23` write the same
// bytes.
func TestBrotliWindow(t *testing.T) {
	for _, tc := range []struct {
		size int64
		want int
	}{
		{0, 10}, {1, 10}, {1<<10 - 16, 10}, {1<<10 - 15, 11}, {1 << 16, 17},
		{5163941, 23}, {1<<24 - 16, 24}, {1<<24 - 15, 24}, {1 << 40, 24},
	} {
		if got := brotliWindow(tc.size); got != tc.want {
			t.Errorf("brotliWindow(%d) = %d, want %d", tc.size, got, tc.want)
		}
	}
}

// TestRun checks the command line: what it runs, and the usage and errors
// it gives for what it does not understand.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	src := writeSources(t, dir, map[string][]byte{"a.js": []byte("let a = 1;\n")}, time.Now())[0]
	for _, tc := range []struct {
		name      string
		args      []string
		err       string // "" when run succeeds
		stdout    string // a part of what run prints on stdout
		usage     bool   // whether the usage is printed
		wantFiles []string
	}{
		{name: "compress", args: []string{"compress", "-q", "5", src}, wantFiles: []string{src + ".br", src + ".gz"}},
		{name: "sw-version", args: []string{"sw-version", dir}, stdout: filepath.Join(dir, "sw-version.js") + `: version: "`,
			wantFiles: []string{filepath.Join(dir, "sw-version.js")}},
		{name: "no command", args: nil, err: "see the usage above", usage: true},
		{name: "unknown command", args: []string{"gzip", src}, err: `unknown command "gzip"`, usage: true},
		{name: "no files", args: []string{"compress", "-q", "9"}, err: "see the usage above", usage: true},
		{name: "quality too high", args: []string{"compress", "-q", "12", src}, err: "compress: -q 12: brotli's quality is 0 to 11"},
		{name: "quality not a number", args: []string{"compress", "-q", "max", src}, err: "see the usage above", usage: true},
		{name: "two folders", args: []string{"sw-version", dir, dir}, err: "see the usage above", usage: true},
		{name: "missing folder", args: []string{"sw-version", filepath.Join(dir, "nope")}, err: "sw-version: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, f := range tc.wantFiles {
				os.Remove(f)
			}
			var stdout, stderr bytes.Buffer
			err := run(tc.args, &stdout, &stderr)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("run(%q) = %v", tc.args, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("run(%q) = %v, want an error holding %q", tc.args, err, tc.err)
			}
			if !strings.Contains(stdout.String(), tc.stdout) {
				t.Errorf("run(%q) printed %q, want %q in it", tc.args, stdout.String(), tc.stdout)
			}
			if got := strings.Contains(stderr.String(), "usage: webbuild compress"); got != tc.usage {
				t.Errorf("run(%q) printed the usage: %v, want %v (stderr %q)", tc.args, got, tc.usage, stderr.String())
			}
			for _, f := range tc.wantFiles {
				if _, err := os.Stat(f); err != nil {
					t.Errorf("run(%q) did not write %s: %v", tc.args, f, err)
				}
			}
		})
	}
}
