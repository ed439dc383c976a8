package dump

import (
	"strconv"
	"strings"
)

// A Number is one bitboard read from a dump: a number (a literal in any
// of the forms Read lists, or a constant shifted, 1ULL << 50), a grid of
// its squares, or both (a grid with its value printed beside it, as BBC's
// print_bitboard prints "Bitboard: N" under each grid).
type Number struct {
	Value uint64 // the 64 bits as written; a negative decimal is read as two's complement; 0 for a grid alone
	Text  string // the number as written, e.g. "0xFFFF", "-9223372036854775808", "1ULL << 50"; "" for a grid alone
	Base  int    // 16, 2 or 10 (of the first literal of a shift or an OR); 0 for a grid alone
	Label string // the text before it on its line since the previous number, trimmed, e.g. "WhitePawns", "pieces[WHITE][PAWN]"; for a grid, the line above it
	Line  int    // 1-based line of Text, or of a grid's first row
	Col   int    // 1-based byte column of Text, or 1 for a grid alone

	// Indexed is true when the dump gives the number's place in its order
	// (pieces[3] = …, bb[1][2] = …, "Bitboard 4 of 12:"), and then Index
	// is that place, from 0: a two-dimensional index [i][j] is i·n + j,
	// n the largest j plus one. Read sets it only when every number has an
	// index of the same shape and no two share one.
	Indexed bool
	Index   int

	// Numbering is the Mapping ID the format itself fixes for Value: "lerf"
	// for python-chess's SquareSet(0x…), whose bit n is square n from a1.
	// "" (most numbers) is the engine's own numbering, which Match infers.
	Numbering string

	// Grid is the grid of squares drawn for this bitboard; nil for a
	// number written alone.
	Grid *Grid
}

// A Problem is a part of the text Read could not use.
type Problem struct {
	Line, Col int
	Text      string
	Reason    string // lower case, e.g. "more than 64 bits"
}

// scanner reads the numbers of the lines no grid, state line or protocol
// line took. It keeps one state across lines: whether a /* comment is
// open.
type scanner struct {
	inComment bool
}

// A token is a word (letters, digits, '_' and '\”) or one punctuation
// mark ("<<", "//", "/*", "*/", "::", "==" and the like count as one) of
// a line, with its byte offset.
type token struct {
	text string
	pos  int
	word bool
}

// twoByte are the punctuation pairs read as one token.
var twoByte = []string{"<<", ">>", "//", "/*", "*/", "::", "==", "!=", "<=", ">=", "=>", "->", "||", "&&", ":="}

// tokens splits line into tokens; blanks separate them and are dropped.
func tokens(line string) []token {
	var ts []token
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case isWordByte(c):
			j := i
			for j < len(line) && isWordByte(line[j]) {
				j++
			}
			ts = append(ts, token{line[i:j], i, true})
			i = j
		default:
			n := 1
			for _, p := range twoByte {
				if strings.HasPrefix(line[i:], p) {
					n = 2
					break
				}
			}
			ts = append(ts, token{line[i : i+n], i, false})
			i += n
		}
	}
	return ts
}

// adjacent reports whether token b starts where token a ends.
func adjacent(a, b token) bool { return a.pos+len(a.text) == b.pos }

