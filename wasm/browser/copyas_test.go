//go:build !(js && wasm)

package browser

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPageCopyAs clicks a card's "Copy as" buttons in Chromium: each
// copies the value the card shows as a C, Rust or Go literal, in the
// layout on show, and after a new position (the card patched in place)
// the new value. The clipboard is the page's own navigator.clipboard,
// replaced by one that keeps what it is given (a headless tab has no
// clipboard to read back).
func TestPageCopyAs(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/?layout=0x88&show=P")
	eval[bool](t, ctx, `(() => { Object.defineProperty(navigator, 'clipboard', { configurable: true,
		value: { writeText: async (text) => { window.__copied = text; } } }); return true; })()`)
	click := func(lang string) string {
		t.Helper()
		eval[bool](t, ctx, `(() => { window.__copied = undefined; return true; })()`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-bitboard="P"] [data-copy-as="`+lang+`"]`))); err != nil {
			t.Fatal(err)
		}
		return awaitJS[string](t, ctx, `new Promise((ok) => { const wait = () => window.__copied !== undefined ? ok(window.__copied) : setTimeout(wait, 20); wait(); })`)
	}
	for lang, want := range map[string]string{
		"c":    "((unsigned __int128)0x0000000000000000ULL << 64 | 0x0000000000ff0000ULL)",
		"rust": "0x0000_0000_0000_0000_0000_0000_00ff_0000_u128",
		"go":   "[2]uint64{0x0000_0000_00ff_0000, 0x0000_0000_0000_0000}",
	} {
		if got := click(lang); got != want {
			t.Errorf("Copy as %s copied %q, want %q", lang, got, want)
		}
	}
	// A new position patches the card; the button copies what it shows.
	typeFEN(t, ctx, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1")
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(`[data-bitboard="P"] code[data-format="hex"]`))); err != nil {
		t.Fatal(err)
	}
	awaitJS[bool](t, ctx, `new Promise((ok) => { const wait = () => document.querySelector('[data-bitboard="P"] code[data-format="hex"]').textContent === '0x00000000000000000000000000010000' ? ok(true) : setTimeout(wait, 20); wait(); })`)
	if got, want := click("rust"), "0x0000_0000_0000_0000_0000_0000_0001_0000_u128"; got != want {
		t.Errorf("after a new position, Copy as Rust copied %q, want %q", got, want)
	}
	if label := eval[string](t, ctx, `document.querySelector('[data-bitboard="P"] [data-copy-as="go"]').getAttribute('aria-label')`); label != "Copy the value as a Go literal" {
		t.Errorf("the Go button's name is %q", label)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// awaitJS evaluates a JavaScript expression whose value is a promise, and
// returns what it resolves to.
func awaitJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("eval %s: %v", js, err)
	}
	return v
}
