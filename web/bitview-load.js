// bitview-load.js: the one line a page needs for Bitview's figures.
//
//   <script src="/bitview/bitview-load.js" defer></script>
//
// It is a classic script, not a module, so that it runs wherever a
// <script src> runs: from another site that sends no CORS header, in
// MkDocs's extra_javascript, from a template. It imports, from its own
// folder, bitview-markdown.js (every ```bitboard block becomes a
// <bitboard-view>) and bitview-element.js (which draws each element and
// finds bitview.wasm, wasm_exec.js, view.css and the pieces beside
// itself). A page may hold the line more than once (a Hugo render hook
// writes it with each block): it runs once.
//
// When a module cannot be imported (from another site without an
// Access-Control-Allow-Origin header, a file missing, a wrong MIME type,
// an HTML page where the file should be, no network), it asks for each
// file again to tell why (as diagnose of bitview.js does, which it cannot
// import: it is what failed) and writes a box naming the URL, the cause
// and the fix at the top of every <bitboard-view> and above every
// bitboard block, and sends bitview-error from each. Once the modules are
// in, the element explains its own failures (the wasm, view.css).
(() => {
  if (window.__bitviewLoad) return;
  window.__bitviewLoad = true;
  const script = document.currentScript;
  if (!script?.src) return; // not from a <script src>: nothing to load from
  const base = new URL('.', script.src);
  // The modules the line imports; each imports others from its folder.
  const MODULES = ['bitview-markdown.js', 'bitview-element.js'];
  // The relative imports of a module's text: import … from, export … from
  // and import(), each at the start of a statement (not in a comment).
  const IMPORTS = /(?:^|[;\n])\s*(?:(?:import|export)\b[^'"`;]*?\bfrom\s*|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  // The blocks bitview-markdown.js upgrades (its BLOCKS).
  const BLOCKS = 'pre > code.language-bitboard, pre.language-bitboard, div.language-bitboard pre';
  const SELF_HOST = "run make dist in a clone of Bitview, copy dist/ whole to your site (e.g. to /bitview/) and load /bitview/bitview-load.js";

  // diagnose tells why url could not be loaded as a module: a CORS request
  // first, then one that needs no CORS header. It answers
  // {cause, message, fix}, with diagnose's causes and words.
  async function diagnose(url) {
    const u = new URL(url);
    const say = (cause, what, fix) => ({ cause, message: `Bitview could not load ${u.href}: ${what}`, fix });
    let r;
    try {
      r = await fetch(u, { mode: 'cors', cache: 'no-store' });
    } catch {
      try {
        await fetch(u, { mode: 'no-cors', cache: 'no-store' });
      } catch {
        return navigator.onLine === false
          ? say('offline', 'this browser is offline.', `Reload the page once the network is back. To host Bitview yourself, ${SELF_HOST}.`)
          : say('offline', `${u.host} cannot be reached (it is down, or the network blocks it).`, `Check the address. To host Bitview yourself, ${SELF_HOST}.`);
      }
      return say('no-cors', `${u.origin} answers without an Access-Control-Allow-Origin header, so this page (${location.origin}) may not use its files.`,
        `Make ${u.origin} send Access-Control-Allow-Origin: * for Bitview's files (npm CDNs and Bitview's serve.go do; how on nginx, Apache, Caddy and Netlify: Bitview's web/sites/README.md), or host Bitview on this site: ${SELF_HOST}.`);
    }
    const type = (r.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
    const text = r.ok ? await r.text() : '';
    const start = text.slice(0, 512).trimStart().toLowerCase();
    if (r.status === 404 || r.status === 410) {
      const pkg = /\/(?:npm\/)?bitview@([^/]+)\//.exec(u.pathname);
      return say('not-found', `not found (HTTP ${r.status}).`, pkg
        ? `Version ${pkg[1]} of the bitview package may not be published yet, or the path is wrong. Until it is published, ${SELF_HOST}.`
        : `The path is wrong: check the script's src, or call setBaseURL('/path/to/bitview/') from bitview-element.js before the first element draws. To host Bitview yourself, ${SELF_HOST}.`);
    }
    if (!r.ok) return say('http', `the server answered HTTP ${r.status} ${r.statusText}.`, `Ask the site's owner, or host Bitview yourself: ${SELF_HOST}.`);
    if (type === 'text/html' || start.startsWith('<!doctype html') || start.startsWith('<html')) {
      return say('html', `the server answered an HTML page (${type || 'no type'}), not JavaScript.`,
        `The file is not at that path (the site answers unknown paths with a page): check the path, or call setBaseURL('/path/to/bitview/'). To host Bitview yourself, ${SELF_HOST}.`);
    }
    if (!/^(text|application)\/(x-)?(javascript|ecmascript)\b/.test(type)) {
      return say('mime', `it is served as ${type || 'no type'}, and browsers take JavaScript only as text/javascript.`,
        'Make the server send .js as text/javascript, .css as text/css and .wasm as application/wasm, and each file of dist/ as it is.');
    }
    return { ...say('loads', 'it loads now.', 'Reload the page.'), text };
  }

  // fail writes the box of d into every element and above every block.
  function fail(d) {
    const text = `${d.message} ${d.fix}`;
    const box = () => {
      const p = document.createElement('p');
      p.className = 'failed';
      p.setAttribute('role', 'alert');
      p.dataset.cause = d.cause;
      p.style.cssText = 'display:block;min-height:3rem;margin:0 0 .5rem;padding:.6rem .8rem;border:2px solid #b42318;border-radius:6px;' +
        'background:#fff4d6;color:#7a1a10;font:14px/1.45 system-ui,sans-serif;overflow-wrap:anywhere';
      p.textContent = text;
      return p;
    };
    const targets = [...document.querySelectorAll('bitboard-view')];
    for (const found of document.querySelectorAll(BLOCKS)) targets.push(found.closest('pre'));
    for (const el of targets) {
      if (el.localName === 'bitboard-view') {
        // A prerendered element shows its shadow root, where the box goes;
        // an element never defined is inline, and would not hold it.
        const root = el.shadowRoot ?? el;
        if (!customElements.get('bitboard-view')) el.style.display = 'block';
        root.querySelector(':scope > .failed')?.remove();
        root.prepend(box());
        el.dispatchEvent(new CustomEvent('bitview-error', { bubbles: true, composed: true, detail: { message: text, field: 0, offset: -1, fieldName: '' } }));
      } else if (!el.previousElementSibling?.matches('.failed')) {
        el.before(box());
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
      for (const m of d?.text?.matchAll(IMPORTS) ?? []) {
        const next = new URL(m[1], queue[i]).href;
        if (!queue.includes(next)) queue.push(next);
      }
    }
    fail({ cause: 'loads', message: `Bitview could not start from ${base.href}: ${err?.message ?? err}.`, fix: 'Reload the page.' });
  }

  const ready = document.readyState === 'loading' ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true })) : Promise.resolve();
  Promise.all([import(new URL(MODULES[0], base).href), import(new URL('bitview-element.js', base).href)])
    .then(() => undefined, (err) => ready.then(() => explain(err)));
})();
