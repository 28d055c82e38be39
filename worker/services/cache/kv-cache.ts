import * as v from "valibot";
import { BUILD_ID } from "#app/lib/build-id.ts";
import { CACHE_STRATEGIES, kvTtlSeconds, type CacheStrategyName } from "./strategies";

/**
 * What KV holds for each key: the value (null = "known missing"), when it was put, and the build
 * that wrote it. Values are validated once, when they enter the cache (the sources check what
 * the CDN sends); an entry this build wrote is trusted on the way out, one from another deploy
 * is checked against today's schema.
 */
const CacheEntrySchema = v.object({ putAt: v.number(), value: v.unknown(), build: v.optional(v.string()) });

interface Entry<T> {
  putAt: number;
  value: T | null;
}

/** Parsed entries kept in the isolate, per content version: a publish moves the version on. */
const MEMO_LIMIT = 2_000;
const memo = new Map<string, { version: string; entry: Entry<unknown> }>();

function remember(key: string, version: string | null, entry: Entry<unknown>) {
  if (version === null) return;
  memo.delete(key);
  memo.set(key, { version, entry });
  // Oldest first: a Map keeps insertion order, and a read re-inserts what it uses.
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value ?? "");
}

/** Forgets every parsed entry and back-off (tests that rewrite KV behind the cache's back). */
export function forgetParsedEntries(): void {
  memo.clear();
  backoffs.clear();
}

function recall<T>(key: string, version: string | null): Entry<T> | null {
  const known = version === null ? undefined : memo.get(key);
  if (!known || known.version !== version) return null;
  memo.delete(key);
  memo.set(key, known);
  return known.entry as Entry<T>;
}

/**
 * After a failed load, how long a key waits before its origin is asked again, by the number of
 * failures in a row: a CDN that is down gets at most three calls per key in the first minute and
 * one a minute after that, however many visitors read the key (stale entries are served
 * meanwhile, and a key with nothing cached fails at once).
 */
export const BACKOFF_SECONDS = [15, 30, 60] as const;

/** A key's failures in a row, when it may be tried again, and the content version it applies to. */
const BackoffSchema = v.object({
  failures: v.number(),
  retryAt: v.number(),
  version: v.nullable(v.string()),
  reason: v.string(),
});
type Backoff = v.InferOutput<typeof BackoffSchema>;

/**
 * Back-offs known to this isolate. Each is also written to KV (`backoffKey`), so the other
 * isolates of a location hold back too; a new content version (a publish) ends every back-off.
 */
const backoffs = new Map<string, Backoff>();
const backoffKey = (key: string) => `cache:backoff:${key}`;

/**
 * Thrown instead of calling the origin for a key with nothing cached while the key backs off; it
 * carries the last failure's message. The content engine turns it into its outage page (503).
 */
export class BackoffError extends Error {
  constructor(
    readonly key: string,
    readonly retryAt: number,
    reason: string,
  ) {
    super(`${key} backs off after failures (last: ${reason})`);
    this.name = "BackoffError";
  }
}

/** A read-through cache: answers from KV when it can, from `load` when it must. */
export interface ReadThroughCache {
  /**
   * The value at `key`: a fresh entry as is; a stale one at once while `waitUntil` refreshes it
   * (and still when the refresh fails); otherwise `load()`'s result, stored for next time. A
   * `null` result means "missing" and is stored under the `missing` strategy. `schema` checks
   * what KV returns, so an entry written by an older deploy is reloaded instead of trusted. After
   * a failed load the key backs off (`BACKOFF_SECONDS`): stale entries are served without a
   * refresh, and a key with nothing cached throws `BackoffError` without calling `load`.
   */
  read<T>(
    key: string,
    strategy: CacheStrategyName,
    schema: v.GenericSchema<unknown, T>,
    load: () => Promise<T | null>,
  ): Promise<T | null>;
}

export interface KvCacheConfig {
  kv: KVNamespace;
  waitUntil: (promise: Promise<unknown>) => void;
  now?: () => number;
  /**
   * The content version: parsed entries are kept in the isolate while it stays the same, so a
   * warm isolate reads neither KV nor JSON for them. Without it every read goes to KV.
   */
  version?: () => Promise<string>;
}

/**
 * Refreshes in flight in this isolate, by key: concurrent misses share one load, and a stale
 * entry is refreshed by one request while the others keep serving it.
 */
const inFlight = new Map<string, Promise<unknown>>();

