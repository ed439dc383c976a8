package chars

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Describe names the character starting at s[i] for an error message:
// `'x'` for printable ASCII, `byte 0xff` for a byte that starts no valid
// UTF-8 sequence, and `'\u00a0' (U+00A0)` for anything else. i must be an
// offset into s (0 ≤ i < len(s)).
func Describe(s string, i int) string {
	r, _ := utf8.DecodeRuneInString(s[i:])
	if r < utf8.RuneSelf && strconv.IsPrint(r) && r != '\'' {
		return "'" + string(r) + "'"
	}
	if r == utf8.RuneError {
		return "byte 0x" + strconv.FormatUint(uint64(s[i]), 16)
	}
	u := strconv.FormatUint(uint64(r), 16)
	return strconv.QuoteRune(r) + " (U+" + strings.Repeat("0", max(0, 4-len(u))) + strings.ToUpper(u) + ")"
}
