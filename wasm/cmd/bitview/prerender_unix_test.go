//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPrerenderSpecialFiles: only regular files are read: a FIFO, or a
// page given that is a link to /dev/zero, is an error naming it (no read
// without end, no wait for a writer; in a folder, such a link leads out
// of the site and is left unread), and the other pages are still done.
func TestPrerenderSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"good.html": "<bitboard-view show=\"P\"></bitboard-view>\n"})
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.html")); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "x.html")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, stdout, stderr := prerenderRun("-base", "/b/", dir)
		done <- result{code, stdout, stderr}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(time.Minute):
		// Release a reader blocked on the FIFO, so the test can end.
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
		t.Fatal("prerender hangs on a FIFO (waited a minute)")
	}
	if want := fifo + ": not a regular file"; r.code != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, %q; want 1 and %q", r.code, r.stderr, want)
	}
	// A link out of the site is left unread; given, it is read, and refused.
	zero := filepath.Join(dir, "zero.html")
	if want := "left " + zero + " as it is: a link to /dev/zero, outside the site"; !strings.Contains(r.stdout, want) {
		t.Errorf("%q; want %q", r.stdout, want)
	}
	if code, _, stderr := prerenderRun("-base", "/b/", zero); code != 1 || !strings.Contains(stderr, zero+": not a regular file") {
		t.Errorf("%s given: exit %d, %q; want 1 and not a regular file", zero, code, stderr)
	}
	if !strings.Contains(r.stdout, "wrote "+filepath.Join(dir, "good.html")) {
		t.Errorf("the regular page was not done: %q", r.stdout)
	}
}
