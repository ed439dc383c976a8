//go:build js && wasm

package main

import (
	"encoding/binary"
	"strings"
	"syscall/js"
	"testing"

	"github.com/bitview/bitview/core"
)

// These tests run under Node (go_js_wasm_exec): they call the API through
// syscall/js as JavaScript sees it, and the wire functions the way
// web/bitview.js drives them.

func init() {
	// Register the API as main would, without blocking.
	register()
}

func api(name string, args ...any) js.Value {
	return goAPI(name, args...)
}

// TestLayoutsFromJS: layouts() crosses jsapi.Layouts (tested natively)
// whole: every layout, an off-board cell's null square.
func TestLayoutsFromJS(t *testing.T) {
	ls := api("layouts")
	if ls.Length() != len(core.Layouts) {
		t.Fatalf("layouts() has %d entries", ls.Length())
	}
	for i, l := range core.Layouts {
		jl := ls.Index(i)
		if jl.Get("id").String() != l.ID || jl.Get("index").Length() != 64 || jl.Get("cells").Length() != l.Slots {
			t.Errorf("layouts()[%d] = %s", i, jsonOf(jl))
		}
	}
	if c := ls.Index(1).Get("cells").Index(8); ls.Index(1).Get("id").String() != "0x88" || !c.Get("offBoard").Bool() || !c.Get("square").IsNull() {
		t.Errorf("0x88's cell 8: %s, want off-board with a null square", jsonOf(c))
	}
}

func position(fen string) js.Value {
	p, err := core.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	mb := make([]any, 64)
	for i, pc := range p.Mailbox() {
		mb[i] = strings.TrimSpace(string(pc.Letter()))
	}
	return js.ValueOf(map[string]any{"sideToMove": "wb"[p.SideToMove : p.SideToMove+1], "castling": p.Castling.String(),
		"enPassant": p.EnPassant.String(), "halfmoveClock": p.HalfmoveClock, "fullmoveNumber": p.FullmoveNumber, "mailbox": mb})
}

func TestWriteFenFromJS(t *testing.T) {
	for _, fen := range []string{core.StartFEN, "r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13"} {
		r := api("writeFen", position(fen))
		if !r.Get("ok").Bool() || r.Get("fen").String() != fen || !r.Get("error").IsNull() {
			t.Errorf("writeFen(%q) = %v %q", fen, r.Get("ok"), r.Get("fen").String())
		}
	}
	bad := func(mutate func(o js.Value)) js.Value {
		o := position(core.StartFEN)
		mutate(o)
		return o
	}
	tests := []struct {
		name  string
		arg   any
		field int
		msg   string
	}{
		{"not an object", "x", 0, "must be an object"},
		{"null", nil, 0, "must be an object"},
		{"short mailbox", bad(func(o js.Value) { o.Set("mailbox", js.ValueOf([]any{"P"})) }), 1, "has 1 entries; it needs 64"},
		{"mailbox not an array", bad(func(o js.Value) { o.Set("mailbox", 5) }), 1, "must be an array"},
		{"mailbox number", bad(func(o js.Value) { o.Get("mailbox").SetIndex(3, 7) }), 1, "mailbox[3] (d1) must be a string"},
		{"mailbox letter", bad(func(o js.Value) { o.Get("mailbox").SetIndex(4, "X") }), 1, `mailbox[4] (e1) is "X"`},
		{"missing side", bad(func(o js.Value) { o.Delete("sideToMove") }), 2, "sideToMove is missing"},
		{"side number", bad(func(o js.Value) { o.Set("sideToMove", 1) }), 2, "must be a string"},
		{"side x", bad(func(o js.Value) { o.Set("sideToMove", "x") }), 2, "must be 'w' or 'b'"},
		{"castling spaces", bad(func(o js.Value) { o.Set("castling", "K Q") }), 3, "one word"},
		{"halfmove string", bad(func(o js.Value) { o.Set("halfmoveClock", "0") }), 5, "must be a number"},
		{"halfmove fraction", bad(func(o js.Value) { o.Set("halfmoveClock", 1.5) }), 5, "'.' is not a digit"},
		{"halfmove negative", bad(func(o js.Value) { o.Set("halfmoveClock", -1) }), 5, "without a sign"},
		{"bigint", js.Global().Call("BigInt", 5), 0, "must be an object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := api("writeFen", tt.arg)
			e := r.Get("error")
			if r.Get("ok").Bool() || e.IsNull() || e.Get("field").Int() != tt.field || !strings.Contains(e.Get("message").String(), tt.msg) {
				t.Errorf("writeFen = ok %v, error %v", r.Get("ok"), jsonOf(e))
			}
		})
	}
}

