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
//   maintenance"), or when a request has had no answer within
//   NETWORK_TIMEOUT_MS (a server that accepts connections and never
//   answers, a stalled link, a server that answers the page but stalls
//   on bitview.wasm): a page's own request then gets the cached page, and
//   the cache answers for the rest of that page's life, so an offline
//   page never mixes two builds; another file gets the cached copy when
//   it is byte for byte the one the server serves now (its SHA-256 is the
//   one the server's sw-version.js lists, read when the page loaded), so
//   a page the network loaded never gets another build's file. A file the
//   cache does not hold, or holds from another build, waits for the
//   network however slow it is. A rebuilt site is what the next visit
//   shows.
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
 * Absolute URL → the file's name in sw-version.js: every file of the
 * build that sw-version.js lists (what the page, the tutorial and the
 * perft worker fetch from this folder, and the rest of Bitview's copy:
 * wasm/browser's TestWorkerCoversEveryFetch checks the first), the page as
 * its folder's URL, which is the one the server answers (index.html
 * redirects there).
 */
const NAMES = new Map(Object.keys(self.bitviewBuild.files).map((f) => [new URL(f === 'index.html' ? './' : f, SCOPE).href, f]));

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
      const res = await fromNetwork(req, cachedCopy, navigate, NAMES.get(name));
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

/** What fromNetwork's waits resolve to besides a response. */
const LATE = Symbol('late');
const FROM_CACHE = Symbol('from the cache');

/**
 * fromNetwork fetches req and returns the network's answer, or null when
 * the cache is to answer: the network failed, or it answered with a
 * server error (5xx) and cachedCopy (a promise of the cached response,
 * or undefined) has the file, or it gave no answer within
 * NETWORK_TIMEOUT_MS and the cached copy is one to use instead: for a
 * page (navigate), any; for another file (file, its name in
 * sw-version.js), one whose SHA-256 is the one the server now lists for
 * it (see sameAsServer), which may become known after the timeout, while
 * the network's answer is still awaited. Without such a copy the
 * network's answer is awaited and returned, whatever it is.
 */
async function fromNetwork(req, cachedCopy, navigate, file) {
  const answer = fetch(req).catch(() => null);
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(LATE), NETWORK_TIMEOUT_MS); });
  let res = await Promise.race([answer, late]);
  clearTimeout(timer);
  if (res === LATE) {
    const usable = navigate ? cachedCopy.then(Boolean) : sameAsServer(file, cachedCopy);
    res = await Promise.race([answer, usable.then((ok) => (ok ? FROM_CACHE : answer))]);
    if (res === FROM_CACHE) return null; // the request goes on unseen; the cache answers now
  }
  if (res && res.status >= 500 && await cachedCopy) return null;
  return res;
}

/**
 * The server's sw-version.js as last read: a promise of {status, files},
 * files its {name: SHA-256} (null when it could not be read or parsed).
 * It is read again for each page the network loads (checkSite), and when
 * a file's request stalls and the last read failed.
 */
let serverVersion = null;

/** readServerVersion reads the server's sw-version.js into serverVersion. */
function readServerVersion() {
  serverVersion = fetch(new Request(new URL('sw-version.js', SCOPE), { cache: 'no-store' }))
    .then(async (res) => ({ status: res.status, files: res.ok ? parseVersion(await res.text()) : null }))
    .catch(() => ({ status: 0, files: null }));
  return serverVersion;
}

/**
 * parseVersion reads the files' hashes from a sw-version.js as make writes
 * it (wasm/webbuild): one `"NAME": "SHA-256",` line per file. It is read,
 * not run: the worker's own is the one it imported.
 */
function parseVersion(text) {
  const files = {};
  for (const m of text.matchAll(/^\s*("(?:[^"\\\n]|\\.)*")\s*:\s*"([0-9a-f]{64})",?\s*$/gm)) {
    try {
      files[JSON.parse(m[1])] = m[2];
    } catch {
      return null;
    }
  }
  return files;
}

/**
 * sameAsServer resolves to whether the cached copy (a promise of a
 * response, or undefined) of file is byte for byte what the server
 * serves now: its SHA-256, kept beside it, is the one the server's
 * sw-version.js lists. It never resolves to true when that cannot be
 * told (sw-version.js unreadable).
 */
async function sameAsServer(file, cachedCopy) {
  const cached = await cachedCopy;
  const hash = cached?.headers.get(HASH);
  if (!hash) return false;
  let version = await (serverVersion ?? readServerVersion());
  if (!version.files) version = await readServerVersion();
  return version.files?.[file] === hash;
}

/**
 * checkSite asks the server whether this worker's site is still there:
 * when sw.js or sw-version.js answers 404 or 410, the worker retires. Any
 * other answer, or none (offline), changes nothing; a new sw-version.js is
 * the browser's update check's business. The sw-version.js read is kept
 * (serverVersion) for sameAsServer.
 */
async function checkSite() {
  const version = await readServerVersion();
  let sw;
  try {
    sw = await fetch(new Request(new URL('sw.js', SCOPE), { method: 'HEAD', cache: 'no-store' }));
  } catch {
    return;
  }
  for (const [file, status] of [['sw.js', sw.status], ['sw-version.js', version.status]]) {
    if (status === 404 || status === 410) {
      await retire(`${file} answers ${status}`);
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

// precache fills this version's cache with every file of NAMES, each from
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
