//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Accessibility in real Chromium: axe-core finds no serious or critical
// violation on the main page (as it opens; with every switch on and every
// panel open; in the dark theme), in presentation mode, on tutorial.html
// and on embed.html (see axe_test.go).

// everyKey is every bitboard switch of the page: the pieces and sets, the
// attack maps and the free bitboard.
func everyKey() []string {
	var keys []string
	for _, n := range core.BitboardNames {
		keys = append(keys, n.Name)
	}
	for _, m := range model.AttackMaps {
		keys = append(keys, m.Key)
	}
	return append(keys, model.FreeKey)
}

// openEverything opens the main page at Kiwipete in the given layout
// with every switch on (every bitboard, the attack maps, the free card
// holding bits, Flip, Square indices) and an expression in the
// playground.
func openEverything(t *testing.T, ctx context.Context, site, layout string) {
	t.Helper()
	q := url.Values{}
	q.Set("fen", kiwipeteFEN)
	q.Set("layout", layout)
	q.Set("show", strings.Join(everyKey(), ","))
	q.Set("free", "0x00000010000000ff")
	q.Set("expr", "(whitePawns << 8) & ~allOccupied")
	q.Set("flip", "1")
	q.Set("labels", "1")
	open(t, ctx, site+"/?"+q.Encode())
	if n := eval[int](t, ctx, `document.querySelectorAll('#cards .card').length`); n < len(everyKey()) {
		t.Errorf("%d cards on show, want every switch's (%d)", n, len(everyKey()))
	}
}

// openTool shows the tool of the tab id (one of model.Tabs) and puts it to
// work: a step of the expression selected, a square selected for its
// attacks, the sample game loaded and stepped, the shift demo three steps
// in, a perft divide run at depth 2 with an engine's divide pasted to
// compare, the dump checker fed two numbers.
func openTool(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const tab = document.getElementById('tab-`+id+`');
		if (tab.getAttribute('aria-selected') !== 'true') tab.click(); return true; })()`)
	if eval[bool](t, ctx, `document.getElementById('`+id+`').hidden`) {
		t.Fatalf("the %s tab does not show its tool", id)
	}
	click := func(sel string) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Fatalf("%s: click %s: %v", id, sel, err)
		}
	}
	switch id {
	case "playground":
		eval[bool](t, ctx, `(() => { document.querySelector('#expr-status [data-step]')?.click(); return true; })()`)
	case "attacks":
		click(`#board [data-square="e2"]`)
	case "game":
		click(`[data-action="pgn-sample"]`)
		click(`[data-action="forward"]`)
		click(`[data-action="forward"]`)
	case "shiftdemo":
		for range 3 {
			click(`[data-action="shift-step"]`)
		}
	case "perft":
		runPerft(t, ctx, 2)
		setInput(t, ctx, "perft-paste", `"a2a3: 1\nb2b3: 20\nzz: 3\nNodes searched: 400"`)
	case "engine":
		setInput(t, ctx, "dump-text", `"0x000000000000FF00, 0x0000000000000042"`)
	}
}

// checkTools opens each tool of the tool area in turn and puts it to work
// (openTool), then shows every tool's panel at once and checks the whole
// page with them in one axe run, where a run per tool cost 8–35 s each of
// setting up the whole page's tree; the panels are then as the tabs say
// again.
func checkTools(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, id := range model.Tabs {
		openTool(t, ctx, id)
	}
	shown := eval[int](t, ctx, `(() => { const ps = [...document.querySelectorAll('.tools [role="tabpanel"]')];
		for (const p of ps) { p.dataset.wasHidden = p.hidden ? '1' : ''; p.hidden = false; }
		return ps.filter((p) => p.getClientRects().length > 0).length; })()`)
	if shown != len(model.Tabs) {
		t.Fatalf("%s: %d of %d tool panels shown at once", name, shown, len(model.Tabs))
	}
	checkAxe(t, ctx, name+", every tool")
	eval[bool](t, ctx, `(() => { for (const p of document.querySelectorAll('.tools [role="tabpanel"]')) { p.hidden = p.dataset.wasHidden === '1'; delete p.dataset.wasHidden; } return true; })()`)
}

