package excerpt

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core/thousands"
)

// MaxChars is the most characters of an input an error quotes: 40,
// enough to recognise the text (a SAN move, a FEN field, a name, the
// start of a pasted line) and short enough that a message stays one line.
// A character is a Unicode code point; a byte that starts no valid UTF-8
// sequence counts as one.
const MaxChars = 40

// Cut returns the first MaxChars characters of s, cut on a character
// boundary, and whether s is longer. It does not copy s.
func Cut(s string) (head string, cut bool) {
	i := 0
	for n := 0; i < len(s); n++ {
		if n == MaxChars {
			return s[:i], true
		}
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s, false
}

// Quote returns s as strconv.Quote writes it (in double quotes, with
// control characters, invalid bytes and quotes escaped) when s has at most
// MaxChars characters. A longer s is quoted as its first MaxChars
// characters, an ellipsis and its length in bytes:
// `"NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN"… (4,194,304 bytes)`. The
// answer is at most 440 bytes long (40 characters escaped as \U0010ffff at
// worst, and the length).
func Quote(s string) string {
	head, cut := Cut(s)
	if !cut {
		return strconv.Quote(s)
	}
	return strconv.Quote(head) + "… (" + thousands.Itoa(len(s)) + " bytes)"
}

// Unquoted returns s as is when it has at most MaxChars characters, and
// otherwise its first MaxChars characters, an ellipsis and its length in
// bytes, "Nf3++++…+… (1,048,576 bytes)". It is for text a message shows
// without quotes because it was already read as a word of its kind (a
// SAN move with a long run of check signs, a name), or that markup shows
// in a <code> element (a pasted line): unlike Quote it escapes nothing,
// control characters included.
func Unquoted(s string) string {
	head, cut := Cut(s)
	if !cut {
		return s
	}
	return head + "… (" + thousands.Itoa(len(s)) + " bytes)"
}

// Escape returns s with every character that is not printable, and every
// byte that starts no valid UTF-8 sequence, written as strconv.Quote
// writes it (ESC as \x1b, BEL as \a, a newline as \n, a zero-width space
// as \u200b, an invalid byte as \xff), and every other character (a
// space, a backslash, a quote, any printable letter) as it is; it adds no
// quotes and cuts nothing. It is the one escaping of what Bitview's
// commands print (the bitview command writes its messages through it):
// whatever a page, a file name, an option's value or an engine put into
// a message, the terminal gets no byte it would act on (move the cursor,
// clear the screen, retitle the window). Text already quoted by Quote
// comes back unchanged. "Printable" is strconv.IsPrint's: letters, marks,
// numbers, punctuation, symbols and the ASCII space.
func Escape(s string) string {
	clean := true
	for i := 0; i < len(s) && clean; {
		r, size := utf8.DecodeRuneInString(s[i:])
		clean = r != utf8.RuneError && (r == ' ' || strconv.IsPrint(r))
		i += size
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&15, 16))
		case r == ' ' || strconv.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}
