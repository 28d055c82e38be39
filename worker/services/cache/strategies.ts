/**
 * The caching strategies of the site, all in one place (Hydrogen-style). An entry is **fresh**
 * for `freshSeconds` after it was put (served directly), then **stale** for `staleSeconds` more
 * (served at once while `waitUntil` refreshes it, and kept when the refresh fails), then gone.
 */
export interface CacheStrategy {
  freshSeconds: number;
  staleSeconds: number;
}

export const CACHE_STRATEGIES = {
  /**
   * Published stories, listings, the site config, the link index and redirect tables: the publish
   * webhook purges them (every listing on any story change). Listings used to be refreshed every
   * minute on their own; at 10,000 events that meant a hundred pages re-read, re-validated and
   * re-written every minute, competing with visitors for the isolate.
   */
  long: { freshSeconds: 10 * 60, staleSeconds: 7 * 24 * 60 * 60 },
  /** A story that does not exist: remembered briefly so a burst of 404s does not reach the CMS. */
  missing: { freshSeconds: 30, staleSeconds: 0 },
  /** Drafts and previews: never written to KV. */
  none: { freshSeconds: 0, staleSeconds: 0 },
} as const satisfies Record<string, CacheStrategy>;

export type CacheStrategyName = keyof typeof CACHE_STRATEGIES;

/** KV refuses expirations shorter than 60 seconds. */
const KV_MIN_TTL_SECONDS = 60;

/** How long KV keeps an entry: its whole fresh-plus-stale life. */
export function kvTtlSeconds(strategy: CacheStrategy): number {
  return Math.max(KV_MIN_TTL_SECONDS, strategy.freshSeconds + strategy.staleSeconds);
}
