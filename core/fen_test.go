package core

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Positions the tests, fuzz seeds and benchmarks share.
const (
	kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	// articleFEN is the position from one of our reference articles; its en
	// passant target square b3 is on the wrong rank for White to move.
	articleFEN = "r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13"
)

// checkInvariants fails t unless p's mailbox, bitboards and occupancy agree.
func checkInvariants(t testing.TB, p *Position) {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: inconsistent position: %v", p.FEN(), err)
	}
}

func TestParseFENValid(t *testing.T) {
	tests := []struct {
		name, fen, want string
		pieces          map[Square]Piece // spot checks of the mailbox
		side            Color
		castling        CastlingRights
		ep              Square
		half, full      int
	}{
		{"start", StartFEN, StartFEN,
			map[Square]Piece{A1: WhiteRook, E1: WhiteKing, D8: BlackQueen, E2: WhitePawn, H7: BlackPawn, E4: NoPiece},
			White, AllCastling, NoSquare, 0, 1},
		{"kiwipete four fields", strings.TrimSuffix(kiwipete, " 0 1"), kiwipete,
			map[Square]Piece{E5: WhiteKnight, A6: BlackBishop, H3: BlackPawn, F3: WhiteQueen, E7: BlackQueen},
			White, AllCastling, NoSquare, 0, 1},
		{"article", articleFEN, articleFEN,
			map[Square]Piece{B4: WhitePawn, E4: BlackPawn, A5: BlackBishop, G1: WhiteKing},
			White, BlackKingside | BlackQueenside, B3, 0, 13},
		{"after 1.e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			map[Square]Piece{E4: WhitePawn, E2: NoPiece}, Black, AllCastling, E3, 0, 1},
		{"surrounding whitespace and runs of spaces", " \t\r\n8/8/8/8/8/8/8/K6k   b  Kq\t-  12   40 \r\n",
			"8/8/8/8/8/8/8/K6k b Kq - 12 40", map[Square]Piece{A1: WhiteKing, H1: BlackKing},
			Black, WhiteKingside | BlackQueenside, NoSquare, 12, 40},
		{"empty board", "8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1", nil, White, 0, NoSquare, 0, 1},
		{"largest counters", "4k3/8/8/8/8/8/8/4K3 w - - 2147483647 2147483647",
			"4k3/8/8/8/8/8/8/4K3 w - - 2147483647 2147483647", nil, White, 0, NoSquare, MaxCounter, MaxCounter},
		{"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
			map[Square]Piece{A5: WhiteKing, H4: BlackKing, B4: WhiteRook}, White, 0, NoSquare, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q) error: %v", tt.fen, err)
			}
			checkInvariants(t, &p)
			if got := p.FEN(); got != tt.want {
				t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.fen, got, tt.want)
			}
			for sq, want := range tt.pieces {
				if got := p.PieceAt(sq); got != want {
					t.Errorf("PieceAt(%v) = %v, want %v", sq, got, want)
				}
			}
			if p.SideToMove != tt.side || p.Castling != tt.castling || p.EnPassant != tt.ep ||
				p.HalfmoveClock != tt.half || p.FullmoveNumber != tt.full {
				t.Errorf("state = %v %v %v %d %d, want %v %v %v %d %d", p.SideToMove, p.Castling, p.EnPassant,
					p.HalfmoveClock, p.FullmoveNumber, tt.side, tt.castling, tt.ep, tt.half, tt.full)
			}
			again, err := ParseFEN(p.FEN())
			if err != nil || again != p {
				t.Errorf("round trip of %q: %v, equal %v", p.FEN(), err, again == p)
			}
		})
	}
}

