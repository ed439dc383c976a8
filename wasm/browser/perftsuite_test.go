//go:build !(js && wasm)

package browser

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPerftPanelSuite pastes a perft suite into the Perft tool in
// Chromium: Run counts each position at each depth it lists up to the
// depth picked, in the Web Worker, and the table and the verdict say
// which of the suite's counts Bitview agrees with; a line clicked opens
// its position, divided at its first depth that differs. First the
// standard suite (core/testdata/perftsuite.epd) to depth 3, all 378 of
// its counts, then the same with one count made wrong.
func TestPerftPanelSuite(t *testing.T) {
	ctx, site := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, site+"/")
	suite, err := os.ReadFile(filepath.Join(repo, "core", "testdata", "perftsuite.epd"))
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, `(() => { document.getElementById('tab-perft').click(); return true; })()`)
	paste(t, ctx, string(suite))
	verdict := func() map[string]string {
		return eval[map[string]string](t, ctx, `(() => { const p = document.querySelector('#perft-verdict .perft-verdict.suite');
			return p ? { text: p.textContent, cells: p.dataset.cells, counted: p.dataset.counted, differ: p.dataset.differ } : {}; })()`)
	}
	if v := verdict(); v["cells"] != "378" || v["counted"] != "0" || !strings.Contains(v["text"], "A perft suite of 126 positions") {
		t.Fatalf("the pasted suite before a run: %v", v)
	}
	runPerft(t, ctx, 3)
	if v := verdict(); v["counted"] != "378" || v["differ"] != "0" || !strings.Contains(v["text"], "Bitview agrees with all 378 counts of the suite (126 positions).") {
		t.Errorf("the suite at depth 3: %v", v)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#perft-table table.suite td[data-status="agree"]').length`); n != 378 {
		t.Errorf("%d cells agree, want 378", n)
	}
	if p := eval[string](t, ctx, `document.getElementById('perft-progress').textContent`); !strings.Contains(p, "378 counts · ") {
		t.Errorf("progress line %q", p)
	}
	screenshot(t, ctx, "perft-suite")

	wrong := strings.Replace(string(suite), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D2 71 ;D3 1287", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D2 72 ;D3 1287", 1)
	paste(t, ctx, wrong)
	runPerft(t, ctx, 2)
	if v := verdict(); v["differ"] != "1" || !strings.Contains(v["text"], "1 of the suite's 252 counts differs from Bitview's: line 4 at depth 2 (suite 72, Bitview 71).") {
		t.Errorf("the suite with a wrong count: %v", v)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#perft-table tr[data-line="4"] [data-suite-fen]`))); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, "done", 30*time.Second)
	d := readDivide(t, ctx, "document")
	if d.Depth != 2 || d.Total != "71" || eval[string](t, ctx, `document.getElementById('perft-paste').value`) != "" {
		t.Errorf("line 4 opened: depth %d, total %s", d.Depth, d.Total)
	}
	if fen := eval[string](t, ctx, `document.getElementById('fen').value`); fen != "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1" {
		t.Errorf("the position on show is %q", fen)
	}
	if q := linkEval[string](t, ctx, `location.search`); !strings.Contains(q, "fen="+url.QueryEscape("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")) && !strings.Contains(q, "4k3") {
		t.Errorf("URL %s does not hold the line's position", q)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestPerftPanelStats switches the Perft tool's "By kind of move" on in
// Chromium: the divide is counted again with a column per kind, and the
// totals of CPW position 3 at depth 3 are the wiki's (209 captures, 2 en
// passant, 267 checks, 3 discovered checks).
func TestPerftPanelStats(t *testing.T) {
	ctx, site := site(t)
	errs := consoleErrors(ctx)
	open(t, ctx, site+"/?fen="+url.QueryEscape("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"))
	runPerft(t, ctx, 3)
	if n := eval[int](t, ctx, `document.querySelectorAll('#perft-table .stat').length`); n != 0 {
		t.Errorf("%d stat cells before the switch", n)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#perft-stats`))); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for eval[int](t, ctx, `document.querySelectorAll('#perft-table tfoot .stat').length`) == 0 || eval[string](t, ctx, `document.querySelector('#perft-progress .perft-run')?.dataset.state ?? ''`) != "done" {
		if time.Now().After(deadline) {
			t.Fatal("no stats after the switch")
		}
		time.Sleep(20 * time.Millisecond)
	}
	totals := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('#perft-table tfoot .stat')].map((c) => [c.dataset.kind, c.textContent]))`)
	want := map[string]string{"captures": "209", "enPassant": "2", "castles": "0", "promotions": "0", "checks": "267", "discoveredChecks": "3", "doubleChecks": "0", "checkmates": "0"}
	for k, v := range want {
		if totals[k] != v {
			t.Errorf("total %s = %q, want %q (all: %v)", k, totals[k], v, totals)
		}
	}
	if got := eval[string](t, ctx, `document.querySelector('#perft-table tr[data-uci="e2e4"] [data-kind="discoveredChecks"]').textContent`); got != "1" {
		t.Errorf("e2e4's discovered checks: %q, want 1", got)
	}
	if !eval[bool](t, ctx, `document.getElementById('perft-stats').checked`) {
		t.Error("the switch is off after the divide")
	}
	screenshot(t, ctx, "perft-stats")
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}
