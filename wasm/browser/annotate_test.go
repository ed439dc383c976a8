//go:build !(js && wasm)

package browser

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// rightDrag presses the right mouse button on square from, moves to
// square to and lets go there, with the given modifiers, as a person
// drawing on lichess does.
func rightDrag(t *testing.T, ctx context.Context, from, to string, mods ...chromedp.Modifier) {
	t.Helper()
	// Both centres after one scroll (center scrolls each into view).
	xy := eval[[]float64](t, ctx, `(() => {
		document.getElementById('board').scrollIntoView({block: 'center'});
		const c = (sq) => { const r = document.querySelector('#board [data-square="' + sq + '"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
		return [...c('`+from+`'), ...c('`+to+`')];
	})()`)
	x1, y1, x2, y2 := xy[0], xy[1], xy[2], xy[3]
	opts := []chromedp.MouseOption{chromedp.ButtonRight, chromedp.ButtonModifiers(mods...)}
	if err := chromedp.Do(ctx,
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x1, y1),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x1, y1, append(opts, chromedp.ClickCount(1))...),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (x1+x2)/2, (y1+y2)/2, opts...),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x2, y2, opts...),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x2, y2, append(opts, chromedp.ClickCount(1))...),
	); err != nil {
		t.Fatal(err)
	}
}

// drawing returns the board's arrows and marked squares as the page
// draws them: "Ge2e4 …|red:d4 …".
func drawing(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `[...document.querySelectorAll('#board svg.arrows [data-arrow]')].map((g) => g.dataset.arrow).join(' ') + '|' +
		[...document.querySelectorAll('#board [data-square][class*="mark-"]')].map((s) => [...s.classList].find((c) => c.startsWith('mark-')).slice(5) + ':' + s.dataset.square).join(' ')`)
}

