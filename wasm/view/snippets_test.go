package view

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/model"
)

// TestEmbedSnippets: the element loads Bitview from the CDN at the
// version given, never from the page's own address; the iframe points
// beside the page; a page opened from this machine says so.
func TestEmbedSnippets(t *testing.T) {
	s := model.DefaultState()
	s.Show = []string{"P"}
	for _, tc := range []struct {
		page  string
		local bool
	}{
		{"http://127.0.0.1:8080/index.html?fen=x", true},
		{"http://localhost:9000/", true},
		{"http://[::1]:8080/bitview/", true},
		{"https://example.org/tools/bitview/index.html", false},
	} {
		got := EmbedSnippets(s, tc.page, "1.2.3")
		folder := tc.page[:strings.LastIndex(strings.SplitN(tc.page, "?", 2)[0], "/")+1]
		if !strings.Contains(got, `src=&#34;https://cdn.jsdelivr.net/npm/bitview@1.2.3/bitview-element.js&#34;`) {
			t.Errorf("EmbedSnippets(%q): the element's script is not the CDN's:\n%s", tc.page, got)
		}
		if strings.Contains(got, escape(folder)+"bitview-element.js") {
			t.Errorf("EmbedSnippets(%q) names the page's own copy of the element", tc.page)
		}
		if !strings.Contains(got, escape(escape(folder+"embed.html?"))) {
			t.Errorf("EmbedSnippets(%q): the iframe is not beside the page (%s):\n%s", tc.page, folder, got)
		}
		if strings.Contains(got, `data-note="localhost"`) != tc.local {
			t.Errorf("EmbedSnippets(%q): localhost note = %v, want %v", tc.page, !tc.local, tc.local)
		}
		if !strings.Contains(got, "onerror=") {
			t.Errorf("EmbedSnippets(%q): the script has no onerror that shows a failed load", tc.page)
		}
	}
}
