package view

import (
	"html"
	"regexp"
	"strconv"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

func TestExampleButtons(t *testing.T) {
	out := ExampleButtons()
	checkTagBalance(t, out, "button")
	re := regexp.MustCompile(`<button([^>]*)>([^<]*)</button>`)
	btns := re.FindAllStringSubmatch(out, -1)
	if len(btns) != len(model.Examples) {
		t.Fatalf("%d buttons, want %d: %s", len(btns), len(model.Examples), out)
	}
	for i, m := range btns {
		a := parseAttrs(t, m[1])
		e := model.Examples[i]
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
	saved := model.Examples
	t.Cleanup(func() { model.Examples = saved })
	model.Examples = []model.Example{{Label: `<i>"Tricky" & co</i>`, FEN: `8/8/8/8/8/8/8/8 w - - 0 1" onclick="x`}}
	out := ExampleButtons()
	btns := regexp.MustCompile(`<button([^>]*)>([^<]*)</button>`).FindAllStringSubmatch(out, -1)
	ok := len(btns) == 1
	if ok {
		a := parseAttrs(t, btns[0][1])
		_, injected := a["onclick"]
		ok = !injected && a["title"] == model.Examples[0].FEN && html.UnescapeString(btns[0][2]) == model.Examples[0].Label
	}
	if !ok {
		t.Error("ExampleButtons does not HTML-escape an example's label (button text) or FEN (title attribute): " + out)
	}
}

// TestExampleButtonsManyExamples checks data-example for ten examples or
// more.
func TestExampleButtonsManyExamples(t *testing.T) {
	saved := model.Examples
	t.Cleanup(func() { model.Examples = saved })
	model.Examples = nil
	for i := range 12 {
		model.Examples = append(model.Examples, model.Example{Label: "E" + strconv.Itoa(i), FEN: core.StartFEN})
	}
	btns := startTags(t, ExampleButtons(), "button")
	if len(btns) != len(model.Examples) {
		t.Fatalf("%d buttons, want %d", len(btns), len(model.Examples))
	}
	for i, a := range btns {
		if a["data-example"] != strconv.Itoa(i) {
			t.Errorf("example %d has data-example=%q", i, a["data-example"])
		}
	}
}
