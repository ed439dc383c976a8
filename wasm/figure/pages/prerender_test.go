package pages

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/figure"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// TestPageFrameworks: the bitboard blocks that Hugo, MkDocs, Jekyll and
// Docusaurus write, and <bitboard-view> elements, get their figures; a
// second run changes nothing; examples inside other code blocks stay.
func TestPageFrameworks(t *testing.T) {
	block := "fen: 8/8/8/8/4P3/8/8/8 w - - 0 1\nshow: P\nboard: false\n"
	want, _ := figure.Resolve(figure.Options{"fen": "8/8/8/8/4P3/8/8/8 w - - 0 1", "show": "P", "board": "false"})
	for _, tc := range []struct {
		name, page string
	}{
		{"hugo", `<html><head></head><body><div class="highlight"><pre tabindex="0" class="chroma"><code class="language-bitboard" data-lang="bitboard"><span class="line"><span class="cl">fen: 8/8/8/8/4P3/8/8/8 w - - 0 1
</span></span><span class="line"><span class="cl">show: P
</span></span><span class="line"><span class="cl">board: false
</span></span></code></pre></div></body></html>`},
		{"mkdocs", `<html><head></head><body><pre><code class="language-bitboard">` + block + `</code></pre></body></html>`},
		{"jekyll", `<html><head></head><body><div class="language-bitboard highlighter-rouge"><div class="highlight"><pre class="highlight"><code>` + block + `</code></pre></div></div></body></html>`},
		{"docusaurus", `<html><head></head><body><div class="language-bitboard codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-bitboard codeBlock_bY9V thin-scrollbar"><code class="codeBlockLines_e6Vv"><span class="token-line"><span class="token plain">fen: 8/8/8/8/4P3/8/8/8 w - - 0 1</span><br></span><span class="token-line"><span class="token plain">show: P</span><br></span><span class="token-line"><span class="token plain">board: false</span><br></span></code></pre></div></div></body></html>`},
		{"element", `<html><head></head><body><p>x &lt;bitboard-view&gt;</p><bitboard-view fen="8/8/8/8/4P3/8/8/8 w - - 0 1" show="P" board="false" size="20rem" id="a"></bitboard-view></body></html>`},
	} {
		for _, base := range []string{"", "/static/bitview/"} {
			t.Run(tc.name+"/base="+base, func(t *testing.T) {
				o, err := Page(tc.name, []byte(tc.page), base)
				if err != nil {
					t.Fatal(err)
				}
				out := o.Page
				// Without a base the page holds the figure inline; with
				// one, its shadow root and an <img> of the figure's file.
				file := FigureFile(sharePieces(want.SVG()))
				img := `<img data-bitview-figure src="` + file + `" alt="Bitboards in LERF (a1 = 0): P (WhitePawns) 0x0000000010000000, 1 square: e4." width="`
				switch n, imgs := strings.Count(string(out), markedSVG(want.SVG())), strings.Count(string(out), img); {
				case base == "" && (n != 1 || imgs != 0 || len(o.Figures) != 0):
					t.Errorf("without a base the page holds the figure %d times, %d <img>, %d files; want 1, 0, 0:\n%.600s", n, imgs, len(o.Figures), out)
				case base != "" && (n != 0 || imgs != 1 || len(o.Figures) != 1 || string(o.Figures[file]) != sharePieces(want.SVG())):
					t.Errorf("with a base the page holds the figure %d times, %d <img> of %s, files %v; want 0, 1 and that file:\n%.600s", n, imgs, file, slices.Collect(maps.Keys(o.Figures)), out)
				}
				if strings.Count(string(out), "<bitboard-view") != strings.Count(tc.page, "<bitboard-view")+1-strings.Count(tc.name, "element") {
					t.Errorf("elements: %d", strings.Count(string(out), "<bitboard-view"))
				}
				if !strings.Contains(string(out), "data-bitview-figures") {
					t.Error("no style for the figures")
				}
				shadows := strings.Count(unseal(out), `<template shadowrootmode="open" `+Mark+`><link rel="stylesheet" href="/static/bitview/view.css" data-bitview="view.css">`)
				if base == "" && shadows != 0 || base != "" && shadows != 1 {
					t.Errorf("with base %q the page has %d shadow roots", base, shadows)
				}
				if base != "" {
					o := model.Options{FEN: "8/8/8/8/4P3/8/8/8 w - - 0 1", Show: "P", Board: new(bool), PieceBase: base + "pieces/chessnut/"}
					drawing := view.EmbedDrawing(model.ResolveEmbed(o, nil), "")
					if !strings.Contains(string(out), `<div part="view" class="host" data-values="all" data-base="/static/bitview/">`+asciiHTML(drawing)+`</div></template>`) {
						t.Errorf("the shadow root does not hold the view as mount draws it:\n%.900s", out)
					}
					if tc.name == "element" && !strings.Contains(string(out), `<style data-bitview="size">:host{width:20rem}</style>`) {
						t.Error("the element's size is not in its shadow root")
					}
				}
				again, err := Page(tc.name, out, base)
				if err != nil || !bytes.Equal(again.Page, out) {
					t.Errorf("a second run changed the page (%v)", err)
				}
			})
		}
	}
}

