import { isChunkLoadError, isFromOldBuild } from "./chunk-reload";

/** The longest pause between two attempts while the browser says it is online. */
const LONGEST_PAUSE_MS = 30_000;

/** What `loadCode` asks of the network; the browser's unless a test stands in. */
export interface CodeNetwork {
  /** See `isFromOldBuild` (./chunk-reload.ts). */
  fromOldBuild(): Promise<boolean>;
  /** Resolves when it is worth trying again: the connection came back, or `pauseMs` passed. */
  retryAfter(pauseMs: number): Promise<void>;
}

const browserNetwork: CodeNetwork = {
  fromOldBuild: isFromOldBuild,
  retryAfter: (pauseMs) =>
    new Promise((resolve) => {
      const again = () => {
        clearTimeout(timer);
        removeEventListener("online", again);
        resolve();
      };
      const timer = setTimeout(again, pauseMs);
      addEventListener("online", again);
    }),
};

/**
 * Loads code a page can do without for a while (a part of it, a block, the consent banner). A
 * load the network failed (offline, or a connection not carrying requests yet although the
 * browser says online) does not fail: it waits for the connection, or a pause growing to 30 s,
 * and loads again. Meanwhile React keeps the server's HTML (or the fallback), and the page, with
 * whatever its forms hold, stays. Only code of a build the server no longer runs fails, as any
 * other error does: the error page reloads once for it (app/components/site-shell.tsx).
 */
export async function loadCode<T>(load: () => Promise<T>, network: CodeNetwork = browserNetwork): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error) || (await network.fromOldBuild())) throw error;
      await network.retryAfter(Math.min(1000 * 2 ** attempt, LONGEST_PAUSE_MS));
    }
  }
}
