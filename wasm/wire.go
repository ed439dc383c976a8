//go:build js && wasm

package main

import (
	"encoding/binary"
	"strconv"
	"syscall/js"
	"unsafe"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/jsapi"
	"github.com/bitview/bitview/wasm/model"
	"github.com/norunners/vert"
)

// wire is the shared buffer through which the hot paths cross between JS
// and Go without js.FuncOf: web/bitview/wire.js writes the arguments into it,
// calls an exported function, and decodes the answer from the same bytes.
// The format of each answer is documented on the function that writes it;
// integers are little-endian, strings are a uint16 byte length then UTF-8.
// The arguments take the first argSize bytes, the answer the rest, so Go
// reads the arguments in place while it writes the answer.
var wire [8192]byte

// argSize is the room for arguments at the start of wire; the answer
// starts there (web/bitview/wire.js knows it as ANSWER).
const argSize = 512

// A writer appends an answer to wire, from argSize on.
type writer struct{ n int }

func (w *writer) u8(v int)     { wire[w.n] = byte(v); w.n++ }
func (w *writer) u16(v int)    { binary.LittleEndian.PutUint16(wire[w.n:], uint16(v)); w.n += 2 }
func (w *writer) u32(v int)    { binary.LittleEndian.PutUint32(wire[w.n:], uint32(v)); w.n += 4 }
func (w *writer) str(s string) { w.u16(len(s)); w.n += copy(wire[w.n:], s) }

// wireCastlingField is the castling byte of parseFen's answer that says
// the castling field follows as a str (web/bitview/wire.js reads it).
const wireCastlingField = 16

// strBuf returns the empty slice where the bytes of the next str go, for
// an append function to fill in place; strEnd then writes the str.
func (w *writer) strBuf() []byte { return wire[w.n+2 : w.n+2 : len(wire)] }

// strEnd completes the str whose bytes b were appended to strBuf().
func (w *writer) strEnd(b []byte) {
	w.u16(len(b))
	w.n += len(b)
}

// args returns the three strings web/bitview/wire.js wrote at the start of wire,
// of byte lengths a, b and c one after the other, without copying them: they
// are valid until the next call from JS.
func args(a, b, c int32) (string, string, string) {
	if a < 0 || b < 0 || c < 0 || int(a)+int(b)+int(c) > argSize {
		return "", "", ""
	}
	s := unsafe.String(&wire[0], a+b+c)
	return s[:a], s[a : a+b], s[a+b:]
}

// jsWireFormat is the wire's format as web/bitview/wire.js reads it at load
// (wireFormat): the most bytes of a FEN it writes (core.MaxFENLength + 1,
// enough for Go to see "too long"), of a bitboard name or layout id, where
// in wire the answer starts, and the FEN letter of each mailbox byte
// parseFEN writes ("" for an empty square).
type jsWireFormat struct {
	FENLimit int      `js:"fenLimit"`
	ArgLimit int      `js:"argLimit"`
	AnswerAt int      `js:"answerAt"`
	Letters  []string `js:"letters"`
}

// wireFormat answers __bitviewGo.wireFormat(): the wire's format, so that
// web/bitview/wire.js copies none of its constants by hand.
func wireFormat([]js.Value) any {
	f := jsWireFormat{FENLimit: core.MaxFENLength + 1, ArgLimit: model.MaxOptionLength, AnswerAt: argSize,
		Letters: make([]string, core.PieceCount+1)}
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ { // a mailbox byte is a piece's Index, NoPiece's for empty
		f.Letters[pc.Index()] = string(pc.Letter())
	}
	return vert.ValueOf(f).Value
}

// wireAddress returns where wire starts in linear memory.
//
//lint:ignore U1000 called from JavaScript through its wasm export
//go:wasmexport bitview_wire
func wireAddress() uint32 { return uint32(uintptr(unsafe.Pointer(&wire[0]))) }

// wireSize returns the size of wire in bytes.
//
//lint:ignore U1000 called from JavaScript through its wasm export
//go:wasmexport bitview_wire_size
func wireSize() int32 { return int32(len(wire)) }

