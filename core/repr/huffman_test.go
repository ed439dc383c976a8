package repr

import (
	"errors"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/internal/corpus"
)

// TestMinimalCodes checks each piece's code against the article's table
// (colour bit 1 = white).
func TestMinimalCodes(t *testing.T) {
	tests := []struct {
		pc   core.Piece
		want string
	}{
		{core.NoPiece, "0"},
		{core.WhitePawn, "101"}, {core.BlackPawn, "100"},
		{core.WhiteBishop, "11001"}, {core.BlackBishop, "11000"},
		{core.WhiteKnight, "11011"}, {core.BlackKnight, "11010"},
		{core.WhiteRook, "11101"}, {core.BlackRook, "11100"},
		{core.WhiteQueen, "111101"}, {core.BlackQueen, "111100"},
		{core.WhiteKing, "111111"}, {core.BlackKing, "111110"},
	}
	for _, tt := range tests {
		if got := MinimalCode(tt.pc); got != tt.want {
			t.Errorf("MinimalCode(%v) = %q, want %q", tt.pc, got, tt.want)
		}
	}
}

// TestEncodeMinimalStart checks the start position bit for bit: 164 bits
// of placement, as worked out in the EncodeMinimal doc comment, then 8
// state bits.
func TestEncodeMinimalStart(t *testing.T) {
	p, _ := core.ParseFEN(core.StartFEN)
	b := EncodeMinimal(&p)
	blackBack := "11100" + "11010" + "11000" + "111100" + "111110" + "11000" + "11010" + "11100" // r n b q k b n r
	whiteBack := "11101" + "11011" + "11001" + "111101" + "111111" + "11001" + "11011" + "11101" // R N B Q K B N R
	placement := blackBack + strings.Repeat("100", 8) + strings.Repeat("0", 32) + strings.Repeat("101", 8) + whiteBack
	if len(placement) != 164 {
		t.Fatalf("test table: placement is %d bits", len(placement))
	}
	want := placement + "1" + "1111" + "0" + "1" + "1"
	if b.String() != want || b.Len() != 172 {
		t.Errorf("EncodeMinimal(start) = %d bits\n%s\nwant 172\n%s", b.Len(), b.String(), want)
	}
	spans := b.Spans()
	if len(spans) != core.SquareCount+5 {
		t.Fatalf("%d spans, want 69", len(spans))
	}
	if end := spans[core.SquareCount-1].Start + spans[core.SquareCount-1].Len; end != 164 {
		t.Errorf("placement ends at bit %d, want 164", end)
	}
	for _, tt := range []struct {
		sq    core.Square
		start int
		code  string
	}{{core.A8, 0, "11100"}, {core.D8, 15, "111100"}, {core.E8, 21, "111110"}, {core.A7, 42, "100"}, {core.A6, 66, "0"}, {core.A2, 98, "101"}, {core.E1, 143, "111111"}, {core.H1, 159, "11101"}} {
		s, ok := b.SquareSpan(tt.sq)
		if !ok || s.Start != tt.start || b.String()[s.Start:s.Start+s.Len] != tt.code || s.Square != tt.sq || s.Field != core.FieldPiecePlacement {
			t.Errorf("SquareSpan(%v) = %+v, %v, want start %d code %s", tt.sq, s, ok, tt.start, tt.code)
		}
	}
	for i, f := range []struct{ field, start, len int }{
		{core.FieldActiveColor, 164, 1}, {core.FieldCastling, 165, 4}, {core.FieldEnPassant, 169, 1},
		{core.FieldHalfmoveClock, 170, 1}, {core.FieldFullmoveNumber, 171, 1}} {
		if s := spans[core.SquareCount+i]; s.Field != f.field || s.Start != f.start || s.Len != f.len || s.Square != core.NoSquare {
			t.Errorf("state span %d = %+v, want %s at %d, %d bits", i, s, core.FieldName(f.field), f.start, f.len)
		}
	}
	if got := len(b.Bytes()); got != 22 {
		t.Errorf("Bytes() has %d bytes, want 22", got)
	}
}

