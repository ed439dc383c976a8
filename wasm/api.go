//go:build js && wasm

package main

import (
	"runtime"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/jsapi"
	"github.com/bitview/bitview/wasm/model"
	"github.com/norunners/vert"
)

// This file is the JS API that Go answers, beside its table (register):
// web/bitview.js completes it (see wasm/jsapi, the API written once, and
// README.md, "JS API"). Each function reads its arguments out of
// JavaScript, their types and lengths checked before anything is copied
// into Go, and crosses the answer that package jsapi computes in plain
// Go. The hot paths, parseFen and bitboard, cross through the wire
// instead (wire.go); mount and the views' methods are element.go's, the
// event path events.go's.

// register sets globalThis.__bitviewGo to the API functions answered by
// Go directly, for web/bitview.js to complete. They live as long as the
// page: they are never released.
func register() {
	api := js.Global().Get("Object").New()
	api.Set("version", version)
	for name, fn := range map[string]func([]js.Value) any{
		"layouts":        func([]js.Value) any { return vert.ValueOf(jsapi.Layouts()).Value },
		"bitboardNames":  func([]js.Value) any { return vert.ValueOf(jsapi.BitboardNames()).Value },
		"warningCodes":   func([]js.Value) any { return vert.ValueOf(jsapi.WarningCodes()).Value },
		"tables":         func([]js.Value) any { return vert.ValueOf(jsapi.MakeTables()).Value },
		"wireFormat":     wireFormat,
		"writeFen":       writeFEN,
		"mount":          mountView,
		"view":           viewMethod,
		"event":          goEvent,
		"perft":          perftAPI,
		"polyglotKey":    polyglotKeyAPI,
		"matchBitboards": matchBitboardsAPI,
		"magic":          magicAPI,
		"collectGarbage": collectGarbage,
	} {
		api.Set(name, apiFunc(fn))
	}
	js.Global().Set("__bitviewGo", api)
}

// apiFunc makes fn a JS function whose panics become an error answer
// ({error: {offset: -1, message}}) through guard.
func apiFunc(fn func([]js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		return guard(func() any { return fn(args) }, func(msg string) any {
			return vert.ValueOf(jsapi.Result{Error: &jsapi.Error{Offset: -1, Message: msg}}).Value
		})
	})
}

// collectGarbage runs Go's garbage collector, so that the finalizers of
// the js.Values and js.Funcs Go no longer holds give their references
// back to wasm_exec.js once Go next idles. It is for tests that measure
// the reference table (wasm/limits.test.mjs); the shim does not expose it.
func collectGarbage([]js.Value) any {
	runtime.GC()
	return nil
}

// fail returns the error answer {ok: false, error} of e.
func fail(e *jsapi.Error) any { return vert.ValueOf(jsapi.Result{Error: e}).Value }

// str reads args[i] as a string of at most limit characters, checked on
// the JS string before it is copied; want says what the argument must be.
func str(args []js.Value, i int, name, want string, limit int) (string, *jsapi.Error) {
	if len(args) <= i || args[i].Type() != js.TypeString {
		return "", jsapi.Arg(name, want)
	}
	if n := strLen(args[i]); n > limit {
		return "", jsapi.Arg(name, name+" is "+thousands.Itoa(n)+" characters; the limit is "+strconv.Itoa(limit))
	}
	return args[i].String(), nil
}

// fenArg reads args[0] as a FEN (a longer string is cut one byte past
// core.MaxFENLength, for the parser to refuse) and parses it.
func fenArg(args []js.Value) (core.Position, *jsapi.Error) {
	if len(args) == 0 || args[0].Type() != js.TypeString {
		return core.Position{}, jsapi.Arg("fen", "the first argument must be a FEN string")
	}
	p, err := core.ParseFEN(clipped(args[0], core.MaxFENLength))
	return p, jsapi.ErrorOf(err)
}

