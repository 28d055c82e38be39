import { afterEach, describe, expect, it, vi } from "vitest";
import { atStartOfRateLimitWindow } from "./rate-limit-window";

/** Resolves to how long (fake) time `atStartOfRateLimitWindow(60)` waited, starting at `at`. */
async function waitedFrom(at: number): Promise<number> {
  vi.useFakeTimers();
  vi.setSystemTime(at);
  let done = false;
  const waiting = atStartOfRateLimitWindow(60).then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  let waited = 0;
  while (!done) {
    await vi.advanceTimersByTimeAsync(100);
    waited += 100;
  }
  await waiting;
  return waited;
}

describe("atStartOfRateLimitWindow", () => {
  afterEach(() => vi.useRealTimers());

  it("starts at once with most of the window left", async () => {
    expect(await waitedFrom(Date.UTC(2026, 10, 26, 22, 49, 10))).toBe(0);
  });

  it("waits for the next window when the burst could cross into it", async () => {
    const at = Date.UTC(2026, 10, 26, 22, 49, 57, 500);
    const waited = await waitedFrom(at);
    // The burst now starts just after 22:50:00, a whole window ahead of it.
    expect(Math.floor((at + waited) / 60_000)).toBe(Math.floor(at / 60_000) + 1);
    expect(waited).toBeLessThan(3_000);
  });
});
