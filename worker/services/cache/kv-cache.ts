import * as v from "valibot";
import { CACHE_STRATEGIES, kvTtlSeconds, type CacheStrategyName } from "./strategies";

/** What KV holds for each key: the value (null = "known missing") and when it was put. */
const CacheEntrySchema = v.object({ putAt: v.number(), value: v.unknown() });

/** A read-through cache: answers from KV when it can, from `load` when it must. */
export interface ReadThroughCache {
  /**
   * The value at `key`: a fresh entry as is; a stale one at once while `waitUntil` refreshes it
   * (and still when the refresh fails); otherwise `load()`'s result, stored for next time. A
   * `null` result means "missing" and is stored under the `missing` strategy. `schema` checks
   * what KV returns, so an entry written by an older deploy is reloaded instead of trusted.
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
}

/**
 * Refreshes in flight in this isolate, by key: concurrent misses share one load, and a stale
 * entry is refreshed by one request while the others keep serving it.
 */
const inFlight = new Map<string, Promise<unknown>>();

export function createKvCache({ kv, waitUntil, now = Date.now }: KvCacheConfig): ReadThroughCache {
  /** Loads once per key; the caller gets the value as soon as it is loaded, KV is written in the background. */
  function refresh<T>(key: string, strategy: CacheStrategyName, load: () => Promise<T | null>): Promise<T | null> {
    const running = inFlight.get(key);
    if (running) return running as Promise<T | null>;
    const loaded = load();
    const stored = loaded
      .then(async (value) => {
        const kept = value === null ? CACHE_STRATEGIES.missing : CACHE_STRATEGIES[strategy];
        await kv.put(key, JSON.stringify({ putAt: now(), value }), { expirationTtl: kvTtlSeconds(kept) });
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, stored);
    // A failed load is the caller's to handle (it gets `loaded`); this only keeps the write alive.
    waitUntil(stored.catch(() => undefined));
    return loaded;
  }

  return {
    async read(key, strategyName, schema, load) {
      if (strategyName === "none") return load();
      const cached = await readEntry(kv, key, schema);
      if (!cached) return refresh(key, strategyName, load);

      const strategy = cached.value === null ? CACHE_STRATEGIES.missing : CACHE_STRATEGIES[strategyName];
      const ageSeconds = (now() - cached.putAt) / 1000;
      if (ageSeconds < strategy.freshSeconds) return cached.value;
      if (ageSeconds < strategy.freshSeconds + strategy.staleSeconds) {
        if (!inFlight.has(key)) {
          waitUntil(
            refresh(key, strategyName, load).catch((error: unknown) => {
              // Stale-if-error: the stale entry stays and keeps being served until it expires.
              console.warn(`cache: refresh of ${key} failed, serving stale`, errorMessage(error));
            }),
          );
        }
        return cached.value;
      }
      return refresh(key, strategyName, load);
    },
  };
}

async function readEntry<T>(
  kv: KVNamespace,
  key: string,
  schema: v.GenericSchema<unknown, T>,
): Promise<{ putAt: number; value: T | null } | null> {
  const raw = await kv.get(key, "json");
  const entry = v.safeParse(CacheEntrySchema, raw);
  if (!entry.success) return null;
  if (entry.output.value === null) return { putAt: entry.output.putAt, value: null };
  const value = v.safeParse(schema, entry.output.value);
  return value.success ? { putAt: entry.output.putAt, value: value.output } : null;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
