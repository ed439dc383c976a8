package view

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// The notices over the board: a FEN error with its character marked,
// the note on a piece placement read alone, the position's warnings.

// Status returns what s says below a FEN, the page's and every
// <bitboard-view>'s alike: the error panel when the FEN does not parse
// (the field at fault, the message, and the input with the offending
// character marked, in a div whose data-error-field and data-error-offset
// carry the field number and the character offset, the error's byte
// offset counted in characters), with a sentence saying what the board
// shows instead (s.Fallback); otherwise the notice of a piece placement
// read alone (what was assumed, core.PlacementOnlyNotice, and the whole
// FEN it was read as: a polite status, not an alert, as the position is
// on show), then the warnings, each with its code, when s.Warnings. It is
// "" when s says nothing.
func Status(s model.Status) string {
	r := s.Read
	if r.Err != nil {
		return fenError(r.Input, r.Err, fallbackNote[s.Fallback]) + showProblems(s.Show)
	}
	out := showProblems(s.Show)
	if r.PlacementOnly {
		// The notice says what was assumed; the field keeps what was typed.
		out = `<p class="notice" role="status" data-notice="placement-only">` + escape(core.PlacementOnlyNotice) +
			` Read as <code>` + escape(r.Pos.FEN()) + `</code>.</p>`
	}
	if s.Warnings {
		out += warnings(r.Warnings)
	}
	return out
}

// fallbackNote is the sentence after a FEN error that says what the
// board shows instead.
var fallbackNote = [...]string{
	model.ShowsNothing: "",
	model.ShowsLast:    "The board shows the last valid position.",
	model.ShowsStart:   "The board shows the start position instead: this FEN does not parse. Fix it, or type another.",
}

// fenError writes the FEN error panel with note (a sentence, or "") after
// the marked FEN.
func fenError(input string, e *core.FENError, note string) string {
	off := min(max(e.Offset, 0), len(input))
	for off > 0 && off < len(input) && !utf8.RuneStart(input[off]) {
		off-- // mark whole characters
	}
	chars := utf8.RuneCountInString(input[:off])
	before, at, after := input[:off], "", ""
	if off < len(input) {
		_, n := utf8.DecodeRuneInString(input[off:])
		at, after = input[off:off+n], input[off+n:]
	}
	if at == "" || at == " " {
		at = "\u00a0" // mark the place where something is missing
	}
	var b strings.Builder
	b.WriteString(`<div class="error" role="alert" data-error-field="` + strconv.Itoa(e.Field) + `" data-error-offset="` + strconv.Itoa(chars) + `">`)
	b.WriteString(`<p><strong>` + escape(e.FieldName()) + ` (field ` + strconv.Itoa(e.Field) + `), character ` + strconv.Itoa(chars+1) +
		`:</strong> ` + escape(e.Msg) + `</p>`)
	b.WriteString(`<pre class="fen-mark">` + escape(before) + `<mark>` + escape(at) + `</mark>` + escape(after) + `</pre>`)
	if note != "" {
		b.WriteString(`<p class="kept">` + escape(note) + `</p>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// warnings returns the list of warnings, each with its code.
func warnings(ws []core.Warning) string {
	if len(ws) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<ul class="warnings" aria-label="Warnings">`)
	for _, w := range ws {
		b.WriteString(`<li data-code="` + string(w.Code) + `">` + escape(w.Message) + `</li>`)
	}
	b.WriteString(`</ul>`)
	return b.String()
}

// showProblems writes the show list's problems (model.Status.Show), each
// an error naming its item, or "" for none.
func showProblems(ps []string) string {
	out := ""
	for _, p := range ps {
		out += `<div class="error" role="alert" data-notice="show"><p>` + escape(p) + `</p></div>`
	}
	return out
}
