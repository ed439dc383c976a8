package model

import (
	"errors"
	"slices"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/core/thousands"
)

// A Page is the page's state and its rules, in plain Go: what a link
// reproduces (State), the position on show with its reading, the loaded
// game, the one undo/redo history, the square pointed at, and what the
// page says and what the user dismissed. Its methods are what a user
// does: type a FEN, show a bitboard, edit the position, undo and redo,
// load and step a game, point at a square, dismiss a notice. Package main
// turns each event into one of these calls and then writes the regions
// wasm/view draws from the Page; nothing is read back from the markup.
//
// A change of the position goes through show (typing, an example, an
// edit, perft's path), which records the history; stepping a game moves
// within one entry of it.
type Page struct {
	State
	read     Reading       // State.FEN read
	pos      core.Position // on show: the last position that parsed while the FEN does not
	good     bool          // a FEN parsed since the page opened (else pos is the start position)
	warn     core.Bitboard // the squares the warnings of pos name
	selected core.Square   // the square last clicked without an editor tool: "attacks from"
	hover    core.Square   // the square pointed at or focused
	tool     string        // the editor's tool: "" selects, a FEN letter puts that piece, "x" empties
	step     int           // the playground's selected step, -1 for the whole expression
	// game is the game on show, parsed (its moves are State.Moves); prev
	// the position before the last step forward of one ply (its changed
	// bits are marked), nil otherwise.
	game *pgn.Game
	prev *core.Position
	// note is what the game panel says, about the game noteOf (a note
	// about another game than the one on show is not said).
	note   GameNote
	noteOf *pgn.Game
	hist   history
	// dismissed is the status the user dismissed, which stays hidden
	// until the status says something else; opened the one whose detail
	// is open, which closes then.
	dismissed, opened *Status
	// Perft is the perft panel's root and path (see PerftPath).
	Perft PerftPath
	// showProblems says what was wrong with the link's show items that
	// meant nothing (taken out of State.Show), until dismissed.
	showProblems []string
}

// NewPage returns the page opened at the link's state s: its FEN read
// (one that does not parse is shown over the start position, which the
// status says), its show list's items that mean nothing in that position
// taken out (the status says what is wrong with each, see ResolveShown), its game replayed up to the first move that is not legal
// (which the game panel says) and on show at its ply, with the game's
// tab open unless the link names another, and its perft path replayed
// (see PerftPath.Start).
func NewPage(s State) *Page {
	p := &Page{State: s, selected: core.NoSquare, hover: core.NoSquare, step: -1, Perft: PerftPath{Depth: DefaultPerftDepth}}
	p.readFEN()
	p.Show = nil
	for _, key := range s.Show {
		if _, err := ResolveShown(&p.pos, key); err != nil && key != FreeKey {
			p.showProblems = append(p.showProblems, err.Error())
			continue
		}
		p.Show = append(p.Show, key)
	}
	if len(s.Moves) > 0 {
		g, err := GameFromMoves(s.Start, s.Moves)
		p.setGame(g, s.Ply)
		if err != nil {
			p.say(GameNote{Err: err})
		}
		if g != nil && p.Tab == "" { // a link that names a tool keeps it on show
			p.Tab = "game"
		}
	}
	if s.Perft > 0 {
		p.Tab = "perft"
		if fen, moved := p.Perft.Start(s); moved {
			p.closeGame()
			p.FEN = fen
			p.readFEN()
		}
	}
	return p
}

// readFEN brings what follows from State.FEN up to date: its reading,
// and the position on show with its warned squares when it parses.
func (p *Page) readFEN() {
	p.read = Read(p.FEN)
	switch {
	case p.read.OK():
		p.pos, p.warn, p.good = p.read.Pos, p.read.Warned(), true
	case !p.good: // a link's FEN that does not parse: the start position, and the status says so
		p.pos, _ = core.ParseFEN(core.StartFEN)
		p.warn = 0
	}
}

// Pos returns the position on show: the FEN's, or the last that parsed
// while it does not (the start position when none has).
func (p *Page) Pos() *core.Position { return &p.pos }

// Reading returns State.FEN read.
func (p *Page) Reading() Reading { return p.read }

// Layout returns the layout on show.
func (p *Page) Layout() *core.Layout {
	if l, ok := core.LayoutByID(p.State.Layout); ok {
		return l
	}
	return core.Layouts[0]
}

