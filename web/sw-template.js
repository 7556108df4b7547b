// Yunnori's service worker: keeps the app (page, scripts, WebAssembly, icons) so a local
// game starts with no network. The list of files is the build's own (vite.config.ts
// writes it in place of PRECACHE); a new build is a new cache, the old one is dropped.
const CACHE = 'yunnori-__VERSION__';
const PRECACHE = __PRECACHE__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('yunnori-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

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
  event.respondWith(caches.match(req, { cacheName: CACHE, ignoreVary: true }).then((hit) => hit || fetch(req)));
});