// TestA11yMainPage: the main page as it opens; with every switch on and
// each tool put to work, every tool's panel shown at once, in the light
// theme (LERF); the dark one is
// TestA11yMainPageDark's, in a tab of its own beside it (two dozen axe
// runs in one tab took more than its ten minutes on two shared cores).
func TestA11yMainPage(t *testing.T) {
	ctx, site := site(t)
	open(t, ctx, site+"/")
	checkAxe(t, ctx, "main page")
	openEverything(t, ctx, site, "lerf")
	openTool(t, ctx, "perft")
	screenshot(t, ctx, "a11y-everything")
	checkTools(t, ctx, "main page, every switch on")
}

// TestA11yMainPageDark: the main page in the dark theme, with the
// shortcuts dialog open, then with every switch on in 0x88 (whose grids
// have off-board slots; embed.html's 0x88 view has them in the light
// theme) and each tool open in turn.
func TestA11yMainPageDark(t *testing.T) {
	ctx, site := site(t)
	dark := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, dark); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, site+"/")
	checkAxe(t, ctx, "main page, dark")
	eval[bool](t, ctx, `(() => { document.querySelector('[data-action="help"]').click(); return true; })()`)
	if !eval[bool](t, ctx, `!document.getElementById('shortcuts').hidden`) {
		t.Error("the shortcuts dialog did not open")
	}
	checkAxe(t, ctx, "main page, dark, the shortcuts dialog")
	openEverything(t, ctx, site, "0x88")
	openTool(t, ctx, "engine")
	screenshot(t, ctx, "a11y-everything-dark-0x88")
	checkTools(t, ctx, "main page, dark, every switch on, 0x88")
}

// TestA11yPresentation: presentation mode with one and four cards, and
// with a tool and a notice, in both themes, at a projector's 1920×1080;
// and an invalid FEN's error. Two loads: the rest changes in place.
func TestA11yPresentation(t *testing.T) {
	ctx, site := site(t)
	viewport(t, ctx, 1920, 1080)
	theme := func(name string) {
		media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: name}}}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, media); err != nil {
			t.Fatal(err)
		}
	}
	// One presentation, changed in place as a presenter does: its cards
	// with their switches, a position pasted, a tool's tab, the theme.
	open(t, ctx, site+"/?present=1&fen="+strings.ReplaceAll(kiwipeteFEN, " ", "+")+"&show="+presentShows[0])
	for _, th := range []string{"light", "dark"} {
		theme(th)
		for _, show := range []string{presentShows[0], presentShows[3]} {
			showCards(t, ctx, strings.Split(show, ","))
			checkAxe(t, ctx, fmt.Sprintf("presentation, %s, %d cards", th, strings.Count(show, ",")+1))
		}
		// A tool beside the cards, and a notice (a piece placement alone,
		// read with assumptions) on its own line.
		showCards(t, ctx, []string{"P", "occupied"})
		pasteFEN(t, ctx, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R")
		setTool(t, ctx, "engine")
		if eval[int](t, ctx, `document.querySelectorAll('#fen-status [data-notice]').length`) == 0 {
			t.Errorf("%s: no notice for a piece placement alone", th)
		}
		checkAxe(t, ctx, "presentation, "+th+", the engine tool and a notice")
		setTool(t, ctx, "")
		pasteFEN(t, ctx, kiwipeteFEN)
	}
	// An error: a link whose FEN does not parse, its character marked.
	open(t, ctx, site+"/?fen="+url.QueryEscape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"))
	for _, th := range []string{"light", "dark"} {
		theme(th)
		if eval[int](t, ctx, `document.querySelectorAll('#fen-status mark').length`) == 0 {
			t.Errorf("%s: the invalid FEN's character is not marked", th)
		}
		checkAxe(t, ctx, "main page, "+th+", an invalid FEN")
	}
}

// TestA11yTutorialAndEmbed: tutorial.html and embed.html, each drawn, in
// both themes.
func TestA11yTutorialAndEmbed(t *testing.T) {
	ctx, site := site(t)
	for _, theme := range []string{"light", "dark"} {
		media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, media); err != nil {
			t.Fatal(err)
		}
		for _, page := range []string{"/tutorial.html", "/embed.html", "/embed.html?fen=" + url.QueryEscape(kiwipeteFEN) + "&layout=0x88&show=P,occupied,attacked:w&labels=1&orientation=black"} {
			if err := chromedp.Do(ctx, chromedp.Navigate(site+page)); err != nil {
				t.Fatal(err)
			}
			waitViews(t, ctx)
			checkAxe(t, ctx, page+", "+theme)
		}
	}
}

