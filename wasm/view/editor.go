package view

import (
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// The board editor's palette and its controls of the irreversible state.

// Palette returns the board editor's tools: select (no tool), the twelve
// pieces and the eraser, with tool ("", a FEN letter or "x") pressed.
// Clicking a square with a piece tool puts that piece there; the eraser
// empties it.
func Palette(tool string) string {
	var b strings.Builder
	b.WriteString(`<div class="palette" role="toolbar" aria-label="Board editor tools">`)
	button := func(t, label, inner string) {
		pressed := "false"
		if t == tool {
			pressed = "true"
		}
		b.WriteString(`<button type="button" class="tool" data-tool="` + t + `" aria-pressed="` + pressed + `" title="` + label + `" aria-label="` + label + `">` + inner + `</button>`)
	}
	button("", "Select squares (no editing)", "↖")
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		button(string(pc.Letter()), "Put a "+model.PieceName(pc), `<img alt="" src="`+pieceImage("", pc)+`">`)
	}
	button("x", "Empty squares", "⌫")
	b.WriteString(`</div>`)
	return b.String()
}

// StateControls returns the controls of the irreversible state: side to
// move, the four castling rights and the en passant target square (any
// square of rank 3 or 6, as FEN allows; core warns about impossible ones).
func StateControls(p *core.Position) string {
	var b strings.Builder
	b.WriteString(`<fieldset class="side"><legend>Side to move</legend>`)
	for _, c := range []core.Color{core.White, core.Black} {
		b.WriteString(`<label><input type="radio" name="side" value="` + "wb"[c:c+1] + `"`)
		if p.SideToMove == c {
			b.WriteString(" checked")
		}
		b.WriteString(`> ` + c.String() + `</label>`)
	}
	b.WriteString(`</fieldset><fieldset class="castling"><legend>Castling</legend>`)
	for i, letter := range []string{"K", "Q", "k", "q"} {
		right := core.CastlingRights(1) << i
		b.WriteString(`<label><input type="checkbox" data-castle="` + letter + `"`)
		if p.Castling&right != 0 {
			b.WriteString(" checked")
		}
		b.WriteString(`> ` + letter + `</label>`)
	}
	b.WriteString(`</fieldset><label class="ep">En passant <select id="ep" aria-label="En passant target square"><option value="-">–</option>`)
	for _, r := range []core.Rank{core.Rank3, core.Rank6} {
		for f := core.FileA; f <= core.FileH; f++ {
			sq := core.NewSquare(f, r)
			b.WriteString(`<option value="` + sq.String() + `"`)
			if p.EnPassant == sq {
				b.WriteString(" selected")
			}
			b.WriteString(`>` + sq.String() + `</option>`)
		}
	}
	b.WriteString(`</select></label>`)
	return b.String()
}
