//go:build js && wasm

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

const (
	startPlacement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	kiwipete       = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)

// TestPageOpens draws the default page and a link's view.
func TestPageOpens(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	if got := env.pieces("#board"); got != startPlacement {
		t.Errorf("board %s, want the start position", got)
	}
	if n := env.count("#cards .card"); n != 2 {
		t.Errorf("%d cards, want 2 (P, occupied)", n)
	}
	if env.attr("html", "data-ready") != "1" {
		t.Error("data-ready is not set")
	}
	if pg.m.FEN != core.StartFEN {
		t.Errorf("state FEN %q", pg.m.FEN)
	}
}

// TestPageFEN: typing a FEN draws its board, cards and status at each
// keystroke and puts it in the link; an invalid one keeps the last good
// board and says why; the examples show theirs.
func TestPageFEN(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.input(pg.sc, "#fen", kiwipete)
	if got := env.pieces("#board"); got != "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R" {
		t.Errorf("board after typing Kiwipete: %s", got)
	}
	if !strings.Contains(env.url(), "fen=r3k2r") {
		t.Errorf("link %s", env.url())
	}
	if got := env.text(`#cards [data-bitboard="P"] [data-format="hex"]`); got != "0x000000081000e700" {
		t.Errorf("WhitePawns card %s, want Kiwipete's", got)
	}
	env.input(pg.sc, "#fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2X w KQkq - 0 1")
	if env.attr("#fen", "aria-invalid") != "true" || env.count("#fen-status [data-error-field]") != 1 {
		t.Errorf("an invalid FEN: aria-invalid %q, status %q", env.attr("#fen", "aria-invalid"), env.text("#fen-status"))
	}
	if got := env.pieces("#board"); !strings.HasPrefix(got, "r3k2r/") {
		t.Errorf("the last good board left: %s", got)
	}
	env.fire(pg.sc, "click", `[data-example="0"]`, "", 0)
	if got := env.pieces("#board"); got != startPlacement || env.q("#fen").Get("value").String() != core.StartFEN {
		t.Errorf("example 0: board %s, field %q", got, env.q("#fen").Get("value"))
	}
}

// TestPageSwitches: the numbering, a bitboard switch and Flip change the
// cards, the board and the link.
func TestPageSwitches(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.q(`input[name=layout][value="0x88"]`).Set("checked", true)
	env.fire(pg.sc, "change", `input[name=layout][value="0x88"]`, "", 0)
	if got := env.attr("#cards .card", "data-layout"); got != "0x88" || !strings.Contains(env.url(), "layout=0x88") {
		t.Errorf("after 0x88: card layout %q, link %s", got, env.url())
	}
	if got := env.attr(`#cards [data-bitboard="P"] [data-square="e2"]`, "data-index"); got != "20" {
		t.Errorf("e2 in 0x88 is %q, want 20", got)
	}
	env.fire(pg.sc, "click", `#toggles [data-toggle="n"]`, "", 0)
	if env.count(`#cards [data-bitboard="n"]`) != 1 || !strings.Contains(env.url(), "show=P%2Coccupied%2Cn") {
		t.Errorf("after the n switch: %d n cards, link %s", env.count(`#cards [data-bitboard="n"]`), env.url())
	}
	env.fire(pg.sc, "click", `#cards [data-bitboard="n"] [data-toggle="n"]`, "", 0) // the card's ×
	if env.count(`#cards [data-bitboard="n"]`) != 0 {
		t.Error("the card's × did not hide it")
	}
	env.q("#flip").Set("checked", true)
	env.fire(pg.sc, "change", "#flip", "", 0)
	if got := env.attr("#board .board [data-square]", "data-square"); got != "h1" || !strings.Contains(env.url(), "flip=1") {
		t.Errorf("flipped: first square %q, link %s", got, env.url())
	}
}

