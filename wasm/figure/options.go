package figure

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/figure/png"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
	"github.com/bitview/bitview/web"
)

// Names are the options of a figure, in model.Attributes' order: the
// attributes of <bitboard-view> that change its figure (model.UseFigure),
// and theme, which the element reads from its CSS (light, dark, or
// colours: see ParseTheme).
var Names = model.AttributesFor(model.UseFigure)

// Ignored are attributes of <bitboard-view> that do not change its
// figure (toSVG() draws neither the tools below the view nor its size):
// a page's element may carry them; they are not read.
var Ignored = func() []string {
	var out []string
	for _, name := range model.AttributesFor(model.UseElement) {
		if !slices.Contains(Names, name) {
			out = append(out, name)
		}
	}
	return out
}()

// MaxThemeLength is the longest theme option, 1,024 bytes: a base name and
// twelve name=colour pairs take about 250.
const MaxThemeLength = 1024

// Options are a figure's options by name (see Names), as attribute
// values: an option that is absent is not in the map, and a boolean
// option given without a value (labels) is present with "".
type Options map[string]string

// An Error says which option is wrong and where: Offset is the 0-based
// byte offset into the option's value of the character at fault (-1 when
// the whole value is), and for the fen option Field is the FEN field (1–6,
// see core.FieldName). It wraps core.FENError, expr.Error or
// pgn.AnnotationError when one of those was the cause.
type Error struct {
	Option string
	Value  string
	Field  int
	Offset int
	Msg    string
	Err    error
}

