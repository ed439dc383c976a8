//go:build !(js && wasm)

package browser

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/browser/browsers"
)

// TestFenceShapesLive: a page holding every case of the fence shapes'
// table (wasm/figure/pages/testdata/fences.json: mkdocs-material,
// Sphinx with MyST, Docusaurus, Astro, Marp, reveal.js, …) under
// bitview-markdown.js, loaded once in each engine: every block the table
// expects is drawn (board or grid), each in its place, and no block is
// left on show but those of the shapes that keep no bitboard language.
func TestFenceShapesLive(t *testing.T) {
	needsSite(t)
	b, err := os.ReadFile(filepath.Join("..", "figure", "pages", "testdata", "fences.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Name, HTML string
			Blocks     []map[string]string
		}
	}
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	var body strings.Builder
	views, left := 0, 0
	for _, c := range table.Cases {
		fmt.Fprintf(&body, "<h2>%s</h2>\n%s\n", html.EscapeString(c.Name), c.HTML)
		views += len(c.Blocks)
		if len(c.Blocks) == 0 {
			left += strings.Count(c.HTML, "<pre")
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Fences</title>
<script type="module" src="%s/bitview-markdown.js"></script>
</head><body><main>%s</main></body></html>`, siteURL, body.String())
	}))
	t.Cleanup(srv.Close)
	state := `(() => { const views = ` + allViewsJS + `();
		return { drawn: views.filter((v) => v.status?.ok && v.shadowRoot.querySelector('.host:not([hidden]) :is(.board, .card .cell)')).length, views: views.length,
			shown: [...document.querySelectorAll('pre, marp-pre')].filter((p) => p.getClientRects().length > 0).length,
			onShow: JSON.stringify([...document.querySelectorAll('pre, marp-pre')].filter((p) => p.getClientRects().length > 0).map((p) => p.outerHTML.slice(0, 120))) }; })()`
	type fenceState struct {
		Drawn, Views, Shown int
		OnShow              string // the blocks on show, their start
	}
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, srv.URL+"/")
		cond := fmt.Sprintf(`((s) => s.drawn === %d && s.views === %[1]d && s.shown === %d)(%s)`, views, left, state)
		if err := browsers.Wait(tabContext(t), tab, nearUntil(cond)); err != nil {
			t.Errorf("%s: %+v, want %d views drawn and %d blocks left on show (%v)", tab.Engine(), evalIn[fenceState](t, tab, state), views, left, err)
		}
		shoot(t, tab, "fences")
		noErrors(t, tab)
	})
}