// TestPageEditor: a piece letter on a focused square puts the piece there,
// the palette's tool acts while the editor is open, the state controls
// edit the FEN, and undo and redo walk the history.
func TestPageEditor(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	if a := env.fire(pg.sc, "keydown", `#board [data-square="e4"]`, "q", 0); a != answerPrevent|answerStop {
		t.Errorf("a piece letter answered %d, want prevent and stop (the shortcuts must not see it)", a)
	}
	if got := env.attr(`#board [data-square="e4"]`, "data-piece"); got != "q" || !strings.HasPrefix(pg.m.FEN, "rnbqkbnr/pppppppp/8/8/4q3/") {
		t.Errorf("q on e4: square %q, FEN %s", got, pg.m.FEN)
	}
	env.fire(pg.sc, "keydown", `#board [data-square="e4"]`, "Delete", 0)
	if pg.m.FEN != core.StartFEN {
		t.Errorf("Delete on e4: FEN %s", pg.m.FEN)
	}
	if a := env.fire(pg.sc, "keydown", `#board [data-square="e4"]`, "q", modCtrl); a != 0 || pg.m.FEN != core.StartFEN {
		t.Errorf("Ctrl+q answered %d and gave %s: it is the browser's", a, pg.m.FEN)
	}
	// The palette's tool acts only while the editor is open.
	env.fire(pg.sc, "click", "#tab-editor", "", 0)
	if env.q("#editor").Get("hidden").Truthy() || env.attr("#tab-editor", "aria-selected") != "true" || !strings.Contains(env.url(), "tab=editor") {
		t.Error("the Edit tab did not show the editor")
	}
	env.fire(pg.sc, "click", `#palette [data-tool="N"]`, "", 0)
	env.fire(pg.sc, "click", `#board [data-square="d4"]`, "", 0)
	if got := env.attr(`#board [data-square="d4"]`, "data-piece"); got != "N" {
		t.Errorf("the N tool on d4 gave %q", got)
	}
	env.q(`input[name=side][value="b"]`).Set("value", "b")
	env.fire(pg.sc, "change", `input[name=side][value="b"]`, "", 0)
	if !strings.Contains(pg.m.FEN, " b KQkq ") {
		t.Errorf("black to move: FEN %s", pg.m.FEN)
	}
	env.fire(pg.sc, "click", `[data-action="undo"]`, "", 0)
	env.fire(pg.sc, "click", `[data-action="undo"]`, "", 0)
	if pg.m.FEN != core.StartFEN {
		t.Errorf("two undos: FEN %s, want the start", pg.m.FEN)
	}
	env.fire(pg.sc, "click", `[data-action="redo"]`, "", 0)
	if got := env.attr(`#board [data-square="d4"]`, "data-piece"); got != "N" {
		t.Errorf("redo: d4 holds %q, want N", got)
	}
}

// TestPageGame: the sample game loads, steps forward and back with the
// buttons and the move list, marks its last move and keeps its moves in
// the link; typing another position closes it, and undo brings it back.
func TestPageGame(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.fire(pg.sc, "click", `[data-action="pgn-sample"]`, "", 0)
	if env.count("#moves [data-ply]") < 20 || pg.m.Game() == nil {
		t.Fatalf("the sample game: %d move buttons", env.count("#moves [data-ply]"))
	}
	env.fire(pg.sc, "click", `[data-action="forward"]`, "", 0)
	env.fire(pg.sc, "click", `[data-action="forward"]`, "", 0)
	if pg.m.Ply != 2 || !strings.Contains(env.url(), "&ply=2") || !strings.Contains(env.url(), "moves=") {
		t.Errorf("after two steps: ply %d, link %s", pg.m.Ply, env.url())
	}
	if env.attr(`#moves [data-ply="2"]`, "aria-current") != "step" || env.attr(`#moves [data-ply="1"]`, "aria-current") != "" {
		t.Error("the move list does not mark ply 2 alone")
	}
	if env.count("#board .last-from") != 1 || env.count("#board .last-to") != 1 {
		t.Errorf("%d+%d squares marked as the last move, want 1+1", env.count("#board .last-from"), env.count("#board .last-to"))
	}
	env.fire(pg.sc, "click", `#moves [data-ply="0"]`, "", 0)
	if pg.m.Ply != 0 || pg.m.FEN != core.StartFEN {
		t.Errorf("ply 0: %d, %s", pg.m.Ply, pg.m.FEN)
	}
	env.input(pg.sc, "#fen", kiwipete)
	if pg.m.Game() != nil || env.count(`#pgn-status [data-notice="game-closed"]`) != 1 || strings.Contains(env.url(), "moves=") {
		t.Errorf("typing a FEN: game %v, notice %q, link %s", pg.m.Game() != nil, env.text("#pgn-status"), env.url())
	}
	env.fire(pg.sc, "click", `[data-action="undo"]`, "", 0)
	if pg.m.Game() == nil || env.count("#moves [data-ply]") < 20 {
		t.Error("undo did not bring the game back")
	}
}

