package core

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
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
	Err    error  // ErrFENSyntax or ErrFENRange
}

// Error returns e.g. `FEN piece placement (field 1) at offset 12: rank 6 has 9 squares`.
func (e *FENError) Error() string {
	return "FEN " + FieldName(e.Field) + " (field " + strconv.Itoa(e.Field) + ") at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns the kind of error: ErrFENSyntax or ErrFENRange.
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
// Castling availability is "-" or, in any of the three notations engines
// and GUIs write, a letter per right, each right at most once and White's
// before Black's:
//
//   - the PGN standard's KQkq, in that order;
//   - X-FEN (Reinhard Scharnagl's FEN for Chess960): K, Q, k and q name
//     the outermost rook of that colour on its back rank on the h-file or
//     a-file side of its king ([Position.OutermostRook]), and a file letter
//     (A–H for White, a–h for Black) names an inner rook;
//   - Shredder-FEN: every right as its rook's file letter, "HAha" for the
//     standard start, "HFhf" where the king stands on g1 and g8.
//
// A file letter's side is the side of the king it lies on (the king on the
// colour's back rank, or the e-file when it stands elsewhere); the king's
// own file is an error. Standard chess is the case of the king on e1/e8
// and the rooks in the corners, where all three read the same; a right
// whose king or rook is not there is kept (see [Position.Warnings]), and
// gives castling moves where Chess960's rules allow them, as Stockfish
// reads it; within a colour, file letters may come in any order (both
// orders are published: "HFhf" and "FHfh"). The counters are plain
// decimal integers (no sign, no leading zero, at most MaxCounter;
// fullmove number at least 1). Inputs over MaxFENLength bytes are
// rejected at once.
//
// Every error is a *FENError naming the field and byte offset at fault;
// with an error, p is the empty position ([NewPosition]: an empty board,
// White to move, no castling rights, no en passant target square, FEN
// "8/8/8/8/8/8/8/8 w - - 0 1"), never a board read halfway. A position that parses but cannot arise in a game (no king, a pawn on
// rank 1, …) is not an error: see [Position.Warnings]. For every position
// p it returns, ParseFEN(p.FEN()) returns p again.
//
// A piece placement alone is an error here (field 2, "active color is
// missing"); [ParseFENOrPlacement] accepts it.
func ParseFEN(fen string) (p Position, err error) {
	_, err = parseFEN(&p, fen, false)
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
// With an error, p is the empty position ([NewPosition]) and
// placementOnly is false.
func ParseFENOrPlacement(fen string) (p Position, placementOnly bool, err error) {
	placementOnly, err = parseFEN(&p, fen, true)
	return p, placementOnly, err
}

// parseFEN is ParseFEN writing into p (the caller's result, so the
// position is not copied on the way out; on an error, p is left the empty
// position: see fail); with orPlacement, a piece placement that ends the
// input stands for "<placement> w - - 0 1" and placementOnly is true.
func parseFEN(p *Position, fen string, orPlacement bool) (placementOnly bool, _ error) {
	*p = NewPosition()
	if len(fen) > MaxFENLength {
		return p.fail(tooLong(fen))
	}
	i, end := 0, len(fen)
	for i < end && isBlank(fen[i]) {
		i++
	}
	for end > i && isBlank(fen[end-1]) {
		end--
	}
	if i == end {
		return p.fail(fenError(fen, FieldPiecePlacement, i, ErrFENSyntax, "the FEN is empty"))
	}

	// Field 1: piece placement, rank 8 to rank 1, each rank a to h. sq is
	// the next square to fill and rankEnd the square after the current
	// rank's h-file square.
	s := fen[:end] // lets the compiler drop bounds checks on s[i]
	sq, rankEnd, digit := 56, 64, false
placement:
	for ; i < len(s); i++ {
		c := s[i]
		if pc := pieceOfLetter[c]; pc.isPiece() {
			if sq >= rankEnd {
				return p.fail(rankLengthError(fen, i, rankEnd/8-1))
			}
			p.put(pc, Square(sq&63))
			sq++
			digit = false
			continue
		}
		switch {
		case c >= '1' && c <= '8':
			if digit {
				return p.fail(fenError(fen, FieldPiecePlacement, i, ErrFENSyntax,
					"two digits in a row ('"+string(c)+"' after '"+string(s[i-1])+"'): write the empty squares as one digit"))
			}
			if sq += int(c - '0'); sq > rankEnd {
				return p.fail(rankLengthError(fen, i, rankEnd/8-1))
			}
			digit = true
		case c == '/':
			if sq < rankEnd {
				return p.fail(rankLengthError(fen, i, rankEnd/8-1))
			}
			if rankEnd == 8 {
				return p.fail(fenError(fen, FieldPiecePlacement, i, ErrFENSyntax, "more than 8 ranks"))
			}
			rankEnd -= 8
			sq, digit = rankEnd-8, false
		case isSep(c):
			break placement
		default:
			return p.fail(badChar(fen, FieldPiecePlacement, i, "a piece letter (PNBRQKpnbrqk), a digit 1–8 or '/'"))
		}
	}
	if sq < rankEnd {
		return p.fail(rankLengthError(fen, i, rankEnd/8-1))
	}
	if rankEnd != 8 {
		return p.fail(fenError(fen, FieldPiecePlacement, i, ErrFENSyntax,
			"piece placement has "+strconv.Itoa(9-rankEnd/8)+" ranks; it needs 8, separated by '/'"))
	}

	// Field 2: active color. The zero values of p (white to move, no
	// castling, no en passant, 0 1) are what a placement alone stands for.
	if i = skipSep(fen, i, end); i == end {
		if orPlacement {
			return true, nil
		}
		return p.fail(missing(fen, FieldActiveColor, i))
	}
	switch s[i] {
	case 'w':
		p.SideToMove = White
	case 'b':
		p.SideToMove = Black
	default:
		return p.fail(badToken(fen, FieldActiveColor, i, end, "must be 'w' or 'b'"))
	}
	if i++; i < end && !isSep(s[i]) {
		return p.fail(badToken(fen, FieldActiveColor, i-1, end, "must be 'w' or 'b'"))
	}

	// Field 3: castling availability.
	if i = skipSep(fen, i, end); i == end {
		return p.fail(missing(fen, FieldCastling, i))
	}
	if s[i] == '-' {
		if i++; i < end && !isSep(s[i]) {
			return p.fail(fenError(fen, FieldCastling, i, ErrFENSyntax, "'-' (no castling rights) must stand alone"))
		}
	} else {
		var err error
		if p.Castling, i, err = p.parseCastling(fen, i, end); err != nil {
			return p.fail(err)
		}
	}

	// Field 4: en passant target square.
	if i = skipSep(fen, i, end); i == end {
		return p.fail(missing(fen, FieldEnPassant, i))
	}
	if s[i] == '-' {
		i++
	} else {
		if i+1 >= end || s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return p.fail(badToken(fen, FieldEnPassant, i, end, "must be '-' or a square such as e3"))
		}
		if s[i+1] != '3' && s[i+1] != '6' {
			return p.fail(fenError(fen, FieldEnPassant, i+1, ErrFENSyntax,
				"en passant target square "+s[i:i+2]+" is not on rank 3 or 6"))
		}
		p.EnPassant = NewSquare(File(s[i]-'a'), Rank(s[i+1]-'1'))
		i += 2
	}
	if i < end && !isSep(s[i]) {
		return p.fail(badToken(fen, FieldEnPassant, i, end, "must be '-' or a square such as e3"))
	}

	// Fields 5 and 6: halfmove clock and fullmove number, both or neither.
	if i = skipSep(fen, i, end); i == end {
		return false, nil
	}
	var err error
	if p.HalfmoveClock, i, err = parseCounter(fen, FieldHalfmoveClock, i, end); err != nil {
		return p.fail(err)
	}
	if i = skipSep(fen, i, end); i == end {
		return p.fail(fenError(fen, FieldFullmoveNumber, i, ErrFENSyntax,
			"fullmove number is missing: give both counters or neither"))
	}
	if p.FullmoveNumber, i, err = parseCounter(fen, FieldFullmoveNumber, i, end); err != nil {
		return p.fail(err)
	}
	if p.FullmoveNumber == 0 {
		return p.fail(fenError(fen, FieldFullmoveNumber, i-1, ErrFENRange, "fullmove number must be at least 1"))
	}
	if i = skipSep(fen, i, end); i < end {
		return p.fail(fenError(fen, FieldFullmoveNumber, i, ErrFENSyntax,
			"unexpected text "+excerpt.Quote(token(fen, i, end))+" after the fullmove number: FEN has 6 fields"))
	}
	return false, nil
}

// fail empties p (the empty position, as every FEN error leaves it) and
// returns err, for parseFEN's error returns.
func (p *Position) fail(err error) (placementOnly bool, _ error) {
	*p = NewPosition()
	return false, err
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
// starting at i, against p's board (read already), returning the rights
// and the offset after the field.
func (p *Position) parseCastling(fen string, i, end int) (CastlingRights, int, error) {
	var cr CastlingRights
	var letter [4]byte // the letter that gave each right, for the messages
	black := false     // a black right was read: no white one may follow
	for ; i < end && !isSep(fen[i]); i++ {
		c := fen[i]
		var right CastlingRights
		var file File
		switch {
		case c == 'K' || c == 'Q' || c == 'k' || c == 'q':
			right = CastlingRights(1) << strings.IndexByte(castlingLetters, c)
			file = p.OutermostRook(right)
			if c == 'K' && letter[1] == 'Q' || c == 'k' && letter[3] == 'q' {
				return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax,
					"'"+string(c)+"' comes too late: castling letters go in the order KQkq")
			}
		case c >= 'A' && c <= 'H' || c >= 'a' && c <= 'h':
			color := White
			if c >= 'a' {
				color = Black
			}
			file = File(c&^0x20 - 'A')
			kf := p.castlingKingFile(color)
			switch {
			case file > kf:
				right = WhiteKingside << (2 * color)
			case file < kf:
				right = WhiteQueenside << (2 * color)
			default:
				return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax,
					"castling letter '"+string(c)+"' names the "+file.String()+"-file, the "+color.String()+
						" king's: a rook's file letter names a rook on one side of the king")
			}
		case c == '-':
			return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax, "'-' (no castling rights) must stand alone")
		default:
			return 0, i, badChar(fen, FieldCastling, i, "a castling letter: K, Q, k, q, a rook's file A–H or a–h, or '-'")
		}
		idx := rightIndex(right)
		switch isBlack := idx >= 2; {
		case cr&right != 0 && letter[idx] == c:
			return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax, "'"+string(c)+"' appears twice")
		case cr&right != 0:
			return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax,
				"'"+string(c)+"' and '"+string(letter[idx])+"' both give "+Color(idx/2).String()+"'s "+[2]string{"h-file", "a-file"}[idx&1]+
					" side castling right: a side has one")
		case black && !isBlack:
			return 0, i, fenError(fen, FieldCastling, i, ErrFENSyntax,
				"'"+string(c)+"' comes too late: castling letters go in the order KQkq, White's before Black's")
		case isBlack:
			black = true
		}
		letter[idx] = c
		cr = cr.WithRook(right, file)
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

