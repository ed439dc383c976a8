//go:build js && wasm

package jscallplain

import (
	"strconv"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/jsapi"
	"github.com/bitview/bitview/wasm/model"
)

func init() {
	plain := js.Global().Get("Object").New()
	for name, fn := range map[string]func([]js.Value) any{"parseFen": parseFENPlain, "bitboard": bitboardPlain} {
		plain.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any { return fn(args) })) // lives as long as the page
	}
	js.Global().Set("__bitviewPlain", plain)
}

// plainSquares are the LERF squares' names, a1 … h8.
var plainSquares = func() (n [core.SquareCount]any) {
	for sq := range core.SquareCount {
		n[sq] = core.Square(sq).String()
	}
	return n
}()

// castlingNames are the castling field of each CastlingRights value.
var castlingNames = func() (n [16]any) {
	for c := range 16 {
		s := ""
		for i, r := range "KQkq" {
			if c&(1<<i) != 0 {
				s += string(r)
			}
		}
		if s == "" {
			s = "-"
		}
		n[c] = s
	}
	return n
}()

// plainError is the API's error object (jsapi.ErrorOf), as a map for
// js.ValueOf, with the offset 0 of an error without input text, as the
// wire writes it.
func plainError(err error) map[string]any {
	e := jsapi.ErrorOf(err)
	return map[string]any{"field": e.Field, "fieldName": e.FieldName, "offset": max(e.Offset, 0), "message": e.Message}
}

// parseFENPlain answers bitview.parseFen(fen) as the wire does, through
// js.ValueOf.
func parseFENPlain(args []js.Value) any {
	fen := args[0].String()
	p, err := core.ParseFEN(fen)
	if err != nil {
		return js.ValueOf(map[string]any{"ok": false, "fen": "", "error": plainError(err), "warnings": []any{}, "position": nil})
	}
	mb := p.Mailbox()
	mailbox := make([]any, core.SquareCount)
	for i, pc := range mb {
		mailbox[i] = ""
		if pc != core.NoPiece {
			mailbox[i] = string(pc.Letter())
		}
	}
	ws := p.Warnings()
	warnings := make([]any, len(ws))
	for i, w := range ws {
		sqs := []any{}
		for sq := range w.Squares.Squares() {
			sqs = append(sqs, plainSquares[sq])
		}
		warnings[i] = map[string]any{"code": string(w.Code), "message": w.Message, "squares": sqs}
	}
	side := "w"
	if p.SideToMove == core.Black {
		side = "b"
	}
	ep := any("-")
	if p.EnPassant != core.NoSquare {
		ep = plainSquares[p.EnPassant]
	}
	castling := any(p.CastlingField(core.XFEN)) // a Chess960 field with file letters
	if field := castling.(string); p.Castling.Standard() && field == p.Castling.String() {
		castling = castlingNames[p.Castling&core.AllCastling]
	}
	return js.ValueOf(map[string]any{"ok": true, "fen": p.FEN(), "error": nil, "warnings": warnings,
		"position": map[string]any{"sideToMove": side, "castling": castling, "enPassant": ep,
			"halfmoveClock": p.HalfmoveClock, "fullmoveNumber": p.FullmoveNumber, "mailbox": mailbox}})
}

// bitboardPlain answers bitview.bitboard(fen, name, layout) as the wire
// does, through js.ValueOf.
func bitboardPlain(args []js.Value) any {
	name, id := args[1].String(), "lerf"
	if len(args) > 2 && args[2].Type() == js.TypeString {
		id = args[2].String()
	}
	l, bb, err := jsapi.Lookup(args[0].String(), name, id)
	if err != nil {
		return js.ValueOf(map[string]any{"ok": false, "error": plainError(err), "name": name, "layout": id, "hex": "", "binary": "",
			"decimal": "", "signed": "", "count": 0, "squares": []any{}, "indices": []any{}, "grid": nil})
	}
	var buf [64]core.Square
	sqs := l.AppendSquares(buf[:0], bb)
	squares, indices := make([]any, len(sqs)), make([]any, len(sqs))
	for i, sq := range sqs {
		squares[i], indices[i] = plainSquares[sq], l.Index(sq)
	}
	v := l.Value(bb)
	dec, signed := "", ""
	if l.FitsUint64() {
		dec, signed = strconv.FormatUint(v.Lo, 10), strconv.FormatInt(int64(v.Lo), 10)
	}
	g := model.GridOf(l, bb)
	cells := make([]any, len(g.Cells))
	for i, c := range g.Cells {
		sq := any(nil)
		if !c.OffBoard {
			sq = plainSquares[c.Square]
		}
		bit := 0
		if c.Bit {
			bit = 1
		}
		cells[i] = map[string]any{"square": sq, "index": c.Index, "bit": bit, "offBoard": c.OffBoard}
	}
	return js.ValueOf(map[string]any{"ok": true, "error": nil, "name": name, "layout": id,
		"hex": string(l.AppendHex(nil, v)), "binary": string(l.AppendBinary(nil, v, false)), "decimal": dec, "signed": signed,
		"count": bb.Count(), "squares": squares, "indices": indices,
		"grid": map[string]any{"rows": g.Rows, "cols": g.Cols, "cells": cells}})
}