// TestPagePlayground: an expression's result card, a step's card, and an
// error that keeps the last result.
func TestPagePlayground(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.input(pg.sc, "#expr", "(whitePawns << 8) & ~allOccupied")
	if got := env.text(`#expr-result [data-format="hex"]`); got != "0x0000000000ff0000" {
		t.Errorf("result %s, want rank 3", got)
	}
	env.fire(pg.sc, "click", `#expr-status [data-step="0"]`, "", 0)
	if got := env.text(`#expr-result [data-format="hex"]`); got != "0x000000000000ff00" {
		t.Errorf("step 0 shows %s, want whitePawns", got)
	}
	env.input(pg.sc, "#expr", "popcount(knightAttacks(e4) & N")
	if env.count("#expr-status [data-error-offset]") != 1 || env.attr("#expr", "aria-invalid") != "true" || env.count("#expr-result .card") != 1 {
		t.Errorf("an error: status %q", env.text("#expr-status"))
	}
	if !strings.Contains(env.url(), "expr=popcount") {
		t.Errorf("link %s", env.url())
	}
}

// TestPageFreeCard: the free card's cells, labels and value fields set its
// bits, in the layout on show, and the link keeps them.
func TestPageFreeCard(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("?show=free")
	env.fire(pg.sc, "click", `#cards .free .cell[data-square="e4"]`, "", 0)
	if pg.m.Free != core.E4.Bitboard() || !strings.Contains(env.url(), "free=0x0000000010000000") {
		t.Errorf("e4 clicked: free %s, link %s", pg.m.Free.Hex(), env.url())
	}
	if a := env.fire(pg.sc, "keydown", `#cards .free .cell[data-square="e4"]`, " ", 0); a != answerPrevent|answerStop || pg.m.Free != 0 {
		t.Errorf("Space on e4 answered %d, free %s", a, pg.m.Free.Hex())
	}
	env.fire(pg.sc, "click", `#cards .free [data-fill="rank:2"]`, "", 0)
	if pg.m.Free != core.Rank2.Bitboard() {
		t.Errorf("rank 2 label: %s", pg.m.Free.Hex())
	}
	env.input(pg.sc, `#cards [data-free-field="hex"]`, "0xff")
	if pg.m.Free != core.Rank1.Bitboard() {
		t.Errorf("hex 0xff: %s", pg.m.Free.Hex())
	}
	env.input(pg.sc, `#cards [data-free-field="hex"]`, "0xfg")
	if pg.m.Free != core.Rank1.Bitboard() || env.count("#cards .free [role=alert], #cards .free .error") == 0 {
		t.Errorf("hex 0xfg: %s, want the last good value kept and an error", pg.m.Free.Hex())
	}
}

// TestPageDrawingAndShortcuts: m marks the focused board square, x clears
// the drawing, s presents, ? opens the shortcuts, and keys typed in a
// field are the field's.
func TestPageDrawingAndShortcuts(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.fire(pg.sc, "focusin", `#board [data-square="d4"]`, "", 0)
	env.fire(pg.sc, "keydown", `#board [data-square="d4"]`, "m", 0)
	if len(pg.m.Marked) != 1 || !strings.Contains(env.url(), "marks=Gd4") {
		t.Errorf("m on d4: marks %v, link %s", pg.m.Marked, env.url())
	}
	if env.q("#clear-drawing").Get("hidden").Truthy() {
		t.Error("Clear arrows is hidden while there is a drawing")
	}
	env.fire(pg.sc, "keydown", "#board", "x", 0)
	if len(pg.m.Marked) != 0 {
		t.Errorf("x left marks %v", pg.m.Marked)
	}
	env.fire(pg.sc, "keydown", "#bitview-app", "s", 0)
	if !pg.m.Present || !env.q("html").Class().Contains("present") ||
		env.attr(`[data-action="present"]`, "aria-pressed") != "true" {
		t.Error("s did not present")
	}
	env.fire(pg.sc, "keydown", "#bitview-app", "?", 0)
	if env.q("#shortcuts").Get("hidden").Truthy() || env.count("#shortcuts kbd") < 10 {
		t.Error("? did not open the shortcuts")
	}
	env.fire(pg.sc, "keydown", "#bitview-app", "Escape", 0)
	if !env.q("#shortcuts").Get("hidden").Truthy() {
		t.Error("Escape did not close the shortcuts")
	}
	env.fire(pg.sc, "keydown", "#expr", "f", 0)
	if pg.m.Flipped {
		t.Error("f typed in the expression field flipped the board")
	}
}

