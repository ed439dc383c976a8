package pages

import (
	"regexp"
	"strings"
	"testing"
)

// sealedMarks match Mark with a seal's value.
var sealedMarks = regexp.MustCompile(Mark + `="[0-9a-f]{16}"`)

// unseal returns a page with each sealed Mark written bare, for tests
// that look for the parts Page writes by their text.
func unseal(page []byte) string {
	return sealedMarks.ReplaceAllString(string(page), Mark)
}

// TestSeal: a part Page writes is sealed with a hash of itself, and only
// a part that holds what its seal says is Page's: an edited part, an
// empty, short, single-quoted or made-up seal, is not.
func TestSeal(t *testing.T) {
	part := seal(`<img data-bitview-figure src="a.svg" alt="" ` + unsealed + `>`)
	v := sealedMarks.FindString(part)
	if v == "" {
		t.Fatalf("seal wrote no seal: %s", part)
	}
	v = strings.TrimSuffix(strings.TrimPrefix(v, Mark+`="`), `"`)
	for _, tc := range []struct {
		part, v string
		want    bool
	}{
		{part, v, true},
		{strings.Replace(part, "a.svg", "b.svg", 1), v, false},
		{strings.Replace(part, `="`+v+`"`, `='`+v+`'`, 1), v, false},
		{part, v[:15], false},
		{part, "", false},
		{`<p ` + Mark + `="0123456789abcdef">x</p>`, "0123456789abcdef", false},
	} {
		if got := sealed([]byte(tc.part), tc.v); got != tc.want {
			t.Errorf("sealed(%q, %q) = %v, want %v", tc.part, tc.v, got, tc.want)
		}
	}
}

// TestPageLookalikeMarks (issue 46.7): a <style data-bitview-figures> or
// any element carrying Mark that an author wrote (any tag, any value,
// or a part of Bitview's edited since) is the author's: kept byte for
// byte, the page given its own Style and figure, and a second run
// changes nothing.
func TestPageLookalikeMarks(t *testing.T) {
	f, err := Page("a.html", []byte(`<bitboard-view show="P"></bitboard-view>`), "/b/")
	if err != nil {
		t.Fatal(err)
	}
	drawn := string(f.Page)
	i := strings.Index(drawn, "<img ")
	edited := strings.Replace(drawn[i:strings.Index(drawn, "</bitboard-view>")], `alt="`, `alt="my words: `, 1)
	for _, tc := range []struct{ name, page, kept string }{
		{"an author's style", `<html><head><style data-bitview-figures>bitboard-view{border:1px solid}</style></head><body><bitboard-view show="P"></bitboard-view></body></html>`,
			`<style data-bitview-figures>bitboard-view{border:1px solid}</style>`},
		{"an author's style with the mark", `<html><head><style data-bitview-figures ` + Mark + `="0123456789abcdef">p{}</style></head><body><bitboard-view show="P"></bitboard-view></body></html>`,
			`<style data-bitview-figures ` + Mark + `="0123456789abcdef">p{}</style>`},
		{"a paragraph with the mark", `<bitboard-view show="P"><p ` + Mark + `>mine</p></bitboard-view>`, `<p ` + Mark + `>mine</p></bitboard-view>`},
		{"a div with a value", `<bitboard-view show="P"><div ` + Mark + `="yes">mine</div></bitboard-view>`, `<div ` + Mark + `="yes">mine</div></bitboard-view>`},
		{"Bitview's <img>, edited", `<bitboard-view show="P">` + edited + `</bitboard-view>`, edited + `</bitboard-view>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := Page("a.html", []byte(tc.page), "/b/")
			if err != nil {
				t.Fatal(err)
			}
			out := string(o.Page)
			if !strings.Contains(out, tc.kept) {
				t.Errorf("%q is not kept:\n%.1500s", tc.kept, out)
			}
			if !strings.Contains(out, Style) || strings.Count(out, "<template shadowrootmode") != 1 {
				t.Errorf("the page lacks its Style or its figure:\n%.1500s", out)
			}
			again, err := Page("a.html", o.Page, "/b/")
			if err != nil || string(again.Page) != out {
				t.Errorf("a second run changed the page (%v)", err)
			}
		})
	}
}
