/** A failed chunk load reloads the page at most once per this many milliseconds. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "chunk-reload-at";

/** True for the errors browsers raise when a code-split chunk from an old deploy is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // Chromium "Failed to fetch…", Firefox "error loading…", Safari "Importing a module script failed", Vite's CSS preload.
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/**
 * After a new deploy the old chunks disappear; reloading fetches the new build. The guard in
 * sessionStorage stops a reload loop when the chunk is really broken. Returns whether it reloaded.
 * Offline, a chunk fails because the network is gone: a reload would only swap the page, and
 * whatever a form on it holds, for the browser's offline page, so the page stays.
 */
export function reloadForChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now = Date.now(),
  online = typeof navigator === "undefined" || navigator.onLine !== false,
): boolean {
  if (!online) return false;
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

const INTENDED_KEY = "chunk-reload-intended";
type Session = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Remembers where a link was taking the visitor when the page unloads before getting there. React
 * Router answers a route's code that failed to load (a deploy removed it) with a reload of the page
 * the visitor is on; `takeIntendedNavigation` then carries them on to the link they clicked.
 */
export function rememberIntendedNavigation(storage: Session, from: string, to: string, now = Date.now()): void {
  // Space-separated: link addresses are percent-encoded, so they hold no space.
  storage.setItem(INTENDED_KEY, `${now} ${from} ${to}`);
}

/**
 * The link to continue to: one remembered as this same page unloaded, less than the guard's time
 * ago, on this origin; else null. Read once, so a broken target cannot loop.
 */
export function takeIntendedNavigation(storage: Session, here: string, now = Date.now()): string | null {
  const [at, from, to, ...rest] = (storage.getItem(INTENDED_KEY) ?? "").split(" ");
  storage.removeItem(INTENDED_KEY);
  const age = now - Number(at);
  if (from !== here || !to || rest.length > 0 || !(age >= 0 && age < CHUNK_RELOAD_GUARD_MS)) return null;
  const target = URL.parse(to, here);
  return target?.origin === new URL(here).origin && target.href !== here ? target.href : null;
}

/**
 * Remembers the app's links as they are clicked (React Router's `<Link>`s carry `data-discover`
 * and take the click: `defaultPrevented`), and on an unload of the page before one was reached,
 * where it was going. Registered before the router starts: React Router's reload for a failed
 * route module follows the click at once, before any render could note the navigation.
 */
export function rememberClickedLinks(session: () => Session): void {
  let clicked: { from: string; to: string; at: number } | null = null;
  // Bubbling on the window: after React's handlers on the document have taken the click.
  window.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href][data-discover]") : null;
    if (link instanceof HTMLAnchorElement && event.defaultPrevented)
      clicked = { from: location.href, to: link.href, at: Date.now() };
  });
  // Back to the page a link left: that link is no longer where the visitor is going.
  window.addEventListener("popstate", () => {
    clicked = null;
  });
  window.addEventListener("pagehide", () => {
    if (!clicked || location.href !== clicked.from || Date.now() - clicked.at >= CHUNK_RELOAD_GUARD_MS) return;
    try {
      rememberIntendedNavigation(session(), clicked.from, clicked.to, clicked.at);
    } catch {
      // Storage refused (private mode, full): the reload stays where it is, as before.
    }
  });
}
