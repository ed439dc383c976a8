//go:build !(js && wasm)

package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axe-core (wasm/package.json pins it; `make test` installs it with npm)
// checks a page the way accessibility audits do. serve.go's CSP allows
// only same-origin scripts, so the tests do not load it with a <script>:
// injectAxe evaluates the file's text through the DevTools protocol
// (Runtime.evaluate), which the page's CSP does not govern.

var (
	axeOnce   sync.Once
	axeSource string
	axeErr    error
)

// axeScript returns the text of wasm/node_modules/axe-core/axe.min.js.
func axeScript(t *testing.T) string {
	t.Helper()
	needs(t, "cd wasm && npm install", "wasm/node_modules/axe-core/axe.min.js")
	axeOnce.Do(func() {
		b, err := os.ReadFile(filepath.Join(repo, "wasm", "node_modules", "axe-core", "axe.min.js"))
		if err != nil {
			axeErr = fmt.Errorf("axe-core is not installed: run `cd wasm && npm install` (make test does): %v", err)
			return
		}
		axeSource = string(b)
	})
	if axeErr != nil {
		t.Fatal(axeErr)
	}
	return axeSource
}

// An axeViolation is one rule axe-core found broken, with the number of
// elements that break it and the CSS selectors of the first few ("a >>
// b" reaches into b inside the shadow root of a).
type axeViolation struct {
	ID, Impact, Help string
	Nodes            int
	Targets          []string
	// Kinds groups the nodes by axe's explanation (for colour contrast,
	// by the pair of colours): the commonest few, each with its count and
	// one element.
	Kinds []string
}

// String writes the violation as a test reports it.
func (v axeViolation) String() string {
	return fmt.Sprintf("%s (%s) × %d: %s; e.g. %s\n\t%s", v.ID, v.Impact, v.Nodes, v.Help,
		strings.Join(v.Targets, ", "), strings.Join(v.Kinds, "\n\t"))
}

// axeSeriousIn runs axe-core in the tab (injecting it first when the page
// does not have it yet) on the elements matching the CSS selector include
// and what they hold ("" for the whole document, open shadow roots
// included, not only what is on screen), and returns the violations of
// impact serious or critical, by rule id.
func axeSeriousIn(t *testing.T, ctx context.Context, include string) []axeViolation {
	t.Helper()
	if !eval[bool](t, ctx, `typeof axe === 'object'`) {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](axeScript(t)+"\n;0")); err != nil {
			t.Fatalf("injecting axe-core: %v", err)
		}
	}
	vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](fmt.Sprintf(`(async () => {
  const kinds = (nodes) => {
    const m = new Map();
    for (const n of nodes) {
      const s = (n.failureSummary ?? '').replace(/\s+/g, ' ');
      const c = s.match(/contrast of [\d.]+ \(foreground color: #\w+, background color: #\w+/);
      const k = c ? c[0] : s.slice(0, 200);
      const e = m.get(k) ?? { n: 0, at: n.target.map((t) => [].concat(t).join(' >> ')).join(' >> ').slice(-160) };
      e.n++;
      m.set(k, e);
    }
    return [...m].sort((a, b) => b[1].n - a[1].n).slice(0, 8).map(([k, e]) => e.n + ' × ' + k + ' at ' + e.at);
  };
  const r = await axe.run(%s || document, { resultTypes: ['violations'] });
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({
    ID: v.id, Impact: v.impact, Help: v.help, Nodes: v.nodes.length,
    Targets: v.nodes.slice(0, 3).map((n) => n.target.map((s) => [].concat(s).join(' >> ')).join(' >> ')),
    Kinds: kinds(v.nodes),
  }));
})()`, jsString(include)), chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].ID < vs[j].ID })
	return vs
}

// axeCounts writes the violations as "rule × nodes" pairs, the figures a
// report gives.
func axeCounts(vs []axeViolation) string {
	if len(vs) == 0 {
		return "none"
	}
	var s []string
	for _, v := range vs {
		s = append(s, fmt.Sprintf("%s × %d", v.ID, v.Nodes))
	}
	return strings.Join(s, ", ")
}

// checkAxe fails the test with every serious or critical violation axe
// finds on the whole page in the tab, and logs the counts (name is the
// page).
func checkAxe(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	start := time.Now()
	vs := axeSeriousIn(t, ctx, "")
	t.Logf("axe-core, %s: %s (%.1f s)", name, axeCounts(vs), time.Since(start).Seconds())
	for _, v := range vs {
		t.Errorf("%s: %s", name, v)
	}
}
