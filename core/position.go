package core

import (
	"errors"
	"math/bits"
	"strconv"
)

// CastlingRights is a set of castling rights and the rook each one castles
// with. The low four bits are the rights as flags, in the order FEN writes
// them ("KQkq"): the king side (the h-file side of the king, O-O) and the
// queen side (the a-file side, O-O-O) of each colour. Above them, three
// bits per right hold the file of its rook on the colour's back rank, so
// that Chess960 positions (FIDE Laws of Chess, Guidelines II "Chess960
// Rules") can name any rook:
//
//	bit   0 1 2 3    4–6          7–9          10–12        13–15
//	      K Q k q    K's rook     Q's rook     k's rook     q's rook
//
// Each file is stored XORed with its right's corner (h for the king side,
// a for the queen side), so a right whose rook stands in its corner has
// zero file bits: the values of standard chess are the four flags alone
// (KQkq = 15), and WhiteKingside is "K with the h1 rook". The file bits of
// a right not held are zero; [CastlingRights.WithRook] and
// [CastlingRights.Without] keep it so, and [Position.Validate] checks it.
// The king's square is the board's: a right castles when the colour's
// king stands on its back rank with the right's rook on the side the
// right names (see [Position.LegalMoves]).
type CastlingRights uint16

// The castling rights; NoCastling is the empty set and AllCastling the
// four flags, each with its rook in the corner (standard chess).
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

// rightIndex returns the index (0–3: K, Q, k, q) of the lowest flag of r.
func rightIndex(r CastlingRights) int { return bits.TrailingZeros16(uint16(r|16) & 31) }

// cornerFile returns the file of the corner of right i (0–3): h for the
// king side, a for the queen side.
func cornerFile(i int) File { return File(7 * (1 - i&1)) }

// RookFile returns the file of the rook that right r (one of WhiteKingside
// … BlackQueenside) castles with: its corner's file (h or a) unless cr
// names another, and the corner's file when cr lacks r. For r with several
// flags, the lowest counts.
func (cr CastlingRights) RookFile(r CastlingRights) File {
	i := rightIndex(r)
	if i > 3 {
		return FileH
	}
	return File(cr>>(4+3*i)&7) ^ cornerFile(i)
}

// WithRook returns cr with right r (one of WhiteKingside … BlackQueenside;
// for several flags, the lowest) held, castling with the rook on file f of
// the right's back rank, replacing the file cr held for it.
func (cr CastlingRights) WithRook(r CastlingRights, f File) CastlingRights {
	i := rightIndex(r)
	if i > 3 {
		return cr
	}
	shift := 4 + 3*i
	return cr&^(7<<shift) | 1<<i | CastlingRights((f&7)^cornerFile(i))<<shift
}

// Without returns cr without the rights of r (any set of flags), their
// rook files cleared.
func (cr CastlingRights) Without(r CastlingRights) CastlingRights {
	for i := range 4 {
		if r&(1<<i) != 0 {
			cr &^= 1<<i | 7<<(4+3*i)
		}
	}
	return cr
}

// Rights returns the flags of cr alone (cr & AllCastling): which of K, Q,
// k, q are held, whatever their rooks.
func (cr CastlingRights) Rights() CastlingRights { return cr & AllCastling }

// Standard reports whether every right of cr castles with the rook in its
// corner (h1, a1, h8, a8), as in standard chess.
func (cr CastlingRights) Standard() bool { return cr>>4 == 0 }

// String returns the rights as FEN's castling availability field: a subset
// of "KQkq" in that order, or "-" when empty, when every rook is in its
// corner; else Shredder-FEN's file letters ("HFhf"), which name each rook
// without the board. A position writes its field with [Position.FEN],
// which knows where the rooks are (X-FEN).
func (cr CastlingRights) String() string {
	if cr.Rights() == 0 {
		return "-"
	}
	if !cr.Standard() {
		return string(cr.appendShredder(nil))
	}
	return string(cr.appendTo(nil))
}

// appendTo appends the rights as KQkq letters (or '-') to dst.
func (cr CastlingRights) appendTo(dst []byte) []byte {
	if cr.Rights() == 0 {
		return append(dst, '-')
	}
	for i := range 4 {
		if cr&(1<<i) != 0 {
			dst = append(dst, castlingLetters[i])
		}
	}
	return dst
}

// appendShredder appends the rights as Shredder-FEN file letters (white's
// upper case, black's lower case), in the order K, Q, k, q, to dst.
func (cr CastlingRights) appendShredder(dst []byte) []byte {
	if cr.Rights() == 0 {
		return append(dst, '-')
	}
	for i := range 4 {
		if r := CastlingRights(1) << i; cr&r != 0 {
			dst = append(dst, "Aa"[i/2]+byte(cr.RookFile(r)))
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
	case p.Castling.Without(AllCastling&^p.Castling) != p.Castling:
		return errors.New("invalid castling rights " + strconv.Itoa(int(p.Castling)) + ": a rook file for a right not held")
	case p.EnPassant != NoSquare && p.EnPassant.Rank() != Rank3 && p.EnPassant.Rank() != Rank6:
		return errors.New("en passant target square " + p.EnPassant.String() + " is not on rank 3 or 6")
	case p.HalfmoveClock < 0 || p.HalfmoveClock > MaxCounter:
		return errors.New("halfmove clock " + strconv.Itoa(p.HalfmoveClock) + " out of range")
	case p.FullmoveNumber < 1 || p.FullmoveNumber > MaxCounter:
		return errors.New("fullmove number " + strconv.Itoa(p.FullmoveNumber) + " out of range")
	}
	return nil
}
