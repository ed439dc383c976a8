package core

// A Color is the colour of a piece or of the side to move.
type Color uint8

// The colours; ColorCount is their number.
const (
	White Color = iota
	Black
	ColorCount = 2
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// A PieceType is a kind of piece regardless of colour: Pawn=0 … King=5.
type PieceType uint8

// The piece types; PieceTypeCount is their number.
const (
	Pawn PieceType = iota
	Knight
	Bishop
	Rook
	Queen
	King
	PieceTypeCount = 6
)

var pieceTypeNames = [PieceTypeCount]string{"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"}

// String returns the piece type's name, "Pawn" … "King".
func (pt PieceType) String() string { return pieceTypeNames[pt] }

// A Piece is a coloured piece or NoPiece. NoPiece is the zero Piece (as
// Stockfish's NO_PIECE is 0), so a mailbox, an array or a struct field of
// Pieces that nothing has written reads as empty squares. The pieces
// follow it in the order of the twelve piece bitboards: WhitePawn=1 …
// WhiteKing=6, BlackPawn=7 … BlackKing=12, consecutive, so
//
//	for pc := WhitePawn; pc <= BlackKing; pc++
//
// visits each piece once. [Piece.Index] numbers them from 0 for arrays
// of twelve.
type Piece uint8

// The pieces, in the order of their bitboards, after NoPiece (the zero
// Piece: an empty square); PieceCount is the number of pieces.
const (
	NoPiece Piece = iota
	WhitePawn
	WhiteKnight
	WhiteBishop
	WhiteRook
	WhiteQueen
	WhiteKing
	BlackPawn
	BlackKnight
	BlackBishop
	BlackRook
	BlackQueen
	BlackKing
	PieceCount = 12
)

// pieceLetters holds the FEN letter of each Piece, NoPiece first (as ' '),
// and a last ' ' that AppendFEN writes for any value past BlackKing.
const pieceLetters = " PNBRQKpnbrqk "

// NewPiece returns the piece of colour c and type pt.
func NewPiece(c Color, pt PieceType) Piece { return Piece(c)*PieceTypeCount + Piece(pt) + 1 }

// Color returns the piece's colour; p must not be NoPiece (NoPiece.Color()
// is White).
func (p Piece) Color() Color { return Color(b2i(p > WhiteKing)) }

// Type returns the piece's type; p must not be NoPiece.
func (p Piece) Type() PieceType { return pieceTypes[p] }

// pieceTypes holds the PieceType of every Piece value (Pawn for NoPiece
// and past BlackKing): indexed by a uint8, a load without a bounds check
// or a division.
var pieceTypes = func() (t [256]PieceType) {
	for p := WhitePawn; p <= BlackKing; p++ {
		t[p] = PieceType((p - 1) % PieceTypeCount)
	}
	return t
}()

// Index returns the piece's place in the order of the twelve piece
// bitboards, counted from 0: WhitePawn 0 … WhiteKing 5, BlackPawn 6 …
// BlackKing 11, and PieceCount (12) for NoPiece or any value that is not
// a piece. Arrays of twelve, one entry per piece, are in this order
// (index pc.Index()): [BitboardNames]' first twelve, core/repr's
// Bitboards12, and the JS API's piece tables (the mailbox bytes of the
// wasm wire, 12 for an empty square, and the 12 piece images of an SVG
// export, in web/bitview.js): that order is part of the JS API and stays
// as it is whatever the numeric values of Piece.
func (p Piece) Index() int {
	if p.isPiece() {
		return int(p - 1)
	}
	return PieceCount
}

// isPiece reports whether p is one of the twelve pieces, WhitePawn …
// BlackKing, in one unsigned comparison (NoPiece-1 wraps to 255), which
// also proves p-1 a valid index of an array of twelve.
func (p Piece) isPiece() bool { return p-1 < PieceCount }

// Letter returns the piece's FEN letter (PGN standard, section 16.1.4):
// upper case for white, "PNBRQK", lower case for black, "pnbrqk"; ' ' for
// NoPiece.
func (p Piece) Letter() byte {
	if !p.isPiece() {
		return ' '
	}
	return pieceLetters[p]
}

// PieceFromLetter returns the piece whose FEN letter is c, or NoPiece and
// false if c is not one of "PNBRQKpnbrqk".
func PieceFromLetter(c byte) (Piece, bool) {
	p := pieceOfLetter[c]
	return p, p != NoPiece
}

// pieceOfLetter maps each byte to the Piece it is the FEN letter of, else
// NoPiece (the zero Piece).
var pieceOfLetter = func() (t [256]Piece) {
	for p := WhitePawn; p <= BlackKing; p++ {
		t[pieceLetters[p]] = p
	}
	return t
}()

// String returns the piece's conventional name as engines spell their
// bitboards, "WhitePawn" … "BlackKing", or "NoPiece".
func (p Piece) String() string {
	if !p.isPiece() {
		return "NoPiece"
	}
	return [2]string{"White", "Black"}[p.Color()] + p.Type().String()
}
