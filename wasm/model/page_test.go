package model

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/divide/dividetest"
	"github.com/bitview/bitview/core/pgn"
)

// These tests drive a Page as the page's controls do (wasm/controls.go),
// natively: each behaviour a user has is a method, and what the page then
// draws is read from the Page's accessors.

const (
	startPlacement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	kiwipete       = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	afterE4        = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
)

// placement returns the piece placement of the position on show.
func placement(p *Page) string { return strings.Fields(p.Pos().FEN())[0] }

// TestPageTypeFEN: each character typed shows its FEN at once when it
// parses and keeps the last good position when it does not; a run of
// typing is one entry of the history, ended by leaving the field; a FEN
// that does not parse never reaches the link.
func TestPageTypeFEN(t *testing.T) {
	p := NewPage(DefaultState())
	typed := ""
	for _, c := range kiwipete {
		typed += string(c)
		p.Type(typed)
	}
	if p.FEN != kiwipete || p.Pos().FEN() != kiwipete || !p.Reading().OK() {
		t.Fatalf("after typing Kiwipete: FEN %q, on show %q", p.FEN, p.Pos().FEN())
	}
	p.Type(kiwipete[:len(kiwipete)-3] + "x 1")
	if p.Reading().OK() || p.Pos().FEN() != kiwipete || !p.NoticeShown() {
		t.Errorf("an invalid FEN: ok %v, on show %q, notice %v; want the error said over the last good position", p.Reading().OK(), p.Pos().FEN(), p.NoticeShown())
	}
	if st := p.Status(); st.Fallback != ShowsLast || st.Read.Err == nil {
		t.Errorf("status %+v, want the error with the last position kept", st)
	}
	if q := ParseQuery(p.Link()); q.FEN != kiwipete {
		t.Errorf("the link holds FEN %q, want the position on show", q.FEN)
	}
	p.EndTyping()
	p.Type(core.StartFEN)
	if !p.Undo() || p.FEN != kiwipete[:len(kiwipete)-3]+"x 1" {
		t.Errorf("undo after leaving the field: FEN %q, want the last typed before", p.FEN)
	}
	if !p.Undo() || p.FEN != core.StartFEN || p.Undo() {
		t.Errorf("a second undo: FEN %q, want the start (one entry for the run of typing), and nothing more", p.FEN)
	}
}

// TestPageLinkFEN: a link's FEN that does not parse shows the start
// position instead, and says so; a placement alone is read, and said.
func TestPageLinkFEN(t *testing.T) {
	p := NewPage(ParseQuery("?fen=nonsense"))
	if placement(p) != startPlacement || p.Status().Fallback != ShowsStart || !p.NoticeShown() {
		t.Errorf("a link with an invalid FEN: board %s, fallback %v", placement(p), p.Status().Fallback)
	}
	if q := ParseQuery(p.Link()); q.FEN != core.StartFEN {
		t.Errorf("the link holds %q, want the start position", q.FEN)
	}
	p.Type(kiwipete)
	p.Type("x")
	if p.Status().Fallback != ShowsLast || p.Pos().FEN() != kiwipete {
		t.Errorf("once a FEN parsed: fallback %v, on show %q", p.Status().Fallback, p.Pos().FEN())
	}
	p = NewPage(ParseQuery("?fen=8/8/8/8/8/8/8/K6k"))
	if !p.Reading().PlacementOnly || !p.NoticeShown() || p.Pos().FEN() != "8/8/8/8/8/8/8/K6k w - - 0 1" {
		t.Errorf("a placement alone: %+v", p.Reading())
	}
}

// TestPageRestore: what was typed into the FEN field before the page's
// code started is shown, over the prerendered position while it does not
// parse; a link's game keeps its position.
func TestPageRestore(t *testing.T) {
	for _, tc := range []struct {
		name, query, shown, typed string
		fen, board                string
	}{
		{"nothing typed", "", core.StartFEN, core.StartFEN, core.StartFEN, startPlacement},
		{"a FEN typed", "", core.StartFEN, kiwipete, kiwipete, strings.Fields(kiwipete)[0]},
		{"half a FEN typed", "", kiwipete, "8/8/x", "8/8/x", strings.Fields(kiwipete)[0]},
		{"a game's link", "?moves=e2e4&ply=1", afterE4, "8/8/8", afterE4, strings.Fields(afterE4)[0]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPage(ParseQuery(tc.query))
			p.Restore(tc.shown, tc.typed)
			if p.FEN != tc.fen || placement(p) != tc.board {
				t.Errorf("Restore(%q, %q): FEN %q, board %s; want %q, %s", tc.shown, tc.typed, p.FEN, placement(p), tc.fen, tc.board)
			}
		})
	}
}