// TestA11yPhone: the main page and tutorial.html on a 360×740 phone,
// where more of them scrolls sideways.
func TestA11yPhone(t *testing.T) {
	ctx, site := site(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, site+"/?show=P,occupied,free&layout=0x88&expr=N")
	checkAxe(t, ctx, "main page, 360 px, 0x88")
	if err := chromedp.Do(ctx, chromedp.Navigate(site+"/tutorial.html")); err != nil {
		t.Fatal(err)
	}
	waitViews(t, ctx)
	checkAxe(t, ctx, "tutorial.html, 360 px")
}

// focusRingJS focuses the board square a8 and then steps with the
// keyboard to b8 and back, so that :focus-visible applies, and reads for
// the square focused (light a8, then dark b8) its background, the focus
// ring's two colours (its ::after border and inset shadow) and outline,
// and the hover colour, each as #rrggbb.
const focusRingJS = `(() => {
  const hex = (c) => { const m = c.match(/rgba?\(([\d.]+), ([\d.]+), ([\d.]+)/); return m ? '#' + [m[1], m[2], m[3]].map((v) => (+v).toString(16).padStart(2, '0')).join('') : c; };
  const sq = document.activeElement;
  const after = getComputedStyle(sq, '::after'), own = getComputedStyle(sq);
  return { square: sq.dataset.square, bg: hex(own.backgroundColor), outline: own.outlineStyle, content: after.content,
    ring: hex(after.borderTopColor), ringWidth: after.borderTopWidth, inner: hex(after.boxShadow),
    hover: getComputedStyle(document.documentElement).getPropertyValue('--bitview-hover').trim() };
})()`

// TestA11yFocusRing: the keyboard focus on a board square is a ring of at
// least 3:1 against both square colours, in both themes, and unlike the
// hover highlight (an outline of --bitview-hover, which the focused
// square does not wear).
func TestA11yFocusRing(t *testing.T) {
	ctx, url := site(t)
	for _, theme := range []string{"light", "dark"} {
		media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, media); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, url+"/")
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#board [data-square="a8"]`))); err != nil {
			t.Fatal(err)
		}
		seen := map[string]string{}
		for _, k := range []string{kb.ArrowRight, kb.ArrowLeft} {
			key(t, ctx, k)
			r := eval[map[string]string](t, ctx, focusRingJS)
			name := theme + " " + r["square"]
			seen[r["square"]] = r["bg"]
			if r["content"] == "none" || r["ringWidth"] != "3px" {
				t.Errorf("%s: no focus ring (::after content %s, border %s)", name, r["content"], r["ringWidth"])
				continue
			}
			if r["outline"] != "none" {
				t.Errorf("%s: the focused square has an outline (%s) besides its ring", name, r["outline"])
			}
			if c := contrast(r["ring"], r["bg"]); c < 3 {
				t.Errorf("%s: the ring %s on the square %s has contrast %.2f, want ≥ 3", name, r["ring"], r["bg"], c)
			}
			if c := contrast(r["ring"], r["inner"]); c < 3 {
				t.Errorf("%s: the ring's colours %s and %s are %.2f apart, want ≥ 3 (a ring of two colours)", name, r["ring"], r["inner"], c)
			}
			if c := contrast(r["ring"], r["hover"]); c < 3 {
				t.Errorf("%s: the ring %s against the hover colour %s: %.2f, want ≥ 3 (unlike hover)", name, r["ring"], r["hover"], c)
			}
			t.Logf("%s: ring %s / %s on %s: %.2f", name, r["ring"], r["inner"], r["bg"], contrast(r["ring"], r["bg"]))
		}
		if len(seen) != 2 || seen["a8"] == seen["b8"] {
			t.Errorf("%s: squares seen %v, want a light and a dark one", theme, seen)
		}
	}
}

