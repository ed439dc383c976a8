package expr

import (
	"strconv"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/internal/chars"
)

// The kinds of token of the expression language.
type tokenKind uint8

const (
	tokEnd    tokenKind = iota // the end of the input
	tokName                    // a name, square or function: [A-Za-z_][A-Za-z0-9_]*
	tokNumber                  // a literal; its value is in token.value
	tokOp                      // an operator: ~ - + * << >> & ^ |
	tokLParen                  // (
	tokRParen                  // )
	tokComma                   // ,
)

// An token is one lexical unit, src[start:end].
type token struct {
	kind       tokenKind
	start, end int
	value      core.Bitboard // a number token's value
}

// An lexer splits an expression into tokens, one at a time.
type lexer struct {
	src string
	pos int // byte offset of the next unread byte
}

// isNameStart reports whether c may begin a name.
func isNameStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// isNameByte reports whether c may continue a name or a number.
func isNameByte(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

// next returns the next token, skipping ASCII blanks (space, tab, CR, LF),
// or an *Error for a byte that starts no token.
func (l *lexer) next() (token, error) {
	s := l.src
	for l.pos < len(s) && (s[l.pos] == ' ' || s[l.pos] == '\t' || s[l.pos] == '\r' || s[l.pos] == '\n') {
		l.pos++
	}
	start := l.pos
	if start == len(s) {
		return token{kind: tokEnd, start: start, end: start}, nil
	}
	c := s[start]
	switch {
	case isNameStart(c):
		for l.pos++; l.pos < len(s) && isNameByte(s[l.pos]); l.pos++ {
		}
		return token{kind: tokName, start: start, end: l.pos}, nil
	case c >= '0' && c <= '9':
		for l.pos++; l.pos < len(s) && isNameByte(s[l.pos]); l.pos++ {
		}
		return l.number(start)
	}
	// Operators and punctuation; a few near misses from other languages
	// get a message saying what to write instead.
	two := ""
	if start+1 < len(s) {
		two = s[start : start+2]
	}
	tok := token{kind: tokOp, start: start, end: start + 1}
	switch {
	case two == "&&" || two == "||":
		return tok, l.fail(start, start+2, "'"+two+"' is logical, not bitwise: write a single '"+two[:1]+"'")
	case two == "&^":
		return tok, l.fail(start, start+2, "'&^' is Go's and-not: write a & ~b")
	case start+3 <= len(s) && s[start:start+3] == ">>>":
		return tok, l.fail(start, start+3, "'>>>' is Java's unsigned shift: write '>>', which always shifts in zeros here")
	case two == "<<" || two == ">>":
		tok.end = start + 2
	case c == '<' || c == '>':
		return tok, l.fail(start, start+1, "'"+string(c)+"' is not an operator: the shifts are '<<' and '>>'")
	case c == '!':
		return tok, l.fail(start, start+1, "'!' is logical not: write '~' for the complement of a set")
	case c == '~' || c == '-' || c == '+' || c == '*' || c == '&' || c == '^' || c == '|':
	case c == '(':
		tok.kind = tokLParen
	case c == ')':
		tok.kind = tokRParen
	case c == ',':
		tok.kind = tokComma
	default:
		// chars.Describe names the character: 'x', byte 0xff, 'é' (U+00E9).
		_, size := utf8.DecodeRuneInString(s[start:])
		return tok, l.fail(start, start+size, "unexpected character "+chars.Describe(s, start))
	}
	l.pos = tok.end
	return tok, nil
}

// number reads the literal src[start:l.pos]: decimal, 0x hexadecimal or
// 0b binary, with '_' allowed between two digits, and at most 64 bits.
func (l *lexer) number(start int) (token, error) {
	text := l.src[start:l.pos]
	tok := token{kind: tokNumber, start: start, end: l.pos}
	base, digits, name := 10, text, "decimal"
	if len(text) >= 2 && text[0] == '0' {
		switch text[1] {
		case 'x', 'X':
			base, digits, name = 16, text[2:], "hex"
		case 'b', 'B':
			base, digits, name = 2, text[2:], "binary"
		}
	}
	at := start + len(text) - len(digits) // offset of the first digit
	if digits == "" {
		return tok, l.fail(start, tok.end, "'"+text+"' needs "+name+" digits after it")
	}
	if base == 10 && len(text) > 1 && text[0] == '0' && (isDigitIn(text[1], 10) || text[1] == '_') {
		return tok, l.fail(start, tok.end, "number "+excerpt.Unquoted(text)+" has a leading zero: write it without (C would read it as octal), or use 0x or 0b")
	}
	clean := make([]byte, 0, 64)
	for i := 0; i < len(digits); i++ {
		d := digits[i]
		switch {
		case isDigitIn(d, base):
			clean = append(clean, d)
		case d == '_' && i > 0 && i+1 < len(digits) && isDigitIn(digits[i-1], base) && isDigitIn(digits[i+1], base):
		case d == '_':
			return tok, l.fail(at+i, at+i+1, "'_' in a number must stand between two digits")
		default:
			return tok, l.fail(at+i, at+i+1, chars.Describe(l.src, at+i)+" is not a "+name+" digit")
		}
	}
	v, err := strconv.ParseUint(string(clean), base, 64)
	if err != nil { // only ErrRange is possible: every digit was checked
		return tok, &Error{Input: l.src, Offset: start, End: tok.end, Err: ErrRange,
			Msg: "number " + excerpt.Unquoted(text) + " does not fit 64 bits (the largest is 0xffffffffffffffff)"}
	}
	tok.value = core.Bitboard(v)
	return tok, nil
}

// isDigitIn reports whether c is a digit in base 2, 10 or 16.
func isDigitIn(c byte, base int) bool {
	switch base {
	case 2:
		return c == '0' || c == '1'
	case 10:
		return c >= '0' && c <= '9'
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// fail returns a syntax error for src[start:end].
func (l *lexer) fail(start, end int, msg string) error {
	return &Error{Input: l.src, Offset: start, End: end, Msg: msg, Err: ErrSyntax}
}
