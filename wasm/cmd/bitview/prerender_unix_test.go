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

// TestPrerenderSpecialFiles: only regular files are read: a page that is
// a link to /dev/zero, or a FIFO, is an error naming it (no read without
// end, no wait for a writer), and the other pages are still done.
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
	for _, want := range []string{filepath.Join(dir, "zero.html") + ": not a regular file", fifo + ": not a regular file"} {
		if r.code != 1 || !strings.Contains(r.stderr, want) {
			t.Errorf("exit %d, %q; want 1 and %q", r.code, r.stderr, want)
		}
	}
	if !strings.Contains(r.stdout, "wrote "+filepath.Join(dir, "good.html")) {
		t.Errorf("the regular page was not done: %q", r.stdout)
	}
}