// TestScriptBase: the folder of Bitview's files is that of the page's
// <script src="…/bitview-element.js"> (or bitview-load.js, or
// bitview-markdown.js), as written.
func TestScriptBase(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{`<script type="module" src="/static/bitview/bitview-element.js"></script>`, "/static/bitview/"},
		{`<script type=module src='https://cdn.jsdelivr.net/npm/bitview@0.1.0/bitview-element.js?v=2'></script>`, "https://cdn.jsdelivr.net/npm/bitview@0.1.0/"},
		{`<p>x</p><script src="bitview-element.js" type="module"></script>`, "./"},
		{`<script src="js/notbitview-element.js"></script><script src="app.js"></script>`, ""},
		{`<pre><code>&lt;script src="/b/bitview-element.js"&gt;</code></pre>`, ""},
		{``, ""},
		// Issue 45.7: the README's one line, and MkDocs's extra_javascript.
		{`<script src="/repo/bitview/bitview-load.js" defer></script>`, "/repo/bitview/"},
		{`<script src="../../bitview/bitview-load.js" defer></script>`, "../../bitview/"},
		{`<script type="module" src="/static/bitview-markdown.js"></script>`, "/static/"},
	} {
		if got := ScriptBase([]byte(tc.page)); got != tc.want {
			t.Errorf("ScriptBase(%q) = %q, want %q", tc.page, got, tc.want)
		}
	}
}

// TestBaseWarning (issue 45.7): a -base that cannot be where the page's
// script finds Bitview's files is warned about, naming the script's
// line; one that may be (the same folder, relative or with the site's
// sub-path before it) is not, nor is a page without a script.
func TestBaseWarning(t *testing.T) {
	for _, tc := range []struct {
		script, base, sitePath string
		warn                   bool
	}{
		{"/repo/bitview/bitview-load.js", "/repo/bitview/", "posts/a.html", false},
		{"/repo/bitview/bitview-load.js", "/bitview/", "posts/a.html", true},
		{"/repo/bitview/bitview-load.js", "/repo/bitview", "posts/a.html", false},
		{"../bitview/bitview-load.js", "/repo/bitview/", "posts/a.html", false},
		{"../bitview/bitview-load.js", "/bitview/", "posts/a.html", false},
		{"../bitview/bitview-load.js", "/static/", "posts/a.html", true},
		{"bitview/bitview-load.js", "/bitview/", "posts/a.html", true},
		{"/bitview/bitview-load.js", "../bitview/", "posts/a.html", false},
		{"/bitview/bitview-load.js", "./", "posts/a.html", true},
		{"../bitview/bitview-load.js", "/other/", "", false}, // no site path: cannot tell
		{"https://cdn.jsdelivr.net/npm/bitview@0.1.0/bitview-load.js", "/bitview/", "a.html", true},
		{"https://cdn.jsdelivr.net/npm/bitview@0.1.0/bitview-load.js", "https://cdn.jsdelivr.net/npm/bitview@0.1.0/", "a.html", false},
		{"", "/bitview/", "a.html", false},
	} {
		page := "<html><head>\n<title>x</title>\n"
		if tc.script != "" {
			page += `<script src="` + tc.script + `" defer></script>`
		}
		page += "</head><body></body></html>\n"
		w := baseWarning("a.html", []byte(page), tc.base, tc.sitePath)
		switch {
		case tc.warn && (w == nil || w.Line != 3 || !strings.Contains(w.Error(), `-base "`+tc.base+`" is not where the page's script "`+tc.script+`" finds Bitview's files`)):
			t.Errorf("script %s, -base %s, page %s: %v; want a warning at line 3", tc.script, tc.base, tc.sitePath, w)
		case !tc.warn && w != nil:
			t.Errorf("script %s, -base %s, page %s: %v; want none", tc.script, tc.base, tc.sitePath, w)
		}
	}
}

