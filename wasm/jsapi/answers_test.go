package jsapi

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
)

// TestErrorOf: the one conversion of errors into the API's error object.
func TestErrorOf(t *testing.T) {
	_, err := core.ParseFEN("8/8/8/8/8/8/8/8 x - - 0 1")
	for _, tc := range []struct {
		name string
		err  error
		want Error
	}{
		{"a FEN error", err, Error{Field: 2, FieldName: "active color", Offset: 16, Message: "must be 'w' or 'b'"}},
		{"an argument", &ArgError{"name", "unknown"}, Error{FieldName: "name", Offset: -1, Message: "unknown"}},
		{"wrapped", errWrap{&ArgError{"layout", "bad"}}, Error{FieldName: "layout", Offset: -1, Message: "bad"}},
		{"anything else", errors.New("boom"), Error{Offset: -1, Message: "boom"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ErrorOf(tc.err)
			if got == nil || got.Field != tc.want.Field || got.FieldName != tc.want.FieldName || got.Offset != tc.want.Offset ||
				!strings.Contains(got.Message, tc.want.Message) {
				t.Errorf("ErrorOf(%v) = %+v, want %+v", tc.err, got, tc.want)
			}
		})
	}
	if ErrorOf(nil) != nil || Fail(nil).Error != nil {
		t.Error("ErrorOf(nil) is not nil")
	}
}

type errWrap struct{ err error }

func (e errWrap) Error() string { return "wrapped: " + e.err.Error() }
func (e errWrap) Unwrap() error { return e.err }

// TestLayouts: every layout with its index of each square and its grid.
func TestLayouts(t *testing.T) {
	ls := Layouts()
	want := map[string][4]int{"lerf": {64, 0, 28, 63}, "0x88": {128, 0, 52, 119}, "msb-a8": {64, 7, 27, 56},
		"berf": {64, 56, 36, 7}, "10x12": {120, 21, 55, 98}, "lefr": {64, 0, 35, 63}, "befr": {64, 63, 28, 0}}
	if len(ls) != len(core.Layouts) {
		t.Fatalf("%d layouts, want core.Layouts' %d", len(ls), len(core.Layouts))
	}
	for i, l := range ls {
		cl := core.Layouts[i]
		w, ok := want[l.ID]
		if !ok { // a layout added since: its numbers as core gives them
			w = [4]int{cl.Slots, cl.Index(core.A1), cl.Index(core.E4), cl.Index(core.H8)}
		}
		if l.ID != cl.ID {
			t.Errorf("layout %d is %q, core.Layouts has %q", i, l.ID, cl.ID)
		}
		if l.Slots != w[0] || len(l.Index) != 64 || l.Index[0] != w[1] || l.Index[28] != w[2] || l.Index[63] != w[3] || l.FitsUint64 != (w[0] == 64) {
			t.Errorf("%s: slots %d, a1 %d, e4 %d, h8 %d", l.ID, l.Slots, l.Index[0], l.Index[28], l.Index[63])
		}
		if len(l.Cells) != w[0] || l.Rows*l.Cols != w[0] {
			t.Errorf("%s: %d cells", l.ID, len(l.Cells))
		}
		squares := 0
		for _, c := range l.Cells {
			if (c.Square == nil) != c.OffBoard {
				t.Errorf("%s: cell %d has square %v, offBoard %v", l.ID, c.Index, c.Square, c.OffBoard)
			}
			if c.Square != nil {
				squares++
			}
		}
		if squares != 64 {
			t.Errorf("%s: %d cells name a square", l.ID, squares)
		}
	}
	if names := BitboardNames(); len(names) != len(core.BitboardNames) || names[0].Name == "" || names[0].Title == "" {
		t.Errorf("BitboardNames() = %v", names)
	}
	for i, c := range WarningCodes() {
		if WarningIndex(core.WarningCode(c)) != i {
			t.Errorf("WarningIndex(%s) = %d, want %d", c, WarningIndex(core.WarningCode(c)), i)
		}
	}
}

