package jsapi

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/magic"
	"github.com/bitview/bitview/wasm/model"
)

// The answers of the API in plain Go: what each function of Functions
// answers, as the structs package main hands vert (their js tags are the
// JS names, see web/bitview.d.ts), computed from plain arguments. Package
// main reads the arguments out of JavaScript (their types and lengths
// checked before anything is copied) and crosses the answers; everything
// between is here, tested natively.

// An Error is the error object of every answer: the FEN field at fault
// (1–6, or 0 when the fault is not in a FEN), its name or the argument's,
// the 0-based character offset into the input (-1 when there is no input
// text), and a message.
type Error struct {
	Field     int    `js:"field"`
	FieldName string `js:"fieldName"`
	Offset    int    `js:"offset"`
	Message   string `js:"message"`
}

// An ArgError is an argument the API refuses, other than a FEN: Arg names
// it.
type ArgError struct{ Arg, Msg string }

// Error returns "arg: msg".
func (e *ArgError) Error() string { return e.Arg + ": " + e.Msg }

// ErrorOf returns err as the API's error object, the one conversion of
// every answer: a *core.FENError with its field, its name and its offset,
// an *ArgError naming its argument, anything else as its message (offset
// -1 for both).
func ErrorOf(err error) *Error {
	var fe *core.FENError
	var ae *ArgError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &fe):
		return &Error{Field: fe.Field, FieldName: fe.FieldName(), Offset: fe.Offset, Message: fe.Msg}
	case errors.As(err, &ae):
		return &Error{FieldName: ae.Arg, Offset: -1, Message: ae.Msg}
	}
	return &Error{Offset: -1, Message: err.Error()}
}

// Arg returns the error object for the argument name, refused with msg.
func Arg(name, msg string) *Error { return ErrorOf(&ArgError{name, msg}) }

// A Result is the answer of a call that draws or checks and answers
// nothing else (mount's update), and of any function that fails: ok, or
// the error.
type Result struct {
	OK    bool   `js:"ok"`
	Error *Error `js:"error"`
}

// Fail returns the Result of err.
func Fail(err error) Result { return Result{Error: ErrorOf(err)} }

// A Layout is one entry of bitview.layouts(): the core.Layouts table with
// the grid template the shim fills with bits.
type Layout struct {
	ID         string   `js:"id"`
	Name       string   `js:"name"`
	About      string   `js:"about"`
	Slots      int      `js:"slots"`
	FitsUint64 bool     `js:"fitsUint64"`
	MSBFirst   bool     `js:"msbFirst"`
	Index      []int    `js:"index"` // slot of LERF square i
	Rows       int      `js:"rows"`
	Cols       int      `js:"cols"`
	RowLabels  []string `js:"rowLabels"`
	ColLabels  []string `js:"colLabels"`
	Cells      []Cell   `js:"cells"` // display order, rank 8 at the top
}

// A Cell is a grid cell template: the square's name (null off-board),
// its slot, and whether it is off the board.
type Cell struct {
	Square   *string `js:"square"`
	Index    int     `js:"index"`
	OffBoard bool    `js:"offBoard"`
}

// Layouts answers bitview.layouts().
func Layouts() []Layout {
	out := make([]Layout, len(core.Layouts))
	for i, l := range core.Layouts {
		g := model.GridOf(l, 0)
		jl := Layout{ID: l.ID, Name: l.Name, About: l.About, Slots: l.Slots, FitsUint64: l.FitsUint64(),
			MSBFirst: l.MSBFirst, Index: make([]int, core.SquareCount), Rows: g.Rows, Cols: g.Cols,
			RowLabels: g.RowLabels, ColLabels: g.ColLabels, Cells: make([]Cell, len(g.Cells))}
		for sq := range core.SquareCount {
			jl.Index[sq] = l.Index(core.Square(sq))
		}
		for j, c := range g.Cells {
			jl.Cells[j] = Cell{Index: c.Index, OffBoard: c.OffBoard}
			if !c.OffBoard {
				name := c.Square.String()
				jl.Cells[j].Square = &name
			}
		}
		out[i] = jl
	}
	return out
}

