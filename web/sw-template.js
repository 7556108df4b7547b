// Yunnori's service worker: keeps the app (page, scripts, WebAssembly, icons) so a local
// game starts with no network. The list of files is the build's own (vite.config.ts
// writes it in place of PRECACHE); a new build is a new cache, the old one is dropped.
const CACHE = 'yunnori-__VERSION__';
const PRECACHE = __PRECACHE__;
// The bots' networks (a hard bot's evaluation, one per trained table). PRECACHE holds the
// one the default table reads; the rest stay out of a first visit (a guest who came by a
// room link never needs them) and are kept in a cache of their own, which outlives builds
// since their names carry their content's hash: by the core's worker once a game has
// fetched one, or all of them when the page asks (`keepNets`: the app was installed).
// The core's worker writes to this cache by the same name (vite.config.ts names it).
const NETS_CACHE = __NETS_CACHE__;
const NETS = __NETS__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('yunnori-') && k !== CACHE && k !== NETS_CACHE).map((k) => caches.delete(k))),
      )
      .then(() => dropOldNets())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'keepNets') event.waitUntil(keepNets());
});

/// Networks of earlier builds that this one no longer names.
async function dropOldNets() {
  const cache = await caches.open(NETS_CACHE);
  const names = new Set(NETS);
  const old = (await cache.keys()).filter((r) => !names.has(new URL(r.url).pathname));
  await Promise.all(old.map((r) => cache.delete(r)));
}

/// Every network not kept yet; one that fails to download is tried again at the next ask.
async function keepNets() {
  const cache = await caches.open(NETS_CACHE);
  await Promise.allSettled(
    NETS.map(async (path) => {
      if (await caches.match(path, { ignoreVary: true })) return;
      const res = await fetch(path);
      if (res.ok) await cache.put(path, res);
    }),
  );
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    // The page: the network's newest when there is one, else the kept one (a room link
    // /r/CODE opens the same page).
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok && url.pathname === '/') void caches.open(CACHE).then((c) => c.put('/', res.clone()));
          return res;
        })
        .catch(() => caches.match('/', { cacheName: CACHE, ignoreVary: true }).then((r) => r || Response.error())),
    );
    return;
  }
  // Kept files by their address alone: a module script's request carries an Origin
  // header that a server's `Vary: Origin` would otherwise tell apart from the kept one.
  event.respondWith(
    caches
      .match(req, { cacheName: CACHE, ignoreVary: true })
      .then((hit) => hit || caches.match(req, { cacheName: NETS_CACHE, ignoreVary: true }))
      .then((hit) => hit || fetch(req)),
  );
});
