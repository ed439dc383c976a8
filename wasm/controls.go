//go:build js && wasm

package main

import (
	"strconv"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/model"
)

// This file is the page's controls, every one in one place: each event
// at a selector, each named action (a button's data-action, a keyboard
// shortcut's model.Shortcut.Action) calls a method of the model
// (model.Page) or of a component, and then the page is drawn again
// (render, which writes only what changed). A control that changes
// nothing the page draws (a focus, a timer's frame, a dialog) does not
// draw it. A new control is a model method, its markup in wasm/view, and
// one line here.

// wire connects the page's controls, all through one scope on the
// document, in the order they bubble: the handlers that must see a key
// before the figure does (the editor's piece letters on the board, the
// free card's Space and Enter), the figure's, then the rest.
func (pg *page) wire() {
	m, sc := pg.m, newScope(pg.doc)
	pg.sc = sc
	acts := map[string]func(){}
	// act registers an event's handler that changes the model; quiet one
	// that draws what it changes itself, or nothing.
	act := func(typ, selector string, fn func(e *event, el *domElement)) {
		sc.on(typ, selector, func(e *event, el *domElement) { fn(e, el); pg.render() })
	}
	quiet := sc.on
	action := func(name string, fn func()) { acts[name] = func() { fn(); pg.render() } }
	square := func(el *domElement) (core.Square, bool) { return core.ParseSquare(el.GetAttribute("data-square")) }
	value := func(el *domElement) string { return el.Underlying().Get("value").String() }
	checked := func(el *domElement) bool { return el.Underlying().Get("checked").Bool() }

	// The FEN field, the examples and the FEN's status.
	act("input", "#fen", func(*event, *domElement) { m.Type(pg.fen.text()) })
	quiet("change", "#fen", func(*event, *domElement) { m.EndTyping() }) // the field was left: the next typing is a new entry
	act("click", "[data-example]", func(_ *event, el *domElement) {
		if i, err := strconv.Atoi(el.GetAttribute("data-example")); err == nil && i >= 0 && i < len(model.Examples) {
			m.ShowFEN(model.Examples[i].FEN)
		}
	})
	acts["fen"] = func() { pg.fen.in.Focus() }
	action("dismiss", m.Dismiss)
	action("notice-detail", m.ToggleDetail)

	// The switches: the numbering, the bitboards, Flip and indices.
	act("change", "input[name=layout]", func(_ *event, el *domElement) { m.SetLayout(value(el)) })
	act("change", "#flip", func(_ *event, el *domElement) { m.SetFlipped(checked(el)) })
	act("change", "#labels", func(_ *event, el *domElement) { m.SetLabels(checked(el)) })
	act("click", "[data-toggle]", func(_ *event, el *domElement) { m.Toggle(el.GetAttribute("data-toggle")) })
	act("click", "[data-card]", func(_ *event, el *domElement) { m.ToggleCard(el.GetAttribute("data-card")) })
	action("flip", func() { m.SetFlipped(!m.Flipped) })
	action("labels", func() { m.SetLabels(!m.Labels) })
	for _, l := range core.Layouts {
		action("layout:"+l.ID, func() { m.SetLayout(l.ID) })
	}

	// The board editor, and the board's clicks and piece keys.
	quiet("keydown", "#board [data-square]", func(e *event, el *domElement) {
		if sq, ok := square(el); ok && !e.Command() && m.PieceKey(e.Key, sq) {
			e.consume()
			pg.render()
		}
	})
	act("click", "#board [data-square]", func(_ *event, el *domElement) {
		if sq, ok := square(el); ok {
			m.Click(sq)
		}
	})
	// The palette's buttons: <html data-tool> is the tool area's tab on
	// show (toolarea.go), which every click is inside.
	act("click", "#palette [data-tool]", func(_ *event, el *domElement) { m.SetTool(el.GetAttribute("data-tool")) })
	act("change", "input[name=side]", func(_ *event, el *domElement) {
		m.SetSideToMove(map[bool]core.Color{false: core.White, true: core.Black}[value(el) == "b"])
	})
	act("change", "[data-castle]", func(_ *event, el *domElement) { m.SetCastling(el.GetAttribute("data-castle"), checked(el)) })
	act("change", "[data-castle-rook]", func(_ *event, el *domElement) { m.SetCastlingRook(el.GetAttribute("data-castle-rook"), value(el)) })
	act("change", "#sp960", func(_ *event, el *domElement) {
		if n, err := strconv.Atoi(value(el)); err == nil {
			m.Chess960Start(n)
		}
	})
	act("change", "#ep", func(_ *event, el *domElement) {
		sq, _ := core.ParseSquare(value(el))
		m.SetEnPassant(sq)
	})
	action("undo", func() { m.Undo() })
	action("redo", func() { m.Redo() })
	action("clear", m.ClearBoard)
	action("start", m.StartPosition)

	// The game.
	act("click", "[data-ply]", func(_ *event, el *domElement) {
		if ply, err := strconv.Atoi(el.GetAttribute("data-ply")); err == nil {
			m.GoTo(ply)
		}
	})
	action("pgn-load", func() { pg.game.load(byID(pg.doc, "pgn")) })
	action("pgn-sample", func() {
		byID(pg.doc, "pgn").Set("value", model.SamplePGN) // a <textarea>
		m.LoadPGN(model.SamplePGN)
	})
	action("first", func() { m.GoTo(0) })
	action("back", func() { m.GoTo(m.Ply - 1) })
	action("forward", func() { m.GoTo(m.Ply + 1) })
	action("last", func() { m.GoTo(m.Plies()) })

	// The expression playground. e (and the playground's tab) show the
	// field and put the caret in it, in presentation mode too.
	act("input", "#expr", func(*event, *domElement) { m.SetExpr(pg.play.text()) })
	act("click", "[data-step]", func(_ *event, el *domElement) {
		i, _ := strconv.Atoi(el.GetAttribute("data-step"))
		m.SelectStep(i)
	})
	acts["expr"] = func() {
		if m.Tab != "playground" {
			m.ShowTab("playground")
			pg.render()
		}
		pg.play.in.Focus()
	}

	// The free bitboard's card: a cell, Space or Enter on it, a label, a
	// button, a value field.
	setFree := func(bb core.Bitboard) { pg.free.forget(); m.SetFree(bb) }
	act("click", "#cards [data-fill]", func(_ *event, el *domElement) { pg.free.forget(); m.FillFree(el.GetAttribute("data-fill")) })
	act("click", "#cards [data-free-action]", func(_ *event, el *domElement) {
		switch el.GetAttribute("data-free-action") {
		case "clear":
			setFree(0)
		case "fill":
			setFree(core.AllSquares)
		case "invert":
			setFree(^m.Free)
		case "expr": // the set as a number (LERF, as expressions count) at the caret
			pg.play.insert(model.FreeLiteral(m.Free))
		}
	})
	act("click", "#cards .free .cell[data-square]", func(_ *event, el *domElement) {
		if sq, ok := square(el); ok {
			setFree(m.Free ^ sq.Bitboard())
		}
	})
	quiet("keydown", "#cards .free .bits [data-square][tabindex]", func(e *event, el *domElement) {
		if sq, ok := square(el); ok && (e.Key == " " || e.Key == "Enter") { // a label is a button, which the browser clicks itself
			e.consume()
			setFree(m.Free ^ sq.Bitboard())
			pg.render()
		}
	})
	quiet("input", "#cards [data-free-field]", func(_ *event, el *domElement) { pg.free.input(el, pg.render) })
	quiet("change", "#cards [data-free-field]", func(*event, *domElement) {
		if pg.free.leave() {
			pg.render()
		}
	})

	// Arrows and marks drawn on the board.
	quiet("contextmenu", "#board", func(e *event, _ *domElement) { e.prevent() }) // the right button draws here
	quiet("pointerdown", "#board [data-square]", func(e *event, el *domElement) {
		if sq, ok := square(el); ok && e.Button == 2 {
			pg.draw.from = sq
		}
	})
	quiet("pointerup", "", func(e *event, _ *domElement) {
		if pg.draw.end(e, elementAt(pg.doc, e.X, e.Y)) {
			pg.render()
		}
	})
	quiet("focusin", "#board [data-square]", func(_ *event, el *domElement) { pg.draw.at, _ = square(el) })
	action("clear-drawing", m.ClearDrawing)
	action("mark", func() {
		if at := pg.draw.at; at != core.NoSquare {
			m.Draw(at, at, pgn.Green)
		}
	})

	// The shift demo draws its own frames.
	sd := &pg.shift
	quiet("change", "#shift-src", func(_ *event, el *domElement) { sd.choose(value(el), sd.op) })
	quiet("change", "#shift-op", func(_ *event, el *domElement) {
		op, _ := strconv.Atoi(value(el))
		sd.choose(sd.src, op)
	})
	acts["animate"] = func() {
		if m.Tab != "shiftdemo" {
			m.ShowTab("shiftdemo")
			pg.render()
		}
		sd.play()
	}
	acts["shift-step"] = sd.forward
	acts["shift-reset"] = sd.reset

	// The engine author's panels.
	act("input", "#dump-text", func(_ *event, el *domElement) { pg.engine.readDump(el) })
	act("change", "#magic input[name=magic-piece]", func(_ *event, el *domElement) {
		_, sq := m.Magic()
		m.SetMagic(map[bool]core.PieceType{false: core.Rook, true: core.Bishop}[el.ID() == "magic-bishop"], sq)
	})
	quiet("input", "#magic-square", func(_ *event, el *domElement) {
		if pg.engine.readSquare(el) {
			pg.render()
		}
	})

	// The perft divide panel.
	pp := &pg.perft
	act("click", "#perft [data-perft],#perft [data-descend],#perft [data-path]", func(_ *event, el *domElement) {
		path, moved := &m.Perft, false
		switch k, err := strconv.Atoi(el.GetAttribute("data-path")); {
		case !path.Rooted():
		case el.GetAttribute("data-perft") == "run":
			pp.divide()
		case el.GetAttribute("data-perft") == "cancel":
			pp.cancel()
		case el.HasAttribute("data-descend"):
			moved = m.PerftDescend(el.GetAttribute("data-descend"))
		case el.HasAttribute("data-path") && err == nil && k < len(path.Moves):
			moved = m.PerftGoTo(k, min(path.Depth+len(path.Moves)-k, core.MaxDivideDepth))
		}
		if moved {
			byID(pg.doc, "perft-paste").Set("value", "") // a <textarea>: its paste was for another position
			pp.divide()
		}
	})
	act("change", "#perft-depth", func(_ *event, el *domElement) {
		if d, err := strconv.Atoi(value(el)); err == nil {
			m.Perft.SetDepth(d)
		}
	})
	act("input", "#perft-paste", func(_ *event, el *domElement) { pp.paste(el.Underlying().Get("value")) })
	act("change", "#perft-stats", func(_ *event, el *domElement) {
		m.Perft.SetStats(checked(el))
		if m.Perft.Suite == nil && m.Perft.Rooted() && pp.run.State != "idle" && pp.run.State != "waiting" {
			pp.divide() // the divide on show, counted again by kind of move (or without)
		}
	})
	act("click", "#perft [data-suite-fen]", func(_ *event, el *domElement) {
		d, err := strconv.Atoi(el.GetAttribute("data-suite-depth"))
		if err == nil && m.PerftSuiteOpen(el.GetAttribute("data-suite-fen"), d) {
			byID(pg.doc, "perft-paste").Set("value", "") // a <textarea>: the suite gives way to the divide of its position
			pp.divide()
		}
	})

	// Export.
	quiet("click", "[data-export]", func(_ *event, el *domElement) { pg.share.export(el.GetAttribute("data-export")) })

	// Presentation mode, the shortcuts and their dialog.
	action("present", m.TogglePresent)
	acts["help"] = pg.present.help
	acts["close"] = pg.present.close
	quiet("click", "#shortcuts", func(e *event, _ *domElement) {
		if e.Target.Get("id").String() == "shortcuts" {
			pg.present.close() // a click on the backdrop
		}
	})
	quiet("keydown", "", func(e *event, _ *domElement) {
		// A key pressed outside text fields runs its shortcut (Escape in a
		// field leaves it): a key alone, or with Ctrl or ⌘ (see
		// model.ShortcutKey; Ctrl+Z undoes), where it applies.
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
		if ok && m.ShortcutApplies(s.Action, closest(e.Target, "#board") != nil) {
			e.prevent()
			if fn := acts[s.Action]; fn != nil {
				fn()
			}
		}
	})

	// The tool area's tabs.
	act("click", "[role=tab][data-tab]", func(_ *event, el *domElement) { m.OpenTab(el.GetAttribute("data-tab")) })
	quiet("keydown", "[role=tab]", func(e *event, el *domElement) {
		if pg.tools.key(el.GetAttribute("data-tab"), e.Key) {
			e.consume()
		}
	})

	pg.fig.wire(sc)
	quiet("click", "[data-action]", func(_ *event, el *domElement) {
		if fn := acts[el.GetAttribute("data-action")]; fn != nil {
			fn()
		}
	})
}
