package model

import (
	"errors"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
)

// DefaultMagic is the magic panel's piece and square until one is picked.
const DefaultMagic = "rook:e4"

// ParseMagic reads a magic option, a slider and a square: "rook:e4",
// "bishop c1", "R:e4", "b c1" (the piece rook or bishop, or its letter, in
// any case; a colon or blanks between). An option over MaxOptionLength
// bytes is refused before it is read. The error says what is wrong.
func ParseMagic(s string) (core.PieceType, core.Square, error) {
	if len(s) > MaxOptionLength {
		return 0, core.NoSquare, errors.New(LimitMessage("magic", len(s), MaxOptionLength, "bytes"))
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == ' ' || r == '\t' })
	if len(f) != 2 {
		return 0, core.NoSquare, errors.New(`magic ` + excerpt.Quote(s) + `: write a piece and a square, e.g. "rook:e4" or "bishop:c1"`)
	}
	var pt core.PieceType
	switch strings.ToLower(f[0]) {
	case "rook", "r":
		pt = core.Rook
	case "bishop", "b":
		pt = core.Bishop
	default:
		return 0, core.NoSquare, errors.New(`magic ` + excerpt.Quote(s) + `: the piece must be rook or bishop (a queen uses both)`)
	}
	sq, ok := core.ParseSquare(strings.ToLower(f[1]))
	if !ok {
		return 0, core.NoSquare, errors.New(`magic ` + excerpt.Quote(s) + `: ` + excerpt.Quote(f[1]) + ` is not a square (a1 … h8)`)
	}
	return pt, sq, nil
}

// FormatMagic writes a magic option as ParseMagic reads it: "rook:e4".
func FormatMagic(pt core.PieceType, sq core.Square) string {
	return strings.ToLower(pt.String()) + ":" + sq.String()
}
