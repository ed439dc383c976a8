package view

import (
	"html"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bitview/bitview/wasm/model"
)

// MaxElementSnippet and MaxFrameSnippet are the longest the Embed tab's
// snippets may be, in characters as copied, for the views below: an
// author pastes them whole into a post (issue 37 asks for 300 and 600;
// before it the element's was 1,842, with the CDN and an onerror of 1,600).
const (
	MaxElementSnippet = 300
	MaxFrameSnippet   = 600
)

// copied returns the text of the Embed tab's snippets as the copy
// buttons copy them: element, iframe.
func copied(t *testing.T, out string) (element, iframe string) {
	t.Helper()
	var got []string
	for _, b := range startTags(t, out, "button") {
		if b["class"] == "copy" {
			got = append(got, b["data-copy"])
		}
	}
	if len(got) != 2 {
		t.Fatalf("%d copy buttons, want 2:\n%s", len(got), out)
	}
	return got[0], got[1]
}

// TestEmbedSnippets: both snippets load from the copy the page is served
// from (its folder), through the classic loader, never from the CDN
// unless a published version is given, and then only as a note; a page
// opened from this machine says so, before the snippets; each snippet is
// short enough to paste.
func TestEmbedSnippets(t *testing.T) {
	kiwipete := model.State{FEN: kiwipeteFEN, Layout: "0x88", Show: []string{"P", "occupied"}}
	for _, tc := range []struct {
		page, folder string
		local        bool
	}{
		{"http://127.0.0.1:8080/index.html?fen=x", "http://127.0.0.1:8080/", true},
		{"http://localhost:9000/", "http://localhost:9000/", true},
		{"http://[::1]:8080/bitview/", "http://[::1]:8080/bitview/", true},
		{"https://example.org/tools/bitview/index.html", "https://example.org/tools/bitview/", false},
		{"https://someone.github.io/repo/bitview/#x", "https://someone.github.io/repo/bitview/", false},
	} {
		for _, cdn := range []string{"", CDN + "1.2.3/"} {
			for _, s := range []model.State{model.DefaultState(), kiwipete} {
				out := EmbedSnippets(s, tc.page, cdn)
				element, iframe := copied(t, out)
				if want := `<script src="` + tc.folder + Loader + `" defer></script>` + "\n<bitboard-view "; !strings.HasPrefix(element, want) {
					t.Errorf("EmbedSnippets(%q): the element snippet %q does not start with %q", tc.page, element, want)
				}
				if !strings.HasPrefix(iframe, `<iframe data-bitview src="`+tc.folder+"embed.html?") {
					t.Errorf("EmbedSnippets(%q): the iframe is not the page's copy's embed.html:\n%s", tc.page, iframe)
				}
				if strings.Contains(out, "jsdelivr") != (cdn != "") || (cdn != "" && !strings.Contains(out, html.EscapeString(`<script src="`+cdn+Loader+`" defer></script>`))) {
					t.Errorf("EmbedSnippets(%q, cdn %q): the CDN is named %v, want %v:\n%s", tc.page, cdn, !(cdn != ""), cdn != "", out)
				}
				if strings.Contains(element+iframe, "onerror") || strings.Contains(element+iframe, "jsdelivr") {
					t.Errorf("EmbedSnippets(%q): a snippet holds an onerror or the CDN:\n%s\n%s", tc.page, element, iframe)
				}
				if strings.Contains(out, `data-note="localhost"`) != tc.local {
					t.Errorf("EmbedSnippets(%q): localhost note = %v, want %v", tc.page, !tc.local, tc.local)
				}
				if note := strings.Index(out, "snippet-note"); note >= 0 && note > strings.Index(out, `class="snippet"`) {
					t.Errorf("EmbedSnippets(%q): a note comes after the snippets, below the fold", tc.page)
				}
				// The lengths, for a site's copy (a host of this machine is short).
				if !tc.local {
					if n := utf8.RuneCountInString(element); n > MaxElementSnippet {
						t.Errorf("EmbedSnippets(%q, %s): the element snippet is %d characters, want at most %d:\n%s", tc.page, s.FEN, n, MaxElementSnippet, element)
					}
					if n := utf8.RuneCountInString(iframe); n > MaxFrameSnippet {
						t.Errorf("EmbedSnippets(%q, %s): the iframe snippet is %d characters, want at most %d:\n%s", tc.page, s.FEN, n, MaxFrameSnippet, iframe)
					}
				}
				if tc.page == "https://example.org/tools/bitview/index.html" && cdn == "" {
					t.Logf("%s: element %d characters, iframe %d", s.FEN, utf8.RuneCountInString(element), utf8.RuneCountInString(iframe))
				}
			}
		}
	}
}
