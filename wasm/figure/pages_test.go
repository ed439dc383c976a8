package figure

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestPageKeepsAuthored: what an author writes inside <bitboard-view> is
// kept byte for byte after the figure (its light-DOM fallback), a second
// run changes nothing, and a nested element is refused with its line.
func TestPageKeepsAuthored(t *testing.T) {
	for _, tc := range []struct {
		name, page, authored string
		markdown             bool
	}{
		{"html", `<html><head></head><body><bitboard-view show="P"><p>fallback</p></bitboard-view></body></html>`, "<p>fallback</p>", false},
		{"html lines", "<body>\n<bitboard-view show=\"P\">\n  <img src=\"p.png\" alt=\"pawns\">\n</bitboard-view>\n</body>", "\n  <img src=\"p.png\" alt=\"pawns\">\n", false},
		{"markdown", "# T\n\n<bitboard-view show=\"P\"><p>fallback</p></bitboard-view>\n", "<p>fallback</p>", true},
		{"markdown lines", "# T\n\n<bitboard-view show=\"P\">\n<p>fallback</p>\n</bitboard-view>\n", "\n<p>fallback</p>\n", true},
		{"an svg of the author's", `<body><bitboard-view show="P"><svg width="10"><rect/></svg></bitboard-view></body>`, `<svg width="10"><rect/></svg>`, false},
	} {
		for _, base := range []string{"", "./"} {
			t.Run(tc.name+"/base="+base, func(t *testing.T) {
				out, err := Page(tc.name, []byte(tc.page), tc.markdown, base)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(out, []byte("</svg>"+tc.authored+"</bitboard-view>")) {
					t.Errorf("the author's %q is not kept after the figure:\n%.300s…%s", tc.authored, out, out[max(0, len(out)-300):])
				}
				if n := bytes.Count(out, []byte("<bitboard-view")); n != 1 {
					t.Errorf("%d elements, want 1", n)
				}
				again, err := Page(tc.name, out, tc.markdown, base)
				if err != nil || !bytes.Equal(again, out) {
					t.Errorf("a second run changed the page (%v)", err)
				}
				// Changing the attributes redraws the figure and keeps the fallback.
				changed := bytes.Replace(out, []byte(`show="P"`), []byte(`show="N"`), 1)
				third, err := Page(tc.name, changed, tc.markdown, base)
				if err != nil || bytes.Count(third, []byte(tc.authored)) != bytes.Count(out, []byte(tc.authored)) || bytes.Count(third, []byte("<svg xmlns")) != 1 {
					t.Errorf("after a change of show: %d copies of the fallback, %d figures (%v)", bytes.Count(third, []byte(tc.authored)), bytes.Count(third, []byte("<svg xmlns")), err)
				}
			})
		}
	}
	nested := "<body>\n<bitboard-view show=\"P\">\n<p>a</p>\n  <bitboard-view show=\"N\"></bitboard-view>\n</bitboard-view>\n</body>"
	for _, markdown := range []bool{false, true} {
		_, err := Page("nested.html", []byte(nested), markdown, "")
		if err == nil || !strings.HasPrefix(err.Error(), "nested.html:4: a <bitboard-view> inside the <bitboard-view> of line 2") {
			t.Errorf("nested elements (markdown %v): %v", markdown, err)
		}
	}
}

// TestPagesConcurrentAppend: a page appended to while its figures are
// drawn is left as it is, every appended line kept, and the run says why.
func TestPagesConcurrentAppend(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "notes.md")
	var b strings.Builder
	b.WriteString("# Notes\n")
	for range 30 {
		b.WriteString("\n```bitboard\nshow: P, N, B, R, Q, K\nlabels:\n```\n")
	}
	if err := os.WriteFile(page, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	started := make(chan struct{})
	appended := 0
	wg.Go(func() {
		for {
			f, err := os.OpenFile(page, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Error(err)
				return
			}
			fmt.Fprintf(f, "line %d\n", appended)
			f.Close()
			if appended++; appended == 1 {
				close(started)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	})
	<-started
	_, err := Pages([]string{page}, "", false)
	close(stop)
	wg.Wait()
	got, _ := os.ReadFile(page)
	lost := 0
	for i := range appended {
		if !bytes.Contains(got, fmt.Appendf(nil, "line %d\n", i)) {
			lost++
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d appended lines lost", lost, appended)
	}
	if !errors.Is(err, ErrChanged) || !strings.HasPrefix(err.Error(), page+": changed since it was read") {
		t.Errorf("Pages: %v, want the page named and ErrChanged", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
