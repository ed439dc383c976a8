//go:build !(js && wasm)

package main

import (
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/view"
)

// readTemplate returns the page's template, wasm/webpages/index.html.
func readTemplate(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// content returns what the generated page holds inside the element with
// the attribute text attr, given that it should hold want: the text after
// its start tag, as long as want, and whether its end tag follows.
func content(t *testing.T, page, attr, want string) (string, bool) {
	t.Helper()
	_, end, name, err := startTag(page, attr)
	if err != nil {
		t.Fatalf("generated page: %v", err)
	}
	got := page[end:min(end+len(want), len(page))]
	return got, strings.HasPrefix(page[end+len(got):], "</"+name+">")
}

// TestPrerenderWritesDefaultPage fills the real template and checks that
// every region of view.DefaultPage (what the page writes for the default
// state, see wasm/view's TestDefaultPageIsWhatThePageWrites) is inside its
// element, whole, and every attribute in its tag; and that the template
// is otherwise kept.
func TestPrerenderWritesDefaultPage(t *testing.T) {
	tpl := readTemplate(t)
	pre := view.DefaultPage()
	page, err := fill(tpl, pre)
	if err != nil {
		t.Fatalf("fill: %v", err)
	}
	for _, r := range pre.Regions {
		if r.Markup == "" {
			continue
		}
		got, closed := content(t, page, selectorAttr(r.ID), r.Markup)
		if got != r.Markup || !closed {
			t.Errorf("#%s holds %.120q… (end tag follows: %v), want the %d bytes of its markup", r.ID, got, closed, len(r.Markup))
		}
	}
	for _, r := range []string{"board", "cards", "toggles", "layout-switch", "examples", "square-info"} {
		if !strings.Contains(page, `id="`+r+`"`) {
			t.Errorf("no #%s in the page", r)
		}
	}
	attrs := append(pre.Attrs, view.Attr{ID: "bitview-app", Name: "data-prerender", Value: pre.Hash()},
		view.Attr{ID: `[src="page-start.js"]`, Name: "data-default-query", Value: pre.Query})
	for _, a := range attrs {
		start, end, _, err := startTag(page, selectorAttr(a.ID))
		if err != nil {
			t.Fatal(err)
		}
		tag := page[start:end]
		if want := " " + a.Name + `="` + html.EscapeString(a.Value) + `"`; strings.Count(tag, " "+a.Name+`="`) != 1 || !strings.Contains(tag, want) {
			t.Errorf("%s: tag %s, want %s once", a.ID, tag, want)
		}
	}
	if !strings.Contains(page, `value="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`) {
		t.Error("the FEN field has no value")
	}
	// The template is kept: every line of it is in the page, in order,
	// apart from what was inserted into it.
	lines := strings.Split(page, "\n")
	if lines[1] != strings.TrimSuffix(generated, "\n") {
		t.Errorf("second line %q, want the generated notice", lines[1])
	}
	rest := strings.Join(append(lines[:1:1], lines[2:]...), "\n")
	if unfilled := strip(rest, pre, attrs); unfilled != tpl {
		t.Errorf("the page without the prerender is not the template:\n%s", firstDiff(unfilled, tpl))
	}
	// Filling twice is refused: the regions are no longer empty.
	if _, err := fill(strings.Replace(page, generated, "", 1), pre); err == nil {
		t.Error("filling a filled page: no error")
	}
}

// strip removes from page what fill inserted: each region's markup and
// each attribute it added; an attribute the template had (aria-pressed
// on the present button) keeps its value.
func strip(page string, pre view.Prerender, attrs []view.Attr) string {
	for _, r := range pre.Regions {
		page = strings.Replace(page, r.Markup+"</", "</", 1)
	}
	for _, a := range attrs {
		if a.Name == "aria-pressed" {
			continue
		}
		page = strings.Replace(page, " "+a.Name+`="`+attrEscaper.Replace(a.Value)+`"`, "", 1)
	}
	return page
}

// firstDiff shows where a and b first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return "got:  …" + a[max(i-60, 0):min(i+60, len(a))] + "\nwant: …" + b[max(i-60, 0):min(i+60, len(b))]
}

// TestPrerenderErrors: a template that does not fit is an error naming
// the region or attribute, never a page with a region missing.
func TestPrerenderErrors(t *testing.T) {
	pre := view.Prerender{Regions: []view.Region{{ID: "board", Markup: "<b>x</b>"}},
		Attrs: []view.Attr{{ID: "fen", Name: "value", Value: `a"b`}}}
	const ok = "<!doctype html>\n<script src=\"page-start.js\"></script><div id=\"board\"></div><input id=\"fen\"><div id=\"bitview-app\"></div>"
	if _, err := fill(ok, pre); err != nil {
		t.Fatalf("fill(%q): %v", ok, err)
	}
	for _, tc := range []struct{ name, tpl, want string }{
		{"no region", strings.Replace(ok, `id="board"`, `id="boards"`, 1), `region board: no element with id="board"`},
		{"region not empty", strings.Replace(ok, `"board"></div>`, `"board">old</div>`, 1), "region board: the element is not empty"},
		{"two regions", strings.Replace(ok, `<input`, `<div id="board"></div><input`, 1), `region board: 2 elements with id="board"`},
		{"no attribute target", strings.Replace(ok, `id="fen"`, `id="pgn"`, 1), `attribute value of fen: no element with id="fen"`},
		{"unclosed tag", "<!doctype html>\n<div id=\"board\"></div><input id=\"fen\" title=\"x>", "does not end"},
		{"no script for the query", strings.Replace(ok, "page-start.js", "main.js", 1), `no element with src="page-start.js"`},
		{"no doctype", strings.TrimPrefix(ok, "<!doctype html>\n"), "does not start with"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := fill(tc.tpl, pre); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("fill(%q) error %v, want %q", tc.tpl, err, tc.want)
			}
		})
	}
}

// TestSetAttr replaces a value the tag has, adds one it lacks, escapes
// the value, and reads past a ">" inside a quoted value.
func TestSetAttr(t *testing.T) {
	for _, tc := range []struct {
		name, tpl string
		a         view.Attr
		want      string
	}{
		{"add", `<input id="fen">`, view.Attr{ID: "fen", Name: "value", Value: "8/8 w - - 0 1"}, `<input id="fen" value="8/8 w - - 0 1">`},
		{"replace", `<button data-action="present" aria-pressed="true" title="p">`, view.Attr{ID: `[data-action="present"]`, Name: "aria-pressed", Value: "false"},
			`<button data-action="present" aria-pressed="false" title="p">`},
		{"escape", `<p id="x">`, view.Attr{ID: "x", Name: "data-q", Value: `?a=1&b="<>"`}, `<p id="x" data-q="?a=1&amp;b=&#34;&lt;&gt;&#34;">`},
		{"quoted >", `<input placeholder="a > b" id="e">`, view.Attr{ID: "e", Name: "aria-invalid", Value: "false"}, `<input placeholder="a > b" id="e" aria-invalid="false">`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := setAttr(tc.tpl, tc.a)
			if err != nil || got != tc.want {
				t.Errorf("setAttr(%q, %v) = %q, %v; want %q", tc.tpl, tc.a, got, err, tc.want)
			}
		})
	}
}

// TestRun writes the page to a file, as make wasm does.
func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "index.html")
	if err := run("index.html", out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `data-prerender="`+view.DefaultPage().Hash()+`"`) {
		t.Error("the written page has no data-prerender digest")
	}
	if err := run("missing.html", out); err == nil {
		t.Error("run with a missing template: no error")
	}
}
