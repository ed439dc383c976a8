// sw.js: Bitview's service worker. After the first visit the page and the
// tutorial work with the network off: the worker keeps the files they need
// in a cache and answers their requests from it when the network cannot.
//
// Only the page (main.js) and the tutorial (tutorial.js) register it
// (through sw-register.js), and only for their own folder (its scope: the
// folder of this file), so a site that embeds <bitboard-view> or
// embed.html never gets it. Every URL is resolved against that scope, so
// Bitview may live in any folder of any origin; two copies on one origin
// keep separate caches.
//
// It can never pin a stale site:
//
// - Network first. Every request of the page, the tutorial and the perft
//   worker goes to the network as if there were no worker; the cache
//   answers only when the network fails (offline, the server down), when
//   it answers a cached file with a server error (5xx: "down for
//   maintenance"), or when a page's own request has had no answer within
//   NETWORK_TIMEOUT_MS (a server that accepts connections and never
//   answers, a stalled link) and the page is cached; for a page, the
//   cache then answers for the rest of that page's life, so an offline
//   page never mixes two builds. The other files of a page the network
//   loaded wait for the network however slow it is (the cache may hold
//   another build's), and so does a file not cached. A rebuilt site is
//   what the next visit shows.
// - A kill switch. After each visit's page, the worker asks the server
//   for sw.js and sw-version.js; when either is gone (404 or 410: the
//   site was replaced or moved), it deletes its caches and unregisters
//   itself. So does an install that finds a file whose SHA-256 is not the
//   one sw-version.js gives (a host that alters files after the build, a
//   half-finished upload), or a listed file gone: offline copies it
//   cannot check are worse than none. (A file whose hash the new version
//   shares with the cache is copied, not downloaded: a host's change to
//   it goes unseen, and offline the page gets the build's copy.)
// - One cache. A new version's worker deletes the caches of the versions
//   before it when it takes over.
//
// Versions: make writes sw-version.js beside this file (see the Makefile):
// the SHA-256 of every built file and a version made from them. The browser
// checks sw.js and its imported scripts on every visit (updateViaCache
// 'none', so no HTTP cache is in the way); when a build changed any file,
// sw-version.js differs, and the new worker fills a new cache named after
// the new version: a file whose hash is unchanged is copied from the old
// cache, the others are downloaded and checked against their hash. The new
// worker then takes over at once (skipWaiting, clients.claim).
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
 * The files cached, relative to the scope: every file the page (as its
 * folder's URL, which is the one the server answers; index.html redirects
 * there), the tutorial and the perft worker fetch from this folder, with
 * every panel open (wasm/browser's TestWorkerCoversEveryFetch lists them).
 */
const FILES = [
  './', 'tutorial.html',
  'main.js', 'prerender.js', 'tutorial.js', 'sw-register.js', 'bitview.js', 'bitview-element.js', 'bitview-options.js', 'wasm_exec.js', 'bitview.wasm',
  ...['base', 'load', 'api', 'wire', 'args', 'views', 'events', 'card', 'diagnose', 'export'].map((m) => `bitview/${m}.js`), // bitview.js's modules
  'perft-worker.js',
  'view.css', 'style.css', 'repr.css', 'tutorial.css',
  ...['K', 'Q', 'R', 'B', 'N', 'P'].flatMap((p) => [`pieces/chessnut/w${p}.svg`, `pieces/chessnut/b${p}.svg`]),
];

/** Absolute URL → the file's name in sw-version.js. */
const NAMES = new Map(FILES.map((f) => [new URL(f, SCOPE).href, f === './' ? 'index.html' : f]));

/**
 * How long a request waits for the network's answer (its status and
 * headers; the body may take longer) before a cached copy answers: a few
 * seconds, longer than a slow but working server takes to start answering.
 */
const NETWORK_TIMEOUT_MS = 4000;

/** Why a cached copy cannot be trusted; the install that meets it retires the worker. */
class Mismatch extends Error {}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting(), async (err) => {
    if (err instanceof Mismatch) await retire(err.message);
    throw err; // the install fails; the network keeps serving the site
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/**
 * The clients (pages, the perft worker) whose own page the network failed
 * to load: the cache answers all their requests, so they run one build.
 * A worker stopped for idleness forgets them; their requests then try the
 * network again, which still fails, and get the cache.
 */
const offline = new Set();

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  url.search = '';
  url.hash = '';
  const navigate = req.mode === 'navigate';
  let name = url.href;
  if (navigate && name === SCOPE + 'index.html') name = SCOPE; // as the server redirects it
  if (!NAMES.has(name)) return; // anything else goes to the network as usual
  const client = navigate ? event.resultingClientId : event.clientId;
  event.respondWith((async () => {
    // caches.match, not caches.open: opening the cache would make it
    // again after retire deleted it.
    const cachedCopy = caches.match(name, { cacheName: CACHE, ignoreVary: true });
    if (!offline.has(client)) {
      const res = await fromNetwork(req, cachedCopy, navigate);
      if (res) {
        if (navigate) event.waitUntil(checkSite());
        return res;
      }
      // A page the network failed to load runs from the cache from now
      // on; a single request of a page that the network loaded gets the
      // cache's copy of its file, which is better than none.
      if (navigate) offline.add(client);
    }
    const cached = await cachedCopy;
    if (cached && navigate && url.href !== name) return Response.redirect(SCOPE + new URL(req.url).search, 301);
    return cached ?? Response.error();
  })());
});

