// The service worker of a published copy of the page (scripts/publish): once the page has been
// opened, it and its lessons keep working with the network gone (a hall's Wi-Fi).
//
// scripts/publish writes this file into the published folder with VERSION set to a hash of the
// published files and FILES to their list; main.js registers it only there (the published
// index.html carries <meta name="impartial-version">), never from the repository (scripts/serve,
// the browser tests), so development is never served from a cache.
//
// Network first, the cache when the network fails: a page that is online always gets the
// files on the server (so a stale worker can never hide a new version or a developer's edit,
// even on an origin a published copy once used), and every file fetched refreshes its copy.
// Cache first would be faster on a slow network, but it would serve the old modules of a
// previous version to a new index.html. When the network hangs rather than fails, the cache
// answers after NETWORK_WAIT_MS. A new publication changes VERSION, so the browser installs
// the new worker (it compares the bytes of sw.js), which fetches every file of the new version
// into a cache of its own and deletes the old ones.

const VERSION = 'dev';
/** Files of the published page, relative to this file (scripts/publish lists them). */
const FILES = [];
const CACHE = `impartial-${VERSION}`;
/** How long a request waits for the network before the cached copy answers. */
const NETWORK_WAIT_MS = 4000;

self.addEventListener('install', (event) => {
  // `reload`: past the HTTP cache, so that the new version's files are the ones cached.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('impartial-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The cached copy of `request` (a navigation to the folder is its index.html). */
async function cached(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit || request.mode !== 'navigate') return hit;
  return cache.match(new URL('index.html', self.registration.scope).href);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve(null), NETWORK_WAIT_MS);
      });
      const network = fetch(request).then(
        async (response) => {
          if (response.ok && response.type === 'basic') {
            const copy = response.clone();
            const cache = await caches.open(CACHE);
            await cache.put(request, copy);
          }
          return response;
        },
        () => null,
      );
      const first = await Promise.race([network, late]);
      clearTimeout(timer);
      if (first) return first;
      const hit = await cached(request);
      if (hit) return hit;
      // Neither: wait for the network after all (its error is the browser's to show).
      return (await network) ?? Response.error();
    })(),
  );
});