// A CastlingNotation is how a FEN's castling availability field names the
// rooks (see [ParseFEN] for the three notations it reads).
type CastlingNotation uint8

// The notations [Position.AppendFENIn] writes.
const (
	// XFEN writes K, Q, k and q, and a rook's file letter only where the
	// letter would name another rook (an inner rook with a second one
	// beyond it): X-FEN, which is the PGN standard's KQkq for every
	// standard position and every Chess960 start position. The default.
	XFEN CastlingNotation = iota
	// ShredderFEN writes every right as its rook's file letter, upper case
	// for White: "HAha" for the standard start position.
	ShredderFEN
)

// String returns "X-FEN" or "Shredder-FEN".
func (n CastlingNotation) String() string {
	if n == ShredderFEN {
		return "Shredder-FEN"
	}
	return "X-FEN"
}

// CastlingNotationOf returns the notation fen's castling availability
// field is written in: ShredderFEN when it names every right by its
// rook's file letter ("HFhf", "HAha"), else XFEN (KQkq, X-FEN's mix of
// KQkq and file letters, "-", or no castling field). It reads the field's
// letters only, not the board, and never fails: an editor writes a
// position back in the notation its user gave (see [Position.FENIn]).
func CastlingNotationOf(fen string) CastlingNotation {
	f := strings.Fields(fen)
	if len(f) < 3 || f[2] == "-" {
		return XFEN
	}
	for _, c := range []byte(f[2]) {
		if !(c >= 'A' && c <= 'H' || c >= 'a' && c <= 'h') {
			return XFEN
		}
	}
	return ShredderFEN
}

