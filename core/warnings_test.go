package core

import (
	"slices"
	"testing"
)

func TestWarnings(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want []WarningCode
		sqs  []Bitboard // squares of each warning, in order
	}{
		{"start", StartFEN, nil, nil},
		{"kiwipete", kiwipete, nil, nil},
		{"after 1.e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", nil, nil},
		{"no kings", "8/8/8/8/8/8/8/8 w - - 0 1", []WarningCode{WarnKingCount, WarnKingCount}, []Bitboard{0, 0}},
		{"two white kings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", []WarningCode{WarnKingCount}, []Bitboard{A1.Bitboard() | E1.Bitboard()}},
		{"pawn on rank 8", "P3k3/8/8/8/8/8/8/4K2p w - - 0 1", []WarningCode{WarnPawnOnBackRank}, []Bitboard{A8.Bitboard() | H1.Bitboard()}},
		{"nine pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", []WarningCode{WarnTooManyPawns}, []Bitboard{Rank2BB | A3.Bitboard()}},
		{"seventeen pieces", "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", []WarningCode{WarnTooManyPieces}, []Bitboard{Rank2BB | Rank3BB | E1.Bitboard()}},
		{"opponent in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", []WarningCode{WarnOpponentInCheck}, []Bitboard{E8.Bitboard() | E1.Bitboard()}},
		{"mover in check is fine", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", nil, nil},
		{"castling without rook", "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []WarningCode{WarnCastlingRights}, []Bitboard{H8.Bitboard()}},
		{"castling without king", "r3k2r/8/8/8/8/8/8/R4K1R w KQ - 0 1", []WarningCode{WarnCastlingRights, WarnCastlingRights}, []Bitboard{E1.Bitboard(), E1.Bitboard()}},
		{"article: en passant on the wrong rank", articleFEN, []WarningCode{WarnEnPassantRank}, []Bitboard{B3.Bitboard()}},
		{"en passant without pawn", "4k3/8/8/8/8/8/8/4K3 w - d6 0 1", []WarningCode{WarnEnPassantNoPawn}, []Bitboard{D5.Bitboard() | D6.Bitboard() | D7.Bitboard()}},
		{"en passant square occupied", "4k3/3p4/8/3p4/8/8/8/4K3 w - d6 0 1", []WarningCode{WarnEnPassantNoPawn}, []Bitboard{D5.Bitboard() | D6.Bitboard() | D7.Bitboard()}},
		{"king on the en passant square", "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 50",
			[]WarningCode{WarnOpponentInCheck, WarnEnPassantNoPawn}, []Bitboard{D6.Bitboard() | E5.Bitboard(), D5.Bitboard() | D6.Bitboard() | D7.Bitboard()}},
		{"en passant halfmove 3", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 2", []WarningCode{WarnEnPassantHalfmove}, []Bitboard{D6.Bitboard()}},
		{"black to move, white pushed", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tt.fen, err)
			}
			ws := p.Warnings()
			var codes []WarningCode
			var sqs []Bitboard
			for _, w := range ws {
				codes = append(codes, w.Code)
				sqs = append(sqs, w.Squares)
				if w.Message == "" {
					t.Errorf("warning %s has no message", w.Code)
				}
			}
			if !slices.Equal(codes, tt.want) || !slices.Equal(sqs, tt.sqs) {
				t.Errorf("Warnings(%q) = %v %x, want %v %x", tt.fen, codes, sqs, tt.want, tt.sqs)
				for _, w := range ws {
					t.Logf("  %s: %s", w.Code, w.Message)
				}
			}
		})
	}
}

func TestWarningMessages(t *testing.T) {
	p, _ := ParseFEN(articleFEN)
	ws := p.Warnings()
	if len(ws) != 1 {
		t.Fatalf("got %d warnings, want 1", len(ws))
	}
	want := "en passant target square b3 is on rank 3, but with white to move it must be on rank 6 (black just advanced two squares)"
	if ws[0].Message != want {
		t.Errorf("message = %q, want %q", ws[0].Message, want)
	}
}