// line reads the numbers of one line (number n, 1-based): each literal,
// shift or OR of shifts that is a value, with the text since the previous
// one as its label. A word in a subscript (pieces[0], bb[WHITE]), an
// array's size (bb[12] = {…}, [12]uint64{…}, [u64; 12]), an ordinal or a
// count in a key ("Bitboard 1 of 12:", "1.", "bb 3 ="), a part of a
// decimal fraction ("15.1") and anything in a comment is never a value:
// it stays in the label.
func (s *scanner) line(text string, n int, nums []Number, probs []Problem) ([]Number, []Problem) {
	ts := tokens(text)
	labelStart := 0
	depth := 0 // open subscripts
	firstValue := len(nums)
	comment := -1 // where a comment to the end of the line starts
	lastEnd := 0  // where the line's last number ends
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if s.inComment {
			if t.text == "*/" {
				s.inComment = false
			}
			continue
		}
		switch {
		case t.text == "/*":
			s.inComment = true
			continue
		case t.text == "//" || t.text == "#" && (i+1 == len(ts) || !adjacent(t, ts[i+1])): // "# …" (Python), not "#define" or "#3"
			comment = t.pos
		case t.text == "[":
			if i > 0 && adjacent(ts[i-1], t) && (ts[i-1].word || ts[i-1].text == "]") {
				depth++ // a subscript: bb[…]
			} else if j, ok := arraySize(ts, i); ok {
				i = j // [12]uint64 or [u64; 12]: a type
			}
			continue
		case t.text == "]":
			if depth > 0 {
				depth--
			}
			continue
		}
		if comment >= 0 {
			break
		}
		if !t.word || depth > 0 {
			continue
		}
		neg := i > 0 && ts[i-1].text == "-" && adjacent(ts[i-1], t) && (i < 2 || !(ts[i-2].word && adjacent(ts[i-2], ts[i-1])))
		v, base, ok, reason := parseWord(t.text, neg)
		if !ok && reason == "" {
			continue // a word of the label
		}
		if base == 10 && (fraction(ts, i) || keyNumber(ts, i)) {
			continue
		}
		start := t.pos
		if neg {
			start--
		}
		if !ok {
			probs = append(probs, Problem{n, start + 1, text[start : t.pos+len(t.text)], reason})
			labelStart = t.pos + len(t.text)
			continue
		}
		num := Number{Value: v, Base: base, Line: n}
		end, j := t.pos+len(t.text), i
		if !neg {
			opens := 0
			for k := i - 1; k >= 0 && ts[k].text == "("; k-- {
				opens++
			}
			first, last, msg := 0, 0, ""
			num.Value, first, last, msg = expression(ts, i, opens)
			if msg != "" {
				from := max(ts[first].pos, labelStart)
				probs = append(probs, Problem{n, from + 1, text[from : ts[last].pos+len(ts[last].text)], msg})
				labelStart = ts[last].pos + len(ts[last].text)
				i = last
				continue
			}
			start, end, j = max(ts[first].pos, labelStart), ts[last].pos+len(ts[last].text), last
		}
		num.Col = start + 1
		num.Text = text[start:end]
		label := text[labelStart:min(start, len(text))]
		if strings.HasSuffix(strings.TrimRight(label, " \t("), "SquareSet") && strings.HasSuffix(strings.TrimRight(label, " \t"), "(") {
			num.Numbering = "lerf" // python-chess: SquareSet(0x…) is LERF by definition
		}
		num.Label = trimLabel(afterOpener(label))
		nums = append(nums, num)
		labelStart, lastEnd = end, end
		i = j
	}
	// A comment after the line's last number labels it when nothing
	// before did: 0xFF00ULL, // white pawns
	if len(nums) > firstValue && nums[len(nums)-1].Label == "" {
		rest := strings.TrimLeft(text[lastEnd:], " \t,;)}]")
		if strings.HasPrefix(rest, "//") || strings.HasPrefix(rest, "/*") || strings.HasPrefix(rest, "# ") {
			nums[len(nums)-1].Label = trimLabel(rest)
		}
	}
	return nums, probs
}

// afterOpener returns the part of a label after its last '{' or list
// '[' (one not right after a word or a ']'), or "" when it ends with '(':
// the name before an array's initialiser, "uint64_t bb[12] = {", or a
// call, "SquareSet(", is not the label of the number after it.
func afterOpener(label string) string {
	for i := len(label) - 1; i >= 0; i-- {
		switch label[i] {
		case '{':
			return label[i+1:]
		case '(':
			if strings.TrimSpace(label[i+1:]) == "" { // SquareSet(, uint64(
				return ""
			}
		case '[':
			if i == 0 || !isWordByte(label[i-1]) && label[i-1] != ']' && label[i-1] != '\x1b' { // not a subscript, nor a terminal's escape
				return label[i+1:]
			}
		}
	}
	return label
}

// arraySize reports whether the '[' at ts[i] opens an array type rather
// than a list: [12]uint64{…} (Go: a decimal, then ']' followed at once
// by a type or another '['), or [u64; 12] (Rust: a type, ';', a decimal).
// It returns the index of the closing ']'.
func arraySize(ts []token, i int) (int, bool) {
	if i+2 < len(ts) && isDecimal(ts[i+1].text) && ts[i+2].text == "]" && i+3 < len(ts) && adjacent(ts[i+2], ts[i+3]) &&
		(ts[i+3].word || ts[i+3].text == "[") {
		return i + 2, true
	}
	if i+4 < len(ts) && ts[i+1].word && ts[i+2].text == ";" && isDecimal(ts[i+3].text) && ts[i+4].text == "]" {
		return i + 4, true
	}
	return i, false
}

