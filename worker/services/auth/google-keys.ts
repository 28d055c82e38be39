import { importJWK, importX509, type CryptoKey } from "jose";
import * as v from "valibot";

/** Google's JWKS answer (`…/service_accounts/v1/jwk/securetoken@…`). Only RSA signing keys are kept. */
const JwksBody = v.object({
  keys: v.array(
    v.looseObject({
      kty: v.string(),
      kid: v.pipe(v.string(), v.minLength(1)),
      n: v.optional(v.string()),
      e: v.optional(v.string()),
      alg: v.optional(v.string()),
      use: v.optional(v.string()),
    }),
  ),
});
/** Google's x509 answer (`…/robot/v1/metadata/x509/securetoken@…`): PEM certificates by key id. */
const X509Body = v.record(
  v.pipe(v.string(), v.minLength(1)),
  v.pipe(v.string(), v.startsWith("-----BEGIN CERTIFICATE-----")),
);

/** What is cached in KV: the raw key document and when it stops being fresh. */
const CachedKeys = v.object({ body: v.unknown(), expiresAt: v.number() });

export class UnknownKeyError extends Error {
  override name = "UnknownKeyError";
}
export class KeyFetchError extends Error {
  override name = "KeyFetchError";
}

/** Keeps Google's current public keys when the response does not say for how long. */
const DEFAULT_MAX_AGE_SECONDS = 300;
/** KV refuses expirations shorter than a minute. */
const MIN_KV_TTL_SECONDS = 60;
/** A key request that has not answered (headers and body) by then has failed. */
export const DEFAULT_KEY_FETCH_TIMEOUT_MS = 3000;
/**
 * Stale-if-error: while Google's endpoint fails, the last good keys keep verifying tokens for
 * this long past their max-age (Google lists a key for hours after it stops signing with it).
 */
export const STALE_IF_ERROR_SECONDS = 6 * 60 * 60;

export interface KeyStoreOptions {
  url: string;
  kv?: KVNamespace;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now?: () => number;
  /** An unknown `kid` triggers at most one refetch per this many milliseconds; so does a failed refresh. */
  refetchCooldownMs?: number;
  /** Bound on one key request, headers and body (real milliseconds, not `now`). */
  timeoutMs?: number;
}

interface KeySet {
  keys: Map<string, CryptoKey>;
  expiresAt: number;
}

/** `max-age` in seconds from a Cache-Control header, the lifetime Google gives its keys. */
export function maxAgeSeconds(cacheControl: string | null): number {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? "");
  return match?.[1] ? Number(match[1]) : DEFAULT_MAX_AGE_SECONDS;
}

async function importKeys(body: unknown): Promise<Map<string, CryptoKey>> {
  const keys = new Map<string, CryptoKey>();
  const jwks = v.safeParse(JwksBody, body);
  if (jwks.success) {
    for (const jwk of jwks.output.keys) {
      if (jwk.kty !== "RSA" || !jwk.n || !jwk.e) continue;
      if (jwk.alg !== undefined && jwk.alg !== "RS256") continue;
      if (jwk.use !== undefined && jwk.use !== "sig") continue;
      const key = await importJWK({ kty: "RSA", n: jwk.n, e: jwk.e }, "RS256");
      if (!(key instanceof Uint8Array)) keys.set(jwk.kid, key);
    }
    return keys;
  }
  const pems = v.safeParse(X509Body, body);
  if (pems.success) {
    for (const [kid, pem] of Object.entries(pems.output)) keys.set(kid, await importX509(pem, "RS256"));
    return keys;
  }
  throw new KeyFetchError("The key document is neither a JWKS nor an x509 certificate map");
}

