//go:build !(js && wasm)

package main

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/figure/pages"
	"github.com/bitview/bitview/wasm/internal/sitegen"
)

// sitePost is the page of each generator's site: prose, a ```bitboard
// fence, a raw element, and an example of the element's markup in
// another code block (which stays an example).
const sitePost = "Some prose before.\n\n" +
	"```bitboard\nfen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nshow: P\nexpr: (P << 8) & empty\n```\n\n" +
	"Between.\n\n<bitboard-view show=\"N\" layout=\"0x88\"></bitboard-view>\n\n" +
	"```html\n<bitboard-view show=\"K\"></bitboard-view>\n```\n\nAfter.\n"

// figureParts match what prerender puts where a figure goes (the element
// and its content), what a generator builds from a fence, and the Style
// prerender adds: with each taken out, a page must be what it was.
var figureParts = regexp.MustCompile(`(?s)<bitboard-view\b[^>]*>.*?</bitboard-view>|<pre\b[^>]*><code class="language-bitboard"[^>]*>.*?</code></pre>`)

// outsideFigures returns page with its figures (figureParts) written
// FIGURE and prerender's Style taken out.
func outsideFigures(page string) string {
	return figureParts.ReplaceAllString(strings.Replace(page, pages.Style+"\n", "", 1), "FIGURE")
}

// tags matches an HTML tag, to read a page's text.
var tags = regexp.MustCompile(`<[^>]*>`)

