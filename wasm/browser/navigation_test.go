//go:build !(js && wasm)

package browser

// Browser tests of bitview-markdown.js on a site that navigates without
// reloading the page, as VitePress, Docusaurus, mkdocs-material's instant
// navigation and Astro's view transitions do: the test's router (router.js)
// swaps the content of <main> for the next page's (fetched, parsed,
// imported), pushes the URL, and swaps it back on popstate; it can also
// patch a block's text in place, take a block away and write a code block
// anew, as a framework re-rendering its own nodes does. The blocks are in the shapes those
// frameworks write: bare (<pre><code class="language-bitboard">), in
// VitePress's wrapper (div.language-bitboard with a copy button and a
// label) and in Docusaurus's (div.codeBlockContainer > div.codeBlockContent).
// The real frameworks are built by hand (see the lead's sites suite); here
// the mechanism is tested in the three engines.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/browser/browsers"
)

// navPages are the router site's pages: each one's content of <main>.
var navPages = map[string]string{
	"/docs/a/": `<h1>Page A</h1>
<p>A bare block.</p>
<pre><code class="language-bitboard">fen: 8/8/8/8/4P3/8/8/8 w - - 0 1
show: P
</code></pre>
<p>A block as VitePress writes it.</p>
<div class="language-bitboard vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">bitboard</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span>show: N</span></span>
<span class="line"><span>layout: 0x88</span></span></code></pre></div>
<p>The end of A.</p>`,
	"/docs/b/": `<h1>Page B</h1>
<p>A block as Docusaurus writes it.</p>
<div class="language-bitboard codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-bitboard codeBlock_bY9V thin-scrollbar"><code class="codeBlockLines_e6Vv">show: p
layout: berf
</code></pre><div class="buttonGroup__atx"><button type="button" aria-label="Copy code to clipboard" class="clean-btn">Copy</button></div></div></div>
<p>And a bare one.</p>
<pre><code class="language-bitboard">show: K
</code></pre>
<p>The end of B.</p>`,
}

