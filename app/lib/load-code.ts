import { isChunkLoadError } from "./chunk-reload";

/** The longest pause between two attempts while the browser says it is online. */
const LONGEST_PAUSE_MS = 30_000;

/** Resolves when it is worth trying again: the connection came back, or `pauseMs` passed. */
export type RetryAfter = (pauseMs: number) => Promise<void>;

const browserRetryAfter: RetryAfter = (pauseMs) =>
  new Promise((resolve) => {
    const again = () => {
      clearTimeout(timer);
      removeEventListener("online", again);
      resolve();
    };
    const timer = setTimeout(again, pauseMs);
    addEventListener("online", again);
  });

/**
 * Loads code a page can do without for a while (a part of it, a block, the consent banner). A
 * load that fails does not fail: it waits for the connection, or a pause growing to 30 s, and
 * loads again. Meanwhile React keeps the server's HTML (or the fallback), and the page, with
 * whatever its forms hold, stays. The network may have kept the code away (offline, or a
 * connection not carrying requests yet although the browser says online); if instead a newer
 * deploy removed it, the page reloads for it (`reloadWhenOldBuildCodeFails`, ./chunk-reload.ts),
 * and should that reload be refused (one per 10 s), a later attempt asks again. Only an error
 * that is not a load (a bug in the code itself) fails, as any other error does.
 */
export async function loadCode<T>(load: () => Promise<T>, retryAfter: RetryAfter = browserRetryAfter): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      await retryAfter(Math.min(1000 * 2 ** attempt, LONGEST_PAUSE_MS));
    }
  }
}