// fraction reports whether the decimal word ts[i] is part of a number
// with a decimal point, "15.1" or "1.5": a version or a time, never a
// bitboard.
func fraction(ts []token, i int) bool {
	if i+2 < len(ts) && ts[i+1].text == "." && adjacent(ts[i], ts[i+1]) && adjacent(ts[i+1], ts[i+2]) && isDigit(ts[i+2].text[0]) {
		return true
	}
	return i >= 2 && ts[i-1].text == "." && adjacent(ts[i-1], ts[i]) && adjacent(ts[i-2], ts[i-1]) && ts[i-2].word && isDigit(ts[i-2].text[len(ts[i-2].text)-1])
}

// keyNumber reports whether the decimal word ts[i] is part of a key
// rather than a value: an ordinal or a count ("Bitboard 1 of 12:", its
// "1" and "12"), a number closing a key ("bb 3:", "white pawns (8) ="),
// or an ordinal opening a line ("1. 0xff00", "1) 0xff00").
func keyNumber(ts []token, i int) bool {
	w := ts[i].text
	if len(w) > 2 {
		return false
	}
	if i+2 < len(ts) && strings.EqualFold(ts[i+1].text, "of") && isDecimal(ts[i+2].text) ||
		i >= 2 && strings.EqualFold(ts[i-1].text, "of") && isDecimal(ts[i-2].text) {
		return true
	}
	j := i + 1
	for j < len(ts) && ts[j].text == ")" {
		j++
	}
	if j < len(ts) && (ts[j].text == ":" || ts[j].text == "=") {
		k := i - 1
		for k >= 0 && ts[k].text == "(" {
			k--
		}
		return k < 0 || ts[k].word || ts[k].text == "#"
	}
	if i == 0 && i+2 < len(ts) && (ts[1].text == "." || ts[1].text == ")") && adjacent(ts[0], ts[1]) && !adjacent(ts[1], ts[2]) {
		return true
	}
	return false
}

// expression reads the value that starts with the literal at ts[i],
// after opens '(' tokens: the literal, shifted left when "<<" and an
// amount follow (1ULL << 50, uint64(1) << 50, 0xFF << (8 * 6)), OR-ed
// with more such terms after '|' when one of them is shifted or
// parenthesised ((1ULL << 8) | (1ULL << 9)); a plain "0xff00 | 0x42"
// stays two numbers. It returns the value and the indices of the first
// and last tokens of its text (a lone literal is its own text), or the
// reason it is no 64-bit value.
func expression(ts []token, i, opens int) (v uint64, first, last int, msg string) {
	term := func(i int) (uint64, int, bool, string) {
		v, _, _, _ := parseWord(ts[i].text, false)
		k, closed := i, 0
		for k+1 < len(ts) && ts[k+1].text == ")" && closed < opens { // uint64(1) << 50
			k++
			closed++
		}
		if k+1 >= len(ts) || ts[k+1].text != "<<" {
			return v, i, false, ""
		}
		n, end, ok := shiftAmount(ts, k+2)
		if !ok {
			return v, i, false, ""
		}
		if n >= 64 {
			return 0, end, true, "a shift by " + strconv.Itoa(n) + ": 64 or more leaves no 64-bit value"
		}
		opens -= closed
		return v << uint(n), end, true, ""
	}
	before := opens
	v, last, shifted, msg := term(i)
	if msg != "" {
		return 0, i, last, msg
	}
	ored := false
	for {
		k := last
		for k+1 < len(ts) && ts[k+1].text == ")" && opens > 0 {
			k++
			opens--
		}
		if k+2 < len(ts) && ts[k+1].text == "|" {
			m, more := k+2, 0
			for m < len(ts) {
				if ts[m].text == "(" {
					more++
				} else if !(ts[m].word && m+1 < len(ts) && ts[m+1].text == "(" && adjacent(ts[m], ts[m+1])) {
					break // not a conversion's name, uint64(1)
				}
				m++
			}
			if m < len(ts) && ts[m].word && !(m > 0 && ts[m-1].text == "-") {
				if _, _, ok, _ := parseWord(ts[m].text, false); ok && (shifted || k > last || more > 0 || shiftFollows(ts, m)) {
					opens += more
					w, e, s2, msg := term(m)
					if msg != "" {
						return 0, m, e, msg
					}
					v, last, shifted, ored = v|w, e, shifted || s2, true
					continue
				}
			}
		}
		if shifted || ored {
			last = k
		}
		break
	}
	first = i
	if shifted || ored {
		for n := 0; n < before-opens && first > 0 && ts[first-1].text == "("; n++ {
			first--
			if first > 0 && ts[first-1].word && adjacent(ts[first-1], ts[first]) {
				first-- // a conversion: uint64(1) << 50
			}
		}
	}
	return v, first, last, ""
}

