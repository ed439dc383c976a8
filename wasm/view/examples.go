package view

import (
	"strconv"

	"github.com/bitview/bitview/wasm/model"
)

// ExampleButtons returns one button per example.
func ExampleButtons() string {
	s := ""
	for i, e := range model.Examples {
		s += `<button type="button" class="example" data-example="` + strconv.Itoa(i) + `" title="` + escape(e.FEN) + `">` + escape(e.Label) + `</button>`
	}
	return s
}

// ToolTabs returns the page's tab bar (the buttons of its role="tablist"
// #tool-tabs): one tab per model.Tools entry, tab-ID controlling the
// panel ID, none selected and the first the bar's one stop (tabindex 0;
// the page's toolArea moves both as a tool opens).
func ToolTabs() string {
	s := ""
	for i, t := range model.Tools {
		s += `<button type="button" role="tab" id="tab-` + t.ID + `" data-tab="` + t.ID + `" aria-controls="` + t.ID +
			`" aria-selected="false" tabindex="` + map[bool]string{true: "0", false: "-1"}[i == 0] + `">` + escape(t.Label) + `</button>`
	}
	return s
}