// parseFEN parses the FEN of fenLen bytes at the start of wire (the shim
// writes at most core.MaxFENLength+1 bytes: a longer input is rejected
// all the same) and writes the answer at wire[argSize:]:
//
//	ok u8 = 0, then the error: field u8, offset u16 (bytes), message str
//	ok u8 = 1, then side u8 (0 w, 1 b), castling u8 (KQkq = 1|2|4|8, as
//	  the castling field written KQkq; 16: the field, with a rook's file
//	  letter, follows as a str: X-FEN "KGkg" of a Chess960 position),
//	  en passant u8 (LERF square, 64 none), halfmove u32, fullmove u32,
//	  mailbox 64 × u8 (core.Piece, 12 empty), same u8 (1: the canonical FEN
//	  equals the input without its surrounding whitespace), then when
//	  same = 0 the canonical FEN str, then warnings: count u8, each code
//	  index u8 (into the shim's table), squares count u8 and that many
//	  LERF squares u8, message str.
//
// It returns the answer's length in bytes (from argSize on).
//
//go:wasmexport bitview_parse_fen
func parseFEN(fenLen int32) int32 {
	return answer(func(w *writer) {
		fen, _, _ := args(fenLen, 0, 0)
		p, err := core.ParseFEN(fen)
		if err != nil {
			writeError(w, err)
			return
		}
		w.u8(1)
		w.u8(int(p.SideToMove))
		if field := p.CastlingField(core.XFEN); p.Castling.Standard() && field == p.Castling.String() {
			w.u8(int(p.Castling))
		} else {
			w.u8(wireCastlingField)
			w.str(field)
		}
		w.u8(int(p.EnPassant))
		w.u32(p.HalfmoveClock)
		w.u32(p.FullmoveNumber)
		mb := p.Mailbox()
		for _, pc := range mb {
			w.u8(pc.Index())
		}
		same := w.n
		w.n++
		canon := p.AppendFEN(w.strBuf())
		if string(canon) == trimmed(fen) {
			wire[same] = 1
		} else {
			wire[same] = 0
			w.strEnd(canon)
		}
		ws := p.Warnings()
		w.u8(len(ws))
		for _, wn := range ws {
			w.u8(jsapi.WarningIndex(wn.Code))
			w.u8(wn.Squares.Count())
			for sq := range wn.Squares.Squares() {
				w.u8(int(sq))
			}
			w.str(wn.Message)
		}
	})
}

// trimmed returns s without surrounding ASCII whitespace, as ParseFEN
// trims it.
func trimmed(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\r' || s[j-1] == '\n') {
		j--
	}
	return s[i:j]
}

// bitboard answers bitview.bitboard(fen, name, layout) for the three
// strings at the start of wire, of fenLen, nameLen and layoutLen bytes, and
// writes at wire[argSize:]:
//
//	ok u8 = 0, then the error as parseFEN writes it (field 0 for an
//	  unknown name or layout)
//	ok u8 = 1, then layout index u8 (into core.Layouts), count u8, the
//	  squares ascending by slot as count × LERF square u8, their slots as
//	  count × u8, hex str, binary str, decimal str, signed str, and the
//	  grid's bits: one u8 (0 or 1) per cell in display order.
//
// It returns the answer's length in bytes (from argSize on).
//
//go:wasmexport bitview_bitboard
func bitboard(fenLen, nameLen, layoutLen int32) int32 {
	return answer(func(w *writer) {
		fen, name, id := args(fenLen, nameLen, layoutLen)
		l, bb, err := jsapi.Lookup(fen, name, id)
		if err != nil {
			writeError(w, err)
			return
		}
		w.u8(1)
		w.u8(layoutIndex(l))
		w.u8(bb.Count())
		var buf [64]core.Square
		sqs := l.AppendSquares(buf[:0], bb)
		for _, sq := range sqs {
			w.u8(int(sq))
		}
		for _, sq := range sqs {
			w.u8(l.Index(sq))
		}
		v := l.Value(bb)
		w.strEnd(l.AppendHex(w.strBuf(), v))
		w.strEnd(l.AppendBinary(w.strBuf(), v, false))
		if l.FitsUint64() {
			w.strEnd(strconv.AppendUint(w.strBuf(), v.Lo, 10))
			w.strEnd(strconv.AppendInt(w.strBuf(), int64(v.Lo), 10))
		} else {
			w.str("")
			w.str("")
		}
		w.n += len(l.AppendCellBits(wire[w.n:w.n], v))
	})
}

// writeError writes ok = 0 and the error (jsapi.ErrorOf): field u8,
// offset u16 (0 when there is no input text), message str, then the field
// name str.
func writeError(w *writer, err error) {
	e := jsapi.ErrorOf(err)
	w.n = argSize
	w.u8(0)
	w.u8(e.Field)
	w.u16(max(e.Offset, 0))
	w.str(e.Message)
	w.str(e.FieldName)
}

// answer runs body, which writes an exported function's answer at
// wire[argSize:], and returns the answer's length. A panic in body becomes
// an error answer through guard, so one bad call never ends the Go
// runtime.
func answer(body func(w *writer)) int32 {
	w := writer{n: argSize}
	return guard(func() int32 {
		body(&w)
		return int32(w.n - argSize)
	}, func(msg string) int32 {
		w = writer{n: argSize}
		writeError(&w, &jsapi.ArgError{Msg: msg})
		return int32(w.n - argSize)
	})
}

func layoutIndex(l *core.Layout) int {
	for i, x := range core.Layouts {
		if x == l {
			return i
		}
	}
	return 0
}