// TestPrerenderGeneratorSites: the documented build step, end to end. A
// site from each generator's defaults (Hugo, MkDocs, Jekyll), served under
// /repo/, with a page of a fence and a raw element and a copy of Bitview's
// files (make wasm's web/: its pages, examples, .br and .gz) in bitview/,
// is built; prerender -base /repo/bitview/ over the built folder exits 0,
// leaves the copy byte for byte, draws both figures of the page (a shadow
// root marked as prerender's and an <img>), changes nothing outside the
// figures, and a second run changes nothing. Served under /repo/, every
// URL the figures hold (view.css, the pieces, the <img>'s file beside the
// page) answers 200.
//
// With BITVIEW_PRERENDER_BIN set to a bitview command, that command is
// run instead of this package's: the bytes of the copy it changes are
// logged (and the test fails if it changes any), e.g. for db8cea0's. With
// BITVIEW_SITE_COPY set to a folder (such as make dist's dist/), that
// folder is the copy instead of web/.
func TestPrerenderGeneratorSites(t *testing.T) {
	web := filepath.Join("..", "..", "..", "web")
	if dir := os.Getenv("BITVIEW_SITE_COPY"); dir != "" {
		web = dir
	}
	for _, f := range []string{"bitview.wasm", "tutorial.html", "sw-version.js"} {
		if _, err := os.Stat(filepath.Join(web, f)); err != nil {
			msg := filepath.Join(web, f) + " missing: run `make wasm` first (`make test` does)"
			if os.Getenv("CI") != "" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	for _, g := range sitegen.All {
		t.Run(g.Name, func(t *testing.T) {
			s := sitegen.New(t, g)
			s.SubPath("/repo/")
			if g.Name == "hugo" { // goldmark drops raw HTML unless told
				s.AppendConfig("[markup.goldmark.renderer]\nunsafe = true\n")
			}
			s.Copy(web, "bitview", func(rel string) bool { return strings.HasSuffix(rel, ".go") })
			page := s.Page("pawns", "Pawns", sitePost)
			out := s.Build()
			before := snapshot(t, out)
			code, stdout, stderr := prerenderCommand(t, "-base", "/repo/bitview/", out)
			after := snapshot(t, out)

			// Bitview's copy: byte for byte.
			var changed, added []string
			was, now, addedBytes := 0, 0, 0
			for _, name := range slices.Sorted(mapKeys(after)) {
				if !strings.HasPrefix(name, "bitview/") {
					continue
				}
				old, ok := before[name]
				switch {
				case !ok:
					added = append(added, name)
					addedBytes += len(after[name])
				case old != after[name]:
					changed = append(changed, name)
					was += len(old)
					now += len(after[name])
				}
			}
			copyBytes := 0
			for name, content := range before {
				if strings.HasPrefix(name, "bitview/") {
					copyBytes += len(content)
				}
			}
			t.Logf("%s: prerender exit %d; of Bitview's copy (%s bytes), %d files changed (%s → %s bytes) and %d written (%s bytes)",
				g.Name, code, thousands.Itoa(copyBytes), len(changed), thousands.Itoa(was), thousands.Itoa(now), len(added), thousands.Itoa(addedBytes))
			if code != 0 {
				t.Errorf("prerender over %s's site: exit %d\n%s", g.Name, code, stderr)
			}
			if len(changed)+len(added) > 0 {
				t.Errorf("prerender changed Bitview's copy: %v, wrote %v", changed, added)
			}
			if !strings.Contains(stdout, "left "+filepath.Join(out, "bitview")+string(filepath.Separator)+" as it is") {
				t.Errorf("prerender did not say it left the copy: %q", stdout)
			}

			// The page: both figures drawn, nothing else changed.
			drawn := after[page]
			if n := len(regexp.MustCompile(`<template shadowrootmode="open" `+pages.Mark+`="[0-9a-f]{16}"><link rel="stylesheet" href="/repo/bitview/view.css"`).FindAllStringIndex(drawn, -1)); n != 2 {
				t.Errorf("%s holds %d prerendered shadow roots linking /repo/bitview/view.css, want 2:\n%.1500s", page, n, drawn)
			}
			if n := strings.Count(drawn, `<img data-bitview-figure src="bitview-figures/`); n != 2 {
				t.Errorf("%s holds %d <img> of a figure file beside it, want 2", page, n)
			}
			if text := html.UnescapeString(tags.ReplaceAllString(drawn, "")); !strings.Contains(text, `<bitboard-view show="K"></bitboard-view>`) {
				t.Errorf("the example of the markup in a code block is gone:\n%.3000s", drawn)
			}
			for name, content := range before {
				if strings.HasPrefix(name, "bitview/") {
					continue
				}
				if a, b := outsideFigures(content), outsideFigures(after[name]); a != b {
					t.Errorf("%s changed outside its figures:\n%s", name, firstDiff(a, b))
				}
			}

			// Served under /repo/, every URL the figures hold answers.
			site := sitegen.Serve(t, out, "/repo/")
			pageURL, _ := url.Parse(site + strings.TrimSuffix(page, "index.html"))
			checked := 0
			for _, el := range regexp.MustCompile(`(?s)<bitboard-view\b[^>]*>.*?</bitboard-view>`).FindAllString(drawn, -1) {
				for _, m := range regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(el, -1) {
					ref, err := url.Parse(m[1])
					if err != nil {
						t.Errorf("%q: %v", m[1], err)
						continue
					}
					u := pageURL.ResolveReference(ref).String()
					resp, err := http.Get(u)
					if err != nil {
						t.Fatal(err)
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						t.Errorf("%s (from %q on %s): %s", u, m[1], pageURL, resp.Status)
					}
					checked++
				}
			}
			if checked < 4 {
				t.Errorf("only %d URLs in the figures", checked)
			}
			t.Logf("%s: %d URLs of the figures on %s answer under /repo/", g.Name, checked, pageURL.Path)

			// A second run changes nothing.
			if code, stdout, stderr := prerenderCommand(t, "-base", "/repo/bitview/", out); code != 0 || strings.Contains(stdout, "wrote") {
				t.Errorf("the second run: exit %d, %q %q", code, stdout, stderr)
			}
			if again := snapshot(t, out); !mapsEqual(again, after) {
				t.Error("the second run changed a file")
			}
		})
	}
}

// prerenderCommand runs bitview prerender with args: this package's
// run, or the command BITVIEW_PRERENDER_BIN names.
func prerenderCommand(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	bin := os.Getenv("BITVIEW_PRERENDER_BIN")
	if bin == "" {
		return prerenderRun(args...)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, append([]string{"prerender"}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// firstDiff shows where a and b first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return fmt.Sprintf("at byte %d:\n  was …%.200q\n  now …%.200q", i, a[max(0, i-40):], b[max(0, i-40):])
}
