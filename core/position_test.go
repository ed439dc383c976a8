package core

import "testing"

func TestPutRemove(t *testing.T) {
	p := NewPosition()
	checkInvariants(t, &p)
	p.Put(WhiteKing, E1)
	checkInvariants(t, &p)
	p.Put(BlackQueen, E1) // replaces the king
	checkInvariants(t, &p)
	if p.PieceAt(E1) != BlackQueen || p.Pieces(WhiteKing) != 0 || p.Colors(White) != 0 || p.Occupied() != E1.Bitboard() {
		t.Errorf("after Put: %s", p.FEN())
	}
	if got := p.Remove(E1); got != BlackQueen || p.Occupied() != 0 {
		t.Errorf("Remove(e1) = %v, occupied %#x", got, p.Occupied())
	}
	if got := p.Remove(E1); got != NoPiece {
		t.Errorf("Remove(empty) = %v", got)
	}
	checkInvariants(t, &p)
	if p.PieceAt(NoSquare) != NoPiece || p.King(White) != NoSquare {
		t.Error("PieceAt(NoSquare) or King of an empty board")
	}
}

// TestPutNoPiece checks that Put panics for NoPiece before it changes
// anything, and that the bitboard of NoPiece is empty.
func TestPutNoPiece(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	before := p
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Put(NoPiece, e1) did not panic")
			}
		}()
		p.Put(NoPiece, E1)
	}()
	if p != before {
		t.Errorf("Put(NoPiece, e1) changed the position to %s", p.FEN())
	}
	if b := p.Pieces(NoPiece); b != 0 {
		t.Errorf("Pieces(NoPiece) = %#x, want 0", b)
	}
}

// TestBuildStartPosition builds the start position piece by piece and
// compares it with the parsed one: Put is the only way in and agrees with
// ParseFEN.
func TestBuildStartPosition(t *testing.T) {
	want, _ := ParseFEN(StartFEN)
	p := NewPosition()
	back := []PieceType{Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook}
	for f := FileA; f <= FileH; f++ {
		p.Put(NewPiece(White, back[f]), NewSquare(f, Rank1))
		p.Put(WhitePawn, NewSquare(f, Rank2))
		p.Put(BlackPawn, NewSquare(f, Rank7))
		p.Put(NewPiece(Black, back[f]), NewSquare(f, Rank8))
		checkInvariants(t, &p)
	}
	p.Castling = AllCastling
	if p != want {
		t.Errorf("built %s, want %s", p.FEN(), want.FEN())
	}
	if p.Types(Pawn) != Rank2BB|Rank7BB || p.Colors(Black) != Rank7BB|Rank8BB || p.King(Black) != E8 {
		t.Error("8-bitboard view of the start position")
	}
	mb := p.Mailbox()
	if mb[D1] != WhiteQueen || mb[E4] != NoPiece {
		t.Error("Mailbox()")
	}
}

// TestCheckFindsCorruption breaks each invariant on purpose and expects
// Check to notice.
func TestCheckFindsCorruption(t *testing.T) {
	start, _ := ParseFEN(StartFEN)
	tests := []struct {
		name    string
		corrupt func(p *Position)
	}{
		{"bitboard without mailbox", func(p *Position) { p.pieces[WhiteQueen] |= E4.Bitboard() }},
		{"mailbox without bitboard", func(p *Position) { p.mailbox[E4] = BlackKnight }},
		{"bitboard of NoPiece", func(p *Position) { p.pieces[NoPiece] |= E4.Bitboard() }},
		{"two pieces on one square", func(p *Position) { p.pieces[BlackPawn] |= E2.Bitboard() }},
		{"stale colour occupancy", func(p *Position) { p.colors[White] |= E4.Bitboard() }},
		{"invalid mailbox piece", func(p *Position) { p.mailbox[E4] = 200 }},
		{"side to move", func(p *Position) { p.SideToMove = 2 }},
		{"castling rights", func(p *Position) { p.Castling = 16 }},
		{"en passant rank", func(p *Position) { p.EnPassant = E4 }},
		{"halfmove clock", func(p *Position) { p.HalfmoveClock = -1 }},
		{"fullmove number", func(p *Position) { p.FullmoveNumber = 0 }},
	}
	for _, tt := range tests {
		p := start
		tt.corrupt(&p)
		if err := p.Validate(); err == nil {
			t.Errorf("%s: Check() = nil", tt.name)
		}
	}
}

func TestCastlingRightsString(t *testing.T) {
	for cr, want := range map[CastlingRights]string{0: "-", AllCastling: "KQkq", WhiteKingside | BlackQueenside: "Kq", BlackKingside: "k"} {
		if got := cr.String(); got != want {
			t.Errorf("CastlingRights(%d) = %q, want %q", cr, got, want)
		}
	}
}

func TestBitboardNames(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	tests := map[string]struct {
		title string
		want  Bitboard
	}{
		"P": {"WhitePawns", Rank2BB}, "k": {"BlackKings", E8.Bitboard()}, "white": {"pieces[White]", Rank1BB | Rank2BB},
		"occupied": {"occupied", Rank1BB | Rank2BB | Rank7BB | Rank8BB}, "empty": {"~occupied", Rank3BB | Rank4BB | Rank5BB | Rank6BB},
		"rooks": {"pieces[Rook]", squares(A1, H1, A8, H8)},
	}
	for name, tt := range tests {
		n, ok := LookupBitboard(name)
		if !ok || n.Title != tt.title || n.Of(&p) != tt.want {
			t.Errorf("LookupBitboard(%q) = %q %#x, want %q %#x", name, n.Title, n.Of(&p), tt.title, tt.want)
		}
	}
	if len(BitboardNames) != 22 {
		t.Errorf("%d names, want 22", len(BitboardNames))
	}
	if _, ok := LookupBitboard("nope"); ok {
		t.Error("unknown name found")
	}
}