// A BitboardName is one entry of bitview.bitboardNames(): a name the API
// accepts and its conventional title.
type BitboardName struct {
	Name  string `js:"name"`
	Title string `js:"title"`
}

// BitboardNames answers bitview.bitboardNames().
func BitboardNames() []BitboardName {
	out := make([]BitboardName, len(core.BitboardNames))
	for i, n := range core.BitboardNames {
		out[i] = BitboardName{n.Name, n.Title}
	}
	return out
}

// WarningCodes are the warning codes in the order of their index on the
// wire (see WarningIndex); web/bitview.js reads them once.
func WarningCodes() []string {
	out := make([]string, len(core.WarningCodes))
	for i, c := range core.WarningCodes {
		out[i] = string(c)
	}
	return out
}

// WarningIndex returns the index of the warning code c in WarningCodes.
func WarningIndex(c core.WarningCode) int {
	for i, w := range core.WarningCodes {
		if w == c {
			return i
		}
	}
	return 0
}

// Lookup parses fen and picks the named bitboard (core.LookupBitboard) and
// the layout id (core.LayoutByID), as bitview.bitboard reads its
// arguments: the error is the FEN's *core.FENError or an *ArgError naming
// the name or the layout.
func Lookup(fen, name, id string) (*core.Layout, core.Bitboard, error) {
	p, err := core.ParseFEN(fen)
	if err != nil {
		return nil, 0, err
	}
	bn, ok := core.LookupBitboard(name)
	if !ok {
		return nil, 0, &ArgError{"name", "unknown bitboard name " + strconv.Quote(name) + ": use a piece letter (PNBRQKpnbrqk), white, black, occupied, empty, pawns, knights, bishops, rooks, queens or kings"}
	}
	l, ok := core.LayoutByID(id)
	if !ok {
		return nil, 0, &ArgError{"layout", "unknown layout " + strconv.Quote(id) + ": use " + strings.Join(core.LayoutIDs(), ", ")}
	}
	return l, bn.Of(&p), nil
}

// A Verdict is one number's verdict in MatchBitboards. A grid pasted
// alone has Text "" and Value its cells in reading order (the top row
// first), the numbering Want is written in.
type Verdict struct {
	Text     string   `js:"text"`
	Line     int      `js:"line"`
	Col      int      `js:"col"`
	Label    string   `js:"label"`
	Value    string   `js:"value"`    // 16 hex digits
	Bitboard string   `js:"bitboard"` // core.BitboardNames name, "" beyond the order
	Title    string   `js:"title"`
	Want     string   `js:"want"` // 16 hex digits
	OK       bool     `js:"ok"`
	Extra    []string `js:"extra"`   // squares set in the number but not on the board
	Missing  []string `js:"missing"` // squares on the board the number lacks
}

// A Candidate is one mapping and order tried.
type Candidate struct {
	Layout    string `js:"layout"`
	Order     string `js:"order"`
	Agree     int    `js:"agree"`
	WrongBits int    `js:"wrongBits"`
}

// A Problem is a part of the pasted text that could not be read.
type Problem struct {
	Line   int    `js:"line"`
	Col    int    `js:"col"`
	Text   string `js:"text"`
	Reason string `js:"reason"`
}

// A Named is a mapping: a core layout id or one of core/dump's symmetries.
type Named struct {
	ID    string `js:"id"`
	Name  string `js:"name"`
	About string `js:"about"`
}

// An Order is a bitboard order of core/dump.
type Order struct {
	ID    string   `js:"id"`
	Name  string   `js:"name"`
	Names []string `js:"names"`
}

// A Match is the answer of bitview.matchBitboards.
type Match struct {
	OK         bool        `js:"ok"`
	Error      *Error      `js:"error"`
	Layout     Named       `js:"layout"` // the best mapping
	Order      Order       `js:"order"`
	Agree      int         `js:"agree"`
	Count      int         `js:"count"` // numbers read
	WrongBits  int         `js:"wrongBits"`
	Verdicts   []Verdict   `js:"verdicts"`
	Problems   []Problem   `js:"problems"`
	Candidates []Candidate `js:"candidates"` // the best five readings (dump.Distinct), best first
}

