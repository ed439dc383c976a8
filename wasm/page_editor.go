//go:build js && wasm

package main

import (
	"slices"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// An editor is the board editor's state: the current tool. Its undo and
// redo are the page's history (see history).
type editor struct {
	tool string // "" selects squares, a FEN letter puts that piece, "x" empties
}

// edit changes the shown position with fn (through core.Position's Put and
// Remove) and shows the result as a new entry of the history: the FEN
// field and every grid follow. Illegal-but-instructive positions are
// allowed: core's warnings say what is impossible about them.
func (pg *page) edit(fn func(p *core.Position)) {
	p := pg.pos
	fn(&p)
	if fen := p.FEN(); fen != pg.state.FEN {
		pg.show(fen, false)
	}
}

// clickSquare applies the editor's tool to sq, or selects sq (for the
// attacks of its piece) when no tool is chosen.
func (pg *page) clickSquare(sq core.Square) {
	t := pg.editor.tool
	if !pg.open["editor"] {
		t = "" // the tool acts only while the editor is open
	}
	switch {
	case t == "x":
		pg.edit(func(p *core.Position) { p.Remove(sq) })
	case t != "":
		if pc, ok := core.PieceFromLetter(t[0]); ok {
			pg.edit(func(p *core.Position) { p.Put(pc, sq) })
		}
	default:
		// The card of the attacks from the square selected before follows
		// the selection instead of staying behind, orphaned.
		if old := pg.selected; old != core.NoSquare && old != sq {
			for i, k := range pg.state.Show {
				if k == "from:"+old.String() {
					pg.state.Show = slices.Clone(pg.state.Show)
					pg.state.Show[i] = "from:" + sq.String()
				}
			}
		}
		pg.selected = sq
		pg.render()
	}
}

// editState applies the editor's side to move, castling or en passant
// control that changed (el, the control itself).
func (pg *page) editState(el *dom.BasicHTMLElement) {
	in := &dom.HTMLInputElement{BasicHTMLElement: el}
	pg.edit(func(p *core.Position) {
		switch {
		case el.GetAttribute("name") == "side":
			p.SideToMove = core.White
			if in.Value() == "b" {
				p.SideToMove = core.Black
			}
		case el.HasAttribute("data-castle"):
			for i, letter := range []string{"K", "Q", "k", "q"} {
				if el.GetAttribute("data-castle") == letter {
					bit := core.CastlingRights(1) << i
					p.Castling &^= bit
					if in.Checked() {
						p.Castling |= bit
					}
				}
			}
		default: // the en passant select
			p.EnPassant, _ = core.ParseSquare(in.Value())
		}
	})
}

// act runs a page action: the editor's buttons, the header's, the shift
// demo's and the keyboard shortcuts'.
func (pg *page) act(action string) {
	switch action {
	case "undo", "redo":
		pg.undo(action == "redo")
	case "clear":
		pg.edit(func(p *core.Position) {
			for sq := core.A1; sq < core.NoSquare; sq++ {
				p.Remove(sq)
			}
			p.Castling, p.EnPassant = core.NoCastling, core.NoSquare
		})
	case "clear-drawing":
		pg.clearDrawing()
		pg.render()
	case "mark":
		if pg.hover != core.NoSquare {
			pg.state.Marked = view.ToggleMark(pg.state.Marked, pgn.Mark{Brush: pgn.Green, Square: pg.hover})
			pg.render()
		}
	case "start":
		if p, err := core.ParseFEN(core.StartFEN); err == nil {
			pg.edit(func(q *core.Position) { *q = p })
		}
	default:
		if !pg.gameAction(action) {
			pg.classroomAction(action)
		}
	}
}
