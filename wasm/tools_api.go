//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/magic"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/model"
	"github.com/norunners/vert"
)

// The JS API of the engine author's tools: perft divide, Polyglot keys,
// the bitboard dump checker and magic lookups, answered by Go directly. 64-bit values cross
// as 16 lowercase hex digits; node counts as numbers (at most 8·10^9 at
// core.MaxDivideDepth, well inside 2^53).

// toolError is the error answer of the bench functions: {ok: false,
// error: {field, fieldName, offset, message}}, the FEN error's field and
// offset when the FEN is at fault.
type toolError struct {
	OK    bool     `js:"ok"`
	Error *jsError `js:"error"`
}

// fenArg reads args[0] as a FEN and parses it; the error is ready to
// return to JS.
func fenArg(args []js.Value) (core.Position, any) {
	if len(args) == 0 || args[0].Type() != js.TypeString {
		return core.Position{}, argFail("fen", "the first argument must be a FEN string")
	}
	p, err := core.ParseFEN(args[0].String())
	var fe *core.FENError
	if errors.As(err, &fe) {
		return core.Position{}, vert.ValueOf(toolError{Error: &jsError{Field: fe.Field, FieldName: fe.FieldName(), Offset: fe.Offset, Message: fe.Msg}}).Value
	}
	if err != nil {
		return core.Position{}, argFail("fen", err.Error())
	}
	return p, nil
}

// argFail returns the error answer for a bad argument.
func argFail(name, message string) any {
	return vert.ValueOf(toolError{Error: &jsError{FieldName: name, Offset: -1, Message: message}}).Value
}

// perftAPI answers bitview.perft(fen, depth, onMove): {ok, error, depth,
// nodes, complete, divide: {uci: count}} with the moves in UCI order; a
// depth outside 1..core.MaxDivideDepth is refused with an error. onMove,
// when a function, is called after each root move with (uci, nodes, done,
// total), so a Web Worker can post progress; when it returns false the
// divide stops there and complete is false.
func perftAPI(args []js.Value) any {
	p, fail := fenArg(args)
	if fail != nil {
		return fail
	}
	if len(args) < 2 || args[1].Type() != js.TypeNumber || args[1].Float() != float64(args[1].Int()) {
		return argFail("depth", "the second argument must be a whole number of plies, 1 to "+strconv.Itoa(core.MaxDivideDepth))
	}
	var progress func(core.DivideEntry, int, int) bool
	if len(args) > 2 && args[2].Type() == js.TypeFunction {
		onMove := args[2]
		progress = func(e core.DivideEntry, done, total int) bool {
			r := onMove.Invoke(e.Move.UCI(), e.Nodes, done, total)
			return r.Type() != js.TypeBoolean || r.Bool()
		}
	}
	d, err := core.Divide(p, args[1].Int(), progress)
	if err != nil {
		return argFail("depth", err.Error())
	}
	divide := js.Global().Get("Object").New()
	for _, e := range d.Entries { // in UCI order, which JS keeps for string keys
		divide.Set(e.Move.UCI(), e.Nodes)
	}
	out := js.Global().Get("Object").New()
	out.Set("ok", true)
	out.Set("error", js.Null())
	out.Set("depth", d.Depth)
	out.Set("nodes", d.Nodes)
	out.Set("complete", d.Complete)
	out.Set("divide", divide)
	return out
}

// polyglotKeyAPI answers bitview.polyglotKey(fen): the position's Polyglot
// key as 16 lowercase hex digits, or the error object.
func polyglotKeyAPI(args []js.Value) any {
	p, fail := fenArg(args)
	if fail != nil {
		return fail
	}
	return core.Bitboard(p.PolyglotKey()).Hex()[2:]
}

// jsVerdict is one number's verdict in matchBitboards.
type jsVerdict struct {
	Text     string   `js:"text"`
	Line     int      `js:"line"`
	Col      int      `js:"col"`
	Label    string   `js:"label"`
	Value    string   `js:"value"`    // 16 hex digits
	Bitboard string   `js:"bitboard"` // core.BitboardNames name, "" beyond the order
	Title    string   `js:"title"`
	Want     string   `js:"want"` // 16 hex digits
	OK       bool     `js:"ok"`
	Extra    []string `js:"extra"`   // squares set in the number but not on the board
	Missing  []string `js:"missing"` // squares on the board the number lacks
}

