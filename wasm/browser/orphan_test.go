//go:build !(js && wasm)

package browser

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/browser/browsers"
	bvpages "github.com/bitview/bitview/wasm/figure/pages"
)

// TestPrerenderedBlockWrittenEarly: a framework that hydrates a
// prerendered page may write a block and its wrapper anew before
// Bitview's modules load (Docusaurus's React does, in Firefox on most
// loads: TestSitesNPM found the wasm fetched). The block keeps the figure
// prerender drew, the same element, and the page fetches no wasm. Here a
// deferred script after bitview-load.js writes each wrapper anew, as
// React does: a new <div> with the same classes and the same light DOM.
func TestPrerenderedBlockWrittenEarly(t *testing.T) {
	const wrapper = `<div class="language-bitboard theme-code-block"><div class="codeBlockContent"><pre tabindex="0" class="prism-code language-bitboard"><code>` +
		`<div class="token-line"><span class="token plain">fen: 8/8/8/8/4P3/8/8/8 w - - 0 1</span><br></div>` +
		`<div class="token-line"><span class="token plain">show: P</span><br></div></code></pre></div></div>`
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Written early</title>
<script src="bitview-load.js" defer></script><script src="anew.js" defer></script></head>
<body><main><h1>Pawns</h1>` + wrapper + `<p>After.</p></main></body></html>`
	out, err := bvpages.Page("early.html", []byte(page), "./")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out.Page), `<div class="language-bitboard theme-code-block"><template shadowrootmode="open"`) {
		t.Fatalf("prerender wrote no shadow root on the wrapper:\n%.3000s", out.Page)
	}
	files := map[string]string{"early.html": string(out.Page), "anew.js": `
for (const old of document.querySelectorAll('div.language-bitboard')) {
  const fresh = document.createElement('div');
  fresh.className = old.className;
  fresh.innerHTML = old.innerHTML; // the light DOM only, as React writes it
  old.replaceWith(fresh);
}
window.anew = document.querySelector('div.language-bitboard');
`}
	for f, svg := range out.Figures {
		files[f] = string(svg)
	}
	url := figureSite(t, files)
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, url+"/early.html")
		got := evalIn[struct {
			Same, Shown, Drawn bool
			Wasm               int
		}](t, tab, `(async () => {
  await customElements.whenDefined('bitboard-view');
  const host = document.querySelector('div.language-bitboard');
  for (let i = 0; i < 100 && !host.shadowRoot?.querySelector('bitboard-view'); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1000)); // a view drawn live would have asked for the wasm by now
  const view = host.shadowRoot?.querySelector('bitboard-view');
  return {
    Same: host === window.anew,
    Shown: !!view && view.getBoundingClientRect().height > 100,
    Drawn: !!view?.shadowRoot?.querySelector('img, svg, .bits, .view'),
    Wasm: performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm')).length,
  };
})()`)
		if !got.Same || !got.Shown || !got.Drawn || got.Wasm != 0 {
			t.Errorf("%s: a prerendered block written anew before the modules load: %+v, want the wrapper written anew showing the prerendered figure, and no wasm fetched", tab.Engine(), got)
		}
	})
}
