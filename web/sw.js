// sw.js: Bitview's service worker. After the first visit the page and the
// tutorial work with the network off: the worker keeps the files they need
// in a cache and answers their requests from it.
//
// Only the page (main.js) and the tutorial (tutorial.js) register it, and
// only for their own folder (its scope: the folder of this file), so a site
// that embeds <bitboard-view> or embed.html never gets it. Every URL is
// resolved against that scope, so Bitview may live in any folder of any
// origin; two copies on one origin keep separate caches.
//
// Versions: make writes sw-version.js beside this file (see the Makefile):
// the SHA-256 of every built file and a version made from them. The browser
// checks sw.js and its imported scripts on every visit (updateViaCache
// 'none', so no HTTP cache is in the way); when a build changed any file,
// sw-version.js differs, and the new worker fills a new cache named after
// the new version: a file whose hash is unchanged is copied from the old
// cache, the others are downloaded and checked against their hash (a file
// that does not match, say from a deploy in progress, fails the install,
// and the old version keeps serving). The new worker then takes over at
// once (skipWaiting, clients.claim) and deletes the old caches of its scope,
// so a new build lands on the next visit. A page open during the switch
// keeps what it already loaded; the page and the tutorial load all their
// files at start, so they never mix versions.
importScripts('sw-version.js'); // defines self.bitviewBuild = {version, files: {name: sha256}}

/** The folder this worker serves, ending in "/". */
const SCOPE = self.registration.scope;

/** Every cache of this scope's name starts so; the version follows. */
const PREFIX = `bitview ${SCOPE} `;

/** This version's cache. */
const CACHE = PREFIX + self.bitviewBuild.version;

/** The header that keeps each cached file's SHA-256 beside it. */
const HASH = 'X-Bitview-SHA256';

/**
 * The files cached, relative to the scope: the page (as its folder's URL,
 * which is the one the server answers; index.html redirects there), the
 * tutorial, their scripts and styles, the wasm and the piece images.
 */
const FILES = [
  './', 'tutorial.html',
  'main.js', 'prerender.js', 'tutorial.js', 'bitview.js', 'bitview-element.js', 'wasm_exec.js', 'bitview.wasm',
  'view.css', 'style.css', 'repr.css', 'tutorial.css',
  ...['K', 'Q', 'R', 'B', 'N', 'P'].flatMap((p) => [`pieces/chessnut/w${p}.svg`, `pieces/chessnut/b${p}.svg`]),
];

/** Absolute URL → the file's name in sw-version.js. */
const NAMES = new Map(FILES.map((f) => [new URL(f, SCOPE).href, f === './' ? 'index.html' : f]));

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  const search = url.search;
  url.search = '';
  url.hash = '';
  if (url.href === SCOPE + 'index.html' && req.mode === 'navigate') {
    // As the server does: the page's URL is its folder's.
    event.respondWith(Response.redirect(SCOPE + search, 301));
    return;
  }
  if (!NAMES.has(url.href)) return; // anything else goes to the network as usual
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(url.href, { ignoreVary: true })) ?? fetch(req);
  })());
});

// precache fills this version's cache with every file of FILES, each from
// an older cache of this scope if its hash there is the same, else from the
// network, checked against its hash. Any failure fails the install.
async function precache() {
  const cache = await caches.open(CACHE);
  const olds = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  await Promise.all([...NAMES].map(async ([url, name]) => {
    const hash = self.bitviewBuild.files[name];
    if (!hash) throw new Error(`sw-version.js has no hash for ${name}`);
    if ((await cache.match(url))?.headers.get(HASH) === hash) return;
    for (const old of olds) {
      const res = await (await caches.open(old)).match(url);
      if (res?.headers.get(HASH) === hash) return cache.put(url, res);
    }
    // no-cache: the HTTP cache may answer, but only after the server says
    // its copy is current (a 304 costs no body).
    const res = await fetch(new Request(url, { cache: 'no-cache' }));
    if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
    const body = await res.arrayBuffer();
    const got = hex(await crypto.subtle.digest('SHA-256', body));
    if (got !== hash) throw new Error(`${url} has SHA-256 ${got}, sw-version.js says ${hash}`);
    // The body is decoded: the coding and length headers no longer describe it.
    const headers = new Headers(res.headers);
    for (const h of ['Content-Encoding', 'Content-Length', 'Vary']) headers.delete(h);
    headers.set(HASH, hash);
    return cache.put(url, new Response(body, { status: 200, statusText: res.statusText, headers }));
  }));
}

function hex(buf) {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}
