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

// TestToolTabs: the tab bar has one tab per model.Tools entry, in its
// order, each controlling its panel, the first the bar's one stop, and a
// tool added to the table gets its tab.
func TestToolTabs(t *testing.T) {
	saved := model.Tools
	t.Cleanup(func() { model.Tools = saved })
	for _, tools := range [][]model.Tool{saved, append(append([]model.Tool{}, saved...), model.Tool{ID: "new", Label: "A <new> tool"})} {
		model.Tools = tools
		tabs := startTags(t, ToolTabs(), "button")
		if len(tabs) != len(tools) {
			t.Fatalf("%d tabs, want %d", len(tabs), len(tools))
		}
		for i, a := range tabs {
			id := tools[i].ID
			want := map[string]string{"type": "button", "role": "tab", "id": "tab-" + id, "data-tab": id, "aria-controls": id, "aria-selected": "false", "tabindex": "-1"}
			if i == 0 {
				want["tabindex"] = "0"
			}
			for k, v := range want {
				if a[k] != v {
					t.Errorf("tab %d: %s=%q, want %q", i, k, a[k], v)
				}
			}
		}
		if last := tools[len(tools)-1]; !regexp.MustCompile(`>` + regexp.QuoteMeta(html.EscapeString(last.Label)) + `</button>$`).MatchString(ToolTabs()) {
			t.Errorf("the last tab's text is not %q, escaped: %s", last.Label, ToolTabs())
		}
	}
}