// jsCandidate is one mapping and order tried.
type jsCandidate struct {
	Layout    string `js:"layout"`
	Order     string `js:"order"`
	Agree     int    `js:"agree"`
	WrongBits int    `js:"wrongBits"`
}

// jsProblem is a part of the pasted text that could not be read.
type jsProblem struct {
	Line   int    `js:"line"`
	Col    int    `js:"col"`
	Text   string `js:"text"`
	Reason string `js:"reason"`
}

// jsMatch is the answer of bitview.matchBitboards.
type jsMatch struct {
	OK         bool          `js:"ok"`
	Error      *jsError      `js:"error"`
	Layout     jsNamed       `js:"layout"` // the best mapping: a core layout id or one of core/dump's symmetries
	Order      jsOrder       `js:"order"`
	Agree      int           `js:"agree"`
	Count      int           `js:"count"` // numbers read
	WrongBits  int           `js:"wrongBits"`
	Verdicts   []jsVerdict   `js:"verdicts"`
	Problems   []jsProblem   `js:"problems"`
	Candidates []jsCandidate `js:"candidates"` // the best five readings (dump.Distinct), best first
}

type jsNamed struct {
	ID    string `js:"id"`
	Name  string `js:"name"`
	About string `js:"about"`
}

type jsOrder struct {
	ID    string   `js:"id"`
	Name  string   `js:"name"`
	Names []string `js:"names"`
}

// squareNames returns the names of b's squares.
func squareNames(b core.Bitboard) []string {
	out := []string{}
	for sq := range b.Squares() {
		out = append(out, sq.String())
	}
	return out
}

// matchBitboardsAPI answers bitview.matchBitboards(fen, text): the layout
// and bitboard order under which the numbers in text agree best with the
// position, a verdict per number, what could not be read, and the best
// five candidates. No numbers in text is an error.
func matchBitboardsAPI(args []js.Value) any {
	p, fail := fenArg(args)
	if fail != nil {
		return fail
	}
	if len(args) < 2 || args[1].Type() != js.TypeString {
		return argFail("text", "the second argument must be the text of the dump")
	}
	if n := strLen(args[1]); n > dump.MaxTextLength { // before the text is copied into Go
		return argFail("text", "the dump is "+thousands.Itoa(n)+" characters; the limit is "+thousands.Itoa(dump.MaxTextLength))
	}
	nums, probs := dump.ParseNumbers(args[1].String())
	res := jsMatch{OK: true, Count: len(nums), Problems: []jsProblem{}, Verdicts: []jsVerdict{}, Candidates: []jsCandidate{}}
	for _, pr := range probs {
		res.Problems = append(res.Problems, jsProblem{pr.Line, pr.Col, pr.Text, pr.Reason})
	}
	rs := dump.Match(&p, nums)
	if len(rs) == 0 {
		res.OK = false
		res.Error = &jsError{FieldName: "text", Offset: -1, Message: "no numbers found: paste up to 14 bitboards in hex (0x…), binary (0b…) or decimal"}
		return vert.ValueOf(res).Value
	}
	best := rs[0]
	res.Layout = jsNamed{best.Mapping.ID, best.Mapping.Name, best.Mapping.About}
	res.Order = jsOrder{best.Order.ID, best.Order.Name, best.Order.Names}
	res.Agree, res.WrongBits = best.Agree, best.Wrong
	for _, v := range best.Verdicts {
		res.Verdicts = append(res.Verdicts, jsVerdict{Text: v.Number.Text, Line: v.Number.Line, Col: v.Number.Col,
			Label: v.Number.Label, Value: core.Bitboard(v.Number.Value).Hex()[2:], Bitboard: v.Bitboard, Title: v.Title,
			Want: core.Bitboard(v.Want).Hex()[2:], OK: v.OK, Extra: squareNames(v.Extra), Missing: squareNames(v.Missing)})
	}
	rs = dump.Distinct(rs) // one candidate per reading, not the best again under an order that differs past the numbers
	for _, r := range rs[:min(5, len(rs))] {
		res.Candidates = append(res.Candidates, jsCandidate{r.Mapping.ID, r.Order.ID, r.Agree, r.Wrong})
	}
	return vert.ValueOf(res).Value
}

