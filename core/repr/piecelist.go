package repr

import (
	"strconv"

	"github.com/bitview/bitview/core"
)

// NoListIndex is the PieceLists.Index entry of an empty square.
const NoListIndex uint8 = 0xFF

// PieceLists is the piece-list representation engines keep beside a board
// array (Stockfish's pieceList, pieceCount and index): for each piece the
// list of its squares, and for each square the place of its piece in that
// list, so a capture can remove the piece from its list in constant time.
//
// An engine's lists are in the order the pieces happened to move; Bitview's
// are in ascending LERF order (a1 first), so one position always gives the
// same lists. For the start position:
//
//	Squares[WhiteKnight] = [b1 g1]   Index[b1] = 0, Index[g1] = 1
//	Squares[BlackKing]   = [e8]      Index[e8] = 0
//	Index[e4] = NoListIndex (255)
type PieceLists struct {
	// Squares holds the list of each piece, indexed by Piece
	// (WhitePawn … BlackKing; Squares[NoPiece] is nil); the lists share
	// one backing array.
	Squares [core.PieceCount + 1][]core.Square
	// Index holds, for each square in LERF order, the place of its piece
	// in that piece's list, or NoListIndex for an empty square.
	Index [core.SquareCount]uint8
}

// PieceLists returns p's piece lists (see [PieceLists]).
func PieceListsOf(p *core.Position) PieceLists {
	var l PieceLists
	all := make([]core.Square, 0, p.Occupied().Count())
	for i := range l.Index {
		l.Index[i] = NoListIndex
	}
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		start := len(all)
		for sq := range p.Pieces(pc).Squares() {
			l.Index[sq] = uint8(len(all) - start)
			all = append(all, sq)
		}
		l.Squares[pc] = all[start:len(all):len(all)]
	}
	return l
}

// PositionFromPieceLists builds the position whose piece lists are l,
// placing each listed square's piece with Put, with the state of
// NewPosition. It returns a *Error (Index: the square at fault) when a
// list holds NoSquare or a square already listed, or when l.Index
// disagrees with the lists. The lists may be in any order.
func PositionFromPieceLists(l PieceLists) (core.Position, error) {
	p := core.NewPosition()
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		for i, sq := range l.Squares[pc] {
			switch {
			case sq >= core.NoSquare:
				return core.NewPosition(), reprError("piece-lists", int(sq), "the list of "+pc.String()+" holds square number "+strconv.Itoa(int(sq))+" at place "+strconv.Itoa(i))
			case p.PieceAt(sq) != core.NoPiece:
				return core.NewPosition(), reprError("piece-lists", int(sq), sq.String()+" is in the lists of both "+p.PieceAt(sq).String()+" and "+pc.String())
			case int(l.Index[sq]) != i:
				return core.NewPosition(), reprError("piece-lists", int(sq), "Index["+sq.String()+"] = "+strconv.Itoa(int(l.Index[sq]))+", but "+sq.String()+" is at place "+strconv.Itoa(i)+" of the list of "+pc.String())
			}
			p.Put(pc, sq)
		}
	}
	for sq := core.A1; sq < core.NoSquare; sq++ {
		if p.PieceAt(sq) == core.NoPiece && l.Index[sq] != NoListIndex {
			return core.NewPosition(), reprError("piece-lists", int(sq), "Index["+sq.String()+"] = "+strconv.Itoa(int(l.Index[sq]))+" but no list holds "+sq.String()+"; want NoListIndex (255)")
		}
	}
	return p, nil
}
