//go:build js && wasm

package main

import (
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A presenter is presentation mode (model.Page's Present: html.present,
// one screen for a projector) and the dialog that lists the keyboard
// shortcuts (#shortcuts), which takes the focus while open and gives it
// back when it closes.
type presenter struct {
	m        *model.Page
	s        *surface
	present  bool        // html.present as drawn
	drawn    bool        // present was drawn once
	helpOpen bool        // the dialog is open
	opener   *domElement // the element that had the focus when the dialog opened
}

// help opens the dialog, which takes the focus, or closes it.
func (pr *presenter) help() {
	if pr.helpOpen {
		pr.close()
		return
	}
	pr.opener = element(pr.s.doc.Get("activeElement"))
	overlay := byID(pr.s.doc, "shortcuts")
	overlay.Set("hidden", false)
	overlay.Focus()
	pr.helpOpen = true
}

// close closes the dialog and gives the focus back.
func (pr *presenter) close() {
	if !pr.helpOpen {
		return
	}
	byID(pr.s.doc, "shortcuts").Set("hidden", true)
	pr.helpOpen = false
	if o := pr.opener; o != nil && o.Get("isConnected").Bool() {
		o.Focus()
	}
}

func (pr *presenter) render() {
	a := view.PresentButton(pr.m)
	pr.s.attrs.set(a.ID, a.Name, a.Value)
	if !pr.drawn || pr.present != pr.m.Present {
		pr.present, pr.drawn = pr.m.Present, true
		if cl := element(pr.s.doc.Get("documentElement")).Class(); pr.present {
			cl.Add("present")
		} else {
			cl.Remove("present")
		}
	}
}
