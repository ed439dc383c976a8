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
// In a Chess960 position (core.Position's Chess960) each right names the
// square of its rook, and where two rooks or more stand on the right's
// side of the king a select (data-castle-rook, the file as value) picks
// the one it castles with; a number field (#sp960) sets up a Chess960
// start position by its number.
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
	chess960 := p.Chess960() || !p.Castling.Standard()
	for i, letter := range []string{"K", "Q", "k", "q"} {
		right := core.CastlingRights(1) << i
		b.WriteString(`<label><input type="checkbox" data-castle="` + letter + `"`)
		if p.Castling&right != 0 {
			b.WriteString(" checked")
		}
		b.WriteString(`> ` + letter + `</label>`)
		if chess960 {
			castlingRook(&b, p, letter, right)
		}
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
	b.WriteString(`<label class="sp960">Chess960 start <input type="number" id="sp960" min="0" max="959" step="1" inputmode="numeric" placeholder="0–959" title="Set up a Chess960 start position by its number (518 is the standard one)"></label>`)
	return b.String()
}

// castlingRook writes which rook right r (letter) castles with: its
// square on the colour's back rank (the rook held, else the one granting
// the right names), as a select of the rooks on the right's side of the
// king when there are several.
func castlingRook(b *strings.Builder, p *core.Position, letter string, r core.CastlingRights) {
	c, rank := core.White, core.Rank1
	if r >= core.BlackKingside {
		c, rank = core.Black, core.Rank8
	}
	file := p.OutermostRook(r)
	if p.Castling&r != 0 {
		file = p.Castling.RookFile(r)
	}
	kingFile := core.FileE // as core reads the rights: the king on its back rank, else e
	if k := p.King(c); k != core.NoSquare && k.Rank() == rank {
		kingFile = k.File()
	}
	kingside := r == core.WhiteKingside || r == core.BlackKingside
	var rooks []core.Square
	for f := core.FileA; f <= core.FileH; f++ {
		if sq := core.NewSquare(f, rank); p.PieceAt(sq) == core.NewPiece(c, core.Rook) && f != kingFile && (f > kingFile) == kingside {
			rooks = append(rooks, sq)
		}
	}
	if len(rooks) < 2 {
		b.WriteString(` <span class="castle-rook">` + core.NewSquare(file, rank).String() + `</span>`)
		return
	}
	b.WriteString(` <select data-castle-rook="` + letter + `" aria-label="` + letter + ` castles with the rook on">`)
	for _, sq := range rooks {
		b.WriteString(`<option value="` + sq.File().String() + `"`)
		if sq.File() == file {
			b.WriteString(" selected")
		}
		b.WriteString(`>` + sq.String() + `</option>`)
	}
	b.WriteString(`</select>`)
}