// TestShadow: a shadow root carries the element's values and a size that
// is a CSS length, never text that could end its rule or its <style>;
// options the element would show an error for are errors.
func TestShadow(t *testing.T) {
	for _, tc := range []struct {
		attrs [][2]string
		has   []string
		not   []string
		err   string
	}{
		{[][2]string{{"show", "P"}, {"values", "hex"}, {"size", "min(100%, 22rem)"}}, []string{`data-values="hex"`, `:host{width:min(100%, 22rem)}`}, []string{"repr.css"}, ""},
		{[][2]string{{"size", `10px}</style><script>alert(1)</script>`}}, nil, []string{"<script", `data-bitview="size"`}, ""},
		{[][2]string{{"show", "P"}, {"height", "calc(100% - 4rem)"}}, []string{`:host{height:calc(100% - 4rem)}`}, nil, ""},
		{[][2]string{{"size", "300px"}, {"height", "30rem"}}, []string{`:host{width:300px;height:30rem}`}, nil, ""},
		{[][2]string{{"height", `1px}</style><script>alert(1)</script>`}}, nil, []string{"<script", `data-bitview="size"`}, ""},
		{[][2]string{{"repr", ""}, {"grid", "false"}}, []string{`href="repr.css" data-bitview="repr.css"`, `class="view-repr">`}, nil, ""},
		{[][2]string{{"perft", "2"}}, []string{"Perft divide, depth 2", "<td>400</td>"}, nil, ""},
		{[][2]string{{"perft", "7"}}, nil, nil, "perft"},
		{[][2]string{{"interactive", "false"}}, []string{`data-interactive="0"`}, nil, ""},
	} {
		got, err := Shadow(tc.attrs, "./")
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("Shadow(%v): error %v, want one about %s", tc.attrs, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Shadow(%v): %v", tc.attrs, err)
			continue
		}
		for _, h := range tc.has {
			if !strings.Contains(got, h) {
				t.Errorf("Shadow(%v) lacks %q", tc.attrs, h)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(got, n) {
				t.Errorf("Shadow(%v) holds %q", tc.attrs, n)
			}
		}
	}
}

// TestPagesFiles: Pages rewrites only the files whose figures changed,
// leaves a file with a bad figure untouched while doing the others, and
// names the file and line.
func TestPagesFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.html")
	bad := filepath.Join(dir, "posts", "bad.html")
	plain := filepath.Join(dir, "plain.html")
	os.MkdirAll(filepath.Dir(bad), 0o755)
	os.WriteFile(good, []byte("<p>A</p>\n<pre><code class=\"language-bitboard\">show: P\n</code></pre>\n"), 0o644)
	badPage := "<html>\n<body>\n<bitboard-view show=\"P\"></bitboard-view>\n<bitboard-view fen=\"8/8/8/8/8/8/8/9 w - - 0 1\"></bitboard-view>\n</body></html>"
	os.WriteFile(bad, []byte(badPage), 0o644)
	os.WriteFile(plain, []byte("<p>no figures</p>"), 0o644)
	results, err := Pages([]string{dir}, Options{})
	if err == nil || !strings.Contains(err.Error(), "posts/bad.html:4: fen: field 1 (piece placement), character 15 '9'") {
		t.Errorf("Pages: error %v", err)
	}
	if b, _ := os.ReadFile(bad); string(b) != badPage {
		t.Error("the page with a bad figure was written")
	}
	first, _ := os.ReadFile(good)
	if !strings.Contains(string(first), "<svg") || len(results) != 2 || len(results[0].Figures)+len(results[1].Figures) != 0 {
		t.Errorf("good.html was not drawn (%d results)", len(results))
	}
	info, _ := os.Stat(good)
	os.WriteFile(bad, []byte("<p>fixed</p>"), 0o644)
	results, err = Pages([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Changed {
			t.Errorf("second run: %s changed", r.File)
		}
	}
	if again, _ := os.Stat(good); !again.ModTime().Equal(info.ModTime()) {
		t.Error("second run: good.html was written again")
	}
}

// TestASCIIHTML: what Page writes is ASCII outside <style>, each other
// character a reference that HTML reads back as the character: the same
// in a page read as UTF-8 or as windows-1252 (a template without <meta
// charset>, served without a charset).
func TestASCIIHTML(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<b>P · 8 set</b>", "<b>P &#xb7; 8 set</b>"},
		{`<button aria-label="Hide × it">×</button>—`, `<button aria-label="Hide &#xd7; it">&#xd7;</button>&#x2014;`},
		{"a<style>x::after{content:'·'}</style>·<style>", "a<style>x::after{content:'·'}</style>&#xb7;<style>"},
		{"plain", "plain"},
		{"♞ 𝕏", "&#x265e; &#x1d54f;"},
	} {
		if got := asciiHTML(tc.in); got != tc.want {
			t.Errorf("asciiHTML(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	o, err := Page("a.html", []byte(`<body><bitboard-view show="P,N" layout="0x88" perft="1" repr></bitboard-view></body>`), "/b/")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range o.Page {
		if c >= 0x80 {
			t.Fatalf("byte %d of the page is %#x, not ASCII: …%.80q", i, c, o.Page[max(0, i-40):])
		}
	}
	if !strings.Contains(string(o.Page), "&#xb7;") {
		t.Error("the figure holds no \u00b7 to write as a reference: the test means nothing")
	}
}
