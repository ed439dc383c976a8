// diagnose.js: why one of Bitview's files could not be loaded, asked of
// the server again, for the failure boxes of the element, the Markdown
// loader and the page.

import { home } from './base.js';

// The types a browser accepts for each kind of Bitview's files: a module
// script only with a JavaScript MIME type, a stylesheet only as text/css
// (the wasm is told by its first bytes, "\0asm").
const EXPECTED = {
  js: { name: 'JavaScript', type: 'text/javascript', ok: /^(text|application)\/(x-)?(javascript|ecmascript)\b/i },
  css: { name: 'a stylesheet', type: 'text/css', ok: /^text\/css\b/i },
  wasm: { name: 'WebAssembly', type: 'application/wasm', ok: /^application\/wasm\b/i },
};

/**
 * Tells why one of Bitview's files (or the element's own script) could
 * not be loaded, by asking for it again: a CORS request first, then, when
 * that fails, one that needs no CORS header (which succeeds when the site
 * answers but sends no Access-Control-Allow-Origin). It reads at most the
 * first 512 bytes of the answer.
 * @param {string|URL} url the file that failed
 * @returns {Promise<{cause: 'not-found'|'no-cors'|'mime'|'html'|'offline'|'http'|'loads', url: string, status: number, type: string, message: string, fix: string}>}
 *   cause names what went wrong; message says it, naming the URL; fix says what to do
 */
export async function diagnose(url) {
  const u = new URL(url, globalThis.document?.baseURI ?? home);
  const href = u.href;
  const ext = /\.(m?js|css|wasm)$/i.exec(u.pathname)?.[1].toLowerCase().replace('mjs', 'js') ?? 'js';
  const want = EXPECTED[ext];
  const here = globalThis.location?.origin ?? '';
  const selfHost = 'run make dist in a clone of Bitview, copy dist/ whole to your site (e.g. to /bitview/) and load /bitview/bitview-load.js';
  const result = (cause, status, type, message, fix) => ({ cause, url: href, status, type, message, fix });
  let response;
  try {
    response = await fetch(href, { mode: 'cors', cache: 'no-store' });
  } catch {
    try {
      await fetch(href, { mode: 'no-cors', cache: 'no-store' });
    } catch {
      const offline = globalThis.navigator?.onLine === false;
      return result('offline', 0, '', offline
        ? `Bitview could not load ${href}: this browser is offline.`
        : `Bitview could not load ${href}: ${u.host} cannot be reached (it is down, or the network blocks it).`,
      offline ? `Reload the page once the network is back. To host Bitview yourself, ${selfHost}.`
        : `Check the address. To host Bitview yourself, ${selfHost}.`);
    }
    return result('no-cors', 0, '', `Bitview could not load ${href}: ${u.origin} answers without an Access-Control-Allow-Origin header, so this page (${here}) may not use its files.`,
      `Make ${u.origin} send Access-Control-Allow-Origin: * for Bitview's files (npm CDNs and Bitview's serve.go do; how on nginx, Apache, Caddy and Netlify: Bitview's web/sites/README.md), or host Bitview on this site: ${selfHost}.`);
  }
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  const start = await firstBytes(response, 512);
  if (response.status === 404 || response.status === 410) {
    const pkg = /\/(?:npm\/)?bitview@([^/]+)\//.exec(u.pathname);
    return result('not-found', response.status, type, `Bitview could not load ${href}: not found (HTTP ${response.status}).`, pkg
      ? `Version ${pkg[1]} of the bitview package may not be published yet, or the path is wrong. Until it is published, ${selfHost}.`
      : `The path is wrong: check the script's src, or call setBaseURL('/path/to/bitview/') from bitview-element.js before the first element draws. To host Bitview yourself, ${selfHost}.`);
  }
  if (!response.ok) {
    return result('http', response.status, type, `Bitview could not load ${href}: the server answered HTTP ${response.status} ${response.statusText}.`,
      `Ask the site's owner, or host Bitview yourself: ${selfHost}.`);
  }
  const text = new TextDecoder().decode(start).trimStart().toLowerCase();
  const isWasm = start[0] === 0 && start[1] === 0x61 && start[2] === 0x73 && start[3] === 0x6d;
  if (type === 'text/html' || (!isWasm && (text.startsWith('<!doctype html') || text.startsWith('<html')))) {
    return result('html', response.status, type, `Bitview could not load ${href}: the server answered an HTML page (${type || 'no type'}), not ${want.name}.`,
      `The file is not at that path (the site answers unknown paths with a page): check the path, or call setBaseURL('/path/to/bitview/'). To host Bitview yourself, ${selfHost}.`);
  }
  if (ext === 'wasm' ? !isWasm : !want.ok.test(type)) {
    return result('mime', response.status, type, ext === 'wasm'
      ? `Bitview could not load ${href}: it is not WebAssembly (it does not start with \\0asm; served as ${type || 'no type'}).`
      : `Bitview could not load ${href}: it is served as ${type || 'no type'}, and browsers take ${want.name} only as ${want.type}.`,
    'Make the server send .js as text/javascript, .css as text/css and .wasm as application/wasm, and each file of dist/ as it is.');
  }
  return result('loads', response.status, type, `Bitview could not load ${href}, which loads now.`, 'Reload the page.');
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
