package view

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
)

// Core values from their text, failing the test when it does not parse
// (core/coretest).
var (
	mustParse  = coretest.MustPosition
	mustLayout = coretest.MustLayout
	mustSquare = coretest.MustSquare
	squares    = coretest.NamedSquares
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// An element is one start tag found in markup: its attributes (values
// unescaped; a valueless attribute maps to "") and, for gridcells, the
// markup up to its closing </div>.
type element struct {
	attrs map[string]string
	inner string
}

func (e element) has(name string) bool { _, ok := e.attrs[name]; return ok }

var (
	gridcellRE = regexp.MustCompile(`(?s)<div role="gridcell"([^>]*)>(.*?)</div>`)
	attrRE     = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9-]*)(?:="([^"]*)")?`)
	tagRE      = regexp.MustCompile(`<[^>]*>`)
)

// parseAttrs parses the attributes of a start tag (the text after its name).
func parseAttrs(t *testing.T, s string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, a := range attrRE.FindAllStringSubmatch(s, -1) {
		if _, dup := m[a[1]]; dup {
			t.Errorf("duplicate attribute %q in %q", a[1], s)
		}
		m[a[1]] = html.UnescapeString(a[2])
	}
	return m
}

// gridcells returns every <div role="gridcell" …>…</div> of s in document order.
func gridcells(t *testing.T, s string) []element {
	t.Helper()
	var es []element
	for _, m := range gridcellRE.FindAllStringSubmatch(s, -1) {
		es = append(es, element{attrs: parseAttrs(t, m[1]), inner: m[2]})
	}
	return es
}

// startTags returns the attributes of every <tag …> start tag of s.
func startTags(t *testing.T, s, tag string) []map[string]string {
	t.Helper()
	re := regexp.MustCompile(`<` + regexp.QuoteMeta(tag) + `(\s[^>]*)?>`)
	var ms []map[string]string
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		ms = append(ms, parseAttrs(t, m[1]))
	}
	return ms
}

var (
	entityRE  = regexp.MustCompile(`&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);`)
	rawMarkRE = regexp.MustCompile(`[<>]`)
)

// checkText reports HTML text content got that does not read as want or
// that holds a raw '<', '>' or an '&' that does not start an entity.
func checkText(t *testing.T, what, got, want string) {
	t.Helper()
	if u := html.UnescapeString(got); u != want {
		t.Errorf("%s reads %q, want %q", what, u, want)
	}
	if rest := entityRE.ReplaceAllString(got, ""); rawMarkRE.MatchString(rest) || strings.Contains(rest, "&") {
		t.Errorf("%s %q is not escaped", what, got)
	}
}

// stripTags removes every tag of s and unescapes what is left.
func stripTags(s string) string { return html.UnescapeString(tagRE.ReplaceAllString(s, "")) }

// checkTagBalance reports markup whose <div>, <span>, <section> … tags do
// not balance: a cheap guard against a missing closing tag.
func checkTagBalance(t *testing.T, s string, tags ...string) {
	t.Helper()
	for _, tag := range tags {
		open := len(regexp.MustCompile(`<`+tag+`[\s>]`).FindAllStringIndex(s, -1))
		if cl := strings.Count(s, "</"+tag+">"); open != cl {
			t.Errorf("<%s> opened %d times, closed %d times", tag, open, cl)
		}
	}
}

// off switches an optional Options switch (Board, Grid, Interactive) off.
var off = new(bool)

func mustPos(t *testing.T, fen string) core.Position {
	t.Helper()
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// allNames returns every core.BitboardNames name, in order.
func allNames() []string {
	var ns []string
	for _, n := range core.BitboardNames {
		ns = append(ns, n.Name)
	}
	return ns
}
