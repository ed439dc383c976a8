package model

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// ExportName returns the file name, without its extension, under which
// the page saves the figure of s (its SVG and PNG exports): "bitview-",
// the position's name, "-" and the layout's id (core.Layouts; the
// default layout's when s.Layout is not one), e.g. "bitview-kiwipete-0x88".
//
// The position's name is, for one of the Examples, its label in lower
// case ("start", "kiwipete", …), matched on the FEN's first four fields
// (placement, side to move, castling rights, en passant square), so other
// move counters still match. For any other position it is the move
// number, the side to move and the first six hex digits of the Polyglot
// key (core.Position.PolyglotKey), e.g. "move13-white-5c1e0a": the
// exports of a game's positions list in the order they were played (file
// managers sort numbers in names by value), and two positions at the same
// move get different names. A FEN that does not parse gives no position
// name: "bitview-lerf".
//
// The name holds only a–z, 0–9 and '-', so it is a valid file name on
// every system and its case never matters.
func ExportName(s State) string {
	layout := DefaultState().Layout
	if l, ok := core.LayoutByID(s.Layout); ok {
		layout = l.ID
	}
	p, _, err := core.ParseFENOrPlacement(s.FEN)
	if err != nil {
		return "bitview-" + layout
	}
	return "bitview-" + positionName(&p) + "-" + layout
}

// positionName names p for ExportName.
func positionName(p *core.Position) string {
	fields := fenPosition(p)
	for _, e := range Examples {
		if q, err := core.ParseFEN(e.FEN); err == nil && fenPosition(&q) == fields {
			return slug(e.Label)
		}
	}
	key := core.Bitboard(p.PolyglotKey()).Hex()[2:] // 16 hex digits after "0x"
	return "move" + strconv.Itoa(p.FullmoveNumber) + "-" + p.SideToMove.String() + "-" + key[:6]
}

// fenPosition returns the first four fields of p's FEN: what makes the
// position, without the move counters.
func fenPosition(p *core.Position) string {
	f := strings.Fields(p.FEN())
	return strings.Join(f[:4], " ")
}

// slug lowers s and turns every run of characters other than a–z and 0–9
// into one '-', trimmed at both ends.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// pieceNames names each piece for aria-labels, indexed by core.Piece:
// "white pawn" … "black king" ("" for NoPiece).
var pieceNames = func() (n [core.PieceCount + 1]string) {
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		n[pc] = pc.Color().String() + " " + strings.ToLower(pc.Type().String())
	}
	return n
}()

// PieceName names pc for a sentence or an aria-label: "white pawn" …
// "black king", and "" for core.NoPiece.
func PieceName(pc core.Piece) string {
	if int(pc) >= len(pieceNames) {
		return ""
	}
	return pieceNames[pc]
}