// jsMagic is the answer of bitview.magic: one magic-bitboard lookup, step
// by step (see magic.Steps). 64-bit values are "0x" and 16 lowercase hex
// digits, so BigInt(answer.product) works; bit n is LERF square n.
type jsMagic struct {
	OK            bool     `js:"ok"`
	Error         *jsError `js:"error"`
	Piece         string   `js:"piece"`  // "rook" or "bishop"
	Square        string   `js:"square"` // "e4"
	Occupancy     string   `js:"occupancy"`
	Mask          string   `js:"mask"`
	Masked        string   `js:"masked"` // occupancy & mask
	Magic         string   `js:"magic"`
	Product       string   `js:"product"` // masked × magic mod 2^64
	Bits          int      `js:"bits"`    // popcount(mask): the index width
	Shift         int      `js:"shift"`   // 64 − bits
	Index         int      `js:"index"`   // product >> shift, below 2^bits
	Attacks       string   `js:"attacks"` // the table's entry at index
	AttackSquares []string `js:"attackSquares"`
	Reference     string   `js:"reference"` // core's sliding attacks for the same occupancy
	Equal         bool     `js:"equal"`     // attacks == reference
	Tries         int      `js:"tries"`     // candidates drawn before the square's magic was found
	Seed          string   `js:"seed"`      // magic.Seed, the generator's first seed
}

// magicAPI answers bitview.magic(piece, square, occupancy): the magic
// lookup of a rook or bishop ("rook", "bishop", "r", "b", any case) on a
// square ("e4") with an occupancy given as hex digits (with or without
// "0x", at most 16; the shim turns a BigInt into them), default the empty
// board. Every argument is checked, its length before it is copied.
func magicAPI(args []js.Value) any {
	str := func(i int, name, want string) (string, any) {
		if len(args) <= i || args[i].Type() != js.TypeString {
			return "", argFail(name, want)
		}
		if n := strLen(args[i]); n > model.MaxOptionLength {
			return "", argFail(name, name+" is "+thousands.Itoa(n)+" characters; the limit is "+strconv.Itoa(model.MaxOptionLength))
		}
		return strings.TrimSpace(args[i].String()), nil
	}
	piece, fail := str(0, "piece", `the first argument must be "rook" or "bishop"`)
	if fail != nil {
		return fail
	}
	var pt core.PieceType
	switch strings.ToLower(piece) {
	case "rook", "r":
		pt = core.Rook
	case "bishop", "b":
		pt = core.Bishop
	default:
		return argFail("piece", strconv.Quote(piece)+`: the piece must be "rook" or "bishop" (a queen uses both)`)
	}
	square, fail := str(1, "square", `the second argument must be a square such as "e4"`)
	if fail != nil {
		return fail
	}
	sq, ok := core.ParseSquare(strings.ToLower(square))
	if !ok {
		return argFail("square", strconv.Quote(square)+" is not a square (a1 … h8)")
	}
	var occ uint64
	if len(args) > 2 && !args[2].IsUndefined() && !args[2].IsNull() {
		text, fail := str(2, "occupancy", `the third argument, if given, must be the occupancy in hex, e.g. "0xffff00000000ffff"`)
		if fail != nil {
			return fail
		}
		digits := strings.TrimPrefix(strings.TrimPrefix(text, "0x"), "0X")
		v, err := strconv.ParseUint(digits, 16, 64)
		if err != nil {
			return argFail("occupancy", strconv.Quote(text)+" is not a 64-bit hex number (at most 16 hex digits, 0x optional)")
		}
		occ = v
	}
	s, err := magic.Explain(pt, sq, core.Bitboard(occ))
	if err != nil {
		return argFail("piece", err.Error())
	}
	return vert.ValueOf(jsMagic{OK: true, Piece: strings.ToLower(pt.String()), Square: sq.String(),
		Occupancy: s.Occupancy.Hex(), Mask: s.Mask.Hex(), Masked: s.Masked.Hex(),
		Magic: core.Bitboard(s.Magic).Hex(), Product: core.Bitboard(s.Product).Hex(), Bits: s.Bits, Shift: int(s.Shift), Index: int(s.Index),
		Attacks: s.Attacks.Hex(), AttackSquares: squareNames(s.Attacks), Reference: s.Reference.Hex(),
		Equal: s.OK(), Tries: s.Tries, Seed: "0x" + strconv.FormatUint(magic.Seed, 16)}).Value
}
