package core

import "strconv"

// The languages Layout.Literal writes, by the keys the page's "Copy as"
// buttons and bitview show use.
const (
	LiteralC    = "c"
	LiteralRust = "rust"
	LiteralGo   = "go"
)

// LiteralLanguages lists the languages Literal writes, in the order the
// page offers them: c, rust, go.
var LiteralLanguages = []string{LiteralC, LiteralRust, LiteralGo}

// LiteralName returns a language's name as the page shows it: "C",
// "Rust", "Go"; "" for a key Literal does not know.
func LiteralName(lang string) string {
	switch lang {
	case LiteralC:
		return "C"
	case LiteralRust:
		return "Rust"
	case LiteralGo:
		return "Go"
	}
	return ""
}

// Literal returns v, a value of layout l, as an integer literal of lang
// that compiles to the same bits, hex digits zero-padded to the layout's
// width like Hex; ok is false for a language it does not know. For the
// 64-slot layouts:
//
//	c     0x000000000000ff00ULL         unsigned long long (C99 6.4.4.1), the type of uint64_t's values
//	rust  0x0000_0000_0000_ff00_u64     digits grouped by four with '_', the u64 suffix
//	go    0x0000_0000_0000_ff00         an untyped constant; '_' groups digits since Go 1.13
//
// 0x88 (128 slots) and 10x12 (120) do not fit 64 bits: C gets an
// unsigned __int128 built from two halves (GCC's and Clang's extension;
// C has no 128-bit literal), Rust a u128, and Go, which has no 128-bit
// integer, a [2]uint64 of the low and the high 64 slots.
func (l *Layout) Literal(v Value, lang string) (lit string, ok bool) {
	wide := !l.FitsUint64()
	digits := (l.Slots + 3) / 4
	switch lang {
	case LiteralC:
		if wide {
			return "((unsigned __int128)" + hexDigits(v.Hi, digits-16, false) + "ULL << 64 | " + hexDigits(v.Lo, 16, false) + "ULL)", true
		}
		return hexDigits(v.Lo, digits, false) + "ULL", true
	case LiteralRust:
		if wide {
			return hex128(v, digits) + "_u128", true
		}
		return hexDigits(v.Lo, digits, true) + "_u64", true
	case LiteralGo:
		if wide {
			return "[2]uint64{" + hexDigits(v.Lo, 16, true) + ", " + hexDigits(v.Hi, digits-16, true) + "}", true
		}
		return hexDigits(v.Lo, digits, true), true
	}
	return "", false
}

// hexDigits writes w as "0x" and n hex digits, grouped by four from the
// right with '_' when grouped.
func hexDigits(w uint64, n int, grouped bool) string {
	s := strconv.FormatUint(w, 16)
	for len(s) < n {
		s = "0" + s
	}
	if !grouped {
		return "0x" + s
	}
	return "0x" + group4(s)
}

// hex128 writes v as "0x" and n hex digits (n > 16), grouped by four from
// the right with '_'.
func hex128(v Value, n int) string {
	lo := strconv.FormatUint(v.Lo, 16)
	for len(lo) < 16 {
		lo = "0" + lo
	}
	hi := strconv.FormatUint(v.Hi, 16)
	for len(hi) < n-16 {
		hi = "0" + hi
	}
	return "0x" + group4(hi+lo)
}

// group4 puts '_' between groups of four digits, counted from the right.
func group4(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if i > 0 && (len(s)-i)%4 == 0 {
			b = append(b, '_')
		}
		b = append(b, s[i])
	}
	return string(b)
}
