package core

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/internal/chars"
)

// MaxFENLength is the longest input, in bytes, that [ParseFEN] reads; a
// longer one is rejected before any parsing. The longest meaningful FEN is
// about 90 bytes.
const MaxFENLength = 256

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// The six FEN fields, numbered as in the PGN standard, section 16.1.3.
const (
	FieldPiecePlacement = 1 + iota
	FieldActiveColor
	FieldCastling
	FieldEnPassant
	FieldHalfmoveClock
	FieldFullmoveNumber
)

var fieldNames = [...]string{"FEN", "piece placement", "active color", "castling availability",
	"en passant target square", "halfmove clock", "fullmove number"}

// FieldName returns the name of FEN field n (1–6) as the PGN standard
// gives it, e.g. "active color" for 2.
func FieldName(n int) string {
	if n < 1 || n >= len(fieldNames) {
		return fieldNames[0]
	}
	return fieldNames[n]
}

// The kinds of FEN error, wrapped by every [FENError] (test with errors.Is).
var (
	// ErrFENSyntax: the input departs from the FEN format.
	ErrFENSyntax = errors.New("invalid FEN")
	// ErrFENUnsupported: a FEN dialect Bitview does not read (Shredder-FEN,
	// X-FEN castling letters).
	ErrFENUnsupported = errors.New("unsupported FEN")
	// ErrFENRange: a number outside its range (a counter above MaxCounter,
	// fullmove number 0).
	ErrFENRange = errors.New("value out of range")
)

// A FENError reports where a FEN string departs from the format (PGN
// standard, section 16.1), in the spirit of strconv.NumError.
type FENError struct {
	Field  int    // 1..6: piece placement … fullmove number (see FieldName)
	Offset int    // 0-based byte offset into Input where it went wrong
	Input  string // the input as given to ParseFEN (at most MaxFENLength bytes of it)
	Msg    string // what is wrong, lower case, e.g. "rank 6 has 9 squares"
	Err    error  // ErrFENSyntax, ErrFENUnsupported or ErrFENRange
}

