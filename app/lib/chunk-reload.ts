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
 */
export function reloadForChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}
