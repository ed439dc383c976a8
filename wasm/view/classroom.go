package view

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
)

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
	for pc := core.WhitePawn; pc < core.NoPiece; pc++ {
		button(string(pc.Letter()), "Put a "+pieceNames[pc], `<img alt="" src="`+pieceImage("", pc)+`">`)
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
	for _, m := range AttackMaps {
		toggle(m.Key, m.Title, m.Label)
	}
	if selected != core.NoSquare {
		toggle("from:"+selected.String(), "attacks of the piece on "+selected.String(), "from "+selected.String())
	}
	b.WriteString(`</div>`)
	return b.String()
}

// Playground returns the expression playground's answer for src in
// position p and layout l: the error with its character marked, or the
// steps (every sub-expression, clickable) and the card of the selected
// step (the whole expression when selected is out of range). failed
// reports an error, when the page keeps the last result on show.
func Playground(src string, p *core.Position, l *core.Layout, selected int) (status, result string, failed bool) {
	if strings.TrimSpace(src) == "" {
		return `<p class="hint">Type an expression such as <code>(whitePawns &lt;&lt; 8) &amp; ~allOccupied</code> or <code>popcount(knightAttacks(e4) &amp; N)</code>.</p>`, "", false
	}
	x, err := expr.Parse(src)
	var steps []expr.Step
	if err == nil {
		steps, err = x.Steps(p)
	}
	if err != nil {
		xe, ok := err.(*expr.Error)
		if !ok {
			return `<div class="error" role="alert"><p>` + escape(err.Error()) + `</p></div>`, "", true
		}
		return exprErrorPanel(src, xe), "", true
	}
	if selected < 0 || selected >= len(steps) {
		selected = len(steps) - 1
	}
	var b strings.Builder
	b.WriteString(`<ol class="steps" aria-label="Steps: click one to see its bits">`)
	for i, s := range steps {
		pressed := "false"
		if i == selected {
			pressed = "true"
		}
		b.WriteString(`<li><button type="button" data-step="` + strconv.Itoa(i) + `" aria-pressed="` + pressed + `"><code>` + escape(s.Text) +
			`</code> <span class="count">` + strconv.Itoa(s.Value.Count()) + `</span></button></li>`)
	}
	b.WriteString(`</ol>`)
	s := steps[selected]
	return b.String(), Card(l, Shown{s.Text, s.Text, s.Value}, s.Value, false), false
}

// exprErrorPanel returns the playground's error: the message and the
// expression with the offending span marked; data-error-offset is the
// 0-based character offset.
func exprErrorPanel(src string, e *expr.Error) string {
	start := min(max(e.Offset, 0), len(src))
	end := min(max(e.End, start), len(src))
	if end == start && end < len(src) {
		_, n := utf8.DecodeRuneInString(src[start:])
		end = start + n
	}
	at := src[start:end]
	if at == "" || at == " " {
		at = "\u00a0"
	}
	chars := utf8.RuneCountInString(src[:start])
	return `<div class="error" role="alert" data-error-offset="` + strconv.Itoa(chars) + `"><p><strong>Character ` + strconv.Itoa(chars+1) +
		`:</strong> ` + escape(e.Msg) + `</p><pre class="fen-mark">` + escape(src[:start]) + `<mark>` + escape(at) + `</mark>` +
		escape(src[end:]) + `</pre><p class="kept">The last result stays below.</p></div>`
}

// ExprHelp returns the playground's help: core's description of the
// language (precedence table, names and functions).
func ExprHelp() string {
	// It scrolls: a stop in the tab order, named, so the keyboard can scroll it.
	return `<pre class="help" tabindex="0" role="region" aria-label="Operators, names and functions">` + escape(expr.Help) + `</pre>`
}

// A Shortcut is a key of the page's keyboard shortcuts and what it does.
type Shortcut struct {
	Key, Action, Help string
}

// Shortcuts lists the page's keyboard shortcuts (outside text fields); the
// page acts on Action and shows the list with the "?" key.
var Shortcuts = []Shortcut{
	{"?", "help", "show or hide this list"},
	{"/", "fen", "type a FEN"},
	{"e", "expr", "type an expression"},
	{"p", "present", "presentation mode on or off"},
	{"f", "flip", "flip the board"},
	{"i", "labels", "square indices on the board"},
	{"1", "layout:lerf", "LERF numbering"},
	{"2", "layout:0x88", "0x88 numbering"},
	{"3", "layout:msb-a8", "MSB = a8 numbering"},
	{"4", "layout:berf", "BERF numbering"},
	{"5", "layout:10x12", "10×12 mailbox numbering"},
	{"6", "layout:lefr", "LEFR numbering (a-file first)"},
	{"7", "layout:befr", "BEFR numbering (h-file first, from h8)"},
	{"u", "undo", "undo the last edit"},
	{"r", "redo", "redo"},
	{"a", "animate", "animate the shift demo"},
	{"m", "mark", "mark the focused board square green (again: unmark)"},
	{"x", "clear-drawing", "clear the arrows and marks you drew"},
	{"ArrowLeft", "back", "the game's previous move"},
	{"ArrowRight", "forward", "the game's next move"},
	{"Home", "first", "the game's start"},
	{"End", "last", "the game's end"},
	{"Escape", "close", "close this list"},
}

// ShortcutsHelp returns the list of shortcuts for the "?" overlay.
func ShortcutsHelp() string {
	var b strings.Builder
	b.WriteString(`<button type="button" class="close" data-action="close">Close</button><h2 id="shortcuts-title">Keyboard shortcuts</h2><dl class="shortcuts">`)
	for _, s := range Shortcuts {
		b.WriteString(`<dt><kbd>` + escape(s.Key) + `</kbd></dt><dd>` + escape(s.Help) + `</dd>`)
	}
	b.WriteString(`</dl><p class="hint">On a focused board square: arrow keys move, a piece letter (PNBRQKpnbrqk) puts that piece, Delete or Backspace empties it. In a card's grid: arrow keys, Home and End move; in the free bitboard, Space or Enter toggles the bit.</p><p class="hint">With the mouse: right-drag from square to square draws an arrow, right-click marks a square (Shift red, Alt blue, both yellow; the same again takes it away). They are kept in the link.</p>`)
	return b.String()
}
