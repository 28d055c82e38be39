import { describe, expect, it } from "vitest";
import { createPreloadQueue, MAX_CONCURRENT_PRELOADS } from "./preload-queue";

describe("preload queue", () => {
  it("never runs more than five preloads at once and starts waiting ones as slots free", () => {
    const queue = createPreloadQueue();
    const started: number[] = [];
    const releases = Array.from({ length: 8 }, (_, i) => queue.request(() => started.push(i)));
    expect(MAX_CONCURRENT_PRELOADS).toBe(5);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.running).toBe(5);
    releases[0]?.();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.running).toBe(5);
    releases[6]?.(); // cancelling a waiting request frees nothing and never starts it
    releases[1]?.();
    releases[2]?.();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 7]);
    expect(queue.running).toBe(4);
    releases[1]?.(); // releasing twice is harmless
    expect(queue.running).toBe(4);
  });
});