// writeFEN answers bitview.writeFen(position, options): the canonical FEN
// of a position object as bitview.parseFen returns it ({sideToMove,
// castling, enPassant, halfmoveClock, fullmoveNumber, mailbox}; see
// jsapi.Position), its castling in X-FEN or, with {castling:
// 'Shredder-FEN'}, in Shredder-FEN (core.CastlingNotation's names).
// The lengths are read before anything is copied into Go, so a
// 100,000-entry mailbox or a 20 MB entry costs no more than a good one.
func writeFEN(args []js.Value) any {
	type answer struct {
		OK    bool         `js:"ok"`
		FEN   string       `js:"fen"`
		Error *jsapi.Error `js:"error"`
	}
	bad := func(field int, msg string) any {
		return vert.ValueOf(answer{Error: &jsapi.Error{Field: field, FieldName: core.FieldName(field), Offset: -1, Message: msg}}).Value
	}
	if len(args) == 0 {
		return vert.ValueOf(answer{Error: jsapi.Arg("position", "writeFen needs a position object")}).Value
	}
	v := args[0]
	if !v.InstanceOf(js.Global().Get("Object")) { // unlike v.Type(), safe on a BigInt
		return bad(0, "position must be an object like parseFen's position")
	}
	mb := v.Get("mailbox")
	if !mb.InstanceOf(js.Global().Get("Array")) { // as v is checked against Object: safe on a BigInt
		return bad(core.FieldPiecePlacement, "position.mailbox must be an array of 64 strings")
	}
	if n := mb.Length(); n != core.SquareCount {
		return bad(core.FieldPiecePlacement, "position.mailbox has "+thousands.Itoa(n)+" entries; it needs 64, a1 first")
	}
	var mailbox [core.SquareCount]string
	for i := range mailbox {
		e := mb.Index(i)
		at := "position.mailbox[" + strconv.Itoa(i) + "] (" + core.Square(i).String() + ")"
		if e.Type() != js.TypeString {
			return bad(core.FieldPiecePlacement, at+" must be a string")
		}
		if n := strLen(e); n > 1 {
			return bad(core.FieldPiecePlacement, at+" is a string of "+thousands.Itoa(n)+` characters: use "" or one of PNBRQKpnbrqk`)
		}
		mailbox[i] = e.String()
	}
	var fields [5]string
	for i, key := range jsapi.PositionKeys {
		field := core.FieldActiveColor + i
		jv := v.Get(key)
		switch {
		case jv.IsUndefined() || jv.IsNull():
			return bad(field, "position."+key+" is missing")
		case field >= core.FieldHalfmoveClock:
			var f float64
			if err := (vert.Value{Value: jv}).AssignTo(&f); err != nil || jv.Type() != js.TypeNumber {
				return bad(field, "position."+key+" must be a number")
			}
			fields[i] = strconv.FormatFloat(f, 'f', -1, 64)
			continue
		case jv.Type() != js.TypeString:
			return bad(field, "position."+key+" must be a string")
		}
		if n := strLen(jv); n > core.MaxFENLength {
			return bad(field, "position."+key+" is "+thousands.Itoa(n)+" characters; the limit is "+strconv.Itoa(core.MaxFENLength))
		}
		s := jv.String()
		if s == "" || strings.ContainsAny(s, " \t\r\n") {
			return bad(field, "position."+key+" "+strconv.Quote(s)+" must be one word")
		}
		fields[i] = s
	}
	notation := core.XFEN
	if len(args) > 1 && !args[1].IsUndefined() {
		o := args[1]
		if !o.InstanceOf(js.Global().Get("Object")) {
			return vert.ValueOf(answer{Error: jsapi.Arg("options", "options must be an object like {castling: 'Shredder-FEN'}")}).Value
		}
		switch c := o.Get("castling"); {
		case c.IsUndefined():
		case c.Type() == js.TypeString && c.String() == core.ShredderFEN.String():
			notation = core.ShredderFEN
		case c.Type() == js.TypeString && c.String() == core.XFEN.String():
		default:
			return vert.ValueOf(answer{Error: jsapi.Arg("options", "options.castling must be 'X-FEN' or 'Shredder-FEN'")}).Value
		}
	}
	p, err := jsapi.Position(mailbox, fields)
	if err != nil {
		return vert.ValueOf(answer{Error: err}).Value
	}
	return vert.ValueOf(answer{OK: true, FEN: p.FENIn(notation)}).Value
}