// layoutChipJS reads the numbering chips (.layouts): the chosen one's
// fill, text colour, box-shadow and outline, an unchosen one's fill, the
// page's background, and for the chip whose radio button has the focus
// (if any) its outline and whether the button matches :focus-visible;
// colours as #rrggbb.
const layoutChipJS = `(() => {
  const hex = (c) => { const m = c.match(/rgba?\(([\d.]+), ([\d.]+), ([\d.]+)/); return m ? '#' + [m[1], m[2], m[3]].map((v) => (+v).toString(16).padStart(2, '0')).join('') : c; };
  const chosen = document.querySelector('.layouts label:has(input:checked)'), other = document.querySelector('.layouts label:not(:has(input:checked))');
  const c = getComputedStyle(chosen), o = getComputedStyle(other);
  const r = { fill: hex(c.backgroundColor), text: hex(c.color), shadow: c.boxShadow, outline: c.outlineStyle, other: hex(o.backgroundColor),
    bg: getComputedStyle(document.documentElement).getPropertyValue('--bitview-bg').trim(), focused: '', focusVisible: 'false' };
  const f = document.activeElement;
  if (f && f.closest('.layouts')) {
    const l = getComputedStyle(f.closest('label'));
    r.focused = l.outlineStyle + ' ' + l.outlineWidth + ' ' + hex(l.outlineColor);
    r.focusRing = hex(l.outlineColor);
    r.focusVisible = String(f.matches(':focus-visible'));
  }
  return r;
})()`

// TestA11yChosenLayout: the chosen numbering chip is filled (at least 3:1
// against an unchosen chip, its text 4.5:1 on the fill), with no ring
// that reads as the focus ring; the keyboard focus on a chip is a ring
// round it, at least 3:1 against the page, in both themes.
func TestA11yChosenLayout(t *testing.T) {
	ctx, url := site(t)
	for _, theme := range []string{"light", "dark"} {
		media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, media); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, url+"/?layout=berf")
		r := eval[map[string]string](t, ctx, layoutChipJS)
		if r["shadow"] != "none" || r["outline"] != "none" {
			t.Errorf("%s: the chosen chip has a ring (box-shadow %s, outline %s), which reads as the focus", theme, r["shadow"], r["outline"])
		}
		if c := contrast(r["fill"], r["other"]); c < 3 {
			t.Errorf("%s: the chosen chip's fill %s against an unchosen chip's %s: %.2f, want ≥ 3", theme, r["fill"], r["other"], c)
		}
		if c := contrast(r["text"], r["fill"]); c < 4.5 {
			t.Errorf("%s: the chosen chip's text %s on %s: %.2f, want ≥ 4.5", theme, r["text"], r["fill"], c)
		}
		t.Logf("%s: chosen %s (text %s) against %s: %.2f", theme, r["fill"], r["text"], r["other"], contrast(r["fill"], r["other"]))
		// The keyboard: focus the chosen radio button and step to the next
		// numbering, which the arrow key chooses.
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`.layouts input:checked`))); err != nil {
			t.Fatal(err)
		}
		key(t, ctx, kb.ArrowRight)
		r = eval[map[string]string](t, ctx, layoutChipJS)
		if r["focusVisible"] != "true" {
			t.Fatalf("%s: no chip's radio button has the keyboard focus: %v", theme, r)
		}
		if !strings.HasPrefix(r["focused"], "solid 3px") {
			t.Errorf("%s: the focused chip wears %q, want a 3px ring", theme, r["focused"])
		}
		if c := contrast(r["focusRing"], r["bg"]); c < 3 {
			t.Errorf("%s: the focus ring %s on the page %s: %.2f, want ≥ 3", theme, r["focusRing"], r["bg"], c)
		}
		screenshot(t, ctx, "layout-chips-"+theme)
	}
}
