package dump

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core/thousands"
)

// MaxNumbers is the most numbers ParseNumbers reads: twelve piece
// bitboards and two colour bitboards.
const MaxNumbers = 14

// MaxTextLength is the longest text ParseNumbers reads, in bytes: 16 KiB.
// Fourteen labelled 64-digit binary numbers with their separators take
// about 1.5 KB, and a C array with a comment per line about 3 KB; a longer
// text is refused before it is scanned.
const MaxTextLength = 16 << 10

// A Number is one number read from a dump.
type Number struct {
	Value uint64 // the 64 bits; a negative decimal is read as two's complement
	Text  string // the number as written, e.g. "0xFFFF", "-9223372036854775808"
	Base  int    // 16, 2 or 10
	Label string // the text before it on its line since the previous number, trimmed, e.g. "WhitePawns"
	Line  int    // 1-based line
	Col   int    // 1-based byte column of Text
}

// A Problem is a part of the text ParseNumbers could not use.
type Problem struct {
	Line, Col int
	Text      string
	Reason    string // lower case, e.g. "more than 64 bits"
}

// ParseNumbers reads up to MaxNumbers numbers from text, separated by
// anything (blanks, commas, braces, labels): hexadecimal with "0x" or
// without it (then only a run of 8 or more hex digits with a decimal
// digit among them, or exactly 16 digits, so that words such as "be" or
// "Bad" are labels), binary with "0b" (or a run of exactly 64 zeros and
// ones), unsigned decimal, or signed decimal (a '-' before it: read as
// the two's complement of a 64-bit integer, as languages without unsigned
// 64-bit integers print it). Digits may be grouped with '_' or '\”;
// the C suffixes U, L, UL, ULL (either case) are dropped. A 16-digit run
// of decimal digits starting with 0 is read as hexadecimal. The words
// before a number on its line are its Label.
//
// Numbers that do not fit in 64 bits, and numbers beyond the 14th, are
// reported as Problems. A text over MaxTextLength bytes is not read: its
// one Problem (line 1, column 1, Text "") names the limit.
func ParseNumbers(text string) ([]Number, []Problem) {
	if len(text) > MaxTextLength {
		return nil, []Problem{{Line: 1, Col: 1, Reason: "the dump is " + thousands.Itoa(len(text)) + " bytes; the limit is " + thousands.Itoa(MaxTextLength)}}
	}
	var nums []Number
	var probs []Problem
	line, lineStart := 1, 0
	labelStart := 0 // where the current label text starts
	for i := 0; i < len(text); {
		c := text[i]
		if c == '\n' {
			line, lineStart, labelStart = line+1, i+1, i+1
			i++
			continue
		}
		if !isWordByte(c) {
			i++
			continue
		}
		j := i
		for j < len(text) && isWordByte(text[j]) {
			j++
		}
		word := text[i:j]
		neg := i > 0 && text[i-1] == '-' && (i < 2 || !isWordByte(text[i-2]))
		v, base, ok, reason := parseWord(word, neg)
		start := i
		if neg && (ok || reason != "") {
			start--
			word = text[start:j]
		}
		switch {
		case ok && len(nums) < MaxNumbers:
			label := trimLabel(text[labelStart:start])
			nums = append(nums, Number{Value: v, Text: word, Base: base, Label: label, Line: line, Col: start - lineStart + 1})
			labelStart = j
		case ok:
			probs = append(probs, Problem{line, start - lineStart + 1, word, "more than " + strconv.Itoa(MaxNumbers) + " numbers: only the first " + strconv.Itoa(MaxNumbers) + " are read"})
			labelStart = j
		case reason != "":
			probs = append(probs, Problem{line, start - lineStart + 1, word, reason})
			labelStart = j
		}
		i = j
	}
	return nums, probs
}

// isWordByte reports whether c can be part of a number or label word.
func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '\''
}

// trimLabel trims the separators around a label: blanks and ":=,;{}()[]\"".
func trimLabel(s string) string {
	return strings.Trim(s, " \t\r:=,;{}()[]\"-#/*<>|")
}

// parseWord reads one word as a number. ok is false for a word that is
// not a number; reason is set when it looks like one but is unusable.
func parseWord(w string, neg bool) (v uint64, base int, ok bool, reason string) {
	w = strings.TrimRight(w, "'_")
	for _, suf := range []string{"ULL", "ull", "UL", "ul", "LL", "ll", "U", "u", "L", "l"} {
		if rest, found := strings.CutSuffix(w, suf); found && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			w = rest
			break
		}
	}
	digits := func(s string) string { return strings.NewReplacer("_", "", "'", "").Replace(s) }
	lower := strings.ToLower(w)
	switch {
	case strings.HasPrefix(lower, "0x"):
		base, w = 16, digits(w[2:])
	case strings.HasPrefix(lower, "0b") && isBinary(digits(w[2:])):
		base, w = 2, digits(w[2:])
	default:
		d := digits(w)
		switch {
		case len(d) == 64 && isBinary(d):
			base, w = 2, d
		case isDecimal(d) && !(len(d) == 16 && d[0] == '0'):
			base, w = 10, d
		case isHex(d) && (len(d) == 16 || len(d) >= 8 && strings.ContainsAny(d, "0123456789")):
			base, w = 16, d
		default:
			return 0, 0, false, ""
		}
	}
	if w == "" {
		return 0, 0, false, ""
	}
	if neg && base != 10 {
		return 0, 0, false, "a minus sign before a hexadecimal or binary number: write its two's complement bits instead"
	}
	if neg {
		n, err := strconv.ParseInt("-"+w, 10, 64)
		if err != nil {
			return 0, 0, false, "below -9223372036854775808, the least 64-bit signed integer"
		}
		return uint64(n), 10, true, ""
	}
	u, err := strconv.ParseUint(w, base, 64)
	if err != nil {
		if ne, isNum := err.(*strconv.NumError); isNum && ne.Err == strconv.ErrRange {
			return 0, 0, false, "more than 64 bits"
		}
		return 0, 0, false, "not a " + map[int]string{16: "hexadecimal", 2: "binary", 10: "decimal"}[base] + " number"
	}
	return u, base, true, ""
}

func isBinary(s string) bool { return s != "" && strings.Trim(s, "01") == "" }

func isDecimal(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

func isHex(s string) bool {
	return s != "" && strings.Trim(s, "0123456789abcdefABCDEF") == ""
}