// TestPageShortcutsOnTheBoard: on a focused board square every piece
// letter puts its piece (r a black rook, p a black pawn, not redo and not
// presentation mode), while the shortcuts' keys, none a piece letter, do
// what the "?" list says: u and Ctrl+Z undo, y, Ctrl+Y and Ctrl+Shift+Z
// redo, s presents; with the focus elsewhere and the editor closed, undo
// and redo do nothing.
func TestPageShortcutsOnTheBoard(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	e4 := `#board [data-square="e4"]`
	piece := func() string { return env.attr(e4, "data-piece") }
	env.fire(pg.sc, "focusin", e4, "", 0)
	for _, letter := range []string{"P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"} {
		if a := env.fire(pg.sc, "keydown", e4, letter, 0); a != answerPrevent|answerStop || piece() != letter {
			t.Errorf("%s on e4: answered %d, e4 holds %q; want the piece, and the shortcuts not to see the key", letter, a, piece())
		}
	}
	if pg.m.Present {
		t.Error("p on a board square turned presentation mode on")
	}
	// Twelve edits: u undoes the black king (k), Ctrl+Z the black queen.
	env.fire(pg.sc, "keydown", e4, "u", 0)
	if piece() != "q" {
		t.Errorf("u on the board: e4 holds %q, want q (the edit before k)", piece())
	}
	env.fire(pg.sc, "keydown", e4, "z", modCtrl)
	if piece() != "r" {
		t.Errorf("Ctrl+Z on the board: e4 holds %q, want r", piece())
	}
	env.fire(pg.sc, "keydown", e4, "z", modMeta) // ⌘Z on a Mac
	if piece() != "b" {
		t.Errorf("⌘Z on the board: e4 holds %q, want b", piece())
	}
	for i, k := range []struct {
		key  string
		mods int
		want string
	}{{"y", 0, "r"}, {"y", modCtrl, "q"}, {"Z", modCtrl | modShift, "k"}} {
		if a := env.fire(pg.sc, "keydown", e4, k.key, k.mods); a&answerPrevent == 0 || piece() != k.want {
			t.Errorf("redo %d (%q, mods %d): answered %d, e4 holds %q, want %q", i, k.key, k.mods, a, piece(), k.want)
		}
	}
	env.fire(pg.sc, "keydown", e4, "s", 0)
	if !pg.m.Present {
		t.Error("s on a board square did not present")
	}
	env.fire(pg.sc, "keydown", e4, "s", 0)
	// Away from the board, with the editor closed, undo is not where the user is.
	if a := env.fire(pg.sc, "keydown", "#bitview-app", "z", modCtrl); a != 0 || piece() != "k" {
		t.Errorf("Ctrl+Z off the board: answered %d, e4 holds %q; want nothing done (the browser's)", a, piece())
	}
	env.fire(pg.sc, "keydown", "#bitview-app", "u", 0)
	if piece() != "k" || pg.m.Present {
		t.Errorf("u off the board: e4 holds %q, present %v", piece(), pg.m.Present)
	}
	// The list says so.
	help := env.text("#shortcuts")
	for _, want := range []string{"uCtrl+Z", "yCtrl+YCtrl+Shift+Z", "spresentation mode"} {
		if !strings.Contains(strings.ReplaceAll(help, " ", ""), strings.ReplaceAll(want, " ", "")) {
			t.Errorf("the shortcuts list lacks %q: %s", want, help)
		}
	}
}

