package core

import "testing"

func TestLiteral(t *testing.T) {
	lerf, _ := LayoutByID("lerf")
	x88, _ := LayoutByID("0x88")
	mailbox, _ := LayoutByID("10x12")
	tests := []struct {
		l          *Layout
		v          Value
		c, rust, g string
	}{
		{lerf, Value{Lo: 0xff00}, "0x000000000000ff00ULL", "0x0000_0000_0000_ff00_u64", "0x0000_0000_0000_ff00"},
		{lerf, Value{Lo: 1<<64 - 1}, "0xffffffffffffffffULL", "0xffff_ffff_ffff_ffff_u64", "0xffff_ffff_ffff_ffff"},
		{lerf, Value{}, "0x0000000000000000ULL", "0x0000_0000_0000_0000_u64", "0x0000_0000_0000_0000"},
		{x88, Value{Hi: 0x00ff000000000000, Lo: 0xff00}, "((unsigned __int128)0x00ff000000000000ULL << 64 | 0x000000000000ff00ULL)",
			"0x00ff_0000_0000_0000_0000_0000_0000_ff00_u128", "[2]uint64{0x0000_0000_0000_ff00, 0x00ff_0000_0000_0000}"},
		{mailbox, Value{Hi: 0x0000_0001_ffe0_0000, Lo: 0x1}, "((unsigned __int128)0x000001ffe00000ULL << 64 | 0x0000000000000001ULL)",
			"0x00_0001_ffe0_0000_0000_0000_0000_0001_u128", "[2]uint64{0x0000_0000_0000_0001, 0x00_0001_ffe0_0000}"},
	}
	for _, tt := range tests {
		for lang, want := range map[string]string{LiteralC: tt.c, LiteralRust: tt.rust, LiteralGo: tt.g} {
			if got, ok := tt.l.Literal(tt.v, lang); !ok || got != want {
				t.Errorf("%s.Literal(%#x:%#x, %s) = %q, %v; want %q", tt.l.ID, tt.v.Hi, tt.v.Lo, lang, got, ok, want)
			}
		}
	}
	if got, ok := lerf.Literal(Value{}, "java"); ok || got != "" {
		t.Errorf("Literal(java) = %q, %v; want none", got, ok)
	}
	for _, lang := range LiteralLanguages {
		if LiteralName(lang) == "" {
			t.Errorf("LiteralName(%q) is empty", lang)
		}
	}
}
