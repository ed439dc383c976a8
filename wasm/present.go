//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// A presenter is presentation mode (State.Present: html.present, one
// screen for a projector), the keyboard shortcuts (model.Shortcuts; keys
// pressed outside text fields run the page's actions) and the dialog that
// lists them (#shortcuts), which takes the focus while open and gives it
// back when it closes.
type presenter struct {
	st       *store
	attrs    *attrs
	doc      js.Value
	editing  func() bool // the board editor is open: undo and redo act
	present  bool        // html.present as drawn
	drawn    bool        // present was drawn once
	helpOpen bool        // the dialog is open
	opener   *domElement // the element that had the focus when the dialog opened
	acts     actions     // the page's actions, which the shortcuts run
}

func (pr *presenter) wire(sc *scope, acts actions) {
	pr.acts = acts
	acts["present"] = func() { pr.st.update(func(s *model.State) { s.Present = !s.Present }) }
	acts["help"] = func() {
		if pr.helpOpen {
			pr.close()
		} else {
			pr.open()
		}
	}
	acts["close"] = pr.close
	sc.on("click", "#shortcuts", func(e *event, _ *domElement) {
		if e.Target.Get("id").String() == "shortcuts" {
			pr.close() // a click on the backdrop
		}
	})
	sc.on("keydown", "", pr.shortcut)
}

// open opens the dialog, which takes the focus.
func (pr *presenter) open() {
	pr.opener = element(pr.doc.Get("activeElement"))
	overlay := byID(pr.doc, "shortcuts")
	overlay.Set("hidden", false)
	overlay.Focus()
	pr.helpOpen = true
}

// close closes the dialog and gives the focus back.
func (pr *presenter) close() {
	if !pr.helpOpen {
		return
	}
	byID(pr.doc, "shortcuts").Set("hidden", true)
	pr.helpOpen = false
	if o := pr.opener; o != nil && o.Get("isConnected").Bool() {
		o.Focus()
	}
}

// shortcut runs the shortcut of a key pressed outside text fields (Escape
// in a field leaves it): a key alone, or with Ctrl or ⌘ (see
// model.ShortcutKey; Ctrl+Z undoes).
func (pr *presenter) shortcut(e *event, _ *domElement) {
	if e.Prevented() {
		return
	}
	switch e.Target.Get("tagName").String() {
	case "INPUT", "SELECT", "TEXTAREA":
		if e.Key == "Escape" && !e.Command() {
			element(e.Target).Blur()
		}
		return
	}
	s, ok := model.ShortcutFor(model.ShortcutKey(e.Key, e.Ctrl() || e.Meta(), e.Alt(), e.Shift()))
	if ok && pr.applies(s.Action, e.Target) {
		e.prevent()
		pr.acts.run(s.Action)
	}
}

// applies reports whether a shortcut's action acts where the user is
// (target, the focused element): undo and redo only with the editor open
// or the focus on the board; mark only on the board; the game's keys only
// with a game loaded.
func (pr *presenter) applies(action string, target js.Value) bool {
	onBoard := closest(target, "#board") != nil
	switch action {
	case "undo", "redo":
		return pr.editing() || onBoard
	case "mark":
		return onBoard
	case "first", "back", "forward", "last":
		return pr.st.game != nil
	}
	return true
}

func (pr *presenter) render() {
	a := pr.st.pageView(-1, core.NoSquare).PresentButton()
	pr.attrs.set(a.ID, a.Name, a.Value)
	if !pr.drawn || pr.present != pr.st.Present {
		pr.present, pr.drawn = pr.st.Present, true
		if cl := element(pr.doc.Get("documentElement")).Class(); pr.present {
			cl.Add("present")
		} else {
			cl.Remove("present")
		}
	}
}