// TestPagePanels: the tool area shows one tool at a time, in the link;
// the shift demo, the engine panels and the embed snippets draw while
// their tab is on show; a tab clicked again hides its tool.
func TestPagePanels(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.fire(pg.sc, "click", "#tab-shiftdemo", "", 0)
	if env.count("#shift-grid [data-square]") != 64 {
		t.Errorf("the shift demo draws %d cells", env.count("#shift-grid [data-square]"))
	}
	env.fire(pg.sc, "click", `[data-action="shift-step"]`, "", 0)
	if env.text("#shift-caption") == "" {
		t.Error("no caption after a step")
	}
	env.fire(pg.sc, "click", "#tab-engine", "", 0)
	if !strings.Contains(env.text("#zobrist-report"), "463b96181691fc9c") || !strings.Contains(env.url(), "tab=engine") ||
		!env.q("#shiftdemo").Get("hidden").Truthy() {
		t.Errorf("Zobrist: %q, link %s", env.text("#zobrist-report"), env.url())
	}
	env.input(pg.sc, "#magic-square", "d5")
	if !strings.Contains(env.url(), "magic=rook%3Ad5") {
		t.Errorf("magic square d5: link %s", env.url())
	}
	env.input(pg.sc, "#magic-square", "z9")
	if env.attr("#magic-square", "aria-invalid") != "true" || !strings.Contains(env.text("#magic-status"), "z9") {
		t.Errorf("a bad square: %q", env.text("#magic-status"))
	}
	env.fire(pg.sc, "click", `#board [data-square="a1"]`, "", 0) // a click picks the magic square
	if !strings.Contains(env.url(), "magic=rook%3Aa1") {
		t.Errorf("a1 clicked: link %s", env.url())
	}
	// The dump checker: the start position's white pawns and knights in
	// LERF agree; a number with a wrong bit is counted as differing.
	env.input(pg.sc, "#dump-text", "P: 0x000000000000FF00\nN: 0x0000000000000042")
	if got := env.text("#dump-report"); !strings.HasPrefix(got, "Layout LERF") || !strings.Contains(got, "2 of 2 numbers agree") {
		t.Errorf("dump of P and N in LERF: %.120q", got)
	}
	env.input(pg.sc, "#dump-text", "P: 0x000000000000FF01\nN: 0x0000000000000042")
	if got := env.text("#dump-report"); !strings.Contains(got, "1 of 2 numbers agree; 1 differ in 1 bit.") {
		t.Errorf("a wrong bit in P: %.120q", got)
	}
	// What engines print: Stockfish 15.1's d of the start position (its
	// board, Fen: and Checkers: agree; its own Key: is not checked), and
	// python-chess's grid of the white pawns under a label.
	sfd, err := os.ReadFile(filepath.Join("..", "core", "dump", "testdata", "stockfish-15.1-d-start.txt"))
	if err != nil {
		t.Fatal(err)
	}
	env.input(pg.sc, "#dump-text", string(sfd))
	if got := env.text("#dump-report"); !strings.Contains(got, "Board (lines 3–17): agrees") || !strings.Contains(got, "Fen (line 21): agrees") ||
		!strings.Contains(got, "Key (line 22): not checked") || !strings.Contains(got, "Checkers (line 23): agrees") || env.count("#dump-report .dump-statements li") != 4 {
		t.Errorf("Stockfish's d: %.400q", got)
	}
	env.input(pg.sc, "#dump-text", "WhitePawns\n"+strings.Repeat(". . . . . . . .\n", 6)+"1 1 1 1 1 1 1 1\n. . . . . . . .\n")
	if got := env.text("#dump-report"); !strings.Contains(got, "grids with rank 8 at the top") || !strings.Contains(got, "1 of 1 numbers agree.") ||
		env.attr("#dump-report .verdict", "data-bitboard") != "P" {
		t.Errorf("python-chess's grid of the white pawns: %.300q", got)
	}
	env.fire(pg.sc, "click", "#tab-embed", "", 0)
	if env.count("#embed-snippets [data-snippet]") != 2 {
		t.Errorf("%d snippets", env.count("#embed-snippets [data-snippet]"))
	}
	env.fire(pg.sc, "click", "#tab-embed", "", 0)
	if !env.q("#embed").Get("hidden").Truthy() || strings.Contains(env.url(), "tab=") {
		t.Errorf("the Embed tab clicked again: hidden %v, link %s", env.q("#embed").Get("hidden"), env.url())
	}
}

// TestPagePointing: pointing at a square highlights it everywhere and
// fills the square panel; the arrow keys move across the board.
func TestPagePointing(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("?layout=0x88")
	env.fire(pg.sc, "pointerover", `#cards [data-square="b7"]`, "", 0)
	if pg.fig.hover != core.B7 || !strings.Contains(env.text("#square-info"), "97") {
		t.Errorf("b7 pointed at: hover %v, panel %q", pg.fig.hover, env.text("#square-info"))
	}
	if a := env.fire(pg.sc, "keydown", `#board [data-square="e4"]`, "ArrowUp", 0); a != answerPrevent|answerStop {
		t.Errorf("ArrowUp on the board answered %d", a)
	}
	if a := env.fire(pg.sc, "keydown", `#board [data-square="e8"]`, "ArrowUp", 0); a != 0 {
		t.Errorf("ArrowUp at the edge answered %d, want nothing (the page may scroll)", a)
	}
}

