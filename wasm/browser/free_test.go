//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// key presses one key (a kb constant or a character) on the focused element.
func key(t *testing.T, ctx context.Context, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatalf("key %q: %v", k, err)
		}
	}
}

// focused describes the focused element inside the page (through a
// shadow root when host is not ""): its data-square, or its data-fill, or
// its tag.
func focused(t *testing.T, ctx context.Context, host string) string {
	t.Helper()
	root := `document`
	if host != "" {
		root = `document.querySelector('` + host + `').shadowRoot`
	}
	return eval[string](t, ctx, `(() => { const a = `+root+`.activeElement; return a ? (a.dataset.square ?? a.dataset.fill ?? a.dataset.index ?? a.tagName) : ''; })()`)
}

// TestPageFreeBitboard toggles the free card's bits by click and by key,
// fills a rank from its label, types its value in hex (with an error on
// the way), signed decimal and binary, and sends it to the expression; the
// link keeps it in the layout on show.
func TestPageFreeBitboard(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/?show=free&layout=berf")
	card := `#cards .card.free`
	bit := func(sq string) string {
		return eval[string](t, ctx, `document.querySelector('`+card+` [data-square="`+sq+`"]').dataset.bit`)
	}
	field := func(f string) string {
		return eval[string](t, ctx, `document.querySelector('`+card+` [data-free-field="`+f+`"]').value`)
	}
	query := func() string { return linkEval[string](t, ctx, `location.search`) }
	if !strings.Contains(eval[string](t, ctx, `document.querySelector('`+card+` .free-about').textContent`), "Numbers are in BERF (a8 = 0)") {
		t.Errorf("the card does not say its numbering")
	}

	// A click sets e4, bit 36 in BERF.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(card+` [data-square="e4"]`))); err != nil {
		t.Fatal(err)
	}
	if bit("e4") != "1" || field("hex") != "0x0000001000000000" || !strings.Contains(query(), "free=0x0000001000000000") {
		t.Errorf("after a click on e4: bit %s, hex %s, link %s", bit("e4"), field("hex"), query())
	}
	// The keyboard: arrows move, Space and Enter toggle.
	if got := focused(t, ctx, ""); got != "e4" {
		t.Errorf("focus after the click on %q, want e4", got)
	}
	key(t, ctx, kb.ArrowRight, " ")
	if got := focused(t, ctx, ""); got != "f4" || bit("f4") != "1" {
		t.Errorf("ArrowRight, Space: focus %q, f4 bit %s; want f4 set", got, bit("f4"))
	}
	key(t, ctx, kb.Enter, kb.ArrowUp, kb.Home)
	if got := focused(t, ctx, ""); got != "rank:5" || bit("f4") != "0" {
		t.Errorf("Enter, ArrowUp, Home: focus %q, f4 bit %s; want the label of rank 5, f4 clear", got, bit("f4"))
	}
	// The label fills its rank (Enter on the focused button), then clears it.
	key(t, ctx, kb.Enter)
	if field("hex") != "0x00000010ff000000" {
		t.Errorf("after filling rank 5 (BERF bits 24-31) hex = %s", field("hex"))
	}
	// The pointer first rests on the label, as a person's does: passing over
	// the grid fills the square panel, which may move the page under a
	// click made in the same instant.
	x, y := center(t, ctx, card+` [data-fill="rank:5"]`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y), chromedp.Sleep(100*time.Millisecond),
		chromedp.Click(chromedp.CSS(card+` [data-fill="rank:5"]`))); err != nil {
		t.Fatal(err)
	}
	if field("hex") != "0x0000001000000000" {
		t.Errorf("after clearing rank 5 hex = %s", field("hex"))
	}
	// Typing hex: each keystroke that parses sets the grid; an error keeps
	// the last valid value and says where.
	typeInto := func(f, text string) {
		t.Helper()
		eval[bool](t, ctx, `(() => { const e = document.querySelector('`+card+` [data-free-field="`+f+`"]'); e.focus(); e.select(); return true; })()`)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(text)); err != nil {
			t.Fatal(err)
		}
	}
	typeInto("hex", "0xff")
	if field("hex") != "0xff" || bit("a8") != "1" || bit("h8") != "1" || bit("e4") != "0" || field("decimal") != "255" {
		t.Errorf("typed 0xff: hex %q decimal %q a8 %s h8 %s e4 %s; want rank 8 (the caret kept its place)", field("hex"), field("decimal"), bit("a8"), bit("h8"), bit("e4"))
	}
	key(t, ctx, "g")
	msg := eval[string](t, ctx, `document.querySelector('`+card+` #free-error')?.textContent ?? ''`)
	if !strings.Contains(msg, "hex, character 5: 'g' is not a hexadecimal digit") || field("hex") != "0xffg" || bit("a8") != "1" {
		t.Errorf("typed 0xffg: error %q, field %q, a8 %s; want the error and the last value kept", msg, field("hex"), bit("a8"))
	}
	if inv := eval[string](t, ctx, `document.querySelector('`+card+` [data-free-field="hex"]').getAttribute('aria-invalid') ?? ''`); inv != "true" {
		t.Errorf("hex field aria-invalid %q", inv)
	}
	screenshot(t, ctx, "free-error")
	key(t, ctx, kb.Backspace)
	if eval[int](t, ctx, `document.querySelectorAll('`+card+` #free-error').length`) != 0 {
		t.Errorf("the error stayed after the fix")
	}
	typeInto("signed", "-1")
	if field("hex") != "0xffffffffffffffff" || field("decimal") != "18446744073709551615" {
		t.Errorf("signed -1: hex %s decimal %s", field("hex"), field("decimal"))
	}
	typeInto("binary", "1 0")
	if field("hex") != "0x0000000000000002" || bit("b8") != "1" {
		t.Errorf("binary 10: hex %s, b8 %s", field("hex"), bit("b8"))
	}
	// Into the expression, as a LERF number: b8 is LERF 57.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(card+` [data-free-action="expr"]`))); err != nil {
		t.Fatal(err)
	}
	if v := eval[string](t, ctx, `document.getElementById('expr').value`); v != "0x0200000000000000" {
		t.Errorf("expression %q, want b8 as a LERF number", v)
	}
	if sq := eval[string](t, ctx, `[...document.querySelectorAll('#expr-result .cell[data-bit="1"]')].map(c => c.dataset.square).join()`); sq != "b8" {
		t.Errorf("the expression's card shows %q, want b8", sq)
	}
	// The link brings it back; another layout keeps the squares.
	open(t, ctx, url+"/"+query())
	if bit("b8") != "1" || field("hex") != "0x0000000000000002" {
		t.Errorf("reloaded: b8 %s hex %s", bit("b8"), field("hex"))
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name=layout][value="0x88"]`))); err != nil {
		t.Fatal(err)
	}
	if bit("b8") != "1" || field("hex") != "0x00020000000000000000000000000000" || !strings.Contains(query(), "free=0x00020000000000000000000000000000") {
		t.Errorf("in 0x88: b8 %s hex %s link %s", bit("b8"), field("hex"), query())
	}
	if dis := eval[bool](t, ctx, `document.querySelector('`+card+` [data-free-field="decimal"]').disabled`); !dis {
		t.Errorf("the decimal field is on in 0x88")
	}
	typeInto("hex", "0x100")
	if msg := eval[string](t, ctx, `document.querySelector('`+card+` #free-error')?.textContent ?? ''`); !strings.Contains(msg, "bit 8 is an off-board slot of 0x88") {
		t.Errorf("0x100 in 0x88: %q", msg)
	}
	screenshot(t, ctx, "free-0x88")
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestGridKeyboard checks that each grid of a <bitboard-view> is one stop
// in the tab order, that the arrow keys move inside it, and that the
// focused cell fires bitview-square with its index.
func TestGridKeyboard(t *testing.T) {
	ctx, url := site(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/examples/plain.html")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	if n := eval[int](t, ctx, `[...document.querySelectorAll('bitboard-view')].flatMap(v => [...v.shadowRoot.querySelectorAll('.bits')].map(g => g.querySelectorAll('[tabindex="0"]').length)).filter(n => n !== 1).length`); n != 0 {
		t.Errorf("%d element grids without exactly one tab stop", n)
	}
	// Tab from the top of the page reaches the 0x88 grid.
	eval[bool](t, ctx, `(() => { document.activeElement?.blur(); return true; })()`)
	reached := false
	for range 30 {
		key(t, ctx, kb.Tab)
		if eval[string](t, ctx, `document.activeElement?.id ?? ''`) == "x88" {
			reached = true
			break
		}
	}
	if !reached {
		t.Fatal("Tab did not reach the 0x88 element's grid in 30 presses")
	}
	if got := focused(t, ctx, "#x88"); got != "a8" {
		t.Errorf("first stop in the 0x88 grid %q, want a8", got)
	}
	key(t, ctx, kb.ArrowRight, kb.ArrowDown)
	if got := focused(t, ctx, "#x88"); got != "b7" {
		t.Errorf("ArrowRight, ArrowDown: focus on %q, want b7", got)
	}
	if got := eval[string](t, ctx, `document.getElementById('index').textContent`); got != "b7 = 97" {
		t.Errorf("bitview-square after the keys: %q, want b7 = 97", got)
	}
	if hl := eval[string](t, ctx, `[...document.getElementById('x88').shadowRoot.querySelectorAll('style')].map(s => s.textContent).join()`); !strings.Contains(hl, `[data-square="b7"]{outline`) {
		t.Errorf("the focused square is not highlighted like a pointed one: %q", hl)
	}
	key(t, ctx, kb.End)
	if got := focused(t, ctx, "#x88"); got != "111" {
		t.Errorf("End: focus on %q, want the last (off-board) slot of the row, 111", got)
	}
}

// TestPageSwitchesOnScreen checks that the bitboard switches and the
// numbering radios are on screen on load at 1280×800 (no scrolling to
// reach them), and takes the page at 1280×800, a 360 px phone and
// 1920×1080 (viewport screenshots, as a user sees it on load).
func TestPageSwitchesOnScreen(t *testing.T) {
	ctx, url := site(t)
	defer chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000))
	for _, vp := range []struct {
		w, h   int
		onLoad bool // the switches must be on screen on load
	}{{1280, 800, true}, {1920, 1080, true}, {360, 740, false}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, url+"/?show=P,occupied")
		r := eval[map[string]any](t, ctx, `(() => {
			const out = [];
			const sw = document.documentElement.scrollWidth > innerWidth + 1;
			for (const e of [document.querySelector('#toggles .toggle'), ...document.querySelectorAll('#layout-switch label')]) {
				const b = e.getBoundingClientRect();
				if (b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth) out.push((e.textContent.trim() || e.tagName) + ' ' + [b.left, b.top, b.right, b.bottom].map(Math.round).join(','));
			}
			return { out: out.join('; '), sideways: sw, scrollY: scrollY };
		})()`)
		if r["sideways"].(bool) {
			t.Errorf("%dx%d: the page scrolls sideways", vp.w, vp.h)
		}
		if vp.onLoad && (r["out"].(string) != "" || r["scrollY"].(float64) != 0) {
			t.Errorf("%dx%d: switches off screen on load: %s", vp.w, vp.h, r["out"])
		}
		viewportShot(t, ctx, fmt.Sprintf("switches-%dx%d", vp.w, vp.h))
	}
}
