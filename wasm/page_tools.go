//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// The engine author's tool panels (issue 14): "Check my engine's
// bitboards" (#dump), "Polyglot Zobrist key" (#zobrist) and "Magic
// bitboards step by step" (#magic). Which are open and the magic piece
// and square are in view.State (the URL); the pasted dump is kept here.
// Each panel is drawn into its region only while open, so a closed panel
// costs nothing and an open one is rewritten only when its markup changes.

// A toolsState is what the tool panels keep beside view.State.
type toolsState struct {
	dump     string      // the dump as last read from its field
	dumpOver int         // the field's length when over dump.MaxTextLength (then dump is ""), else 0
	selected core.Square // pg.selected as last seen: a new click picks the magic square
	square   string      // the magic square field's value as last written by Go
}

// magicChoice returns the magic panel's piece and square (view.DefaultMagic
// until one is picked).
func (pg *page) magicChoice() (core.PieceType, core.Square) {
	pt, sq, err := view.ParseMagic(pg.state.Magic)
	if err != nil {
		pt, sq, _ = view.ParseMagic(view.DefaultMagic)
	}
	return pt, sq
}

// toolsFromURL opens the tool panels the URL lists and sets the magic
// controls.
func (pg *page) toolsFromURL() {
	pg.tools.selected = core.NoSquare
	for _, id := range pg.state.Tools {
		pg.doc.Call("getElementById", id).Set("open", true)
		pg.open[id] = true
	}
	pg.syncMagicControls()
}

// syncMagicControls shows the state's magic piece and square in the
// panel's radio buttons and square field.
func (pg *page) syncMagicControls() {
	pt, sq := pg.magicChoice()
	pg.setChecked("magic-rook", pt == core.Rook)
	pg.setChecked("magic-bishop", pt == core.Bishop)
	if sq.String() != pg.tools.square {
		pg.tools.square = sq.String()
		pg.doc.Call("getElementById", "magic-square").Set("value", pg.tools.square)
		pg.setAttr("magic-square", "aria-invalid", "false")
		pg.region("magic-status").set("")
	}
}

// renderTools draws the open tool panels for the position on show; render
// calls it. A square clicked on the board since the last call becomes the
// magic square.
func (pg *page) renderTools() {
	if pg.selected != pg.tools.selected {
		pg.tools.selected = pg.selected
		if pg.selected != core.NoSquare && pg.open["magic"] {
			pt, _ := pg.magicChoice()
			pg.state.Magic = view.FormatMagic(pt, pg.selected)
			pg.syncMagicControls()
		}
	}
	if pg.open["dump"] {
		report := view.DumpReport(&pg.pos, pg.tools.dump)
		if pg.tools.dumpOver > 0 {
			report = view.Alert(view.LimitMessage("the dump", pg.tools.dumpOver, dump.MaxTextLength, "characters"))
		}
		pg.region("dump-report").set(report)
	}
	if pg.open["zobrist"] {
		var before *core.Position
		m := core.NoMove
		if g := pg.game.game; g != nil && pg.game.ply > 0 {
			p := g.PositionAt(pg.game.ply - 1)
			before, m = &p, g.Moves[pg.game.ply-1].Move
		}
		pg.region("zobrist-report").set(view.ZobristReport(&pg.pos, before, m))
	}
	if pg.open["magic"] {
		pt, sq := pg.magicChoice()
		pg.region("magic-report").set(view.MagicReport(&pg.pos, pt, sq))
	}
}

// wireTools connects the tool panels: opening and closing them, the dump
// field, and the magic piece and square.
func (pg *page) wireTools() {
	for _, id := range view.ToolPanels {
		on(pg.doc.Call("getElementById", id), "toggle", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
			if t := ev.Get("target"); t.Get("id").String() == id {
				open := t.Get("open").Bool()
				if pg.open[id] == open && slices.Contains(pg.state.Tools, id) == open {
					return
				}
				pg.open[id] = open
				pg.state.SetTool(id, open)
				pg.renderTools()
				pg.writeURL()
			}
		})
	}
	on(pg.doc.Call("getElementById", "dump-text"), "input", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
		v := ev.Get("target").Get("value")
		// The length is read before the text is copied into Go: a pasted
		// 20 MB costs no more than a good dump.
		if n := strLen(v); n > dump.MaxTextLength {
			pg.tools.dump, pg.tools.dumpOver = "", n
		} else {
			pg.tools.dump, pg.tools.dumpOver = v.String(), 0
		}
		pg.renderTools()
	})
	on(pg.doc.Call("getElementById", "magic"), "change", "input[name=magic-piece]", func(_ js.Value, el *dom.BasicHTMLElement) {
		if el == nil {
			return
		}
		_, sq := pg.magicChoice()
		pt := core.Rook
		if el.ID() == "magic-bishop" {
			pt = core.Bishop
		}
		pg.state.Magic = view.FormatMagic(pt, sq)
		pg.renderTools()
		pg.writeURL()
	})
	on(pg.doc.Call("getElementById", "magic-square"), "input", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
		v := ev.Get("target").Get("value")
		text := ""
		if strLen(v) <= view.MaxOptionLength { // the field's maxlength is 2; a script may set more
			text = strings.ToLower(strings.TrimSpace(v.String()))
		}
		pg.tools.square = text
		sq, ok := core.ParseSquare(text)
		if !ok {
			// The last good steps stay on show below the message.
			msg := "Type a square, a1 … h8."
			if text != "" {
				msg = strconv.Quote(text) + " is not a square: type a1 … h8."
			}
			pg.setAttr("magic-square", "aria-invalid", "true")
			pg.region("magic-status").set(view.Alert(msg))
			return
		}
		pg.setAttr("magic-square", "aria-invalid", "false")
		pg.region("magic-status").set("")
		pt, _ := pg.magicChoice()
		pg.state.Magic = view.FormatMagic(pt, sq)
		pg.renderTools()
		pg.writeURL()
	})
}
