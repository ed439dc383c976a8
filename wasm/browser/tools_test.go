//go:build !(js && wasm)

package browser

// Browser tests of the engine author's tool panels (issue 14): the dump
// checker, the Polyglot key and the magic steps, on the page, in
// presentation mode and as <bitboard-view> options.

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// dumpNumbers writes the twelve piece bitboards of fen (order P N B R Q K
// p n b r q k) in layout id, as an engine prints them: 0x and 16 hex
// digits, or signed decimal.
func dumpNumbers(t *testing.T, fen, id string, signed bool) []string {
	t.Helper()
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := core.LayoutByID(id)
	if !ok {
		t.Fatalf("no layout %s", id)
	}
	var out []string
	for _, letter := range strings.Fields("P N B R Q K p n b r q k") {
		bn, _ := core.LookupBitboard(letter)
		var v uint64
		for sq := range bn.Of(&p).Squares() {
			v |= 1 << l.Index(sq)
		}
		if signed {
			out = append(out, fmt.Sprint(int64(v)))
		} else {
			out = append(out, fmt.Sprintf("0x%016X", v))
		}
	}
	return out
}

// pasteDump puts text into the dump field as a paste does (one input event).
func pasteDump(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const f = document.getElementById('dump-text'); f.value = %q;
		f.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' })); return true; })()`, text))
}

// shot saves a PNG of the element matching sel as
// out/screenshots/name.png, when screenshots are wanted (shots).
func shot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	keepShot(t, name, func() ([]byte, error) { return chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel))) })
}

