import { BUILD_ID, VERSION_PATH } from "./build-id";

/** A failed chunk load reloads the page at most once per this many milliseconds. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "chunk-reload-at";
/** How long `isFromOldBuild` waits for the server to name its build. */
const VERSION_ANSWER_MS = 5000;

/** True for the errors browsers raise when a code-split chunk from an old deploy is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // Chromium "Failed to fetch…", Firefox "error loading…", Safari "Importing a module script failed", Vite's CSS preload.
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/**
 * Whether code that failed to load belongs to a build the server no longer runs: a deploy removed
 * its files, and only a reload brings the new ones. Otherwise the network is down, or not carrying
 * requests yet, and loading again later works. `navigator.onLine` cannot tell the two apart: it
 * turns true as soon as an interface is up, before requests go through (and behind a captive
 * portal), so a failure it calls online may still be the network's. The server can: it names the
 * build it runs (`/version.json`, never cached); no answer, within a few seconds (a form waits on
 * it), means the network.
 */
export async function isFromOldBuild(): Promise<boolean> {
  try {
    const answer = await fetch(VERSION_PATH, { cache: "no-store", signal: AbortSignal.timeout(VERSION_ANSWER_MS) });
    const body: unknown = await answer.json();
    return (
      typeof body === "object" && body !== null && "id" in body && typeof body.id === "string" && body.id !== BUILD_ID
    );
  } catch {
    return false;
  }
}

/**
 * After a new deploy the old chunks disappear; reloading fetches the new build. The guard in
 * sessionStorage stops a reload loop when the chunk is really broken. Returns whether it reloaded.
 * Only for code of an old build (`fromOldBuild`): a reload for a network failure would only swap
 * the page, and whatever a form on it holds, for the browser's offline page.
 */
export async function reloadForChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  { fromOldBuild = isFromOldBuild, now = Date.now }: { fromOldBuild?: () => Promise<boolean>; now?: () => number } = {},
): Promise<boolean> {
  if (!(await fromOldBuild())) return false;
  const at = now();
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (at - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(at));
  reload();
  return true;
}

/**
 * Reloads once for any code of an old build that fails to load, wherever it was asked for: Vite's
 * loader raises `vite:preloadError` for every dynamic import that fails (the file or a file it
 * needs). Whoever imported it still gets the error and may load again later (./load-code.ts);
 * the reload is decided here, once, rather than by every caller or by an error boundary the
 * failure may never reach (a part that keeps its server HTML until its code arrives renders
 * nothing that could throw).
 */
export function reloadWhenOldBuildCodeFails(
  storage: () => Pick<Storage, "getItem" | "setItem">,
  {
    reload = () => location.reload(),
    events = globalThis as EventTarget,
  }: { reload?: () => void; events?: EventTarget } = {},
): void {
  events.addEventListener("vite:preloadError", () => {
    void Promise.resolve()
      .then(() => reloadForChunkError(storage(), reload))
      .catch(() => {
        // Storage refused (private mode, full): no guard against a loop, so no reload.
      });
  });
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