// Status returns what the page says about its FEN: the error with the
// last valid position kept (or the start position, when none parsed
// since the page opened), or the notice and the warnings; and, until
// dismissed, what was wrong with each item of the link's show list that
// meant nothing (see NewPage).
func (p *Page) Status() Status {
	s := Status{Read: p.read, Fallback: ShowsLast, Warnings: true}
	if !p.good {
		s.Fallback = ShowsStart
	}
	s.Show = p.showProblems
	return s
}

// Link returns the query of the URL that reproduces the page: a FEN that
// does not parse never reaches it (the position on show does), and the
// perft panel's depth and path are in it while its tab is open.
func (p *Page) Link() string {
	s := p.State
	if !p.read.OK() {
		s.FEN = p.pos.FEN()
	}
	s.Perft, s.Path, s.Root = p.Perft.link(p.Tab == "perft")
	return s.Query()
}

// Type shows fen, typed into the FEN field: a run of characters typed in
// a row is one entry of the history (see EndTyping).
func (p *Page) Type(fen string) { p.show(Clip(fen, core.MaxFENLength), true) }

// EndTyping makes the next character typed a new entry of the history
// (the FEN field was left).
func (p *Page) EndTyping() { p.hist.typing = false }

// ShowFEN shows fen (an example's, perft's path) as a new entry of the
// history.
func (p *Page) ShowFEN(fen string) { p.show(Clip(fen, core.MaxFENLength), false) }

// Restore shows what was typed into the FEN field before the page's code
// started: the field showed shown (the prerendered board's FEN) and holds
// typed. The board keeps shown's position while typed does not parse.
// Nothing changes when they are the same, or when the link holds a game.
func (p *Page) Restore(shown, typed string) {
	if typed == shown || p.game != nil {
		return
	}
	if r := Read(shown); r.OK() {
		p.pos, p.good = r.Pos, true
	}
	p.FEN = Clip(typed, core.MaxFENLength)
	p.readFEN()
}

// show puts fen on show as a new entry of the history (typed: a character
// typed into the FEN field; a run of them is one entry). A loaded game is
// closed, and the game panel says so; a drawing on the board leaves with
// its position.
func (p *Page) show(fen string, typed bool) {
	p.hist.record(p.snapshot(), typed)
	p.closeGame()
	if fen != p.FEN {
		p.ClearDrawing()
	}
	p.FEN = fen
	p.readFEN()
}

// Edit changes the position on show with fn (through core.Position's Put
// and Remove) and shows the result as a new entry of the history, its FEN
// written with castling in the notation of the FEN on show (Shredder-FEN
// stays Shredder-FEN; see core.CastlingNotationOf). Illegal-but-instructive
// positions are allowed: core's warnings say what is impossible about
// them.
func (p *Page) Edit(fn func(q *core.Position)) {
	q := p.pos
	fn(&q)
	if fen := q.FENIn(core.CastlingNotationOf(p.FEN)); fen != p.FEN {
		p.show(fen, false)
	}
}

// Put puts pc on sq.
func (p *Page) Put(pc core.Piece, sq core.Square) { p.Edit(func(q *core.Position) { q.Put(pc, sq) }) }

// Empty empties sq.
func (p *Page) Empty(sq core.Square) { p.Edit(func(q *core.Position) { q.Remove(sq) }) }

// SetSideToMove makes c the side to move.
func (p *Page) SetSideToMove(c core.Color) { p.Edit(func(q *core.Position) { q.SideToMove = c }) }

// castlingRight returns the right of the FEN letter K, Q, k or q, or
// false.
func castlingRight(letter string) (core.CastlingRights, bool) {
	r := core.WhiteKingside
	for r <= core.BlackQueenside && r.String() != letter {
		r <<= 1
	}
	return r, r <= core.BlackQueenside
}

// SetCastling grants (on) or takes away the castling right of the FEN
// letter K, Q, k or q (any other is ignored). A right granted castles
// with the rook X-FEN's letter names: the outermost on its side of the
// king (core.Position.OutermostRook), the corner's in standard chess.
func (p *Page) SetCastling(letter string, on bool) {
	r, ok := castlingRight(letter)
	if !ok {
		return
	}
	p.Edit(func(q *core.Position) {
		q.Castling = q.Castling.Without(r)
		if on {
			q.Castling = q.Castling.WithRook(r, q.OutermostRook(r))
		}
	})
}

