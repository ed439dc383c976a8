//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// enginePanels are the engine author's panels: "Check my engine's
// bitboards" (#dump), "Polyglot Zobrist key" (#zobrist) and "Magic
// bitboards step by step" (#magic), in the tool area's Engine tab. The tab
// and the magic piece and square are the model's (model.Page.Magic); the
// pasted dump and the square field's text are kept here. The panels are
// drawn only while their tab is on show, and rewritten only when their
// markup changes.
type enginePanels struct {
	m        *model.Page
	s        *surface
	dump     string // the dump as last read from its field
	dumpOver int    // the field's length when over dump.MaxTextLength (then dump is ""), else 0
	square   string // the magic square field's text as last written
}

// controls shows the model's magic piece and square in the panel's radio
// buttons and square field.
func (ep *enginePanels) controls() {
	pt, sq := ep.m.Magic()
	setChecked(byID(ep.s.doc, "magic-rook"), pt == core.Rook)
	setChecked(byID(ep.s.doc, "magic-bishop"), pt == core.Bishop)
	if sq.String() != ep.square {
		ep.square = sq.String()
		input(byID(ep.s.doc, "magic-square")).SetValue(ep.square)
		ep.squareStatus("")
	}
}

// readDump reads the dump field: the length is read before the text is
// copied into Go, so a pasted 20 MB costs no more than a good dump.
func (ep *enginePanels) readDump(field *domElement) {
	v := field.Get("value")
	if n := strLen(v); n > dump.MaxTextLength {
		ep.dump, ep.dumpOver = "", n
	} else {
		ep.dump, ep.dumpOver = v.String(), 0
	}
}

// readSquare reads the magic square field: a square makes the panel look
// it up, and it reports true (the page is drawn again); anything else is
// said below the field, and the last good steps stay on show.
func (ep *enginePanels) readSquare(field *domElement) bool {
	v := field.Get("value")
	text := ""
	if strLen(v) <= model.MaxOptionLength { // the field's maxlength is 2; a script may set more
		text = strings.ToLower(strings.TrimSpace(v.String()))
	}
	ep.square = text
	sq, ok := core.ParseSquare(text)
	if !ok {
		msg := "Type a square, a1 … h8."
		if text != "" {
			msg = strconv.Quote(text) + " is not a square: type a1 … h8."
		}
		ep.squareStatus(msg)
		return false
	}
	ep.squareStatus("")
	pt, _ := ep.m.Magic()
	ep.m.SetMagic(pt, sq)
	return true
}

// squareStatus says msg below the magic square field ("" for nothing),
// which is invalid while it does.
func (ep *enginePanels) squareStatus(msg string) {
	ep.s.attrs.set("magic-square", "aria-invalid", strconv.FormatBool(msg != ""))
	if msg != "" {
		msg = view.Alert(msg)
	}
	ep.s.regions.get("magic-status").set(msg)
}

// render draws the open panels for the position on show.
func (ep *enginePanels) render() {
	if ep.m.Tab != "engine" {
		return
	}
	ep.controls()
	report := view.DumpReport(ep.m.Pos(), ep.dump)
	if ep.dumpOver > 0 {
		report = view.Alert(model.LimitMessage("the dump", ep.dumpOver, dump.MaxTextLength, "characters"))
	}
	ep.s.regions.get("dump-report").set(report)
	var before *core.Position
	m := core.NoMove
	if gm, ok := ep.m.LastMove(); ok {
		p, _ := ep.m.Before()
		before, m = &p, gm.Move
	}
	ep.s.regions.get("zobrist-report").set(view.ZobristReport(ep.m.Pos(), before, m))
	pt, sq := ep.m.Magic()
	ep.s.regions.get("magic-report").set(view.MagicReport(ep.m.Pos(), pt, sq))
}
