//go:build js && wasm

package main

import (
	"slices"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// An editor is the board editor (#editor): a palette of pieces, the side
// to move, castling rights and en passant controls, and Undo, Redo,
// Clear board and Start position. It also owns what the board does when
// clicked (the palette's tool, or the square selected for its attacks)
// and when a piece letter or Delete is typed on a focused square. Every
// edit goes through core.Position's Put and Remove and becomes an entry
// of the history (store.edit).
type editor struct {
	st      *store
	regions *regions
	tool    string // "" selects squares, a FEN letter puts that piece, "x" empties
}

// open reports whether the editor's tab is on show: then the palette's
// tool acts, and the undo and redo keys act (model.Shortcuts).
func (ed *editor) open() bool { return ed.st.Tab == "editor" }

func (ed *editor) wire(sc *scope, acts actions) {
	sc.on("keydown", "#board [data-square]", func(e *event, el *domElement) {
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok && ed.key(e.Key, sq, e.Command()) {
			e.consume()
		}
	})
	sc.on("click", "#board [data-square]", func(_ *event, el *domElement) {
		if sq, ok := core.ParseSquare(el.GetAttribute("data-square")); ok {
			ed.click(sq)
		}
	})
	sc.on("click", "[data-tool]", func(_ *event, el *domElement) {
		ed.tool = el.GetAttribute("data-tool")
		ed.render()
	})
	sc.on("change", "input[name=side]", func(_ *event, el *domElement) {
		black := el.Underlying().Get("value").String() == "b"
		ed.st.edit(func(p *core.Position) {
			p.SideToMove = core.White
			if black {
				p.SideToMove = core.Black
			}
		})
	})
	sc.on("change", "[data-castle]", func(_ *event, el *domElement) {
		letter, on := el.GetAttribute("data-castle"), el.Underlying().Get("checked").Bool()
		ed.st.edit(func(p *core.Position) {
			if i := slices.Index([]string{"K", "Q", "k", "q"}, letter); i >= 0 {
				bit := core.CastlingRights(1) << i
				p.Castling &^= bit
				if on {
					p.Castling |= bit
				}
			}
		})
	})
	sc.on("change", "#ep", func(_ *event, el *domElement) {
		sq, _ := core.ParseSquare(el.Underlying().Get("value").String())
		ed.st.edit(func(p *core.Position) { p.EnPassant = sq })
	})
	acts["undo"] = func() { ed.st.undo(false) }
	acts["redo"] = func() { ed.st.undo(true) }
	acts["clear"] = func() {
		ed.st.edit(func(p *core.Position) {
			for sq := core.A1; sq < core.NoSquare; sq++ {
				p.Remove(sq)
			}
			p.Castling, p.EnPassant = core.NoCastling, core.NoSquare
		})
	}
	acts["start"] = func() {
		if p, err := core.ParseFEN(core.StartFEN); err == nil {
			ed.st.edit(func(q *core.Position) { *q = p })
		}
	}
}

// key handles a key typed on the focused board square sq: a piece letter
// puts that piece there, Delete or Backspace empties it. It reports
// whether it handled the key (with Ctrl, Alt or Meta held it never does).
func (ed *editor) key(key string, sq core.Square, command bool) bool {
	if command {
		return false
	}
	if pc, ok := core.PieceFromLetter(key[0]); ok && len(key) == 1 {
		ed.st.edit(func(p *core.Position) { p.Put(pc, sq) })
		return true
	}
	if key == "Delete" || key == "Backspace" {
		ed.st.edit(func(p *core.Position) { p.Remove(sq) })
		return true
	}
	return false
}

// click applies the palette's tool to sq while the editor is open, or
// selects sq (for the attacks of its piece) otherwise.
func (ed *editor) click(sq core.Square) {
	t := ed.tool
	if !ed.open() {
		t = "" // the tool acts only while the editor is open
	}
	switch {
	case t == "x":
		ed.st.edit(func(p *core.Position) { p.Remove(sq) })
	case t != "":
		if pc, ok := core.PieceFromLetter(t[0]); ok {
			ed.st.edit(func(p *core.Position) { p.Put(pc, sq) })
		}
	default:
		// The card of the attacks from the square selected before follows
		// the selection instead of staying behind, orphaned; the magic
		// panel, when open, looks up a slider on it.
		old := ed.st.selected
		ed.st.selected = sq
		ed.st.update(func(s *model.State) {
			if s.Tab == "engine" {
				pt, _, err := model.ParseMagic(s.Magic)
				if err != nil {
					pt, _, _ = model.ParseMagic(model.DefaultMagic)
				}
				s.Magic = model.FormatMagic(pt, sq)
			}
			if old == core.NoSquare || old == sq {
				return
			}
			for i, k := range s.Show {
				if k == "from:"+old.String() {
					s.Show = slices.Clone(s.Show)
					s.Show[i] = "from:" + sq.String()
				}
			}
		})
	}
}

func (ed *editor) render() {
	if ed.open() {
		ed.regions.get("palette").set(view.Palette(ed.tool))
		ed.regions.get("state-controls").set(view.StateControls(&ed.st.pos))
	}
}