// TestPagePerftLink: a link asking for a divide at depth 4 or less starts
// it in the worker; a deeper one waits for Run, with its estimate.
func TestPagePerftLink(t *testing.T) {
	env := newTestEnv(t, "")
	env.page("?perft=3")
	if len(env.posted) != 1 || env.posted[0].Get("depth").Int() != 3 || env.attr("#perft-progress .perft-run", "data-state") != "loading" {
		t.Errorf("?perft=3: %d messages to the worker, state %q", len(env.posted), env.attr("#perft-progress .perft-run", "data-state"))
	}
	env = newTestEnv(t, "")
	pg := env.page("?perft=6&fen=" + strings.ReplaceAll(kiwipete, " ", "+"))
	if len(env.posted) != 0 || env.attr("#perft-progress .perft-run", "data-state") != "waiting" ||
		!strings.Contains(env.text("#perft-progress"), "depth 6: about 10,") || env.q("#perft").Get("hidden").Truthy() {
		t.Errorf("?perft=6 on Kiwipete: %d messages to the worker, progress %q", len(env.posted), env.text("#perft-progress"))
	}
	env.fire(pg.sc, "click", `#perft [data-perft="run"]`, "", 0)
	if len(env.posted) != 1 || env.posted[0].Get("depth").Int() != 6 {
		t.Errorf("Run: %d messages to the worker", len(env.posted))
	}
}

// TestPageNoticeDismissed: a notice is dismissed by its × until it
// changes.
func TestPageNoticeDismissed(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.input(pg.sc, "#fen", "r3k2r/pp1n2pp/2p2q2/b2p1n2/BP1Pp3/P1N2P2/2PB2PP/R2Q1RK1 w kq b3 0 13")
	if !strings.Contains(env.text("#fen-status"), "en passant") {
		t.Fatalf("no warning: %q", env.text("#fen-status"))
	}
	env.fire(pg.sc, "click", "#fen-status .dismiss", "", 0)
	if env.text("#fen-status") != "" {
		t.Errorf("dismissed, the status still says %q", env.text("#fen-status"))
	}
	env.input(pg.sc, "#fen", "8/8/8/8/8/8/8/8 w - - 0 1")
	if !strings.Contains(env.text("#fen-status"), "king") {
		t.Errorf("a new status is not shown: %q", env.text("#fen-status"))
	}
}

// TestPageInvalidFENNeverInTheLink: a FEN that does not parse never
// reaches the link; a link holding one shows the error over the start
// position and says so.
func TestPageInvalidFENNeverInTheLink(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("")
	env.input(pg.sc, "#fen", kiwipete)
	env.input(pg.sc, "#fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3 x")
	if !strings.Contains(env.url(), "fen=r3k2r%2Fp1ppqpb1%2Fbn2pnp1%2F3PN3%2F1p2P3") {
		t.Errorf("the link took the invalid FEN: %s", env.url())
	}
	env = newTestEnv(t, "")
	env.page("?fen=nonsense")
	if got := env.pieces("#board"); got != startPlacement || !strings.Contains(env.text("#fen-status"), "start position") {
		t.Errorf("a link with an invalid FEN: board %s, status %q", got, env.text("#fen-status"))
	}
}

// TestPageEditorToolStays: the palette's tool stays picked for every
// click on the board, whatever else is clicked between (<html data-tool>,
// the tool tab on show, is no palette button).
func TestPageEditorToolStays(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("?tab=editor")
	env.fire(pg.sc, "click", `#palette [data-tool="N"]`, "", 0)
	for _, sq := range []string{"d4", "d5", "e5"} {
		env.fire(pg.sc, "click", `#board [data-square="`+sq+`"]`, "", 0)
		env.fire(pg.sc, "click", "#bitview-app", "", 0)
		if got := env.attr(`#board [data-square="`+sq+`"]`, "data-piece"); got != "N" {
			t.Errorf("the N tool on %s gave %q", sq, got)
		}
	}
}