// TestEncodeMinimalState checks the state fields after the placement.
func TestEncodeMinimalState(t *testing.T) {
	tests := []struct {
		fen  string
		want string // the bits after the placement
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "1" + "0000" + "0" + "1" + "1"},
		{"4k3/8/8/8/8/8/8/4K3 b Kq - 0 2", "0" + "1001" + "0" + "1" + "010"},
		{"4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1", "0" + "0000" + "1" + "100" + "0" + "1" + "1"},
		{"4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 9", "1" + "0000" + "1" + "111" + "1" + "1" + "0001001"},
		{"4k3/8/8/8/8/8/8/4K3 w - b3 0 1", "1" + "0000" + "1" + "001" + "0" + "1" + "1"}, // wrong rank kept
		{"4k3/8/8/8/8/8/8/4K3 w - - 12 40", "1" + "0000" + "0" + "0001101" + "00000101000"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 2147483647 2147483647", "1" + "0000" + "0" +
			strings.Repeat("0", 31) + "1" + strings.Repeat("0", 31) + strings.Repeat("0", 30) + strings.Repeat("1", 31)},
		// Chess960: a start position's rights are its outermost rooks, no
		// file written; inner rooks' files follow the fullmove number.
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "1" + "1111" + "0" + "1" + "1"},
		{"r2rk2r/8/8/8/8/8/8/R2RK2R w DHdh - 0 1", "1" + "1111" + "0" + "1" + "1" + "0101" + "011" + "011"},
		{"4k3/8/8/8/8/8/8/4K3 w Gb - 0 1", "1" + "1001" + "0" + "1" + "1" + "1001" + "110" + "001"},
	}
	for _, tt := range tests {
		p, err := core.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		b := EncodeMinimal(&p)
		placement := b.Spans()[core.SquareCount].Start
		if got := b.String()[placement:]; got != tt.want {
			t.Errorf("EncodeMinimal(%q) state bits = %s, want %s", tt.fen, got, tt.want)
		}
	}
}

// TestMinimalRoundTrip encodes every corpus position, checks the spans
// tile the bits and carry each square's code, and decodes it back, also
// through the text form.
func TestMinimalRoundTrip(t *testing.T) {
	for _, c := range reprCases(t) {
		b := EncodeMinimal(&c.pos)
		next := 0
		for _, s := range b.Spans() {
			if s.Start != next || s.Len < 1 {
				t.Fatalf("%s: span %+v does not start at bit %d", c.name, s, next)
			}
			if s.Field == core.FieldPiecePlacement && (b.String()[s.Start:s.Start+s.Len] != MinimalCode(c.pos.PieceAt(s.Square)) || s.Piece != c.pos.PieceAt(s.Square)) {
				t.Errorf("%s: span of %v = %+v, bits %s, want the code of %v", c.name, s.Square, s, b.String()[s.Start:s.Start+s.Len], c.pos.PieceAt(s.Square))
			}
			next += s.Len
		}
		if next != b.Len() || len(b.Bytes()) != (b.Len()+7)/8 {
			t.Errorf("%s: spans cover %d of %d bits; %d bytes", c.name, next, b.Len(), len(b.Bytes()))
		}
		got, err := DecodeMinimal(b)
		if err != nil || got != c.pos {
			t.Errorf("%s: DecodeMinimal(EncodeMinimal(%s)) = %s, %v", c.name, c.pos.FEN(), got.FEN(), err)
		}
		parsed, err := ParseBitString(b.String())
		if err != nil {
			t.Fatalf("%s: ParseBitString: %v", c.name, err)
		}
		if got, err := DecodeMinimal(parsed); err != nil || got != c.pos {
			t.Errorf("%s: decoding the text form gives %s, %v", c.name, got.FEN(), err)
		}
	}
}

