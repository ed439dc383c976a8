package figure

import (
	"bytes"
	"errors"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"

	"github.com/bitview/bitview/core"
)

// TestResolveErrors: bad input names the option, the field and the
// character.
func TestResolveErrors(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"}, `fen: field 2 (active color), character 45 'x': `},
		{Options{"fen": "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, `fen: field 1 (piece placement), character 14 'X': `},
		{Options{"show": "P, (P << 8) & emty"}, `show: character 15 'e': "(P << 8) & emty": unknown name 'emty'`},
		{Options{"show": "P,nothing"}, `show: character 3 'n': `},
		{Options{"layout": "lerff"}, `layout: unknown layout "lerff"`},
		{Options{"arrows": "Ge2e4 Xd7d5"}, `arrows: character 7 'X': the colour must be`},
		{Options{"marks": "Gd4,Ye9"}, `marks: character 5 'Y': "e9" is not a square`},
		{Options{"orientation": "up"}, `orientation: "up": use white or black`},
		{Options{"grids": "loose"}, `grids: "loose": use fixed`},
		{Options{"board": "maybe"}, `board: use true or false`},
		{Options{"values": "bin"}, `values: use all, hex or none`},
		{Options{"theme": "light,bitOn=#12345"}, `theme: character 13 '#': bitOn must be a colour`},
		{Options{"theme": "sepia"}, `theme: character 1 's': "sepia" is not light, dark or name=value`},
		{Options{"theme": "dark,fg=#fff"}, `theme: character 6 'f': unknown name "fg"`},
		{Options{"flip": "1"}, `flip: unknown option`},
		{Options{"layout": strings.Repeat("x", 65)}, `layout: layout is 65 bytes; the limit is 64`},
		{Options{"show": strings.Repeat("P,", 2049)}, `show: show is 4,098 bytes; the limit is 4,096`},
	} {
		_, err := Resolve(tc.o)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Resolve(%.60v) = %v, want an error starting %q", tc.o, err, tc.want)
		}
	}
	_, err := Resolve(Options{"fen": "8/8/8/8/8/8/8/8 x - - 0 1"})
	var fe *core.FENError
	if !errors.As(err, &fe) || fe.Field != 2 {
		t.Errorf("Resolve's FEN error %v does not wrap core.FENError", err)
	}
}

