// The member's tickets offline (docs/tickets.md). Registered only by member pages, with the scope
// of one language's member area (/es/dashboard/): it controls nothing else. The pages store the
// list of the member's upcoming tickets and their pages in their cache
// (app/lib/tickets/offline-tickets.client.ts); this worker answers those from there when the
// network cannot, sends any other member page that cannot load to that list, and forgets
// everything as soon as the server no longer lets this browser into the member area.
const PREFIX = "arena-tickets:";
const ASSETS = `${PREFIX}assets`;
// The pages it keeps: the list of tickets and each ticket's page.
const TICKET_PAGE = /^\/(?:es|en|val)\/dashboard\/tickets\/(?:[^/]+\/)?$/;

self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(ticketPage(request, url));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(asset(request));
  else if (request.destination === "image") event.respondWith(image(request));
});

/**
 * The network first, so a signed-in member online always sees the ticket as it is now. Offline, a
 * kept page from the cache; any other member page (the overview, their events) is sent to the
 * kept list of tickets, where the member can start, rather than to the browser's offline page.
 * A ticket page that redirects (the member guard sending a signed-out, revoked or removed session
 * to the sign-in page) forgets every stored ticket; one that is gone (404) forgets that page.
 */
async function ticketPage(request, url) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const stored = await caches.match(request, { ignoreSearch: true });
    if (stored) return stored;
    // Sent there rather than answered with it: the address is then the list's own, which the
    // page's code expects when it starts.
    const list = new URL("tickets/", self.registration.scope);
    if (url.href !== list.href && (await caches.match(list))) return Response.redirect(list, 302);
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

/** The site's own pictures a kept page shows (the logo): from the network, else as kept. */
async function image(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const stored = await caches.match(request);
    if (stored) return stored;
    throw error;
  }
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
