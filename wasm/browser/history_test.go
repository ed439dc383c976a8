//go:build !(js && wasm)

package browser

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPageHistory walks the surprise through the one history of
// positions: an edit, undo, then an example; "r" pressed outside the
// editor and the board does nothing; a game closed by a typed FEN says
// so, and undo brings the game back at its move; the game and its ply
// are in the URL and a link with them opens the game there.
func TestPageHistory(t *testing.T) {
	ctx, url := site(t)
	open(t, ctx, url+"/?show=P")
	fen := func() string { return eval[string](t, ctx, `document.getElementById('fen').value`) }
	do := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	// Edit → a white queen on e4 → Undo → close the editor → Kiwipete.
	do(chromedp.Click(chromedp.CSS("#tab-editor")), chromedp.Click(chromedp.CSS(`[data-tool="Q"]`)),
		chromedp.Click(chromedp.CSS(`#board [data-square="e4"]`)))
	if got := fen(); got != "rnbqkbnr/pppppppp/8/8/4Q3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Fatalf("after Q on e4: %q", got)
	}
	do(chromedp.Click(chromedp.CSS(`[data-action="undo"]`)), chromedp.Click(chromedp.CSS("#tab-editor")),
		chromedp.Click(chromedp.CSS(`[data-example="1"]`)))
	if got := fen(); got != kiwipeteFEN {
		t.Fatalf("after the Kiwipete example: %q", got)
	}
	// "y" (redo) with the focus on the page's body: not where the editor is.
	do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), chromedp.KeyEvent("y"))
	if got := fen(); got != kiwipeteFEN {
		t.Errorf("y outside the editor and the board changed the position to %q", got)
	}
	// Undo on the board goes back to the start position (before Kiwipete).
	do(chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)), chromedp.KeyEvent("u"))
	if got := fen(); got != startFEN {
		t.Errorf("u on the board: %q, want the start position", got)
	}

	// A game, three plies in; typing a FEN closes it and says so.
	do(chromedp.Click(chromedp.CSS("#tab-game")), chromedp.Click(chromedp.CSS(`[data-action="pgn-sample"]`)))
	for range 3 {
		do(chromedp.Click(chromedp.CSS(`[data-action="forward"]`)))
	}
	q := linkEval[string](t, ctx, `location.search`)
	if !strings.Contains(q, "moves=c2c4,c7c6,e2e4,") || !strings.Contains(q, "&ply=3") {
		t.Errorf("URL %q lacks the game and its ply", q)
	}
	const typed = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	typeFEN(t, ctx, typed)
	if n := eval[int](t, ctx, `document.querySelectorAll('#moves [data-ply]').length`); n != 0 {
		t.Errorf("the game's %d moves are still listed after a typed FEN", n)
	}
	if note := eval[string](t, ctx, `document.querySelector('[data-notice="game-closed"]')?.textContent ?? ''`); !strings.Contains(note, "Botvinnik") || !strings.Contains(note, "Undo") {
		t.Errorf("closing the game says %q", note)
	}
	// → does nothing now; undo (one entry for the whole typing) brings the game back at ply 3.
	do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), chromedp.KeyEvent(kb.ArrowRight))
	if got := fen(); got != typed {
		t.Errorf("→ without a game changed the position to %q", got)
	}
	do(chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)), chromedp.KeyEvent("u"))
	if cur := eval[string](t, ctx, `document.querySelector('#moves [aria-current="step"]')?.dataset.ply ?? ''`); cur != "3" {
		t.Errorf("after undo the game is at ply %q, want 3", cur)
	}
	if got := fen(); got != "rnbqkbnr/pp1ppppp/2p5/8/2P1P3/8/PP1P1PPP/RNBQKBNR b KQkq e3 0 2" {
		t.Errorf("after undo: %q", got)
	}

	// A link with the game opens it at its ply.
	open(t, ctx, url+"/?show=P&moves=c2c4,c7c6,e2e4,d7d5&ply=4")
	if cur := eval[string](t, ctx, `document.querySelector('#moves [aria-current="step"]')?.dataset.ply ?? ''`); cur != "4" {
		t.Errorf("the link's game is at ply %q, want 4", cur)
	}
	if got := fen(); got != "rnbqkbnr/pp2pppp/2p5/3p4/2P1P3/8/PP1P1PPP/RNBQKBNR w KQkq d6 0 3" {
		t.Errorf("the link's position: %q", got)
	}
}

