package model

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/expr"
)

// An attackMap is a bitboard computed from the position rather than read
// from it: the attack maps of the classroom.
type attackMap struct {
	Key, Title, Label string
	Of                func(p *core.Position) core.Bitboard
}

// AttackMaps lists the attack maps the page offers, in order. Their keys
// are shown like bitboard names (in show lists and URLs); "from:e4" (the
// attacks of the piece on a square) is resolved by ResolveShown.
var AttackMaps = []attackMap{
	{"attacked:w", "attacked by white", "attacked by w", func(p *core.Position) core.Bitboard { return p.Attacked(core.White) }},
	{"attacked:b", "attacked by black", "attacked by b", func(p *core.Position) core.Bitboard { return p.Attacked(core.Black) }},
	{"pinned:w", "pinned white pieces", "pinned w", func(p *core.Position) core.Bitboard { return p.Pinned(core.White) }},
	{"pinned:b", "pinned black pieces", "pinned b", func(p *core.Position) core.Bitboard { return p.Pinned(core.Black) }},
	{"checkers", "checkers", "checkers", func(p *core.Position) core.Bitboard { return p.Checkers() }},
	{"push1:w", "white single pushes", "push w", func(p *core.Position) core.Bitboard { return p.SinglePushes(core.White) }},
	{"push2:w", "white double pushes", "push² w", func(p *core.Position) core.Bitboard { return p.DoublePushes(core.White) }},
	{"push1:b", "black single pushes", "push b", func(p *core.Position) core.Bitboard { return p.SinglePushes(core.Black) }},
	{"push2:b", "black double pushes", "push² b", func(p *core.Position) core.Bitboard { return p.DoublePushes(core.Black) }},
}

// KnownKey reports whether key names a bitboard, an attack map,
// "from:<square>" or the free bitboard (FreeKey; it does not accept
// expressions).
func KnownKey(key string) bool {
	if key == FreeKey {
		return true
	}
	if _, ok := core.LookupBitboard(key); ok {
		return true
	}
	for _, m := range AttackMaps {
		if m.Key == key {
			return true
		}
	}
	_, ok := fromSquare(key)
	return ok
}

// fromSquare reads "from:e4".
func fromSquare(key string) (core.Square, bool) {
	sq, ok := strings.CutPrefix(key, "from:")
	if !ok {
		return core.NoSquare, false
	}
	return core.ParseSquare(sq)
}

// ResolveShown returns what a show item means in position p: a bitboard
// name (with its conventional title), an attack map, "from:<square>", or
// else an expression of the bitboard language (expr.Parse) titled by
// its text. The error names the item and the 1-based character at fault.
func ResolveShown(p *core.Position, item string) (Shown, error) {
	if n, ok := core.LookupBitboard(item); ok {
		return Shown{Key: n.Name, Title: n.Title, Bits: n.Of(p)}, nil
	}
	for _, m := range AttackMaps {
		if m.Key == item {
			return Shown{Key: m.Key, Title: m.Title, Bits: m.Of(p)}, nil
		}
	}
	if sq, ok := fromSquare(item); ok {
		title := "attacks from " + sq.String()
		if pc := p.PieceAt(sq); pc != core.NoPiece {
			title += " (" + PieceName(pc) + ")"
		}
		return Shown{Key: item, Title: title, Bits: p.AttacksFrom(sq)}, nil
	}
	x, err := expr.Parse(item)
	var bits core.Bitboard
	if err == nil {
		bits, err = x.Eval(p)
	}
	if err != nil {
		msg := err.Error()
		if xe, ok := err.(*expr.Error); ok {
			msg = xe.Msg + " (character " + strconv.Itoa(utf8.RuneCountInString(item[:min(xe.Offset, len(item))])+1) + ")"
		}
		return Shown{}, &showError{item, msg}
	}
	return Shown{Key: item, Title: item, Bits: bits}, nil
}

// A showError is an item of a show list that means nothing.
type showError struct{ item, msg string }

func (e *showError) Error() string {
	return `cannot show ` + excerpt.Quote(e.item) + `: ` + e.msg + `. Use bitboard names (P, white, occupied, pawns…), attack maps or expressions such as (P << 8) & empty`
}