// TestLookup: bitboard's arguments, and what each bad one says.
func TestLookup(t *testing.T) {
	l, bb, err := Lookup(core.StartFEN, "P", "0x88")
	if err != nil || l.ID != "0x88" || bb != core.Rank2.Bitboard() {
		t.Errorf("Lookup(start, P, 0x88) = %v, %v, %v", l, bb, err)
	}
	for _, tc := range []struct{ fen, name, layout, arg, msg string }{
		{"8/8 w", "P", "lerf", "", "has 2 ranks"},
		{core.StartFEN, "X", "lerf", "name", `unknown bitboard name "X"`},
		{core.StartFEN, "P", "x88", "layout", "use " + strings.Join(core.LayoutIDs(), ", ")},
	} {
		_, _, err := Lookup(tc.fen, tc.name, tc.layout)
		e := ErrorOf(err)
		if e == nil || e.FieldName != tc.arg && tc.arg != "" || !strings.Contains(e.Message, tc.msg) {
			t.Errorf("Lookup(%q, %q, %q) = %+v, want %s: %q", tc.fen, tc.name, tc.layout, e, tc.arg, tc.msg)
		}
	}
}

// TestMatchBitboards: a dump in LERF agrees; a wrong bit is said; no
// numbers is an error.
func TestMatchBitboards(t *testing.T) {
	p := coretest.MustFEN(t, core.StartFEN)
	m := MatchBitboards(&p, "P: 0x000000000000FF00\nN: 0x0000000000000042")
	if !m.OK || m.Layout.ID != "lerf" || m.Count != 2 || m.Agree != 2 || len(m.Verdicts) != 2 || len(m.Problems) != 0 || len(m.Candidates) != 5 {
		t.Errorf("a good dump: %+v", m)
	}
	m = MatchBitboards(&p, "P: 0x000000000000FF01")
	if !m.OK || m.Verdicts[0].OK || strings.Join(m.Verdicts[0].Extra, " ") != "a1" || m.WrongBits != 1 {
		t.Errorf("a wrong bit: %+v", m.Verdicts)
	}
	m = MatchBitboards(&p, "nothing here")
	if m.OK || m.Error == nil || m.Error.FieldName != "text" || !strings.Contains(m.Error.Message, "up to 14 bitboards") {
		t.Errorf("no numbers: %+v", m.Error)
	}
}

// TestMagic: the steps of a lookup follow one another and agree with
// core's sliding attacks; each bad value is an error naming its argument.
func TestMagic(t *testing.T) {
	start := coretest.MustFEN(t, core.StartFEN)
	occ := uint64(start.Occupied())
	hex := "0x" + strconv.FormatUint(occ, 16)
	plainHex := strconv.FormatUint(occ, 16)
	for _, tt := range []struct {
		piece, square string
		pt            core.PieceType
		occ           *string
	}{
		{"rook", "e4", core.Rook, &hex},
		{" Bishop ", "C1", core.Bishop, &plainHex},
		{"r", "a1", core.Rook, nil},
	} {
		r := Magic(tt.piece, tt.square, tt.occ)
		if !r.OK {
			t.Errorf("Magic(%q, %q): %+v", tt.piece, tt.square, r.Error)
			continue
		}
		sq, _ := core.ParseSquare(strings.ToLower(tt.square))
		o := core.Bitboard(occ)
		if tt.occ == nil {
			o = 0
		}
		ref := core.RookAttacks(sq, o)
		if tt.pt == core.Bishop {
			ref = core.BishopAttacks(sq, o)
		}
		num := func(s string) uint64 {
			v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
			if err != nil || len(s) != 18 {
				t.Errorf("%s %s: %q is not 0x and 16 hex digits", tt.piece, tt.square, s)
			}
			return v
		}
		mask, masked, mag, product := num(r.Mask), num(r.Masked), num(r.Magic), num(r.Product)
		if num(r.Occupancy) != uint64(o) || masked != uint64(o)&mask || product != masked*mag || r.Bits != bits.OnesCount64(mask) ||
			r.Shift != 64-r.Bits || uint64(r.Index) != product>>(64-r.Bits) {
			t.Errorf("%s %s: the steps do not follow one another: %+v", tt.piece, tt.square, r)
		}
		if num(r.Attacks) != uint64(ref) || num(r.Reference) != uint64(ref) || !r.Equal || len(r.AttackSquares) != ref.Count() || r.Square != sq.String() {
			t.Errorf("%s %s: attacks %s, want %x", tt.piece, tt.square, r.Attacks, uint64(ref))
		}
	}
	bad, long := "0xZZ", "1"+strings.Repeat("0", 16)
	for _, tt := range []struct {
		piece, square string
		occ           *string
		field, msg    string
	}{
		{"queen", "e4", nil, "piece", "a queen uses both"},
		{"rook", "i9", nil, "square", `"i9" is not a square`},
		{"rook", "e4", &bad, "occupancy", "not a 64-bit hex number"},
		{"rook", "e4", &long, "occupancy", "not a 64-bit hex number"},
	} {
		r := Magic(tt.piece, tt.square, tt.occ)
		if r.OK || r.Error == nil || r.Error.FieldName != tt.field || !strings.Contains(r.Error.Message, tt.msg) {
			t.Errorf("Magic(%q, %q) = %+v, want an error on %s saying %q", tt.piece, tt.square, r.Error, tt.field, tt.msg)
		}
	}
}