// Error returns e.g. `FEN piece placement (field 1) at offset 12: rank 6 has 9 squares`.
func (e *FENError) Error() string {
	return "FEN " + FieldName(e.Field) + " (field " + strconv.Itoa(e.Field) + ") at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns the kind of error: ErrFENSyntax, ErrFENUnsupported or ErrFENRange.
func (e *FENError) Unwrap() error { return e.Err }

// FieldName returns the name of the field at fault, e.g. "active color".
func (e *FENError) FieldName() string { return FieldName(e.Field) }

// isBlank reports whether c is ASCII whitespace trimmed around a FEN.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// isSep reports whether c separates FEN fields.
func isSep(c byte) bool { return c == ' ' || c == '\t' }

// ParseFEN parses a position in Forsyth–Edwards Notation as defined by the
// PGN standard, section 16.1: piece placement (rank 8 first, files a to
// h), active color, castling availability, en passant target square,
// halfmove clock and fullmove number.
//
// It accepts the six-field form and the four-field form (as EPD writes
// it), whose halfmove clock and fullmove number default to 0 and 1.
// Leading and trailing ASCII whitespace (space, tab, CR, LF) is trimmed;
// between fields a run of spaces and tabs counts as one separator. Any
// other byte outside the format, Unicode spaces included, is an error.
// Castling availability must be "-" or a subset of "KQkq" in that order;
// the counters are plain decimal integers (no sign, no leading zero, at
// most MaxCounter; fullmove number at least 1). Inputs over MaxFENLength
// bytes are rejected at once.
//
// Every error is a *FENError naming the field and byte offset at fault.
// A position that parses but cannot arise in a game (no king, a pawn on
// rank 1, …) is not an error: see [Position.Warnings]. For every position
// p it returns, ParseFEN(p.FEN()) returns p again.
//
// A piece placement alone is an error here (field 2, "active color is
// missing"); [ParseFENOrPlacement] accepts it.
func ParseFEN(fen string) (p Position, err error) {
	if _, err = parseFEN(&p, fen, false); err != nil {
		p = Position{}
	}
	return p, err
}

// PlacementOnlyNotice says what [ParseFENOrPlacement] assumed for a piece
// placement given alone, for a page to show beside the board.
const PlacementOnlyNotice = "Only the piece placement was given: white to move, no castling rights, no en passant square, halfmove clock 0, move 1."

// ParseFENOrPlacement is [ParseFEN] that also accepts the piece placement
// alone ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", the form articles
// and diagrams most often print), reading it as the full FEN
// "<placement> w - - 0 1": white to move, no castling rights, no en passant
// target square, halfmove clock 0, fullmove number 1. placementOnly
// reports that it did, so the caller can say so (see
// [PlacementOnlyNotice]).
//
// Anything more than the placement must be a whole FEN: "<placement> w"
// is still an error (castling availability is missing), and a malformed
// placement gets the same *FENError, field and offset, as from ParseFEN.
func ParseFENOrPlacement(fen string) (p Position, placementOnly bool, err error) {
	if placementOnly, err = parseFEN(&p, fen, true); err != nil {
		p = Position{}
	}
	return p, placementOnly, err
}

// parseFEN is ParseFEN writing into p (the caller's result, so the
// position is not copied on the way out; on an error the caller zeroes
// it); with orPlacement, a piece placement that ends the
// input stands for "<placement> w - - 0 1" and placementOnly is true.
func parseFEN(p *Position, fen string, orPlacement bool) (placementOnly bool, _ error) {
	*p = Position{mailbox: emptyMailbox, EnPassant: NoSquare, FullmoveNumber: 1}
	if len(fen) > MaxFENLength {
		return false, tooLong(fen)
	}
	i, end := 0, len(fen)
	for i < end && isBlank(fen[i]) {
		i++
	}
	for end > i && isBlank(fen[end-1]) {
		end--
	}
	if i == end {
		return false, fenError(fen, FieldPiecePlacement, i, ErrFENSyntax, "the FEN is empty")
	}

	// Field 1: piece placement, rank 8 to rank 1, each rank a to h. sq is
	// the next square to fill and rankEnd the square after the current
	// rank's h-file square.
	s := fen[:end] // lets the compiler drop bounds checks on s[i]
	sq, rankEnd, digit := 56, 64, false
placement:
	for ; i < len(s); i++ {
		c := s[i]
		if pc := pieceOfLetter[c]; pc < NoPiece {
			if sq >= rankEnd {
				return false, rankLengthError(fen, i, rankEnd/8-1)
			}
			p.put(pc, Square(sq&63))
			sq++
			digit = false
			continue
		}
		switch {
		case c >= '1' && c <= '8':
			if digit {
				return false, fenError(fen, FieldPiecePlacement, i, ErrFENSyntax,
					"two digits in a row ('"+string(c)+"' after '"+string(s[i-1])+"'): write the empty squares as one digit")
			}
			if sq += int(c - '0'); sq > rankEnd {
				return false, rankLengthError(fen, i, rankEnd/8-1)
			}
			digit = true
		case c == '/':
			if sq < rankEnd {
				return false, rankLengthError(fen, i, rankEnd/8-1)
			}
			if rankEnd == 8 {
				return false, fenError(fen, FieldPiecePlacement, i, ErrFENSyntax, "more than 8 ranks")
			}
			rankEnd -= 8
			sq, digit = rankEnd-8, false
		case isSep(c):
			break placement
		default:
			return false, badChar(fen, FieldPiecePlacement, i, "a piece letter (PNBRQKpnbrqk), a digit 1–8 or '/'")
		}
	}
	if sq < rankEnd {
		return false, rankLengthError(fen, i, rankEnd/8-1)
	}
	if rankEnd != 8 {
		return false, fenError(fen, FieldPiecePlacement, i, ErrFENSyntax,
			"piece placement has "+strconv.Itoa(9-rankEnd/8)+" ranks; it needs 8, separated by '/'")
	}

	// Field 2: active color. The zero values of p (white to move, no
	// castling, no en passant, 0 1) are what a placement alone stands for.
	if i = skipSep(fen, i, end); i == end {
		if orPlacement {
			return true, nil
		}
		return false, missing(fen, FieldActiveColor, i)
	}
	switch s[i] {
	case 'w':
		p.SideToMove = White
	case 'b':
		p.SideToMove = Black
	default:
		return false, badToken(fen, FieldActiveColor, i, end, "must be 'w' or 'b'")
	}
	if i++; i < end && !isSep(s[i]) {
		return false, badToken(fen, FieldActiveColor, i-1, end, "must be 'w' or 'b'")
	}

	// Field 3: castling availability.
	if i = skipSep(fen, i, end); i == end {
		return false, missing(fen, FieldCastling, i)
	}
	if s[i] == '-' {
		if i++; i < end && !isSep(s[i]) {
			return false, fenError(fen, FieldCastling, i, ErrFENSyntax, "'-' (no castling rights) must stand alone")
		}
	} else {
		var err error
		if p.Castling, i, err = parseCastling(fen, i, end); err != nil {
			return false, err
		}
	}

	// Field 4: en passant target square.
	if i = skipSep(fen, i, end); i == end {
		return false, missing(fen, FieldEnPassant, i)
	}
	if s[i] == '-' {
		i++
	} else {
		if i+1 >= end || s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return false, badToken(fen, FieldEnPassant, i, end, "must be '-' or a square such as e3")
		}
		if s[i+1] != '3' && s[i+1] != '6' {
			return false, fenError(fen, FieldEnPassant, i+1, ErrFENSyntax,
				"en passant target square "+s[i:i+2]+" is not on rank 3 or 6")
		}
		p.EnPassant = NewSquare(File(s[i]-'a'), Rank(s[i+1]-'1'))
		i += 2
	}
	if i < end && !isSep(s[i]) {
		return false, badToken(fen, FieldEnPassant, i, end, "must be '-' or a square such as e3")
	}

	// Fields 5 and 6: halfmove clock and fullmove number, both or neither.
	if i = skipSep(fen, i, end); i == end {
		return false, nil
	}
	var err error
	if p.HalfmoveClock, i, err = parseCounter(fen, FieldHalfmoveClock, i, end); err != nil {
		return false, err
	}
	if i = skipSep(fen, i, end); i == end {
		return false, fenError(fen, FieldFullmoveNumber, i, ErrFENSyntax,
			"fullmove number is missing: give both counters or neither")
	}
	if p.FullmoveNumber, i, err = parseCounter(fen, FieldFullmoveNumber, i, end); err != nil {
		return false, err
	}
	if p.FullmoveNumber == 0 {
		return false, fenError(fen, FieldFullmoveNumber, i-1, ErrFENRange, "fullmove number must be at least 1")
	}
	if i = skipSep(fen, i, end); i < end {
		return false, fenError(fen, FieldFullmoveNumber, i, ErrFENSyntax,
			"unexpected text "+excerpt.Quote(token(fen, i, end))+" after the fullmove number: FEN has 6 fields")
	}
	return false, nil
}

