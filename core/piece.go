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

// A Piece is a coloured piece: WhitePawn=0 … WhiteKing=5, BlackPawn=6 …
// BlackKing=11, and NoPiece=12 for an empty square. A Piece indexes the
// twelve piece bitboards of a [Position].
type Piece uint8

// The pieces, in the order of their bitboards; NoPiece marks an empty
// square and PieceCount is the number of pieces.
const (
	WhitePawn Piece = iota
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
	NoPiece
	PieceCount = 12
)

// pieceLetters holds the FEN letter of each Piece, NoPiece last (as ' ').
const pieceLetters = "PNBRQKpnbrqk "

// NewPiece returns the piece of colour c and type pt.
func NewPiece(c Color, pt PieceType) Piece { return Piece(c)*PieceTypeCount + Piece(pt) }

// Color returns the piece's colour; p must not be NoPiece.
func (p Piece) Color() Color { return Color(p / PieceTypeCount) }

// Type returns the piece's type; p must not be NoPiece.
func (p Piece) Type() PieceType { return PieceType(p % PieceTypeCount) }

// Letter returns the piece's FEN letter (PGN standard, section 16.1.4):
// upper case for white, "PNBRQK", lower case for black, "pnbrqk"; ' ' for
// NoPiece.
func (p Piece) Letter() byte {
	if p > NoPiece {
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

// pieceOfLetter maps each byte to the Piece it is the FEN letter of, else NoPiece.
var pieceOfLetter = func() (t [256]Piece) {
	for i := range t {
		t[i] = NoPiece
	}
	for p := WhitePawn; p < NoPiece; p++ {
		t[pieceLetters[p]] = p
	}
	return t
}()

// String returns the piece's conventional name as engines spell their
// bitboards, "WhitePawn" … "BlackKing", or "NoPiece".
func (p Piece) String() string {
	if p >= NoPiece {
		return "NoPiece"
	}
	return [2]string{"White", "Black"}[p.Color()] + p.Type().String()
}