// invalidFENs lists inputs ParseFEN must reject, with the field, offset
// and kind of the error and a part of its message.
var invalidFENs = []struct {
	name, fen string
	field     int
	offset    int
	kind      error
	msg       string
}{
	{"empty", "", 1, 0, ErrFENSyntax, "the FEN is empty"},
	{"blank", " \t\r\n", 1, 4, ErrFENSyntax, "the FEN is empty"},
	{"rank too long", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 17, ErrFENSyntax, "rank 7 has 9 squares"},
	{"rank too long by digits", "rnbqkbnr/pppppppp/5p3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 20, ErrFENSyntax, "rank 6 has 9 squares"},
	{"rank too short", "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 19, ErrFENSyntax, "rank 6 has 7 squares"},
	{"last rank too short", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", 1, 42, ErrFENSyntax, "rank 1 has 7 squares"},
	{"two adjacent digits", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 19, ErrFENSyntax, "two digits in a row"},
	{"digit 9", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 18, ErrFENSyntax, "'9' is not a piece letter"},
	{"digit 0", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 18, ErrFENSyntax, "'0' is not a piece letter"},
	{"not a piece letter", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 13, ErrFENSyntax, "'x' is not a piece letter"},
	{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 41, ErrFENSyntax, "piece placement has 7 ranks"},
	{"nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 36, ErrFENSyntax, "more than 8 ranks"},
	{"unicode space", "8/8/8/8/8/8/8/8\u00a0w - - 0 1", 1, 15, ErrFENSyntax, "U+00A0"},
	{"invalid utf-8", "8/8/8/8/8/8/8/8 w - - 0 1\xff", 6, 25, ErrFENSyntax, "byte 0xff"},
	{"newline inside", "8/8/8/8/8/8/8/8 w\n- - 0 1", 2, 16, ErrFENSyntax, `active color "w\n-" must be 'w' or 'b'`},
	{"no active color", "8/8/8/8/8/8/8/8", 2, 15, ErrFENSyntax, "active color is missing"},
	{"upper-case side", "8/8/8/8/8/8/8/8 W - - 0 1", 2, 16, ErrFENSyntax, `active color "W" must be 'w' or 'b'`},
	{"long side", "8/8/8/8/8/8/8/8 white - - 0 1", 2, 16, ErrFENSyntax, `"white" must be 'w' or 'b'`},
	{"no castling", "8/8/8/8/8/8/8/8 w", 3, 17, ErrFENSyntax, "castling availability is missing"},
	{"castling repeat", "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", 3, 27, ErrFENSyntax, "'K' appears twice"},
	{"castling order", "r3k2r/8/8/8/8/8/8/R3K2R w QK - 0 1", 3, 27, ErrFENSyntax, "'K' comes too late"},
	{"castling order black", "r3k2r/8/8/8/8/8/8/R3K2R w qk - 0 1", 3, 27, ErrFENSyntax, "'k' comes too late"},
	{"castling letter on the king's file", "r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1", 3, 26, ErrFENSyntax, "names the e-file, the white king's"},
	{"castling letter on the file of a king off its back rank", "r3k2r/8/8/8/4K3/8/8/R6R w E - 0 1", 3, 26, ErrFENSyntax, "names the e-file"},
	{"one right in two notations", "r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", 3, 27, ErrFENSyntax, "'H' and 'K' both give white's h-file side castling right"},
	{"one right by two files", "r3k2r/8/8/8/8/8/8/RR2K1RR w HG - 0 1", 3, 29, ErrFENSyntax, "'G' and 'H' both give"},
	{"shredder file twice", "r3k2r/8/8/8/8/8/8/R3K2R w HAhh - 0 1", 3, 29, ErrFENSyntax, "'h' appears twice"},
	{"shredder white after black", "r3k2r/8/8/8/8/8/8/R3K2R w hA - 0 1", 3, 27, ErrFENSyntax, "'A' comes too late"},
	{"x-fen white after black", "r3k2r/8/8/8/8/8/8/R3K2R w kG - 0 1", 3, 27, ErrFENSyntax, "'G' comes too late"},
	{"castling junk", "r3k2r/8/8/8/8/8/8/R3K2R w K? - 0 1", 3, 27, ErrFENSyntax, "'?' is not a castling letter"},
	{"dash then letters", "r3k2r/8/8/8/8/8/8/R3K2R w -K - 0 1", 3, 27, ErrFENSyntax, "must stand alone"},
	{"letters then dash", "r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1", 3, 27, ErrFENSyntax, "must stand alone"},
	{"no en passant", "8/8/8/8/8/8/8/8 w -", 4, 19, ErrFENSyntax, "en passant target square is missing"},
	{"en passant rank 4", "8/8/8/8/4P3/8/8/8 b - e4 0 1", 4, 23, ErrFENSyntax, "e4 is not on rank 3 or 6"},
	{"en passant not a square", "8/8/8/8/8/8/8/8 w - i3 0 1", 4, 20, ErrFENSyntax, `"i3" must be '-' or a square`},
	{"en passant upper case", "8/8/8/8/8/8/8/8 w - E3 0 1", 4, 20, ErrFENSyntax, `"E3" must be '-' or a square`},
	{"en passant too long", "8/8/8/8/8/8/8/8 w - e33 0 1", 4, 22, ErrFENSyntax, `"e33" must be '-' or a square`},
	{"en passant half", "8/8/8/8/8/8/8/8 w - e 0 1", 4, 20, ErrFENSyntax, `"e" must be '-' or a square`},
	{"negative halfmove", "8/8/8/8/8/8/8/8 w - - -1 1", 5, 22, ErrFENSyntax, "without a sign"},
	{"plus halfmove", "8/8/8/8/8/8/8/8 w - - +1 1", 5, 22, ErrFENSyntax, "without a sign"},
	{"leading zero", "8/8/8/8/8/8/8/8 w - - 01 1", 5, 22, ErrFENSyntax, `halfmove clock "01" has a leading zero`},
	{"halfmove letters", "8/8/8/8/8/8/8/8 w - - 1x 1", 5, 23, ErrFENSyntax, "'x' is not a digit"},
	{"halfmove overflow", "8/8/8/8/8/8/8/8 w - - 99999999999999999999 1", 5, 22, ErrFENRange, "is too large"},
	{"halfmove just over", "8/8/8/8/8/8/8/8 w - - 2147483648 1", 5, 22, ErrFENRange, "2147483648 is too large"},
	{"fullmove zero", "8/8/8/8/8/8/8/8 w - - 0 0", 6, 24, ErrFENRange, "at least 1"},
	{"fullmove overflow", "8/8/8/8/8/8/8/8 w - - 0 3000000000", 6, 24, ErrFENRange, "is too large"},
	{"fullmove decimal", "8/8/8/8/8/8/8/8 w - - 0 1.5", 6, 25, ErrFENSyntax, "'.' is not a digit"},
	{"five fields", "8/8/8/8/8/8/8/8 w - - 0", 6, 23, ErrFENSyntax, "fullmove number is missing"},
	{"extra field", StartFEN + " 7", 6, 57, ErrFENSyntax, `unexpected text "7"`},
	// A quoted field is cut to 40 characters, then its length (package excerpt).
	{"long extra field", StartFEN + " " + strings.Repeat("x", 100), 6, 57, ErrFENSyntax,
		`unexpected text "` + strings.Repeat("x", 40) + `"… (100 bytes) after the fullmove number`},
	{"long en passant", "8/8/8/8/8/8/8/8 w - e" + strings.Repeat("é", 100) + " 0 1", 4, 20, ErrFENSyntax,
		`"e` + strings.Repeat("é", 39) + `"… (201 bytes) must be '-' or a square`},
	{"long halfmove", "8/8/8/8/8/8/8/8 w - - " + strings.Repeat("9", 100) + " 1", 5, 22, ErrFENRange,
		"halfmove clock " + strings.Repeat("9", 40) + "… (100 bytes) is too large"},
	{"too long", StartFEN + strings.Repeat(" ", 200) + "x", 6, MaxFENLength, ErrFENSyntax, "longer than 256 bytes"},
	{"too long inside a character", "x" + strings.Repeat("é", 200), 1, MaxFENLength - 1, ErrFENSyntax, "longer than 256 bytes"},
}

// emptyFEN is the FEN of the empty position, NewPosition(), which ParseFEN
// returns with every error.
const emptyFEN = "8/8/8/8/8/8/8/8 w - - 0 1"

// TestEmptyPosition pins what "empty" means: NewPosition is an empty
// board (NoPiece everywhere, no bitboard set) with White to move, no
// castling rights and no en passant target square, FEN emptyFEN, and
// ParseFEN reads emptyFEN back as it. The zero Position has the same
// board (NoPiece is the zero Piece) but en passant a1 and fullmove 0, so
// Validate rejects it.
func TestEmptyPosition(t *testing.T) {
	e := NewPosition()
	checkInvariants(t, &e)
	if e.FEN() != emptyFEN || e.EnPassant != NoSquare || e.Castling != NoCastling || e.SideToMove != White ||
		e.HalfmoveClock != 0 || e.FullmoveNumber != 1 || e.Occupied() != 0 {
		t.Errorf("NewPosition() = %q (en passant %v), want %q", e.FEN(), e.EnPassant, emptyFEN)
	}
	if p, err := ParseFEN(emptyFEN); err != nil || p != e {
		t.Errorf("ParseFEN(%q) = %q, %v; want NewPosition()", emptyFEN, p.FEN(), err)
	}
	var zero Position
	for sq := A1; sq < NoSquare; sq++ {
		if zero.PieceAt(sq) != NoPiece || e.PieceAt(sq) != NoPiece {
			t.Fatalf("%v holds %v in the zero Position, %v in NewPosition(); want NoPiece", sq, zero.PieceAt(sq), e.PieceAt(sq))
		}
	}
	if zero.Mailbox() != e.Mailbox() || zero.Occupied() != 0 {
		t.Errorf("the zero Position's board is not empty: %q", zero.FEN())
	}
	if err := zero.Validate(); err == nil || !strings.Contains(err.Error(), "en passant target square a1") {
		t.Errorf("Validate() of the zero Position = %v, want its en passant square a1 rejected", err)
	}
}

func TestParseFENInvalid(t *testing.T) {
	for _, tt := range invalidFENs {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if p != NewPosition() || p.FEN() != emptyFEN {
				t.Errorf("ParseFEN(%q) = %q with its error, want the empty position %q", tt.fen, p.FEN(), emptyFEN)
			}
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q) error = %v, want a *FENError", tt.fen, err)
			}
			if fe.Field != tt.field || fe.Offset != tt.offset || !errors.Is(err, tt.kind) || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("ParseFEN(%q) = field %d offset %d kind %v msg %q,\n want field %d offset %d kind %v msg containing %q",
					tt.fen, fe.Field, fe.Offset, fe.Err, fe.Msg, tt.field, tt.offset, tt.kind, tt.msg)
			}
			if fe.FieldName() != FieldName(tt.field) || !strings.Contains(err.Error(), FieldName(tt.field)) {
				t.Errorf("error %q does not name field %q", err, FieldName(tt.field))
			}
		})
	}
}

