package view

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
)

// The notices over the board: a FEN error with its character marked,
// the note on a piece placement read alone, the position's warnings.

// FENError returns the error panel: the field at fault, the message, and
// the input with the offending character marked. The attributes
// data-error-field and data-error-offset carry the field number and the
// character offset (the error's byte offset counted in characters). With
// kept, it says the last valid position stays on show.
func FENError(input string, e *core.FENError, kept bool) string {
	note := ""
	if kept {
		note = "The board shows the last valid position."
	}
	return fenError(input, e, note)
}

// FENErrorOverStart is FENError for a FEN that no valid position came
// before (a link's): the board shows the start position instead, and
// note says so; "" when fen parses.
func FENErrorOverStart(fen string) string {
	_, _, err := core.ParseFENOrPlacement(fen)
	fe, ok := err.(*core.FENError)
	if !ok {
		return ""
	}
	return fenError(fen, fe, "The board shows the start position instead: this FEN does not parse. Fix it, or type another.")
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

// FENNotice returns the notice shown when a FEN was only a piece
// placement (core.ParseFENOrPlacement reported placementOnly): what was
// assumed (core.PlacementOnlyNotice) and the full FEN it was read as. It
// is a polite status, not an alert: the position is on show.
func FENNotice(fen string) string {
	return `<p class="notice" role="status" data-notice="placement-only">` + escape(core.PlacementOnlyNotice) +
		` Read as <code>` + escape(fen) + `</code>.</p>`
}

// Warnings returns the list of warnings, each with its code and squares.
func Warnings(ws []core.Warning) string {
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