// Error returns e.g. `fen: field 2 (active color), character 45 "x": …`.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Option)
	if e.Field > 0 {
		b.WriteString(": field " + strconv.Itoa(e.Field) + " (" + core.FieldName(e.Field) + ")")
	}
	if e.Offset >= 0 && e.Offset <= len(e.Value) {
		if e.Field > 0 {
			b.WriteString(",")
		} else {
			b.WriteString(":")
		}
		b.WriteString(" character " + strconv.Itoa(utf8.RuneCountInString(e.Value[:e.Offset])+1))
		if e.Offset < len(e.Value) {
			r, _ := utf8.DecodeRuneInString(e.Value[e.Offset:])
			b.WriteString(" " + strconv.QuoteRune(r))
		} else {
			b.WriteString(" (the end)")
		}
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// Unwrap returns the error of the parser that found the fault, or nil.
func (e *Error) Unwrap() error { return e.Err }

// OptionError returns an Error over the whole value of the option (or
// query parameter) name: the one way this package, the /figure.svg
// handler and the page prerenderer say an option is refused.
func OptionError(name, value, msg string) *Error {
	return &Error{Option: name, Value: value, Offset: -1, Msg: msg}
}

// Set sets option name to value, checking the name and the value's
// length: a view option's against its limit (model.OptionLimit; the FEN is
// cut to one byte over core.MaxFENLength, for ParseFEN to say "too long"
// with its field), values against model.MaxOptionLength and theme against
// MaxThemeLength. The value itself is read by Resolve.
func (o Options) Set(name, value string) error {
	if !slices.Contains(Names, name) {
		return OptionError(name, value, "unknown option; the options are "+strings.Join(Names, ", "))
	}
	limit := model.MaxOptionLength
	for _, f := range model.OptionFields {
		if f.Key == name && f.String {
			limit = model.OptionLimit(f.Limit)
		}
	}
	switch name {
	case "fen":
		value = model.Clip(value, limit)
		limit++
	case "theme":
		limit = MaxThemeLength
	}
	if len(value) > limit {
		return OptionError(name, "", model.LimitMessage(name, len(value), limit, "bytes"))
	}
	o[name] = value
	return nil
}

// MaxFigureSquares is the most squares one figure may draw, 4,096: the
// board's 64 and each grid's (64 for the 8×8 layouts, 120 for 10x12, 128
// for 0x88). 63 LERF grids, or 32 of 10x12, are within it; the largest
// the element accepts (64 grids of 0x88, 8,192 squares and about 6.5 MB
// of SVG and view) is not. Resolve checks it before anything is drawn,
// so that one figure's time and memory are bounded (see MaxBytes).
const MaxFigureSquares = 4096

// ErrTooLarge is wrapped by the error of a figure over MaxFigureSquares
// and of a page over MaxPageOutput.
var ErrTooLarge = errors.New("figure too large")

// A Figure is a resolved figure: what to draw and in which theme.
type Figure struct {
	Embed model.Embed
	Theme view.Theme
}

// Resolve reads o as <bitboard-view> reads its attributes (the same
// defaults: the start position, LERF, board and grids on, White at the
// bottom; labels only when present) through model.ResolveEmbed, and
// returns the figure, or the first fault as an *Error naming the option,
// the field and the character. The element draws an error inside itself
// where Resolve refuses: an unknown layout, show item, arrow or mark, or
// an orientation, values or boolean it would have read as the default.
func Resolve(o Options) (*Figure, error) {
	for name, v := range o {
		if err := (Options{}).Set(name, v); err != nil {
			return nil, err
		}
	}
	vo, err := model.ParseAttributes(o)
	var ae *model.AttributeError
	if errors.As(err, &ae) {
		return nil, OptionError(ae.Name, ae.Value, ae.Msg)
	}
	if err != nil {
		return nil, err
	}
	switch v, ok := o["values"]; {
	case !ok, v == "all", v == "hex", v == "none":
	default:
		return nil, OptionError("values", v, "use all, hex or none (it changes the element's grids, not the figure)")
	}
	e := model.ResolveEmbed(vo, nil)
	if fe := e.Read.Err; fe != nil {
		return nil, &Error{Option: "fen", Value: vo.FEN, Field: fe.Field, Offset: fe.Offset, Msg: fe.Msg, Err: fe}
	}
	if err := checkLists(o, e, vo.Grid == nil || *vo.Grid); err != nil {
		return nil, err
	}
	if len(e.Problems) > 0 {
		return nil, ProblemError(o, e.Problems[0])
	}
	t, err := ParseTheme(o["theme"])
	if err != nil {
		return nil, err
	}
	f := &Figure{Embed: e, Theme: t}
	if n := f.Squares(); n > MaxFigureSquares {
		per := 0
		if e.Layout != nil {
			per = e.Layout.Rows * e.Layout.Cols
		}
		return nil, fmt.Errorf("%w: %s squares (%d grids of %d, and the board) > %s; show fewer grids or use an 8×8 layout",
			ErrTooLarge, thousands.Itoa(n), len(e.Shown), per, thousands.Itoa(MaxFigureSquares))
	}
	return f, nil
}

// Squares returns how many squares f draws: the board's 64, if it has
// one, and each grid's (its layout's rows × columns).
func (f *Figure) Squares() int {
	n := 0
	if f.Embed.Board && f.Embed.Pos != nil {
		n = 64
	}
	if f.Embed.Layout != nil {
		n += len(f.Embed.Shown) * f.Embed.Layout.Rows * f.Embed.Layout.Cols
	}
	return n
}

// MaxBytes bounds the bytes f takes once drawn as prerendering writes it
// (its SVG and its view in a shadow root): 128 KiB (the board and its
// pieces, as data: URLs) and 1 KiB a square (about 800 bytes are
// measured: 530 in the SVG, 280 in the view, with labels).
func (f *Figure) MaxBytes() int { return 128<<10 + f.Squares()<<10 }

// checkLists finds the item at fault in the arrows, marks and show
// options, with its offset in the option's value.
func checkLists(o Options, e model.Embed, grid bool) error {
	for _, name := range []string{"arrows", "marks"} {
		parse := pgn.ParseMarks
		if name == "arrows" {
			parse = func(s string) ([]pgn.Mark, error) { _, err := pgn.ParseArrows(s); return nil, err }
		}
		if _, err := parse(o[name]); err != nil {
			off := -1
			msg := err.Error()
			if ae, ok := err.(*pgn.AnnotationError); ok {
				off, msg = ae.Offset, ae.Msg
			}
			return &Error{Option: name, Value: o[name], Offset: off, Msg: msg, Err: err}
		}
	}
	if e.Pos == nil || !grid {
		return nil
	}
	show := o["show"]
	at := 0
	for _, item := range model.SplitShow(show) {
		at += strings.Index(show[at:], item)
		if _, err := model.ResolveShown(e.Pos, item); err != nil {
			off, msg := at, err.Error()
			x, perr := expr.Parse(item)
			if perr == nil {
				_, perr = x.Eval(e.Pos)
			}
			if xe, ok := perr.(*expr.Error); ok {
				off, msg = at+min(xe.Offset, len(item)), excerpt.Quote(item)+": "+xe.Msg
			}
			return &Error{Option: "show", Value: show, Offset: off, Msg: msg, Err: perr}
		}
		at += len(item)
	}
	return nil
}

// ProblemError returns an *Error naming the option of p, one of
// model.ResolveEmbed's problems for the options o (its Problems), or the
// option "options" when p names none.
func ProblemError(o Options, p string) error {
	for _, name := range []string{"layout", "show", "arrows", "marks", "orientation", "grids"} {
		if rest, ok := strings.CutPrefix(p, name+" "); ok && (name == "orientation" || name == "grids") {
			return OptionError(name, o[name], rest) // `orientation "up": use …` names the option once
		}
		if strings.HasPrefix(p, name) || strings.Contains(p, " "+name+" ") || strings.HasPrefix(p, "unknown "+name) {
			return OptionError(name, o[name], p)
		}
	}
	return OptionError("options", "", p)
}

// SVG returns the figure as the element's toSVG() returns it: view.SVG
// with the Chessnut pieces as data: URLs.
func (f *Figure) SVG() string {
	return view.FigureSVG(f.Embed.Figure, f.Theme, web.PieceImages())
}

// PNG returns the figure as a PNG at scale × its size (2 for slides, as
// the element's toPNG()): the image is round(width·scale) ×
// round(height·scale) pixels, the size the browser's canvas gets; scale
// is above 0 and at most png.MaxScale (see png.Rasterize).
func (f *Figure) PNG(scale float64) ([]byte, error) {
	return png.Rasterize(f.SVG(), scale)
}
