// The app shell's service worker: the page and its hashed assets are cached so a reload on a
// flaky connection still shows the game (which then says "reconnecting"). The API is never
// cached and nothing is queued: the server stays the authority over every move.
const CACHE = 'patience-shell-v1';
const SHELL = ['/index.html', '/manifest.webmanifest', '/icon.svg'];
const NAV_TIMEOUT_MS = 3000;

async function cacheShell() {
  const cache = await caches.open(CACHE);
  const page = await fetch('/index.html', { cache: 'no-store' });
  const html = await page.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.put('/index.html', page);
  await cache.addAll([...SHELL.slice(1), ...assets]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** The network's page (kept for next time), or the cached shell when the network fails or hangs. */
async function navigate(request) {
  const cache = await caches.open(CACHE);
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), NAV_TIMEOUT_MS));
  try {
    const response = await Promise.race([fetch(request), timeout]);
    if (response.ok) await cache.put('/index.html', response.clone());
    return response;
  } catch {
    return (await cache.match('/index.html')) ?? Response.error();
  }
}

/** Hashed assets never change: the cache first, the network (then kept) otherwise. */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method !== 'GET' ||
    url.origin !== self.location.origin ||
    url.pathname.startsWith('/api/')
  )
    return;
  if (event.request.mode === 'navigate') event.respondWith(navigate(event.request));
  else if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname))
    event.respondWith(asset(event.request));
});
