// The member's tickets offline (docs/tickets.md). Registered only by member pages, with the scope
// of one language's ticket pages (/es/dashboard/tickets/): it controls nothing else. The pages
// store the member's upcoming ticket pages in their cache (app/lib/tickets/offline-tickets.client.ts);
// this worker answers a ticket page from there when the network cannot, and forgets everything as
// soon as the server no longer lets this browser into the member area.
const PREFIX = "arena-tickets:";
const ASSETS = `${PREFIX}assets`;
const TICKET_PAGE = /^\/(?:es|en|val)\/dashboard\/tickets\/[^/]+\/$/;

self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(ticketPage(request, url));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(asset(request));
});

/**
 * The network first, so a signed-in member online always sees the ticket as it is now. A ticket
 * page that redirects (the member guard sending a signed-out, revoked or removed session to the
 * sign-in page) forgets every stored ticket; one that is gone (404) forgets that page.
 */
async function ticketPage(request, url) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const stored = await caches.match(request, { ignoreSearch: true });
    if (stored) return stored;
    throw error;
  }
  if (TICKET_PAGE.test(url.pathname) && response.type === "opaqueredirect") await forget();
  else if (response.status === 404) await forgetPage(url);
  return response;
}

/**
 * Hashed page code never changes: from the cache when there, else from the network, then kept
 * while a member's tickets are (never after a sign-out has emptied the caches).
 */
async function asset(request) {
  const stored = await caches.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  const keeping = (await caches.keys()).some((name) => name.startsWith(PREFIX) && name !== ASSETS);
  if (response.ok && keeping) {
    const cache = await caches.open(ASSETS);
    await cache.put(request, response.clone());
  }
  return response;
}

async function forgetPage(url) {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX));
  await Promise.all(names.map(async (name) => (await caches.open(name)).delete(url.href)));
}

async function forget() {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX));
  await Promise.all(names.map((name) => caches.delete(name)));
  await self.registration.unregister();
}