// call writes the strings at the start of wire as web/bitview.js does and
// returns the answer bytes of fn.
func call(fn func(n int32) int32, fen string) []byte {
	copy(wire[:], fen)
	n := fn(int32(len(fen)))
	return wire[argSize : argSize+int(n)]
}

func TestParseFENWire(t *testing.T) {
	ans := call(parseFEN, " "+core.StartFEN+"\n")
	if ans[0] != 1 || ans[1] != 0 || ans[2] != 15 || ans[3] != 64 || binary.LittleEndian.Uint32(ans[8:]) != 1 {
		t.Errorf("start position header % x", ans[:12])
	}
	if ans[12+int(core.E1)] != byte(core.WhiteKing.Index()) || ans[12+int(core.E4)] != byte(core.NoPiece.Index()) || ans[76] != 1 || ans[77] != 0 {
		t.Errorf("start position mailbox or flags: % x", ans[12:])
	}
	// No kings and four castling rights: two king-count and four castling-rights warnings.
	if ans = call(parseFEN, "8/8/8/8/8/8/8/8 w KQkq - 0 1"); ans[76] != 1 || ans[77] != 6 {
		t.Errorf("same flag %d, %d warnings, want 1 and 6", ans[76], ans[77])
	}
	ans = call(parseFEN, "8/8/8/8/8/8/8/8  w - - 0 1") // a double space: the canonical FEN differs
	if ans[76] != 0 || string(ans[79:79+int(binary.LittleEndian.Uint16(ans[77:]))]) != "8/8/8/8/8/8/8/8 w - - 0 1" {
		t.Errorf("canonical FEN not sent: % x", ans[76:])
	}
	ans = call(parseFEN, "8/8/8/8/8/8/8/8 x - - 0 1")
	if ans[0] != 0 || ans[1] != 2 || binary.LittleEndian.Uint16(ans[2:]) != 16 {
		t.Errorf("error answer % x", ans)
	}
}

func TestBitboardWire(t *testing.T) {
	fen, name, layout := core.StartFEN, "P", "0x88"
	copy(wire[:], fen+name+layout)
	n := bitboard(int32(len(fen)), int32(len(name)), int32(len(layout)))
	ans := wire[argSize : argSize+int(n)]
	if ans[0] != 1 || ans[1] != 1 || ans[2] != 8 || ans[3] != byte(core.A2) || ans[3+8] != 16 {
		t.Fatalf("header % x", ans[:20])
	}
	if len(ans) != 3+16+2+34+2+128+2+2+128 {
		t.Errorf("answer is %d bytes", len(ans))
	}
	for _, bad := range [][3]string{{fen, "x", "lerf"}, {fen, "P", "nope"}, {"8/8 w", "P", "lerf"}} {
		copy(wire[:], bad[0]+bad[1]+bad[2])
		n := bitboard(int32(len(bad[0])), int32(len(bad[1])), int32(len(bad[2])))
		if ans := wire[argSize : argSize+int(n)]; ans[0] != 0 {
			t.Errorf("bitboard%q accepted", bad)
		}
	}
	// Lengths that do not fit the argument area are an error, not a crash.
	if n := bitboard(1000, 1000, 1000); wire[argSize] != 0 || n <= 0 {
		t.Errorf("oversized arguments: ok byte %d", wire[argSize])
	}
}

func TestGuardRecovers(t *testing.T) {
	f := apiFunc(func([]js.Value) any { panic("boom") })
	defer f.Release()
	r := f.Invoke()
	if r.Get("ok").Bool() || !strings.Contains(r.Get("error").Get("message").String(), "boom") {
		t.Errorf("apiFunc did not turn the panic into an error")
	}
	wire[argSize] = 1
	n := answer(func(w *writer) {
		w.u8(1) // a partial answer, then a panic
		panic("boom")
	})
	if wire[argSize] != 0 || n == 0 {
		t.Errorf("answer did not write an error answer")
	}
	if got := guard(func() int { panic("x") }, func(string) int { return 7 }); got != 7 {
		t.Errorf("guard answered %d after a panic, want onPanic's 7", got)
	}
}