// navShell is a page of the router site: %[1]s its title, %[2]s the
// Bitview site, %[3]s its <main>.
const navShell = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>%[1]s</title>
<script src="/router.js" defer></script>
<script type="module" src="%[2]s/bitview-markdown.js"></script>
</head><body><nav><a id="to-a" href="/docs/a/">A</a> <a id="to-b" href="/docs/b/">B</a></nav>
<main id="app">%[3]s</main></body></html>`

// routerJS swaps <main> as a client-side router does (see above), and
// records, for each page it shows, the structure of <main> as parsed
// from the server's page (window.parsed), to compare with what the page's
// nodes are once Bitview has shown its figures.
const routerJS = `window.parsed = document.getElementById('app').innerHTML;
async function show(url, push) {
  const html = await (await fetch(url)).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const app = document.getElementById('app');
  app.replaceChildren(...[...doc.getElementById('app').childNodes].map((n) => document.importNode(n, true)));
  window.parsed = app.innerHTML;
  document.title = doc.title;
  if (push) history.pushState(null, '', url);
}
document.addEventListener('click', (e) => {
  const a = e.target.closest('nav a');
  if (!a) return;
  e.preventDefault();
  show(a.href, true);
});
addEventListener('popstate', () => show(location.href, false));
// A framework re-rendering its own nodes: a block's text patched in place, a block taken away.
// (parsed follows: it is what the framework wrote.)
window.patchText = (from, to) => {
  for (const c of document.querySelectorAll('#app code')) for (const n of c.childNodes) if (n.nodeType === 3 && n.data.includes(from)) n.data = n.data.replace(from, to);
  parsed = parsed.replace(from, to);
};
window.dropBlock = (text) => {
  [...document.querySelectorAll('#app pre')].find((p) => p.textContent.includes(text))?.remove();
  const t = document.createElement('template');
  t.innerHTML = parsed;
  [...t.content.querySelectorAll('pre')].find((p) => p.textContent.includes(text))?.remove();
  parsed = t.innerHTML;
};
// A framework writing a code block anew, the same markup in new nodes
// (Docusaurus remounts each code block once the page is hydrated);
// viewBefore is the block's view until then.
window.rewriteBlock = (text) => {
  const w = [...document.querySelectorAll('#app div.language-bitboard')].find((d) => d.textContent.includes(text));
  window.viewBefore = w.shadowRoot.querySelector('bitboard-view');
  w.replaceWith(w.cloneNode(true));
};`

// navStateJS describes the page as a reader sees it: the title, the
// views in order (their show attribute, and whether each has drawn a
// board or a grid), the blocks still on show, and whether the page's own
// nodes in <main> are still as they were parsed (the views, their boxes
// and the hiding of a bare block aside).
const navStateJS = `(() => { const views = ` + allViewsJS + `();
	const app = document.getElementById('app').cloneNode(true);
	for (const el of app.querySelectorAll('bitboard-view, .bitview-markdown')) el.remove();
	for (const pre of app.querySelectorAll('pre')) { pre.style.removeProperty('display'); if (pre.getAttribute('style') === '') pre.removeAttribute('style'); }
	return { title: document.title, views: views.map((v) => v.getAttribute('show') + (v.status?.ok && v.shadowRoot.querySelector('.host:not([hidden]) :is(.board, .grid)') ? '' : ' (not drawn)')).join(', '),
		shown: [...document.querySelectorAll('pre')].filter((p) => p.getClientRects().length > 0).length,
		kept: app.innerHTML === parsed }; })()`

// A navState is what navStateJS answers.
type navState struct {
	Title, Views string
	Shown        int
	Kept         bool
}

// TestNavigation: a router site, A → B → back → forward, then a block
// patched and a block taken away: after each step the figures of the
// page on show, and only those, are drawn in the blocks' places, no block
// is on show, and the page's nodes are as the router wrote them.
func TestNavigation(t *testing.T) {
	needsSite(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/router.js" {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			fmt.Fprint(w, routerJS)
			return
		}
		main, ok := navPages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, navShell, "Docs "+strings.Trim(r.URL.Path, "/"), siteURL, main)
	}))
	t.Cleanup(srv.Close)
	inEngines(t, func(t *testing.T, tab browsers.Tab) {
		visit(t, tab, srv.URL+"/docs/a/")
		steps := []struct {
			name, do, title, views string
		}{
			{"first load", "", "Docs docs/a", "P, N"},
			{"to B", "#to-b", "Docs docs/b", "p, K"},
			{"back to A", "history.back()", "Docs docs/a", "P, N"},
			{"forward to B", "history.forward()", "Docs docs/b", "p, K"},
			{"to A", "#to-a", "Docs docs/a", "P, N"},
			{"a block's text patched", "patchText('show: P', 'show: Q')", "Docs docs/a", "Q, N"},
			{"a block taken away", "dropBlock('show: Q')", "Docs docs/a", "N"},
			{"a code block written anew", "rewriteBlock('show: N')", "Docs docs/a", "N"},
		}
		for _, s := range steps {
			switch {
			case strings.HasPrefix(s.do, "#"):
				if err := tab.Click(tabContext(t), "nav a"+s.do); err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
			case s.do != "":
				evalIn[any](t, tab, s.do)
			}
			cond := fmt.Sprintf(`document.title === %q && (%s).views === %q`, s.title, navStateJS, s.views)
			if err := browsers.Wait(tabContext(t), tab, nearUntil(cond)); err != nil {
				t.Errorf("%s in %s: %+v, want the figures %q drawn (%v)", s.name, tab.Engine(), evalIn[navState](t, tab, navStateJS), s.views, err)
				continue
			}
			got := evalIn[navState](t, tab, navStateJS)
			if got.Shown != 0 || !got.Kept {
				t.Errorf("%s in %s: %+v, want no block on show and the page's nodes as the router wrote them", s.name, tab.Engine(), got)
			}
			if s.name == "to B" {
				shoot(t, tab, "navigation-b")
			}
			// The block's view moves to the new wrapper as it was drawn
			// (a prerendered one needs no wasm): the same element.
			if s.name == "a code block written anew" && !evalIn[bool](t, tab, `document.querySelector('#app div.language-bitboard').shadowRoot?.querySelector('bitboard-view') === window.viewBefore`) {
				t.Errorf("%s in %s: the new wrapper shows another view than the block had", s.name, tab.Engine())
			}
		}
		noErrors(t, tab)
	})
}