// SetCastlingRook grants the castling right of the FEN letter K, Q, k or
// q with the rook on file ("a" … "h") of its back rank: in Chess960, an
// inner rook, which X-FEN names by its file. Any other letter or file is
// ignored.
func (p *Page) SetCastlingRook(letter, file string) {
	r, ok := castlingRight(letter)
	if !ok || len(file) != 1 || file[0] < 'a' || file[0] > 'h' {
		return
	}
	p.Edit(func(q *core.Position) { q.Castling = q.Castling.WithRook(r, core.File(file[0]-'a')) })
}

// Chess960Start shows start position n (0–959) of Chess960 (see
// core.Chess960Start; 518 is the standard one); another n is ignored.
func (p *Page) Chess960Start(n int) {
	if start, ok := core.Chess960Start(n); ok {
		p.Edit(func(q *core.Position) { *q = start })
	}
}

// SetEnPassant makes sq the en passant target square (core.NoSquare for
// none).
func (p *Page) SetEnPassant(sq core.Square) { p.Edit(func(q *core.Position) { q.EnPassant = sq }) }

// ClearBoard empties the board, with no castling rights or en passant
// square.
func (p *Page) ClearBoard() {
	p.Edit(func(q *core.Position) {
		for sq := core.A1; sq < core.NoSquare; sq++ {
			q.Remove(sq)
		}
		q.Castling, q.EnPassant = core.NoCastling, core.NoSquare
	})
}

// StartPosition shows the start position, its FEN the PGN standard's
// (KQkq), whatever the notation of the FEN on show.
func (p *Page) StartPosition() {
	if p.FEN != core.StartFEN {
		p.show(core.StartFEN, false)
	}
}

// PieceKey handles a key typed on the focused board square sq: a piece
// letter (KeyboardEvent key, one of PNBRQKpnbrqk) puts that piece there,
// Delete or Backspace empties it. It reports whether it handled the key.
func (p *Page) PieceKey(key string, sq core.Square) bool {
	if pc, ok := core.PieceFromLetter(key[0]); ok && len(key) == 1 {
		p.Put(pc, sq)
		return true
	}
	if key == "Delete" || key == "Backspace" {
		p.Empty(sq)
		return true
	}
	return false
}

// Tool returns the editor's tool: "" selects squares, a FEN letter puts
// that piece, "x" empties.
func (p *Page) Tool() string { return p.tool }

// SetTool picks the editor's tool (see Tool).
func (p *Page) SetTool(t string) { p.tool = t }

// EditorOpen reports whether the editor's tab is on show: then its tool
// acts, and the undo and redo keys act anywhere (see Shortcuts).
func (p *Page) EditorOpen() bool { return p.Tab == "editor" }

// Selected returns the square selected for the attacks of its piece, or
// core.NoSquare.
func (p *Page) Selected() core.Square { return p.selected }

// Click applies the editor's tool to sq while the editor is open, or
// selects sq otherwise: the card of the attacks from the square selected
// before follows the selection instead of staying behind, orphaned, and
// the magic panel, when open, looks up a slider there.
func (p *Page) Click(sq core.Square) {
	t := p.tool
	if !p.EditorOpen() {
		t = "" // the tool acts only while the editor is open
	}
	switch {
	case t == "x":
		p.Empty(sq)
	case t != "":
		if pc, ok := core.PieceFromLetter(t[0]); ok {
			p.Put(pc, sq)
		}
	default:
		old := p.selected
		p.selected = sq
		if p.Tab == "engine" {
			pt, _ := p.Magic()
			p.State.Magic = FormatMagic(pt, sq)
		}
		if old == core.NoSquare || old == sq {
			return
		}
		for i, k := range p.Show {
			if k == "from:"+old.String() {
				p.Show = slices.Clone(p.Show)
				p.Show[i] = "from:" + sq.String()
			}
		}
	}
}

// Hover returns the square pointed at or focused, or core.NoSquare.
func (p *Page) Hover() core.Square { return p.hover }

// Point makes sq the square pointed at (core.NoSquare for none): the
// square panel and the representations follow it.
func (p *Page) Point(sq core.Square) { p.hover = sq }