// TestPageSwitches: the numbering, the bitboards shown, Flip, indices,
// tabs and presentation mode change the state the link holds.
func TestPageSwitches(t *testing.T) {
	p := NewPage(DefaultState())
	p.SetLayout("0x88")
	p.SetLayout("nonsense")
	p.Toggle("n")
	p.Toggle("P")
	p.SetFlipped(true)
	p.SetLabels(true)
	p.TogglePresent()
	p.OpenTab("engine")
	q := ParseQuery(p.Link())
	if q.Layout != "0x88" || strings.Join(q.Show, ",") != "occupied,n" || !q.Flipped || !q.Labels || !q.Present || q.Tab != "engine" {
		t.Errorf("link %s", p.Link())
	}
	if f, _, _ := p.Figure(); len(f.Shown) != 2 || f.Shown[1].Key != "n" || f.Layout.ID != "0x88" || !f.Flipped {
		t.Errorf("figure shows %v in %s", f.Shown, f.Layout.ID)
	}
	p.OpenTab("engine")
	p.OpenTab("nonsense")
	if p.Tab != "" {
		t.Errorf("a tab clicked again: tab %q, want none", p.Tab)
	}
	p.ShowTab("game")
	p.ShowTab("game")
	if p.Tab != "game" {
		t.Errorf("ShowTab twice: tab %q", p.Tab)
	}
}

