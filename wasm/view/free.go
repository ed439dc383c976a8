package view

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// The free bitboard is a set of squares the user makes: bits toggled in
// its card, ranks and files filled or cleared, or a number typed in hex,
// decimal (unsigned or signed) or binary, as engine authors type a value
// from their own code to see it. The number is read and written in the
// layout on show: bit i of the number is the square whose cell shows
// index i, so a value typed in BERF is the BERF value; switching the
// layout keeps the squares and rewrites the number. Its show key is
// FreeKey; the state keeps its squares (State.Free), the link writes them
// as a hex number in the link's layout (&free=0x…).

// A FreeEdit is the state of the field being typed in: its name (one of
// FreeFields; "" when no text is kept), its text as typed, and what is
// wrong with it ("" when it parsed). The card shows Text in that field
// instead of the value's own text, so typing is never rewritten under the
// caret; the other fields follow the value.
type FreeEdit struct {
	Field, Text, Err string
}

// FreeToggle returns the switch of the free bitboard's card (pressed when
// shown), in a group of its own after the bitboards.
func FreeToggle(show []string) string {
	return `<div class="group" role="group" aria-label="Your own"><span class="glabel">Yours</span>` +
		`<button type="button" class="toggle" aria-pressed="` + strconv.FormatBool(slices.Contains(show, model.FreeKey)) +
		`" data-toggle="` + model.FreeKey + `" title="A bitboard of your own: click its bits or type its number">free</button></div>`
}

// FreeCard returns the free bitboard's card in layout l: its grid (seen
// from Black when flipped), whose bits toggle on click and with Space or
// Enter (data-square on each cell; wasm/controls.go acts on them), whose
// rank and file labels fill or clear their rank or file (see writeBits);
// the value's fields (data-free-field, one of FreeFields; the decimal ones
// disabled in layouts of more than 64 slots), ed's text in the field being
// typed in with its error; and buttons that clear, fill or invert the set
// and put it into the expression as a number (data-free-action).
func FreeCard(l *core.Layout, bb core.Bitboard, flipped bool, ed FreeEdit) string {
	g := model.GridOf(l, bb)
	if flipped {
		g = g.Flipped()
	}
	const title = model.FreeTitle
	var b strings.Builder
	b.WriteString(`<section class="card free"`)
	attr(&b, "data-bitboard", model.FreeKey)
	attr(&b, "data-layout", l.ID)
	attr(&b, "aria-label", title+" in "+l.Name)
	b.WriteString(`><header><h3>` + title + `</h3><span class="sub">` + strconv.Itoa(bb.Count()) + ` set</span>`)
	b.WriteString(`<button type="button" class="close" data-toggle="` + model.FreeKey + `" aria-label="Hide the free bitboard">×</button></header>`)
	b.WriteString(`<p class="about free-about">Numbers are in ` + escape(l.Name) + `: bit <var>i</var> is the square whose cell shows index <var>i</var>. ` +
		`Click a bit (or press Space on it) to toggle it; click a rank or file label to fill it, again to clear it.</p>`)
	writeBits(&b, g, l.Name, title, bb, bb, true)
	b.WriteString(`<div class="free-fields">`)
	for _, f := range model.FreeFields {
		text := model.FreeText(l, f, bb)
		if ed.Field == f {
			text = ed.Text
		}
		label := map[string]string{model.FreeHex: "hex", model.FreeDecimal: "decimal", model.FreeSigned: "signed decimal", model.FreeBinary: "binary"}[f]
		b.WriteString(`<label class="free-` + f + `"><span>` + label + `</span>`)
		common := ` data-free-field="` + f + `" spellcheck="false" autocomplete="off" autocapitalize="off"`
		if ed.Field == f && ed.Err != "" {
			common += ` aria-invalid="true" aria-describedby="free-error"`
		}
		switch {
		case f == model.FreeBinary:
			b.WriteString(`<textarea rows="` + strconv.Itoa(l.Rows) + `"` + common + `>` + escape(text) + `</textarea>`)
		case (f == model.FreeDecimal || f == model.FreeSigned) && !l.FitsUint64():
			b.WriteString(`<input type="text" disabled` + common + ` value="" placeholder="` + strconv.Itoa(l.Slots) + ` bits do not fit 64">`)
		default:
			b.WriteString(`<input type="text" inputmode="text"` + common)
			attr(&b, "value", text)
			b.WriteString(`>`)
		}
		b.WriteString(`</label>`)
	}
	b.WriteString(`</div>`)
	if ed.Err != "" {
		b.WriteString(`<div class="error" id="free-error" role="alert"><p>` + escape(ed.Err) + `</p><p class="kept">The grid keeps the last valid value.</p></div>`)
	}
	b.WriteString(`<div class="free-actions">`)
	for _, a := range [][3]string{
		{"clear", "Clear", "Clear every bit"},
		{"fill", "Fill", "Set every square"},
		{"invert", "Invert", "Toggle every square"},
		{"expr", "Use in expression", "Put this set into the expression as a number in LERF (a1 = 0), as expressions count"},
	} {
		b.WriteString(`<button type="button" data-free-action="` + a[0] + `"`)
		attr(&b, "title", a[2])
		b.WriteString(`>` + a[1] + `</button>`)
	}
	b.WriteString(`</div></section>`)
	return b.String()
}