// skipSep returns the offset of the first byte at or after i that is not a
// field separator.
func skipSep(fen string, i, end int) int {
	for i < end && isSep(fen[i]) {
		i++
	}
	return i
}

// token returns the run of non-separator bytes of fen starting at i.
func token(fen string, i, end int) string {
	j := i
	for j < end && !isSep(fen[j]) {
		j++
	}
	return fen[i:j]
}

// parseCastling parses a castling availability field other than "-"
// starting at i, returning the rights and the offset after the field.
func parseCastling(fen string, i, end int) (CastlingRights, int, error) {
	var cr CastlingRights
	for ; i < end && !isSep(fen[i]); i++ {
		c := fen[i]
		var flag CastlingRights
		switch c {
		case 'K':
			flag = WhiteKingside
		case 'Q':
			flag = WhiteQueenside
		case 'k':
			flag = BlackKingside
		case 'q':
			flag = BlackQueenside
		default:
			if c >= 'A' && c <= 'H' || c >= 'a' && c <= 'h' {
				return 0, i, fenError(fen, FieldCastling, i, ErrFENUnsupported,
					"castling letter '"+string(c)+"' is Shredder-FEN/X-FEN notation, which is not supported: use KQkq")
			}
			if c == '-' {
				return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax, "'-' (no castling rights) must stand alone")
			}
			return 0, i, badChar(fen, FieldCastling, i, "a castling letter: K, Q, k, q or '-'")
		}
		switch {
		case cr&flag != 0:
			return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax, "'"+string(c)+"' appears twice")
		case cr >= flag:
			return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax,
				"'"+string(c)+"' comes too late: castling letters go in the order KQkq")
		}
		cr |= flag
	}
	return cr, i, nil
}