func TestParseFENOrPlacement(t *testing.T) {
	startPlacement := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	kiwiPlacement := strings.Fields(kiwipete)[0]
	valid := []struct {
		name, in, want string // want: the full FEN it reads as
		placementOnly  bool
	}{
		{"start placement", startPlacement, startPlacement + " w - - 0 1", true},
		{"kiwipete placement", kiwiPlacement, kiwiPlacement + " w - - 0 1", true},
		{"blanks around", " \t" + startPlacement + "\r\n", startPlacement + " w - - 0 1", true},
		{"empty board", "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8 w - - 0 1", true},
		{"full FEN", StartFEN, StartFEN, false},
		{"four fields", kiwiPlacement + " b Kq e3", kiwiPlacement + " b Kq e3 0 1", false},
	}
	for _, tt := range valid {
		t.Run(tt.name, func(t *testing.T) {
			p, only, err := ParseFENOrPlacement(tt.in)
			want, werr := ParseFEN(tt.want)
			if err != nil || werr != nil || p != want || only != tt.placementOnly {
				t.Fatalf("ParseFENOrPlacement(%q) = %q, %v, %v; want %q, %v", tt.in, p.FEN(), only, err, tt.want, tt.placementOnly)
			}
			checkInvariants(t, &p)
		})
	}
	// Everything ParseFEN rejects keeps its error, field and offset, but
	// for the placement alone; a placement with only some of the other
	// fields is still rejected.
	for _, tt := range invalidFENs {
		t.Run(tt.name, func(t *testing.T) {
			p, only, err := ParseFENOrPlacement(tt.fen)
			if tt.name == "no active color" {
				if err != nil || !only || p.FEN() != "8/8/8/8/8/8/8/8 w - - 0 1" {
					t.Errorf("ParseFENOrPlacement(%q) = %q, %v, %v", tt.fen, p.FEN(), only, err)
				}
				return
			}
			_, strict := ParseFEN(tt.fen)
			if p != NewPosition() {
				t.Errorf("ParseFENOrPlacement(%q) = %q with its error, want the empty position %q", tt.fen, p.FEN(), emptyFEN)
			}
			if only || !reflect.DeepEqual(err, strict) {
				t.Errorf("ParseFENOrPlacement(%q) = %v, %v; ParseFEN says %v", tt.fen, only, err, strict)
			}
		})
	}
	for _, tt := range []struct {
		name, in      string
		field, offset int
		msg           string
	}{
		{"rank too long", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 1, 17, "rank 7 has 9 squares"},
		{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR", 1, 41, "piece placement has 7 ranks"},
		{"bad letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX", 1, 42, "'X' is not a piece letter"},
		{"side only", startPlacement + " w", 3, 45, "castling availability is missing"},
		{"side and castling", startPlacement + " w KQkq", 4, 50, "en passant target square is missing"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, only, err := ParseFENOrPlacement(tt.in)
			var fe *FENError
			if !errors.As(err, &fe) || only || fe.Field != tt.field || fe.Offset != tt.offset || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("ParseFENOrPlacement(%q) = %v, %v; want field %d offset %d %q", tt.in, only, err, tt.field, tt.offset, tt.msg)
			}
		})
	}
	if !strings.Contains(PlacementOnlyNotice, "white to move") || !strings.Contains(PlacementOnlyNotice, "no castling") {
		t.Errorf("PlacementOnlyNotice = %q", PlacementOnlyNotice)
	}
}

