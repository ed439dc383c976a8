package model

//go:generate go run ./optgen -root ../..

import (
	"reflect"
	"slices"
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
// attributes, as web/bitview-element.js reads them for mount: the text
// options (fen, layout, show, …: each an Attribute of UseElement and UseMount) as
// they are, each checked against its limit (see OptionLimit; a FEN over
// the limit is cut to one byte more, for the FEN parser to refuse); the
// switches by ParseSwitch (absent: their Attribute's On). An attribute
// that is not an option (size, values, wasm) is no concern of the view
// and is skipped. A switch that is neither on nor off ("maybe") is an
// error here, where the element reads it as on: a figure made by a
// command should not guess. What the values mean is ResolveEmbed's to
// check.
func ParseAttributes(attrs map[string]string) (Options, error) {
	var o Options
	v := reflect.ValueOf(&o).Elem()
	for i, f := range OptionFields {
		name := strings.ToLower(f.Key)
		val, ok := attrs[name]
		if a, _ := FindAttribute(name); !ok || a.Use&UseElement == 0 {
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
		b, ok := ParseSwitch(val)
		if !ok {
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

// The on/off rule of a switch (board, grid, labels, …), for every reader:
// ParseAttributes here, and web/bitview-element.js, whose copy of it
// (bitview-options.js) is generated from these lists (go generate
// ./wasm/view).
var (
	// OffWords turn a switch off, in any case, blanks around them
	// ignored.
	OffWords = []string{"false", "0", "off", "no"}
	// OnWords turn it on; an attribute present without a value ("") is
	// on too.
	OnWords = []string{"true", "1", "on", "yes"}
)

// ParseSwitch reads the value of a switch attribute that is present: on
// unless one of OffWords; ok is false when it is neither one of OffWords
// nor "" nor one of OnWords ("maybe"). The element reads such a value as
// on (it never throws into its page); ParseAttributes refuses it.
func ParseSwitch(v string) (on, ok bool) {
	w := strings.ToLower(strings.TrimSpace(v))
	switch {
	case slices.Contains(OffWords, w):
		return false, true
	case w == "" || slices.Contains(OnWords, w):
		return true, true
	}
	return true, false
}

// Use says where an Attribute is read; an Attribute has one or more.
type Use uint8

const (
	// UseElement: an attribute of <bitboard-view> (observedAttributes,
	// custom-elements.json, BitboardViewAttributes).
	UseElement Use = 1 << iota
	// UseMount: a field of Options (the object mount and update take,
	// MountOptions), matched by its js tag.
	UseMount
	// UseFigure: it changes the figure drawn by the bitview command (a
	// flag), /figure.svg (a parameter) and prerendered pages.
	UseFigure
	// UseMarkdown: a key of a ```bitboard block (bitview-markdown.js,
	// pages.BlockKeys).
	UseMarkdown
	// UseEmbed: a parameter of embed.html (embed.js).
	UseEmbed
)

// An Attribute is one word of the option vocabulary: an attribute of
// <bitboard-view>, a key of mount's options, a flag of the bitview
// command, a parameter of /figure.svg and embed.html, a key of a Markdown
// block, as its Use says. Attributes is the one list of them; the
// vocabulary's other copies are generated from it or read from it.
type Attribute struct {
	// Name is the attribute's name, lower case; a UseMount attribute's Key
	// (its js tag) may be camelCase.
	Name string
	Use  Use
	// Switch: a boolean attribute, read by ParseSwitch; On is its value
	// when absent.
	Switch, On bool
	// Choices are the values a text attribute takes, when it has a fixed
	// set; Open: others are passed on, for Go to judge (layout), so that
	// TypeScript types it as a string.
	Choices []string
	Open    bool
	// Default is the value the element uses when the attribute is absent,
	// as custom-elements.json shows it ("" for none).
	Default string
	// Sets is the attribute a Markdown key adds to (expr adds to show);
	// "" for itself.
	Sets string
	// Doc describes it (custom-elements.json, the .d.ts); Help is the
	// bitview command's help of its flag (a Figure attribute).
	Doc, Help string
}

// Key returns a's key in mount's options: its Options field's js tag
// (pieceBase), else its name.
func (a Attribute) Key() string {
	for _, f := range OptionFields {
		if strings.EqualFold(f.Key, a.Name) {
			return f.Key
		}
	}
	return a.Name
}

// Attributes is the option vocabulary, in the order the element lists its
// attributes. Adding an option is a line here (and a field of Options,
// when mount reads it), then go generate ./wasm/model; what the option
// does is its reader's (ResolveEmbed for the view).
var Attributes = []Attribute{
	{Name: "fen", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed, Default: "start position",
		Doc:  "A FEN; empty means the start position. An invalid FEN is explained inside the element (field and character) and sends bitview-error.",
		Help: "the position (default: the start position; a piece placement alone is read as white to move)"},
	{Name: "layout", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed, Choices: core.LayoutIDs(), Open: true, Default: "lerf",
		Doc:  "The square numbering of the grids and indices.",
		Help: "the numbering: " + strings.Join(core.LayoutIDs(), ", ") + " (default: lerf)"},
	{Name: "show", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed,
		Doc:  `Comma-separated bitboard names (P N B R Q K p n b r q k white black occupied empty pawns … kings), attack-map keys (attacked:w, pinned:b, checkers, push1:w, from:e4) or expressions, e.g. "P,(P << 8) & empty".`,
		Help: "bitboards to draw as grids: names (P, white, occupied, pawns…), attack maps or expressions, comma-separated"},
	{Name: "expr", Use: UseMarkdown, Sets: "show", Doc: "One expression, added to show; repeat the line for more."},
	{Name: "board", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed, Switch: true, On: true,
		Doc: `"false" hides the board.`, Help: "-board=false draws no board"},
	{Name: "grid", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed, Switch: true, On: true,
		Doc: `"false" hides the bit grids.`, Help: "-grid=false draws no grids"},
	{Name: "labels", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed, Switch: true,
		Doc: "Writes each square's index in the layout on the board.", Help: "write each square's index on the board"},
	{Name: "orientation", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed, Choices: []string{"white", "black"}, Default: "white",
		Doc:  `The side at the bottom; the grids turn with the board unless grids is "fixed".`,
		Help: "white (default) or black: the board, and the grids, seen from Black"},
	{Name: "grids", Use: UseElement | UseMount | UseFigure | UseEmbed, Choices: []string{"fixed"},
		Doc:  `"fixed" keeps the grids as seen from White when orientation is black.`,
		Help: "fixed: the grids stay as seen from White when -orientation black turns the board (default: they turn with it)"},
	{Name: "size", Use: UseElement | UseMarkdown, Doc: "A CSS length for the element's width."},
	{Name: "height", Use: UseElement | UseMarkdown, Doc: "A CSS length for the element's height, a box the figure fits inside (a slide): the board and the first grid as large as it allows, the other grids scrolling."},
	{Name: "interactive", Use: UseElement | UseMount | UseMarkdown | UseEmbed, Switch: true, On: true,
		Doc: `"false" makes a static figure (no hover highlight).`},
	{Name: "values", Use: UseElement | UseFigure | UseMarkdown | UseEmbed, Choices: []string{"all", "hex", "none"}, Default: "all",
		Doc:  "How many readouts each grid shows: hex or none for compact figures.",
		Help: "all, hex or none (the element's grids; the figure always has the hex value)"},
	{Name: "repr", Use: UseElement | UseMount | UseMarkdown | UseEmbed, Switch: true,
		Doc: "Adds the position in every board representation below."},
	{Name: "arrows", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed,
		Doc:  `Arrows in the PGN [%cal] syntax: colour letter (G R Y B) and two squares, separated by blanks or commas, e.g. "Ge2e4 Rd7d5".`,
		Help: `arrows in the PGN [%cal] syntax, e.g. "Ge2e4 Rd7d5"`},
	{Name: "marks", Use: UseElement | UseMount | UseFigure | UseMarkdown | UseEmbed,
		Doc:  `Marked squares in the PGN [%csl] syntax, e.g. "Gd4 Ye5"; also outlined in the bit grids.`,
		Help: `marked squares in the [%csl] syntax, e.g. "Gd4 Ye5"`},
	{Name: "magic", Use: UseElement | UseMount,
		Doc: `A magic-bitboard lookup below the view, step by step, for a rook or bishop on a square with the position's occupancy: "rook:e4", "bishop:c1" (at most 64 characters).`},
	{Name: "zobrist", Use: UseElement | UseMount, Switch: true,
		Doc: "Shows the position's Polyglot (Zobrist) key below the view, 16 hex digits."},
	{Name: "perft", Use: UseElement | UseMount,
		Doc: "A perft divide under the view, 1 to 4 plies (each legal move in UCI with its leaf count, and the total). It is counted on the page's thread, so the element caps it at 4; a deeper value is an error. Deeper divides run in the page's panel or in a Web Worker (perft-worker.js)."},
	{Name: "wasm", Use: UseElement,
		Doc: "The URL of bitview.wasm, for the first element that starts Bitview (default: beside the module, or setBaseURL's). The element fetches and runs the code at whatever URL it is given, from any origin, with the page's rights: give it only a copy you trust (a Content-Security-Policy's connect-src limits where it may come from)."},
	{Name: "piecebase", Use: UseMount,
		Doc: `The folder of the piece images, ending in "/" (default: pieces/chessnut/ at the base URL).`},
	{Name: "theme", Use: UseFigure,
		Help: "light (default), dark, or either followed by name=#colour pairs: light,bitOn=#1d4ed8"},
}

// AttributesFor returns the names of the Attributes with use u, in order.
func AttributesFor(u Use) []string {
	var names []string
	for _, a := range Attributes {
		if a.Use&u != 0 {
			names = append(names, a.Name)
		}
	}
	return names
}

// FindAttribute returns the Attribute called name, and whether there is
// one.
func FindAttribute(name string) (Attribute, bool) {
	for _, a := range Attributes {
		if a.Name == name {
			return a, true
		}
	}
	return Attribute{}, false
}