// TestPageEditorEmptyBoard: from an empty board, the palette places the
// two kings with clicks, the keyboard puts a pawn and a queen and Delete
// takes the queen back; the occupancy card follows; side to move and the
// en passant square (a warning: no pawn just moved there) have their
// controls; undo, redo, clear and the start position. (These steps ran in
// Chromium once; the events are the same plain values here.)
func TestPageEditorEmptyBoard(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("?fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201&show=occupied")
	fen := func() string { return env.q("#fen").Get("value").String() }
	env.fire(pg.sc, "click", "#tab-editor", "", 0)
	for _, step := range [][2]string{{"K", "e1"}, {"k", "e8"}} {
		env.fire(pg.sc, "click", `#palette [data-tool="`+step[0]+`"]`, "", 0)
		env.fire(pg.sc, "click", `#board [data-square="`+step[1]+`"]`, "", 0)
	}
	if got := fen(); got != "4k3/8/8/8/8/8/8/4K3 w - - 0 1" {
		t.Fatalf("after placing the kings the FEN is %q", got)
	}
	// d2: P; e2 (→ from d2): Q, then Delete.
	env.fire(pg.sc, "keydown", `#board [data-square="d2"]`, "P", 0)
	env.fire(pg.sc, "keydown", `#board [data-square="e2"]`, "Q", 0)
	if got := fen(); got != "4k3/8/8/8/8/8/3PQ3/4K3 w - - 0 1" {
		t.Errorf("after P on d2 and Q on e2 the FEN is %q", got)
	}
	env.fire(pg.sc, "keydown", `#board [data-square="e2"]`, "Delete", 0)
	if got := fen(); got != "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1" {
		t.Errorf("after Delete on e2 the FEN is %q", got)
	}
	if got := env.text(`[data-bitboard="occupied"] [data-format="hex"]`); got != "0x1000000000000810" {
		t.Errorf("occupied after the edits %s, want 0x1000000000000810", got)
	}
	env.q(`input[name=side][value="b"]`).Set("checked", true)
	env.fire(pg.sc, "change", `input[name=side][value="b"]`, "", 0)
	env.q(`#ep option[value="d3"]`).SetAttribute("selected", "") // linkedom's select has no value setter
	env.fire(pg.sc, "change", "#ep", "", 0)
	if got := fen(); got != "4k3/8/8/8/8/8/3P4/4K3 b - d3 0 1" {
		t.Errorf("after the state controls the FEN is %q", got)
	}
	if got := env.attr(".warnings li", "data-code"); got != "en-passant-no-pawn" || env.count(".warnings li") != 1 {
		t.Errorf("warnings: %d, the first %q; want en-passant-no-pawn alone", env.count(".warnings li"), got)
	}
	for i, want := range []string{"4k3/8/8/8/8/8/3P4/4K3 b - - 0 1", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "4k3/8/8/8/8/8/3PQ3/4K3 w - - 0 1"} {
		env.fire(pg.sc, "click", `[data-action="undo"]`, "", 0)
		if got := fen(); got != want {
			t.Errorf("undo %d: %q, want %q", i+1, got, want)
		}
	}
	env.fire(pg.sc, "click", `[data-action="redo"]`, "", 0)
	if got := fen(); got != "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1" {
		t.Errorf("redo: %q", got)
	}
	env.fire(pg.sc, "click", `[data-action="clear"]`, "", 0)
	if got := fen(); got != "8/8/8/8/8/8/8/8 w - - 0 1" {
		t.Errorf("clear: %q", got)
	}
	env.fire(pg.sc, "click", `[data-action="start"]`, "", 0)
	if got := fen(); got != core.StartFEN {
		t.Errorf("start: %q", got)
	}
}

