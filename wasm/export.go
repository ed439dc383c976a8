//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"unsafe"

	"github.com/bitview/bitview/core"
)

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
//	ok u8 = 1, then side u8 (0 w, 1 b), castling u8 (KQkq = 1|2|4|8),
//	  en passant u8 (LERF square, 64 none), halfmove u32, fullmove u32,
//	  mailbox 64 × u8 (core.Piece.Index: 0 P … 11 k, 12 empty), same u8 (1: the canonical FEN
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
		w.u8(int(p.Castling))
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
			w.u8(warningIndex[wn.Code])
			w.u8(wn.Squares.Count())
			for sq := range wn.Squares.Squares() {
				w.u8(int(sq))
			}
			w.str(wn.Message)
		}
	})
}

// warningCodes lists the warning codes in the order of their index on the
// wire; web/bitview.js receives the same list from warningCodes().
var warningCodes = core.WarningCodes

var warningIndex = func() map[core.WarningCode]int {
	m := map[core.WarningCode]int{}
	for i, c := range warningCodes {
		m[c] = i
	}
	return m
}()

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
		l, bb, err := lookup(fen, name, id)
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

// lookup parses fen and picks the named bitboard and layout.
func lookup(fen, name, id string) (*core.Layout, core.Bitboard, error) {
	p, err := core.ParseFEN(fen)
	if err != nil {
		return nil, 0, err
	}
	bn, ok := core.LookupBitboard(name)
	if !ok {
		return nil, 0, argError{"name", "unknown bitboard name " + strconv.Quote(name) + ": use a piece letter (PNBRQKpnbrqk), white, black, occupied, empty, pawns, knights, bishops, rooks, queens or kings"}
	}
	l, ok := core.LayoutByID(id)
	if !ok {
		return nil, 0, argError{"layout", "unknown layout " + strconv.Quote(id) + ": use " + layoutIDs()}
	}
	return l, bn.Of(&p), nil
}

// An argError is a bad argument other than a FEN: its field is 0 and its
// field name the argument's.
type argError struct{ arg, msg string }

func (e argError) Error() string { return e.arg + ": " + e.msg }

// writeError writes ok = 0 and the error: field u8, offset u16, message
// str, then the field name str. err is a *core.FENError or an argError.
func writeError(w *writer, err error) {
	w.n = argSize
	w.u8(0)
	var fe *core.FENError
	var ae argError
	switch {
	case errors.As(err, &fe):
		w.u8(fe.Field)
		w.u16(fe.Offset)
		w.str(fe.Msg)
		w.str(fe.FieldName())
	case errors.As(err, &ae):
		w.u8(0)
		w.u16(0)
		w.str(ae.msg)
		w.str(ae.arg)
	}
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
		writeError(&w, argError{"", msg})
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
