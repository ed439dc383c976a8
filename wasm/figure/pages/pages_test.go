package pages

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/figure"
)

// TestPageKeepsAuthored: what an author writes inside <bitboard-view> is
// kept byte for byte after the figure (its light-DOM fallback), a second
// run changes nothing, and a nested element is refused with its line.
func TestPageKeepsAuthored(t *testing.T) {
	for _, tc := range []struct {
		name, page, authored string
	}{
		{"html", `<html><head></head><body><bitboard-view show="P"><p>fallback</p></bitboard-view></body></html>`, "<p>fallback</p>"},
		{"html lines", "<body>\n<bitboard-view show=\"P\">\n  <img src=\"p.png\" alt=\"pawns\">\n</bitboard-view>\n</body>", "\n  <img src=\"p.png\" alt=\"pawns\">\n"},
		{"an svg of the author's", `<body><bitboard-view show="P"><svg width="10"><rect/></svg></bitboard-view></body>`, `<svg width="10"><rect/></svg>`},
		{"a comment", `<body><bitboard-view show="P"><!-- a note --><p>x</p></bitboard-view></body>`, `<!-- a note --><p>x</p>`},
	} {
		for _, base := range []string{"", "./"} {
			t.Run(tc.name+"/base="+base, func(t *testing.T) {
				o, err := Page(tc.name, []byte(tc.page), base)
				if err != nil {
					t.Fatal(err)
				}
				out := o.Page
				// What prerendering writes ends with the inline SVG
				// without a base, with the <img> of its file with one.
				ours := "</svg>"
				if base != "" {
					ours = `loading="lazy" decoding="async" ` + Mark + `>`
				}
				if !strings.Contains(unseal(out), ours+tc.authored+"</bitboard-view>") {
					t.Errorf("the author's %q is not kept after the figure:\n%.300s…%s", tc.authored, out, out[max(0, len(out)-300):])
				}
				if n := bytes.Count(out, []byte("<bitboard-view")); n != 1 {
					t.Errorf("%d elements, want 1", n)
				}
				again, err := Page(tc.name, out, base)
				if err != nil || !bytes.Equal(again.Page, out) {
					t.Errorf("a second run changed the page (%v)", err)
				}
				// Changing the attributes redraws the figure and keeps the fallback.
				changed := bytes.Replace(out, []byte(`show="P"`), []byte(`show="N"`), 1)
				o, err = Page(tc.name, changed, base)
				third := o.Page
				figures := bytes.Count(third, []byte("<svg "+Mark)) + bytes.Count(third, []byte("<img data-bitview-figure"))
				if err != nil || bytes.Count(third, []byte(tc.authored)) != bytes.Count(out, []byte(tc.authored)) || figures != 1 {
					t.Errorf("after a change of show: %d copies of the fallback, %d figures (%v)", bytes.Count(third, []byte(tc.authored)), figures, err)
				}
			})
		}
	}
	nested := "<body>\n<bitboard-view show=\"P\">\n<p>a</p>\n  <bitboard-view show=\"N\"></bitboard-view>\n</bitboard-view>\n</body>"
	if _, err := Page("nested.html", []byte(nested), ""); err == nil || !strings.HasPrefix(err.Error(), "nested.html:4: a <bitboard-view> inside the <bitboard-view> of line 2") {
		t.Errorf("nested elements: %v", err)
	}
}

// TestPagesConcurrentAppend: a page appended to while its figures are
// drawn is left as it is, every appended line kept, and the run says why.
func TestPagesConcurrentAppend(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "notes.html")
	var b strings.Builder
	b.WriteString("<h1>Notes</h1>\n")
	for range 30 {
		b.WriteString("<pre><code class=\"language-bitboard\">show: P, N, B, R, Q, K\nlabels:\n</code></pre>\n")
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
	_, err := Pages([]string{page}, Options{})
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

// TestBlockProblems: as bitview-markdown.js, prerendering refuses a
// block with a key that is no option, naming each such line, and draws
// nothing (testdata/blocks.json holds the rule's cases for both); a line
// that is not "key: value" (prose in a fence left open) is an error
// naming its line, and nothing is drawn; a block's wrong options are all
// named, each at its line.
func TestBlockProblems(t *testing.T) {
	block := func(lines string) string {
		return "<h1>T</h1>\n\n<pre><code class=\"language-bitboard\">" + lines + "</code></pre>\n"
	}
	o, err := Page("a.html", []byte(block("show: P\ncolour: red\nlayout: 0x88\n")), "")
	keys := "; keys: " + strings.Join(BlockKeys, ", ")
	if err == nil || o.Page != nil || !strings.HasPrefix(err.Error(), `a.html:4: unknown key "colour"`+keys) {
		t.Errorf("an unknown key: %v, %d bytes; want an error at line 4 and no page", err, len(o.Page))
	}

	o, err = Page("p.html", []byte(block("show: P\n\nIMPORTANT prose, not an option\n")), "")
	var pe *PageError
	if !errors.As(err, &pe) || pe.Line != 5 || !strings.HasPrefix(err.Error(), `p.html:5: "IMPORTANT prose, not an option" is not "key: value"`) || o.Page != nil {
		t.Errorf("a line that is not key: value: %v, %d bytes; want an error at line 5 and no page", err, len(o.Page))
	}

	bad := block("fen: 8/8/8/8/8/8/8/9 w - - 0 1\nshow: P\nlayout: lerff\narrows: Ge2e9\n")
	_, err = Page("b.html", []byte(bad), "")
	for _, w := range []string{"b.html:3: fen: field 1", "b.html:5: layout: unknown layout", "b.html:6: arrows: character 1"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("a block with three wrong options: %v; want it to name %q", err, w)
		}
	}
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Errorf("the first error is not a *PageError at line 3: %v", err)
	}
}

