//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/jsapi"
	"github.com/bitview/bitview/wasm/model"
	"github.com/norunners/vert"
)

// jsError is the error object of every API answer: the FEN field (1–6, or
// 0 when the fault is not in a FEN), its name (or the argument's), the
// 0-based character offset into the input (-1 when there is no input
// text, as for writeFen), and a message.
type jsError struct {
	Field     int    `js:"field"`
	FieldName string `js:"fieldName"`
	Offset    int    `js:"offset"`
	Message   string `js:"message"`
}

// writeFenResult is the answer of bitview.writeFen.
type writeFenResult struct {
	OK    bool     `js:"ok"`
	FEN   string   `js:"fen"`
	Error *jsError `js:"error"`
}

// jsLayout is one entry of bitview.layouts(): the core.Layouts table with
// the grid template the shim fills with bits.
type jsLayout struct {
	ID         string   `js:"id"`
	Name       string   `js:"name"`
	About      string   `js:"about"`
	Slots      int      `js:"slots"`
	FitsUint64 bool     `js:"fitsUint64"`
	MSBFirst   bool     `js:"msbFirst"`
	Index      []int    `js:"index"` // slot of LERF square i
	Rows       int      `js:"rows"`
	Cols       int      `js:"cols"`
	RowLabels  []string `js:"rowLabels"`
	ColLabels  []string `js:"colLabels"`
	Cells      []jsCell `js:"cells"` // display order, rank 8 at the top
}

// jsCell is a grid cell template: the square's name (null off-board), its
// slot, and whether it is off the board.
type jsCell struct {
	Square   *string `js:"square"`
	Index    int     `js:"index"`
	OffBoard bool    `js:"offBoard"`
}

// jsBitboardName is one entry of bitboardNames(): a name the API accepts
// and its conventional title.
type jsBitboardName struct {
	Name  string `js:"name"`
	Title string `js:"title"`
}

// tables answers __bitviewGo.tables(), which web/bitview.js reads once at
// load: the square names, the castling fields and the API's entries
// (jsapi.Tables), so that it restates none of them.
func tables([]js.Value) any {
	return vert.ValueOf(jsapi.MakeTables()).Value
}

// layouts answers bitview.layouts().
func layouts([]js.Value) any {
	out := make([]jsLayout, len(core.Layouts))
	for i, l := range core.Layouts {
		g := model.GridOf(l, 0)
		jl := jsLayout{ID: l.ID, Name: l.Name, About: l.About, Slots: l.Slots, FitsUint64: l.FitsUint64(),
			MSBFirst: l.MSBFirst, Index: make([]int, core.SquareCount), Rows: g.Rows, Cols: g.Cols,
			RowLabels: g.RowLabels, ColLabels: g.ColLabels, Cells: make([]jsCell, len(g.Cells))}
		for sq := range core.SquareCount {
			jl.Index[sq] = l.Index(core.Square(sq))
		}
		for j, c := range g.Cells {
			jl.Cells[j] = jsCell{Index: c.Index, OffBoard: c.OffBoard}
			if !c.OffBoard {
				name := c.Square.String()
				jl.Cells[j].Square = &name
			}
		}
		out[i] = jl
	}
	return vert.ValueOf(out).Value
}

// bitboardNames answers the shim's list of bitboard names and titles.
func bitboardNames([]js.Value) any {
	out := make([]jsBitboardName, len(core.BitboardNames))
	for i, n := range core.BitboardNames {
		out[i] = jsBitboardName{n.Name, n.Title}
	}
	return vert.ValueOf(out).Value
}

// warningCodeList answers the warning codes in their wire order.
func warningCodeList([]js.Value) any {
	out := make([]string, len(warningCodes))
	for i, c := range warningCodes {
		out[i] = string(c)
	}
	return vert.ValueOf(out).Value
}

// writeFEN answers bitview.writeFen(position): the canonical FEN of a
// position object as bitview.parseFen returns it.
func writeFEN(args []js.Value) any {
	var res writeFenResult
	if len(args) == 0 {
		res.Error = &jsError{Field: 0, FieldName: "position", Offset: -1, Message: "writeFen needs a position object"}
	} else if p, err := positionFromJS(args[0]); err != nil {
		res.Error = err
	} else {
		res.OK, res.FEN = true, p.FEN()
	}
	return vert.ValueOf(res).Value
}