/** Rejects with KeyFetchError after `ms`, aborting `controller`, unless `work` settles first. */
async function withinTimeout<T>(work: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new KeyFetchError(`Key endpoint did not answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Google's securetoken public keys, fetched from a configurable URL and cached for the
 * `Cache-Control` max-age in memory (per isolate) and in KV (shared across isolates).
 * A token naming a `kid` we do not hold triggers one refetch, at most once per cooldown,
 * so a flood of forged kids cannot turn into a flood of requests to Google.
 *
 * The endpoint can never stall sign-in: each request (headers and body) is bounded by a
 * time-out, after which the shared in-flight promise is dropped so a later check retries; and
 * while a refresh fails (time-out, dropped connection, non-JSON, 5xx) the last good keys keep
 * serving for up to STALE_IF_ERROR_SECONDS past their max-age, without a new attempt per request
 * inside the cooldown. Only with no good keys at all does a check fail (KeyFetchError → 503).
 */
export class GoogleKeyStore {
  private current: KeySet | null = null;
  private lastFetchAt = Number.NEGATIVE_INFINITY;
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private inflight: Promise<KeySet> | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly cooldownMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: KeyStoreOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
    this.cooldownMs = options.refetchCooldownMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_KEY_FETCH_TIMEOUT_MS;
  }

  /** The public key for `kid`; throws UnknownKeyError when Google does not list it, KeyFetchError when no keys can be had. */
  async keyFor(kid: string, kv: KVNamespace | undefined = this.options.kv): Promise<CryptoKey> {
    let set = this.fresh(this.current) ?? (await this.fromKv(kv)) ?? (await this.refreshOrStale(kv));
    let key = set.keys.get(kid);
    if (key) return key;
    if (this.now() - this.lastFetchAt >= this.cooldownMs) {
      set = await this.refreshOrStale(kv);
      key = set.keys.get(kid);
      if (key) return key;
    }
    throw new UnknownKeyError(`No current Google key has kid ${JSON.stringify(kid)}`);
  }

  private fresh(set: KeySet | null): KeySet | null {
    return set && set.expiresAt > this.now() ? set : null;
  }

  /** Keys past their max-age but still inside the stale-if-error window. */
  private stale(): KeySet | null {
    const set = this.current;
    return set && set.expiresAt + STALE_IF_ERROR_SECONDS * 1000 > this.now() ? set : null;
  }

  private kvKey() {
    return `google-keys:${this.options.url}`;
  }

  /** Fresh keys from KV; stale ones are remembered in memory for stale-if-error. */
  private async fromKv(kv: KVNamespace | undefined): Promise<KeySet | null> {
    if (!kv) return null;
    const cached = v.safeParse(CachedKeys, await kv.get(this.kvKey(), "json"));
    if (!cached.success) return null;
    if (cached.output.expiresAt <= this.now() && this.current) return null;
    let keys: Map<string, CryptoKey>;
    try {
      keys = await importKeys(cached.output.body);
    } catch {
      return null;
    }
    this.current = { keys, expiresAt: cached.output.expiresAt };
    return this.fresh(this.current);
  }

  /**
   * A refresh, unless one failed within the cooldown and stale keys can answer; when the refresh
   * fails, the stale keys answer; with none, the failure is the caller's (KeyFetchError).
   */
  private async refreshOrStale(kv: KVNamespace | undefined): Promise<KeySet> {
    const stale = this.stale();
    if (stale && this.now() - this.lastFailureAt < this.cooldownMs) return stale;
    try {
      return await this.refetch(kv);
    } catch (error) {
      this.lastFailureAt = this.now();
      const fallback = this.stale();
      if (fallback) {
        console.warn("google-keys: refresh failed, serving the last good keys", String(error));
        return fallback;
      }
      throw error;
    }
  }

  private refetch(kv: KVNamespace | undefined): Promise<KeySet> {
    this.inflight ??= this.download(kv).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async download(kv: KVNamespace | undefined): Promise<KeySet> {
    this.lastFetchAt = this.now();
    const controller = new AbortController();
    let fetched: { body: unknown; maxAge: number; keys: Map<string, CryptoKey> };
    try {
      fetched = await withinTimeout(this.request(controller.signal), this.timeoutMs, controller);
    } catch (error) {
      // Whatever went wrong (time-out, dropped connection, non-JSON, bad key material) means
      // "keys unavailable", never an unexpected error.
      if (error instanceof KeyFetchError) throw error;
      throw new KeyFetchError(`Key endpoint failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const { body, maxAge, keys } = fetched;
    const set = { keys, expiresAt: this.now() + maxAge * 1000 };
    this.current = set;
    if (kv && maxAge > 0) {
      await kv
        .put(this.kvKey(), JSON.stringify({ body, expiresAt: set.expiresAt }), {
          expirationTtl: Math.max(MIN_KV_TTL_SECONDS, maxAge + STALE_IF_ERROR_SECONDS),
        })
        .catch((error: unknown) => console.warn("google-keys: KV write failed", String(error)));
    }
    return set;
  }

  private async request(signal: AbortSignal) {
    const response = await this.fetchImpl(this.options.url, { headers: { Accept: "application/json" }, signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new KeyFetchError(`Key endpoint answered ${response.status}`);
    }
    const body: unknown = await response.json();
    const maxAge = maxAgeSeconds(response.headers.get("Cache-Control"));
    return { body, maxAge, keys: await importKeys(body) };
  }
}

const stores = new Map<string, GoogleKeyStore>();

/** One key store per key URL (and time-out) per isolate, so the in-memory cache outlives a single request. */
export function keyStoreFor(url: string, timeoutMs = DEFAULT_KEY_FETCH_TIMEOUT_MS): GoogleKeyStore {
  const id = `${timeoutMs} ${url}`;
  let store = stores.get(id);
  if (!store) {
    store = new GoogleKeyStore({ url, timeoutMs });
    stores.set(id, store);
  }
  return store;
}