// parseCounter parses a halfmove clock or fullmove number starting at i.
func parseCounter(fen string, field, i, end int) (int, int, error) {
	start, n := i, 0
	for ; i < end && !isSep(fen[i]); i++ {
		c := fen[i]
		switch {
		case c < '0' || c > '9':
			if i == start && (c == '+' || c == '-') {
				return 0, i, fenError(fen, field, i, ErrFENSyntax, FieldName(field)+" must be a plain number without a sign")
			}
			return 0, i, badChar(fen, field, i, "a digit")
		case c == '0' && i == start && i+1 < end && !isSep(fen[i+1]):
			return 0, i, fenError(fen, field, i, ErrFENSyntax,
				FieldName(field)+" "+excerpt.Quote(token(fen, start, end))+" has a leading zero")
		}
		if n = n*10 + int(c-'0'); n > MaxCounter {
			return 0, i, fenError(fen, field, start, ErrFENRange,
				FieldName(field)+" "+excerpt.Unquoted(token(fen, start, end))+" is too large (at most "+strconv.Itoa(MaxCounter)+")")
		}
	}
	return n, i, nil
}

// fenError returns a *FENError; it is the only constructor.
func fenError(fen string, field, offset int, kind error, msg string) error {
	return &FENError{Field: field, Offset: offset, Input: fen, Msg: msg, Err: kind}
}

// tooLong reports an input over MaxFENLength bytes, at the field holding
// the first byte past the limit (at the start of the character holding it).
func tooLong(fen string) error {
	field := FieldPiecePlacement
	for i := 1; i < MaxFENLength; i++ {
		if isSep(fen[i]) && !isSep(fen[i-1]) && field < FieldFullmoveNumber {
			field++
		}
	}
	at := MaxFENLength // the first byte past the limit, moved back to the start of its character
	for at > 0 && !utf8.RuneStart(fen[at]) {
		at--
	}
	return fenError(fen[:at], field, at, ErrFENSyntax,
		"the input is longer than "+strconv.Itoa(MaxFENLength)+" bytes, which no FEN is")
}

// missing reports a required field absent at the end of the input.
func missing(fen string, field, i int) error {
	return fenError(fen, field, i, ErrFENSyntax, FieldName(field)+" is missing: a FEN has 4 or 6 fields separated by spaces")
}

// badChar reports an unexpected character at i where want was expected.
func badChar(fen string, field, i int, want string) error {
	return fenError(fen, field, i, ErrFENSyntax, chars.Describe(fen, i)+" is not "+want)
}

// badToken reports a field whose value, starting at start, is wrong as a
// whole; the offset points at the first byte at fault (at).
func badToken(fen string, field, at, end int, rule string) error {
	start := at
	for start > 0 && !isSep(fen[start-1]) {
		start--
	}
	return fenError(fen, field, at, ErrFENSyntax, FieldName(field)+" "+excerpt.Quote(token(fen, start, end))+" "+rule)
}

// rankLengthError reports a rank that does not cover exactly 8 squares; i
// is where counting went wrong (the square past h, or the end of a short
// rank). The message counts the whole rank.
func rankLengthError(fen string, i, rank int) error {
	start := i
	for start > 0 && fen[start-1] != '/' && !isSep(fen[start-1]) {
		start--
	}
	n := 0
	for j := start; j < len(fen) && fen[j] != '/' && !isSep(fen[j]); j++ {
		switch c := fen[j]; {
		case c >= '1' && c <= '9':
			n += int(c - '0')
		default:
			n++
		}
	}
	return fenError(fen, FieldPiecePlacement, i, ErrFENSyntax, "rank "+strconv.Itoa(rank+1)+" has "+strconv.Itoa(n)+" squares; it needs 8")
}

// AppendFEN appends the position's FEN (PGN standard, section 16.1), in
// canonical form (single spaces, all six fields), to dst and returns the
// extended slice. It allocates only if dst lacks room.
func (p *Position) AppendFEN(dst []byte) []byte {
	for rank := 7; rank >= 0; rank-- {
		empty := byte(0)
		for _, pc := range p.mailbox[rank*8 : rank*8+8] {
			if pc >= NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, '0'+empty)
				empty = 0
			}
			dst = append(dst, pieceLetters[pc])
		}
		if empty > 0 {
			dst = append(dst, '0'+empty)
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	dst = append(dst, ' ', "wb"[p.SideToMove&1], ' ')
	dst = p.Castling.appendTo(dst)
	dst = append(dst, ' ')
	if p.EnPassant < NoSquare {
		dst = append(dst, squareNames[p.EnPassant*2:p.EnPassant*2+2]...)
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.HalfmoveClock), 10)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(p.FullmoveNumber), 10)
}

// FEN returns the position's canonical FEN (see [Position.AppendFEN]).
func (p *Position) FEN() string {
	var buf [96]byte
	return string(p.AppendFEN(buf[:0]))
}