// MatchBitboards answers bitview.matchBitboards(fen, text) for the
// position p of fen and text of at most dump.MaxTextLength characters
// (the caller checks its length before copying it): the layout and
// bitboard order under which the numbers in text agree best with the
// position, a verdict per number, what could not be read, and the best
// five candidates. No numbers in text is an error.
func MatchBitboards(p *core.Position, text string) Match {
	d := dump.Read(text)
	nums := d.Numbers
	res := Match{OK: true, Count: len(nums), Problems: []Problem{}, Verdicts: []Verdict{}, Candidates: []Candidate{}}
	for _, pr := range d.Problems {
		res.Problems = append(res.Problems, Problem{pr.Line, pr.Col, pr.Text, pr.Reason})
	}
	rs := dump.Match(p, nums)
	if len(rs) == 0 {
		res.OK = false
		res.Error = Arg("text", "no numbers found: paste up to "+strconv.Itoa(dump.MaxNumbers)+" bitboards in hex (0x…), binary (0b…) or decimal")
		return res
	}
	best := rs[0]
	res.Layout = Named{best.Mapping.ID, best.Mapping.Name, best.Mapping.About}
	res.Order = Order{best.Order.ID, best.Order.Name, best.Order.Names}
	res.Agree, res.WrongBits = best.Agree, best.Wrong
	for _, v := range best.Verdicts {
		value := v.Number.Value
		if g := v.Number.Grid; g != nil && v.Number.Base == 0 {
			value = g.Cells // a grid alone: its cells in reading order, the numbering Want is in
		}
		res.Verdicts = append(res.Verdicts, Verdict{Text: v.Number.Text, Line: v.Number.Line, Col: v.Number.Col,
			Label: v.Number.Label, Value: core.Bitboard(value).Hex()[2:], Bitboard: v.Bitboard, Title: v.Title,
			Want: core.Bitboard(v.Want).Hex()[2:], OK: v.OK, Extra: v.Extra.SquareNames(), Missing: v.Missing.SquareNames()})
	}
	rs = dump.Distinct(rs) // one candidate per reading, not the best again under an order that differs past the numbers
	for _, r := range rs[:min(5, len(rs))] {
		res.Candidates = append(res.Candidates, Candidate{r.Mapping.ID, r.Order.ID, r.Agree, r.Wrong})
	}
	return res
}

// MagicSteps is the answer of bitview.magic: one magic-bitboard lookup,
// step by step (see magic.Steps). 64-bit values are "0x" and 16 lowercase
// hex digits, so BigInt(answer.product) works; bit n is LERF square n.
type MagicSteps struct {
	OK            bool     `js:"ok"`
	Error         *Error   `js:"error"`
	Piece         string   `js:"piece"`  // "rook" or "bishop"
	Square        string   `js:"square"` // "e4"
	Occupancy     string   `js:"occupancy"`
	Mask          string   `js:"mask"`
	Masked        string   `js:"masked"` // occupancy & mask
	Magic         string   `js:"magic"`
	Product       string   `js:"product"` // masked × magic mod 2^64
	Bits          int      `js:"bits"`    // popcount(mask): the index width
	Shift         int      `js:"shift"`   // 64 − bits
	Index         int      `js:"index"`   // product >> shift, below 2^bits
	Attacks       string   `js:"attacks"` // the table's entry at index
	AttackSquares []string `js:"attackSquares"`
	Reference     string   `js:"reference"` // core's sliding attacks for the same occupancy
	Equal         bool     `js:"equal"`     // attacks == reference
	Tries         int      `js:"tries"`     // candidates drawn before the square's magic was found
	Seed          string   `js:"seed"`      // magic.Seed, the generator's first seed
}

