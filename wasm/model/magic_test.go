package model

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestParseMagic(t *testing.T) {
	tests := []struct {
		in   string
		pt   core.PieceType
		sq   string
		err  string // a part of the error, "" for none
		back string // FormatMagic of the result
	}{
		{"rook:e4", core.Rook, "e4", "", "rook:e4"},
		{"bishop:c1", core.Bishop, "c1", "", "bishop:c1"},
		{"Bishop C1", core.Bishop, "c1", "", "bishop:c1"},
		{"R:h8", core.Rook, "h8", "", "rook:h8"},
		{"b : a1", core.Bishop, "a1", "", "bishop:a1"},
		{"queen:e4", 0, "", "must be rook or bishop", ""},
		{"rook:e9", 0, "", `"e9" is not a square`, ""},
		{"rook", 0, "", "write a piece and a square", ""},
		{"rook:e4:e5", 0, "", "write a piece and a square", ""},
		{"", 0, "", "write a piece and a square", ""},
		{strings.Repeat("r", 65), 0, "", "magic is 65 bytes; the limit is 64", ""},
	}
	for _, tt := range tests {
		pt, sq, err := ParseMagic(tt.in)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseMagic(%q) error %v, want one containing %q", tt.in, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("ParseMagic(%q) error %v", tt.in, err)
		case tt.err == "" && (pt != tt.pt || sq.String() != tt.sq || FormatMagic(pt, sq) != tt.back):
			t.Errorf("ParseMagic(%q) = %v %v (%q), want %v %s (%q)", tt.in, pt, sq, FormatMagic(pt, sq), tt.pt, tt.sq, tt.back)
		}
	}
}
