package core

import "strconv"

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
	// (WhitePawn … BlackKing); the lists share one backing array.
	Squares [PieceCount][]Square
	// Index holds, for each square in LERF order, the place of its piece
	// in that piece's list, or NoListIndex for an empty square.
	Index [SquareCount]uint8
}

// PieceLists returns p's piece lists (see [PieceLists]).
func (p *Position) PieceLists() PieceLists {
	var l PieceLists
	all := make([]Square, 0, p.occupied.Count())
	for i := range l.Index {
		l.Index[i] = NoListIndex
	}
	for pc := WhitePawn; pc < NoPiece; pc++ {
		start := len(all)
		for sq := range p.pieces[pc].Squares() {
			l.Index[sq] = uint8(len(all) - start)
			all = append(all, sq)
		}
		l.Squares[pc] = all[start:len(all):len(all)]
	}
	return l
}

// PositionFromPieceLists builds the position whose piece lists are l,
// placing each listed square's piece with Put, with the state of
// NewPosition. It returns a *ReprError (Index: the square at fault) when a
// list holds NoSquare or a square already listed, or when l.Index
// disagrees with the lists. The lists may be in any order.
func PositionFromPieceLists(l PieceLists) (Position, error) {
	p := NewPosition()
	for pc := WhitePawn; pc < NoPiece; pc++ {
		for i, sq := range l.Squares[pc] {
			switch {
			case sq >= NoSquare:
				return Position{}, reprError("piece-lists", int(sq), "the list of "+pc.String()+" holds square number "+strconv.Itoa(int(sq))+" at place "+strconv.Itoa(i))
			case p.mailbox[sq] != NoPiece:
				return Position{}, reprError("piece-lists", int(sq), sq.String()+" is in the lists of both "+p.mailbox[sq].String()+" and "+pc.String())
			case int(l.Index[sq]) != i:
				return Position{}, reprError("piece-lists", int(sq), "Index["+sq.String()+"] = "+strconv.Itoa(int(l.Index[sq]))+", but "+sq.String()+" is at place "+strconv.Itoa(i)+" of the list of "+pc.String())
			}
			p.Put(pc, sq)
		}
	}
	for sq := A1; sq < NoSquare; sq++ {
		if p.mailbox[sq] == NoPiece && l.Index[sq] != NoListIndex {
			return Position{}, reprError("piece-lists", int(sq), "Index["+sq.String()+"] = "+strconv.Itoa(int(l.Index[sq]))+" but no list holds "+sq.String()+"; want NoListIndex (255)")
		}
	}
	return p, nil
}