// positionFromJS builds a position from {sideToMove, castling, enPassant,
// halfmoveClock, fullmoveNumber, mailbox}. The board goes through
// core.Position.Put; the other fields through core.ParseFEN, so they obey
// exactly the FEN rules and messages.
func positionFromJS(v js.Value) (core.Position, *jsError) {
	fail := func(field int, message string) (core.Position, *jsError) {
		return core.Position{}, &jsError{Field: field, FieldName: core.FieldName(field), Offset: -1, Message: message}
	}
	if !v.InstanceOf(js.Global().Get("Object")) { // unlike v.Type(), safe on a BigInt
		return fail(0, "position must be an object like parseFen's position")
	}
	// The lengths are read before anything is copied into Go, so a
	// 100,000-entry mailbox or a 20 MB entry costs no more than a good one.
	mb := v.Get("mailbox")
	if !mb.InstanceOf(js.Global().Get("Array")) { // as v is checked against Object: safe on a BigInt
		return fail(core.FieldPiecePlacement, "position.mailbox must be an array of 64 strings")
	}
	if n := mb.Length(); n != core.SquareCount {
		return fail(core.FieldPiecePlacement, "position.mailbox has "+thousands.Itoa(n)+" entries; it needs 64, a1 first")
	}
	p := core.NewPosition()
	for i := range core.SquareCount {
		e := mb.Index(i)
		at := "position.mailbox[" + strconv.Itoa(i) + "] (" + core.Square(i).String() + ")"
		if e.Type() != js.TypeString {
			return fail(core.FieldPiecePlacement, at+" must be a string")
		}
		if n := strLen(e); n > 1 {
			return fail(core.FieldPiecePlacement, at+" is a string of "+thousands.Itoa(n)+` characters: use "" or one of PNBRQKpnbrqk`)
		}
		s := e.String()
		if s == "" {
			continue
		}
		pc, ok := core.PieceFromLetter(s[0])
		if len(s) != 1 || !ok {
			return fail(core.FieldPiecePlacement, at+" is "+strconv.Quote(s)+`: use "" or one of PNBRQKpnbrqk`)
		}
		p.Put(pc, core.Square(i))
	}
	state := [5]string{}
	for i, key := range [5]string{"sideToMove", "castling", "enPassant", "halfmoveClock", "fullmoveNumber"} {
		field := core.FieldActiveColor + i
		jv := v.Get(key)
		if jv.IsUndefined() || jv.IsNull() {
			return fail(field, "position."+key+" is missing")
		}
		if field >= core.FieldHalfmoveClock {
			var f float64
			if err := (vert.Value{Value: jv}).AssignTo(&f); err != nil || jv.Type() != js.TypeNumber {
				return fail(field, "position."+key+" must be a number")
			}
			state[i] = strconv.FormatFloat(f, 'f', -1, 64)
			continue
		}
		if jv.Type() != js.TypeString {
			return fail(field, "position."+key+" must be a string")
		}
		if n := strLen(jv); n > core.MaxFENLength {
			return fail(field, "position."+key+" is "+thousands.Itoa(n)+" characters; the limit is "+strconv.Itoa(core.MaxFENLength))
		}
		s := jv.String()
		if s == "" || strings.ContainsAny(s, " \t\r\n") {
			return fail(field, "position."+key+" "+strconv.Quote(s)+" must be one word")
		}
		state[i] = s
	}
	q, err := core.ParseFEN("8/8/8/8/8/8/8/8 " + strings.Join(state[:], " "))
	if fe, ok := err.(*core.FENError); ok {
		return fail(fe.Field, "position."+[...]string{"", "", "sideToMove", "castling", "enPassant", "halfmoveClock", "fullmoveNumber"}[fe.Field]+": "+fe.Msg)
	}
	p.SideToMove, p.Castling, p.EnPassant, p.HalfmoveClock, p.FullmoveNumber =
		q.SideToMove, q.Castling, q.EnPassant, q.HalfmoveClock, q.FullmoveNumber
	return p, nil
}

// layoutIDs lists the layout ids for messages: "lerf, 0x88, …".
func layoutIDs() string {
	ids := make([]string, len(core.Layouts))
	for i, l := range core.Layouts {
		ids[i] = l.ID
	}
	return strings.Join(ids, ", ")
}