// Toggle shows the named bitboard or attack map if it is hidden, and
// hides it if shown (State.Toggle).
func (p *Page) Toggle(name string) { p.State.Toggle(name) }

// ToggleCard shows item (what a show list holds: a bitboard name, an
// attack map, "from:e4" or an expression, see ResolveShown) as a card, or
// hides the card that shows it: the expression tool's "Show as a card". An
// item is not added when it means nothing in the position on show, when
// a link's show list would not read it back whole (SplitShow: a comma
// outside parentheses, blanks around it), or when the show list would pass
// MaxShowItems items or MaxShowLength bytes (the limits a link's list is
// read with, State's ParseQuery).
func (p *Page) ToggleCard(item string) {
	if i := slices.Index(p.Show, item); i >= 0 {
		p.Show = slices.Delete(slices.Clone(p.Show), i, i+1)
		return
	}
	size := len(item)
	for _, s := range p.Show {
		size += len(s)
	}
	if len(p.Show) >= MaxShowItems || size > MaxShowLength || !slices.Equal(SplitShow(item), []string{item}) {
		return
	}
	if _, err := ResolveShown(&p.pos, item); err != nil {
		return
	}
	p.Show = append(slices.Clone(p.Show), item)
}

// SetLayout numbers the grids in the layout id (one of core.Layouts; any
// other is ignored).
func (p *Page) SetLayout(id string) {
	if _, ok := core.LayoutByID(id); ok {
		p.State.Layout = id
	}
}

// SetFlipped views the board from Black (on) or White.
func (p *Page) SetFlipped(on bool) { p.Flipped = on }

// SetLabels shows or hides each square's index on the board.
func (p *Page) SetLabels(on bool) { p.Labels = on }

// TogglePresent turns presentation mode on or off.
func (p *Page) TogglePresent() { p.Present = !p.Present }

// OpenTab shows the tool tab (one of Tabs), or hides it when it is on
// show.
func (p *Page) OpenTab(tab string) {
	switch {
	case p.Tab == tab:
		p.Tab = ""
	case slices.Contains(Tabs, tab):
		p.Tab = tab
	}
}

// ShowTab shows the tool tab (one of Tabs), leaving it on show when it
// is.
func (p *Page) ShowTab(tab string) {
	if slices.Contains(Tabs, tab) {
		p.Tab = tab
	}
}

// SetExpr makes text the playground's expression, whole.
func (p *Page) SetExpr(text string) {
	p.Expr, p.step = Clip(text, expr.MaxLength), -1
}

// Step returns the playground's selected step, -1 for the whole
// expression.
func (p *Page) Step() int { return p.step }

// SelectStep selects the playground's step i (-1: the whole expression).
func (p *Page) SelectStep(i int) { p.step = i }

// Magic returns the magic panel's piece and square (DefaultMagic until
// one is picked).
func (p *Page) Magic() (core.PieceType, core.Square) {
	pt, sq, err := ParseMagic(p.State.Magic)
	if err != nil {
		pt, sq, _ = ParseMagic(DefaultMagic)
	}
	return pt, sq
}

// SetMagic makes the magic panel look up pt on sq.
func (p *Page) SetMagic(pt core.PieceType, sq core.Square) { p.State.Magic = FormatMagic(pt, sq) }

// SetFree makes bb the free bitboard's squares.
func (p *Page) SetFree(bb core.Bitboard) { p.Free = bb }

// FillFree fills the rank or file of a free card's label ("rank:8",
// "file:e"), or clears it when it is full.
func (p *Page) FillFree(label string) {
	var set core.Bitboard
	switch kind, name, _ := strings.Cut(label, ":"); kind {
	case "rank":
		if sq, ok := core.ParseSquare("a" + name); ok {
			set = sq.Rank().Bitboard()
		}
	case "file":
		if sq, ok := core.ParseSquare(name + "1"); ok {
			set = sq.File().Bitboard()
		}
	}
	switch {
	case set == 0:
	case p.Free&set == set:
		p.Free &^= set
	default:
		p.Free |= set
	}
}

// Draw toggles what the user draws on the board with brush, as on
// lichess: an arrow from from to to, or a mark on from when they are the
// same square. The drawing belongs to the position: showing another one
// or stepping the game clears it.
func (p *Page) Draw(from, to core.Square, brush pgn.Brush) {
	if from == to {
		p.Marked = ToggleMark(p.Marked, pgn.Mark{Brush: brush, Square: to})
	} else {
		p.Arrows = ToggleArrow(p.Arrows, pgn.Arrow{Brush: brush, From: from, To: to})
	}
}

