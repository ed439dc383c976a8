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
		{"seventeen pieces", "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", []WarningCode{WarnTooManyPieces, WarnTooManyPromoted}, []Bitboard{Rank2BB | Rank3BB | E1.Bitboard(), Rank2BB | Rank3BB}},
		{"opponent in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", []WarningCode{WarnOpponentInCheck}, []Bitboard{E8.Bitboard() | E1.Bitboard()}},
		{"mover in check is fine", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", nil, nil},
		{"castling without rook", "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []WarningCode{WarnCastlingRights}, []Bitboard{H8.Bitboard()}},
		{"castling without king", "r3k2r/8/8/8/8/8/5K2/R6R w KQ - 0 1", []WarningCode{WarnCastlingRights, WarnCastlingRights}, []Bitboard{E1.Bitboard(), E1.Bitboard()}},
		{"castling with the king on f1 is Chess960's (X-FEN)", "r3k2r/8/8/8/8/8/8/R4K1R w KQ - 0 1", nil, nil},
		{"Chess960 castling without its rook", "r3k2r/8/8/8/8/8/8/R1K4R w G - 0 1", []WarningCode{WarnCastlingRights}, []Bitboard{G1.Bitboard()}},
		{"Chess960 castling without its king", "r3k2r/8/8/8/8/8/2K5/RR5R w B - 0 1", []WarningCode{WarnCastlingRights}, []Bitboard{B1.Bitboard()}},
		{"article: en passant on the wrong rank", articleFEN, []WarningCode{WarnEnPassantRank}, []Bitboard{B3.Bitboard()}},
		{"en passant without pawn", "4k3/8/8/8/8/8/8/4K3 w - d6 0 1", []WarningCode{WarnEnPassantNoPawn}, []Bitboard{D5.Bitboard() | D6.Bitboard() | D7.Bitboard()}},
		{"en passant square occupied", "4k3/3p4/8/3p4/8/8/8/4K3 w - d6 0 1", []WarningCode{WarnEnPassantNoPawn}, []Bitboard{D5.Bitboard() | D6.Bitboard() | D7.Bitboard()}},
		{"king on the en passant square", "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 50",
			[]WarningCode{WarnOpponentInCheck, WarnEnPassantNoPawn}, []Bitboard{D6.Bitboard() | E5.Bitboard(), D5.Bitboard() | D6.Bitboard() | D7.Bitboard()}},
		{"en passant halfmove 3", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 2", []WarningCode{WarnEnPassantHalfmove, WarnHalfmoveClock}, []Bitboard{D6.Bitboard(), 0}},
		{"en passant halfmove 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 1 9", []WarningCode{WarnEnPassantHalfmove}, []Bitboard{D6.Bitboard()}},

		// The impossible checks chessops's isImpossibleCheck rejects.
		{"aligned checkers: rook and rook on one file", "4r3/8/8/8/4K3/8/8/k3r3 w - - 0 40", []WarningCode{WarnAlignedCheckers}, []Bitboard{E1.Bitboard() | E4.Bitboard() | E8.Bitboard()}},
		{"aligned checkers: perftsuite bishops", "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", []WarningCode{WarnAlignedCheckers}, []Bitboard{A8.Bitboard() | F3.Bitboard() | H1.Bitboard()}},
		{"rook and bishop double check is possible", "4r3/8/8/8/4K3/8/8/1k4b1 w - - 0 40", nil, nil},
		{"rook and knight double check is possible", "4r3/8/5n2/8/4K3/8/8/1k6 w - - 0 40", nil, nil},
		{"two knights", "7k/8/3n1n2/8/4K3/8/8/8 w - - 0 40", []WarningCode{WarnImpossibleDouble}, []Bitboard{D6.Bitboard() | F6.Bitboard() | E4.Bitboard()}},
		{"pawn and knight", "7k/8/5n2/3p4/4K3/8/8/8 w - - 0 40", []WarningCode{WarnImpossibleDouble}, []Bitboard{D5.Bitboard() | F6.Bitboard() | E4.Bitboard()}},
		{"three checkers", "4r2k/8/5n2/8/4K3/8/8/1b6 w - - 0 40", []WarningCode{WarnTooManyCheckers}, []Bitboard{E8.Bitboard() | F6.Bitboard() | B1.Bitboard() | E4.Bitboard()}},
		{"en passant: the pushed pawn checks", "8/8/8/3p4/4K3/8/8/7k w - d6 0 40", nil, nil},
		{"en passant: the push uncovers a bishop", "8/1b6/8/3p4/8/8/6K1/k7 w - d6 0 40", nil, nil},
		{"en passant: check from elsewhere", "4r3/8/8/3p4/8/8/8/k3K3 w - d6 0 40", []WarningCode{WarnEnPassantCheck}, []Bitboard{E8.Bitboard() | E1.Bitboard() | D5.Bitboard() | D7.Bitboard()}},
		{"en passant: two checkers", "4r3/8/8/3p4/4K3/8/8/k7 w - d6 0 40", []WarningCode{WarnEnPassantCheck}, []Bitboard{E8.Bitboard() | D5.Bitboard() | E4.Bitboard()}},
		{"en passant, black to move", "8/8/8/8/4P2k/8/8/4K2R b - e3 0 40", []WarningCode{WarnEnPassantCheck}, []Bitboard{H1.Bitboard() | H4.Bitboard() | E4.Bitboard() | E2.Bitboard()}},

		// Material that promotions cannot explain (chessops's isStandardMaterial).
		{"eleven knights", "4k3/8/8/8/NNN5/NNNNNNNN/8/4K3 w - - 0 40", []WarningCode{WarnTooManyPromoted}, []Bitboard{Rank3BB | A4.Bitboard() | B4.Bitboard() | C4.Bitboard()}},
		{"nine queens and no pawns is fine", "4k3/8/8/8/8/8/QQQQQQQQ/Q3K3 b - - 0 40", nil, nil},
		{"two queens and eight pawns", "4k3/8/8/8/8/1Q6/PPPPPPPP/3QK3 w - - 0 40", []WarningCode{WarnTooManyPromoted}, []Bitboard{B3.Bitboard() | D1.Bitboard()}},
		{"two light bishops and seven pawns is fine", "4k3/8/8/8/8/1B6/PPPPPPP1/4KB2 w - - 0 40", nil, nil},
		{"three light bishops and seven pawns", "4k3/8/8/8/8/1B1B4/PPPPPPP1/4KB2 w - - 0 40", []WarningCode{WarnTooManyPromoted}, []Bitboard{B3.Bitboard() | D3.Bitboard() | F1.Bitboard()}},
		{"black: three rooks and seven pawns is fine", "rr2k2r/ppppppp1/8/8/8/8/8/4K3 b - - 0 40", nil, nil},
		{"black: four rooks and seven pawns", "rrr1k2r/ppppppp1/8/8/8/8/8/4K3 b - - 0 40", []WarningCode{WarnTooManyPromoted}, []Bitboard{A8.Bitboard() | B8.Bitboard() | C8.Bitboard() | H8.Bitboard()}},

		// Halfmove clock against the plies played.
		{"halfmove clock 1 on move 1", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", nil, nil},
		{"halfmove clock 2 on move 1", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 2 1", []WarningCode{WarnHalfmoveClock}, []Bitboard{0}},
		{"halfmove clock 99 on move 50 white", "4k3/8/8/8/8/8/8/4K3 w - - 98 50", nil, nil},
		{"halfmove clock 99 on move 50 white", "4k3/8/8/8/8/8/8/4K3 w - - 99 50", []WarningCode{WarnHalfmoveClock}, []Bitboard{0}},
		{"black to move, white pushed", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tt.fen, err)
			}
			ws := p.Warnings()
			for _, w := range ws {
				if !slices.Contains(WarningCodes, w.Code) {
					t.Errorf("code %q is not in WarningCodes", w.Code)
				}
			}
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
