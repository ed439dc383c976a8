package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
	"github.com/bitview/bitview/wasm/model"
)

// showUsage is bitview show's help.
const showUsage = `usage: bitview show [-fen FEN] [-layout L] [-index] [-binary] [-decimal] [-literals] [-json] NAME|EXPR|NUMBER...

Prints each bitboard as a grid, rank 8 at the top and file a on the left,
in the layout's numbering (0x88 and 10x12 with their off-board slots,
drawn '.'), with its value in hex, as a card on the page shows it:

  NAME    a bitboard (P, k, white, occupied, pawns …) or an attack map
          (attacked:w, pinned:b, from:e4 …) of the position
  EXPR    an expression of the bitboard language: '(P << 8) & empty'
  NUMBER  a free bitboard, in the layout's numbering: 0x… hex, 0b…
          binary, decimal, or -… signed decimal (after --, so that
          it is not read as a flag)

A set bit is '1' (with -index, '*' before the slot's index), a clear bit
'0'. Colour on a terminal, unless NO_COLOR is set; plain text otherwise.
-literals adds the value as C, Rust and Go literals, as the page's "Copy
as" buttons copy it. -json prints one JSON document instead (schema
"bitview-show/1": every card's squares, values and literals; see go doc
github.com/bitview/bitview/wasm/cmd/bitview/benchjson).
Exit status 0, or 2 on bad input.

Examples:
  bitview show P attacked:b
  bitview show -layout 0x88 -index -binary 0x00ff
  bitview show -fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 'pawns & ~(pawns >> 8)'
`

// numberArg is a show argument read as a free bitboard: a number alone.
var numberArg = regexp.MustCompile(`^(0[xX][0-9a-fA-F_]+|0[bB][01_]+|-?[0-9][0-9_]*)$`)

// showCmd runs bitview show.
func showCmd(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("show", showUsage, stderr)
	fen := fs.String("fen", core.StartFEN, "the position: a FEN, or a piece placement alone (White to move)")
	layoutID := fs.String("layout", "lerf", "the numbering: "+strings.Join(core.LayoutIDs(), ", "))
	index := fs.Bool("index", false, "write each cell's slot index, '*' before a set one and '.' before an off-board one")
	binary := fs.Bool("binary", false, "also write the value in binary, one grid row (or file) a group")
	decimal := fs.Bool("decimal", false, "also write the value in decimal, unsigned and signed (64-slot layouts)")
	literals := fs.Bool("literals", false, "also write the value as C, Rust and Go integer literals")
	asJSON := fs.Bool("json", false, `print one JSON document (schema "bitview-show/1") instead of the grids`)
	if status, done := parseFlags(fs, args); done {
		return status
	}
	const name = "show"
	doc := benchjson.Show{Schema: benchjson.ShowSchema, Layout: *layoutID, Cards: []benchjson.Card{}}
	bad := func(err error) int {
		if *asJSON {
			doc.Exit, doc.Error = exitBadInput, err.Error()
			writeJSON(stdout, doc)
		}
		return fail(stderr, name, err, exitBadInput)
	}
	l, ok := core.LayoutByID(*layoutID)
	if !ok {
		return bad(fmt.Errorf("layout: unknown layout %q: use one of %s", *layoutID, strings.Join(core.LayoutIDs(), ", ")))
	}
	p, err := readFEN(*fen)
	if err != nil {
		return bad(err)
	}
	doc.FEN = p.FEN()
	if fs.NArg() == 0 {
		return bad(errors.New("name a bitboard, an expression or a number to show, e.g. bitview show P"))
	}
	var cards []card
	for _, item := range fs.Args() {
		c, err := resolveCard(&p, l, item)
		if err != nil {
			return bad(err)
		}
		cards = append(cards, c)
	}
	if *asJSON {
		for _, c := range cards {
			doc.Cards = append(doc.Cards, cardJSON(l, c))
		}
		writeJSON(stdout, doc)
		return exitAgree
	}
	style := plainStyle
	if colourTerminal(stdout) {
		style = colourStyle
	}
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte('\n')
		}
		writeCard(&b, l, c, cardOptions{index: *index, binary: *binary, decimal: *decimal, literals: *literals, style: style})
	}
	io.WriteString(stdout, b.String())
	return exitAgree
}

// A card is one bitboard to draw: its key (as given), title and squares.
type card struct {
	key, title string
	bits       core.Bitboard
}

