package view

import (
	"reflect"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
)

// Options are the options of one embedded view: the attributes of
// <bitboard-view>, the object bitview.mount(root, options) and a handle's
// update(options) take, and embed.html's parameters. It is the one options
// type: wasm/options.go reads it from JavaScript by its js tags (through
// github.com/norunners/vert), after checking the length of every string
// against its field's limit tag (see OptionLimit), and ResolveEmbed
// validates the rest. The zero Options is the default view: the start
// position in LERF, the board, no grids, interactive.
type Options struct {
	// FEN is the position ("" for the start position); a piece placement
	// alone is read as "<placement> w - - 0 1" (see ResolveEmbed).
	FEN string `js:"fen" limit:"fen"`
	// Layout is a core.Layouts id ("" for "lerf").
	Layout string `js:"layout" limit:"option"`
	// Show lists bitboard names and expressions, comma-separated (see
	// SplitShow): one grid each.
	Show string `js:"show" limit:"list"`
	// Board and Grid draw the board and the grids (nil means true);
	// Interactive lets the pointer and the keyboard explore the view (nil
	// means true).
	Board       *bool `js:"board"`
	Grid        *bool `js:"grid"`
	Interactive *bool `js:"interactive"`
	// Labels writes each square's index on the board.
	Labels bool `js:"labels"`
	// Orientation is "white" (or "") or "black": the board, and the grids
	// with it unless Grids is "fixed".
	Orientation string `js:"orientation" limit:"option"`
	Grids       string `js:"grids" limit:"option"`
	// Repr shows the position in every board representation below.
	Repr bool `js:"repr"`
	// Arrows and Marks annotate the board in the PGN [%cal] and [%csl]
	// syntax: "Ge2e4 Rd7d5", "Gd4 Ye5" (see pgn.ParseArrows).
	Arrows string `js:"arrows" limit:"list"`
	Marks  string `js:"marks" limit:"list"`
	// Magic shows the magic-bitboard lookup of a slider below the view,
	// "rook:e4" (see ParseMagic); Zobrist shows the Polyglot key.
	Magic   string `js:"magic" limit:"option"`
	Zobrist bool   `js:"zobrist"`
	// Perft divides the position under the view, "1" to "4" plies (see
	// ParsePerftOption; "" for none).
	Perft string `js:"perft" limit:"option"`
	// PieceBase is the folder of the piece images, ending in "/": an
	// element passes an absolute URL beside its module; "" means
	// DefaultPieceBase, beside the page.
	PieceBase string `js:"pieceBase" limit:"list"`
}

// OptionLimit returns the longest value, in bytes, that the Options field
// with the given limit tag may hold: core.MaxFENLength for "fen" (a longer
// FEN is cut to one byte more, for the FEN parser to refuse with its
// field), MaxOptionLength for "option" and MaxShowLength for "list"; 0 for
// a field without a limit tag.
func OptionLimit(tag string) int {
	switch tag {
	case "fen":
		return core.MaxFENLength
	case "option":
		return MaxOptionLength
	case "list":
		return MaxShowLength
	}
	return 0
}

// An OptionField is one field of Options as JavaScript names it: its key,
// its limit tag ("" for none) and whether it is a string (else a boolean).
type OptionField struct {
	Key, Limit string
	String     bool
}

// OptionFields lists the fields of Options from their tags, in order.
var OptionFields = func() []OptionField {
	t := reflect.TypeOf(Options{})
	fs := make([]OptionField, t.NumField())
	for i := range fs {
		f := t.Field(i)
		fs[i] = OptionField{Key: f.Tag.Get("js"), Limit: f.Tag.Get("limit"), String: f.Type.Kind() == reflect.String}
	}
	return fs
}()

// on reports whether an optional switch is on (nil means on).
func on(b *bool) bool { return b == nil || *b }

// IsInteractive reports whether the pointer and the keyboard explore the
// view.
func (o Options) IsInteractive() bool { return on(o.Interactive) }

// Same reports whether o and p ask for the same view (the switches
// compared by value).
func (o Options) Same(p Options) bool {
	a, b := o, p
	a.Board, a.Grid, a.Interactive, b.Board, b.Grid, b.Interactive = nil, nil, nil, nil, nil, nil
	return a == b && on(o.Board) == on(p.Board) && on(o.Grid) == on(p.Grid) && on(o.Interactive) == on(p.Interactive)
}

// orientation reads the Orientation and Grids options: whether the board is
// seen from Black, whether the grids stay as seen from White, and what is
// wrong with them ("" when nothing).
func (o Options) orientation() (flipped, fixed bool, problem string) {
	switch strings.ToLower(strings.TrimSpace(o.Orientation)) {
	case "", "white":
	case "black":
		flipped = true
	default:
		problem = `orientation ` + excerpt.Quote(o.Orientation) + `: use white or black`
	}
	switch strings.ToLower(strings.TrimSpace(o.Grids)) {
	case "", "turn":
	case "fixed":
		fixed = true
	default:
		problem = `grids ` + excerpt.Quote(o.Grids) + `: use fixed (the grids stay as seen from White) or leave it out`
	}
	return flipped, fixed, problem
}

// An AttributeError says which attribute of a <bitboard-view> cannot be
// read, and why.
type AttributeError struct {
	Name, Value, Msg string
}

func (e *AttributeError) Error() string { return e.Name + ": " + e.Msg }

// ParseAttributes reads the options of a <bitboard-view> from its
// attributes, as web/bitview-element.js reads them for mount: fen, layout,
// show, orientation, grids, arrows, marks, magic and perft as they are
// (each checked against its limit, see OptionLimit; a FEN over the limit
// is cut to one byte more, for the FEN parser to refuse); board, grid and
// interactive are on unless "false", "0", "off" or "no" (any case);
// labels, repr and zobrist are on when present, unless one of those. An
// attribute that is not an option (size, values, wasm) is no concern of
// the view and is skipped. A boolean that is neither on nor off ("maybe")
// is an error here, where the element would read it as on: a figure made
// by a command should not guess. What the values mean is ResolveEmbed's
// to check.
func ParseAttributes(attrs map[string]string) (Options, error) {
	var o Options
	v := reflect.ValueOf(&o).Elem()
	for i, f := range OptionFields {
		val, ok := attrs[strings.ToLower(f.Key)]
		if !ok || f.Key == "pieceBase" {
			continue
		}
		field := v.Field(i)
		if f.String {
			if limit := OptionLimit(f.Limit); len(val) > limit {
				if f.Limit != "fen" {
					return Options{}, &AttributeError{f.Key, "", LimitMessage(f.Key, len(val), limit, "bytes")}
				}
				val = val[:limit+1]
			}
			field.SetString(val)
			continue
		}
		var b bool
		switch strings.ToLower(strings.TrimSpace(val)) {
		case "false", "0", "off", "no":
		case "", "true", "1", "on", "yes":
			b = true
		default:
			return Options{}, &AttributeError{f.Key, excerpt.Unquoted(val), "use true or false"}
		}
		if field.Kind() == reflect.Pointer {
			field.Set(reflect.ValueOf(&b))
		} else {
			field.SetBool(b)
		}
	}
	return o, nil
}
