//go:build js && wasm

package main

import (
	"github.com/bitview/bitview/wasm/model"
)

// A toolArea is the page's tool area: a tab bar (role tablist) and one
// panel per tool (model.Tabs: the editor, the playground, the attack maps,
// the game, the shift demo, the representations, perft, the engine
// panels, the embed snippets), of which the model's Tab is on show (in
// the link as &tab=…, model.Page.OpenTab). It lies beside the board, so
// that opening a tool never moves the cards; each tool draws its panel
// while it is on show.
type toolArea struct {
	m *model.Page
	s *surface
}

// key moves the focus along the tab bar from the tab named tab with an
// arrow key, Home or End (model.TabStep), and reports whether it did.
func (ta *toolArea) key(tab, key string) bool {
	next, ok := model.TabStep(tab, key)
	if ok {
		byID(ta.s.doc, "tab-"+next).Focus()
	}
	return ok
}

func (ta *toolArea) render() {
	for _, t := range model.Tabs {
		on := t == ta.m.Tab
		ta.s.attrs.set("tab-"+t, "aria-selected", map[bool]string{true: "true", false: "false"}[on])
		// A roving tabindex: the tab bar is one stop, at the tab on show
		// (the first when none is).
		focusable := on || ta.m.Tab == "" && t == model.Tabs[0]
		ta.s.attrs.set("tab-"+t, "tabindex", map[bool]string{true: "0", false: "-1"}[focusable])
		setHidden(byID(ta.s.doc, t), !on)
	}
	ta.s.attrs.set(`[data-tool]`, "data-tool", ta.m.Tab) // on <html>, for style.css
}
