package view

import (
	"errors"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

var (
	markRE  = regexp.MustCompile(`(?s)<mark>(.*?)</mark>`)
	fenPreR = regexp.MustCompile(`(?s)<pre class="fen-mark">(.*?)</pre>`)
)

// fenErrorPanel is Status for the FEN error fe of input, the last
// valid position kept.
func fenErrorPanel(input string, fe *core.FENError) string {
	return Status(model.Status{Read: model.Reading{Input: input, Err: fe}, Fallback: model.ShowsLast})
}

func TestFENError(t *testing.T) {
	tests := []struct {
		name          string
		input         string
		field, offset int    // data-error-field, data-error-offset (characters)
		mark          string // the marked text, unescaped
	}{
		{"bad active color", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2, 44, "x"},
		{"non-ascii castling", "8/8/8/8/8/8/8/8 w é - 0 1", 3, 18, "é"},
		{"missing active color", "8/8/8/8/8/8/8/8", 2, 15, "\u00a0"},
		{"html in input", "<b>", 1, 0, "<"},
		{"html later", "8/8/8/8/8/8/8/8 w <script>&amp; - 0 1", 3, 18, "<"},
		{"empty", "", 1, 0, "\u00a0"},
		{"bad rank", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 17, "p"},
		{"non-ascii en passant", "8/8/8/8/8/8/8/8 w - ☃ 0 1", 4, 20, "☃"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := core.ParseFEN(tt.input)
			var fe *core.FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q) = %v, want a *FENError", tt.input, err)
			}
			out := fenErrorPanel(tt.input, fe)
			checkFENErrorPanel(t, out, tt.input, fe, tt.field, tt.offset, tt.mark)
		})
	}
}

func checkFENErrorPanel(t *testing.T, out, input string, fe *core.FENError, field, offset int, mark string) {
	t.Helper()
	divs := startTags(t, out, "div")
	if len(divs) != 1 {
		t.Fatalf("%d divs, want 1: %s", len(divs), out)
	}
	if got := divs[0]["data-error-field"]; got != strconv.Itoa(field) {
		t.Errorf("data-error-field = %q, want %d", got, field)
	}
	if got := divs[0]["data-error-offset"]; got != strconv.Itoa(offset) {
		t.Errorf("data-error-offset = %q, want %d", got, offset)
	}
	if divs[0]["role"] != "alert" {
		t.Errorf("role = %q, want alert", divs[0]["role"])
	}
	marks := markRE.FindAllStringSubmatch(out, -1)
	if len(marks) != 1 || html.UnescapeString(marks[0][1]) != mark {
		t.Errorf("marks %q, want one marking %q", marks, mark)
	}
	if len(marks) == 1 {
		checkText(t, "mark", marks[0][1], mark)
	}
	// The marked input reads as the input (the mark of a missing field
	// aside), with nothing raw.
	pre := fenPreR.FindStringSubmatch(out)
	if pre == nil {
		t.Fatalf("no <pre class=\"fen-mark\">")
	}
	if shown, want := stripTags(pre[1]), wantMarked(input, fe.Offset); shown != want {
		t.Errorf("marked input reads %q, want %q", shown, want)
	}
	if !strings.Contains(out, "character "+strconv.Itoa(offset+1)+":") {
		t.Errorf("panel does not say character %d", offset+1)
	}
	if m := regexp.MustCompile(`<p><strong>(.*?) \(field (\d+)\), character \d+:</strong> (.*?)</p>`).FindStringSubmatch(out); m == nil {
		t.Errorf("no field and message paragraph in %s", out)
	} else {
		checkText(t, "field name", m[1], fe.FieldName())
		if m[2] != strconv.Itoa(fe.Field) {
			t.Errorf("paragraph names field %s, want %d", m[2], fe.Field)
		}
		checkText(t, "message", m[3], fe.Msg)
	}
	// No raw markup from the input or the message.
	for _, s := range []string{input, fe.Msg} {
		if strings.ContainsAny(s, "<>&") && strings.Contains(out, s) {
			t.Errorf("raw %q in output", s)
		}
	}
	checkTagBalance(t, out, "div", "p", "pre", "mark", "strong")
	if strings.Contains(out, "<b>") || strings.Contains(out, "<script") {
		t.Errorf("unescaped markup in output: %s", out)
	}
}

// wantMarked returns the text the marked input should read as: the input,
// with a no-break space marking a missing field at its end or replacing a
// marked space.
func wantMarked(input string, byteOff int) string {
	switch b := min(byteOff, len(input)); {
	case b == len(input):
		return input + "\u00a0"
	case input[b] == ' ':
		return input[:b] + "\u00a0" + input[b+1:]
	}
	return input
}

