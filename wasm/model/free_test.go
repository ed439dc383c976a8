package model

import (
	"errors"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestParseFree(t *testing.T) {
	rank8 := core.Rank8.Bitboard()
	tests := []struct {
		layout, field, text string
		want                core.Bitboard
	}{
		{"lerf", FreeHex, "0xff", core.Rank1.Bitboard()},
		{"lerf", FreeHex, "FF00", core.Rank2.Bitboard()},
		{"lerf", FreeHex, " 0xFF00_0000_0000_0000 ", rank8},
		{"lerf", FreeHex, "0x0000000000000000", 0},
		{"lerf", FreeHex, "0xffffffffffffffff", core.AllSquares},
		// The number is in the layout on show: 0xff is rank 8 in BERF, the
		// a-file in LEFR, h1 … a1 read from the top bit in MSB-a8.
		{"berf", FreeHex, "0xff", rank8},
		{"lefr", FreeHex, "0xff", core.FileA.Bitboard()},
		{"befr", FreeHex, "0x1", core.H8.Bitboard()},
		{"msb-a8", FreeHex, "0x8000000000000000", core.A8.Bitboard()},
		{"0x88", FreeHex, "0x10000", core.A2.Bitboard()},
		{"0x88", FreeHex, "0x00ff0000000000000000000000000000", rank8},
		{"10x12", FreeHex, "0x200000", core.A1.Bitboard()},
		{"lerf", FreeDecimal, "255", core.Rank1.Bitboard()},
		{"lerf", FreeDecimal, "18446744073709551615", core.AllSquares},
		{"lerf", FreeDecimal, "1_000", 1000},
		{"lerf", FreeSigned, "-1", core.AllSquares},
		{"lerf", FreeSigned, "-9223372036854775808", core.H8.Bitboard()},
		{"lerf", FreeSigned, "9223372036854775807", core.AllSquares &^ core.H8.Bitboard()},
		{"lerf", FreeSigned, "-0", 0},
		{"lerf", FreeBinary, "0b101", core.A1.Bitboard() | core.C1.Bitboard()},
		{"lerf", FreeBinary, "11111111 00000000\n00000000", core.Rank3.Bitboard()},
		{"0x88", FreeBinary, "1 0000000000000000", core.A2.Bitboard()},
	}
	for _, tt := range tests {
		t.Run(tt.layout+"/"+tt.field+"/"+tt.text, func(t *testing.T) {
			got, err := ParseFree(mustLayout(t, tt.layout), tt.field, tt.text)
			if err != nil || got != tt.want {
				t.Errorf("ParseFree(%s, %s, %q) = %#x, %v; want %#x", tt.layout, tt.field, tt.text, uint64(got), err, uint64(tt.want))
			}
		})
	}
}

func TestParseFreeErrors(t *testing.T) {
	tests := []struct {
		layout, field, text string
		char                int    // the character named, 0 for none
		msg                 string // a part of the message
	}{
		{"lerf", FreeHex, "0x1g", 4, "'g' is not a hexadecimal digit"},
		{"lerf", FreeHex, "", 0, "type hexadecimal digits"},
		{"lerf", FreeHex, "0x", 0, "type hexadecimal digits"},
		{"lerf", FreeHex, "0x1ffffffffffffffff", 0, "the number has 65 bits; LERF (a1 = 0) has 64 slots"},
		{"lerf", FreeHex, "0x" + strings.Repeat("f", 33), 35, "does not fit"},
		{"lerf", FreeHex, "é", 1, "'é' is not a hexadecimal digit"},
		{"lerf", FreeDecimal, "12a", 3, "'a' is not a decimal digit"},
		{"lerf", FreeDecimal, "-1", 1, "'-' is not a decimal digit"},
		{"lerf", FreeDecimal, "18446744073709551616", 0, "does not fit 64 bits (the largest is 18446744073709551615)"},
		{"lerf", FreeSigned, "9223372036854775808", 0, "does not fit a signed 64-bit integer"},
		{"lerf", FreeSigned, "-9223372036854775809", 0, "does not fit a signed 64-bit integer"},
		{"lerf", FreeBinary, "0b102", 5, "'2' is not a binary digit"},
		{"0x88", FreeHex, "0x100", 0, "bit 8 is an off-board slot of 0x88"},
		{"10x12", FreeHex, "0x1", 0, "bit 0 is an off-board slot of 10×12 mailbox"},
		{"10x12", FreeHex, "0x" + strings.Repeat("f", 31), 0, "the number has 124 bits; 10×12 mailbox has 120 slots"},
		{"0x88", FreeDecimal, "1", 0, "128 slots do not fit a 64-bit integer"},
		{"lerf", FreeHex, strings.Repeat("0", MaxFreeLength+1), 0, "the limit is 512"},
		{"lerf", "octal", "1", 0, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.layout+"/"+tt.field+"/"+tt.text[:min(len(tt.text), 20)], func(t *testing.T) {
			_, err := ParseFree(mustLayout(t, tt.layout), tt.field, tt.text)
			var fe *FreeError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFree(%s, %s, %q) error = %v, want a *FreeError", tt.layout, tt.field, tt.text, err)
			}
			if fe.Char != tt.char || fe.Field != tt.field || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("ParseFree(%s, %s, %q) = %+v, want character %d and %q", tt.layout, tt.field, tt.text, *fe, tt.char, tt.msg)
			}
			if want := tt.field + ", character "; tt.char > 0 && !strings.HasPrefix(err.Error(), want) {
				t.Errorf("Error() = %q, want it to start %q", err.Error(), want)
			}
		})
	}
}

// TestFreeTextRoundTrip writes sets of squares in every field of every
// layout and reads them back.
func TestFreeTextRoundTrip(t *testing.T) {
	sets := []core.Bitboard{0, core.AllSquares, core.Rank8.Bitboard(), core.A1.Bitboard() | core.H8.Bitboard(), 0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef}
	for _, l := range core.Layouts {
		for _, bb := range sets {
			for _, f := range FreeFields {
				text := FreeText(l, f, bb)
				if text == "" {
					if l.FitsUint64() || (f != FreeDecimal && f != FreeSigned) {
						t.Errorf("FreeText(%s, %s, %#x) is empty", l.ID, f, uint64(bb))
					}
					continue
				}
				if got, err := ParseFree(l, f, text); err != nil || got != bb {
					t.Errorf("ParseFree(%s, %s, FreeText = %q) = %#x, %v; want %#x", l.ID, f, text, uint64(got), err, uint64(bb))
				}
			}
		}
	}
	if got := FreeText(mustLayout(t, "lerf"), FreeBinary, core.Rank8.Bitboard()); got != "11111111\n"+strings.Repeat("00000000\n", 6)+"00000000" {
		t.Errorf("binary of rank 8 in LERF = %q, want one rank a line", got)
	}
	if got := FreeLiteral(core.Rank2.Bitboard()); got != "0x000000000000ff00" {
		t.Errorf("FreeLiteral(rank 2) = %q", got)
	}
}