// perftAPI answers bitview.perft(fen, depth, onMove, options): {ok,
// error, depth, nodes, complete, divide: {uci: count}} with the moves in
// UCI order, and with options {stats: true} stats and divideStats (see
// statsObject)
// (node counts as numbers: at most 8·10^9 at core.MaxDivideDepth, well
// inside 2^53); a depth outside 1..core.MaxDivideDepth is refused with an
// error. onMove, when a function, is called after each root move with
// (uci, nodes, done, total), so a Web Worker can post progress; when it
// returns false the divide stops there and complete is false.
func perftAPI(args []js.Value) any {
	p, e := fenArg(args)
	if e != nil {
		return fail(e)
	}
	if len(args) < 2 || args[1].Type() != js.TypeNumber || args[1].Float() != float64(args[1].Int()) {
		return fail(jsapi.Arg("depth", "the second argument must be a whole number of plies, 1 to "+strconv.Itoa(core.MaxDivideDepth)))
	}
	stats := len(args) > 3 && args[3].Type() == js.TypeObject && args[3].Get("stats").Type() == js.TypeBoolean && args[3].Get("stats").Bool()
	var progress func(core.DivideEntry, int, int) bool
	notation := core.Division{Chess960: p.Chess960()} // how its moves are written: king-takes-rook castling in Chess960
	if len(args) > 2 && args[2].Type() == js.TypeFunction {
		onMove := args[2]
		progress = func(e core.DivideEntry, done, total int) bool {
			var r js.Value
			if stats {
				r = onMove.Invoke(notation.UCI(e.Move), e.Nodes, done, total, statsObject(e.Stats))
			} else {
				r = onMove.Invoke(notation.UCI(e.Move), e.Nodes, done, total)
			}
			return r.Type() != js.TypeBoolean || r.Bool()
		}
	}
	divideOf := core.Divide
	if stats {
		divideOf = core.DivideStats
	}
	d, err := divideOf(p, args[1].Int(), progress)
	if err != nil {
		return fail(jsapi.Arg("depth", err.Error()))
	}
	divide := js.Global().Get("Object").New()
	for _, e := range d.Entries { // in UCI order, which JS keeps for string keys
		divide.Set(d.UCI(e.Move), e.Nodes)
	}
	out := js.Global().Get("Object").New()
	out.Set("ok", true)
	out.Set("error", js.Null())
	out.Set("depth", d.Depth)
	out.Set("nodes", d.Nodes)
	out.Set("complete", d.Complete)
	out.Set("divide", divide)
	if stats {
		each := js.Global().Get("Object").New()
		for _, e := range d.Entries {
			each.Set(d.UCI(e.Move), statsObject(e.Stats))
		}
		out.Set("stats", statsObject(d.Stats))
		out.Set("divideStats", each)
	}
	return out
}

// statsObject returns s as bitview.perft's stats object: the PerftStats
// interface of web/bitview.d.ts (counts as numbers, below 2^53 at
// core.MaxDivideDepth).
func statsObject(s core.PerftStats) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("nodes", s.Nodes)
	o.Set("captures", s.Captures)
	o.Set("enPassant", s.EnPassant)
	o.Set("castles", s.Castles)
	o.Set("promotions", s.Promotions)
	o.Set("checks", s.Checks)
	o.Set("discoveredChecks", s.DiscoveredChecks)
	o.Set("doubleChecks", s.DoubleChecks)
	o.Set("checkmates", s.Checkmates)
	return o
}

// polyglotKeyAPI answers bitview.polyglotKey(fen): the position's
// Polyglot key as 16 lowercase hex digits, or the error object.
func polyglotKeyAPI(args []js.Value) any {
	p, e := fenArg(args)
	if e != nil {
		return fail(e)
	}
	return core.Bitboard(p.PolyglotKey()).Hex()[2:]
}

// matchBitboardsAPI answers bitview.matchBitboards(fen, text)
// (jsapi.MatchBitboards), text at most dump.MaxTextLength characters.
func matchBitboardsAPI(args []js.Value) any {
	p, e := fenArg(args)
	if e != nil {
		return fail(e)
	}
	if len(args) < 2 || args[1].Type() != js.TypeString {
		return fail(jsapi.Arg("text", "the second argument must be the text of the dump"))
	}
	if n := strLen(args[1]); n > dump.MaxTextLength { // before the text is copied into Go
		return fail(jsapi.Arg("text", "the dump is "+thousands.Itoa(n)+" characters; the limit is "+thousands.Itoa(dump.MaxTextLength)))
	}
	return vert.ValueOf(jsapi.MatchBitboards(&p, args[1].String())).Value
}

// magicAPI answers bitview.magic(piece, square, occupancy) (jsapi.Magic),
// each argument a string of at most model.MaxOptionLength characters,
// the occupancy undefined or null for the empty board.
func magicAPI(args []js.Value) any {
	piece, e := str(args, 0, "piece", `the first argument must be "rook" or "bishop"`, model.MaxOptionLength)
	if e != nil {
		return fail(e)
	}
	square, e := str(args, 1, "square", `the second argument must be a square such as "e4"`, model.MaxOptionLength)
	if e != nil {
		return fail(e)
	}
	var occupancy *string
	if len(args) > 2 && !args[2].IsUndefined() && !args[2].IsNull() {
		s, e := str(args, 2, "occupancy", `the third argument, if given, must be the occupancy in hex, e.g. "0xffff00000000ffff"`, model.MaxOptionLength)
		if e != nil {
			return fail(e)
		}
		occupancy = &s
	}
	return vert.ValueOf(jsapi.Magic(piece, square, occupancy)).Value
}
