//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// setInput puts text (a JavaScript expression) into the field with the
// given id as a paste does and fires its input event. It returns how long
// the page's handler took, in ms (logged, never asserted: the test's
// bound is the tab's timeout).
func setInput(t *testing.T, ctx context.Context, id, text string) float64 {
	t.Helper()
	return eval[float64](t, ctx, fmt.Sprintf(`(() => {
		const el = document.getElementById(%q);
		el.value = %s;
		const t0 = performance.now();
		el.dispatchEvent(new Event('input', {bubbles: true}));
		return performance.now() - t0;
	})()`, id, text))
}

// TestPageInputLimits pastes into the page's own fields (FEN, expression,
// PGN) an input at its limit, one just over it and 20 MB: inputs at the
// limit are read, the others refused with a message naming the limit,
// the last good board stays, the link stays small, and a valid input
// works afterwards.
func TestPageInputLimits(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/")
	typeFEN(t, ctx, kiwipeteFEN)
	good := pieces(t, ctx)
	const mb20 = `'x'.repeat(20 << 20)`

	// The FEN field: core.MaxFENLength, 256 bytes.
	atLimit := kiwipeteFEN + strings.Repeat(" ", 256-len(kiwipeteFEN)) // trailing spaces are trimmed
	for _, tt := range []struct {
		name, text string
		refused    bool
	}{
		{"at the limit", fmt.Sprintf("%q", atLimit), false},
		{"one byte over", fmt.Sprintf("%q", atLimit+" "), true},
		{"20 MB", mb20, true},
	} {
		ms := setInput(t, ctx, "fen", tt.text)
		status := eval[string](t, ctx, `document.getElementById('fen-status').textContent`)
		t.Logf("FEN %s: handled in %.1f ms: %.80q", tt.name, ms, status)
		if got := strings.Contains(status, "longer than 256 bytes"); got != tt.refused {
			t.Errorf("FEN %s: refused %v, want %v (status %q)", tt.name, got, tt.refused, status)
		}
		if after := pieces(t, ctx); fmt.Sprint(after) != fmt.Sprint(good) {
			t.Errorf("FEN %s: the board changed: %v", tt.name, after)
		}
		if n := eval[int](t, ctx, `location.search.length`); n > 2000 {
			t.Errorf("FEN %s: the link grew to %d characters", tt.name, n)
		}
	}

	// The expression: expr.MaxLength, 1,000 bytes.
	exprAt := "occupied" + strings.Repeat(" ", 1000-len("occupied"))
	for _, tt := range []struct {
		name, text string
		refused    bool
	}{
		{"at the limit", fmt.Sprintf("%q", exprAt), false},
		{"one byte over", fmt.Sprintf("%q", exprAt+" "), true},
		{"20 MB", mb20, true},
	} {
		ms := setInput(t, ctx, "expr", tt.text)
		status := eval[string](t, ctx, `document.getElementById('expr-status').textContent`)
		cards := eval[int](t, ctx, `document.querySelectorAll('#expr-result [data-bit]').length`)
		t.Logf("expression %s: handled in %.1f ms: %.80q", tt.name, ms, status)
		if got := strings.Contains(status, "longer than 1000 bytes"); got != tt.refused {
			t.Errorf("expression %s: refused %v, want %v (status %q)", tt.name, got, tt.refused, status)
		}
		if !tt.refused && cards == 0 {
			t.Errorf("expression %s: no result grid", tt.name)
		}
		if n := eval[int](t, ctx, `location.search.length`); n > 4000 {
			t.Errorf("expression %s: the link grew to %d characters", tt.name, n)
		}
	}

	// The PGN field: pgn.MaxBytes, 4 MiB, checked on the field's length
	// before the text is copied into Go.
	eval[bool](t, ctx, `(document.getElementById('game').open = true, true)`)
	for _, tt := range []struct {
		name, text, want string
	}{
		{"one byte over", `'*'.repeat((4 << 20) + 1)`, "the limit is 4,194,304"},
		{"20 MB", `'* '.repeat(10 << 20)`, "the limit is 4,194,304"},
	} {
		ms := eval[float64](t, ctx, fmt.Sprintf(`(() => {
			document.getElementById('pgn').value = %s;
			const t0 = performance.now();
			document.querySelector('[data-action="pgn-load"]').click();
			return performance.now() - t0;
		})()`, tt.text))
		status := eval[string](t, ctx, `document.getElementById('pgn-status').textContent`)
		t.Logf("PGN %s: handled in %.1f ms: %q", tt.name, ms, status)
		if !strings.Contains(status, tt.want) {
			t.Errorf("PGN %s: status %q, want it to name the limit (%q)", tt.name, status, tt.want)
		}
		if after := pieces(t, ctx); fmt.Sprint(after) != fmt.Sprint(good) {
			t.Errorf("PGN %s: the board changed: %v", tt.name, after)
		}
	}
	// Under the limit, a file of many games: the first is loaded.
	ms := eval[float64](t, ctx, `(() => {
		const sample = document.querySelector('[data-action="pgn-sample"]');
		sample.click();
		const one = document.getElementById('pgn').value + '\n\n';
		document.getElementById('pgn').value = one.repeat(Math.floor((4 << 20) / one.length));
		const t0 = performance.now();
		document.querySelector('[data-action="pgn-load"]').click();
		return performance.now() - t0;
	})()`)
	status := eval[string](t, ctx, `document.getElementById('pgn-status').textContent`)
	moves := eval[int](t, ctx, `document.querySelectorAll('#moves [data-ply]').length`)
	t.Logf("PGN just under 4 MiB: loaded in %.0f ms: %q, %d moves listed", ms, status, moves)
	if !strings.Contains(status, "The first of") || moves == 0 {
		t.Errorf("a PGN under the limit was not loaded: %q, %d moves", status, moves)
	}

	// And a valid FEN still works.
	typeFEN(t, ctx, "8/8/8/8/8/8/8/K6k w - - 0 1")
	if got := pieces(t, ctx); len(got) != 2 || got["a1"] != "K" {
		t.Errorf("a valid FEN after the limits shows %v", got)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}
