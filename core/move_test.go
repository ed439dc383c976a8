package core

import "testing"

func TestMoveEncoding(t *testing.T) {
	tests := []struct {
		m         Move
		from, to  Square
		promotion PieceType
		uci       string
	}{
		{NoMove, A1, A1, 0, "0000"},
		{newMove(E2, E4, moveDoublePush), E2, E4, 0, "e2e4"},
		{newMove(G1, F3, 0), G1, F3, 0, "g1f3"},
		{newMove(E1, G1, moveCastling), E1, G1, 0, "e1g1"},
		{newMove(E8, C8, moveCastling), E8, C8, 0, "e8c8"},
		{newMove(E5, D6, moveCapture|moveEnPassant), E5, D6, 0, "e5d6"},
		{newPromotion(E7, E8, Queen, 0), E7, E8, Queen, "e7e8q"},
		{newPromotion(B2, A1, Knight, moveCapture), B2, A1, Knight, "b2a1n"},
		{newPromotion(H7, H8, Rook, 0), H7, H8, Rook, "h7h8r"},
		{newPromotion(A2, A1, Bishop, 0), A2, A1, Bishop, "a2a1b"},
		{newMove(H8, A1, 0), H8, A1, 0, "h8a1"},
	}
	for _, tt := range tests {
		promo, isPromo := tt.m.Promotion()
		if tt.m.From() != tt.from || tt.m.To() != tt.to || promo != tt.promotion || isPromo != (tt.promotion != 0) {
			t.Errorf("Move %#x: From, To, Promotion = %v, %v, %v (%v), want %v, %v, %v",
				uint32(tt.m), tt.m.From(), tt.m.To(), promo, isPromo, tt.from, tt.to, tt.promotion)
		}
		if got := tt.m.UCI(); got != tt.uci {
			t.Errorf("Move %#x.UCI() = %q, want %q", uint32(tt.m), got, tt.uci)
		}
		if got := tt.m.String(); got != tt.uci {
			t.Errorf("Move %#x.String() = %q, want %q", uint32(tt.m), got, tt.uci)
		}
	}
}

func TestMoveFlags(t *testing.T) {
	tests := []struct {
		m                                        Move
		capture, enPassant, castling, doublePush bool
	}{
		{newMove(E2, E4, moveDoublePush), false, false, false, true},
		{newMove(E1, G1, moveCastling), false, false, true, false},
		{newMove(E5, D6, moveCapture|moveEnPassant), true, true, false, false},
		{newPromotion(B2, A1, Queen, moveCapture), true, false, false, false},
		{newMove(G1, F3, 0), false, false, false, false},
	}
	for _, tt := range tests {
		if tt.m.IsCapture() != tt.capture || tt.m.IsEnPassant() != tt.enPassant ||
			tt.m.IsCastling() != tt.castling || tt.m.IsDoublePush() != tt.doublePush {
			t.Errorf("%v: capture, en passant, castling, double push = %v %v %v %v, want %v %v %v %v", tt.m,
				tt.m.IsCapture(), tt.m.IsEnPassant(), tt.m.IsCastling(), tt.m.IsDoublePush(),
				tt.capture, tt.enPassant, tt.castling, tt.doublePush)
		}
	}
}

func TestMoveUCINoAlloc(t *testing.T) {
	m := newPromotion(E7, E8, Queen, 0)
	if n := testing.AllocsPerRun(100, func() { _ = m.appendUCI(make([]byte, 0, 8)) }); n != 0 {
		t.Errorf("appendUCI allocates %v times, want 0", n)
	}
}