// resolveCard reads a show argument: a number alone is a free bitboard
// in layout l (model.ParseFree, as the page's free card reads it), else a
// show item of the page (model.ResolveShown).
func resolveCard(p *core.Position, l *core.Layout, item string) (card, error) {
	if numberArg.MatchString(item) {
		field := model.FreeDecimal
		switch {
		case strings.HasPrefix(item, "0x"), strings.HasPrefix(item, "0X"):
			field = model.FreeHex
		case strings.HasPrefix(item, "0b"), strings.HasPrefix(item, "0B"):
			field = model.FreeBinary
		case strings.HasPrefix(item, "-"):
			field = model.FreeSigned
		}
		bb, err := model.ParseFree(l, field, item)
		if err != nil {
			return card{}, fmt.Errorf("%s: %w", item, err)
		}
		return card{key: item, title: model.FreeTitle + " (" + field + " in " + l.Name + ")", bits: bb}, nil
	}
	s, err := model.ResolveShown(p, item)
	if err != nil {
		return card{}, err
	}
	return card{key: s.Key, title: s.Title, bits: s.Bits}, nil
}

// A cellStyle wraps a cell's text for a terminal: set bits, off-board
// slots and the labels.
type cellStyle struct{ set, off, label, reset string }

var (
	plainStyle  = cellStyle{}
	colourStyle = cellStyle{set: "\x1b[1;32m", off: "\x1b[2m", label: "\x1b[36m", reset: "\x1b[0m"}
)

// colourTerminal reports whether w is a terminal that takes colour: a
// character device, with NO_COLOR unset or empty (https://no-color.org)
// and TERM not "dumb".
func colourTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// cardOptions are how writeCard draws.
type cardOptions struct {
	index, binary, decimal, literals bool
	style                            cellStyle
}

// writeCard draws c in layout l: a title line, the grid (one line per
// grid row with its rank digit, blank for 10x12's border rows; file
// letters under it, blank under off-board columns), then the value.
func writeCard(b *strings.Builder, l *core.Layout, c card, o cardOptions) {
	st := o.style
	count := c.bits.Count()
	fmt.Fprintf(b, "%s", c.key)
	if c.title != c.key {
		fmt.Fprintf(b, " · %s", c.title)
	}
	fmt.Fprintf(b, " · %s · %s\n", l.Name, plural(count, "square", "squares"))
	width := 1
	if o.index {
		width = 1 + len(strconv.Itoa(l.Slots-1))
	}
	colLabels := make([]string, l.Cols)
	for row := range l.Rows {
		rank := " "
		for col := range l.Cols {
			if sq := l.CellSquare(row*l.Cols + col); sq != core.NoSquare {
				rank = sq.Rank().String()
				colLabels[col] = sq.File().String()
			}
		}
		b.WriteString(st.label + rank + st.reset + " |")
		for col := range l.Cols {
			sq, slot := l.CellSquare(row*l.Cols+col), l.CellSlot(row*l.Cols+col)
			b.WriteByte(' ')
			var text, colour string
			switch {
			case sq == core.NoSquare:
				text, colour = ".", st.off
			case c.bits.Has(sq):
				text, colour = "1", st.set
			default:
				text = "0"
			}
			if o.index {
				mark := map[string]string{".": ".", "1": "*", "0": " "}[text]
				text = mark + fmt.Sprintf("%*d", width-1, slot)
			}
			if colour != "" {
				text = colour + text + st.reset
			}
			b.WriteString(text)
		}
		b.WriteByte('\n')
	}
	var files strings.Builder
	files.WriteString("   ")
	for _, f := range colLabels {
		files.WriteString(" " + fmt.Sprintf("%*s", width, f))
	}
	b.WriteString(st.label + strings.TrimRight(files.String(), " ") + st.reset + "\n")
	v := l.Value(c.bits)
	fmt.Fprintf(b, "hex %s\n", l.Hex(v))
	if o.binary {
		fmt.Fprintf(b, "bin %s\n", l.Binary(v, true))
	}
	if o.decimal {
		if l.FitsUint64() {
			fmt.Fprintf(b, "dec %s (signed %s)\n", l.Decimal(v), l.Signed(v))
		} else {
			fmt.Fprintf(b, "dec none: %d slots do not fit a 64-bit integer\n", l.Slots)
		}
	}
	if o.literals {
		for _, lang := range core.LiteralLanguages {
			lit, _ := l.Literal(v, lang)
			fmt.Fprintf(b, "%-4s %s\n", lang, lit)
		}
	}
}

// cardJSON returns c in layout l as bitview show -json writes it.
func cardJSON(l *core.Layout, c card) benchjson.Card {
	v := l.Value(c.bits)
	out := benchjson.Card{Key: c.key, Title: c.title, Squares: c.bits.SquareNames(), Count: c.bits.Count(),
		Bitboard: fmt.Sprintf("0x%016x", uint64(c.bits)), Hex: l.Hex(v), Binary: l.Binary(v, false),
		Decimal: l.Decimal(v), Signed: l.Signed(v), Literals: map[string]string{}}
	if out.Squares == nil {
		out.Squares = []string{}
	}
	for _, lang := range core.LiteralLanguages {
		out.Literals[lang], _ = l.Literal(v, lang)
	}
	return out
}