// TestPageGameSteps steps through Botvinnik–Spielmann, the sample game,
// to its final position: each step marks the bits it set and cleared in
// every grid and the last move on the board; the move list steps with
// the keyboard; a malformed PGN says where, and the moves before its
// error play. (These steps ran in Chromium once.)
func TestPageGameSteps(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("?show=P,q")
	env.fire(pg.sc, "click", "#tab-game", "", 0)
	env.fire(pg.sc, "click", `[data-action="pgn-sample"]`, "", 0)
	if n := env.count("#moves [data-ply]"); n != 24 {
		t.Fatalf("the move list has %d buttons, want 24 (the start and 23 plies)", n)
	}
	for range 3 {
		env.fire(pg.sc, "click", `[data-action="forward"]`, "", 0)
	}
	changed := func(sel string) string {
		var out []string
		list := queryAll(env.doc, sel)
		for i := range list.len() {
			c := list.at(i)
			mark := "-"
			if c.Get("classList").Call("contains", "bit-set").Bool() {
				mark = "+"
			}
			out = append(out, c.GetAttribute("data-square")+mark)
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	// 1.c4 c6 2.e4: e2 cleared and e4 set in WhitePawns.
	if got := changed(`[data-bitboard="P"] .bit-set, [data-bitboard="P"] .bit-cleared`); got != "e2- e4+" {
		t.Errorf("after 2.e4 the changed WhitePawns bits are %q, want e2- e4+", got)
	}
	if from, to := env.attr("#board .last-from", "data-square"), env.attr("#board .last-to", "data-square"); from != "e2" || to != "e4" {
		t.Errorf("the last move is marked from %q to %q, want e2 to e4", from, to)
	}
	// 7.cxd5 Qxb2: the capture clears b2 in WhitePawns; from ply 13, → on
	// the move list steps to ply 14.
	env.fire(pg.sc, "click", `#moves [data-ply="13"]`, "", 0)
	env.fire(pg.sc, "keydown", `#moves [data-ply="13"]`, "ArrowRight", 0)
	if pg.m.Ply != 14 {
		t.Errorf("→ on ply 13 of the move list went to ply %d, want 14", pg.m.Ply)
	}
	if got := changed(`[data-bitboard="P"] .bit-cleared`); got != "b2-" {
		t.Errorf("after 7...Qxb2 the cleared WhitePawns bits are %q, want b2", got)
	}
	env.fire(pg.sc, "click", `[data-action="last"]`, "", 0)
	if got, want := env.q("#fen").Get("value").String(), "r3kb1r/pp2pppp/5n2/3P2B1/NnBP4/5P2/q4P1P/2RQK2R b Kkq - 0 12"; got != want {
		t.Errorf("the final position %q, want %q", got, want)
	}
	env.q("#pgn").Set("value", "1.e4 e5 2.Nf3 Nc6 3.Bb5 Ke3")
	env.fire(pg.sc, "click", `[data-action="pgn-load"]`, "", 0)
	if line, col := env.attr("#pgn-status [data-error-line]", "data-error-line"), env.attr("#pgn-status [data-error-line]", "data-error-column"); line != "1" || col != "25" {
		t.Errorf("the PGN error at line %q column %q, want line 1 column 25 (Ke3)", line, col)
	}
	if n := env.count("#moves [data-ply]"); n != 6 {
		t.Errorf("%d plies playable before the error, want 5 (and the start)", n-1)
	}
}

// TestPagePlaygroundSteps: an expression lists its sub-expressions as
// steps, the whole last; an expression with an error keeps the last
// result; the article's popcount(knightAttacks(e4) & N) is 0 on the
// start position and goes into the link. (These steps ran in Chromium
// once.)
func TestPagePlaygroundSteps(t *testing.T) {
	env := newTestEnv(t, "")
	pg := env.page("?show=P")
	env.fire(pg.sc, "click", "#tab-playground", "", 0)
	const e = "(whitePawns << 8) & ~allOccupied"
	env.input(pg.sc, "#expr", e)
	var steps []string
	list := queryAll(env.doc, "#expr-status [data-step] code")
	for i := range list.len() {
		steps = append(steps, list.at(i).Get("textContent").String())
	}
	if len(steps) < 5 || steps[len(steps)-1] != e {
		t.Errorf("steps %q, want five or more, the whole expression last", steps)
	}
	env.input(pg.sc, "#expr", "popcount(knightAttacks(e4) & N")
	if env.attr("#expr-status [data-error-offset]", "data-error-offset") == "" || env.text(`#expr-result [data-format="hex"]`) == "" {
		t.Errorf("an error: offset %q, the last result kept %q", env.attr("#expr-status [data-error-offset]", "data-error-offset"), env.text(`#expr-result [data-format="hex"]`))
	}
	env.input(pg.sc, "#expr", "popcount(knightAttacks(e4) & N)")
	if got := env.text(`#expr-result [data-format="hex"]`); got != "0x0000000000000000" {
		t.Errorf("popcount(knightAttacks(e4) & N) = %s on the start position, want 0", got)
	}
	if !strings.Contains(env.url(), "expr=popcount%28knightAttacks%28e4%29") {
		t.Errorf("link %s", env.url())
	}
}
