package view

import (
	"slices"
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
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
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

// A Shortcut is what the page does for some keys (outside text fields):
// its Action and, for the "?" list, its Help. Each key is a KeyboardEvent
// key ("u", "?", "ArrowLeft"), or a key with Ctrl held as ShortcutKey
// names it ("Ctrl+z", "Ctrl+Shift+z"; ⌘ on macOS).
type Shortcut struct {
	Keys         []string
	Action, Help string
}

// Shortcuts lists the page's keyboard shortcuts (outside text fields); the
// page acts on Action and shows the list with the "?" key. No key is a
// piece letter (see core.PieceFromLetter), which puts a piece on a
// focused board square: a key means one thing wherever the focus is.
// Undo and redo also have the editors' keys (Ctrl+Z, Ctrl+Y).
var Shortcuts = []Shortcut{
	{[]string{"?"}, "help", "show or hide this list"},
	{[]string{"/"}, "fen", "type a FEN"},
	{[]string{"e"}, "expr", "type an expression"},
	{[]string{"s"}, "present", "presentation mode on or off (slides)"},
	{[]string{"f"}, "flip", "flip the board"},
	{[]string{"i"}, "labels", "square indices on the board"},
	{[]string{"1"}, "layout:lerf", "LERF numbering"},
	{[]string{"2"}, "layout:0x88", "0x88 numbering"},
	{[]string{"3"}, "layout:msb-a8", "MSB = a8 numbering"},
	{[]string{"4"}, "layout:berf", "BERF numbering"},
	{[]string{"5"}, "layout:10x12", "10×12 mailbox numbering"},
	{[]string{"6"}, "layout:lefr", "LEFR numbering (a-file first)"},
	{[]string{"7"}, "layout:befr", "BEFR numbering (h-file first, from h8)"},
	{[]string{"u", "Ctrl+z"}, "undo", "undo the last edit (with the editor open or on the board)"},
	{[]string{"y", "Ctrl+y", "Ctrl+Shift+z"}, "redo", "redo"},
	{[]string{"a"}, "animate", "animate the shift demo"},
	{[]string{"m"}, "mark", "mark the focused board square green (again: unmark)"},
	{[]string{"x"}, "clear-drawing", "clear the arrows and marks you drew"},
	{[]string{"ArrowLeft"}, "back", "the game's previous move"},
	{[]string{"ArrowRight"}, "forward", "the game's next move"},
	{[]string{"Home"}, "first", "the game's start"},
	{[]string{"End"}, "last", "the game's end"},
	{[]string{"Escape"}, "close", "close this list"},
}

// ShortcutKey names a key pressed (a KeyboardEvent's key and whether
// Ctrl or ⌘, Alt and Shift are held) as Shortcuts does: the key itself
// without Ctrl, or "Ctrl+" (then "Shift+" with Shift) and a one-character
// key in lower case, so that Ctrl+Shift+Z is "Ctrl+Shift+z". A key with
// Alt held, or a longer key with Ctrl, is the browser's or the system's:
// "".
func ShortcutKey(key string, ctrl, alt, shift bool) string {
	switch {
	case alt:
		return ""
	case !ctrl:
		return key
	case utf8.RuneCountInString(key) != 1:
		return ""
	case shift:
		return "Ctrl+Shift+" + strings.ToLower(key)
	}
	return "Ctrl+" + strings.ToLower(key)
}

// ShortcutFor returns the shortcut of a key named by ShortcutKey, or false.
func ShortcutFor(key string) (Shortcut, bool) {
	for _, s := range Shortcuts {
		if key != "" && slices.Contains(s.Keys, key) {
			return s, true
		}
	}
	return Shortcut{}, false
}

// keyLabel writes a key as the list shows it: "Ctrl+Z" for "Ctrl+z",
// "Ctrl+Shift+Z" for "Ctrl+Shift+z".
func keyLabel(key string) string {
	if strings.HasPrefix(key, "Ctrl+") {
		return key[:len(key)-1] + strings.ToUpper(key[len(key)-1:])
	}
	return key
}

// ShortcutsHelp returns the list of shortcuts for the "?" overlay: each
// action with its keys, then what keys do on the board and in a grid.
func ShortcutsHelp() string {
	var b strings.Builder
	b.WriteString(`<button type="button" class="close" data-action="close">Close</button><h2 id="shortcuts-title">Keyboard shortcuts</h2><dl class="shortcuts">`)
	for _, s := range Shortcuts {
		b.WriteString(`<dt>`)
		for i, k := range s.Keys {
			if i > 0 {
				b.WriteString(` `)
			}
			b.WriteString(`<kbd>` + escape(keyLabel(k)) + `</kbd>`)
		}
		b.WriteString(`</dt><dd>` + escape(s.Help) + `</dd>`)
	}
	b.WriteString(`</dl><p class="hint">Ctrl is ⌘ on a Mac. On a focused board square: arrow keys move, a piece letter (PNBRQKpnbrqk) puts that piece, Delete or Backspace empties it; no shortcut is a piece letter. In a card's grid: arrow keys, Home and End move; in the free bitboard, Space or Enter toggles the bit.</p><p class="hint">With the mouse: right-drag from square to square draws an arrow, right-click marks a square (Shift red, Alt blue, both yellow; the same again takes it away). They are kept in the link.</p>`)
	return b.String()
}