// TestFENErrorCharacterOffset uses errors built by hand, to put non-ASCII
// characters before the offending one, which ParseFEN never does.
func TestFENErrorCharacterOffset(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		byteAt int
		offset int
		mark   string
	}{
		{"after é", "é x", 3, 2, "x"},
		{"after snowman and é", "☃é<y", 5, 2, "<"},
		{"marks a whole rune", "ab☃cd", 2, 2, "☃"},
		{"past the end clamps", "ééé", 99, 3, "\u00a0"},
		{"at the end", "ééé", 6, 3, "\u00a0"},
		{"at a space", "a b", 1, 1, "\u00a0"},
		{"at the start", "é", 0, 0, "é"},
		{"markup before", "<b>&é\"x</b>", 7, 6, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fe := &core.FENError{Field: 2, Offset: tt.byteAt, Input: tt.input, Msg: "m <&>", Err: core.ErrFENSyntax}
			out := fenErrorPanel(tt.input, fe)
			if !strings.Contains(out, `data-error-offset="`+strconv.Itoa(tt.offset)+`"`) {
				t.Errorf("Status(%q, offset %d): no data-error-offset=%d in %s", tt.input, tt.byteAt, tt.offset, out)
			}
			marks := markRE.FindAllStringSubmatch(out, -1)
			if len(marks) != 1 || html.UnescapeString(marks[0][1]) != tt.mark {
				t.Errorf("marks %q, want one marking %q", marks, tt.mark)
			}
			if !strings.Contains(out, "m &lt;&amp;&gt;") {
				t.Errorf("message not escaped: %s", out)
			}
			if strings.Contains(out, "<b>") || strings.Contains(out, "</b>") {
				t.Errorf("raw markup from the input in %s", out)
			}
			pre := fenPreR.FindStringSubmatch(out)
			if pre == nil {
				t.Fatalf("no <pre class=\"fen-mark\"> in %s", out)
			}
			want := wantMarked(tt.input, tt.byteAt)
			if shown := stripTags(pre[1]); shown != want {
				t.Errorf("marked input reads %q, want %q", shown, want)
			}
		})
	}
}

func TestWarnings(t *testing.T) {
	if got := warnings(nil); got != "" {
		t.Errorf("warnings(nil) = %q, want \"\"", got)
	}
	if got := warnings([]core.Warning{}); got != "" {
		t.Errorf("Warnings(empty) = %q, want \"\"", got)
	}
	for _, ws := range [][]core.Warning{
		{{Code: core.WarnKingCount, Message: "white has no king"}},
		{{Code: core.WarnKingCount, Message: "a <b>bold</b> & \"quoted\" claim"},
			{Code: core.WarnEnPassantRank, Message: "<script>alert(1)</script>", Squares: core.B3.Bitboard()}},
		mustParse(t, "8/8/8/8/8/8/8/8 w - - 0 1").Warnings(),
		mustParse(t, model.Examples[2].FEN).Warnings(),
	} {
		if len(ws) == 0 {
			t.Fatalf("test position has no warnings")
		}
		out := warnings(ws)
		checkTagBalance(t, out, "ul", "li")
		lis := regexp.MustCompile(`<li data-code="([^"]*)">(.*?)</li>`).FindAllStringSubmatch(out, -1)
		if len(lis) != len(ws) {
			t.Fatalf("%d items, want %d: %s", len(lis), len(ws), out)
		}
		for i, w := range ws {
			if lis[i][1] != string(w.Code) {
				t.Errorf("item %d code %q, want %q", i, lis[i][1], w.Code)
			}
			checkText(t, "warning "+strconv.Itoa(i), lis[i][2], w.Message)
		}
		if strings.Contains(out, "<b>") || strings.Contains(out, "<script>") {
			t.Errorf("raw markup in %s", out)
		}
	}
}

// TestFENErrorTooLong covers core's "input too long" error, reported at
// byte MaxFENLength of the untruncated input, which may fall inside a
// multi-byte character.
func TestFENErrorTooLong(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		offset int    // data-error-offset: the character holding byte MaxFENLength
		mark   string // that whole character
	}{
		{"ascii", strings.Repeat("8/", 200), core.MaxFENLength, "8"},
		{"rune boundary", strings.Repeat("é", 200), core.MaxFENLength / 2, "é"},
		{"inside a rune", "x" + strings.Repeat("é", 200), 1 + (core.MaxFENLength-1)/2, "é"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := core.ParseFEN(tt.input)
			var fe *core.FENError
			// Core reports the start of the character holding byte MaxFENLength.
			if !errors.As(err, &fe) || fe.Offset > core.MaxFENLength || fe.Offset < core.MaxFENLength-3 {
				t.Fatalf("ParseFEN(%d bytes) = %v, want a *FENError at offset %d or the character before", len(tt.input), err, core.MaxFENLength)
			}
			out := fenErrorPanel(tt.input, fe)
			marks := markRE.FindAllStringSubmatch(out, -1)
			if !utf8.ValidString(out) {
				t.Errorf("output is not valid UTF-8")
			}
			if len(marks) != 1 || marks[0][1] != tt.mark {
				t.Errorf("marks %q, want one marking %q", marks, tt.mark)
			}
			if !strings.Contains(out, `data-error-offset="`+strconv.Itoa(tt.offset)+`"`) {
				t.Errorf("no data-error-offset=%d", tt.offset)
			}
		})
	}
}