// AppendFEN appends the position's FEN (PGN standard, section 16.1), in
// canonical form (single spaces, all six fields, castling availability in
// X-FEN: see [XFEN]), to dst and returns the extended slice. It allocates
// only if dst lacks room.
func (p *Position) AppendFEN(dst []byte) []byte { return p.AppendFENIn(dst, XFEN) }

// AppendFENIn is [Position.AppendFEN] with the castling availability field
// in notation n. A right whose rook's file letter [ParseFEN] would not
// read back as that right (a file on the other side of the king, or the
// king's own: only a board edited after the right was given has one) is
// written with its KQkq letter; every position ParseFEN returns, and
// every one [Position.Play] reaches from it, reads back the same.
func (p *Position) AppendFENIn(dst []byte, n CastlingNotation) []byte {
	for rank := 7; rank >= 0; rank-- {
		// The rank's eight mailbox bytes as one word, the a-file lowest:
		// NoPiece is 0, so a run of empty squares is a run of zero bytes.
		m := p.mailbox[rank*8 : rank*8+8 : rank*8+8]
		w := uint64(m[0]) | uint64(m[1])<<8 | uint64(m[2])<<16 | uint64(m[3])<<24 |
			uint64(m[4])<<32 | uint64(m[5])<<40 | uint64(m[6])<<48 | uint64(m[7])<<56
		left := 8 // squares not yet written
		for w != 0 {
			empty := bits.TrailingZeros64(w) / 8 // empty squares before the next piece
			if empty > 0 {
				dst = append(dst, '0'+byte(empty))
			}
			w >>= 8 * empty
			dst = append(dst, pieceLetters[min(w&0xff, PieceCount+1)]) // min: no bounds check
			w >>= 8
			left -= empty + 1
		}
		if left > 0 {
			dst = append(dst, '0'+byte(left))
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	dst = append(dst, ' ', "wb"[p.SideToMove&1], ' ')
	dst = p.appendCastling960(dst, n)
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

// FENIn returns the position's canonical FEN with the castling
// availability field in notation n (see [Position.AppendFENIn]).
func (p *Position) FENIn(n CastlingNotation) string {
	var buf [96]byte
	return string(p.AppendFENIn(buf[:0], n))
}

// CastlingField returns the castling availability field of the
// position's FEN in notation n: "KQkq", "HAha", "-".
func (p *Position) CastlingField(n CastlingNotation) string {
	var buf [8]byte
	return string(p.appendCastling960(buf[:0], n))
}

// appendCastling960 appends the castling availability field in notation n
// to dst.
func (p *Position) appendCastling960(dst []byte, n CastlingNotation) []byte {
	cr := p.Castling
	if cr.Standard() && n == XFEN && cr&^p.outermostRights() == 0 {
		return cr.appendTo(dst) // the common case: KQkq, each the corner rook X-FEN names
	}
	if cr.Rights() == 0 {
		return append(dst, '-')
	}
	for i := range 4 {
		r := CastlingRights(1) << i
		if cr&r == 0 {
			continue
		}
		f := cr.RookFile(r)
		kf := p.castlingKingFile(Color(i / 2))
		letterReadsBack := f > kf == (i&1 == 0) && f != kf
		if n == XFEN && f == p.OutermostRook(r) || !letterReadsBack {
			dst = append(dst, castlingLetters[i])
		} else {
			dst = append(dst, "Aa"[i/2]+byte(f))
		}
	}
	return dst
}

// outermostRights returns the flags of the rights whose corner rook is the
// one X-FEN's letter names.
func (p *Position) outermostRights() CastlingRights {
	var out CastlingRights
	for i := range 4 {
		r := CastlingRights(1) << i
		if p.Castling&r != 0 && p.OutermostRook(r) == cornerFile(i) {
			out |= r
		}
	}
	return out
}