// Magic answers bitview.magic(piece, square, occupancy): the magic lookup
// of a rook or bishop ("rook", "bishop", "r", "b", any case) on a square
// ("e4") with an occupancy given as hex digits (with or without "0x", at
// most 16; the shim turns a BigInt into them), nil for the empty board;
// blanks around each are ignored. Each argument is at most
// model.MaxOptionLength bytes (the caller checks their lengths before
// copying them).
func Magic(piece, square string, occupancy *string) MagicSteps {
	fail := func(name, msg string) MagicSteps { return MagicSteps{Error: Arg(name, msg)} }
	piece, square = strings.TrimSpace(piece), strings.TrimSpace(square)
	var pt core.PieceType
	switch strings.ToLower(piece) {
	case "rook", "r":
		pt = core.Rook
	case "bishop", "b":
		pt = core.Bishop
	default:
		return fail("piece", strconv.Quote(piece)+`: the piece must be "rook" or "bishop" (a queen uses both)`)
	}
	sq, ok := core.ParseSquare(strings.ToLower(square))
	if !ok {
		return fail("square", strconv.Quote(square)+" is not a square (a1 … h8)")
	}
	var occ uint64
	if occupancy != nil {
		text := strings.TrimSpace(*occupancy)
		digits := strings.TrimPrefix(strings.TrimPrefix(text, "0x"), "0X")
		v, err := strconv.ParseUint(digits, 16, 64)
		if err != nil {
			return fail("occupancy", strconv.Quote(text)+" is not a 64-bit hex number (at most 16 hex digits, 0x optional)")
		}
		occ = v
	}
	s, err := magic.Explain(pt, sq, core.Bitboard(occ))
	if err != nil {
		return fail("piece", err.Error())
	}
	return MagicSteps{OK: true, Piece: strings.ToLower(pt.String()), Square: sq.String(),
		Occupancy: s.Occupancy.Hex(), Mask: s.Mask.Hex(), Masked: s.Masked.Hex(),
		Magic: core.Bitboard(s.Magic).Hex(), Product: core.Bitboard(s.Product).Hex(), Bits: s.Bits, Shift: int(s.Shift), Index: int(s.Index),
		Attacks: s.Attacks.Hex(), AttackSquares: s.Attacks.SquareNames(), Reference: s.Reference.Hex(),
		Equal: s.OK(), Tries: s.Tries, Seed: "0x" + strconv.FormatUint(magic.Seed, 16)}
}

// PositionKeys are the keys of a position object (bitview.parseFen's
// position) besides its mailbox, in the order of the FEN fields 2 to 6.
var PositionKeys = [5]string{"sideToMove", "castling", "enPassant", "halfmoveClock", "fullmoveNumber"}

// Position builds the position of a position object as bitview.writeFen
// reads it: its mailbox (64 entries, a1 first: "" or one of PNBRQKpnbrqk;
// at most one character each, which the caller checked) through
// core.Position.Put, and the fields of PositionKeys as FEN fields (each
// one word, the numbers written as decimals) through core.ParseFEN with
// that board (castling in KQkq, X-FEN or Shredder-FEN), so they obey
// exactly the FEN's rules and messages. The error names the
// key at fault, with its FEN field.
func Position(mailbox [core.SquareCount]string, fields [5]string) (core.Position, *Error) {
	fail := func(field int, msg string) (core.Position, *Error) {
		return core.Position{}, &Error{Field: field, FieldName: core.FieldName(field), Offset: -1, Message: msg}
	}
	p := core.NewPosition()
	for i, s := range mailbox {
		if s == "" {
			continue
		}
		pc, ok := core.PieceFromLetter(s[0])
		if len(s) != 1 || !ok {
			return fail(core.FieldPiecePlacement, "position.mailbox["+strconv.Itoa(i)+"] ("+core.Square(i).String()+") is "+
				strconv.Quote(s)+`: use "" or one of PNBRQKpnbrqk`)
		}
		p.Put(pc, core.Square(i))
	}
	// The fields read with the board: X-FEN's castling letters name the
	// rooks that stand there.
	placement, _, _ := strings.Cut(p.FEN(), " ")
	q, err := core.ParseFEN(placement + " " + strings.Join(fields[:], " "))
	var fe *core.FENError
	if errors.As(err, &fe) {
		key := "" // the fields together longer than a FEN may be
		if i := fe.Field - core.FieldActiveColor; i >= 0 && i < len(PositionKeys) {
			key = PositionKeys[i]
		}
		return fail(fe.Field, "position."+key+": "+fe.Msg)
	}
	p.SideToMove, p.Castling, p.EnPassant, p.HalfmoveClock, p.FullmoveNumber =
		q.SideToMove, q.Castling, q.EnPassant, q.HalfmoveClock, q.FullmoveNumber
	return p, nil
}
