package model

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

func BenchmarkReadout(b *testing.B) {
	p, _ := core.ParseFEN(kiwipeteFEN)
	for _, l := range core.Layouts {
		b.Run(l.ID, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = ReadoutOf(l, p.Occupied())
			}
		})
	}
}

func TestReadout(t *testing.T) {
	start, _ := core.ParseFEN(core.StartFEN)
	wp := start.Pieces(core.WhitePawn)
	tests := []struct {
		id, hex, decimal, signed, grouped string
		first                             core.Square
	}{
		{"lerf", "0x000000000000ff00", "65280", "65280", "00000000 00000000 00000000 00000000 00000000 00000000 11111111 00000000", core.A2},
		{"msb-a8", "0x000000000000ff00", "65280", "65280", "00000000 00000000 00000000 00000000 00000000 00000000 11111111 00000000", core.H2},
		{"berf", "0x00ff000000000000", "71776119061217280", "71776119061217280", "00000000 11111111 00000000 00000000 00000000 00000000 00000000 00000000", core.A2},
		{"0x88", "0x00000000000000000000000000ff0000", "", "", strings.Repeat("0", 16*6) + " " + "0000000011111111 0000000000000000", core.A2},
		{"10x12", "0x000000000000000000007f80000000", "", "", "", core.A2},
		{"lefr", "0x0202020202020202", "144680345676153346", "144680345676153346", "00000010 00000010 00000010 00000010 00000010 00000010 00000010 00000010", core.A2},
		{"befr", "0x4040404040404040", "4629771061636907072", "4629771061636907072", "01000000 01000000 01000000 01000000 01000000 01000000 01000000 01000000", core.H2},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			r := ReadoutOf(mustLayout(t, tt.id), wp)
			if r.Hex != tt.hex || r.Decimal != tt.decimal || r.Signed != tt.signed || r.Count != 8 || r.Squares[0] != tt.first {
				t.Errorf("Readout = %+v", r)
			}
			if tt.grouped != "" && strings.ReplaceAll(r.Grouped, " ", "") != strings.ReplaceAll(tt.grouped, " ", "") {
				t.Errorf("Grouped = %q, want %q", r.Grouped, tt.grouped)
			}
			if strings.ReplaceAll(r.Grouped, " ", "") != r.Binary || len(r.Binary) != mustLayout(t, tt.id).Slots {
				t.Errorf("Binary %q and Grouped %q disagree", r.Binary, r.Grouped)
			}
		})
	}
	// The signed value of a set with the top bit: h8 in LERF, a8 in msb-a8.
	for _, tt := range []struct {
		id string
		sq core.Square
	}{{"lerf", core.H8}, {"msb-a8", core.A8}, {"berf", core.H1}, {"lefr", core.H8}, {"befr", core.A1}} {
		r := ReadoutOf(mustLayout(t, tt.id), tt.sq.Bitboard())
		if r.Hex != "0x8000000000000000" || r.Decimal != "9223372036854775808" || r.Signed != "-9223372036854775808" {
			t.Errorf("%s: %v gives %+v", tt.id, tt.sq, r)
		}
	}
}

func TestGridLabels(t *testing.T) {
	g := GridOf(mustLayout(t, "10x12"), 0)
	if g.RowLabels[0] != "" || g.RowLabels[2] != "8" || g.RowLabels[9] != "1" || g.ColLabels[0] != "" || g.ColLabels[1] != "a" || g.ColLabels[9] != "" {
		t.Errorf("labels %q %q", g.RowLabels, g.ColLabels)
	}
}

// TestGridFlipped checks that a flipped grid puts every cell at the place
// the square takes on a board seen from Black, keeping its index and bit.
func TestGridFlipped(t *testing.T) {
	b := core.A1.Bitboard() | core.H8.Bitboard() | core.E4.Bitboard()
	for _, l := range core.Layouts {
		t.Run(l.ID, func(t *testing.T) {
			g := GridOf(l, b)
			f := g.Flipped()
			if f.Rows != g.Rows || f.Cols != g.Cols || len(f.Cells) != len(g.Cells) {
				t.Fatalf("flipped shape %d×%d (%d cells), want %d×%d (%d)", f.Rows, f.Cols, len(f.Cells), g.Rows, g.Cols, len(g.Cells))
			}
			for i, c := range f.Cells {
				o := g.Cells[len(g.Cells)-1-i]
				if c.Index != o.Index || c.Square != o.Square || c.Bit != o.Bit || c.OffBoard != o.OffBoard {
					t.Errorf("cell %d = %+v, want the content of %+v", i, c, o)
				}
				if c.Row != i/f.Cols || c.Col != i%f.Cols {
					t.Errorf("cell %d at row %d col %d, want %d %d", i, c.Row, c.Col, i/f.Cols, i%f.Cols)
				}
			}
			if f.RowLabels[0] != g.RowLabels[g.Rows-1] || f.ColLabels[0] != g.ColLabels[g.Cols-1] {
				t.Errorf("labels not reversed: rows %q cols %q", f.RowLabels, f.ColLabels)
			}
			// On a board, a1 is at the top right when flipped; so in every grid
			// a1's cell is right of and above h8's.
			var a1, h8 Cell
			for _, c := range f.Cells {
				switch c.Square {
				case core.A1:
					a1 = c
				case core.H8:
					h8 = c
				}
			}
			if a1.Row >= h8.Row || a1.Col <= h8.Col {
				t.Errorf("flipped: a1 at (%d,%d), h8 at (%d,%d); want a1 above and right of h8", a1.Row, a1.Col, h8.Row, h8.Col)
			}
		})
	}
}
