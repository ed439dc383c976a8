package core

// A BitboardName is a bitboard the page and the JS API can show by name.
type BitboardName struct {
	Name  string // the name used by the API and the URL: "P", "white", "pawns", …
	Title string // its conventional name in engine code: "WhitePawns", "pieces[Pawn]", …
	Of    func(p *Position) Bitboard
}

// BitboardNames lists every named bitboard in the order the page offers
// them: the twelve piece bitboards by FEN letter (white first), the two
// colours, all occupied and empty squares, and the six piece types of both
// colours (the 8-bitboard representation is the colours plus the types).
var BitboardNames = func() []BitboardName {
	var ns []BitboardName
	for pc := WhitePawn; pc < NoPiece; pc++ {
		ns = append(ns, BitboardName{string(pc.Letter()), pc.String() + "s",
			func(p *Position) Bitboard { return p.pieces[pc] }})
	}
	ns = append(ns,
		BitboardName{"white", "pieces[White]", func(p *Position) Bitboard { return p.colors[White] }},
		BitboardName{"black", "pieces[Black]", func(p *Position) Bitboard { return p.colors[Black] }},
		BitboardName{"occupied", "occupied", func(p *Position) Bitboard { return p.occupied }},
		BitboardName{"empty", "~occupied", func(p *Position) Bitboard { return ^p.occupied }})
	for pt, name := range [PieceTypeCount]string{"pawns", "knights", "bishops", "rooks", "queens", "kings"} {
		ns = append(ns, BitboardName{name, "pieces[" + PieceType(pt).String() + "]",
			func(p *Position) Bitboard { return p.Types(PieceType(pt)) }})
	}
	return ns
}()

// LookupBitboard returns the named bitboard (see BitboardNames), or false
// for an unknown name.
func LookupBitboard(name string) (BitboardName, bool) {
	for _, n := range BitboardNames {
		if n.Name == name {
			return n, true
		}
	}
	return BitboardName{}, false
}
