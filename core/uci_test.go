package core

import (
	"errors"
	"strings"
	"testing"
)

// Positions for the UCI tests (package pgn's SAN tests use them too).
const (
	// A pawn on a7 that can promote on a8 or by capturing on b8.
	promotionFEN = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
	// White to move can capture d5 en passant (the pawn there gives check).
	enPassantFEN = "8/8/8/3pP3/4K3/8/8/7k w - d6 0 2"
)

// TestParseUCI checks each kind of UCI text: legal moves, castling as the
// king's move, promotions and the errors ParseUCI gives.
func TestParseUCI(t *testing.T) {
	tests := []struct {
		fen, uci string
		kind     error // nil for a legal move
		msg      string
	}{
		{StartFEN, "e2e4", nil, ""},
		{kiwipete, "e1g1", nil, ""},
		{promotionFEN, "a7b8n", nil, ""},
		{enPassantFEN, "e5d6", nil, ""},
		{StartFEN, "e2e5", ErrIllegalMove, "no legal move matches e2e5"},
		{StartFEN, "e3e4", ErrIllegalMove, "no legal move e3e4: e3 is empty"},
		{StartFEN, "e7e5", ErrIllegalMove, "e7 holds a black piece, but it is white's move"},
		{promotionFEN, "a7a8", ErrIllegalMove, "a pawn reaching a8 must promote, e.g. a7a8q"},
		{promotionFEN, "a7a8k", ErrMoveSyntax, "is not a UCI move"},
		{StartFEN, "e2e4q", ErrIllegalMove, "no legal move matches e2e4q"},
		{StartFEN, "E2E4", ErrMoveSyntax, "is not a UCI move"},
		{StartFEN, "e2e4 ", ErrMoveSyntax, "is not a UCI move"},
		{StartFEN, "e2", ErrMoveSyntax, "is not a UCI move"},
		{StartFEN, "", ErrMoveSyntax, "is not a UCI move"},
		{StartFEN, "0000", ErrIllegalMove, "null move"},
		{StartFEN, strings.Repeat("e2", 1<<19), ErrMoveSyntax, `"` + strings.Repeat("e2", 20) + `"… (1,048,576 bytes) is not a UCI move`},
		// King takes rook is UCI's Chess960 castling, and a name no other
		// move has: read in a standard game too (TestParseUCIChess960).
		{kiwipete, "e1h1", nil, ""},
		{kiwipete, "e1a1", nil, ""},
		{StartFEN, "e1h1", ErrIllegalMove, "no legal move matches e1h1"}, // no right to castle there yet: the way is blocked
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := p.ParseUCI(tt.uci)
		if tt.kind == nil {
			if err != nil || m.UCI() != tt.uci && m.UCIChess960() != tt.uci {
				t.Errorf("ParseFEN(%q).ParseUCI(%q) = %v, %v, want the move", tt.fen, tt.uci, m, err)
			}
			continue
		}
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, tt.kind) || me.Func != "ParseUCI" || !strings.Contains(me.Msg, tt.msg) {
			t.Errorf("ParseFEN(%q).ParseUCI(%q) = %v, %#v, want kind %v and a message containing %q", tt.fen, tt.uci, m, err, tt.kind, tt.msg)
		}
	}
}