func TestFieldName(t *testing.T) {
	want := []string{"FEN", "piece placement", "active color", "castling availability",
		"en passant target square", "halfmove clock", "fullmove number", "FEN"}
	for n, w := range want {
		if got := FieldName(n); got != w {
			t.Errorf("FieldName(%d) = %q, want %q", n, got, w)
		}
	}
}

func TestAppendFENNoAlloc(t *testing.T) {
	p, _ := ParseFEN(kiwipete)
	buf := make([]byte, 0, 128)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendFEN(buf[:0]) }); n != 0 {
		t.Errorf("AppendFEN allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseFEN(kiwipete) }); n != 0 {
		t.Errorf("ParseFEN allocates %v times, want 0", n)
	}
	if string(buf) != kiwipete {
		t.Errorf("AppendFEN = %q, want %q", buf, kiwipete)
	}
}

func TestCastlingNotationOf(t *testing.T) {
	for _, tt := range []struct {
		fen  string
		want CastlingNotation
	}{
		{StartFEN, XFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", ShredderFEN},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", ShredderFEN},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", ShredderFEN}, // EPD's four fields
		{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 9", ShredderFEN},   // White's rights alone
		{"1r1k1r2/8/8/8/8/8/8/RR1K1RR1 w KBkb - 0 1", XFEN},                            // X-FEN: K, k and an inner rook's letter
		{"8/8/8/8/8/8/8/4K2k w - - 0 1", XFEN},
		{"4k3/8/8/8/8/8/8/4K3", XFEN}, // a piece placement alone
		{"", XFEN},
		{"x y Hz - 0 1", XFEN}, // not a castling field: not Shredder-FEN
	} {
		if got := CastlingNotationOf(tt.fen); got != tt.want {
			t.Errorf("CastlingNotationOf(%q) = %v, want %v", tt.fen, got, tt.want)
		}
	}
}
