// koza's service worker: the page's own files kept for offline, fetched fresh when online.
const CACHE = "koza-v1";
const OWN = [
  "/", "/index.html", "/style.css", "/app.js", "/i18n.js", "/net.js", "/table.js", "/tiles.js",
  "/panels.js", "/home.js", "/rulebook.js", "/words.js", "/store.js", "/keys.js", "/manifest.webmanifest", "/icon.svg",
  "/icon-192.png", "/config.json", "/setup.json", "/i18n/en.json", "/i18n/ru.json", "/i18n/ka.json",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(OWN)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  event.respondWith(
    fetch(event.request)
      .then((answer) => {
        if (answer.ok) {
          const copy = answer.clone();
          caches.open(CACHE).then((c) => c.put(event.request, copy));
        }
        return answer;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true }))
  );
});
