package pages_test

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bitview/bitview/wasm/figure/pages"
)

// A built page (a fence as MkDocs builds it, and an element with the
// author's fallback) prerendered for a site under /repo/: each figure
// gets its shadow root and an <img> of its file, both marked as
// prerender's (sealed: see Mark); the author's paragraph stays. The
// shadow roots, images and seals are shortened here.
func ExamplePage() {
	page := "<html><head></head><body>\n" +
		"<pre><code class=\"language-bitboard\">show: P\n</code></pre>\n" +
		"<bitboard-view show=\"N\"><p>The knights.</p></bitboard-view>\n" +
		"</body></html>\n"
	o, err := pages.Page("posts/pawns/index.html", []byte(page), "/repo/bitview/")
	if err != nil {
		fmt.Println(err)
		return
	}
	out := regexp.MustCompile(`(?s)(<template shadowrootmode="open" data-bitview-prerendered=")[0-9a-f]{16}("><link rel="stylesheet" href="[^"]*").*?</template>`).ReplaceAllString(string(o.Page), "${1}SEAL$2 …</template>")
	out = regexp.MustCompile(`(<img data-bitview-figure src="bitview-figures/)[0-9a-f]+\.svg" [^>]*>`).ReplaceAllString(out, "$1….svg\" … data-bitview-prerendered=\"SEAL\">")
	fmt.Println(strings.Replace(out, pages.Style, `<style data-bitview-figures data-bitview-prerendered="SEAL">…</style>`, 1))
	fmt.Println(len(o.Figures), "figure files, to write beside the page in", pages.FiguresDir)
	// Output:
	// <html><head><style data-bitview-figures data-bitview-prerendered="SEAL">…</style>
	// </head><body>
	// <bitboard-view show="P"><template shadowrootmode="open" data-bitview-prerendered="SEAL"><link rel="stylesheet" href="/repo/bitview/view.css" …</template><img data-bitview-figure src="bitview-figures/….svg" … data-bitview-prerendered="SEAL"></bitboard-view>
	// <bitboard-view show="N"><template shadowrootmode="open" data-bitview-prerendered="SEAL"><link rel="stylesheet" href="/repo/bitview/view.css" …</template><img data-bitview-figure src="bitview-figures/….svg" … data-bitview-prerendered="SEAL"><p>The knights.</p></bitboard-view>
	// </body></html>
	//
	// 2 figure files, to write beside the page in bitview-figures
}
