package core

import "strings"

// A BitboardName is a bitboard the page and the JS API can show by name.
type BitboardName struct {
	Name  string // the name used by the API and the URL: "P", "white", "pawns", …
	Title string // its conventional name in engine code: "WhitePawns", "pieces[Pawn]", …
	kind  nameKind
	arg   uint8 // what the kind needs: the Piece's Index, the Color or the PieceType
}

type nameKind uint8

const (
	namePiece nameKind = iota
	nameColor
	nameOccupied
	nameEmpty
	nameType
)

// Of returns the named bitboard of p.
func (n BitboardName) Of(p *Position) Bitboard {
	switch n.kind {
	case namePiece:
		return p.Pieces(WhitePawn + Piece(n.arg%PieceCount))
	case nameColor:
		return p.colors[n.arg&1]
	case nameOccupied:
		return p.Occupied()
	case nameEmpty:
		return ^p.Occupied()
	default:
		return p.Types(PieceType(n.arg))
	}
}

// BitboardNames lists every named bitboard in the order the page offers
// them: the twelve piece bitboards by FEN letter (white first), the two
// colours, all occupied and empty squares, and the six piece types of both
// colours (the 8-bitboard representation is the colours plus the types).
var BitboardNames = func() []BitboardName {
	var ns []BitboardName
	for pc := WhitePawn; pc <= BlackKing; pc++ {
		ns = append(ns, BitboardName{string(pc.Letter()), pc.String() + "s", namePiece, uint8(pc.Index())})
	}
	ns = append(ns,
		BitboardName{"white", "pieces[White]", nameColor, uint8(White)},
		BitboardName{"black", "pieces[Black]", nameColor, uint8(Black)},
		BitboardName{"occupied", "occupied", nameOccupied, 0},
		BitboardName{"empty", "~occupied", nameEmpty, 0})
	for pt, name := range [PieceTypeCount]string{"pawns", "knights", "bishops", "rooks", "queens", "kings"} {
		ns = append(ns, BitboardName{name, "pieces[" + PieceType(pt).String() + "]", nameType, uint8(pt)})
	}
	return ns
}()

// LookupBitboard returns the named bitboard (see BitboardNames), or false
// for an unknown name.
func LookupBitboard(name string) (BitboardName, bool) {
	if len(name) == 1 {
		pc, ok := PieceFromLetter(name[0])
		if !ok {
			return BitboardName{}, false
		}
		return BitboardNames[pc.Index()], true // the table starts with the pieces, in Piece order
	}
	for _, n := range BitboardNames[PieceCount:] {
		if n.Name == name {
			return n, true
		}
	}
	return BitboardName{}, false
}

// Description says in words which squares n holds, e.g. "the white pawns",
// "every black piece", "every empty square" or "the knights of both
// colours" (the expression language's help text lists it).
func (n BitboardName) Description() string {
	switch n.kind {
	case namePiece:
		pc := WhitePawn + Piece(n.arg%PieceCount)
		return "the " + pc.Color().String() + " " + strings.ToLower(pc.Type().String()) + "s"
	case nameColor:
		return "every " + Color(n.arg).String() + " piece"
	case nameOccupied:
		return "every occupied square"
	case nameEmpty:
		return "every empty square"
	default:
		return "the " + strings.ToLower(PieceType(n.arg).String()) + "s of both colours"
	}
}
