package view

import (
	"html"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestExamplesParse(t *testing.T) {
	if len(Examples) == 0 {
		t.Fatal("no examples")
	}
	labels := map[string]bool{}
	for _, e := range Examples {
		if e.Label == "" {
			t.Errorf("example with FEN %q has no label", e.FEN)
		}
		if labels[e.Label] {
			t.Errorf("label %q used twice", e.Label)
		}
		labels[e.Label] = true
		p, err := core.ParseFEN(e.FEN)
		if err != nil {
			t.Errorf("example %q: ParseFEN(%q): %v", e.Label, e.FEN, err)
			continue
		}
		if got := p.FEN(); got != e.FEN {
			t.Errorf("example %q is not in canonical form: %q round-trips to %q", e.Label, e.FEN, got)
		}
	}
	if Examples[0].FEN != core.StartFEN {
		t.Errorf("first example is %q, want the start position", Examples[0].FEN)
	}
	// The doc comment promises the article position earns an en passant
	// warning on b3, and that the others are legal positions.
	for _, e := range Examples {
		p, err := core.ParseFEN(e.FEN)
		if err != nil {
			continue
		}
		ws := p.Warnings()
		if e.Label == "Article" {
			if !slices.ContainsFunc(ws, func(w core.Warning) bool {
				return w.Code == core.WarnEnPassantRank && w.Squares.Has(core.B3)
			}) {
				t.Errorf("Article example warnings %v lack an en passant warning on b3", ws)
			}
		} else if len(ws) != 0 {
			t.Errorf("example %q has warnings %v", e.Label, ws)
		}
	}
}

func TestExampleButtons(t *testing.T) {
	out := ExampleButtons()
	checkTagBalance(t, out, "button")
	re := regexp.MustCompile(`<button([^>]*)>([^<]*)</button>`)
	btns := re.FindAllStringSubmatch(out, -1)
	if len(btns) != len(Examples) {
		t.Fatalf("%d buttons, want %d: %s", len(btns), len(Examples), out)
	}
	for i, m := range btns {
		a := parseAttrs(t, m[1])
		e := Examples[i]
		if a["type"] != "button" || a["class"] != "example" {
			t.Errorf("button %d: %v", i, a)
		}
		if a["data-example"] != strconv.Itoa(i) {
			t.Errorf("button %d: data-example %q, want %d", i, a["data-example"], i)
		}
		if a["title"] != e.FEN {
			t.Errorf("button %d: title %q, want %q", i, a["title"], e.FEN)
		}
		if html.UnescapeString(m[2]) != e.Label {
			t.Errorf("button %d: text %q, want %q", i, m[2], e.Label)
		}
	}
}

// TestExampleButtonsEscape checks that a label or FEN with markup in it
// does not break the buttons (Examples is a variable others may extend).
func TestExampleButtonsEscape(t *testing.T) {
	saved := Examples
	t.Cleanup(func() { Examples = saved })
	Examples = []Example{{Label: `<i>"Tricky" & co</i>`, FEN: `8/8/8/8/8/8/8/8 w - - 0 1" onclick="x`}}
	out := ExampleButtons()
	btns := regexp.MustCompile(`<button([^>]*)>([^<]*)</button>`).FindAllStringSubmatch(out, -1)
	ok := len(btns) == 1
	if ok {
		a := parseAttrs(t, btns[0][1])
		_, injected := a["onclick"]
		ok = !injected && a["title"] == Examples[0].FEN && html.UnescapeString(btns[0][2]) == Examples[0].Label
	}
	if !ok {
		t.Error("ExampleButtons does not HTML-escape an example's label (button text) or FEN (title attribute): " + out)
	}
}

// TestExampleButtonsManyExamples checks data-example for ten examples or
// more.
func TestExampleButtonsManyExamples(t *testing.T) {
	saved := Examples
	t.Cleanup(func() { Examples = saved })
	Examples = nil
	for i := range 12 {
		Examples = append(Examples, Example{Label: "E" + strconv.Itoa(i), FEN: core.StartFEN})
	}
	btns := startTags(t, ExampleButtons(), "button")
	if len(btns) != len(Examples) {
		t.Fatalf("%d buttons, want %d", len(btns), len(Examples))
	}
	for i, a := range btns {
		if a["data-example"] != strconv.Itoa(i) {
			t.Errorf("example %d has data-example=%q", i, a["data-example"])
		}
	}
}