// ClearDrawing takes away the user's arrows and marks.
func (p *Page) ClearDrawing() { p.Arrows, p.Marked = nil, nil }

// NoticeShown reports whether the FEN's status is on show: it says
// something, and not what the user dismissed.
func (p *Page) NoticeShown() bool {
	s := p.Status()
	return !s.Empty() && (p.dismissed == nil || !p.dismissed.Same(s))
}

// Dismiss hides the FEN's status until it says something else.
func (p *Page) Dismiss() {
	p.showProblems = nil // said once, and gone with the items
	s := p.Status()
	p.dismissed = &s
}

// DetailOpen reports whether the whole status is open over the stage (it
// closes when the status changes).
func (p *Page) DetailOpen() bool { return p.opened != nil && p.opened.Same(p.Status()) }

// ToggleDetail opens or closes the whole status.
func (p *Page) ToggleDetail() {
	if p.DetailOpen() {
		p.opened = nil
		return
	}
	s := p.Status()
	p.opened = &s
}

// Figure returns what the board and the cards show: the position, one
// card per shown item that resolves (the free bitboard's as FreeKey),
// the board's marks (the warnings, the selection, the game's last move,
// the game move's arrows and marks then the user's), and per card the
// bits before the last step of the game (its own bits when there was
// none), whose changes the cards mark.
func (p *Page) Figure() (Figure, Marks, []core.Bitboard) {
	s := p.State
	f := Figure{Pos: &p.pos, Layout: p.Layout(), Board: true, Flipped: s.Flipped, FixedGrids: s.FixedGrids, Labels: s.Labels}
	for _, key := range s.Show {
		if key == FreeKey { // the page draws it as the editable free card
			f.Shown = append(f.Shown, Shown{Key: FreeKey, Title: FreeTitle, Bits: s.Free})
			continue
		}
		if sh, err := ResolveShown(&p.pos, key); err == nil {
			f.Shown = append(f.Shown, sh)
		}
	}
	m := Marks{Warn: p.warn, Selected: p.selected, LastFrom: core.NoSquare, LastTo: core.NoSquare}
	if lm, ok := p.LastMove(); ok {
		m.LastFrom, m.LastTo = lm.Move.From(), lm.Move.To()
	}
	f.Arrows, f.Marked = p.Annotations()
	m.Arrows, m.Marked = f.Arrows, f.Marked
	prev := make([]core.Bitboard, len(f.Shown))
	for i, sh := range f.Shown {
		prev[i] = sh.Bits
		if p.prev != nil && sh.Key != FreeKey {
			if ps, err := ResolveShown(p.prev, sh.Key); err == nil {
				prev[i] = ps.Bits
			}
		}
	}
	return f, m, prev
}

// Annotations returns the arrows and marks on the board: the game move's
// ([%cal]/[%csl] comments), then the user's.
func (p *Page) Annotations() ([]pgn.Arrow, []pgn.Mark) {
	arrows, marks := p.Arrows, p.Marked
	if m, ok := p.LastMove(); ok {
		if len(m.Arrows) > 0 {
			arrows = append(slices.Clip(m.Arrows), arrows...)
		}
		if len(m.Marks) > 0 {
			marks = append(slices.Clip(m.Marks), marks...)
		}
	}
	return arrows, marks
}

// Game returns the game on show, or nil.
func (p *Page) Game() *pgn.Game { return p.game }

// LastMove returns the move that led to the position on show in the
// game, and whether there is one.
func (p *Page) LastMove() (pgn.GameMove, bool) {
	if p.game == nil || p.Ply == 0 {
		return pgn.GameMove{}, false
	}
	return p.game.Moves[p.Ply-1], true
}

// Before returns the position before the last move of the game on show,
// when there is one.
func (p *Page) Before() (core.Position, bool) {
	if _, ok := p.LastMove(); !ok {
		return core.Position{}, false
	}
	return p.game.PositionAt(p.Ply - 1), true
}

