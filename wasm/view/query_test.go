package view

import (
	"net/url"
	"reflect"
	"testing"
)

// queryCases are queries and values that exercise every rule of the
// query coding: spaces, "+", "%", slashes, non-ASCII, bad escapes,
// semicolons, empty pairs and repeated keys.
var queryCases = []string{
	"", "fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR+b+KQkq+e3+0+1&layout=lerf&show=P,occupied",
	"expr=(whitePawns+%3C%3C+8)+%26+~allOccupied", "a=1&a=2&b", "a=%zz&b=2", "a=%4&b=%41", "a;b=1&c=2", "&&a=&=b",
	"fen=%E2%99%94 x", "k%3D=v%26", "show=P%2Cn", "é=ü", "a=1=2", "%", "a=%%41",
}

func TestQueryEscapeLikeNetURL(t *testing.T) {
	for _, s := range append(queryCases, "Ab9-_.~ !*'()/?#[]@$&+,;=%", "\x00\x7f\xff") {
		if got, want := queryEscape(s), url.QueryEscape(s); got != want {
			t.Errorf("queryEscape(%q) = %q, want %q (url.QueryEscape)", s, got, want)
		}
	}
}

func TestParseQueryLikeNetURL(t *testing.T) {
	for _, s := range queryCases {
		want, _ := url.ParseQuery(s)
		got := parseQuery(s)
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(map[string][]string(got), map[string][]string(want)) {
			t.Errorf("parseQuery(%q) = %q, want %q (url.ParseQuery)", s, got, want)
		}
	}
}

func FuzzQueryCoding(f *testing.F) {
	for _, s := range queryCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := queryEscape(s), url.QueryEscape(s); got != want {
			t.Fatalf("queryEscape(%q) = %q, want %q", s, got, want)
		}
		if v, ok := queryUnescape(queryEscape(s)); !ok || v != s {
			t.Fatalf("queryUnescape(queryEscape(%q)) = %q, %v", s, v, ok)
		}
		want, _ := url.ParseQuery(s)
		if got := parseQuery(s); (len(got) != 0 || len(want) != 0) && !reflect.DeepEqual(map[string][]string(got), map[string][]string(want)) {
			t.Fatalf("parseQuery(%q) = %q, want %q", s, got, want)
		}
	})
}
