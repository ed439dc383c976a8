package core

import (
	"errors"
	"strconv"
)

// CastlingRights is a set of castling rights as four flags, in the order
// FEN writes them ("KQkq").
type CastlingRights uint8

// The castling rights; NoCastling is the empty set and AllCastling the full one.
const (
	WhiteKingside  CastlingRights = 1
	WhiteQueenside CastlingRights = 2
	BlackKingside  CastlingRights = 4
	BlackQueenside CastlingRights = 8
	NoCastling     CastlingRights = 0
	AllCastling                   = WhiteKingside | WhiteQueenside | BlackKingside | BlackQueenside
)

// castlingLetters holds the FEN letter of each flag, lowest flag first.
const castlingLetters = "KQkq"

// String returns the rights as FEN's castling availability field: a subset
// of "KQkq" in that order, or "-" when empty.
func (cr CastlingRights) String() string {
	if cr&AllCastling == 0 {
		return "-"
	}
	return string(cr.appendTo(nil))
}

// appendTo appends the FEN castling availability field to dst.
func (cr CastlingRights) appendTo(dst []byte) []byte {
	if cr&AllCastling == 0 {
		return append(dst, '-')
	}
	for i := range 4 {
		if cr&(1<<i) != 0 {
			dst = append(dst, castlingLetters[i])
		}
	}
	return dst
}

// A Position is a chess position held the way engines hold it: twelve piece
// bitboards indexed by [Piece], an 8×8 mailbox of pieces indexed by
// [Square] (LERF), white, black and all occupancy kept in lockstep with
// them, and the irreversible state FEN records (PGN standard, section 16.1).
//
// The board changes only through [Position.Put] and [Position.Remove];
// [Position.Validate] proves the mailbox, bitboards and occupancy agree.
// Positions are comparable with ==. The zero Position has an empty board
// (its mailbox is NoPiece everywhere) but is not the empty position: its
// en passant target square reads a1 and its fullmove number 0, which
// [Position.Validate] rejects. Start from [NewPosition] (the empty
// position) or [ParseFEN].
type Position struct {
	pieces  [PieceCount + 1]Bitboard // indexed by Piece; pieces[NoPiece] stays empty
	colors  [ColorCount]Bitboard     // the occupancy is their union (Occupied)
	mailbox [SquareCount]Piece

	// SideToMove is the colour to move (FEN field 2, active color).
	SideToMove Color
	// Castling holds the castling rights (FEN field 3, castling availability).
	Castling CastlingRights
	// EnPassant is the en passant target square, the square a pawn that
	// just advanced two squares passed over, or NoSquare (FEN field 4).
	EnPassant Square
	// HalfmoveClock counts halfmoves since the last capture or pawn
	// advance, for the fifty-move rule (FEN field 5); 0 to MaxCounter.
	HalfmoveClock int
	// FullmoveNumber is the number of the full move, starting at 1 and
	// incremented after Black's move (FEN field 6); 1 to MaxCounter.
	FullmoveNumber int
}

// MaxCounter is the largest halfmove clock or fullmove number Bitview
// accepts, the largest int32 (so the value is exact in every language the
// position is handed to).
const MaxCounter = 1<<31 - 1

// NewPosition returns the empty position: an empty board (NoPiece on
// every square, no piece bitboard set) with White to move, no castling
// rights, no en passant target square, halfmove clock 0 and fullmove
// number 1. Its FEN is "8/8/8/8/8/8/8/8 w - - 0 1". Every function of
// core and its sub-packages that returns a Position with an error
// returns this one.
func NewPosition() Position {
	return Position{EnPassant: NoSquare, FullmoveNumber: 1}
}

// Put places piece pc on sq, first removing whatever stood there. pc must
// be a piece (not NoPiece) and sq a square (not NoSquare): Put panics for
// NoPiece, before it changes anything, and for NoSquare (index out of
// range).
func (p *Position) Put(pc Piece, sq Square) {
	if pc == NoPiece {
		panic(errPutNoPiece)
	}
	p.Remove(sq)
	p.put(pc, sq)
}

// errPutNoPiece is what Put panics with for NoPiece.
var errPutNoPiece = errors.New("core: Put of NoPiece")

// put places pc, a piece, on the empty square sq: the one writer of the
// bitboards, colour occupancy and mailbox that Put, Play and ParseFEN all
// go through ([Position.Remove] is its inverse). The occupancy is the
// union of the colours (Occupied), so it cannot disagree with them and
// costs no write.
func (p *Position) put(pc Piece, sq Square) {
	b := Bitboard(1) << (sq & 63)
	p.pieces[pc] |= b
	p.colors[pc.Color()] |= b
	p.mailbox[sq&63] = pc
}