// TestPageDrawing draws on the page's board with the right button: an
// arrow by dragging, a red mark by Shift-clicking; both show on the board
// (the mark also in the cards), go into the link and come back with it,
// and leave when another position is shown. Keyboard: m marks the focused
// square, x clears.
func TestPageDrawing(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/?show=P,occupied")
	rightDrag(t, ctx, "e2", "e4")
	rightDrag(t, ctx, "d4", "d4", chromedp.ModifierShift)
	rightDrag(t, ctx, "g1", "f3", chromedp.ModifierAlt)
	if got := drawing(t, ctx); got != "Ge2e4 Bg1f3|red:d4" {
		t.Errorf("drawn %q, want Ge2e4 Bg1f3|red:d4", got)
	}
	if css := eval[string](t, ctx, `[...document.head.querySelectorAll('style')].map((s) => s.textContent).join('')`); !strings.Contains(css, `.cell[data-square="d4"]`) {
		t.Error("the marked square is not outlined in the cards")
	}
	q := linkEval[string](t, ctx, `location.search`)
	if !strings.Contains(q, "arrows=Ge2e4,Bg1f3") || !strings.Contains(q, "marks=Rd4") {
		t.Errorf("the link %q does not keep the drawing", q)
	}
	if hidden := eval[bool](t, ctx, `document.getElementById('clear-drawing').hidden`); hidden {
		t.Error("the Clear arrows button is hidden while there is a drawing")
	}
	screenshot(t, ctx, "page-drawing")
	// The same arrow again takes it away; the link follows.
	rightDrag(t, ctx, "g1", "f3", chromedp.ModifierAlt)
	if got := drawing(t, ctx); got != "Ge2e4|red:d4" {
		t.Errorf("after drawing g1f3 again: %q, want Ge2e4|red:d4", got)
	}
	// A reload keeps it.
	open(t, ctx, url+"/"+linkEval[string](t, ctx, `location.search`))
	if got := drawing(t, ctx); got != "Ge2e4|red:d4" {
		t.Errorf("after a reload: %q, want Ge2e4|red:d4", got)
	}
	// Keyboard: m on a focused square marks it green, x clears everything.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#board [data-square="a8"]`)), chromedp.KeyEvent("m")); err != nil {
		t.Fatal(err)
	}
	if got := drawing(t, ctx); got != "Ge2e4|green:a8 red:d4" {
		t.Errorf("after m on a8: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("x")); err != nil {
		t.Fatal(err)
	}
	if got := drawing(t, ctx); got != "|" {
		t.Errorf("after x: %q, want nothing", got)
	}
	// A drawing belongs to its position: typing another FEN clears it.
	rightDrag(t, ctx, "b1", "c3")
	typeFEN(t, ctx, kiwipeteFEN)
	if got := drawing(t, ctx); got != "|" {
		t.Errorf("after another position: %q, want nothing", got)
	}
	if q := linkEval[string](t, ctx, `location.search`); strings.Contains(q, "arrows=") {
		t.Errorf("the link %q keeps the old drawing", q)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestPageGameAnnotations steps through a game whose comments carry
// [%cal] and [%csl] commands: each move's arrows and marks show while it
// is on show, flipped boards included.
func TestPageGameAnnotations(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/")
	const game = `[Event "Annotated"]
[Result "*"]

1. e4 { The centre. [%cal Gg1f3,Rd7d5][%csl Yd5] } e5 2. Nf3 { [%csl Ge5] attacks e5 } *`
	eval[bool](t, ctx, "(document.getElementById('tab-game').click(), document.getElementById('pgn').value = "+jsString(game)+", document.querySelector('[data-action=\"pgn-load\"]').click(), true)")
	want := []string{"|", "Gg1f3 Rd7d5|yellow:d5", "|", "|green:e5"}
	for ply, w := range want {
		eval[bool](t, ctx, `(document.querySelector('#moves [data-ply="`+string(rune('0'+ply))+`"]').click(), true)`)
		if got := drawing(t, ctx); got != w {
			t.Errorf("ply %d shows %q, want %q", ply, got, w)
		}
	}
	eval[bool](t, ctx, `(document.querySelector('#moves [data-ply="1"]').click(), true)`)
	screenshot(t, ctx, "page-game-annotations")
	// Flipped, the arrow still runs from g1 to f3: its head is nearer f3's centre.
	eval[bool](t, ctx, `(document.getElementById('flip').click(), true)`)
	near := eval[bool](t, ctx, `(() => {
		const poly = document.querySelector('#board svg.arrows [data-arrow="Gg1f3"] polygon');
		const tip = poly.getBoundingClientRect(), f3 = document.querySelector('#board [data-square="f3"]').getBoundingClientRect();
		const cx = f3.left + f3.width / 2, cy = f3.top + f3.height / 2;
		return cx >= tip.left - 2 && cx <= tip.right + 2 && cy >= tip.top - 2 && cy <= tip.bottom + 2;
	})()`)
	if !near {
		t.Error("on the flipped board the arrow's head is not at f3")
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// jsString quotes s as a JavaScript string literal (JSON is one).
func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestMarkedLooksMarked: a marked square's bit cells wear the mark's own
// look, a corner of its colour, not a ring like the hover's (a yellow
// mark, Ye5, was an inset ring of #e08a00 beside the hover's #f59e0b
// outline); a square marked with the right button likewise; on the board
// a mark tints the square and the hover outlines it.
func TestMarkedLooksMarked(t *testing.T) {
	ctx, url := site(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url+"/?show=P,occupied&marks=Ye5")
	rightDrag(t, ctx, "d4", "d4", chromedp.ModifierShift) // a red mark, by hand
	xy := eval[[]float64](t, ctx, `(() => { const r = document.querySelector('#board [data-square="c3"]').getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1])); err != nil {
		t.Fatal(err) // the pointer on c3, unmarked: hovered
	}
	type look struct {
		Outline, Shadow, Image string // the ring (outline, box-shadow) and the tint
		Corner, CornerBG       string // ::before: its content and colour
	}
	looks := eval[map[string]look](t, ctx, `(() => {
		const o = {};
		for (const [k, sel] of Object.entries({cellE5: '#cards .cell[data-square="e5"]', cellD4: '#cards .cell[data-square="d4"]',
			cellC3: '#cards .cell[data-square="c3"]', sqE5: '#board [data-square="e5"]', sqC3: '#board [data-square="c3"]'})) {
			const e = document.querySelector(sel), s = getComputedStyle(e), b = getComputedStyle(e, '::before');
			o[k] = {Outline: s.outlineStyle === 'none' ? 'none' : s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor,
				Shadow: s.boxShadow, Image: s.backgroundImage, Corner: b.content, CornerBG: b.backgroundColor};
		}
		return o;
	})()`)
	hover := looks["cellC3"]
	if hover.Outline != "solid 3px rgb(245, 158, 11)" {
		t.Fatalf("the hovered cell c3 wears %+v, want the hover's outline", hover)
	}
	for _, c := range []struct{ key, colour string }{{"cellE5", "rgb(224, 138, 0)"}, {"cellD4", "rgb(192, 40, 31)"}} {
		m := looks[c.key]
		if m.Outline != "none" || m.Shadow != "none" {
			t.Errorf("marked %s wears a ring (outline %q, box-shadow %q), as the hover does", c.key, m.Outline, m.Shadow)
		}
		if m.Corner != `""` || m.CornerBG != c.colour {
			t.Errorf("marked %s: corner content %q in %q, want a corner in the mark's %s", c.key, m.Corner, m.CornerBG, c.colour)
		}
	}
	if hover.Corner != "none" && hover.Corner != "normal" {
		t.Errorf("the unmarked cell c3 has a corner: %q", hover.Corner)
	}
	if sq := looks["sqE5"]; sq.Outline != "none" || !strings.Contains(sq.Image, "gradient") {
		t.Errorf("the marked square e5 on the board: %+v, want a tint and no outline", sq)
	}
	if sq := looks["sqC3"]; sq.Outline != hover.Outline {
		t.Errorf("the hovered square c3 on the board: %+v, want the hover's outline", sq)
	}
	screenshot(t, ctx, "marked-and-hovered")
}
