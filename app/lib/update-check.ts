import { BUILD_ID, VERSION_PATH } from "./build-id";

/** How often an open, visible tab asks whether a new build was deployed. */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;
/** Focus and visibility changes come in bursts: at most one request per this many milliseconds. */
const MIN_GAP_MS = 30_000;

/**
 * Watches for a deploy while the tab stays open: when the tab becomes visible or gets focus,
 * and every few minutes while it is visible, one small `no-store` request for the running
 * build's id; never while hidden. Calls `onNewVersion` once, when that id differs from this
 * page's own, and stops. Returns a function that stops watching.
 */
export function watchForNewVersion(onNewVersion: () => void): () => void {
  let last = 0;
  const check = () => {
    if (document.hidden || Date.now() - last < MIN_GAP_MS) return;
    last = Date.now();
    fetch(VERSION_PATH, { cache: "no-store" })
      .then((response) => response.json<{ id?: unknown } | null>())
      .then((body) => {
        if (typeof body?.id === "string" && body.id !== BUILD_ID) {
          stop();
          onNewVersion();
        }
      })
      // Offline or mid-deploy: the next focus or interval asks again.
      .catch(() => {});
  };
  const timer = setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  const stop = () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", check);
    removeEventListener("focus", check);
  };
  document.addEventListener("visibilitychange", check);
  addEventListener("focus", check);
  return stop;
}
