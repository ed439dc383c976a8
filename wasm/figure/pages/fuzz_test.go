package pages

import (
	"bytes"
	"testing"
)

// FuzzPage: any page either is refused with an error or comes back with
// its figures drawn, and then a second run changes nothing (what Page
// wrote is recognised by its Mark, whatever surrounds it); no page
// panics.
func FuzzPage(f *testing.F) {
	for _, seed := range []string{
		`<html><head></head><body><bitboard-view show="P"><p>fallback</p></bitboard-view></body></html>`,
		"<body>\n<bitboard-view show=\"P\">\n  <img src=\"p.png\" alt=\"pawns\">\n</bitboard-view>\n</body>",
		`<bitboard-view show="N"><template shadowrootmode="open"><template></template></template><svg xmlns="http://www.w3.org/2000/svg" version="1.1"></svg></bitboard-view>`,
		"<pre><code class=\"language-bitboard\">show: P\nlayout: 0x88\n</code></pre>",
		"<div class=\"language-bitboard note\"><p>prose</p><pre><code>show: N\n</code></pre></div>",
		"<div class=\"language-bitboard highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>show: P\n</code></pre></div></div>",
		"<pre><code class=\"language-bitboard\">show: P\n\nprose\n</code></pre>",
		`<script src="/b/bitview-element.js"></script><bitboard-view></bitboard-view>`,
	} {
		f.Add([]byte(seed), "")
		f.Add([]byte(seed), "/b/")
	}
	f.Fuzz(func(t *testing.T, page []byte, base string) {
		if len(page) > 4096 || len(base) > 64 {
			return
		}
		o, err := Page("f.html", page, base)
		if err != nil {
			return
		}
		again, err := Page("f.html", o.Page, base)
		if err != nil {
			t.Fatalf("the drawn page is refused: %v\npage: %q", err, page)
		}
		if !bytes.Equal(again.Page, o.Page) {
			t.Fatalf("a second run changed the page\npage: %q\nfirst:  %.600q\nsecond: %.600q", page, o.Page, again.Page)
		}
	})
}
