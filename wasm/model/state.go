package model

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/core/pgn"
)

// A State is everything a link reproduces: ?fen=…&layout=…&show=P,n,occupied
// (&flip=1 views the board from Black, &labels=1 shows each square's index,
// &grids=fixed keeps the grids unflipped, &moves=e2e4,e7e5&ply=1 a game,
// &tab=engine&magic=rook:e4 the tool on show, &perft=3&path=e2e4 the perft
// divide,
// &free=0x… the free bitboard as a hex number in the link's layout).
type State struct {
	FEN        string
	Layout     string   // a core.Layouts id
	Show       []string // what the cards show, in the order toggled on: core.BitboardNames names, attack maps, expressions (see ResolveShown)
	Flipped    bool
	FixedGrids bool // the grids stay unflipped when the board is flipped (&grids=fixed); by default they turn with it
	Labels     bool
	Expr       string // the playground's expression (&expr=…)
	Present    bool   // presentation mode (&present=1)
	// A game on show: its start position (&start=…, "" for the standard
	// one), its moves in UCI (&moves=e2e4,e7e5) and the ply on show
	// (&ply=…, 0 the start). FEN is then the position at Ply.
	Start string
	Moves []string
	Ply   int
	// The arrows and marked squares the user drew on the board (right-drag
	// and right-click), as [%cal]/[%csl] write them: &arrows=Ge2e4,Rd7d5
	// &marks=Gd4 (at most pgn.MaxAnnotations each).
	Arrows []pgn.Arrow
	Marked []pgn.Mark
	// Tab is the tool on show in the page's tool area (&tab=perft; one of
	// Tabs, "" for none), and Magic the magic panel's piece and square
	// (&magic=rook:e4, see ParseMagic; "" until one is picked).
	Tab   string
	Magic string
	// The perft divide panel: the depth of the divide on show (&perft=3,
	// 1..core.MaxDivideDepth; 0 when the panel is closed), and the moves in
	// UCI played from Root to reach the position divided (&path=e2e4,e7e5
	// &root=…, at most MaxPerftPath moves; Root "" stands for the start
	// position, and FEN is then the position at the end of Path).
	Perft int
	Path  []string
	Root  string
	// Free is the free bitboard's squares (see FreeKey). The link writes
	// it as a hex number in the link's layout (&free=0x00ff in layout
	// berf is rank 8), omitted when empty.
	Free core.Bitboard
}

// MaxPerftPath is the longest perft path a link may hold (&path=…): one
// ply less than core.MaxDivideDepth, since each step from the root
// divides one ply shallower and the last divide is at least 1 ply deep.
const MaxPerftPath = core.MaxDivideDepth - 1

// MaxURLMoves is the most moves a link may hold (&moves=…): more than the
// longest game played under the fifty-move rule (about 5,900 moves).
const MaxURLMoves = 12000

// DefaultState is the view a fresh page opens: the start position, LERF,
// the white pawns and all occupied squares.
func DefaultState() State {
	return State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"P", "occupied"}}
}