// shiftFollows reports whether a shift follows the literal at ts[m],
// perhaps after a conversion's parenthesis: 1ULL << 9, uint64(1) << 9.
func shiftFollows(ts []token, m int) bool {
	for m+1 < len(ts) && ts[m+1].text == ")" {
		m++
	}
	return m+1 < len(ts) && ts[m+1].text == "<<"
}

// shiftAmount reads the amount of a shift at ts[i]: a decimal, or a
// parenthesised product or sum of two decimals, (8 * 6). It returns the
// amount and the index of its last token.
func shiftAmount(ts []token, i int) (int, int, bool) {
	dec := func(k int) (int, bool) {
		if k >= len(ts) || !isDecimal(ts[k].text) || len(ts[k].text) > 3 {
			return 0, false
		}
		n, _ := strconv.Atoi(ts[k].text)
		return n, true
	}
	if n, ok := dec(i); ok {
		return n, i, true
	}
	if i+4 < len(ts) && ts[i].text == "(" && ts[i+4].text == ")" {
		a, ok1 := dec(i + 1)
		b, ok2 := dec(i + 3)
		if ok1 && ok2 {
			switch ts[i+2].text {
			case "*":
				return a * b, i + 4, true
			case "+":
				return a + b, i + 4, true
			}
		}
	}
	return 0, i, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isWordByte reports whether c can be part of a number or label word.
func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '\''
}

// trimLabel trims the separators around a label: blanks, comment marks
// and ":=,;{}()[]\"", keeping a closing ']' or ')' that closes an
// opening one in the label ("bb[WN]", "black pawns (C++14)").
func trimLabel(s string) string {
	const seps = " \t:=,;{}(\"-#/*<>|"
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSuffix(s, "*/"), "/*"))
	s = strings.TrimLeft(s, seps+")]")
	for {
		s = strings.TrimRight(s, seps+"[")
		switch {
		case strings.HasSuffix(s, "]") && strings.Count(s, "[") < strings.Count(s, "]"),
			strings.HasSuffix(s, ")") && strings.Count(s, "(") < strings.Count(s, ")"):
			s = s[:len(s)-1]
			continue
		}
		return s
	}
}

// parseWord reads one word as a number. ok is false for a word that is
// not a number; reason is set when it looks like one but is unusable.
func parseWord(w string, neg bool) (v uint64, base int, ok bool, reason string) {
	w = strings.TrimRight(w, "'_")
	if w == "" {
		return 0, 0, false, ""
	}
	if cut, found := cutSuffix(w); found {
		w = cut
	} else if isDecimal(w[:len(w)-1]) && w[len(w)-1] == 'd' && (w[0] != '0' || len(w) == 2) {
		w = w[:len(w)-1] // BBC's print_bitboard: printf("%llud"): the decimal, then a 'd'
	}
	digits := digitGroups.Replace
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

// cutSuffix drops a literal's type suffix: C's U, L, UL, ULL, LL, LU, LLU
// (either case), Java's L, Rust's u64 and i64 (after a '_' or not). The
// rest must start with a decimal digit.
func cutSuffix(w string) (string, bool) {
	for _, suf := range []string{"_u64", "_i64", "u64", "i64"} {
		if rest, found := strings.CutSuffix(w, suf); found && rest != "" && isDigit(rest[0]) {
			return rest, true
		}
	}
	n := 0
	for n < 3 && n < len(w) && strings.IndexByte("uUlL", w[len(w)-1-n]) >= 0 {
		n++
	}
	suf := strings.ToLower(w[len(w)-n:])
	switch suf {
	case "u", "l", "ul", "lu", "ll", "ull", "llu":
		if rest := w[:len(w)-n]; rest != "" && isDigit(rest[0]) && (strings.HasPrefix(strings.ToLower(rest), "0x") || isDecimal(digitGroups.Replace(rest))) {
			return rest, true
		}
	}
	return w, false
}

// digitGroups drops the separators of digit groups: 0x00ff_0000, 1'000.
var digitGroups = strings.NewReplacer("_", "", "'", "")

func isBinary(s string) bool { return s != "" && strings.Trim(s, "01") == "" }

func isDecimal(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

func isHex(s string) bool {
	return s != "" && strings.Trim(s, "0123456789abcdefABCDEF") == ""
}