/**
 * fromNetwork fetches req and returns the network's answer, or null when
 * the cache is to answer: the network failed, or it answered with a
 * server error (5xx) and cachedCopy (a promise of the cached response,
 * or undefined) has the file, or, for a page (navigate), it gave no
 * answer within NETWORK_TIMEOUT_MS and cachedCopy has the page. Without a
 * cached copy the network's answer is awaited and returned, whatever it is.
 */
async function fromNetwork(req, cachedCopy, navigate) {
  const answer = fetch(req).catch(() => null);
  if (!navigate) {
    const res = await answer;
    return res && res.status >= 500 && await cachedCopy ? null : res;
  }
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve('late'), NETWORK_TIMEOUT_MS); });
  let res = await Promise.race([answer, late]);
  clearTimeout(timer);
  if (res === 'late') {
    if (await cachedCopy) return null; // the request goes on unseen; the cache answers now
    res = await answer;
  }
  if (res && res.status >= 500 && await cachedCopy) return null;
  return res;
}

/**
 * checkSite asks the server whether this worker's site is still there:
 * when sw.js or sw-version.js answers 404 or 410, the worker retires. Any
 * other answer, or none (offline), changes nothing; a new sw-version.js is
 * the browser's update check's business.
 */
async function checkSite() {
  for (const file of ['sw.js', 'sw-version.js']) {
    let res;
    try {
      res = await fetch(new Request(new URL(file, SCOPE), { method: 'HEAD', cache: 'no-store' }));
    } catch {
      return;
    }
    if (res.status === 404 || res.status === 410) {
      await retire(`${file} answers ${res.status}`);
      return;
    }
  }
}

/**
 * retire deletes every cache of this scope and unregisters the worker: the
 * pages it controls keep running, and every later visit goes to the
 * network as if Bitview had never been visited (the page registers the
 * worker again, which installs only if the site checks out; a page the
 * worker controls does not, see sw-register.js).
 */
async function retire(why) {
  console.warn(`Bitview's offline copy is deleted: ${why}`);
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX)) await caches.delete(name);
  }
  // Not awaited: the browser runs the unregistration after the job at
  // hand, and during an install that job is the install itself, which
  // waits for this function.
  self.registration.unregister().catch(() => {});
}

// precache fills this version's cache with every file of FILES, each from
// an older cache of this scope if its hash there is the same, else from the
// network, checked against its hash. A file that does not match its hash,
// or is gone (404, 410), rejects with a Mismatch; other failures (the
// network, a server error) with an Error, for the next visit to retry.
async function precache() {
  // Every cache is opened once, here: opening one by name later could
  // make it again after retire deleted it.
  const cache = await caches.open(CACHE);
  const olds = await Promise.all((await caches.keys())
    .filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.open(name)));
  await Promise.all([...NAMES].map(async ([url, name]) => {
    const hash = self.bitviewBuild.files[name];
    if (!hash) throw new Mismatch(`sw-version.js has no hash for ${name}`);
    if ((await cache.match(url))?.headers.get(HASH) === hash) return;
    for (const old of olds) {
      const res = await old.match(url);
      if (res?.headers.get(HASH) === hash) return cache.put(url, res);
    }
    // no-cache: the HTTP cache may answer, but only after the server says
    // its copy is current (a 304 costs no body).
    const res = await fetch(new Request(url, { cache: 'no-cache' }));
    if (res.status === 404 || res.status === 410) throw new Mismatch(`${url} answers ${res.status}`);
    if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
    const body = await res.arrayBuffer();
    const got = hex(await crypto.subtle.digest('SHA-256', body));
    if (got !== hash) throw new Mismatch(`${url} has SHA-256 ${got}, sw-version.js says ${hash}`);
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
