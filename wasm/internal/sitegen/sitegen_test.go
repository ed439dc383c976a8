package sitegen

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuild: each generator builds, from its defaults, a site under
// /repo/ whose page holds the line given to Head, the fence as a
// language-bitboard code block and the copied files, and Serve answers
// the page and a copied file under /repo/.
func TestBuild(t *testing.T) {
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(src, "sub", "a.js"), []byte("// a\n"), 0o644)
	os.WriteFile(filepath.Join(src, "skip.go"), []byte("package x\n"), 0o644)
	for _, g := range All {
		t.Run(g.Name, func(t *testing.T) {
			s := New(t, g)
			s.SubPath("/repo/")
			s.Head(`<meta name="sitegen" content="head">`)
			s.Copy(src, "vendor/x", func(rel string) bool { return strings.HasSuffix(rel, ".go") })
			page := s.Page("pawns", "Pawns", "Prose.\n\n```bitboard\nshow: P\n```\n")
			out := s.Build()
			b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(page)))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`<meta name="sitegen" content="head">`, `class="language-bitboard"`, "show: P", "Pawns"} {
				if !strings.Contains(string(b), want) {
					t.Errorf("%s holds no %q:\n%.2000s", page, want, b)
				}
			}
			if strings.Contains(string(b), "sitegen: head") {
				t.Errorf("%s holds the template's mark", page)
			}
			if _, err := os.Stat(filepath.Join(out, "vendor", "x", "sub", "a.js")); err != nil {
				t.Errorf("the copied file: %v", err)
			}
			if _, err := os.Stat(filepath.Join(out, "vendor", "x", "skip.go")); err == nil {
				t.Error("a skipped file was copied")
			}
			url := Serve(t, out, "/repo/")
			if !strings.HasSuffix(url, "/repo/") {
				t.Errorf("Serve: %s, want the URL of /repo/", url)
			}
			for _, p := range []string{strings.TrimSuffix(page, "index.html"), "vendor/x/sub/a.js"} {
				resp, err := http.Get(url + p)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || len(body) == 0 {
					t.Errorf("GET %s%s: %s, %d bytes", url, p, resp.Status, len(body))
				}
			}
		})
	}
}