// TestPosition: writeFen's position object, its values checked as a FEN's
// fields are.
func TestPosition(t *testing.T) {
	var mb [core.SquareCount]string
	start := coretest.MustFEN(t, core.StartFEN)
	for sq, pc := range start.Mailbox() {
		if pc != core.NoPiece {
			mb[sq] = string(pc.Letter())
		}
	}
	fields := [5]string{"w", "KQkq", "-", "0", "1"}
	if p, err := Position(mb, fields); err != nil || p.FEN() != core.StartFEN {
		t.Errorf("Position(start) = %q, %+v", p.FEN(), err)
	}
	with := func(i int, v string) [5]string { f := fields; f[i] = v; return f }
	// A Chess960 start position: KQkq names its rooks on f and h, as
	// Shredder-FEN's HFhf does; the castling field is read with the board.
	const sp0 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
	var mb960 [core.SquareCount]string
	pos960 := coretest.MustFEN(t, sp0)
	for sq, pc := range pos960.Mailbox() {
		if pc != core.NoPiece {
			mb960[sq] = string(pc.Letter())
		}
	}
	for _, castling := range []string{"KQkq", "HFhf", "FHfh"} {
		if p, err := Position(mb960, with(1, castling)); err != nil || p.FEN() != sp0 || p.FENIn(core.ShredderFEN) != strings.Replace(sp0, "KQkq", "HFhf", 1) {
			t.Errorf("Position(Chess960 start, %s) = %q, %+v", castling, p.FENIn(core.ShredderFEN), err)
		}
	}
	letter := mb
	letter[4] = "X"
	for _, tc := range []struct {
		name   string
		mb     [core.SquareCount]string
		fields [5]string
		field  int
		msg    string
	}{
		{"mailbox letter", letter, fields, 1, `mailbox[4] (e1) is "X"`},
		{"side x", mb, with(0, "x"), 2, "position.sideToMove: active color \"x\" must be 'w' or 'b'"},
		{"castling order", mb, with(1, "qK"), 3, "comes too late"},
		{"en passant", mb, with(2, "e4"), 4, "not on rank 3 or 6"},
		{"halfmove fraction", mb, with(3, "1.5"), 5, "'.' is not a digit"},
		{"fullmove zero", mb, with(4, "0"), 6, "at least 1"},
		{"too long together", mb, with(1, strings.Repeat("K", 250)), 3, "position.castling"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Position(tc.mb, tc.fields)
			if err == nil || err.Field != tc.field || !strings.Contains(err.Message, tc.msg) {
				t.Errorf("Position = %+v, want field %d saying %q", err, tc.field, tc.msg)
			}
		})
	}
}