// Remove empties sq and returns the piece that stood there, or NoPiece.
// sq must be a square: Remove panics (index out of range) for NoSquare.
func (p *Position) Remove(sq Square) Piece {
	pc := p.mailbox[sq]
	if pc == NoPiece {
		return NoPiece
	}
	b := sq.Bitboard()
	p.pieces[pc] &^= b
	p.colors[pc.Color()] &^= b
	p.mailbox[sq] = NoPiece
	return pc
}

// PieceAt returns the piece on sq (the mailbox), or NoPiece.
func (p *Position) PieceAt(sq Square) Piece {
	if sq >= NoSquare {
		return NoPiece
	}
	return p.mailbox[sq]
}

// Mailbox returns the 8×8 mailbox: the piece on each square in LERF order,
// NoPiece for an empty square.
func (p *Position) Mailbox() [SquareCount]Piece { return p.mailbox }

// Pieces returns the bitboard of piece pc, one of the twelve (e.g.
// WhitePawn's is "WhitePawns" in engine code); Pieces(NoPiece) is empty.
// It panics (index out of range) for a value past BlackKing.
func (p *Position) Pieces(pc Piece) Bitboard { return p.pieces[pc] }

// Colors returns the occupancy of colour c: every square holding one of its
// pieces. With [Position.Types] it forms the 8-bitboard representation.
func (p *Position) Colors(c Color) Bitboard { return p.colors[c] }

// Types returns the squares holding a piece of type pt of either colour
// ("pieces[Pawn]" in the 8-bitboard representation).
func (p *Position) Types(pt PieceType) Bitboard {
	return p.Pieces(NewPiece(White, pt)) | p.Pieces(NewPiece(Black, pt))
}

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.colors[White] | p.colors[Black] }

// King returns the square of the king of colour c, or NoSquare when c has
// no king (with several kings, the lowest).
func (p *Position) King(c Color) Square { return p.Pieces(NewPiece(c, King)).LSB() }

// Validate verifies that the mailbox, the twelve piece bitboards and the
// occupancy bitboards describe the same board, that no two piece bitboards
// share a square, and that the irreversible state is in range. It returns
// nil or an error naming the first disagreement found.
func (p *Position) Validate() error {
	var seen, colors [ColorCount]Bitboard
	var all Bitboard
	if p.pieces[NoPiece] != 0 {
		return errors.New("the bitboard of NoPiece has " + p.pieces[NoPiece].LSB().String())
	}
	for pc := WhitePawn; pc <= BlackKing; pc++ {
		b := p.Pieces(pc)
		if b&all != 0 {
			return errors.New(pc.String() + " also on " + (b & all).LSB().String())
		}
		all |= b
		colors[pc.Color()] |= b
		for sq := range b.Squares() {
			if p.mailbox[sq] != pc {
				return errors.New("bitboard " + pc.String() + " has " + sq.String() + " but the mailbox holds " + p.mailbox[sq].String())
			}
		}
	}
	for sq := A1; sq < NoSquare; sq++ {
		pc := p.mailbox[sq]
		if pc > BlackKing {
			return errors.New("mailbox " + sq.String() + " holds invalid piece " + strconv.Itoa(int(pc)))
		}
		if pc != NoPiece && !p.Pieces(pc).Has(sq) {
			return errors.New("mailbox " + sq.String() + " holds " + pc.String() + " but its bitboard lacks it")
		}
		if pc != NoPiece {
			seen[pc.Color()].Set(sq)
		}
	}
	switch {
	case colors != p.colors:
		return errors.New("colour occupancy disagrees with the piece bitboards")
	case all != p.Occupied():
		return errors.New("occupancy disagrees with the piece bitboards")
	case seen != colors:
		return errors.New("mailbox colours disagree with the bitboards")
	case p.SideToMove > Black:
		return errors.New("invalid side to move " + strconv.Itoa(int(p.SideToMove)))
	case p.Castling&^AllCastling != 0:
		return errors.New("invalid castling rights " + strconv.Itoa(int(p.Castling)))
	case p.EnPassant != NoSquare && p.EnPassant.Rank() != Rank3 && p.EnPassant.Rank() != Rank6:
		return errors.New("en passant target square " + p.EnPassant.String() + " is not on rank 3 or 6")
	case p.HalfmoveClock < 0 || p.HalfmoveClock > MaxCounter:
		return errors.New("halfmove clock " + strconv.Itoa(p.HalfmoveClock) + " out of range")
	case p.FullmoveNumber < 1 || p.FullmoveNumber > MaxCounter:
		return errors.New("fullmove number " + strconv.Itoa(p.FullmoveNumber) + " out of range")
	}
	return nil
}
