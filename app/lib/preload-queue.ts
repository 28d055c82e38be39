/** At most this many route preloads run at once (SPEC section 9). */
export const MAX_CONCURRENT_PRELOADS = 5;

type Start = () => void;

/**
 * A small semaphore for route preloads: `request` runs `start` as soon as a slot is free
 * and returns a release function (also used to cancel a request still waiting).
 */
export function createPreloadQueue(limit = MAX_CONCURRENT_PRELOADS) {
  let running = 0;
  const waiting: Start[] = [];

  function next() {
    while (running < limit && waiting.length > 0) {
      running += 1;
      waiting.shift()?.();
    }
  }

  return {
    get running() {
      return running;
    },
    request(start: Start): () => void {
      let state: "waiting" | "running" | "done" = "waiting";
      const run = () => {
        state = "running";
        start();
      };
      waiting.push(run);
      next();
      return () => {
        if (state === "waiting") waiting.splice(waiting.indexOf(run), 1);
        if (state === "running") running -= 1;
        state = "done";
        next();
      };
    },
  };
}

export const preloadQueue = createPreloadQueue();
