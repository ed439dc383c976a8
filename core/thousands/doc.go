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