export function createKvCache({ kv, waitUntil, now = Date.now, version }: KvCacheConfig): ReadThroughCache {
  /** The key's back-off in force for this content version, from the isolate or else from KV. */
  async function backoffOf(key: string, atVersion: string | null): Promise<Backoff | null> {
    let known = backoffs.get(key);
    if (!known) {
      const stored = v.safeParse(BackoffSchema, await kv.get(backoffKey(key), "json").catch(() => null));
      if (!stored.success) return null;
      known = stored.output;
      backoffs.set(key, known);
    }
    return known.version === atVersion ? known : null;
  }

  function failed(key: string, atVersion: string | null, error: unknown): void {
    const previous = backoffs.get(key);
    const failures = previous && previous.version === atVersion ? previous.failures + 1 : 1;
    const waitSeconds = BACKOFF_SECONDS[Math.min(failures, BACKOFF_SECONDS.length) - 1]!;
    const backoff = { failures, retryAt: now() + waitSeconds * 1000, version: atVersion, reason: errorMessage(error) };
    backoffs.set(key, backoff);
    // Kept in KV a minute past the wait, so a failure soon after still counts as one more in a row.
    const expirationTtl = waitSeconds + 60;
    waitUntil(kv.put(backoffKey(key), JSON.stringify(backoff), { expirationTtl }).catch(() => undefined));
  }

  function succeeded(key: string): void {
    if (!backoffs.delete(key)) return;
    waitUntil(kv.delete(backoffKey(key)).catch(() => undefined));
  }

  /** Loads once per key; the caller gets the value as soon as it is loaded, KV is written in the background. */
  function refresh<T>(
    key: string,
    strategy: CacheStrategyName,
    load: () => Promise<T | null>,
    atVersion: string | null,
  ): Promise<T | null> {
    const running = inFlight.get(key);
    if (running) return running as Promise<T | null>;
    const loaded = load();
    const stored = loaded
      .then(async (value) => {
        succeeded(key);
        const kept = value === null ? CACHE_STRATEGIES.missing : CACHE_STRATEGIES[strategy];
        const entry = { putAt: now(), value };
        remember(key, atVersion, entry);
        await kv.put(key, JSON.stringify({ ...entry, build: BUILD_ID }), { expirationTtl: kvTtlSeconds(kept) });
        return value;
      })
      .catch((error: unknown) => {
        failed(key, atVersion, error);
        throw error;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, stored);
    // A failed load is the caller's to handle (it gets `loaded`); this only keeps the write alive.
    waitUntil(stored.catch(() => undefined));
    return loaded;
  }

  return {
    async read<T>(
      key: string,
      strategyName: CacheStrategyName,
      schema: v.GenericSchema<unknown, T>,
      load: () => Promise<T | null>,
    ): Promise<T | null> {
      if (strategyName === "none") return load();
      const atVersion = version ? await version() : null;
      let cached = recall<T>(key, atVersion);
      if (!cached) {
        cached = await readEntry(kv, key, schema);
        if (cached) remember(key, atVersion, cached);
      }
      if (!cached) return refreshUnlessBackingOff(key, strategyName, load, atVersion);

      const strategy = cached.value === null ? CACHE_STRATEGIES.missing : CACHE_STRATEGIES[strategyName];
      const ageSeconds = (now() - cached.putAt) / 1000;
      if (ageSeconds < strategy.freshSeconds) return cached.value;
      if (ageSeconds < strategy.freshSeconds + strategy.staleSeconds) {
        if (!inFlight.has(key) && !(await activeBackoff(key, atVersion))) {
          waitUntil(
            refresh(key, strategyName, load, atVersion).catch((error: unknown) => {
              // Stale-if-error: the stale entry stays and keeps being served until it expires.
              console.warn(`cache: refresh of ${key} failed, serving stale`, errorMessage(error));
            }),
          );
        }
        return cached.value;
      }
      return refreshUnlessBackingOff(key, strategyName, load, atVersion);
    },
  };

  /** The key's back-off while it still holds refreshes back, else null. */
  async function activeBackoff(key: string, atVersion: string | null): Promise<Backoff | null> {
    const backoff = await backoffOf(key, atVersion);
    return backoff !== null && now() < backoff.retryAt ? backoff : null;
  }

  async function refreshUnlessBackingOff<T>(
    key: string,
    strategy: CacheStrategyName,
    load: () => Promise<T | null>,
    atVersion: string | null,
  ): Promise<T | null> {
    const running = inFlight.get(key);
    if (running) return running as Promise<T | null>;
    const backoff = await activeBackoff(key, atVersion);
    if (backoff) throw new BackoffError(key, backoff.retryAt, backoff.reason);
    return refresh(key, strategy, load, atVersion);
  }
}

async function readEntry<T>(
  kv: KVNamespace,
  key: string,
  schema: v.GenericSchema<unknown, T>,
): Promise<Entry<T> | null> {
  const raw = await kv.get(key, "json");
  const entry = v.safeParse(CacheEntrySchema, raw);
  if (!entry.success) return null;
  if (entry.output.value === null) return { putAt: entry.output.putAt, value: null };
  // Written (and so validated on the way in) by this very build: trusted as it is.
  if (entry.output.build === BUILD_ID) return { putAt: entry.output.putAt, value: entry.output.value as T };
  const value = v.safeParse(schema, entry.output.value);
  return value.success ? { putAt: entry.output.putAt, value: value.output } : null;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
