package view

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/wasm/model"
)

// The expression playground: the result, the sub-expression steps, an
// error with its character marked, the help.

// Playground returns the expression playground's answer for src in
// position p and layout l: the error with its character marked, or the
// steps (every sub-expression, clickable) and the card of the selected
// step (the whole expression when selected is out of range), whose
// button shows it among the cards (CardToggle; pressed when shown, the
// page's show list, holds it). failed reports an error, when the page
// keeps the last result on show.
func Playground(src string, p *core.Position, l *core.Layout, selected int, shown []string) (status, result string, failed bool) {
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
	return b.String(), card(l, model.Shown{Key: s.Text, Title: s.Text, Bits: s.Value}, s.Value, false, CardToggle(s.Text, slices.Contains(shown, s.Text))), false
}

// CardToggle returns the button of the expression's result that shows
// the expression text among the cards, or hides its card (data-card:
// model.Page.ToggleCard), pressed while the card is shown.
func CardToggle(text string, shown bool) string {
	var b strings.Builder
	b.WriteString(`<button type="button" class="add-card"`)
	attr(&b, "data-card", text)
	attr(&b, "aria-pressed", strconv.FormatBool(shown))
	b.WriteString(`>Show as a card</button>`)
	return b.String()
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
