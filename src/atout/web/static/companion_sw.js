// The table companion's service worker (served as /companion-sw.js, scope /companion):
// it keeps the pages and their scripts on the phone so that the start page and every
// evening opened once load without the server. The network comes first (a new version
// of a page is taken as soon as it can be), the copy kept here when there is none. The
// API is never cached here: the page keeps the last sheet and the waiting entries in
// IndexedDB itself (companion_store.js).
const CACHE = "atout-companion-1";
const SHELL = [
  "/companion",
  "/companion.webmanifest",
  "/static/companion.css",
  "/static/companion.js",
  "/static/companion_new.js",
  "/static/companion_store.js",
  "/static/companion_player.js",
  "/static/typed_cards.js",
  "/static/cards.js",
  "/static/i18n.js",
  "/static/rules.js",
  "/static/icon.svg",
  "/static/icon-192.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function kept(url) {
  if (url.origin !== self.location.origin) return false;
  const path = url.pathname;
  return path === "/companion" || path.startsWith("/companion/") || path === "/companion.webmanifest"
    || path.startsWith("/static/");
}

async function networkFirst(request) {
  const url = new URL(request.url);
  const key = url.origin + url.pathname; // the language query and the fragment aside
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const copy = await cache.match(key);
    if (copy) return copy;
    if (request.mode !== "navigate") throw error;
    return new Response(OFFLINE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

const OFFLINE = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>atout</title><p lang="fr">Pas de connexion, et cette page n'a jamais été ouverte sur cet appareil.
<a href="/companion">Les soirées de cet appareil</a></p><p lang="en">No connection, and this page was never
opened on this device. <a href="/companion">This device's evenings</a></p>`;

// A page opened before the worker was in control asks for its own address to be kept.
self.addEventListener("message", (event) => {
  const path = event.data && event.data.keep;
  if (typeof path !== "string" || !path.startsWith("/companion")) return;
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      const answer = await fetch(path);
      if (answer.ok) await cache.put(self.location.origin + path, answer);
    }),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!kept(url)) return;
  event.respondWith(networkFirst(request));
});