// ParseQuery reads a State from a URL query, keeping the defaults for what
// is missing and dropping unknown layouts (the FEN and the expression are
// kept as given, so the page shows their errors, but cut one byte past
// their limits, core.MaxFENLength and expr.MaxLength, which keeps them
// over the limit and the error the same). The show list takes what an
// element's show takes (SplitShow: bitboard names, attack maps,
// "from:e4", expressions): its items as given, the first MaxShowItems
// within MaxShowLength bytes, each once; the page says what is wrong with
// one that means nothing (Page.Status).
func ParseQuery(query string) State {
	s := DefaultState()
	q, _ := url.ParseQuery(strings.TrimPrefix(query, "?")) // keeps every pair it could read
	if q.Has("fen") {
		s.FEN = Clip(q.Get("fen"), core.MaxFENLength)
	}
	if _, ok := core.LayoutByID(q.Get("layout")); ok {
		s.Layout = q.Get("layout")
	}
	if q.Has("show") {
		s.Show = nil
		size := 0
		for _, item := range SplitShow(q.Get("show")) {
			if size += len(item); len(s.Show) == MaxShowItems || size > MaxShowLength {
				break
			}
			if !slices.Contains(s.Show, item) {
				s.Show = append(s.Show, item)
			}
		}
	}
	if f := q.Get("free"); f != "" {
		l, _ := core.LayoutByID(s.Layout)
		if bb, err := ParseFree(l, FreeHex, f); err == nil { // a bad value is dropped like an unknown layout
			s.Free = bb
		}
	}
	s.Flipped = q.Get("flip") == "1"
	s.Labels = q.Get("labels") == "1"
	s.Expr = Clip(q.Get("expr"), expr.MaxLength)
	s.Present = q.Get("present") == "1"
	s.FixedGrids = q.Get("grids") == "fixed"
	s.Arrows, _ = pgn.ParseArrows(q.Get("arrows")) // the arrows before a bad one
	s.Marked, _ = pgn.ParseMarks(q.Get("marks"))
	if m := q.Get("moves"); m != "" {
		s.Moves = strings.Split(m, ",")
		if len(s.Moves) > MaxURLMoves {
			s.Moves = s.Moves[:MaxURLMoves]
		}
		s.Start = q.Get("start")
		s.Ply, _ = strconv.Atoi(q.Get("ply"))
		s.Ply = min(max(s.Ply, 0), len(s.Moves))
	}
	if t := q.Get("tab"); slices.Contains(Tabs, t) {
		s.Tab = t
	}
	if pt, sq, err := ParseMagic(q.Get("magic")); err == nil {
		s.Magic = FormatMagic(pt, sq)
	}
	s.Perft, s.Path, s.Root = parsePerft(q)
	// Links from before the tool area: &tools=dump,zobrist,magic opened
	// the engine panels, &perft=3 the perft panel.
	switch {
	case s.Tab != "":
	case s.Perft > 0:
		s.Tab = "perft"
	case q.Get("tools") != "":
		s.Tab = "engine"
	}
	return s
}

// joinItems writes annotations as [%cal]/[%csl] do, separated by commas.
func joinItems[T interface{ String() string }](items []T) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(it.String())
	}
	return b.String()
}

// Clip returns s when it is at most limit bytes long, and otherwise its
// first limit+1 bytes: still over the limit, so the parser that owns the
// limit refuses it with its own message, but never more than limit+1
// bytes to copy, store in a link or keep in the history. The cut may split
// a UTF-8 sequence, which the parsers report as they do any stray byte.
func Clip(s string, limit int) string {
	if len(s) > limit {
		return s[:limit+1]
	}
	return s
}

// parsePerft reads &perft=…&path=…&root=…: a depth outside
// 1..core.MaxDivideDepth closes the panel (0, no path); the path stops at
// its first item that is not a UCI move and is cut to MaxPerftPath
// moves; root is read only with a
// path, and at most core.MaxFENLength+1 bytes of it are kept (enough for
// the FEN parser to report it too long).
func parsePerft(q url.Values) (depth int, path []string, root string) {
	depth, err := strconv.Atoi(q.Get("perft"))
	if err != nil || depth < 1 || depth > core.MaxDivideDepth {
		return 0, nil, ""
	}
	if p := q.Get("path"); p != "" {
		for _, m := range strings.SplitN(p, ",", MaxPerftPath+1) {
			if len(path) == MaxPerftPath || !UCISyntax(m) {
				break
			}
			path = append(path, m)
		}
	}
	if len(path) > 0 {
		root = q.Get("root")
		if len(root) > core.MaxFENLength+1 {
			root = root[:core.MaxFENLength+1]
		}
	}
	return depth, path, root
}

// UCISyntax reports whether s is written like a UCI move: two square
// names in lower case and an optional promotion letter n, b, r or q
// ("e2e4", "e7e8q"). Whether the move is legal is the position's to say.
func UCISyntax(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	if _, ok := core.ParseSquare(s[0:2]); !ok {
		return false
	}
	if _, ok := core.ParseSquare(s[2:4]); !ok {
		return false
	}
	return len(s) == 4 || strings.IndexByte("nbrq", s[4]) >= 0
}

