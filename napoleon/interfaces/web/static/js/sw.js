// The static site's service worker (napoleon site copies it to the site's root): the whole site
// is kept in a cache of its version on the first visit, and every request of the site is
// answered from it, so the games play with the network off. A new version of the site (another
// VERSION, which napoleon site writes below) installs beside the old one and takes over on a later
// visit, when no page of the old one is open; the games and statistics are in IndexedDB, not
// here, and stay. Pyodide's files (site.json's "runtime") are kept in a cache of their own, named
// by their digest (RUNTIME, written below too): a new version with the same Pyodide finds them
// there and fetches only its own files.
//
// Every cache's name starts with the worker's scope (PREFIX): two copies of the site served from
// one origin (/napoleon/ and /napoleon-beta/, say) each keep and drop only their own.

const VERSION = "dev";
const RUNTIME = "dev";
const PREFIX = `napoleon:${new URL(self.registration.scope).pathname}:`;
const CACHE = PREFIX + VERSION;
const KEPT = PREFIX + RUNTIME;
// Versions before the scope was in the names called their caches "napoleon-VERSION" and
// "napoleon-pyodide-...": dropped as a newer one takes over, as they were then.
const UNSCOPED = "napoleon-";

const STEP = 10;  // percent: the pages are told the progress of an install at each such step

/** A counter of the bytes an install has received out of ``total``: it tells the site's pages each
 * STEP percent ({type: "progress", percent}); only a first visit's page shows it (backend.js). */
function progress(total) {
  let received = 0;
  let told = -1;
  return (bytes) => {
    received += bytes;
    const percent = total ? Math.min(100, Math.floor((100 * received) / total / STEP) * STEP) : 100;
    if (percent === told) return;
    told = percent;
    self.clients.matchAll({ type: "window", includeUncontrolled: true })
      .then((pages) => pages.forEach((page) => page.postMessage({ type: "progress", percent })));
  };
}

/** The site's ``file`` (relative to this worker) fetched past the browser's HTTP cache and kept in
 * ``cache`` as it came (a copy of it read beside, to count its bytes). */
async function keep(cache, file, counted) {
  const request = new Request(file, { cache: "no-store" });
  const response = await fetch(request);
  if (!response.ok) throw new TypeError(`${file}: ${response.status} ${response.statusText}`);
  const reader = response.clone().body.getReader();
  const counting = (async () => {
    for (let part = await reader.read(); !part.done; part = await reader.read()) counted(part.value.byteLength);
  })();
  await Promise.all([cache.put(request, response), counting]);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch("site.json", { cache: "no-store" });
    const site = await response.json();
    const runtime = new Set(site.runtime.files);
    const [cache, kept] = await Promise.all([caches.open(CACHE), caches.open(KEPT)]);
    const missing = [];
    for (const file of runtime) {
      if (!(await kept.match(file))) missing.push(file);
    }
    const own = site.files.filter((f) => !runtime.has(f));
    const counted = progress([...own, ...missing].reduce((sum, f) => sum + (site.sizes[f] || 0), 0));
    await Promise.all([
      ...own.map((file) => keep(cache, file, counted)),
      ...missing.map((file) => keep(kept, file, counted)),
    ]);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Only this site's own caches: another app, or another copy of this one, may keep caches on the origin.
    for (const key of await caches.keys()) {
      const ours = key.startsWith(PREFIX) || key.startsWith(UNSCOPED);
      if (ours && key !== CACHE && key !== KEPT) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The player asked for the newer version now (backend.js, takeNewer): the page reloads under it.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "take-over") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = (await cache.match(request, { ignoreSearch: true }))
      || (await (await caches.open(KEPT)).match(request, { ignoreSearch: true }));
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  })());
});