// TestPagesFigureFiles: a page that loads bitview-element.js gets each
// figure once, in its shadow root, and an <img> of the figure's SVG file,
// written beside it before the page and shared by equal figures; a second
// run writes nothing; a deleted file is written again though the page is
// unchanged; -n writes nothing; a page whose prerendered parts were laid
// out again (blanks between them), with an earlier version's Style, comes
// back as this version writes it.
func TestPagesFigureFiles(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "notes.html")
	src := "<html><head><script type=\"module\" src=\"bitview-element.js\"></script></head><body>\n" +
		"<bitboard-view show=\"P\"></bitboard-view>\n<bitboard-view show=\"P\"></bitboard-view>\n<bitboard-view show=\"N\" layout=\"0x88\"></bitboard-view>\n</body></html>"
	os.WriteFile(page, []byte(src), 0o644)
	if rs, err := Pages([]string{page}, Options{DryRun: true}); err != nil || len(rs) != 1 || len(rs[0].Figures) != 2 || !rs[0].Changed {
		t.Fatalf("dry run: %+v, %v; want 2 files and the page to write", rs, err)
	}
	if _, err := os.Stat(filepath.Join(dir, FiguresDir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a dry run made %s (%v)", FiguresDir, err)
	}
	rs, err := Pages([]string{page}, Options{})
	if err != nil || len(rs) != 1 || len(rs[0].Figures) != 2 {
		t.Fatalf("Pages: %+v, %v; want 2 files written", rs, err)
	}
	out, _ := os.ReadFile(page)
	p, _ := figure.Resolve(figure.Options{"show": "P"})
	file := FigureFile(sharePieces(p.SVG()))
	if n := bytes.Count(out, []byte(`<img data-bitview-figure src="`+file+`"`)); n != 2 {
		t.Errorf("%d <img> of %s, want 2", n, file)
	}
	if n := bytes.Count(out, []byte("<svg")); n != 0 {
		t.Errorf("the page holds %d inline SVGs, want none", n)
	}
	if got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file))); err != nil || string(got) != sharePieces(p.SVG()) {
		t.Errorf("%s: %v, %d bytes; want the figure's SVG", file, err, len(got))
	}
	if rs, err := Pages([]string{page}, Options{}); err != nil || rs[0].Changed || len(rs[0].Figures) != 0 {
		t.Errorf("second run: %+v, %v; want nothing written", rs, err)
	}
	os.Remove(filepath.Join(dir, filepath.FromSlash(file)))
	if rs, err := Pages([]string{page}, Options{}); err != nil || rs[0].Changed || len(rs[0].Figures) != 1 {
		t.Errorf("after a file was deleted: %+v, %v; want it written again and the page unchanged", rs, err)
	}
	// A page whose parts a formatter laid out on lines of their own, with
	// the Style of an earlier version (without the <img> rule): the parts
	// are still prerender's (their seals match), and the page comes back
	// as this version writes it.
	old := strings.Replace(string(out), "</template><img", "</template>\n  <img", 1)
	old = strings.Replace(old, "<bitboard-view show=\"N\" layout=\"0x88\"><template", "<bitboard-view show=\"N\" layout=\"0x88\">\n<template", 1)
	old = strings.Replace(old, Style, seal(`<style data-bitview-figures `+unsealed+`>bitboard-view{display:block}bitboard-view>svg{display:block;max-width:100%;height:auto}</style>`), 1)
	if old == string(out) || strings.Count(old, "\n  <img") != 1 {
		t.Fatal("the page was not laid out again")
	}
	os.WriteFile(page, []byte(old), 0o644)
	if _, err := Pages([]string{page}, Options{}); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(page); !bytes.Equal(again, out) {
		t.Errorf("a page laid out again, with an earlier Style, did not come back as this version writes it:\n%.2000s", again)
	}
}

