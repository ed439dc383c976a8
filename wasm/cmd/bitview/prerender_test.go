//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/figure"
)

// prerenderRun runs bitview prerender with args and returns its exit
// status, standard output and standard error.
func prerenderRun(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"prerender"}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// writeFiles writes files (paths relative to dir, slash-separated) and
// returns dir.
func writeFiles(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// snapshot returns every regular file below dir by its slash-separated
// path, with its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestPrerenderUnclosedBlock: a bitboard block holding a line that is not
// "key: value" (prose after a fence left open, which the generator put
// into the code block) is an error naming the file and the line, and the
// page is left as it is: its prose is not replaced by a figure. A
// Markdown source with such a fence (issue 38's repro) is left as it is
// too (see TestPrerenderMarkdownSource).
func TestPrerenderUnclosedBlock(t *testing.T) {
	dir := t.TempDir()
	md := "```bitboard\nshow: P\n\nIMPORTANT prose\n"
	built := "<html><body>\n<p>Before.</p>\n<pre><code class=\"language-bitboard\">show: P\n\nIMPORTANT prose\n\nNote: more prose\n</code></pre>\n</body></html>\n"
	// Issue 46's repro: prose with colons and a heading after the fence.
	colons := "<pre><code class=\"language-bitboard\">show: P\n\n## Pawn structure\n\nNote: about doubled pawns.\n</code></pre>"
	writeFiles(t, dir, map[string]string{"x.md": md, "x.html": built, "colons.html": colons})
	for _, tc := range []struct{ file, content, want string }{
		{"x.md", md, "x.md"},
		{"x.html", built, "x.html:5: \"IMPORTANT prose\" is not \"key: value\""},
		{"colons.html", colons, "colons.html:3: \"## Pawn structure\" is not \"key: value\""},
		{"colons.html", colons, "colons.html:5: unknown key \"note\""},
	} {
		p := filepath.Join(dir, tc.file)
		code, _, stderr := prerenderRun("-base", "/b/", p)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("prerender %s: exit %d, %q; want 1 and %q", tc.file, code, stderr, tc.want)
		}
		if got, _ := os.ReadFile(p); string(got) != tc.content {
			t.Errorf("prerender %s changed it:\n%.300s", tc.file, got)
		}
	}
}

// TestPrerenderKeepsLookalikes: what an author wrote inside a
// <bitboard-view> is kept byte for byte, even when it looks like
// Bitview's own output (the SVG bitview -o - prints, a declarative shadow
// root, an <img data-bitview-figure>, any tag carrying the mark's
// attribute): only what prerender wrote, whose mark is sealed with a
// hash of it, is replaced; a second run changes nothing.
func TestPrerenderKeepsLookalikes(t *testing.T) {
	f, err := figure.Resolve(figure.Options{"show": "N"})
	if err != nil {
		t.Fatal(err)
	}
	authored := []string{
		f.SVG(),
		`<template shadowrootmode="open"><p>the author's shadow root</p></template>`,
		`<img data-bitview-figure src="mine.svg" alt="the author's own picture">`,
		`<template shadowrootmode="open"><template><template></template></template></template><p>after</p>`,
		// Issue 46.7: the mark's attribute, written by the author, on any
		// tag and with any value, is not prerender's.
		`<p data-bitview-prerendered>the author's paragraph</p>`,
		`<p data-bitview-prerendered="1">the author's paragraph</p>`,
		`<img data-bitview-figure src="mine.svg" alt="mine" data-bitview-prerendered="0123456789abcdef">`,
		`<template shadowrootmode="open" data-bitview-prerendered><p>the author's shadow root</p></template>`,
	}
	for _, base := range []string{"/b/", ""} {
		for i, a := range authored {
			dir := t.TempDir()
			p := filepath.Join(dir, "a.html")
			writeFiles(t, dir, map[string]string{"a.html": "<html><body>\n<bitboard-view show=\"P\">" + a + "</bitboard-view>\n</body></html>\n"})
			if code, _, stderr := prerenderRun("-base", base, p); code != 0 {
				t.Fatalf("base %q, case %d: exit %d, %s", base, i, code, stderr)
			}
			out, _ := os.ReadFile(p)
			if !strings.Contains(string(out), a+"</bitboard-view>") {
				t.Errorf("base %q: the author's %.80q… is not kept before </bitboard-view>", base, a)
			}
			if code, stdout, _ := prerenderRun("-base", base, p); code != 0 || strings.Contains(stdout, "wrote "+p) {
				t.Errorf("base %q, case %d: the second run: exit %d, %q", base, i, code, stdout)
			}
			again, _ := os.ReadFile(p)
			if !bytes.Equal(again, out) {
				t.Errorf("base %q, case %d: the second run changed the page", base, i)
			}
		}
	}
}

