//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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

// hugeValue is a JavaScript expression: 20 MB of text.
const hugeValue = `'x'.repeat(20 << 20)`

// pasteHidden is setInput for a huge text: the field is hidden while it
// holds the text (display: none), so the browser does not lay out or
// shape 20 MB of text (minutes of CPU in Chromium, none of it the page's
// code), and emptied and shown again by the returned function, once what
// the page did with the text has been read. The page's handler reads the
// field's value as it does when the field is shown.
func pasteHidden(t *testing.T, ctx context.Context, id, text string) (ms float64, restore func()) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(document.getElementById(%q).style.display = 'none', true)`, id))
	ms = setInput(t, ctx, id, text)
	return ms, func() {
		eval[bool](t, ctx, fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.value = ''; el.style.display = ''; return true; })()`, id))
	}
}

// TestPageInputLimits pastes into the page's own fields (FEN, expression,
// PGN) an input at its limit, one just over it and 20 MB (megabytes into a
// hidden field: pasteHidden): inputs at the
// limit are read, the others refused with a message naming the limit,
// the last good board stays, the link stays small, and a valid input
// works afterwards.
func TestPageInputLimits(t *testing.T) {
	ctx, url := site(t) // a 20 MB value in a text field takes seconds to lay out
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/")
	typeFEN(t, ctx, kiwipeteFEN)
	good := pieces(t, ctx)

	// The FEN field: core.MaxFENLength, 256 bytes.
	atLimit := kiwipeteFEN + strings.Repeat(" ", 256-len(kiwipeteFEN)) // trailing spaces are trimmed
	for _, tt := range []struct {
		name, text string
		refused    bool
	}{
		{"at the limit", fmt.Sprintf("%q", atLimit), false},
		{"one byte over", fmt.Sprintf("%q", atLimit+" "), true},
		{"20 MB", hugeValue, true},
	} {
		ms, restore := setInput(t, ctx, "fen", tt.text), func() {}
		if tt.text == hugeValue {
			ms, restore = pasteHidden(t, ctx, "fen", tt.text)
		}
		status := eval[string](t, ctx, `document.getElementById('fen-status').textContent`)
		t.Logf("FEN %s: handled in %.1f ms: %.80q", tt.name, ms, status)
		if got := strings.Contains(status, "longer than 256 bytes"); got != tt.refused {
			t.Errorf("FEN %s: refused %v, want %v (status %q)", tt.name, got, tt.refused, status)
		}
		if after := pieces(t, ctx); fmt.Sprint(after) != fmt.Sprint(good) {
			t.Errorf("FEN %s: the board changed: %v", tt.name, after)
		}
		if n := linkEval[int](t, ctx, `location.search.length`); n > 2000 {
			t.Errorf("FEN %s: the link grew to %d characters", tt.name, n)
		}
		restore()
	}

	// The expression: expr.MaxLength, 1,000 bytes.
	exprAt := "occupied" + strings.Repeat(" ", 1000-len("occupied"))
	for _, tt := range []struct {
		name, text string
		refused    bool
	}{
		{"at the limit", fmt.Sprintf("%q", exprAt), false},
		{"one byte over", fmt.Sprintf("%q", exprAt+" "), true},
		{"20 MB", hugeValue, true},
	} {
		ms, restore := setInput(t, ctx, "expr", tt.text), func() {}
		if tt.text == hugeValue {
			ms, restore = pasteHidden(t, ctx, "expr", tt.text)
		}
		status := eval[string](t, ctx, `document.getElementById('expr-status').textContent`)
		cards := eval[int](t, ctx, `document.querySelectorAll('#expr-result [data-bit]').length`)
		t.Logf("expression %s: handled in %.1f ms: %.80q", tt.name, ms, status)
		if got := strings.Contains(status, "longer than 1000 bytes"); got != tt.refused {
			t.Errorf("expression %s: refused %v, want %v (status %q)", tt.name, got, tt.refused, status)
		}
		if !tt.refused && cards == 0 {
			t.Errorf("expression %s: no result grid", tt.name)
		}
		if n := linkEval[int](t, ctx, `location.search.length`); n > 4000 {
			t.Errorf("expression %s: the link grew to %d characters", tt.name, n)
		}
		restore()
	}

	// The PGN field: pgn.MaxBytes, 4 MiB, checked on the field's length
	// before the text is copied into Go. The field is hidden while it holds
	// megabytes (see pasteHidden), and emptied after.
	eval[bool](t, ctx, `(document.getElementById('tab-game').click(), document.getElementById('pgn').style.display = 'none', true)`)
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
	eval[bool](t, ctx, `(() => { const el = document.getElementById('pgn'); el.value = ''; el.style.display = ''; return true; })()`)

	// And a valid FEN still works.
	typeFEN(t, ctx, "8/8/8/8/8/8/8/K6k w - - 0 1")
	if got := pieces(t, ctx); len(got) != 2 || got["a1"] != "K" {
		t.Errorf("a valid FEN after the limits shows %v", got)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestPageLongGame loads a 10,000-ply game (the knights shuffle out and
// back) and steps through it with the forward button: each step must show
// the right board, and the time a step takes must not grow with the ply
// (logged as medians at the start and at the end; pgn keeps a position
// every 16 plies, so a step plays at most 15 moves). make test steps the
// first and last 100 plies; TestMeasureLongGame steps all 10,000.
func TestPageLongGame(t *testing.T) { longGame(t, false) }

// TestMeasureLongGame (make measure) steps all 10,000 plies of the game
// of TestPageLongGame and prints the step medians at both ends.
func TestMeasureLongGame(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("set BITVIEW_MEASURE=1 (make measure)")
	}
	longGame(t, true)
}

// linkBytesPerSecond is the page's pace of long link writes (the
// constant of the same name in wasm/link.go).
const linkBytesPerSecond = 256 << 10

// longGame loads the 10,000-ply game and steps the first and last 100
// plies, or with measure every ply.
func longGame(t *testing.T, measure bool) {
	ctx, url := site(t)
	if measure { // 10,000 steps take longer than site's tabTimeout
		ctx = newTab(t, 15*time.Minute)
	}
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/")
	const plies = 10_000
	var b strings.Builder
	b.WriteString("[Event \"Shuffle\"]\n[Result \"*\"]\n\n")
	for i := range plies / 4 {
		fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 Ng8 ", 2*i+1, 2*i+2)
	}
	b.WriteString("*\n")
	load := eval[float64](t, ctx, fmt.Sprintf(`(() => {
		document.getElementById('tab-game').click();
		document.getElementById('pgn').value = %q;
		const t0 = performance.now();
		document.querySelector('[data-action="pgn-load"]').click();
		return performance.now() - t0;
	})()`, b.String()))
	t.Logf("a %d-ply game loads in %.0f ms", plies, load)
	// Count the page's link writes (passed on to the browser unchanged).
	eval[bool](t, ctx, `(() => {
		const replace = history.replaceState, w = globalThis.linkWrites = {n: 0, chars: 0, longest: 0};
		history.replaceState = function (...args) {
			const n = String(args[2]).length;
			w.n++, w.chars += n, w.longest = Math.max(w.longest, n);
			return replace.apply(this, args);
		};
		return true;
	})()`)
	// paced checks that stepping wrote the link at most at the page's pace
	// (wasm/link.go): each write of the game's link costs the browser
	// work in proportion to its length, and writing it every step grew
	// Chromium's History database by 200 KB a step and each step's time
	// with the number of steps taken. The bound counts characters against
	// the time the steps took, so a slow machine only widens it.
	paced := func(what string, steps func()) {
		t.Helper()
		before := eval[[]float64](t, ctx, `[linkWrites.n, linkWrites.chars, performance.now()]`)
		steps()
		after := eval[[]float64](t, ctx, `[linkWrites.n, linkWrites.chars, performance.now(), linkWrites.longest]`)
		writes, chars, ms := after[0]-before[0], after[1]-before[1], after[2]-before[2]
		allowed := linkBytesPerSecond*ms/1000 + 2*after[3]
		t.Logf("%s: %.0f link writes, %.0f characters in %.0f ms (at most %.0f)", what, writes, chars, ms, allowed)
		if chars > allowed {
			t.Errorf("%s: the link was written %.0f times, %.0f characters in %.0f ms: more than %d a second", what, writes, chars, ms, linkBytesPerSecond)
		}
	}

	// step clicks forward n times from ply `from` and returns each step's
	// time; after each step the knights must stand where the ply puts them
	// and the move list must mark that ply.
	step := func(from, n int) []float64 {
		t.Helper()
		got := eval[[]any](t, ctx, fmt.Sprintf(`(() => {
			const fwd = document.querySelector('[data-action="forward"]');
			const at = (sq) => document.querySelector('#board [data-square="' + sq + '"]').dataset.piece || '';
			const times = [], wrong = [];
			for (let ply = %d + 1; ply <= %d; ply++) {
				const t0 = performance.now();
				fwd.click();
				times.push(performance.now() - t0);
				const k = ply %% 4; // 1: Nf3 played, 2: …Nf6, 3: Ng1, 0: …Ng8
				const want = [k === 1 || k === 2 ? 'N' : '', k === 2 || k === 3 ? 'n' : ''];
				const cur = document.querySelectorAll('#moves [aria-current="step"]'); // the move list marks this ply, and only it
				if (at('f3') !== want[0] || at('f6') !== want[1] || cur.length !== 1 || cur[0].dataset.ply !== String(ply)) wrong.push(ply);
			}
			return [times, wrong.slice(0, 5)];
		})()`, from, from+n))
		if w := got[1].([]any); len(w) > 0 {
			t.Errorf("wrong board after plies %v", w)
		}
		var ms []float64
		for _, v := range got[0].([]any) {
			ms = append(ms, v.(float64))
		}
		return ms
	}
	if measure {
		var all []float64
		paced("stepping 10,000 plies", func() {
			for from := 0; from < plies; from += 500 { // 500 a call: each call stays well inside the tab's timeout
				all = append(all, step(from, 500)...)
			}
		})
		t.Logf("long game: every step of %d: median %.2f ms; plies 1–500 median %.2f ms, plies 9,501–10,000 median %.2f ms",
			len(all), pct(all, 50), pct(all[:500], 50), pct(all[plies-500:], 50))
	} else {
		var first, last []float64
		paced("stepping plies 1–100", func() { first = step(0, 100) })
		eval[bool](t, ctx, `(document.querySelector('[data-action="last"]').click(), true)`)
		eval[bool](t, ctx, `(() => { for (let i = 0; i < 100; i++) document.querySelector('[data-action="back"]').click(); return true; })()`)
		paced("stepping plies 9,901–10,000", func() { last = step(plies-100, 100) })
		t.Logf("step median: plies 1–100 %.2f ms, plies 9,901–10,000 %.2f ms", pct(first, 50), pct(last, 50))
	}
	// The last step's link is written when the pace allows: within a
	// second for this one.
	ply, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`new Promise((done) => {
		const t0 = performance.now(), ply = () => new URLSearchParams(location.search).get('ply');
		const poll = () => ply() === '%d' || performance.now() - t0 > 5000 ? done(ply()) : setTimeout(poll, 20);
		poll();
	})`, plies), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if ply != fmt.Sprint(plies) {
		t.Errorf("the link's ply is %s, want %d", ply, plies)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}
