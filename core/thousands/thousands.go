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
