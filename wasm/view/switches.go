package view

import (
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// What chooses the cards: the bitboard switches, the numbering switch
// and the attack-map switches.

// Toggles returns the bitboard switches, one button per core.BitboardNames
// entry (pressed when shown), in four groups: the white pieces, the black
// pieces, the colour and occupancy sets, and the piece types.
func Toggles(show []string) string {
	groups := []struct {
		label    string
		from, to int
	}{{"White", 0, 6}, {"Black", 6, 12}, {"Sets", 12, 16}, {"Types", 16, 22}}
	var b strings.Builder
	for _, g := range groups {
		b.WriteString(`<div class="group" role="group" aria-label="` + g.label + `"><span class="glabel">` + g.label + `</span>`)
		for i, n := range core.BitboardNames[g.from:g.to] {
			pressed := "false"
			for _, s := range show {
				if s == n.Name {
					pressed = "true"
				}
			}
			b.WriteString(`<button type="button" class="toggle" aria-pressed="` + pressed + `"`)
			attr(&b, "data-toggle", n.Name)
			attr(&b, "title", n.Title)
			b.WriteString(`>`)
			if g.from+i < core.PieceCount { // the pieces, WhitePawn first, in Piece.Index order
				b.WriteString(`<img alt="" src="` + pieceImage("", core.WhitePawn+core.Piece(g.from+i)) + `">`)
			}
			b.WriteString(escape(n.Name) + `</button>`)
		}
		b.WriteString(`</div>`)
	}
	return b.String()
}

// LayoutSwitch returns one radio button per core.Layouts entry, current
// checked, named for the layout (its full name; the label holds the full
// and the short one, for the stylesheet to show either), and the current
// layout's one-line explanation.
func LayoutSwitch(current *core.Layout) string {
	var b strings.Builder
	b.WriteString(`<div class="layouts" role="radiogroup" aria-label="Square numbering">`)
	for _, l := range core.Layouts {
		b.WriteString(`<label><input type="radio" name="layout"`)
		attr(&b, "value", l.ID)
		if l == current {
			b.WriteString(" checked")
		}
		// Its name is the full one, whichever of the two the stylesheet
		// shows (the page shows the short one; presentation mode too).
		attr(&b, "aria-label", l.Name)
		b.WriteString(`><span class="full">` + escape(l.Name) + `</span><span class="short" aria-hidden="true">` + escape(l.Short) + `</span></label>`)
	}
	b.WriteString(`</div><p class="about" id="layout-about">` + escape(current.About) + `</p>`)
	return b.String()
}

// AttackToggles returns the switches of the attack maps (pressed when
// shown), and of the attacks of the piece on selected when a square is
// selected.
func AttackToggles(show []string, selected core.Square) string {
	var b strings.Builder
	b.WriteString(`<div class="group" role="group" aria-label="Attacks"><span class="glabel">Attacks</span>`)
	toggle := func(key, title, label string) {
		pressed := "false"
		for _, s := range show {
			if s == key {
				pressed = "true"
			}
		}
		b.WriteString(`<button type="button" class="toggle" aria-pressed="` + pressed + `" data-toggle="` + escape(key) + `" title="` + escape(title) + `">` + escape(label) + `</button>`)
	}
	for _, m := range model.AttackMaps {
		toggle(m.Key, m.Title, m.Label)
	}
	if selected != core.NoSquare {
		toggle("from:"+selected.String(), "attacks of the piece on "+selected.String(), "from "+selected.String())
	}
	b.WriteString(`</div>`)
	return b.String()
}
