//go:build !(js && wasm)

package browser

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// memoryProbe runs before the page's scripts: it keeps the memory of the
// first wasm instance the page makes (Go's linear memory, exported as
// "mem") in globalThis.__wasmMemory, so a test can read its size. A
// WebAssembly memory only grows: its size is the most Go ever asked for.
const memoryProbe = `(() => {
	const instantiate = WebAssembly.instantiate;
	WebAssembly.instantiate = async function (...args) {
		const result = await instantiate.apply(this, args);
		const instance = result instanceof WebAssembly.Instance ? result : result.instance;
		globalThis.__wasmMemory ??= instance?.exports?.mem;
		return result;
	};
})();`

// TestPagePGNAttacks pastes into the page's PGN field, one fresh tab
// each, three 4 MiB texts (the limit, so they are read) that the PGN
// reader refuses at once: one token of letters, 4 MiB of \x01 bytes and
// 4 MiB of '(' (variations never closed). Each error must be short (it
// quotes at most 40 characters of the text, see core/excerpt), and the
// wasm's memory, which never shrinks, must grow by little more than the
// copy of the text into Go. The field is hidden while it holds the text
// (pasteHidden). It logs the
// status's length, the time to the next frame, and the wasm memory and
// the JavaScript heap before, after, and after a garbage collection.
func TestPagePGNAttacks(t *testing.T) {
	_, url := site(t)
	for _, tt := range []struct{ name, text string }{
		{"a 4 MiB token", `'N'.repeat(4 << 20)`},
		{"4 MiB of \\x01", `'\x01'.repeat(4 << 20)`},
		{"4 MiB of '('", `'('.repeat(4 << 20)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := newTab(t, tabTimeout) // a fresh wasm instance: its memory never shrinks
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: memoryProbe}); err != nil {
				t.Fatal(err)
			}
			open(t, ctx, url+"/")
			type usage struct{ wasm, js float64 }
			measure := func() usage {
				t.Helper()
				heap, err := chromedp.Call(ctx, runtime.GetHeapUsage, struct{}{})
				if err != nil {
					t.Fatal(err)
				}
				return usage{eval[float64](t, ctx, `globalThis.__wasmMemory.buffer.byteLength`), heap.UsedSize}
			}
			before := measure()
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(async () => {
				document.getElementById('game').open = true;
				// Hidden while it holds 4 MiB: see pasteHidden.
				document.getElementById('pgn').style.display = 'none';
				document.getElementById('pgn').value = %s;
				await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
				const t0 = performance.now();
				document.querySelector('[data-action="pgn-load"]').click();
				const handler = performance.now() - t0;
				await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
				return [handler, performance.now() - t0, document.getElementById('pgn-status').textContent.length];
			})()`, tt.text), chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			after := measure()
			if _, err := chromedp.Call(ctx, heapprofiler.CollectGarbage, struct{}{}); err != nil {
				t.Fatal(err)
			}
			collected := measure()
			status := eval[string](t, ctx, `document.getElementById('pgn-status').textContent`)
			const mib = 1 << 20
			t.Logf("%s: status %d characters, handler %.0f ms, next frame %.0f ms; wasm memory %.1f → %.1f MiB (%.1f after GC); JS heap %.1f → %.1f MiB (%.1f after GC); %.160q",
				tt.name, int(got[2]), got[0], got[1], before.wasm/mib, after.wasm/mib, collected.wasm/mib, before.js/mib, after.js/mib, collected.js/mib, status)
			if got[2] > 1000 {
				t.Errorf("the error is %d characters long, want a short one quoting a few dozen characters", int(got[2]))
			}
			// The copy of the text into Go costs twice its size (syscall/js
			// makes a byte slice, then a string of it): 8 MiB, and Go's heap
			// grows in steps. Before the errors were bounded, these texts
			// grew it from 5.5 MiB to 38, 102 and 133–154 MiB.
			if grew := after.wasm - before.wasm; grew > 16*mib {
				t.Errorf("refusing the text grew the wasm memory by %.1f MiB (%.1f → %.1f MiB), want at most 16", grew/mib, before.wasm/mib, after.wasm/mib)
			}
			if grew := collected.js - before.js; grew > 32*mib {
				t.Errorf("after a garbage collection the JavaScript heap holds %.1f MiB more than before the paste", grew/mib)
			}
		})
	}
}
