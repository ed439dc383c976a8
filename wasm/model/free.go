package model

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
)

// FreeKey is the show key of the free bitboard's card.
const FreeKey = "free"

// FreeTitle is the free bitboard card's title.
const FreeTitle = "free bitboard"

// The fields of the free card, as FreeEdit.Field and ParseFree name them.
const (
	FreeHex     = "hex"     // 0x and hexadecimal digits, most significant first
	FreeDecimal = "decimal" // an unsigned decimal number (layouts of 64 slots)
	FreeSigned  = "signed"  // a two's-complement int64 in decimal (layouts of 64 slots)
	FreeBinary  = "binary"  // 0 and 1, most significant first
)

// FreeFields lists the free card's fields in the order it shows them.
var FreeFields = []string{FreeHex, FreeDecimal, FreeSigned, FreeBinary}

// MaxFreeLength is the longest text ParseFree reads, 512 bytes: the 128
// digits of a 0x88 value in binary with a separator after each and room
// for a prefix and spaces around it.
const MaxFreeLength = 512

// A FreeError says why a free card's field cannot be read and where.
type FreeError struct {
	Field string // one of FreeFields
	Char  int    // 1-based character of the input at fault; 0 for the input as a whole
	Msg   string // what is wrong, lower case
}

// Error returns e.g. "hex, character 5: 'g' is not a hexadecimal digit".
func (e *FreeError) Error() string {
	if e.Char > 0 {
		return e.Field + ", character " + strconv.Itoa(e.Char) + ": " + e.Msg
	}
	return e.Field + ": " + e.Msg
}

// ParseFree reads text, the free bitboard's value written in field (one
// of FreeFields), as a number in layout l and returns its squares. Hex may
// start with 0x and binary with 0b; spaces, line breaks and '_' may stand
// between digits; signed takes a leading '-'. The number must fit the
// layout's slots (64, 120 or 128 bits; the decimal fields only 64-slot
// layouts) and set no off-board slot (0x88's right half, 10x12's border).
// The error is a *FreeError saying what and where. The length is checked
// first (MaxFreeLength).
func ParseFree(l *core.Layout, field, text string) (core.Bitboard, error) {
	fail := func(at int, msg string) (core.Bitboard, error) {
		char := 0
		if at >= 0 {
			char = utf8.RuneCountInString(text[:at]) + 1
		}
		return 0, &FreeError{Field: field, Char: char, Msg: msg}
	}
	if len(text) > MaxFreeLength {
		return fail(-1, LimitMessage("the text", len(text), MaxFreeLength, "bytes"))
	}
	if !slices.Contains(FreeFields, field) {
		return fail(-1, "unknown field")
	}
	if (field == FreeDecimal || field == FreeSigned) && !l.FitsUint64() {
		return fail(-1, strconv.Itoa(l.Slots)+" slots do not fit a 64-bit integer: type hex or binary")
	}
	i := 0
	for i < len(text) && isSpace(text[i]) {
		i++
	}
	neg := false
	base, name := 10, "decimal"
	switch field {
	case FreeHex:
		base, name = 16, "hexadecimal"
		if strings.HasPrefix(text[i:], "0x") || strings.HasPrefix(text[i:], "0X") {
			i += 2
		}
	case FreeBinary:
		base, name = 2, "binary"
		if strings.HasPrefix(text[i:], "0b") || strings.HasPrefix(text[i:], "0B") {
			i += 2
		}
	case FreeSigned:
		if i < len(text) && text[i] == '-' {
			neg = true
			i++
		}
	}
	var v core.Value // up to 128 bits
	digits := 0
	for ; i < len(text); i++ {
		c := text[i]
		d, ok := digitIn(c, base)
		if !ok {
			if isSpace(c) || c == '_' {
				continue
			}
			r, _ := utf8.DecodeRuneInString(text[i:])
			return fail(i, strconv.QuoteRune(r)+" is not a "+name+" digit")
		}
		// v = v·base + d in 128 bits, refusing what does not fit.
		hi, lo := bits.Mul64(v.Lo, uint64(base))
		hi2, hi3 := bits.Mul64(v.Hi, uint64(base))
		lo, carry := bits.Add64(lo, uint64(d), 0)
		top, c2 := bits.Add64(hi3, hi+carry, 0)
		if hi2 != 0 || c2 != 0 {
			return fail(i, "the number does not fit "+strconv.Itoa(l.Slots)+" bits")
		}
		v = core.Value{Hi: top, Lo: lo}
		digits++
	}
	if digits == 0 {
		return fail(-1, "type "+name+" digits")
	}
	if field == FreeSigned {
		switch {
		case v.Hi != 0 || v.Lo > 1<<63 || !neg && v.Lo == 1<<63:
			return fail(-1, "the number does not fit a signed 64-bit integer (−9223372036854775808 … 9223372036854775807)")
		case neg:
			v.Lo = -v.Lo
		}
	}
	if n := bitLen(v); n > 64 && field == FreeDecimal {
		return fail(-1, "the number does not fit 64 bits (the largest is 18446744073709551615)")
	} else if n > l.Slots {
		return fail(-1, "the number has "+strconv.Itoa(n)+" bits; "+l.Name+" has "+strconv.Itoa(l.Slots)+" slots (bit "+strconv.Itoa(n-1)+" is beyond bit "+strconv.Itoa(l.Slots-1)+")")
	}
	var bb core.Bitboard
	for s := range l.Slots {
		if !v.Has(s) {
			continue
		}
		sq := l.SquareAt(s)
		if sq == core.NoSquare {
			return fail(-1, "bit "+strconv.Itoa(s)+" is an off-board slot of "+l.Name+": only squares can be set")
		}
		bb |= sq.Bitboard()
	}
	return bb, nil
}

// bitLen returns the number of bits v needs.
func bitLen(v core.Value) int {
	if v.Hi != 0 {
		return 64 + bits.Len64(v.Hi)
	}
	return bits.Len64(v.Lo)
}

// isSpace reports whether c may separate the digits of a typed number.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// digitIn returns the value of digit c in base 2, 10 or 16.
func digitIn(c byte, base int) (int, bool) {
	d := 99
	switch {
	case c >= '0' && c <= '9':
		d = int(c - '0')
	case c >= 'a' && c <= 'f':
		d = int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		d = int(c-'A') + 10
	}
	return d, d < base
}

// FreeText returns bb written in field as the free card shows it in
// layout l: hex as layout.Hex, binary one grid row a line (as the binary
// readout groups it), the decimal fields as layout.Decimal and
// layout.Signed ("" where the layout does not fit 64 bits).
func FreeText(l *core.Layout, field string, bb core.Bitboard) string {
	v := l.Value(bb)
	switch field {
	case FreeHex:
		return l.Hex(v)
	case FreeDecimal:
		return l.Decimal(v)
	case FreeSigned:
		return l.Signed(v)
	case FreeBinary:
		return strings.ReplaceAll(l.Binary(v, true), " ", "\n")
	}
	return ""
}

// FreeLiteral returns bb as an expression's number: 0x and 16 hex digits
// in LERF, as the expression language counts (a1 = 0), whatever the
// layout on show.
func FreeLiteral(bb core.Bitboard) string {
	s := strconv.FormatUint(uint64(bb), 16)
	return "0x" + strings.Repeat("0", 16-len(s)) + s
}
