package pages

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestWrapperKept: a block in a wrapper that holds it alone keeps every
// byte the generator wrote (the wrapper, the <pre>, its lines), and gets
// its figure as a sealed declarative shadow root first in the wrapper, so
// that a framework hydrating the page finds its nodes (Docusaurus's React
// reported error #418 at the replaced wrapper and wrote the page again).
// A second run changes nothing; a block changed since gets its new
// figure in place of the old; a <template> an author wrote there is kept
// and the block's <pre> replaced, as in a wrapper that holds more.
func TestWrapperKept(t *testing.T) {
	open := `<div class="language-bitboard codeBlockContainer_Ckt0 theme-code-block" style="--prism-color:#bfc7d5">`
	inner := func(lines ...string) string {
		var b strings.Builder
		b.WriteString(`<div class="codeBlockContent_QJqH"><pre tabindex="0" class="prism-code language-bitboard"><code class="codeBlockLines_e6Vv">`)
		for _, l := range lines {
			b.WriteString(`<div class="token-line"><span class="token plain">` + l + `</span><br></div>`)
		}
		return b.String() + `</code></pre></div>`
	}
	page := func(body string) string {
		return `<html><head></head><body><header><h1>Pawns</h1></header>` + body + `<p>After.</p></body></html>`
	}
	block := inner("fen: 8/8/8/8/4P3/8/8/8 w - - 0 1", "show: P")
	in := page(open + block + `</div>`)
	for _, base := range []string{"", "/repo/bitview/"} {
		o, err := Page("pawns.html", []byte(in), base)
		if err != nil {
			t.Fatal(err)
		}
		out := string(o.Page)
		shadow := regexp.MustCompile(`(?s)^<template shadowrootmode="open" ` + Mark + `="([0-9a-f]{16})"><style data-bitview="wrapper">(.*?)</style><bitboard-view fen="8/8/8/8/4P3/8/8/8 w - - 0 1" show="P">.*</bitboard-view></template>$`)
		i := strings.Index(out, open)
		j := strings.Index(out, block+`</div><p>After.</p>`)
		if i < 0 || j < 0 {
			t.Fatalf("base %q: the wrapper or its block is not as written:\n%.1500s", base, out)
		}
		m := shadow.FindStringSubmatch(out[i+len(open) : j])
		if m == nil || m[2] != WrapperCSS || !sealed([]byte(out[i+len(open):j]), m[1]) {
			t.Fatalf("base %q: between the wrapper's start tag and its block, want the sealed shadow root with WrapperCSS and the element; got\n%.1500s", base, out[i+len(open):j])
		}
		if strings.Count(out, "<bitboard-view") != 1 || strings.Count(out, "<template shadowrootmode") != 1+btoi(base != "") {
			t.Errorf("base %q: %d elements, %d shadow roots", base, strings.Count(out, "<bitboard-view"), strings.Count(out, "<template shadowrootmode"))
		}
		again, err := Page("pawns.html", o.Page, base)
		if err != nil || string(again.Page) != out {
			t.Errorf("base %q: a second run changed the page (%v)", base, err)
		}
		// The author changes the block's lines in the built page: the
		// next run draws the new figure in place of the old one.
		changed := strings.Replace(out, block, inner("show: N"), 1)
		next, err := Page("pawns.html", []byte(changed), base)
		if err != nil {
			t.Fatal(err)
		}
		if n := string(next.Page); strings.Count(n, "<bitboard-view") != 1 || !strings.Contains(n, `<bitboard-view show="N">`) || !strings.Contains(n, inner("show: N")+`</div><p>After.</p>`) {
			t.Errorf("base %q: after the block changed: %d elements, the new one %v, the block kept %v", base, strings.Count(n, "<bitboard-view"), strings.Contains(n, `<bitboard-view show="N">`), strings.Contains(n, inner("show: N")))
		}
	}
	// An author's <template> (not sealed) first in the wrapper is kept;
	// the wrapper then holds more than the block, whose <pre> is replaced.
	authored := `<template shadowrootmode="open" ` + Mark + `="0123456789abcdef"><p>mine</p></template>`
	o, err := Page("pawns.html", []byte(page(open+authored+block+`</div>`)), "")
	if err != nil {
		t.Fatal(err)
	}
	if out := string(o.Page); !strings.Contains(out, open+authored) || strings.Contains(out, "<pre") || strings.Count(out, "<bitboard-view") != 1 {
		t.Errorf("with an author's template in the wrapper:\n%.1500s", out)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWrapperCSSShared: the style of prerender's shadow root on a wrapper
// is the one bitview-markdown.js gives its own (web/bitview/wrapper.js's
// HOST_CSS), by which the script knows prerender's root and adopts it.
func TestWrapperCSSShared(t *testing.T) {
	b, err := os.ReadFile("../../../web/bitview/wrapper.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^export const HOST_CSS = '([^'\\]*)';$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("web/bitview/wrapper.js has no line export const HOST_CSS = '…'; (one line, no escapes)")
	}
	if string(m[1]) != WrapperCSS {
		t.Errorf("web/bitview/wrapper.js's HOST_CSS is\n%s\nGo's WrapperCSS is\n%s", m[1], WrapperCSS)
	}
}
