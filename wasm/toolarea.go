//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/wasm/model"
)

// A toolArea is the page's tool area: a tab bar (role tablist) and one
// panel per tool (model.Tabs: the editor, the playground, the attack maps,
// the game, the shift demo, the representations, perft, the engine
// panels, the embed snippets), of which the state's Tab is on show (in
// the link as &tab=…). A tab clicked shows its panel, or hides it when it
// was on show; the arrow keys move between the tabs. It lies beside the
// board, so that opening a tool never moves the cards; each tool draws
// its panel while it is on show.
type toolArea struct {
	st    *store
	doc   js.Value
	attrs *attrs
}

func (ta *toolArea) wire(sc *scope, acts actions) {
	sc.on("click", "[role=tab][data-tab]", func(_ *event, el *domElement) {
		tab := el.GetAttribute("data-tab")
		ta.st.update(func(s *model.State) {
			if s.Tab == tab {
				s.Tab = ""
			} else {
				s.Tab = tab
			}
		})
	})
	sc.on("keydown", "[role=tab]", func(e *event, el *domElement) {
		i := -1
		for k, t := range model.Tabs {
			if t == el.GetAttribute("data-tab") {
				i = k
			}
		}
		switch e.Key {
		case "ArrowRight", "ArrowDown":
			i = (i + 1) % len(model.Tabs)
		case "ArrowLeft", "ArrowUp":
			i = (i + len(model.Tabs) - 1) % len(model.Tabs)
		case "Home":
			i = 0
		case "End":
			i = len(model.Tabs) - 1
		default:
			return
		}
		e.consume()
		byID(ta.doc, "tab-"+model.Tabs[i]).Focus()
	})
}

func (ta *toolArea) render() {
	for _, t := range model.Tabs {
		on := t == ta.st.Tab
		ta.attrs.set("tab-"+t, "aria-selected", map[bool]string{true: "true", false: "false"}[on])
		// A roving tabindex: the tab bar is one stop, at the tab on show
		// (the first when none is).
		focusable := on || ta.st.Tab == "" && t == model.Tabs[0]
		ta.attrs.set("tab-"+t, "tabindex", map[bool]string{true: "0", false: "-1"}[focusable])
		setHidden(byID(ta.doc, t), !on)
	}
	ta.attrs.set(`[data-tool]`, "data-tool", ta.st.Tab) // on <html>, for style.css
}
