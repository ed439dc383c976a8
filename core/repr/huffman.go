package repr

import (
	"errors"
	"math/bits"
	"strconv"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/internal/chars"
)

// minimalCodes holds each piece type's code without its colour bit, in
// its low n bits, most significant first.
var minimalCodes = [core.PieceTypeCount]struct{ bits, n uint8 }{
	core.Pawn: {0b10, 2}, core.Bishop: {0b1100, 4}, core.Knight: {0b1101, 4},
	core.Rook: {0b1110, 4}, core.Queen: {0b11110, 5}, core.King: {0b11111, 5},
}

// MinimalCode returns pc's code in the minimal encoding as '0' and '1':
// "0" for NoPiece, "101" for WhitePawn, "100" for BlackPawn, "111111" for
// WhiteKing.
func MinimalCode(pc core.Piece) string {
	var buf [6]byte
	return string(appendPiece(buf[:0], pc))
}

// A BitString is a sequence of bits as text, '0' and '1', first bit first,
// with the span of bits each field wrote when it comes from
// [EncodeMinimal].
type BitString struct {
	bits  string
	spans []BitSpan
}

// A BitSpan is the run of bits one square or one state field occupies in
// a BitString.
type BitSpan struct {
	Field  int         // the FEN field coded: FieldPiecePlacement for a square, FieldActiveColor … FieldFullmoveNumber
	Square core.Square // the square coded (FieldPiecePlacement), else NoSquare
	Piece  core.Piece  // the square's piece, NoPiece when empty or not a square
	Start  int         // offset of the first bit
	Len    int         // number of bits
}

// Len returns the number of bits.
func (b BitString) Len() int { return len(b.bits) }

// String returns the bits as '0' and '1', first bit first.
func (b BitString) String() string { return b.bits }

// Spans returns the span of every field, in bit order: the 64 squares a8 …
// h1, then active color, castling availability, en passant target square,
// halfmove clock and fullmove number. It is nil for a BitString from
// ParseBitString; encode the decoded position to get them (the encoding is
// canonical: DecodeMinimal(b) encodes back to b bit for bit).
func (b BitString) Spans() []BitSpan { return b.spans }

// SquareSpan returns the span of sq's code, or false when b has no spans.
func (b BitString) SquareSpan(sq core.Square) (BitSpan, bool) {
	if len(b.spans) < core.SquareCount || sq >= core.NoSquare {
		return BitSpan{}, false
	}
	return b.spans[int(7-sq.Rank())*8+int(sq.File())], true
}

// Bytes returns the bits packed eight to a byte, first bit in the most
// significant bit of the first byte, the last byte padded with zeros: the
// ⌈Len/8⌉ bytes the encoding takes in memory.
func (b BitString) Bytes() []byte {
	out := make([]byte, (len(b.bits)+7)/8)
	for i := range len(b.bits) {
		out[i/8] |= (b.bits[i] - '0') << (7 - i%8)
	}
	return out
}

// ParseBitString returns the BitString written in s, which must consist of
// '0' and '1' only; any other byte is a *MinimalError (ErrMalformed)
// pointing at it.
func ParseBitString(s string) (BitString, error) {
	for i := range len(s) {
		if s[i] != '0' && s[i] != '1' {
			return BitString{}, minimalError(0, i, ErrMalformed, chars.Describe(s, i)+" is not a bit: write only 0 and 1")
		}
	}
	return BitString{bits: s}, nil
}

// The kinds of minimal-encoding error, wrapped by every *MinimalError
// (test with errors.Is).
var (
	// ErrRange: a halfmove clock or fullmove number above core.MaxCounter
	// (or a fullmove number of 0).
	ErrRange = errors.New("value out of range")
	// ErrTruncated: the bits end inside a square's code or a state field.
	ErrTruncated = errors.New("minimal encoding is truncated")
	// ErrMalformed: a byte other than '0' or '1', or bits after the
	// fullmove number.
	ErrMalformed = errors.New("malformed minimal encoding")
)

// A MinimalError reports where DecodeMinimal or ParseBitString stopped,
// in the spirit of strconv.NumError.
type MinimalError struct {
	Field  int    // the FEN field being read (FieldPiecePlacement … FieldFullmoveNumber), 0 for ParseBitString
	Offset int    // bit offset where the field or the bad byte starts
	Msg    string // what is wrong, lower case
	Err    error  // ErrTruncated, ErrMalformed or ErrRange
}