// A GameNote is what the game panel says about the last game loaded, or
// the one the page closed: at most one of its parts is set but Games,
// which may follow a PGN's error.
type GameNote struct {
	// Err is why the text (or the link's game) is not read whole: a
	// *pgn.Error with its line and column (Moves of the first game were
	// read before it), a *LimitError for a PGN over pgn.MaxBytes, or a
	// link's move that does not replay.
	Err   error
	Moves int
	// NoGame: the text holds no game.
	NoGame bool
	// Games is the number of games in the text when more than one: the
	// first is loaded.
	Games int
	// Closed is the game closed to show another position: Undo brings it
	// back.
	Closed *pgn.Game
}

// A LimitError is an input refused for its size before any work: what
// it is, its size and the limit, in unit, and what to do instead.
type LimitError struct {
	What      string
	N, Limit  int
	Unit, Fix string
}

// Error returns LimitMessage's sentence and the fix: "The PGN is
// 20,971,520 characters; the limit is 4,194,304 bytes: paste fewer games."
func (e *LimitError) Error() string {
	return LimitMessage(e.What, e.N, e.Limit, e.Unit) + e.Fix
}

// GameNote returns what the game panel says: about the game on show (a
// note about another game, before an undo, is not said).
func (p *Page) GameNote() GameNote {
	if p.noteOf != p.game {
		return GameNote{}
	}
	return p.note
}

// say makes n what the game panel says about the game on show.
func (p *Page) say(n GameNote) { p.note, p.noteOf = n, p.game }

// LoadPGN reads text and shows its first game from the start, as a new
// entry of the history, with the game's tab: all of it, or the part
// before an error, which the game panel says with its line and column.
// Text with no game changes nothing but what the panel says.
func (p *Page) LoadPGN(text string) {
	games, err := pgn.Parse(text)
	var n GameNote
	var pe *pgn.Error
	if errors.As(err, &pe) {
		n.Err = pe
		if len(games) > 0 {
			n.Moves = len(games[0].Moves)
		}
	}
	if len(games) == 0 {
		n.NoGame = n.Err == nil
		p.say(n)
		return
	}
	if len(games) > 1 {
		n.Games = len(games)
	}
	p.ShowTab("game")
	p.hist.record(p.snapshot(), false)
	p.setGame(&games[0], 0)
	p.say(n)
}

// RefusePGN says that a PGN of n characters was not read: it is over
// pgn.MaxBytes (counted before a byte is copied, see LimitError).
func (p *Page) RefusePGN(n int) {
	p.say(GameNote{Err: &LimitError{What: "The PGN", N: n, Limit: pgn.MaxBytes, Unit: "characters",
		Fix: " bytes (" + thousands.Itoa(pgn.MaxGames) + " games): paste fewer games."}})
}

// GoTo shows the game's position after ply moves (clamped), marking the
// bits that changed when the step is one move forward; the drawing
// leaves with the position.
func (p *Page) GoTo(ply int) {
	g := p.game
	if g == nil {
		return
	}
	ply = min(max(ply, 0), len(g.Moves))
	var prev *core.Position
	if ply == p.Ply+1 && ply > 0 {
		q := g.PositionAt(ply - 1)
		prev = &q
	}
	if ply != p.Ply {
		p.ClearDrawing()
	}
	p.Ply = ply
	q := g.PositionAt(ply)
	p.FEN, p.prev = q.FEN(), prev
	p.readFEN()
}

// Plies returns the number of plies of the game on show (0 without one).
func (p *Page) Plies() int {
	if p.game == nil {
		return 0
	}
	return len(p.game.Moves)
}

// setGame makes g (nil for none) the game on show at ply, with the
// state's Start, Moves and Ply, and its FEN the position at ply.
func (p *Page) setGame(g *pgn.Game, ply int) {
	p.game, p.prev = g, nil
	p.Start, p.Moves, p.Ply = "", nil, 0
	if g == nil {
		return
	}
	p.Ply = min(max(ply, 0), len(g.Moves))
	if start := g.Start.FEN(); start != core.StartFEN {
		p.Start = start
	}
	p.Moves = UCIMoves(g)
	q := g.PositionAt(p.Ply)
	p.FEN = q.FEN()
	p.readFEN()
}

// closeGame closes the game on show, if any, for another position: the
// game panel says so, and undo brings it back.
func (p *Page) closeGame() {
	if g := p.game; g != nil {
		p.setGame(nil, 0)
		p.say(GameNote{Closed: g})
	}
}
