// The static site's service worker (napoleon site copies it to the site's root): the whole site
// is kept in a cache of its version on the first visit, and every request of the site is
// answered from it, so the games play with the network off. A new version of the site (another
// VERSION, which napoleon site writes below) installs beside the old one and takes over on a later
// visit, when no page of the old one is open; the games and statistics are in IndexedDB, not
// here, and stay.

const VERSION = "dev";
const CACHE = `napoleon-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch("site.json", { cache: "no-store" });
    const site = await response.json();
    const cache = await caches.open(CACHE);
    await cache.addAll(site.files.map((f) => new Request(f, { cache: "no-store" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("napoleon-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  })());
});