// Query returns the URL query that reproduces s, starting with "?".
func (s State) Query() string {
	q := s.viewQuery()
	if s.Flipped {
		q += "&flip=1"
	}
	if s.Labels {
		q += "&labels=1"
	}
	if s.Expr != "" {
		q += "&expr=" + url.QueryEscape(s.Expr)
	}
	if s.Present {
		q += "&present=1"
	}
	if s.FixedGrids {
		q += "&grids=fixed"
	}
	q += s.drawingQuery()
	if len(s.Moves) > 0 {
		if s.Start != "" {
			q += "&start=" + url.QueryEscape(s.Start)
		}
		q += "&moves=" + strings.Join(s.Moves, ",") + "&ply=" + strconv.Itoa(s.Ply)
	}
	if s.Tab != "" {
		q += "&tab=" + s.Tab
	}
	if s.Magic != "" {
		q += "&magic=" + url.QueryEscape(s.Magic)
	}
	if s.Perft > 0 {
		q += "&perft=" + strconv.Itoa(s.Perft)
		if len(s.Path) > 0 {
			q += "&path=" + strings.Join(s.Path, ",")
			if s.Root != "" {
				q += "&root=" + url.QueryEscape(s.Root)
			}
		}
	}
	if s.Free != 0 {
		l, ok := core.LayoutByID(s.Layout)
		if !ok {
			l = core.Layouts[0]
		}
		q += "&free=" + FreeText(l, FreeHex, s.Free)
	}
	return q
}

// EmbedShow returns the show list for a view that has no free bitboard
// (a <bitboard-view>, embed.html): FreeKey becomes the free bitboard's
// value as an expression (FreeLiteral), which such a view draws the same.
func (s State) EmbedShow() []string {
	show := slices.Clone(s.Show)
	for i, k := range show {
		if k == FreeKey {
			show[i] = FreeLiteral(s.Free)
		}
	}
	return show
}

// Toggle shows the named bitboard or attack map (see KnownKey) if it is
// hidden and hides it if shown.
func (s *State) Toggle(name string) {
	if i := slices.Index(s.Show, name); i >= 0 {
		s.Show = slices.Delete(slices.Clone(s.Show), i, i+1)
		return
	}
	if KnownKey(name) {
		s.Show = append(slices.Clone(s.Show), name)
	}
}

// A Tool is a tool of the page's tool area: ID is the id of its panel in
// index.html (State.Tab, the link's &tab=), Label its tab's text.
type Tool struct{ ID, Label string }

// Tools are the page's tools in the order of its tab bar, which
// view.ToolTabs draws from them: adding a tool is an entry here, its
// panel in index.html and its code.
var Tools = []Tool{
	{"editor", "Edit"}, {"playground", "Expression"}, {"attacks", "Attacks"}, {"game", "Game"},
	{"shiftdemo", "Shifts"}, {"repr", "Representations"}, {"perft", "Perft"}, {"engine", "Engine"}, {"embed", "Embed"},
}

// Tabs are the ids of Tools, in their order.
var Tabs = func() []string {
	ids := make([]string, len(Tools))
	for i, t := range Tools {
		ids[i] = t.ID
	}
	return ids
}()

// EmbedQuery returns the query of embed.html that shows the view of s,
// starting with "?": the options web/embed.js reads (fen, layout, show,
// labels, orientation and grids, arrows, marks), as State.Query writes
// them, and nothing of the page's tools (tab, perft, magic, a game, the
// expression field, presentation), which an embedded view does not have.
func (s State) EmbedQuery() string {
	q := s.viewQuery()
	if s.Labels {
		q += "&labels=1"
	}
	if s.Flipped {
		q += "&orientation=black"
		if s.FixedGrids {
			q += "&grids=fixed"
		}
	}
	return q + s.drawingQuery()
}

// viewQuery is what Query and EmbedQuery both start with: "?", the FEN,
// the layout and the show list.
func (s State) viewQuery() string {
	return "?fen=" + url.QueryEscape(s.FEN) + "&layout=" + url.QueryEscape(s.Layout) +
		"&show=" + url.QueryEscape(strings.Join(s.Show, ","))
}

// drawingQuery is the arrows and marks drawn on the board, as Query and
// EmbedQuery both write them ("" for none).
func (s State) drawingQuery() string {
	q := ""
	if len(s.Arrows) > 0 {
		q += "&arrows=" + joinItems(s.Arrows)
	}
	if len(s.Marked) > 0 {
		q += "&marks=" + joinItems(s.Marked)
	}
	return q
}