// unsharePieces puts back in place of each <use> of a shared piece image
// the <image> view.SVG writes, and takes the <defs> out: written apart
// from sharePieces, so that it checks what the file draws.
func unsharePieces(t *testing.T, svg string) string {
	t.Helper()
	defs := regexp.MustCompile(`<defs>(.*?)</defs>`).FindStringSubmatch(svg)
	if defs == nil {
		return svg
	}
	images := map[string][3]string{}
	for _, m := range regexp.MustCompile(`<image id="([^"]+)" width="([^"]+)" height="([^"]+)" href="([^"]+)"/>`).FindAllStringSubmatch(defs[1], -1) {
		images[m[1]] = [3]string{m[2], m[3], m[4]}
	}
	svg = strings.Replace(svg, defs[0], "", 1)
	return regexp.MustCompile(`<use href="#([^"]+)" x="([^"]+)" y="([^"]+)"/>`).ReplaceAllStringFunc(svg, func(use string) string {
		m := regexp.MustCompile(`<use href="#([^"]+)" x="([^"]+)" y="([^"]+)"/>`).FindStringSubmatch(use)
		im, ok := images[m[1]]
		if !ok {
			t.Fatalf("<use> of %s, which the <defs> does not hold", m[1])
		}
		return `<image x="` + m[2] + `" y="` + m[3] + `" width="` + im[0] + `" height="` + im[1] + `" href="` + im[2] + `"/>`
	})
}

// TestSharePieces: a figure's fallback file holds each piece image it
// shows once (the start position: 12 images for 32 pieces, 8 of them
// shared by 28 <use>s; the file about 60 % of the SVG's bytes, the rest
// being its grids) and, the <use>s put back as the
// <image>s they stand for, is the figure's SVG byte for byte; a figure
// with no piece shown twice is left as it is.
func TestSharePieces(t *testing.T) {
	for _, tc := range []struct {
		name    string
		o       figure.Options
		images  int // the <image>s of the file
		uses    int
		smaller float64 // the file's bytes, at most this share of the SVG's
	}{
		{"start", figure.Options{}, 12, 28, 0.65},
		{"black", figure.Options{"orientation": "black", "labels": ""}, 12, 28, 0.7},
		{"kiwipete", figure.Options{"fen": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "show": "P", "arrows": "Ge2e4", "marks": "Yd4"}, 12, 28, 0.75},
		{"two kings", figure.Options{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, 2, 0, 1},
		{"no board", figure.Options{"show": "P", "board": "false"}, 0, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := figure.Resolve(tc.o)
			if err != nil {
				t.Fatal(err)
			}
			svg := f.SVG()
			file := sharePieces(svg)
			if n, u := strings.Count(file, "<image "), strings.Count(file, "<use "); n != tc.images || u != tc.uses {
				t.Errorf("%d <image> and %d <use>, want %d and %d", n, u, tc.images, tc.uses)
			}
			if float64(len(file)) > tc.smaller*float64(len(svg)) {
				t.Errorf("the file is %d bytes, the SVG %d: want at most %.0f %% of it", len(file), len(svg), 100*tc.smaller)
			}
			if tc.uses == 0 && file != svg {
				t.Error("an SVG without a repeated piece was changed")
			}
			if back := unsharePieces(t, file); back != svg {
				t.Errorf("the file with its <use>s put back is not the SVG:\n%.400s\n%.400s", back, svg)
			}
			if err := xml.Unmarshal([]byte(file), new(struct{})); err != nil {
				t.Errorf("the file is not well-formed XML: %v", err)
			}
		})
	}
}

// TestStylePlace: Style goes before the page's </head>, or before its
// first figure when the head comes after it or there is none, as the
// tokenizer reads the page: a "<bitboard-view" or "</head>" in a script,
// a comment or a code example is not a place for it.
func TestStylePlace(t *testing.T) {
	for _, tc := range []struct{ name, page, want string }{
		{"head", `<html><head><script>const s = '<bitboard-view show="P">';</script></head><body><!-- <bitboard-view> --><bitboard-view show="N"></bitboard-view></body></html>`,
			`<html><head><script>const s = '<bitboard-view show="P">';</script>` + Style + "\n</head><body><!-- <bitboard-view> --><bitboard-view show=\"N\"><svg " + Mark},
		{"no head", `<p>x</p><script>document.write('</head><bitboard-view>')</script><pre><code>&lt;bitboard-view&gt;</code></pre><bitboard-view show="N"></bitboard-view>`,
			`<p>x</p><script>document.write('</head><bitboard-view>')</script><pre><code>&lt;bitboard-view&gt;</code></pre>` + Style + `<bitboard-view show="N"><svg ` + Mark},
		{"a block first", "<html><body><pre><code class=\"language-bitboard\">show: P\n</code></pre></body></html>",
			`<html><body>` + Style + `<bitboard-view show="P"><svg ` + Mark},
	} {
		o, err := Page(tc.name, []byte(tc.page), "")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(o.Page), tc.want) {
			t.Errorf("%s: %.400q, want it to begin %q", tc.name, o.Page, tc.want)
		}
		if again, err := Page(tc.name, o.Page, ""); err != nil || !bytes.Equal(again.Page, o.Page) || strings.Count(string(o.Page), "data-bitview-figures") != 1 {
			t.Errorf("%s: a second run changed the page, or it holds Style more than once (%v)", tc.name, err)
		}
	}
}
