package repr

import "github.com/bitview/bitview/core"

// A NamedBitboard is one bitboard of a bitboard set with its names from
// [core.BitboardNames]: Name for the API ("P", "white", "pawns") and Title as
// engine code spells it ("WhitePawns", "pieces[White]", "pieces[Pawn]").
type NamedBitboard struct {
	core.BitboardName
	Bits core.Bitboard
}

// Bitboards12 returns the 12-bitboard set: one bitboard per piece, in
// Piece order (WhitePawns … BlackKings), as Position holds them: piece
// pc's is entry pc.Index().
func Bitboards12(p *core.Position) [core.PieceCount]NamedBitboard {
	var s [core.PieceCount]NamedBitboard
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		s[pc.Index()] = NamedBitboard{core.BitboardNames[pc.Index()], p.Pieces(pc)} // BitboardNames starts with the pieces, in Piece order
	}
	return s
}

// Bitboards8 returns the 8-bitboard set: the two colours (white, black)
// and the six piece types of both colours (pawns … kings). The piece on a
// square is the colour set and the type set it belongs to: WhitePawns =
// pieces[White] & pieces[Pawn].
func Bitboards8(p *core.Position) [core.ColorCount + core.PieceTypeCount]NamedBitboard {
	var s [core.ColorCount + core.PieceTypeCount]NamedBitboard
	names := [...]string{"white", "black", "pawns", "knights", "bishops", "rooks", "queens", "kings"}
	for i, name := range names {
		n, _ := core.LookupBitboard(name)
		s[i] = NamedBitboard{n, n.Of(p)}
	}
	return s
}

// PositionFromBitboards builds the position whose 12 piece bitboards are
// pieces, in Piece order (WhitePawns … BlackKings: piece pc's is
// pieces[pc.Index()], as [Bitboards12] gives them), placing every piece
// with Put, with the state of NewPosition. Two bitboards sharing a square
// is a *Error (Index: the square).
func PositionFromBitboards(pieces [core.PieceCount]core.Bitboard) (core.Position, error) {
	p := core.NewPosition()
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		for sq := range pieces[pc.Index()].Squares() {
			if other := p.PieceAt(sq); other != core.NoPiece {
				return core.NewPosition(), reprError("bitboards-12", int(sq), sq.String()+" is in both "+other.String()+"s and "+pc.String()+"s")
			}
			p.Put(pc, sq)
		}
	}
	return p, nil
}

// PositionFromBitboards8 builds the position whose 8-bitboard set is
// colors (White, Black) and types (Pawn … King): the piece of colour c and
// type t stands on colors[c] & types[t]. It is a *Error (Index: the
// square) when the colours or the types overlap, or when a square is in a
// colour set but no type set or the reverse.
func PositionFromBitboards8(colors [core.ColorCount]core.Bitboard, types [core.PieceTypeCount]core.Bitboard) (core.Position, error) {
	var pieces [core.PieceCount]core.Bitboard
	var typed core.Bitboard
	if both := colors[core.White] & colors[core.Black]; both != 0 {
		return core.NewPosition(), reprError("bitboards-8", int(both.LSB()), both.LSB().String()+" is both white and black")
	}
	for pt := core.Pawn; pt <= core.King; pt++ {
		if both := typed & types[pt]; both != 0 {
			return core.NewPosition(), reprError("bitboards-8", int(both.LSB()), both.LSB().String()+" is in two piece types, one of them pieces["+pt.String()+"]")
		}
		typed |= types[pt]
		pieces[core.NewPiece(core.White, pt).Index()] = colors[core.White] & types[pt]
		pieces[core.NewPiece(core.Black, pt).Index()] = colors[core.Black] & types[pt]
	}
	if odd := typed ^ (colors[core.White] | colors[core.Black]); odd != 0 {
		return core.NewPosition(), reprError("bitboards-8", int(odd.LSB()), odd.LSB().String()+" has a colour but no piece type, or a type but no colour")
	}
	return PositionFromBitboards(pieces)
}
