import type { Lang } from "#app/lib/languages.ts";
import {
  TICKET_ASSETS_CACHE,
  TICKETS_CACHE_PREFIX,
  TICKETS_WORKER_URL,
  ticketsScope,
  type OfflineTicketsData,
} from "./offline-tickets";

/** Counts the forgets of everything: a keep that started before one must not store after it. */
let signOuts = 0;

const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "caches" in window;

/**
 * Forgets every offline ticket kept in this browser (except `keep`'s, the member still signed
 * in): their caches and the service workers that served them. Called on every sign-out, account
 * removal and ended session (app/lib/auth/firebase.client.ts), and before a member's tickets are
 * kept, so a shared device never shows one member's tickets to the next.
 */
export async function forgetOfflineTickets(keep?: string): Promise<void> {
  if (!supported()) return;
  // Counted at once, so a keep already on its way sees it whatever the caches take.
  if (keep === undefined) signOuts++;
  const kept = keep === undefined ? null : `${TICKETS_CACHE_PREFIX}${keep}`;
  const names = (await caches.keys()).filter((name) => name.startsWith(TICKETS_CACHE_PREFIX));
  await Promise.all(names.filter((name) => name !== kept && name !== TICKET_ASSETS_CACHE).map((n) => caches.delete(n)));
  if (kept !== null) return;
  await caches.delete(TICKET_ASSETS_CACHE);
  const registrations = await navigator.serviceWorker.getRegistrations();
  const ticketWorkers = registrations.filter((registration) =>
    [registration.active, registration.waiting, registration.installing].some((worker) =>
      worker?.scriptURL.endsWith(TICKETS_WORKER_URL),
    ),
  );
  await Promise.all(ticketWorkers.map((registration) => registration.unregister()));
}

/** Resolves once the registration's newest worker is active (or has been replaced). */
function activated(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker || worker.state === "activated") return Promise.resolve();
  return new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated" || worker.state === "redundant") resolve();
    });
  });
}

/**
 * The page code a kept page names (its scripts, preloads, styles and fonts: hashed, immutable
 * files under /assets/) and its own pictures, so it starts offline even when this document never loaded that route's
 * code (the list of tickets kept from a ticket page, a ticket page kept from the overview).
 */
function namedAssets(html: string): string[] {
  const code = html.match(/\/assets\/[\w.-]+/g) ?? [];
  // The site's own pictures outside the page code (the header's logo), which the worker serves
  // from the network first and from here offline.
  const pictures = [...new DOMParser().parseFromString(html, "text/html").images].map((img) => img.src);
  return [...new Set([...code.map((path) => new URL(path, location.origin).href), ...pictures])].filter(
    (url) => new URL(url).origin === location.origin,
  );
}

/** The page code this document loaded (hashed, immutable files), which a ticket page needs offline too. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
    .map((url) => url.href);
}

/**
 * Keeps the member's upcoming tickets for offline viewing: registers the ticket service worker
 * for this language's member area, stores the list of upcoming tickets and each one's page as the
 * server renders it now (a redirect, a refusal or an error stores nothing), drops pages of
 * tickets no longer upcoming, and stores the page code they name or this document loaded.
 * Resolves true once the pages are kept.
 */
export async function keepOfflineTickets(lang: Lang, { member, index, pages }: OfflineTicketsData): Promise<boolean> {
  if (!supported()) return false;
  const started = signOuts;
  await forgetOfflineTickets(member);
  const registration = await navigator.serviceWorker.register(TICKETS_WORKER_URL, {
    scope: ticketsScope(lang),
    updateViaCache: "none",
  });
  const cache = await caches.open(`${TICKETS_CACHE_PREFIX}${member}`);
  const wanted = new Set([index, ...pages].map((page) => new URL(page, location.origin).href));
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
  const code = new Set(loadedAssets());
  const stored = await Promise.all(
    [...wanted].map(async (url) => {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok || response.redirected || signOuts !== started) return false;
      for (const asset of namedAssets(await response.clone().text())) code.add(asset);
      await cache.put(url, response);
      return true;
    }),
  );
  const assets = await caches.open(TICKET_ASSETS_CACHE);
  await Promise.all([...code].map(async (url) => (await assets.match(url)) ?? assets.add(url)));
  // Signed out while the pages were on their way: what was stored goes too.
  if (signOuts !== started) {
    await forgetOfflineTickets();
    return false;
  }
  // Kept means a page opens offline, which takes the worker answering for the ticket pages.
  await activated(registration);
  return stored.every(Boolean);
}
