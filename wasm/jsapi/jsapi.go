package jsapi

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/view"
)

// A Param is one argument of a Function: its name, its TypeScript type,
// and whether it may be left out (then it and the ones after it are not
// counted in the JS function's length).
type Param struct {
	Name, Type string
	Optional   bool
}

// A Function is one member of the API object: bitview.<Name>(<Params>)
// answering Returns (a TypeScript type, the interfaces of which are in
// web/bitview.d.ts). Property: a value, not a function (version).
type Function struct {
	Name     string
	Params   []Param
	Property bool
	Returns  string
	Doc      string
}

// Functions is the JS API, in the order web/bitview-api.d.ts lists it.
var Functions = []Function{
	{Name: "version", Property: true, Returns: "string", Doc: `Bitview's release, e.g. "0.1.0".`},
	{Name: "mount", Params: []Param{{"root", "Element", false}, {"options", "MountOptions", true}}, Returns: "MountHandle",
		Doc: "Draws a view (board and bit grids) into root, as <bitboard-view> does."},
	{Name: "themeOf", Params: []Param{{"el", "Element", false}}, Returns: "Theme",
		Doc: "The colours and fonts an element shows, for exporting figures in the same theme."},
	{Name: "pieceImages", Returns: "Promise<string[]>",
		Doc: "The twelve Chessnut pieces as data: URLs in core.Piece order; [] when they cannot be read."},
	{Name: "svgToPng", Params: []Param{{"svg", "string", false}, {"scale", "number", true}}, Returns: "Promise<Blob>",
		Doc: "Renders an SVG document to a PNG at scale × its size (default 2)."},
	{Name: "saveFigure", Params: []Param{{"svg", "string", false}, {"format", "'svg' | 'png'", false}, {"name", "string", true}}, Returns: "Promise<void>",
		Doc: "Saves an SVG document as name.svg, or as name.png at 2×."},
	{Name: "layouts", Returns: "Layout[]", Doc: "The square layouts, each with its grid template."},
	{Name: "bitboardNames", Returns: "BitboardName[]", Doc: "Every name bitboard accepts, with its title in engine code."},
	{Name: "parseFen", Params: []Param{{"fen", "string", false}}, Returns: "ParseFenResult",
		Doc: "Reads a FEN: the canonical FEN, the position, warnings, or where it departs from the format."},
	{Name: "writeFen", Params: []Param{{"position", "Position", false}, {"options", "{ castling?: CastlingNotation }", true}}, Returns: "WriteFenResult",
		Doc: "The canonical FEN of a position object as parseFen returns it, castling in X-FEN (KQkq for a standard position; a rook's file letter only where KQkq cannot name it) or, with {castling: 'Shredder-FEN'}, every right as its rook's file letter (HAha)."},
	{Name: "bitboard", Params: []Param{{"fen", "string", false}, {"name", "string", false}, {"layout", "LayoutId | string", true}}, Returns: "BitboardResult",
		Doc: "One bitboard of a position in a layout (default lerf): its readouts, squares and grid."},
	{Name: "perft", Params: []Param{{"fen", "string", false}, {"depth", "number", false},
		{"onMove", "(uci: string, nodes: number, done: number, total: number, stats?: PerftStats) => boolean | void", true},
		{"options", "{ stats?: boolean }", true}}, Returns: "PerftResult",
		Doc: "Perft divide of fen to depth plies (1–6); onMove is called after each root move, and returning false stops the divide. With {stats: true}, each move's leaves are also counted by kind (captures, en passant, castles, promotions, checks, discovered and double checks, checkmates). Call it from a Web Worker for deep divides."},
	{Name: "polyglotKey", Params: []Param{{"fen", "string", false}}, Returns: "string | { ok: false; error: BitviewError }",
		Doc: `The Polyglot key of fen, 16 lowercase hex digits ("463b96181691fc9c" for the start position).`},
	{Name: "matchBitboards", Params: []Param{{"fen", "string", false}, {"text", "string", false}}, Returns: "MatchResult",
		Doc: "Which layout and bitboard order make up to " + strconv.Itoa(dump.MaxNumbers) + " pasted numbers (or grids) agree with fen (text at most " +
			thousands.Itoa(dump.MaxTextLength) + " characters)."},
	{Name: "magic", Params: []Param{{"piece", "'rook' | 'bishop' | string", false}, {"square", "string", false}, {"occupancy", "string | bigint", true}}, Returns: "MagicSteps",
		Doc: "The magic lookup of a rook or bishop on square with occupancy (hex string or BigInt; default the empty board)."},
}

// Tables are what web/bitview.js reads from Go at load (__bitviewGo.tables()).
// Each crosses as one string, split in JavaScript: one string crosses in
// microseconds, where the ~200 values of the lists as arrays and objects
// took about a millisecond of start-up (measured under Node).
type Tables struct {
	// Squares are the names of the 64 squares, LERF order, space-separated:
	// "a1 b1 … h8".
	Squares string `js:"squares"`
	// Castling are the FEN castling fields of the 16 core.CastlingRights
	// bitmasks, space-separated: "- K Q KQ … KQkq".
	Castling string `js:"castling"`
	// API is Functions' signatures, space-separated (see Signature).
	API string `js:"api"`
}

// Signature returns f as web/bitview.js reads it: its name and, for a
// function, its arguments' names in parentheses, comma-separated, an
// optional one followed by "?": "version", "layouts()",
// "mount(root,options?)".
func (f Function) Signature() string {
	if f.Property {
		return f.Name
	}
	params := make([]string, len(f.Params))
	for i, p := range f.Params {
		params[i] = p.Name
		if p.Optional {
			params[i] += "?"
		}
	}
	return f.Name + "(" + strings.Join(params, ",") + ")"
}

// MakeTables returns the Tables.
func MakeTables() Tables {
	squares := make([]string, core.SquareCount)
	for sq := range squares {
		squares[sq] = core.Square(sq).String()
	}
	castling := make([]string, 16)
	for cr := range castling {
		castling[cr] = core.CastlingRights(cr).String()
	}
	sigs := make([]string, len(Functions))
	for i, f := range Functions {
		sigs[i] = f.Signature()
	}
	return Tables{Squares: strings.Join(squares, " "), Castling: strings.Join(castling, " "), API: strings.Join(sigs, " ")}
}

// PieceFiles returns the names of the piece images in core.Piece order,
// "wP" … "bK": web.PieceImages' order, and PIECES in web/bitview.js
// (written by go generate ./wasm/model).
func PieceFiles() []string {
	out := make([]string, core.PieceCount)
	for p := core.WhitePawn; p <= core.BlackKing; p++ {
		c := "w"
		if p.Color() == core.Black {
			c = "b"
		}
		out[p.Index()] = c + strings.ToUpper(string(p.Letter()))
	}
	return out
}

// ThemeProperties returns view.Theme's fields by their js names, each
// with the custom property of web/view.css it is read from (its css
// tag): THEME in web/bitview.js (written by go generate ./wasm/model).
func ThemeProperties() [][2]string {
	t := reflect.TypeOf(view.Theme{})
	out := make([][2]string, t.NumField())
	for i := range out {
		f := t.Field(i)
		out[i] = [2]string{f.Tag.Get("js"), f.Tag.Get("css")}
	}
	return out
}