// TestPageEdit: every edit of the editor and the board's keys shows its
// position as an entry of the history, which undo and redo walk.
func TestPageEdit(t *testing.T) {
	p := NewPage(DefaultState())
	steps := []struct {
		name string
		do   func()
		want string // the FEN after it
	}{
		{"q on e4", func() { p.PieceKey("q", core.E4) }, "rnbqkbnr/pppppppp/8/8/4q3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"Delete on e4", func() { p.PieceKey("Delete", core.E4) }, core.StartFEN},
		{"N on d4", func() { p.Put(core.WhiteKnight, core.D4) }, "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"black to move", func() { p.SetSideToMove(core.Black) }, "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{"no K", func() { p.SetCastling("K", false) }, "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR b Qkq - 0 1"},
		{"not a letter", func() { p.SetCastling("x", false) }, "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR b Qkq - 0 1"},
		{"K again", func() { p.SetCastling("K", true) }, "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{"en passant e3", func() { p.SetEnPassant(core.E3) }, "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1"},
		{"empty d4", func() { p.Empty(core.D4) }, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1"},
		{"clear", p.ClearBoard, "8/8/8/8/8/8/8/8 b - - 0 1"},
		{"start", p.StartPosition, core.StartFEN},
		// Chess960: a start position by its number, its rights each naming
		// the outermost rook; an inner rook by its file.
		{"Chess960 start 0", func() { p.Chess960Start(0) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
		{"no Chess960 start 960", func() { p.Chess960Start(960) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
		// A rook put on d1 is the outermost: Q keeps its f1 rook, by file.
		{"a rook on d1", func() { p.Put(core.WhiteRook, core.D1) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR w KFkq - 0 1"},
		{"Q with the d1 rook", func() { p.SetCastlingRook("Q", "d") }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR w KQkq - 0 1"},
		{"Q with the f1 rook", func() { p.SetCastlingRook("Q", "f") }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR w KFkq - 0 1"},
		{"no such file", func() { p.SetCastlingRook("Q", "i") }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR w KFkq - 0 1"},
		{"Q off", func() { p.SetCastling("Q", false) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR w Kkq - 0 1"},
		{"Q on: the outermost rook", func() { p.SetCastling("Q", true) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR w KQkq - 0 1"},
		// A FEN given in Shredder-FEN: every edit writes it back so.
		{"Shredder-FEN", func() { p.ShowFEN("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1") }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
		{"Shredder-FEN: q off", func() { p.SetCastling("q", false) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFh - 0 1"},
		{"Shredder-FEN: a rook on d1", func() { p.Put(core.WhiteRook, core.D1) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR w HFh - 0 1"},
		{"Shredder-FEN: black to move", func() { p.SetSideToMove(core.Black) }, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNRKR b HFh - 0 1"},
		// The start position is the PGN standard's, whatever the notation before.
		{"start again", p.StartPosition, core.StartFEN},
	}
	var fens []string
	for _, s := range steps {
		s.do()
		if p.FEN != s.want {
			t.Fatalf("%s: FEN %q, want %q", s.name, p.FEN, s.want)
		}
		if len(fens) == 0 || fens[len(fens)-1] != s.want {
			fens = append(fens, s.want)
		}
	}
	if p.PieceKey("u", core.E4) || p.PieceKey("Enter", core.E4) {
		t.Error("PieceKey handled a key that is no piece letter")
	}
	for i := len(fens) - 2; i >= 0; i-- {
		if !p.Undo() || p.FEN != fens[i] {
			t.Fatalf("undo to step %d: FEN %q, want %q", i, p.FEN, fens[i])
		}
	}
	if !p.Undo() || p.FEN != core.StartFEN || p.Undo() {
		t.Errorf("the last undo: FEN %q, want the page's first position, then nothing", p.FEN)
	}
	for i := range fens {
		if !p.Redo() || p.FEN != fens[i] {
			t.Fatalf("redo to step %d: FEN %q, want %q", i, p.FEN, fens[i])
		}
	}
	if p.Redo() {
		t.Error("redo past the last edit")
	}
	p.Undo()
	p.Put(core.BlackKing, core.A1)
	if p.Redo() {
		t.Error("redo after a new edit: the future is gone")
	}
}

// TestPageHistoryBounded: the history keeps its last MaxHistory entries.
func TestPageHistoryBounded(t *testing.T) {
	p := NewPage(DefaultState())
	for i := range MaxHistory + 10 {
		p.ShowFEN([]string{kiwipete, core.StartFEN}[i%2])
	}
	n := 0
	for p.Undo() {
		n++
	}
	if n != MaxHistory {
		t.Errorf("%d undos, want %d", n, MaxHistory)
	}
}

// TestPageClick: a click selects a square, and the card of the attacks
// from the last one follows it, and the magic panel looks up the slider
// there; with the editor open, its tool acts instead.
func TestPageClick(t *testing.T) {
	p := NewPage(ParseQuery("?show=P,from:e2&tab=engine"))
	p.Click(core.D1)
	p.Click(core.F1)
	if p.Selected() != core.F1 || strings.Join(p.Show, ",") != "P,from:e2" {
		t.Errorf("two clicks: selected %v, show %v (a from: card follows only the square selected before)", p.Selected(), p.Show)
	}
	if pt, sq := p.Magic(); pt != core.Rook || sq != core.F1 {
		t.Errorf("magic %v on %v, want rook on f1", pt, sq)
	}
	p = NewPage(ParseQuery("?show=P"))
	p.Click(core.E2)
	p.Toggle("from:e2")
	p.Click(core.D2)
	if strings.Join(p.Show, ",") != "P,from:d2" {
		t.Errorf("the from: card after a new selection: %v", p.Show)
	}
	p.SetTool("N")
	p.Click(core.D4) // the editor is closed: the tool does not act
	if p.Pos().PieceAt(core.D4) != core.NoPiece || p.Selected() != core.D4 {
		t.Errorf("the tool acted with the editor closed")
	}
	p.OpenTab("editor")
	p.Click(core.D4)
	p.SetTool("x")
	p.Click(core.E2)
	if p.Pos().PieceAt(core.D4) != core.WhiteKnight || p.Pos().PieceAt(core.E2) != core.NoPiece || p.Tool() != "x" {
		t.Errorf("the N and x tools: d4 %v, e2 %v", p.Pos().PieceAt(core.D4), p.Pos().PieceAt(core.E2))
	}
}

// TestPageGame: a game loads from the start with its tab, steps with its
// changed bits marked, marks its last move, keeps its moves in the link;
// showing another position closes it, which the game panel says, and
// undo brings it back where it was left.
func TestPageGame(t *testing.T) {
	p := NewPage(DefaultState())
	p.LoadPGN(SamplePGN)
	if p.Game() == nil || p.Plies() != 23 || p.Tab != "game" || p.Ply != 0 {
		t.Fatalf("the sample game: %d plies, tab %q", p.Plies(), p.Tab)
	}
	p.GoTo(p.Ply + 1)
	p.GoTo(p.Ply + 1)
	if q := ParseQuery(p.Link()); q.Ply != 2 || len(q.Moves) != 23 {
		t.Errorf("after two steps: link %s", p.Link())
	}
	f, m, prev := p.Figure()
	if m.LastFrom != core.C7 || m.LastTo != core.C6 {
		t.Errorf("last move %v-%v, want c7-c6", m.LastFrom, m.LastTo)
	}
	if len(prev) != 2 || prev[1] == f.Shown[1].Bits {
		t.Errorf("the occupied card's bits before the step are not marked: %v", prev)
	}
	if lm, ok := p.LastMove(); !ok || lm.SAN != "c6" {
		t.Errorf("LastMove = %v", lm)
	}
	if b, ok := p.Before(); !ok || b.PieceAt(core.C7) != core.BlackPawn {
		t.Errorf("Before: c7 holds %v", b.PieceAt(core.C7))
	}
	p.GoTo(p.Ply - 1)
	if _, _, prev := p.Figure(); prev[1] != f.Shown[1].Bits&^core.C6.Bitboard()|core.C7.Bitboard() {
		t.Errorf("a step back marks nothing: prev %v", prev)
	}
	p.GoTo(99)
	if p.Ply != 23 {
		t.Errorf("GoTo past the end: ply %d", p.Ply)
	}
	p.GoTo(1)
	p.Draw(core.E2, core.E4, pgn.Green)
	p.GoTo(2)
	if len(p.Arrows) != 0 {
		t.Error("the drawing stayed on a step")
	}
	p.Type(kiwipete)
	if p.Game() != nil || p.GameNote().Closed == nil || len(ParseQuery(p.Link()).Moves) != 0 {
		t.Errorf("typing a FEN: game %v, note %+v", p.Game() != nil, p.GameNote())
	}
	if !p.Undo() || p.Game() == nil || p.Ply != 2 || p.GameNote() != (GameNote{}) {
		t.Errorf("undo: game %v at ply %d, note %+v; want the game back at ply 2, the note gone", p.Game() != nil, p.Ply, p.GameNote())
	}
	if !p.Undo() || p.Game() != nil || p.FEN != core.StartFEN {
		t.Errorf("undo before the load: game %v, FEN %q", p.Game() != nil, p.FEN)
	}
}

// TestPageGameNotes: what the game panel says about each load, and about
// a link's game.
func TestPageGameNotes(t *testing.T) {
	two := "1. e4 e5 *\n\n1. d4 d5 *\n"
	for _, tc := range []struct {
		name, text string
		loaded     bool
		check      func(n GameNote) bool
	}{
		{"a game", SamplePGN, true, func(n GameNote) bool { return n == GameNote{} }},
		{"two games", two, true, func(n GameNote) bool { return n.Games == 2 && n.Err == nil }},
		{"no game", "  \n", false, func(n GameNote) bool { return n.NoGame }},
		{"an error after two moves", "1. e4 e5 2. Ke3", true, func(n GameNote) bool {
			var pe *pgn.Error
			return errors.As(n.Err, &pe) && pe.Line == 1 && n.Moves == 2
		}},
		{"an error at once", "1. Ke3", true, func(n GameNote) bool {
			var pe *pgn.Error
			return errors.As(n.Err, &pe) && n.Moves == 0 && !n.NoGame
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPage(DefaultState())
			p.LoadPGN(tc.text)
			if (p.Game() != nil) != tc.loaded || !tc.check(p.GameNote()) {
				t.Errorf("LoadPGN(%q): game %v, note %+v", tc.text, p.Game() != nil, p.GameNote())
			}
		})
	}
	p := NewPage(DefaultState())
	p.RefusePGN(20 << 20)
	var le *LimitError
	if n := p.GameNote(); !errors.As(n.Err, &le) || !strings.Contains(n.Err.Error(), "20,971,520 characters; the limit is 4,194,304") {
		t.Errorf("RefusePGN: %v", n.Err)
	}
	p = NewPage(ParseQuery("?moves=e2e4,e7e5,e1e8&ply=3"))
	if p.Game() == nil || p.Plies() != 2 || p.Ply != 2 || p.Tab != "game" || p.GameNote().Err == nil ||
		!strings.Contains(p.GameNote().Err.Error(), "move 3 of the link") {
		t.Errorf("a link's game with an illegal third move: %d plies, at %d, note %v", p.Plies(), p.Ply, p.GameNote().Err)
	}
	if p = NewPage(ParseQuery("?moves=e2e4&ply=1&tab=engine")); p.Tab != "engine" {
		t.Errorf("a link's game with a tool: tab %q", p.Tab)
	}
}

// TestPagePoint: the square pointed at is the square panel's.
func TestPagePoint(t *testing.T) {
	p := NewPage(DefaultState())
	if p.Hover() != core.NoSquare {
		t.Errorf("a fresh page points at %v", p.Hover())
	}
	p.Point(core.B7)
	if p.Hover() != core.B7 {
		t.Errorf("Hover = %v, want b7", p.Hover())
	}
	p.Point(core.NoSquare)
	if p.Hover() != core.NoSquare {
		t.Errorf("Hover = %v after leaving", p.Hover())
	}
}

// TestPageDismiss: a notice dismissed stays hidden while it says the
// same (typing on), and comes back when it says something else; its
// detail closes then too.
func TestPageDismiss(t *testing.T) {
	p := NewPage(DefaultState())
	if p.NoticeShown() {
		t.Error("the start position has a notice")
	}
	const noBlackKing = "8/8/8/8/8/8/8/4K3 w - - 0 1"
	p.Type(noBlackKing)
	p.ToggleDetail()
	if !p.NoticeShown() || !p.DetailOpen() {
		t.Fatal("no notice for a position without a black king, or its detail did not open")
	}
	p.ToggleDetail()
	if p.DetailOpen() {
		t.Error("the detail did not close")
	}
	p.ToggleDetail()
	p.Dismiss()
	if p.NoticeShown() {
		t.Error("dismissed, the notice is still shown")
	}
	p.Type("8/8/8/8/8/8/4K3/8 w - - 0 1") // another FEN, the same warning
	if p.NoticeShown() || !p.DetailOpen() {
		t.Errorf("the same warning again: shown %v, detail %v; want hidden, still open", p.NoticeShown(), p.DetailOpen())
	}
	p.Type("8/8/8/8/8/8/8/4k3 w - - 0 1")
	if !p.NoticeShown() || p.DetailOpen() {
		t.Errorf("another warning: shown %v, detail %v; want shown, closed", p.NoticeShown(), p.DetailOpen())
	}
}

// TestPageDrawing: arrows and marks toggle, leave with their position,
// and come first from the game's move.
func TestPageDrawing(t *testing.T) {
	p := NewPage(DefaultState())
	p.Draw(core.D4, core.D4, pgn.Green)
	p.Draw(core.E2, core.E4, pgn.Red)
	if q := ParseQuery(p.Link()); len(q.Marked) != 1 || len(q.Arrows) != 1 || q.Arrows[0].Brush != pgn.Red {
		t.Errorf("link %s", p.Link())
	}
	p.Draw(core.D4, core.D4, pgn.Green)
	if len(p.Marked) != 0 {
		t.Errorf("a mark drawn twice stays: %v", p.Marked)
	}
	p.ShowFEN(core.StartFEN) // the same position: the drawing stays
	if len(p.Arrows) != 1 {
		t.Error("showing the same position cleared the drawing")
	}
	p.ShowFEN(kiwipete)
	if len(p.Arrows) != 0 {
		t.Error("the drawing stayed with another position")
	}
	p.Draw(core.A1, core.A2, pgn.Blue)
	p.ClearDrawing()
	if len(p.Arrows)+len(p.Marked) != 0 {
		t.Error("ClearDrawing left something")
	}
	p.LoadPGN("1. e4 {[%cal Gd2d4] [%csl Rd4]} *")
	p.GoTo(1)
	p.Draw(core.A1, core.A2, pgn.Blue)
	arrows, marks := p.Annotations()
	if len(arrows) != 2 || arrows[0].From != core.D2 || arrows[1].From != core.A1 || len(marks) != 1 {
		t.Errorf("annotations %v %v, want the game's then the user's", arrows, marks)
	}
}

// TestPageFree: the free bitboard's cells, labels and buttons.
func TestPageFree(t *testing.T) {
	p := NewPage(ParseQuery("?show=free"))
	p.SetFree(core.E4.Bitboard())
	if !strings.Contains(p.Link(), "free=0x0000000010000000") {
		t.Errorf("link %s", p.Link())
	}
	for _, tc := range []struct {
		label string
		want  core.Bitboard
	}{
		{"rank:2", core.E4.Bitboard() | core.Rank2.Bitboard()},
		{"file:e", core.E4.Bitboard() | core.Rank2.Bitboard() | core.FileE.Bitboard()},
		{"file:e", core.Rank2.Bitboard() &^ core.E2.Bitboard()},
		{"rank:9", core.Rank2.Bitboard() &^ core.E2.Bitboard()},
		{"nonsense", core.Rank2.Bitboard() &^ core.E2.Bitboard()},
	} {
		p.FillFree(tc.label)
		if p.Free != tc.want {
			t.Errorf("FillFree(%q) = %v, want %v", tc.label, p.Free, tc.want)
		}
	}
	if f, _, _ := p.Figure(); len(f.Shown) != 1 || f.Shown[0].Key != FreeKey || f.Shown[0].Bits != p.Free {
		t.Errorf("the free card: %v", f.Shown)
	}
}

// TestPagePlayground: the expression and its selected step.
func TestPagePlayground(t *testing.T) {
	p := NewPage(DefaultState())
	p.SetExpr("(whitePawns << 8) & ~allOccupied")
	p.SelectStep(0)
	if p.Step() != 0 || !strings.Contains(p.Link(), "expr=") {
		t.Errorf("step %d, link %s", p.Step(), p.Link())
	}
	p.SetExpr(strings.Repeat("N|", 1000))
	if p.Step() != -1 || len(p.Expr) > 1001 {
		t.Errorf("a new expression: step %d, %d bytes kept", p.Step(), len(p.Expr))
	}
}

// TestPageShortcutApplies: undo and redo act with the editor open or on
// the board, mark only on the board, the game's keys with a game.
func TestPageShortcutApplies(t *testing.T) {
	p := NewPage(DefaultState())
	for _, tc := range []struct {
		action  string
		onBoard bool
		want    bool
	}{
		{"undo", false, false}, {"undo", true, true}, {"redo", true, true}, {"mark", false, false}, {"mark", true, true},
		{"forward", true, false}, {"flip", false, true},
	} {
		if got := p.ShortcutApplies(tc.action, tc.onBoard); got != tc.want {
			t.Errorf("ShortcutApplies(%q, %v) = %v", tc.action, tc.onBoard, got)
		}
	}
	p.OpenTab("editor")
	p.LoadPGN(SamplePGN)
	p.OpenTab("editor")
	if !p.ShortcutApplies("undo", false) || !p.ShortcutApplies("forward", false) {
		t.Error("with the editor open and a game: undo or forward does not apply")
	}
}

// TestTabStep: the tab bar's keys, over Tabs (its first, second and last
// tools, and the one before game).
func TestTabStep(t *testing.T) {
	first, second, last := Tabs[0], Tabs[1], Tabs[len(Tabs)-1]
	beforeGame := Tabs[slices.Index(Tabs, "game")-1]
	for _, tc := range []struct{ from, key, want string }{
		{first, "ArrowRight", second}, {last, "ArrowRight", first}, {first, "ArrowLeft", last},
		{"game", "ArrowUp", beforeGame}, {"game", "Home", first}, {"game", "End", last}, {"", "ArrowRight", first},
	} {
		if got, ok := TabStep(tc.from, tc.key); !ok || got != tc.want {
			t.Errorf("TabStep(%q, %q) = %q, %v; want %q", tc.from, tc.key, got, ok, tc.want)
		}
	}
	if _, ok := TabStep("game", "a"); ok {
		t.Error("TabStep handled a")
	}
}

// TestPagePerft: a link's perft path replayed, followed by the position
// on show, walked down and back, and in the link while its tab is open.
func TestPagePerft(t *testing.T) {
	p := NewPage(ParseQuery("?perft=4&path=e2e4,e7e5"))
	if p.Tab != "perft" || p.Perft.Depth != 4 || len(p.Perft.Moves) != 2 || p.Perft.Root != core.StartFEN ||
		placement(p) != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR" {
		t.Fatalf("a link's path: %+v, board %s", p.Perft, placement(p))
	}
	if q := ParseQuery(p.Link()); q.Perft != 4 || strings.Join(q.Path, ",") != "e2e4,e7e5" || q.Root != "" {
		t.Errorf("link %s", p.Link())
	}
	if !p.PerftDescend("g1f3") || p.Perft.Depth != 3 || p.Pos().PieceAt(core.F3) != core.WhiteKnight {
		t.Errorf("descend g1f3: %+v", p.Perft)
	}
	if p.PerftDescend("e1e8") || p.PerftDescend("nonsense") {
		t.Error("descended with an illegal move")
	}
	p.Perft.Paste("e2e4: 20\n")
	if !p.PerftGoTo(1, 5) || len(p.Perft.Moves) != 1 || p.Perft.Depth != 5 || p.Perft.Pasted != nil {
		t.Errorf("back to the first move: %+v", p.Perft)
	}
	if !p.PerftDescend("e7e5") || p.Perft.Depth != 4 || !p.Undo() || p.FEN != afterE4 {
		t.Fatalf("descend e7e5 and undo: FEN %q, %+v", p.FEN, p.Perft)
	}
	p.FollowPerft() // a position of the path: the path is cut there, the divide deepened
	if len(p.Perft.Moves) != 1 || p.Perft.End() != afterE4 || p.Perft.Depth != 5 {
		t.Errorf("undo to the path's first move: %+v", p.Perft)
	}
	if !p.Undo() || p.Pos().PieceAt(core.F3) != core.WhiteKnight {
		t.Error("undo did not go back to the node left before")
	}
	p.FollowPerft() // off the path now: the position on show is the new root
	if p.Perft.Root != p.Pos().FEN() || len(p.Perft.Moves) != 0 {
		t.Errorf("a position off the path: %+v", p.Perft)
	}
	p.ShowFEN(kiwipete)
	p.FollowPerft()
	if p.Perft.Root != kiwipete || len(p.Perft.Moves) != 0 {
		t.Errorf("another position: root %q", p.Perft.Root)
	}
	if q := ParseQuery(p.Link()); q.Perft != 5 || len(q.Path) != 0 {
		t.Errorf("link %s", p.Link())
	}
	p.OpenTab("perft")
	if q := ParseQuery(p.Link()); q.Perft != 0 {
		t.Errorf("the panel closed: link %s", p.Link())
	}
	p = NewPage(ParseQuery("?perft=3&path=e2e4,e2e4"))
	if len(p.Perft.Moves) != 1 || !strings.Contains(p.Perft.Note, "stops before e2e4") {
		t.Errorf("a path with an illegal move: %+v", p.Perft)
	}
	p = NewPage(ParseQuery("?perft=3&path=e2e4&root=nonsense"))
	if p.Perft.Rooted() || !strings.Contains(p.Perft.Note, "not a FEN") {
		t.Errorf("a path from a bad root: %+v", p.Perft)
	}
	p.FollowPerft()
	if p.Perft.End() != core.StartFEN {
		t.Errorf("a bad root: the panel roots itself at %q", p.Perft.End())
	}
	p.Perft.RefusePaste(200_000)
	if p.Perft.Pasted != nil || !strings.Contains(p.Perft.Note, "200,000 characters") {
		t.Errorf("a long paste: %q", p.Perft.Note)
	}
	p.Perft.SetDepth(9)
	if p.Perft.Depth != 3 {
		t.Errorf("SetDepth(9) made the depth %d", p.Perft.Depth)
	}
}

// TestPagePerftSuite: a paste whose lines are FENs and perft counts is a
// suite (EPD's forms, comments and all), a divide stays a divide, a suite
// that does not read says where; a position of the suite opens as the
// divide's root, the paste cleared.
func TestPagePerftSuite(t *testing.T) {
	p := NewPage(ParseQuery("?perft=3"))
	for _, tc := range []struct {
		name, text string
		suite      int // positions, 0: no suite
		divide     bool
		note       string
	}{
		{"perftsuite.epd's lines", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D2 71\n", 2, false, ""},
		{"EPD with comments", "# two\n8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - D1 14; D2 191;\n", 1, false, ""},
		{"a divide", "e2e4: 20\nd2d4: 20\n\nNodes searched: 40\n", 0, true, ""},
		{"a suite with a bad count", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 6x6\n", 0, false, "The pasted suite cannot be read: line 1, column 43: D2 count \"6x6\" is not a number."},
		{"a FEN alone", "4k3/8/8/8/8/8/8/4K2R w K - 0 1\n", 0, true, ""},
		{"a FEN with an en passant square on the d-file", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2\n", 0, true, ""},
		{"counts with thousands", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;D5 4,865,609\n", 1, false, ""},
	} {
		p.Perft.Paste(tc.text)
		got := 0
		if p.Perft.Suite != nil {
			got = len(p.Perft.Suite.Positions)
		}
		if got != tc.suite || (p.Perft.Pasted != nil) != tc.divide || p.Perft.Note != tc.note {
			t.Errorf("%s: suite of %d, divide %v, note %q; want %d, %v, %q", tc.name, got, p.Perft.Pasted != nil, p.Perft.Note, tc.suite, tc.divide, tc.note)
		}
	}
	p.Perft.Paste("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n")
	if !p.PerftSuiteOpen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 2) || p.Perft.Suite != nil || p.Perft.Root != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" ||
		p.Perft.Depth != 2 || p.FEN != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Errorf("a position of the suite opened: %+v, FEN %q", p.Perft, p.FEN)
	}
	if p.PerftSuiteOpen("nonsense", 2) {
		t.Error("opened a FEN that does not read")
	}
	p.Perft.SetStats(true)
	if !p.Perft.Stats {
		t.Error("SetStats(true) left stats off")
	}
	p.Perft.Paste("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\n")
	p.Perft.RefusePaste(200_000)
	if p.Perft.Suite != nil || !strings.Contains(p.Perft.Note, "a suite of fewer positions") {
		t.Errorf("a long paste after a suite: %+v", p.Perft)
	}
}

// TestPageShowLink: a link's show list takes what an element's show
// takes, expressions and attack maps; an item that means nothing is taken
// out, and the status names it with what is wrong (until dismissed), in
// the page and in presentation mode alike.
func TestPageShowLink(t *testing.T) {
	tests := []struct {
		query    string
		show     []string
		problems []string // what each problem says, in part
	}{
		{"?show=P,n,occupied,(P+<<+8)+%26+~occupied", []string{"P", "n", "occupied", "(P << 8) & ~occupied"}, nil},
		{"?present=1&show=P,attacked:w,from:e2,pinned:b", []string{"P", "attacked:w", "from:e2", "pinned:b"}, nil},
		{"?show=P,(P+<<+),occupid,occupied", []string{"P", "occupied"}, []string{`cannot show "(P << )"`, `cannot show "occupid"`}},
	}
	for _, tt := range tests {
		p := NewPage(ParseQuery(tt.query))
		f, _, _ := p.Figure()
		var keys []string
		for _, s := range f.Shown {
			keys = append(keys, s.Key)
		}
		if strings.Join(keys, "|") != strings.Join(tt.show, "|") || strings.Join(p.Show, "|") != strings.Join(tt.show, "|") {
			t.Errorf("%s: cards %q, show %q, want %q", tt.query, keys, p.Show, tt.show)
		}
		st := p.Status()
		if len(st.Show) != len(tt.problems) || p.NoticeShown() != (len(tt.problems) > 0) {
			t.Fatalf("%s: status says %q (shown %v), want %d problems", tt.query, st.Show, p.NoticeShown(), len(tt.problems))
		}
		for i, want := range tt.problems {
			if !strings.Contains(st.Show[i], want) {
				t.Errorf("%s: problem %d is %q, want it to say %q", tt.query, i, st.Show[i], want)
			}
		}
		if strings.Contains(p.Link(), "occupid") {
			t.Errorf("%s: the link %q keeps an item that means nothing", tt.query, p.Link())
		}
		p.Dismiss()
		if p.NoticeShown() || len(p.Status().Show) != 0 {
			t.Errorf("%s: dismissed, the status still says %q", tt.query, p.Status().Show)
		}
	}
}

// TestPageToggleCard: the expression tool's "Show as a card" adds what
// the result shows to the cards and to the link, and takes it out again;
// an item that means nothing here, that a link's list would split or
// trim, or that would pass the show list's limits is not added.
func TestPageToggleCard(t *testing.T) {
	p := NewPage(DefaultState())
	expr := "(P << 8) & ~occupied"
	p.ToggleCard(expr)
	f, _, _ := p.Figure()
	if len(f.Shown) != 3 || f.Shown[2].Key != expr || f.Shown[2].Bits != core.Rank3.Bitboard() {
		t.Fatalf("after ToggleCard(%q): %+v", expr, f.Shown)
	}
	if q := ParseQuery(p.Link()); strings.Join(q.Show, "|") != "P|occupied|"+expr {
		t.Errorf("the link's show list %q", q.Show)
	}
	p.ToggleCard(expr)
	if strings.Join(p.Show, "|") != "P|occupied" {
		t.Errorf("ToggleCard again: show %q", p.Show)
	}
	for _, item := range []string{"", "P <<", "occupid", "P, n", " P << 8", "rookAttacks(e4, occupied) | nonsense("} {
		p.ToggleCard(item)
		if strings.Join(p.Show, "|") != "P|occupied" {
			t.Errorf("ToggleCard(%q) made the show list %q", item, p.Show)
		}
	}
	p.ToggleCard("rookAttacks(e4, occupied)") // a comma inside parentheses stays whole
	if len(p.Show) != 3 {
		t.Errorf("rookAttacks(e4, occupied) not added: %q", p.Show)
	}
	p = NewPage(DefaultState())
	for i := len(p.Show); i < MaxShowItems; i++ {
		p.ToggleCard("P << " + strconv.Itoa(i))
	}
	p.ToggleCard("N")
	if len(p.Show) != MaxShowItems || slices.Contains(p.Show, "N") {
		t.Errorf("%d items, N added %v: want the list full at %d and N left out", len(p.Show), slices.Contains(p.Show, "N"), MaxShowItems)
	}
	p = NewPage(DefaultState())
	long := func(i int) string { return strings.Repeat("P|", 450) + "N << " + strconv.Itoa(i) } // 900 bytes or so, under expr.MaxLength
	for i := range 5 {
		p.ToggleCard(long(i))
	}
	size := 0
	for _, s := range p.Show {
		size += len(s)
	}
	if len(p.Show) != 2+4 || size > MaxShowLength {
		t.Errorf("long items: %d items of %d bytes; want 4 added, the fifth over %d bytes left out", len(p.Show), size, MaxShowLength)
	}
}

// TestPasteDepth: a pasted divide's total tells its depth, from
// Kiwipete's counts (Chess Programming Wiki, "Perft Results", position 2)
// and a buggy engine's near them; a total near no depth's count tells
// none.
func TestPasteDepth(t *testing.T) {
	p := coretest.MustFEN(t, kiwipete)
	tests := []struct {
		total uint64
		depth int
		ok    bool
	}{
		{48, 1, true}, {2039, 2, true}, {2040, 2, true}, {1990, 2, true}, {97862, 3, true}, {4085603, 4, true},
		{193690690, 5, true}, {8031647685, 6, true}, {0, 0, false}, {10, 1, false}, {1 << 60, 6, false},
	}
	for _, tt := range tests {
		d, ok := PasteDepth(p, tt.total)
		if ok != tt.ok || ok && d != tt.depth {
			t.Errorf("PasteDepth(Kiwipete, %d) = %d, %v; want %d, %v", tt.total, d, ok, tt.depth, tt.ok)
		}
	}
}

// TestPagePerftPasteDepth: a divide pasted from another depth than the
// panel's (an engine's depth 2, 2,040 leaves, where Bitview counts
// 2,039, after a divide at depth 3) sets the panel's depth, and says so;
// a paste of the panel's depth, one without counts, or a cleared paste
// keeps it.
func TestPagePerftPasteDepth(t *testing.T) {
	p := NewPage(ParseQuery("?perft=3&fen=" + strings.ReplaceAll(kiwipete, " ", "+")))
	p.FollowPerft()
	p.Perft.Paste(dividetest.NoEnPassant(coretest.MustFEN(t, kiwipete), 2)) // an engine without en passant: 2,038 or so
	if p.Perft.Depth != 2 || !strings.Contains(p.Perft.Note, "perft(2)") || p.Perft.Pasted == nil {
		t.Fatalf("a depth-2 paste at depth 3: depth %d, note %q", p.Perft.Depth, p.Perft.Note)
	}
	p.Perft.Paste(dividetest.NoEnPassant(coretest.MustFEN(t, kiwipete), 2))
	if p.Perft.Depth != 2 || p.Perft.Note != "" {
		t.Errorf("a depth-2 paste at depth 2: depth %d, note %q", p.Perft.Depth, p.Perft.Note)
	}
	p.Perft.Paste("e2e4: 48\nd2d4: 2000\n") // no total: the moves' counts are summed, 2,048
	if p.Perft.Depth != 2 {
		t.Errorf("a paste summing to 2,048: depth %d", p.Perft.Depth)
	}
	p.Perft.Paste("hello\n")
	p.Perft.Paste("")
	if p.Perft.Depth != 2 || p.Perft.Pasted != nil {
		t.Errorf("a paste with no counts, then none: depth %d, pasted %v", p.Perft.Depth, p.Perft.Pasted)
	}
	p.Perft.Paste(strings.Repeat("e2e4: 18446744073709551615\n", 3)) // a sum past 2^64 saturates
	if p.Perft.Depth != 2 {
		t.Errorf("a paste of huge counts: depth %d", p.Perft.Depth)
	}
}
