// The scorepad's service worker: keeps the page's own files in this browser, so the page opens
// at a table with a poor connection, or none, from what it loaded once (the card list is kept
// by the page itself). Each file is answered from the cache at once and refreshed from the
// server behind it (a new version shows from the next opening). Nothing else is touched: the
// API's requests (scoring, a shared table) go to the server as they are.
const CACHE = "rr-scorepad-1";
const FILES = ["/score", "/static/score.js", "/static/score.css", "/static/style.css",
               "/static/common.js", "/static/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("rr-scorepad-") && n !== CACHE)
      .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin
      || !FILES.includes(url.pathname)) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(url.pathname);
    const fresh = fetch(event.request).then((answer) => {
      if (answer.ok) cache.put(url.pathname, answer.clone());
      return answer;
    });
    if (kept) {
      event.waitUntil(fresh.catch(() => null));
      return kept;
    }
    return fresh;
  }));
});