// TestResolveDefaults: the element's defaults and the boolean spellings
// it reads.
func TestResolveDefaults(t *testing.T) {
	f, err := Resolve(Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := f.Embed
	if !e.Board || e.Flipped || e.Labels || len(e.Shown) != 0 || e.Layout.ID != "lerf" || e.Pos.FEN() != core.StartFEN {
		t.Errorf("Resolve({}) = board %v flipped %v labels %v shown %d layout %s fen %s", e.Board, e.Flipped, e.Labels, len(e.Shown), e.Layout.ID, e.Pos.FEN())
	}
	for _, v := range []string{"false", "0", "off", "NO", " False "} {
		if f, err := Resolve(Options{"board": v, "show": "P"}); err != nil || f.Embed.Board {
			t.Errorf("board=%q: board %v, %v", v, f != nil && f.Embed.Board, err)
		}
	}
	if f, _ := Resolve(Options{"labels": "", "orientation": "black", "grid": "false", "show": "P"}); !f.Embed.Labels || !f.Embed.Flipped || len(f.Embed.Shown) != 0 {
		t.Errorf("labels, orientation=black, grid=false: %+v", f.Embed)
	}
}

// TestThemes: light and dark come from web/view.css as the element's
// getComputedStyle gives them; pairs replace single colours.
func TestThemes(t *testing.T) {
	l, err := ParseTheme("")
	if err != nil || l.Light != "#eed9b6" || l.Background != "#ffffff" || !strings.HasPrefix(l.Mono, "ui-monospace") {
		t.Errorf(`ParseTheme("") = %+v, %v`, l, err)
	}
	d, err := ParseTheme("dark")
	if err != nil || d.Light != "#c9b48f" || d.Background != "#1c1f24" || d.Mono != l.Mono {
		t.Errorf(`ParseTheme("dark") = %+v, %v`, d, err)
	}
	c, err := ParseTheme("dark, bitOn=#123, background=#000000ff")
	if err != nil || c.BitOn != "#123" || c.Background != "#000000ff" || c.Light != d.Light {
		t.Errorf("ParseTheme(pairs) = %+v, %v", c, err)
	}
}

// TestPNG: the PNG is the SVG's size times the scale, and a scale out of
// range is refused.
func TestPNG(t *testing.T) {
	f, err := Resolve(Options{"show": "P", "arrows": "Ge2e4", "marks": "Rd4"})
	if err != nil {
		t.Fatal(err)
	}
	for _, scale := range []float64{1, 2, 1.5} {
		data, err := f.PNG(scale)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		svg := f.SVG()
		var w, h float64
		if _, err := fmtSscan(svg, &w, &h); err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got.X != int(w*scale+0.5) || got.Y != int(h*scale+0.5) {
			t.Errorf("PNG(%v) is %v, want %v×%v", scale, got, w*scale, h*scale)
		}
	}
	for _, scale := range []float64{0, -1, 9} {
		if _, err := f.PNG(scale); err == nil {
			t.Errorf("PNG(%v) succeeded", scale)
		}
	}
}

// fmtSscan reads the width and height attributes of an SVG document.
func fmtSscan(svg string, w, h *float64) (int, error) {
	_, rest, _ := strings.Cut(svg, `width="`)
	ws, rest, _ := strings.Cut(rest, `"`)
	_, rest, _ = strings.Cut(rest, `height="`)
	hs, _, _ := strings.Cut(rest, `"`)
	*w, *h = num(ws), num(hs)
	if *w == 0 || *h == 0 {
		return 0, errors.New("no size")
	}
	return 2, nil
}

// TestPageFrameworks: the bitboard blocks that Hugo, MkDocs, Jekyll and
// Docusaurus write, and <bitboard-view> elements, get their figures; a
// second run changes nothing; examples inside other code blocks stay.
func TestPageFrameworks(t *testing.T) {
	block := "fen: 8/8/8/8/4P3/8/8/8 w - - 0 1\nshow: P\nboard: false\n"
	want, _ := Resolve(Options{"fen": "8/8/8/8/4P3/8/8/8 w - - 0 1", "show": "P", "board": "false"})
	for _, tc := range []struct {
		name, page string
		markdown   bool
	}{
		{"markdown", "# T\n\n```bitboard\n" + block + "```\n\n```html\n<bitboard-view show=\"N\"></bitboard-view>\n```\n", true},
		{"hugo", `<html><head></head><body><div class="highlight"><pre tabindex="0" class="chroma"><code class="language-bitboard" data-lang="bitboard"><span class="line"><span class="cl">fen: 8/8/8/8/4P3/8/8/8 w - - 0 1
</span></span><span class="line"><span class="cl">show: P
</span></span><span class="line"><span class="cl">board: false
</span></span></code></pre></div></body></html>`, false},
		{"mkdocs", `<html><head></head><body><pre><code class="language-bitboard">` + block + `</code></pre></body></html>`, false},
		{"jekyll", `<html><head></head><body><div class="language-bitboard highlighter-rouge"><div class="highlight"><pre class="highlight"><code>` + block + `</code></pre></div></div></body></html>`, false},
		{"docusaurus", `<html><head></head><body><div class="language-bitboard codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-bitboard codeBlock_bY9V thin-scrollbar"><code class="codeBlockLines_e6Vv"><span class="token-line"><span class="token plain">fen: 8/8/8/8/4P3/8/8/8 w - - 0 1</span><br></span><span class="token-line"><span class="token plain">show: P</span><br></span><span class="token-line"><span class="token plain">board: false</span><br></span></code></pre></div></div></body></html>`, false},
		{"element", `<html><head></head><body><p>x &lt;bitboard-view&gt;</p><bitboard-view fen="8/8/8/8/4P3/8/8/8 w - - 0 1" show="P" board="false" size="20rem" id="a"></bitboard-view></body></html>`, false},
	} {
		for _, base := range []string{"", "/static/bitview/"} {
			t.Run(tc.name+"/base="+base, func(t *testing.T) {
				o, err := Page(tc.name, []byte(tc.page), tc.markdown, base)
				if err != nil {
					t.Fatal(err)
				}
				out := o.Page
				// Without a base the page holds the figure inline; with
				// one, its shadow root and an <img> of the figure's file.
				file := FigureFile(want.SVG())
				img := `<img data-bitview-figure src="` + file + `" alt="Bitboards in LERF (a1 = 0): P (WhitePawns) 0x0000000010000000, 1 square: e4." width="`
				switch n, imgs := strings.Count(string(out), want.SVG()), strings.Count(string(out), img); {
				case base == "" && (n != 1 || imgs != 0 || len(o.Figures) != 0):
					t.Errorf("without a base the page holds the figure %d times, %d <img>, %d files; want 1, 0, 0:\n%.600s", n, imgs, len(o.Figures), out)
				case base != "" && (n != 0 || imgs != 1 || len(o.Figures) != 1 || string(o.Figures[file]) != want.SVG()):
					t.Errorf("with a base the page holds the figure %d times, %d <img> of %s, files %v; want 0, 1 and that file:\n%.600s", n, imgs, file, slices.Collect(maps.Keys(o.Figures)), out)
				}
				if strings.Count(string(out), "<bitboard-view") != strings.Count(tc.page, "<bitboard-view")+1-strings.Count(tc.name, "element") {
					t.Errorf("elements: %d", strings.Count(string(out), "<bitboard-view"))
				}
				if !strings.Contains(string(out), "data-bitview-figures") {
					t.Error("no style for the figures")
				}
				shadows := strings.Count(string(out), `<template shadowrootmode="open"><link rel="stylesheet" href="/static/bitview/view.css" data-bitview="view.css">`)
				if base == "" && shadows != 0 || base != "" && shadows != 1 {
					t.Errorf("with base %q the page has %d shadow roots", base, shadows)
				}
				if base != "" {
					o := model.Options{FEN: "8/8/8/8/4P3/8/8/8 w - - 0 1", Show: "P", Board: new(bool), PieceBase: base + "pieces/chessnut/"}
					drawing := view.EmbedDrawing(model.ResolveEmbed(o, nil), "")
					if !strings.Contains(string(out), `<div part="view" class="host" data-values="all" data-base="/static/bitview/">`+drawing+`</div></template>`) {
						t.Errorf("the shadow root does not hold the view as mount draws it:\n%.900s", out)
					}
					if tc.name == "element" && !strings.Contains(string(out), `<style data-bitview="size">:host{width:20rem}</style>`) {
						t.Error("the element's size is not in its shadow root")
					}
				}
				if tc.markdown {
					_, el, _ := strings.Cut(string(out), "<bitboard-view")
					el, _, _ = strings.Cut(el, "</bitboard-view>")
					if strings.Contains(el, "\n\n") {
						t.Error("a blank line inside the element would end CommonMark's HTML block")
					}
				}
				again, err := Page(tc.name, out, tc.markdown, base)
				if err != nil || !bytes.Equal(again.Page, out) {
					t.Errorf("a second run changed the page (%v)", err)
				}
			})
		}
	}
}

// TestScriptBase: the folder of Bitview's files is that of the page's
// <script src="…/bitview-element.js">, as written.
func TestScriptBase(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{`<script type="module" src="/static/bitview/bitview-element.js"></script>`, "/static/bitview/"},
		{`<script type=module src='https://cdn.jsdelivr.net/npm/bitview@0.1.0/bitview-element.js?v=2'></script>`, "https://cdn.jsdelivr.net/npm/bitview@0.1.0/"},
		{`<p>x</p><script src="bitview-element.js" type="module"></script>`, "./"},
		{`<script src="js/notbitview-element.js"></script><script src="app.js"></script>`, ""},
		{`<pre><code>&lt;script src="/b/bitview-element.js"&gt;</code></pre>`, ""},
		{``, ""},
	} {
		if got := ScriptBase([]byte(tc.page)); got != tc.want {
			t.Errorf("ScriptBase(%q) = %q, want %q", tc.page, got, tc.want)
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
	good := filepath.Join(dir, "good.md")
	bad := filepath.Join(dir, "posts", "bad.html")
	plain := filepath.Join(dir, "plain.html")
	os.MkdirAll(filepath.Dir(bad), 0o755)
	os.WriteFile(good, []byte("A\n\n```bitboard\nshow: P\n```\n"), 0o644)
	badPage := "<html>\n<body>\n<bitboard-view show=\"P\"></bitboard-view>\n<bitboard-view fen=\"8/8/8/8/8/8/8/9 w - - 0 1\"></bitboard-view>\n</body></html>"
	os.WriteFile(bad, []byte(badPage), 0o644)
	os.WriteFile(plain, []byte("<p>no figures</p>"), 0o644)
	results, err := Pages([]string{dir}, "", false)
	if err == nil || !strings.Contains(err.Error(), "posts/bad.html:4: fen: field 1 (piece placement), character 15 '9'") {
		t.Errorf("Pages: error %v", err)
	}
	if b, _ := os.ReadFile(bad); string(b) != badPage {
		t.Error("the page with a bad figure was written")
	}
	first, _ := os.ReadFile(good)
	if !strings.Contains(string(first), "<svg") || len(results) != 2 || len(results[0].Figures)+len(results[1].Figures) != 0 {
		t.Errorf("good.md was not drawn (%d results)", len(results))
	}
	info, _ := os.Stat(good)
	os.WriteFile(bad, []byte("<p>fixed</p>"), 0o644)
	results, err = Pages([]string{dir}, "", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Changed {
			t.Errorf("second run: %s changed", r.File)
		}
	}
	if again, _ := os.Stat(good); !again.ModTime().Equal(info.ModTime()) {
		t.Error("second run: good.md was written again")
	}
}

// TestDescribe: a figure's alt text names the position, the side at the
// bottom, its arrows and marks, and each bitboard with its value and
// squares (their count beyond eight).
func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{"fen": "8/8/8/8/4P3/8/8/8 w - - 0 1", "show": "P", "board": "false"}, "Bitboards in LERF (a1 = 0): P (WhitePawns) 0x0000000010000000, 1 square: e4."},
		{Options{"show": "occupied", "orientation": "black", "arrows": "Ge2e4", "marks": "Rd4", "layout": "0x88"},
			"Chess position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, Black at the bottom; arrows Ge2e4; marked squares Rd4. " +
				"Bitboards in 0x88 (a1 = 0, h8 = 119): occupied 0x00ff00ff000000000000000000ff00ff, 32 squares."},
		{Options{"grid": "false"}, "Chess position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, White at the bottom."},
	} {
		f, err := Resolve(tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if got := Describe(f); got != tc.want {
			t.Errorf("Describe(%v) =\n%q, want\n%q", tc.o, got, tc.want)
		}
	}
}