// TestPageFlipGrids checks that flipping turns the grids with the board
// (e5 in the same corner of both) and that &grids=fixed keeps them.
func TestPageFlipGrids(t *testing.T) {
	ctx, url := site(t)
	place := func(in string) string {
		// Where e5 is beside d5 and e4 inside the board or grid in.
		return eval[string](t, ctx, `(() => { const at = (s) => document.querySelector('`+in+` [data-square="' + s + '"]').getBoundingClientRect();
			const e5 = at('e5'), d5 = at('d5'), e4 = at('e4');
			return 'e5 ' + (e5.left < d5.left ? 'left' : 'right') + ' of d5, ' + (e5.top < e4.top ? 'above' : 'below') + ' e4'; })()`)
	}
	open(t, ctx, url+"/?show=P&flip=1")
	for _, in := range []string{"#board", `#cards [data-bitboard="P"] .bits`} {
		if got := place(in); got != "e5 left of d5, below e4" {
			t.Errorf("flipped, %s: %s", in, got)
		}
	}
	if idx := eval[string](t, ctx, `document.querySelector('#cards .cell[data-square="e5"]').dataset.index`); idx != "36" {
		t.Errorf("flipped grid: e5's index %s, want 36", idx)
	}
	open(t, ctx, url+"/?show=P&flip=1&grids=fixed")
	if got := place(`#cards [data-bitboard="P"] .bits`); got != "e5 right of d5, above e4" {
		t.Errorf("grids=fixed: %s", got)
	}
}

// TestPageDialogFocus checks that the shortcuts dialog takes the focus,
// closes on Escape and gives the focus back.
func TestPageDialogFocus(t *testing.T) {
	ctx, url := site(t)
	open(t, ctx, url+"/")
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`[data-action="help"]`)), chromedp.KeyEvent("?")); err != nil {
		t.Fatal(err)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "shortcuts" {
		t.Errorf("focus on %q after opening the dialog, want the dialog", id)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if open := eval[bool](t, ctx, `!document.getElementById('shortcuts').hidden`); open {
		t.Errorf("Escape left the dialog open")
	}
	if a := eval[string](t, ctx, `document.activeElement.dataset.action ?? ''`); a != "help" {
		t.Errorf("focus went back to %q, want the ? button", a)
	}
}

// TestPagePlacementOnly pastes a placement-only FEN, as articles print
// it: the board shows it, white to move, and a notice says what was
// assumed.
func TestPagePlacementOnly(t *testing.T) {
	ctx, url := site(t)
	open(t, ctx, url+"/?show=P")
	typeFEN(t, ctx, "8/8/8/4k3/8/8/4P3/4K3")
	if n := eval[string](t, ctx, `document.querySelector('[data-notice="placement-only"]')?.textContent ?? ''`); !strings.Contains(n, "white to move") || !strings.Contains(n, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1") {
		t.Errorf("placement-only notice %q", n)
	}
	if pc := eval[string](t, ctx, `document.querySelector('#board [data-square="e2"]').dataset.piece ?? ''`); pc != "P" {
		t.Errorf("e2 holds %q, want the white pawn", pc)
	}
	if inv := eval[string](t, ctx, `document.getElementById('fen').getAttribute('aria-invalid')`); inv != "false" {
		t.Errorf("aria-invalid %q for a placement-only FEN", inv)
	}
}