// TestToolsDumpChecker pastes the start position's bitboards into "Check
// my engine's bitboards": in BERF hex and in LERF signed decimal each is
// recognised with its layout and the order P N B R Q K p n b r q k (and
// the tie the symmetric start position leaves is named); one wrong number
// is pointed out bit by bit, a token that is not a number by line and
// column; a dump over the limit is refused with the limit named.
func TestToolsDumpChecker(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/?tools=dump")
	if !eval[bool](t, ctx, `!document.getElementById('engine').hidden`) {
		t.Fatal("?tools=dump did not open the dump checker")
	}
	best := func() string {
		return eval[string](t, ctx, `(() => { const b = document.querySelector('#dump-report .dump-best');
			return b ? b.dataset.layout + ' ' + b.dataset.order + ' | ' + b.textContent : 'none: ' + document.getElementById('dump-report').textContent; })()`)
	}
	for _, tt := range []struct {
		layout, sep string
		signed      bool
	}{{"berf", ",\n", false}, {"lerf", " ", true}} {
		pasteDump(t, ctx, strings.Join(dumpNumbers(t, startFEN, tt.layout, tt.signed), tt.sep))
		got := best()
		if !strings.HasPrefix(got, tt.layout+" PNBRQKpnbrqk | ") || !strings.Contains(got, "12 of 12 numbers agree.") {
			t.Errorf("%s (signed %v): %q", tt.layout, tt.signed, got)
		}
		if tie := eval[string](t, ctx, `document.querySelector('#dump-report .dump-tie')?.textContent ?? ''`); !strings.Contains(tie, "cannot tell them apart (the start position is its own mirror image") {
			t.Errorf("%s: the tie with the mirrored reading is not named: %q", tt.layout, tie)
		}
	}

	// The white knights with b1's knight on c3; a token that is no number.
	nums := dumpNumbers(t, startFEN, "berf", false)
	nums[1] = "0x4000040000000000"
	pasteDump(t, ctx, strings.Join(nums[:6], ", ")+"\n0xZZ "+strings.Join(nums[6:], ", "))
	if got := best(); !strings.HasPrefix(got, "berf PNBRQKpnbrqk | ") || !strings.Contains(got, "11 of 12 numbers agree; 1 differ in 2 bits.") {
		t.Errorf("one wrong number: %q", got)
	}
	r := eval[map[string]any](t, ctx, `(() => {
		const card = document.querySelector('#dump-report .verdict.differs');
		const cells = (cls) => [...card.querySelectorAll('.cell.' + cls)].map((c) => c.dataset.square + '/' + c.dataset.index + '/' + c.dataset.bit);
		const style = (cls) => { const c = card.querySelector('.cell.' + cls); const s = getComputedStyle(c); return s.backgroundImage + ' ' + s.outlineStyle; };
		return { differs: document.querySelectorAll('#dump-report .verdict.differs').length, bitboard: card.dataset.bitboard,
			extra: cells('extra').join(' '), missing: cells('missing').join(' '), diff: card.querySelector('.diff').textContent,
			extraStyle: style('extra'), missingStyle: style('missing'),
			problem: document.querySelector('#dump-report .dump-problems li')?.textContent ?? '' };
	})()`)
	if r["differs"].(float64) != 1 || r["bitboard"] != "N" || r["extra"] != "c3/42/1" || r["missing"] != "b1/57/0" ||
		!strings.Contains(r["diff"].(string), "extra: c3") || !strings.Contains(r["diff"].(string), "missing: b1") {
		t.Errorf("the wrong number is not pointed out bit by bit: %v", r)
	}
	if !strings.Contains(r["extraStyle"].(string), "gradient") || !strings.Contains(r["missingStyle"].(string), "dashed") {
		t.Errorf("extra and missing bits are not told apart by shape: extra %q, missing %q", r["extraStyle"], r["missingStyle"])
	}
	if !strings.HasPrefix(r["problem"].(string), "line 2, column 1: 0xZZ") {
		t.Errorf("the token that is no number: %q", r["problem"])
	}
	shot(t, ctx, "#dump", "tools-dump")

	pasteDump(t, ctx, strings.Repeat("1 ", 20000))
	if msg := eval[string](t, ctx, `document.getElementById('dump-report').textContent`); !strings.Contains(msg, "40,000 characters; the limit is 32,768") {
		t.Errorf("a 40,000-character dump: %q", msg)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// polyglotLine is the Polyglot format's published test line (see
// core/zobrist_test.go): its moves and the key after each ply, the start
// position's first.
var polyglotLine = struct {
	moves []string
	keys  []string
}{
	[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"},
	[]string{"463b96181691fc9c", "823c9b50fd114196", "0756b94461c50fb0", "662fafb965db29d4", "22a48b5a8e47ff78", "652a607ca3f242c1", "00fdd303c946bdd9"},
}

// TestToolsZobrist shows the Polyglot key of the start position, then
// steps through the format's test line (and the en passant line) as a
// game, checking the key on the page at every ply and, after 1.e4, the
// keys XORed out (the pawn on e2, White's turn) and in (the pawn on e4).
func TestToolsZobrist(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	key := func() string {
		return eval[string](t, ctx, `document.querySelector('#zobrist-report [data-key]')?.dataset.key ?? ''`)
	}
	open(t, ctx, url+"/?tools=zobrist&moves="+strings.Join(polyglotLine.moves, ",")+"&ply=0")
	checked := 0
	for ply, want := range polyglotLine.keys {
		if ply > 0 { // → steps the game while the Engine tab shows the key
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				t.Fatal(err)
			}
		}
		if got := key(); got != want {
			t.Errorf("after %v: key %q, want %q", polyglotLine.moves[:ply], got, want)
		}
		checked++
		if ply == 1 {
			d := eval[map[string]string](t, ctx, `(() => { const d = document.querySelector('#zobrist-report .zobrist-delta');
				const rows = (cls) => [...d.querySelectorAll('tr.' + cls)].map((r) => r.dataset.kind + ':' + (r.dataset.square ?? '')).join(' ');
				return { uci: d.dataset.uci, out: rows('out'), in: rows('in'), text: d.textContent }; })()`)
			if d["uci"] != "e2e4" || d["out"] != "piece:e2 turn:" || d["in"] != "piece:e4" ||
				!strings.Contains(d["text"], "0x463b96181691fc9c") || !strings.Contains(d["text"], "0x823c9b50fd114196") {
				t.Errorf("the keys 1.e4 XORs out and in: %v", d)
			}
			shot(t, ctx, "#zobrist", "tools-zobrist")
		}
	}
	// The en passant line: after 5.c4 the key counts en passant (b4 can take on c3).
	open(t, ctx, url+"/?tools=zobrist&moves=a2a4,b7b5,h2h4,b5b4,c2c4,b4c3,a1a3&ply=5")
	for _, tt := range []struct {
		ply  int
		want string
	}{{5, "3c8123ea7b067637"}, {7, "5c3f9b829b279560"}} {
		if tt.ply == 7 {
			for range 2 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if got := key(); got != tt.want {
			t.Errorf("en passant line, ply %d: key %q, want %q", tt.ply, got, tt.want)
		}
		checked++
	}
	t.Logf("%d Polyglot test positions equal on the page", checked)
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// attackCells returns the squares set in the attack step's grid of the
// magic steps inside root (a selector, or a shadow root expression).
const attackCells = `[...ROOT.querySelectorAll('[data-step="attacks"] .cell[data-bit="1"]')].map((c) => c.dataset.square).sort().join(' ')`

// squareList returns b's squares as sorted names, space separated.
func squareList(b core.Bitboard) string {
	names := b.SquareNames()
	slices.Sort(names)
	return strings.Join(names, " ")
}

// TestToolsMagic opens "Magic bitboards step by step" for a rook on e4
// from the URL, switches to a bishop and types c1, clicks d4 on the board,
// and checks each time that the steps are drawn for that slider and
// square with the position's occupancy, that the attack set equals core's
// sliding attacks and the page says so, and that a reload keeps the
// choice; a square that is no square is an error that keeps the steps.
func TestToolsMagic(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	start, _ := core.ParseFEN(startFEN)
	occ := start.Occupied()
	do := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	check := func(piece, square string, want core.Bitboard) {
		t.Helper()
		r := eval[map[string]string](t, ctx, `(() => { const m = document.querySelector('#magic-report .magic-steps'); const ROOT = m;
			return { piece: m.dataset.piece, square: m.dataset.square, attacks: `+strings.ReplaceAll(attackCells, "ROOT", "m")+`,
				occupancy: [...m.querySelectorAll('[data-step="occupancy"] .cell[data-bit="1"]')].length + '',
				verdict: m.querySelector('.verdict').className + ': ' + m.querySelector('.verdict').textContent,
				field: document.getElementById('magic-square').value }; })()`)
		if r["piece"] != piece || r["square"] != square || r["field"] != square || r["attacks"] != squareList(want) ||
			r["occupancy"] != "32" || r["verdict"] != "verdict agree: The table's attack set equals the sliding attacks." {
			t.Errorf("%s on %s: %v; want attacks %s", piece, square, r, squareList(want))
		}
	}
	open(t, ctx, url+"/?tools=magic&magic=rook:e4")
	check("rook", "e4", core.RookAttacks(core.E4, occ))
	shot(t, ctx, "#magic", "tools-magic-rook-e4")

	do(chromedp.Click(chromedp.CSS("#magic-bishop")), chromedp.Evaluate[chromedp.Void](`document.getElementById('magic-square').select()`),
		chromedp.SendKeys(chromedp.CSS("#magic-square"), "c1"))
	check("bishop", "c1", core.BishopAttacks(core.C1, occ))
	if q := linkEval[string](t, ctx, `location.search`); !strings.Contains(q, "&tab=engine&magic=bishop%3Ac1") {
		t.Errorf("URL %q lacks the magic panel and bishop:c1", q)
	}
	shot(t, ctx, "#magic", "tools-magic-bishop-c1")

	// A reload keeps the panel open on the bishop on c1.
	open(t, ctx, linkEval[string](t, ctx, `location.href`))
	if !eval[bool](t, ctx, `!document.getElementById('engine').hidden && document.getElementById('magic-bishop').checked`) {
		t.Error("after a reload the magic panel is closed or the bishop not chosen")
	}
	check("bishop", "c1", core.BishopAttacks(core.C1, occ))

	// A typed non-square: an error, and the last steps stay.
	do(chromedp.Evaluate[chromedp.Void](`document.getElementById('magic-square').select()`), chromedp.SendKeys(chromedp.CSS("#magic-square"), "z9"))
	if msg := eval[string](t, ctx, `document.getElementById('magic-status').textContent + ' ' + document.getElementById('magic-square').getAttribute('aria-invalid')`); msg != `"z9" is not a square: type a1 … h8. true` {
		t.Errorf("typing z9: %q", msg)
	}
	if sq := eval[string](t, ctx, `document.querySelector('#magic-report .magic-steps').dataset.square`); sq != "c1" {
		t.Errorf("after z9 the steps show %q, want c1 kept", sq)
	}
	// A click on the board picks the square.
	do(chromedp.Click(chromedp.CSS(`#board [data-square="d4"]`)))
	check("bishop", "d4", core.BishopAttacks(core.D4, occ))
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestToolsPresentation opens each tool panel in presentation mode at
// 1920×1080 and checks that it stays on screen and readable: inside the
// viewport (scrolling inside itself), its text at least 24 px, and its
// bit digits at least 16 px.
func TestToolsPresentation(t *testing.T) {
	ctx, url := site(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080)); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000))
	nums := dumpNumbers(t, startFEN, "berf", false)
	nums[1] = "0x4000040000000000"
	for _, id := range []string{"magic", "zobrist", "dump"} {
		open(t, ctx, url+"/?present=1&tools="+id+"&magic=rook:e4&moves=e2e4&ply=1")
		if id == "dump" {
			pasteDump(t, ctx, strings.Join(nums, " "))
		}
		r := eval[map[string]any](t, ctx, `(() => {
			// The Engine tab shows the three panels in a column beside the
			// cards, scrolling inside itself: the one tested is scrolled to.
			const p = document.getElementById('`+id+`'); p.scrollIntoView({ block: 'start' });
			const r = p.getBoundingClientRect(), s = getComputedStyle(p), panel = document.getElementById('engine').getBoundingClientRect();
			let small = '';
			for (const e of p.querySelectorAll('summary, p, td, th, label, h3')) {
				const fs = parseFloat(getComputedStyle(e).fontSize);
				if (e.getClientRects().length && fs < 23.5 && !small) small = e.tagName + '.' + e.className + ' ' + fs;
			}
			const digit = p.querySelector('.cell b');
			const cards = [...document.querySelectorAll('#cards .card')].some((c) => { const q = c.getBoundingClientRect();
				return q.left < panel.right - 1 && panel.left < q.right - 1 && q.top < panel.bottom - 1 && panel.top < q.bottom - 1; });
			return { shown: s.display !== 'none' && r.width > 0 && !cards, inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 1 && r.top < innerHeight &&
				panel.bottom <= innerHeight + 1,
				scroll: document.documentElement.scrollHeight > innerHeight + 1, small,
				digit: digit ? parseFloat(getComputedStyle(digit).fontSize) : 99, width: r.width };
		})()`)
		if !r["shown"].(bool) || !r["inside"].(bool) || r["scroll"].(bool) {
			t.Errorf("%s in presentation mode: shown %v, inside the viewport %v, page scrolls %v", id, r["shown"], r["inside"], r["scroll"])
		}
		if r["small"].(string) != "" || r["digit"].(float64) < 16 {
			t.Errorf("%s in presentation mode: text under 24 px: %q; bit digits %v px", id, r["small"], r["digit"])
		}
		screenshot(t, ctx, "present-tools-"+id)
	}
}

// TestToolsElement draws <bitboard-view magic="rook:e4" zobrist> on the
// page: the steps below the view for the element's position, the key;
// then a live change to bishop:c1 and to a FEN; a bad magic is an error
// inside the element.
func TestToolsElement(t *testing.T) {
	ctx, url := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, url+"/")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(async () => {
		await import('./bitview-element.js');
		document.querySelector('main').insertAdjacentHTML('afterbegin', '<bitboard-view id="el" magic="rook:e4" zobrist show="occupied" size="60rem"></bitboard-view>');
		const el = document.getElementById('el');
		await new Promise((r) => el.addEventListener('bitview-ready', r, { once: true }));
		return true;
	})()`, chromedp.EvalAsValue, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	read := func() map[string]string {
		return eval[map[string]string](t, ctx, `(() => { const el = document.getElementById('el'), ROOT = el.shadowRoot, m = ROOT.querySelector('.view-tools .magic-steps');
			return { piece: m?.dataset.piece ?? '', square: m?.dataset.square ?? '', attacks: m ? `+attackCells+` : '',
				verdict: m?.querySelector('.verdict').className ?? '', key: ROOT.querySelector('.zobrist-key code')?.textContent ?? '',
				errors: ROOT.querySelector('.errors').textContent, ok: String(el.status.ok) }; })()`)
	}
	start, _ := core.ParseFEN(startFEN)
	if r := read(); r["piece"] != "rook" || r["square"] != "e4" || r["attacks"] != squareList(core.RookAttacks(core.E4, start.Occupied())) ||
		r["verdict"] != "verdict agree" || r["key"] != "463b96181691fc9c" || r["ok"] != "true" {
		t.Errorf("magic=rook:e4 zobrist: %v", r)
	}
	shot(t, ctx, "#el", "tools-element-rook-e4")
	kiwi, _ := core.ParseFEN(kiwipeteFEN)
	eval[bool](t, ctx, `(() => { const el = document.getElementById('el'); el.setAttribute('magic', 'bishop:c1'); el.setAttribute('fen', '`+kiwipeteFEN+`'); return true; })()`)
	if r := read(); r["piece"] != "bishop" || r["square"] != "c1" || r["attacks"] != squareList(core.BishopAttacks(core.C1, kiwi.Occupied())) ||
		r["key"] != fmt.Sprintf("%016x", kiwi.PolyglotKey()) {
		t.Errorf("magic=bishop:c1 on Kiwipete: %v", r)
	}
	eval[bool](t, ctx, `(() => { document.getElementById('el').setAttribute('magic', 'queen:e4'); return true; })()`)
	if r := read(); !strings.Contains(r["errors"], "must be rook or bishop") || r["ok"] != "false" || r["piece"] != "" {
		t.Errorf("magic=queen:e4: %v", r)
	}
	eval[bool](t, ctx, `(() => { document.getElementById('el').setAttribute('magic', 'r'.repeat(100000)); return true; })()`)
	if r := read(); r["ok"] != "false" {
		t.Errorf("a 100,000-character magic attribute: %v", r)
	}
	for _, e := range errs() {
		if !strings.Contains(e, "bitview-error") { // the element reports its errors as events, never as exceptions
			t.Errorf("console error: %q", e)
		}
	}
}