// TestBitStringBytes checks the packing: first bit in the top bit, the
// last byte padded with zeros.
func TestBitStringBytes(t *testing.T) {
	for _, tt := range []struct {
		bits string
		want []byte
	}{{"", []byte{}}, {"1", []byte{0x80}}, {"10100101", []byte{0xA5}}, {"111111111", []byte{0xFF, 0x80}}} {
		b, err := ParseBitString(tt.bits)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Bytes(); string(got) != string(tt.want) {
			t.Errorf("ParseBitString(%q).Bytes() = %x, want %x", tt.bits, got, tt.want)
		}
		if _, ok := b.SquareSpan(core.A1); ok || b.Spans() != nil {
			t.Errorf("a parsed BitString has spans")
		}
	}
}

// minimalErrorCases are inputs DecodeMinimal or ParseBitString must
// reject, built from the start position (172 bits: placement 0–163, side
// 164, castling 165–168, en passant 169, halfmove 170, fullmove 171).
var minimalErrorCases = func() []struct {
	name          string
	bits          string
	field, offset int
	kind          error
} {
	start, _ := core.ParseFEN(core.StartFEN)
	s := EncodeMinimal(&start).String()
	ep, _ := core.ParseFEN("4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1") // 78 bits of placement, en passant at 83
	e := EncodeMinimal(&ep).String()
	return []struct {
		name          string
		bits          string
		field, offset int
		kind          error
	}{
		{"empty input", "", core.FieldPiecePlacement, 0, ErrTruncated},
		{"cut inside a2", s[:100], core.FieldPiecePlacement, 98, ErrTruncated},
		{"no side to move", s[:164], core.FieldActiveColor, 164, ErrTruncated},
		{"castling cut", s[:167], core.FieldCastling, 165, ErrTruncated},
		{"en passant presence only", e[:84], core.FieldEnPassant, 83, ErrTruncated},
		{"en passant file cut", e[:86], core.FieldEnPassant, 83, ErrTruncated},
		{"no halfmove clock", s[:170], core.FieldHalfmoveClock, 170, ErrTruncated},
		{"gamma cut", s[:170] + "0001", core.FieldHalfmoveClock, 170, ErrTruncated},
		{"32 leading zeros", s[:170] + strings.Repeat("0", 32) + "1", core.FieldHalfmoveClock, 170, ErrRange},
		{"fullmove 2^31", s[:171] + strings.Repeat("0", 31) + "1" + strings.Repeat("0", 31), core.FieldFullmoveNumber, 171, ErrRange},
		{"no fullmove number", s[:171], core.FieldFullmoveNumber, 171, ErrTruncated},
		{"trailing bit", s + "0", core.FieldFullmoveNumber, 172, ErrMalformed},
		{"Chess960 rook files of no right", s + "0000", core.FieldFullmoveNumber, 172, ErrMalformed},
		{"Chess960 rook file of a right not held", e + "1000011", core.FieldFullmoveNumber, len(e), ErrMalformed},
		{"Chess960 rook file cut", s + "100011", core.FieldCastling, 172, ErrTruncated},
		{"Chess960 rook file its letter names", s + "1000111", core.FieldCastling, 176, ErrMalformed},
		{"bits after the Chess960 rook files", s + "1000110" + "1", core.FieldCastling, 179, ErrMalformed},
		{"not a bit", s[:50] + "2" + s[51:], 0, 50, ErrMalformed},
		{"space", "0 1", 0, 1, ErrMalformed},
	}
}()

