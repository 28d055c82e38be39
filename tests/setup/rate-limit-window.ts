/**
 * Workers rate limits count requests in windows aligned to the wall clock: a 60 s period starts
 * at every full minute, in Miniflare (`epoch = floor(now / period)`) as in production. A test that
 * sends `limit + 1` requests and expects the last one refused fails whenever a window boundary
 * falls inside its burst: the count starts again. So such a test starts its burst with at least
 * `burstMs` left in the current window, waiting for the next window when less is left.
 */
export async function atStartOfRateLimitWindow(periodSeconds: number, burstMs = 5_000): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** A test's time limit when it may wait for the next window first (`atStartOfRateLimitWindow`). */
export const RATE_LIMIT_TEST_TIMEOUT_MS = 30_000;