// TestPrerenderWrapperWithProse: a <div class="language-bitboard …">
// that holds more than the block (the author's prose beside the
// <pre><code>) is kept with its prose, and only the <pre> becomes the
// figure; a wrapper that holds only the block (Jekyll's) is kept whole,
// the figure its declarative shadow root.
func TestPrerenderWrapperWithProse(t *testing.T) {
	dir := t.TempDir()
	note := "<html><head></head><body>\n<div class=\"language-bitboard note\"><p>IMPORTANT prose</p>\n<pre><code>show: P\n</code></pre></div>\n</body></html>\n"
	jekyll := "<html><head></head><body>\n<div class=\"language-bitboard highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>show: P\n</code></pre></div></div>\n</body></html>\n"
	writeFiles(t, dir, map[string]string{"note.html": note, "jekyll.html": jekyll})
	if code, _, stderr := prerenderRun("-base", "/b/", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out, _ := os.ReadFile(filepath.Join(dir, "note.html"))
	if !strings.Contains(string(out), "<body>\n<div class=\"language-bitboard note\"><p>IMPORTANT prose</p>\n<bitboard-view show=\"P\">") ||
		!strings.HasSuffix(string(out), "</bitboard-view></div>\n</body></html>\n") || strings.Contains(string(out), "<pre>") {
		t.Errorf("the wrapper with prose:\n%.400s", out)
	}
	// The wrapper that holds only the block keeps it, byte for byte, and
	// gets the figure as its shadow root (a framework hydrating the page
	// finds its nodes).
	out, _ = os.ReadFile(filepath.Join(dir, "jekyll.html"))
	if !strings.Contains(string(out), "</head><body>\n<div class=\"language-bitboard highlighter-rouge\"><template shadowrootmode=\"open\" data-bitview-prerendered=\"") ||
		!strings.Contains(string(out), "<bitboard-view show=\"P\">") ||
		!strings.HasSuffix(string(out), "</template><div class=\"highlight\"><pre class=\"highlight\"><code>show: P\n</code></pre></div></div>\n</body></html>\n") {
		t.Errorf("the wrapper that holds only the block, kept with the figure as its shadow root:\n%.300s", out)
	}
}

// TestPrerenderNesting: a page of deeply nested <template>s inside a
// figure is read in linear time (500,000 nested templates, 10.5 MB; the
// quadratic reader of db8cea0 took 20.5 s for 40,000, and would take
// about 50 minutes here, past go test's timeout): inside what an earlier
// run wrote, which makes it the author's (its seal no longer matches),
// and inside the author's content, they are kept.
func TestPrerenderNesting(t *testing.T) {
	const k = 500_000
	nest := strings.Repeat("<template>", k) + strings.Repeat("</template>", k)
	dir := t.TempDir()
	p := filepath.Join(dir, "a.html")
	writeFiles(t, dir, map[string]string{"a.html": "<html><body>\n<bitboard-view show=\"P\"></bitboard-view>\n</body></html>\n"})
	if code, _, stderr := prerenderRun("-base", "/b/", p); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	drawn, _ := os.ReadFile(p)
	// Inside the shadow root prerender wrote: no longer prerender's (its
	// seal does not match what it holds), so the author's, kept after a
	// figure drawn again.
	shadow := strings.Index(string(drawn), "<template shadowrootmode")
	open := shadow + strings.Index(string(drawn[shadow:]), ">") + 1
	nested := string(drawn[:open]) + nest + string(drawn[open:])
	writeFiles(t, dir, map[string]string{"a.html": nested})
	if code, _, stderr := prerenderRun("-base", "/b/", p); code != 0 {
		t.Fatalf("nested in prerender's own: exit %d: %s", code, stderr)
	}
	got, _ := os.ReadFile(p)
	if edited := nested[shadow:strings.Index(nested, "</bitboard-view>")]; !strings.Contains(string(got), edited+"</bitboard-view>") || strings.Count(string(got), "<template shadowrootmode") != 2 {
		t.Errorf("the edited shadow root is not kept after a figure drawn again (%d bytes)", len(got))
	}
	// In the author's content: kept.
	authored := "<template shadowrootmode=\"open\">" + nest + "</template>"
	writeFiles(t, dir, map[string]string{"a.html": "<html><body>\n<bitboard-view show=\"P\">" + authored + "</bitboard-view>\n</body></html>\n"})
	if code, _, stderr := prerenderRun("-base", "/b/", p); code != 0 {
		t.Fatalf("nested in the author's: exit %d: %s", code, stderr)
	}
	if got, _ := os.ReadFile(p); !strings.Contains(string(got), authored+"</bitboard-view>") {
		t.Error("the author's nested templates are not kept")
	}
}

// TestPrerenderBitviewCopy: over a built site holding a copy of Bitview's
// files (a folder with bitview-element.js and bitview.wasm: its pages,
// its README with an element inside another, their .br and .gz), prerender
// leaves the copy byte for byte, draws the site's pages, exits 0, and a
// second run changes nothing; -exclude leaves another folder as it is.
func TestPrerenderBitviewCopy(t *testing.T) {
	site := writeFiles(t, t.TempDir(), map[string]string{
		"index.html":                     "<html><body>\n<bitboard-view show=\"P\"></bitboard-view>\n</body></html>\n",
		"posts/a/index.html":             "<html><body>\n<pre><code class=\"language-bitboard\">show: N\n</code></pre>\n</body></html>\n",
		"bitview/bitview-element.js":     "// the element\n",
		"bitview/bitview.wasm":           "\x00asm",
		"bitview/embed.html":             "<html><body><bitboard-view id=\"v\"></bitboard-view></body></html>\n",
		"bitview/embed.html.gz":          "gzip",
		"bitview/README.md":              "```bitboard\nshow: P\n```\n\n<bitboard-view>\n<bitboard-view></bitboard-view>\n</bitboard-view>\n",
		"bitview/examples/plain.html":    "<bitboard-view show=\"K\"></bitboard-view>\n",
		"vendor/widget/demo.html":        "<bitboard-view show=\"Q\"></bitboard-view>\n",
		"vendor/widget/bitview-figures/": "",
	})
	os.Remove(filepath.Join(site, "vendor/widget/bitview-figures"))
	before := snapshot(t, site)
	code, stdout, stderr := prerenderRun("-base", "/bitview/", "-exclude", filepath.Join(site, "vendor"), site)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	after := snapshot(t, site)
	for name, content := range before {
		mine := strings.HasPrefix(name, "bitview/") || strings.HasPrefix(name, "vendor/")
		if mine && after[name] != content {
			t.Errorf("%s changed", name)
		}
		if !mine && after[name] == content {
			t.Errorf("%s was not drawn", name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok && !strings.HasPrefix(name, "bitview-figures/") && !strings.HasPrefix(name, "posts/a/bitview-figures/") {
			t.Errorf("%s written", name)
		}
	}
	if !strings.Contains(stdout, "left "+filepath.Join(site, "bitview")) {
		t.Errorf("the copy is not named as left as it is: %q", stdout)
	}
	if code, stdout, _ := prerenderRun("-base", "/bitview/", "-exclude", filepath.Join(site, "vendor"), site); code != 0 || strings.Contains(stdout, "wrote") {
		t.Errorf("the second run: exit %d, %q", code, stdout)
	}
	if !mapsEqual(snapshot(t, site), after) {
		t.Error("the second run changed a file")
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestPrerenderMarkdownSource: a Markdown source is never written (its
// fence is the one place the author edits the figure): named, it is an
// error that names the folder to prerender instead, the generator's
// output when its configuration says which; in a walked folder it is left
// as it is; a folder of sources with no HTML page, or a site's source
// folder, is an error naming the built folder.
func TestPrerenderMarkdownSource(t *testing.T) {
	post := "# Pawns\n\n```bitboard\nshow: P\n```\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		arg   string // the path given, from the site's folder
		want  string // in the error, after the site's folder
	}{
		{"hugo", map[string]string{"hugo.toml": "title = 'x'\n", "content/posts/pawns.md": post}, "content/posts/pawns.md", "public"},
		{"hugo config.toml", map[string]string{"config.toml": "title = 'x'\n", "content/posts/pawns.md": post}, "content/posts/pawns.md", "public"},
		{"mkdocs", map[string]string{"mkdocs.yml": "site_name: x\n", "docs/pawns.md": post}, "docs/pawns.md", "site"},
		{"jekyll", map[string]string{"_config.yml": "title: x\n", "_posts/2026-01-01-pawns.md": post}, "_posts/2026-01-01-pawns.md", "_site"},
		{"jekyll folder", map[string]string{"_config.yml": "title: x\n", "_posts/2026-01-01-pawns.md": post, "_layouts/default.html": "<html>{{ content }}</html>"}, ".", "_site"},
		{"mkdocs docs folder", map[string]string{"mkdocs.yml": "site_name: x\n", "docs/pawns.md": post}, "docs", "site"},
		{"plain", map[string]string{"pawns.md": post}, "pawns.md", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site := writeFiles(t, t.TempDir(), tc.files)
			before := snapshot(t, site)
			code, _, stderr := prerenderRun("-base", "/b/", filepath.Join(site, tc.arg))
			want := "the folder your site generator builds"
			if tc.want != "" {
				want = filepath.Join(site, tc.want) + string(filepath.Separator)
			}
			if code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, %q; want 1 and %q", code, stderr, want)
			}
			if !mapsEqual(snapshot(t, site), before) {
				t.Error("a source was written")
			}
		})
	}
	// A built site where the generator copied a Markdown file as it is
	// (Jekyll, a file without front matter): left, and the pages drawn.
	site := writeFiles(t, t.TempDir(), map[string]string{"notes.md": post, "index.html": "<bitboard-view show=\"P\"></bitboard-view>\n"})
	if code, _, stderr := prerenderRun("-base", "/b/", site); code != 0 {
		t.Errorf("a built site with a .md: exit %d, %s", code, stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(site, "notes.md")); string(got) != post {
		t.Error("the .md of a built site was written")
	}
}

// TestPrerenderBaseFromLoader (issue 45.7): without -base, a page that
// loads the README's one line (bitview-load.js) gets its figures' shadow
// roots from the script's folder, sub-path and all, with no "SVG only"
// message; a -base that is not where the script finds Bitview's files is
// warned about, naming the page and the script's line.
func TestPrerenderBaseFromLoader(t *testing.T) {
	page := "<!doctype html>\n<html><head>\n<script src=\"/repo/bitview/bitview-load.js\" defer></script>\n</head><body>\n<bitboard-view show=\"P\"></bitboard-view>\n</body></html>\n"
	dir := writeFiles(t, t.TempDir(), map[string]string{"posts/a.html": page})
	p := filepath.Join(dir, "posts", "a.html")
	code, _, stderr := prerenderRun(dir)
	got, _ := os.ReadFile(p)
	if code != 0 || stderr != "" || !strings.Contains(string(got), `<link rel="stylesheet" href="/repo/bitview/view.css" data-bitview="view.css">`) {
		t.Errorf("no -base: exit %d, %q, and the page:\n%.800s", code, stderr, got)
	}
	writeFiles(t, dir, map[string]string{"posts/a.html": page})
	code, _, stderr = prerenderRun("-base", "/bitview/", dir)
	if want := "bitview: warning: " + p + `:3: -base "/bitview/" is not where the page's script "/repo/bitview/bitview-load.js" finds Bitview's files ("/repo/bitview/")`; code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("-base /bitview/: exit %d, %q; want 0 and %q", code, stderr, want)
	}
	writeFiles(t, dir, map[string]string{"posts/a.html": page})
	if code, _, stderr = prerenderRun("-base", "/repo/bitview/", dir); code != 0 || stderr != "" {
		t.Errorf("-base /repo/bitview/: exit %d, %q; want 0 and nothing said", code, stderr)
	}
}
