// The service worker: keeps the shell (the page, its stylesheet and scripts, the manifest and
// icon) so the table opens, installed on a phone, even when the network is slow or gone.
// The server puts `const BUILD = { version, shell }` before this file (app/server/client.py):
// the shell's versioned URLs, and a version that changes with any of them, so a new deploy
// installs a new worker, which takes over at once and drops the old cache.
// Never cached: /api and /ws (the game is live), nor anything outside the shell.

const CACHE = `shell-${BUILD.version}`;
const SHELL = new Set(BUILD.shell);

self.addEventListener("install", (event) => {
  // The shell's files come from the HTTP cache when the page has just loaded them.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.shell))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith("shell-") && key !== CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The page from the network (it names the current files); the kept one when offline.
    event.respondWith(fromNetwork(request, "/"));
  } else if (SHELL.has(url.pathname + url.search)) {
    // A versioned file never changes: the kept copy is the right one. An unversioned one
    // (the modules, when the server has no bundle) may have changed: the network first.
    event.respondWith(url.searchParams.has("v")
      ? caches.match(request, { cacheName: CACHE }).then((kept) => kept || fetch(request))
      : fromNetwork(request, request));
  }
  // Everything else (/api, /ws, other files) goes to the network untouched.
});

function fromNetwork(request, fallback) {
  return fetch(request).catch(() => caches.match(fallback, { cacheName: CACHE })
    .then((kept) => kept || Response.error()));
}
