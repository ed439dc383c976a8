//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// enginePanels are the engine author's panels: "Check my engine's
// bitboards" (#dump), "Polyglot Zobrist key" (#zobrist) and "Magic
// bitboards step by step" (#magic), in the tool area's Engine tab. The tab
// and the magic piece and square (State.Magic) are in the link; the
// pasted dump and the square field's text are kept here. The panels are
// drawn only while their tab is on show, and rewritten only when their
// markup changes.
type enginePanels struct {
	st       *store
	regions  *regions
	attrs    *attrs
	doc      js.Value
	dump     string // the dump as last read from its field
	dumpOver int    // the field's length when over dump.MaxTextLength (then dump is ""), else 0
	square   string // the magic square field's text as last written
}

// start sets the magic controls to the link's.
func (ep *enginePanels) start() {
	ep.controls()
}

// magic returns the magic panel's piece and square (model.DefaultMagic
// until one is picked).
func (ep *enginePanels) magic() (core.PieceType, core.Square) {
	pt, sq, err := model.ParseMagic(ep.st.Magic)
	if err != nil {
		pt, sq, _ = model.ParseMagic(model.DefaultMagic)
	}
	return pt, sq
}

// controls shows the state's magic piece and square in the panel's radio
// buttons and square field.
func (ep *enginePanels) controls() {
	pt, sq := ep.magic()
	setChecked(byID(ep.doc, "magic-rook"), pt == core.Rook)
	setChecked(byID(ep.doc, "magic-bishop"), pt == core.Bishop)
	if sq.String() != ep.square {
		ep.square = sq.String()
		input(byID(ep.doc, "magic-square")).SetValue(ep.square)
		ep.attrs.set("magic-square", "aria-invalid", "false")
		ep.regions.get("magic-status").set("")
	}
}

func (ep *enginePanels) wire(sc *scope, acts actions) {
	sc.on("input", "#dump-text", func(_ *event, el *domElement) {
		v := el.Underlying().Get("value")
		// The length is read before the text is copied into Go: a pasted
		// 20 MB costs no more than a good dump.
		if n := strLen(v); n > dump.MaxTextLength {
			ep.dump, ep.dumpOver = "", n
		} else {
			ep.dump, ep.dumpOver = v.String(), 0
		}
		ep.render()
	})
	sc.on("change", "#magic input[name=magic-piece]", func(_ *event, el *domElement) {
		_, sq := ep.magic()
		pt := core.Rook
		if el.ID() == "magic-bishop" {
			pt = core.Bishop
		}
		ep.st.update(func(s *model.State) { s.Magic = model.FormatMagic(pt, sq) })
	})
	sc.on("input", "#magic-square", func(_ *event, el *domElement) {
		v := el.Underlying().Get("value")
		text := ""
		if strLen(v) <= model.MaxOptionLength { // the field's maxlength is 2; a script may set more
			text = strings.ToLower(strings.TrimSpace(v.String()))
		}
		ep.square = text
		sq, ok := core.ParseSquare(text)
		if !ok {
			// The last good steps stay on show below the message.
			msg := "Type a square, a1 … h8."
			if text != "" {
				msg = strconv.Quote(text) + " is not a square: type a1 … h8."
			}
			ep.attrs.set("magic-square", "aria-invalid", "true")
			ep.regions.get("magic-status").set(view.Alert(msg))
			return
		}
		ep.attrs.set("magic-square", "aria-invalid", "false")
		ep.regions.get("magic-status").set("")
		pt, _ := ep.magic()
		ep.st.update(func(s *model.State) { s.Magic = model.FormatMagic(pt, sq) })
	})
}

// render draws the open panels for the position on show.
func (ep *enginePanels) render() {
	if ep.st.Tab != "engine" {
		return
	}
	ep.controls()
	report := view.DumpReport(&ep.st.pos, ep.dump)
	if ep.dumpOver > 0 {
		report = view.Alert(model.LimitMessage("the dump", ep.dumpOver, dump.MaxTextLength, "characters"))
	}
	ep.regions.get("dump-report").set(report)
	var before *core.Position
	m := core.NoMove
	if gm, ok := ep.st.lastMove(); ok {
		p := ep.st.game.PositionAt(ep.st.Ply - 1)
		before, m = &p, gm.Move
	}
	ep.regions.get("zobrist-report").set(view.ZobristReport(&ep.st.pos, before, m))
	pt, sq := ep.magic()
	ep.regions.get("magic-report").set(view.MagicReport(&ep.st.pos, pt, sq))
}