// TestDecodeMinimalErrors checks every rejection is a *MinimalError with
// the field, bit offset and kind at fault.
func TestDecodeMinimalErrors(t *testing.T) {
	for _, tt := range minimalErrorCases {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ParseBitString(tt.bits)
			if err == nil {
				var got core.Position
				if got, err = DecodeMinimal(b); got != core.NewPosition() {
					t.Errorf("got %q with the error, want the empty position", got.FEN())
				}
			}
			var me *MinimalError
			if !errors.As(err, &me) {
				t.Fatalf("got %v, want a *MinimalError", err)
			}
			if me.Field != tt.field || me.Offset != tt.offset || !errors.Is(err, tt.kind) || me.Msg == "" {
				t.Errorf("got field %d offset %d kind %v (%v), want field %d offset %d kind %v",
					me.Field, me.Offset, me.Err, err, tt.field, tt.offset, tt.kind)
			}
		})
	}
	_, err := DecodeMinimal(BitString{})
	if want := "minimal encoding, piece placement at bit 0: the code of a8 is cut off after 0 bits"; err == nil || err.Error() != want {
		t.Errorf("DecodeMinimal(empty) error %q, want %q", err, want)
	}
	_, err = ParseBitString("01x")
	if want := "minimal encoding at bit 2: 'x' is not a bit: write only 0 and 1"; err == nil || err.Error() != want {
		t.Errorf("ParseBitString(\"01x\") error %q, want %q", err, want)
	}
}

// FuzzDecodeMinimal checks DecodeMinimal never panics, that every
// rejection is a *MinimalError inside the input, and that every accepted
// input is a consistent position that encodes back to the same bits (the
// encoding is canonical).
func FuzzDecodeMinimal(f *testing.F) {
	for _, e := range reprExtraFENs {
		p, _ := core.ParseFEN(e.fen)
		f.Add(EncodeMinimal(&p).String())
	}
	for _, tt := range minimalErrorCases {
		f.Add(tt.bits)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBitString(s)
		if err == nil {
			var p core.Position
			if p, err = DecodeMinimal(b); err == nil {
				coretest.CheckInvariants(t, &p)
				if got := EncodeMinimal(&p).String(); got != s {
					t.Fatalf("DecodeMinimal(%q) = %s, which encodes to %q", s, p.FEN(), got)
				}
				return
			}
			if p != core.NewPosition() {
				t.Fatalf("DecodeMinimal(%q) = %s with error %v, want the empty position", s, p.FEN(), err)
			}
		}
		var me *MinimalError
		if !errors.As(err, &me) || me.Field < 0 || me.Field > core.FieldFullmoveNumber || me.Offset < 0 || me.Offset > len(s) || me.Msg == "" ||
			!(errors.Is(err, ErrTruncated) || errors.Is(err, ErrMalformed) || errors.Is(err, ErrRange)) {
			t.Fatalf("decoding %q: error %#v", s, err)
		}
	})
}

// benchFENs are the positions the representation benchmarks run over.
var (
	sinkBits    BitString
	sinkBB      core.Bitboard
	sinkReprPos core.Position
)

func BenchmarkEncodeMinimal(b *testing.B) {
	for _, bf := range corpus.BenchFENs {
		p, _ := core.ParseFEN(bf.FEN)
		b.Run(bf.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkBits = EncodeMinimal(&p)
			}
		})
	}
}

func BenchmarkDecodeMinimal(b *testing.B) {
	for _, bf := range corpus.BenchFENs {
		p, _ := core.ParseFEN(bf.FEN)
		bits := EncodeMinimal(&p)
		b.Run(bf.Name, func(b *testing.B) {
			b.ReportAllocs()
			var err error
			for b.Loop() {
				sinkReprPos, err = DecodeMinimal(bits)
			}
			if err != nil {
				b.Fatal(err)
			}
		})
	}
}

func BenchmarkRotate(b *testing.B) {
	p, _ := core.ParseFEN(corpus.Kiwipete)
	occ := p.Occupied()
	for r := Rotated0; r < RotationCount; r++ {
		b.Run(r.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkBB = r.Rotate(occ)
			}
		})
	}
}

func BenchmarkUnrotate(b *testing.B) {
	p, _ := core.ParseFEN(corpus.Kiwipete)
	for r := Rotated0; r < RotationCount; r++ {
		rotated := r.Rotate(p.Occupied())
		b.Run(r.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkBB = r.Unrotate(rotated)
			}
		})
	}
}
