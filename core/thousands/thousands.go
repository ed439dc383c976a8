// Package thousands writes an integer in decimal with a comma between each
// group of three digits, "4,194,304": the one formatter of the counts and
// limits that Bitview's messages and panels name (core's parsers quoting a
// length or a limit, the page's perft node counts and option limits, the
// bitview command's reports). It is pure Go on strconv, used by core and
// by wasm alike (core's internal packages are out of wasm's reach).
//
// A library was weighed and left: golang.org/x/text/message formats by
// locale, far more than one separator, and github.com/dustin/go-humanize,
// whose Comma does this, declares package-level math/big values
// (bigbytes.go) that every importer links and initialises.
package thousands

import "strconv"

// FormatUint returns n in decimal with a comma between each group of
// three digits: 0 → "0", 1234 → "1,234", 18446744073709551615 →
// "18,446,744,073,709,551,615".
func FormatUint(n uint64) string {
	return group(strconv.FormatUint(n, 10))
}

// Itoa returns n in decimal with a comma between each group of three
// digits, and a leading minus sign when n is negative: -4194304 →
// "-4,194,304".
func Itoa(n int) string {
	if n < 0 {
		// -n overflows for the most negative int; its magnitude as a
		// uint64 does not.
		return "-" + FormatUint(uint64(-(n+1))+1)
	}
	return FormatUint(uint64(n))
}

// group inserts the commas into the digits s.
func group(s string) string {
	if len(s) <= 3 {
		return s
	}
	b := make([]byte, 0, len(s)+(len(s)-1)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return string(b)
}