// Error returns e.g. `minimal encoding, en passant target square at bit 83: 3 bits left, the field needs 5`.
func (e *MinimalError) Error() string {
	where := "minimal encoding"
	if e.Field != 0 {
		where += ", " + core.FieldName(e.Field)
	}
	return where + " at bit " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns the kind of error: ErrTruncated, ErrMalformed or ErrRange.
func (e *MinimalError) Unwrap() error { return e.Err }

// minimalError returns a *MinimalError; it is the only constructor.
func minimalError(field, offset int, kind error, msg string) error {
	return &MinimalError{Field: field, Offset: offset, Msg: msg, Err: kind}
}

// EncodeMinimal returns p in the minimal encoding, with the span of every
// square and state field (see BitString.Spans). The encoding is the
// Huffman-style code of the article "Board representation (computer
// chess)", section "Huffman encodings" (as quoted at
// sweng.epfl.ch/archive/2009/project/buddy-suite/milestone-3/huffman-encoding):
// a prefix code per square, shortest for the commonest contents,
//
//	empty   0          bishop  1100c      queen  11110c
//	pawn    10c        knight  1101c      king   11111c
//	                   rook    1110c
//
// where c is the colour bit, 1 for white ("light") and 0 for black
// ("dark"). The codes form a complete prefix code, so every bit sequence
// reads as some sequence of squares.
//
// Bitview writes the 64 squares in FEN order, a8 b8 … h8, a7 … h1 (rank 8
// first, files a to h), each code most significant bit first, then the
// state fields, in FEN order:
//
//	active color             1 bit: 1 white, 0 black
//	castling availability    4 bits: K Q k q, 1 = the right is held
//	en passant target        1 bit: 0 none; 1 then 3 bits file (a = 000 …
//	                         h = 111) and 1 bit rank (0 = rank 3, 1 = rank 6)
//	halfmove clock h         Elias gamma code of h + 1
//	fullmove number n        Elias gamma code of n
//	Chess960 rook files      only when a right castles with another rook
//	                         than the one its letter K, Q, k or q names in
//	                         X-FEN (the outermost one on its side of the
//	                         king; core.Position.OutermostRook): 4 bits
//	                         K Q k q, 1 = the right's rook file follows,
//	                         then 3 bits per such right (a = 000 … h = 111)
//
// The last field is Bitview's, for Chess960: standard positions and every
// Chess960 start position end with the fullmove number, as the castling
// letters of their FEN need no file either; the span of the extension is
// a second castling availability span.
//
// The article keeps a presence bit and the file (its 4-bit "en-passant
// column") and a 7-bit capped halfmove count, and drops the fullmove
// number; Bitview adds the rank bit and two counters in full, because it
// must give back every Position it can hold (FEN parsers accept a target
// square on the wrong rank for the side to move, and counters up to
// MaxCounter). The Elias gamma code (P. Elias, "Universal codeword sets
// and representations of the integers", IEEE Trans. Inf. Theory 21(2),
// 1975) writes N ≥ 1 as ⌊log₂ N⌋ zeros and then N in binary: 1 → "1",
// 2 → "010", 5 → "00101"; so the usual small counters take few bits.
//
// The start position's placement takes exactly 164 bits (32 empty squares
// × 1 + 16 pawns × 3 + 12 knights, bishops and rooks × 5 + 4 queens and
// kings × 6) and its state 8 (1 + 4 + 1 + 1 + 1): 172 bits, 22 bytes.
func EncodeMinimal(p *core.Position) BitString {
	var arr [256]byte // the longest encoding, 64·6 + 1 + 4 + 5 + 63 + 61 = 518 bits, outgrows it: append copies
	buf := arr[:0]
	spans := make([]BitSpan, 0, core.SquareCount+5)
	for rank := 7; rank >= 0; rank-- {
		for file := range 8 {
			sq := core.Square(8*rank + file)
			start := len(buf)
			buf = appendPiece(buf, p.PieceAt(sq))
			spans = append(spans, BitSpan{core.FieldPiecePlacement, sq, p.PieceAt(sq), start, len(buf) - start})
		}
	}
	state := func(field, start int) {
		spans = append(spans, BitSpan{field, core.NoSquare, core.NoPiece, start, len(buf) - start})
	}
	start := len(buf)
	buf = appendBits(buf, uint64(p.SideToMove^1)&1, 1)
	state(core.FieldActiveColor, start)
	start = len(buf)
	for i := range 4 {
		buf = appendBits(buf, uint64(p.Castling>>i&1), 1)
	}
	state(core.FieldCastling, start)
	start = len(buf)
	if p.EnPassant >= core.NoSquare {
		buf = appendBits(buf, 0, 1)
	} else {
		buf = appendBits(buf, 1, 1)
		buf = appendBits(buf, uint64(p.EnPassant.File()), 3)
		rank6 := uint64(0) // 1 when the target square is on rank 6
		if p.EnPassant.Rank() == core.Rank6 {
			rank6 = 1
		}
		buf = appendBits(buf, rank6, 1)
	}
	state(core.FieldEnPassant, start)
	start = len(buf)
	buf = appendGamma(buf, uint64(p.HalfmoveClock)+1)
	state(core.FieldHalfmoveClock, start)
	start = len(buf)
	buf = appendGamma(buf, uint64(p.FullmoveNumber))
	state(core.FieldFullmoveNumber, start)
	if inner := innerRooks(p); inner != 0 {
		start = len(buf)
		buf = appendBits(buf, uint64(inner), 4)
		for i := range 4 {
			if inner&(8>>i) != 0 {
				buf = appendBits(buf, uint64(p.Castling.RookFile(core.CastlingRights(1)<<i)), 3)
			}
		}
		state(core.FieldCastling, start)
	}
	return BitString{bits: string(buf), spans: spans}
}

// innerRooks returns the castling rights of p whose rook is not the one
// X-FEN's letter names, as flags K Q k q in bits 3, 2, 1, 0 (the order the
// castling field's bits are written in).
func innerRooks(p *core.Position) core.CastlingRights {
	var out core.CastlingRights
	for i := range 4 {
		if r := core.CastlingRights(1) << i; p.Castling&r != 0 && p.Castling.RookFile(r) != p.OutermostRook(r) {
			out |= 8 >> i
		}
	}
	return out
}

// DecodeMinimal returns the position b encodes (see EncodeMinimal). Bits
// that end inside a field, bits left over after the fullmove number, and a
// counter above MaxCounter are a *MinimalError naming the field and the
// bit offset. For every position p, DecodeMinimal(EncodeMinimal(&p))
// returns p, and every b it accepts encodes back to b.
func DecodeMinimal(b BitString) (core.Position, error) {
	p := core.NewPosition()
	r := bitReader{s: b.bits}
	for rank := 7; rank >= 0; rank-- {
		for file := range 8 {
			sq := core.Square(8*rank + file)
			start := r.i
			pc, ok := r.piece()
			if !ok {
				return core.NewPosition(), minimalError(core.FieldPiecePlacement, start, ErrTruncated,
					"the code of "+sq.String()+" is cut off after "+strconv.Itoa(r.i-start)+" bits")
			}
			if pc != core.NoPiece {
				p.Put(pc, sq)
			}
		}
	}
	start := r.i
	v, ok := r.read(1)
	if !ok {
		return core.NewPosition(), r.truncated(core.FieldActiveColor, start, 1)
	}
	p.SideToMove = core.Color(v ^ 1)
	start = r.i
	if v, ok = r.read(4); !ok {
		return core.NewPosition(), r.truncated(core.FieldCastling, start, 4)
	}
	for i := range 4 {
		p.Castling |= core.CastlingRights(v>>(3-i)&1) << i
	}
	start = r.i
	if v, ok = r.read(1); !ok {
		return core.NewPosition(), r.truncated(core.FieldEnPassant, start, 1)
	}
	if v == 1 {
		if v, ok = r.read(4); !ok {
			return core.NewPosition(), r.truncated(core.FieldEnPassant, start, 5)
		}
		p.EnPassant = core.NewSquare(core.File(v>>1), [2]core.Rank{core.Rank3, core.Rank6}[v&1])
	}
	h, err := r.gamma(core.FieldHalfmoveClock, core.MaxCounter+1)
	if err != nil {
		return core.NewPosition(), err
	}
	p.HalfmoveClock = int(h - 1)
	n, err := r.gamma(core.FieldFullmoveNumber, core.MaxCounter)
	if err != nil {
		return core.NewPosition(), err
	}
	p.FullmoveNumber = int(n)
	// The rights read with the board: each the rook X-FEN's letter names,
	// unless the Chess960 rook files that may follow say otherwise.
	for i := range 4 {
		if right := core.CastlingRights(1) << i; p.Castling&right != 0 {
			p.Castling = p.Castling.WithRook(right, p.OutermostRook(right))
		}
	}
	if r.i == len(r.s) {
		return p, nil
	}
	start = r.i
	mask, ok := r.read(4)
	var held uint64 // the rights held, K in bit 3 … q in bit 0
	for i := range 4 {
		held |= uint64(p.Castling>>i&1) << (3 - i)
	}
	switch {
	case !ok || mask == 0 || mask&^held != 0:
		return core.NewPosition(), minimalError(core.FieldFullmoveNumber, start, ErrMalformed,
			strconv.Itoa(len(r.s)-start)+" bits left over after the fullmove number, which are not the rook files of castling rights held")
	}
	for i := range 4 {
		if mask&(8>>i) == 0 {
			continue
		}
		at := r.i
		f, ok := r.read(3)
		if !ok {
			return core.NewPosition(), r.truncated(core.FieldCastling, start, 4+3*bits.OnesCount64(mask))
		}
		right := core.CastlingRights(1) << i
		if core.File(f) == p.OutermostRook(right) {
			return core.NewPosition(), minimalError(core.FieldCastling, at, ErrMalformed,
				"the rook file of castling right '"+"KQkq"[i:i+1]+"' is the one its letter names, which is not written")
		}
		p.Castling = p.Castling.WithRook(right, core.File(f))
	}
	if r.i < len(r.s) {
		return core.NewPosition(), minimalError(core.FieldCastling, r.i, ErrMalformed,
			strconv.Itoa(len(r.s)-r.i)+" bits left over after the castling rights' rook files")
	}
	return p, nil
}

// appendBits appends the low n bits of v to dst as '0' and '1', most
// significant first.
func appendBits(dst []byte, v uint64, n int) []byte {
	for i := n - 1; i >= 0; i-- {
		dst = append(dst, '0'+byte(v>>i&1))
	}
	return dst
}

// appendPiece appends pc's code to dst: "0" for NoPiece, else its type's
// code and the colour bit (1 for white).
func appendPiece(dst []byte, pc core.Piece) []byte {
	if pc == core.NoPiece || pc > core.BlackKing {
		return append(dst, '0')
	}
	c := minimalCodes[pc.Type()]
	dst = appendBits(dst, uint64(c.bits), int(c.n))
	return appendBits(dst, uint64(pc.Color()^1)&1, 1)
}

// appendGamma appends the Elias gamma code of v ≥ 1 to dst: ⌊log₂ v⌋
// zeros, then v in binary.
func appendGamma(dst []byte, v uint64) []byte {
	n := bits.Len64(v) - 1
	return appendBits(appendBits(dst, 0, n), v, n+1)
}

// A bitReader reads the '0'/'1' text s from bit i on.
type bitReader struct {
	s string
	i int
}

// read returns the next n ≤ 64 bits as a number, first bit most
// significant, or false when fewer than n remain (i is then unchanged).
func (r *bitReader) read(n int) (uint64, bool) {
	if len(r.s)-r.i < n {
		return 0, false
	}
	var v uint64
	for _, c := range []byte(r.s[r.i : r.i+n]) {
		v = v<<1 | uint64(c&1)
	}
	r.i += n
	return v, true
}

// piece reads one square's code, or reports false when the bits run out.
// The code is complete: 0 empty, 10 pawn, 1100 bishop, 1101 knight, 1110
// rook, 11110 queen, 11111 king, each but the empty square followed by the
// colour bit.
func (r *bitReader) piece() (core.Piece, bool) {
	ones := 0 // leading 1s read so far, up to 4
	for ones < 4 {
		v, ok := r.read(1)
		if !ok {
			return core.NoPiece, false
		}
		if v == 0 {
			break
		}
		ones++
	}
	var pt core.PieceType
	switch ones {
	case 0:
		return core.NoPiece, true
	case 1:
		pt = core.Pawn
	case 2:
		v, ok := r.read(1)
		if !ok {
			return core.NoPiece, false
		}
		pt = [2]core.PieceType{core.Bishop, core.Knight}[v]
	case 3:
		pt = core.Rook
	default:
		v, ok := r.read(1)
		if !ok {
			return core.NoPiece, false
		}
		pt = [2]core.PieceType{core.Queen, core.King}[v]
	}
	c, ok := r.read(1)
	if !ok {
		return core.NoPiece, false
	}
	return core.NewPiece(core.Color(c^1), pt), true
}

// gamma reads an Elias gamma code for field and checks its value is at
// most limit.
func (r *bitReader) gamma(field int, limit uint64) (uint64, error) {
	start, zeros := r.i, 0
	for ; r.i < len(r.s) && r.s[r.i] == '0'; r.i++ {
		if zeros++; zeros > 31 {
			return 0, minimalError(field, start, ErrRange,
				"more than 31 leading zeros: "+core.FieldName(field)+" would exceed "+strconv.Itoa(core.MaxCounter))
		}
	}
	v, ok := r.read(zeros + 1)
	if !ok {
		return 0, minimalError(field, start, ErrTruncated,
			"the Elias gamma code has "+strconv.Itoa(zeros)+" leading zeros and needs "+strconv.Itoa(zeros+1)+" more bits; "+strconv.Itoa(len(r.s)-r.i)+" left")
	}
	if v > limit {
		return 0, minimalError(field, start, ErrRange,
			"Elias gamma value "+strconv.FormatUint(v, 10)+" puts "+core.FieldName(field)+" above "+strconv.Itoa(core.MaxCounter))
	}
	return v, nil
}

// truncated reports that field, starting at bit start, needs want bits.
func (r *bitReader) truncated(field, start, want int) error {
	return minimalError(field, start, ErrTruncated,
		strconv.Itoa(len(r.s)-start)+" bits left, the field needs "+strconv.Itoa(want))
}
