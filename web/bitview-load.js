// bitview-load.js: the one line a page needs for Bitview's figures.
//
//   <script src="/bitview/bitview-load.js" defer></script>
//
// It is a classic script, not a module, so that it runs wherever a
// <script src> runs: from another site that sends no CORS header, in
// MkDocs's extra_javascript, from a template, under a Content Security
// Policy of script-src 'self'. It imports, from its own folder,
// bitview-markdown.js (every ```bitboard block gets a <bitboard-view>)
// and bitview-element.js (which draws each element and finds
// bitview.wasm, wasm_exec.js, view.css and the pieces beside itself). A
// page may hold the line more than once (a Hugo render hook writes it with
// each block): it runs once.
//
// It holds Bitview's one load diagnosis (diagnose and failureBox, set on
// globalThis.__bitviewDiagnosis): when a module cannot be imported (from
// another site without an Access-Control-Allow-Origin header, a file
// missing, a wrong MIME type, an HTML page where the file should be, no
// network), it asks for each file again to tell why and writes a box
// naming the URL, the cause and the fix at the top of every
// <bitboard-view> and above every bitboard block, and sends bitview-error
// from each. It must tell that without any module, as the modules may be
// what failed; bitview/diagnose.js imports this file as a module for the
// element's own failures (the wasm, view.css), so both say the same.
//
// What an element's author wrote inside it (its fallback text) shows
// while this script has not run: with JavaScript off, when the script
// cannot be loaded (a wrong path) or is not allowed to run. Once it runs,
// each element not defined yet gets its shadow root, which hides that
// text, so that it does not show while the modules load.
(() => {
  // The types a browser accepts for each kind of Bitview's files: a module
  // script only with a JavaScript MIME type, a stylesheet only as text/css
  // (the wasm is told by its first bytes, "\0asm").
  const EXPECTED = {
    js: { name: 'JavaScript', type: 'text/javascript', ok: /^(text|application)\/(x-)?(javascript|ecmascript)\b/i },
    css: { name: 'a stylesheet', type: 'text/css', ok: /^text\/css\b/i },
    wasm: { name: 'WebAssembly', type: 'application/wasm', ok: /^application\/wasm\b/i },
  };
  const SELF_HOST = 'run make dist in a clone of Bitview, copy dist/ whole to your site (e.g. to /bitview/) and load /bitview/bitview-load.js';

  // diagnose tells why url (absolute) could not be loaded, by asking for
  // it again: a CORS request first, then, when that fails, one that needs
  // no CORS header (which succeeds when the site answers but sends no
  // Access-Control-Allow-Origin). It reads at most 512 bytes of the
  // answer. It answers {cause, url, status, type, message, fix}: see
  // LoadDiagnosis in bitview.d.ts.
  async function diagnose(url) {
    const u = new URL(url);
    const href = u.href;
    const ext = /\.(m?js|css|wasm)$/i.exec(u.pathname)?.[1].toLowerCase().replace('mjs', 'js') ?? 'js';
    const want = EXPECTED[ext];
    const result = (cause, status, type, what, fix) => ({ cause, url: href, status, type, message: `Bitview could not load ${href}${what}`, fix });
    let response;
    try {
      response = await fetch(href, { mode: 'cors', cache: 'no-store' });
    } catch {
      try {
        await fetch(href, { mode: 'no-cors', cache: 'no-store' });
      } catch {
        return globalThis.navigator?.onLine === false
          ? result('offline', 0, '', ': this browser is offline.', `Reload the page once the network is back. To host Bitview yourself, ${SELF_HOST}.`)
          : result('offline', 0, '', `: ${u.host} cannot be reached (it is down, or the network blocks it).`, `Check the address. To host Bitview yourself, ${SELF_HOST}.`);
      }
      return result('no-cors', 0, '', `: ${u.origin} answers without an Access-Control-Allow-Origin header, so this page (${globalThis.location?.origin ?? ''}) may not use its files.`,
        `Make ${u.origin} send Access-Control-Allow-Origin: * for Bitview's files (npm CDNs and Bitview's serve.go do; how on nginx, Apache, Caddy and Netlify: Bitview's web/sites/README.md), or host Bitview on this site: ${SELF_HOST}.`);
    }
    const status = response.status;
    const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
    const start = await firstBytes(response, 512);
    if (status === 404 || status === 410) {
      const pkg = /\/(?:npm\/)?bitview@([^/]+)\//.exec(u.pathname);
      return result('not-found', status, type, `: not found (HTTP ${status}).`, pkg
        ? `Version ${pkg[1]} of the bitview package may not be published yet, or the path is wrong. Until it is published, ${SELF_HOST}.`
        : `The path is wrong: check the script's src, or call setBaseURL('/path/to/bitview/') from bitview-element.js before the first element draws. To host Bitview yourself, ${SELF_HOST}.`);
    }
    if (!response.ok) {
      return result('http', status, type, `: the server answered HTTP ${status} ${response.statusText}.`, `Ask the site's owner, or host Bitview yourself: ${SELF_HOST}.`);
    }
    const text = new TextDecoder().decode(start).trimStart().toLowerCase();
    const isWasm = start[0] === 0 && start[1] === 0x61 && start[2] === 0x73 && start[3] === 0x6d;
    if (type === 'text/html' || (!isWasm && (text.startsWith('<!doctype html') || text.startsWith('<html')))) {
      return result('html', status, type, `: the server answered an HTML page (${type || 'no type'}), not ${want.name}.`,
        `The file is not at that path (the site answers unknown paths with a page): check the path, or call setBaseURL('/path/to/bitview/'). To host Bitview yourself, ${SELF_HOST}.`);
    }
    if (ext === 'wasm' ? !isWasm : !want.ok.test(type)) {
      return result('mime', status, type, ext === 'wasm'
        ? `: it is not WebAssembly (it does not start with \\0asm; served as ${type || 'no type'}).`
        : `: it is served as ${type || 'no type'}, and browsers take ${want.name} only as ${want.type}.`,
      'Make the server send .js as text/javascript, .css as text/css and .wasm as application/wasm, and each file of dist/ as it is.');
    }
    return result('loads', status, type, ', which loads now.', 'Reload the page.');
  }

  // firstBytes reads at most n bytes of a response's body and drops the rest.
  async function firstBytes(response, n) {
    const out = new Uint8Array(n);
    let got = 0;
    const reader = response.body?.getReader();
    try {
      while (reader && got < n) {
        const { value, done } = await reader.read();
        if (done) break;
        const take = Math.min(value.length, n - got);
        out.set(value.subarray(0, take), got);
        got += take;
      }
    } catch {} finally {
      reader?.cancel().catch(() => {});
    }
    return out.subarray(0, got);
  }

  // failureBox returns the one failure box of Bitview: what went wrong
  // (message), then what to do (fix, when there is one), in a box styled
  // here, not by view.css, which may be what failed (through the CSSOM,
  // which a Content Security Policy allows), never 0 px tall. Its text is
  // the message and the fix, as the element's status says them.
  function failureBox({ message, fix = '', url = '', cause = '' }) {
    const box = document.createElement('div');
    box.className = 'failed';
    box.setAttribute('role', 'alert');
    if (url) box.dataset.url = url;
    if (cause) box.dataset.cause = cause;
    box.style.cssText = 'display:block;min-height:3rem;margin:0 0 .5rem;padding:.6rem .8rem;border:2px solid #b42318;border-radius:6px;' +
      'background:#fff4d6;color:#7a1a10;font:14px/1.45 system-ui,sans-serif;text-align:start;white-space:normal;overflow-wrap:anywhere';
    for (const [i, text] of [message, fix].entries()) {
      if (!text) continue;
      const p = document.createElement('p');
      p.style.margin = i === 0 ? '0' : '.3rem 0 0';
      p.textContent = text;
      if (i > 0) box.append(' ');
      box.append(p);
    }
    return box;
  }

  globalThis.__bitviewDiagnosis ??= { diagnose, failureBox };

  // The rest runs for the author's <script src> line only: not when
  // bitview/diagnose.js imports this file as a module, nor without a
  // document (Node), nor a second time.
  const script = typeof document === 'undefined' ? null : document.currentScript;
  if (!script?.src || window.__bitviewLoad) return;
  window.__bitviewLoad = true;
  const base = new URL('.', script.src);
  // The modules the line imports; each imports others from its folder.
  const MODULES = ['bitview-markdown.js', 'bitview-element.js'];
  // The relative imports of a module's text: import … from, export … from,
  // import '…' and import(), each at the start of a statement (not in a
  // comment).
  const IMPORTS = /(?:^|[;\n])\s*(?:(?:import|export)\b[^'"`;]*?\bfrom\s*|import\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  // The blocks bitview-markdown.js upgrades, to put a box above (its BLOCKS).
  const BLOCKS = 'pre > code.language-bitboard, pre.language-bitboard, div.language-bitboard pre';
  // The wrappers prerender writes a block's figure into (Go's blockWrapper).
  const WRAPPERS = 'div.language-bitboard, div.highlight-bitboard';
  // The wrappers that show a prerendered figure in their shadow root, as
  // the parser wrote them: a framework hydrating the page may write their
  // blocks anew before the modules below load (Docusaurus's React does),
  // and bitview-markdown.js then takes each figure from its old wrapper
  // (bitview/wrapper.js, adoptOrphan) instead of drawing it with the wasm.
  const prerendered = (w) => !!w?.shadowRoot?.firstElementChild?.matches('style[data-bitview="wrapper"]');
  globalThis.__bitviewPrerendered = [...document.querySelectorAll(WRAPPERS)].filter(prerendered);

  // The elements' fallback text gives way now (see above); an element
  // holding a prerendered figure for browsers without declarative shadow
  // roots keeps showing it.
  for (const el of document.querySelectorAll('bitboard-view')) {
    if (!el.shadowRoot && !customElements.get('bitboard-view') && !el.querySelector(':scope > img[data-bitview-figure], :scope > svg')) {
      try {
        el.attachShadow({ mode: 'open' });
      } catch {} // the element is another script's: its text stays
    }
  }

  // fail writes the box of d into every element and above every block.
  function fail(d) {
    const text = d.fix ? `${d.message} ${d.fix}` : d.message;
    const targets = [...document.querySelectorAll('bitboard-view')];
    for (const found of document.querySelectorAll(BLOCKS)) targets.push(found.closest('pre'));
    for (const el of targets) {
      if (el.localName === 'bitboard-view') {
        // A prerendered element shows its shadow root, where the box goes.
        const root = el.shadowRoot ?? el;
        if (!customElements.get('bitboard-view')) el.style.display = 'block'; // an element never defined is inline
        [...root.children].find((c) => c.matches('.failed'))?.remove(); // (:scope matches nothing in a shadow root)
        root.prepend(failureBox(d));
        el.dispatchEvent(new CustomEvent('bitview-error', { bubbles: true, composed: true, detail: { message: text, field: 0, offset: -1, fieldName: '' } }));
      } else if (prerendered(el.closest(WRAPPERS))) {
        // A block whose wrapper shows its prerendered figure in a shadow
        // root (bitview/wrapper.js): the box goes there, above the figure.
        const root = el.closest(WRAPPERS).shadowRoot;
        [...root.children].find((c) => c.matches('.failed'))?.remove(); // (:scope matches nothing in a shadow root)
        root.firstElementChild.after(failureBox(d));
      } else if (!el.previousElementSibling?.matches('.failed')) {
        el.before(failureBox(d));
      }
    }
  }

  // explain finds the first module that cannot be loaded, following the
  // imports of those that can (64 modules at most), and writes why; when
  // each loads now, the error of the import is all there is to say.
  async function explain(err) {
    const queue = MODULES.map((name) => new URL(name, base).href);
    for (let i = 0; i < queue.length && i < 64; i++) {
      const d = await diagnose(queue[i]).catch(() => null);
      if (d && d.cause !== 'loads') return fail(d);
      if (!d) continue;
      const text = await fetch(queue[i]).then((r) => r.text(), () => '');
      for (const m of text.matchAll(IMPORTS)) {
        const next = new URL(m[1], queue[i]).href;
        if (!queue.includes(next)) queue.push(next);
      }
    }
    fail({ cause: 'loads', message: `Bitview could not start from ${base.href}: ${err?.message ?? err}.`, fix: 'Reload the page.' });
  }

  const ready = document.readyState === 'loading' ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true })) : Promise.resolve();
  Promise.all(MODULES.map((name) => import(new URL(name, base).href)))
    .then(() => undefined, (err) => ready.then(() => explain(err)));
})();
