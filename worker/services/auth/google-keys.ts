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

export interface KeyStoreOptions {
  url: string;
  kv?: KVNamespace;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now?: () => number;
  /** An unknown `kid` triggers at most one refetch per this many milliseconds. */
  refetchCooldownMs?: number;
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

/**
 * Google's securetoken public keys, fetched from a configurable URL and cached for the
 * `Cache-Control` max-age in memory (per isolate) and in KV (shared across isolates).
 * A token naming a `kid` we do not hold triggers one refetch, at most once per cooldown,
 * so a flood of forged kids cannot turn into a flood of requests to Google.
 */
export class GoogleKeyStore {
  private current: KeySet | null = null;
  private lastFetchAt = Number.NEGATIVE_INFINITY;
  private inflight: Promise<KeySet> | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly cooldownMs: number;

  constructor(private readonly options: KeyStoreOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
    this.cooldownMs = options.refetchCooldownMs ?? 30_000;
  }

  /** The public key for `kid`; throws UnknownKeyError when Google does not list it. */
  async keyFor(kid: string, kv: KVNamespace | undefined = this.options.kv): Promise<CryptoKey> {
    let set = this.fresh(this.current) ?? (await this.fromKv(kv)) ?? (await this.refetch(kv));
    let key = set.keys.get(kid);
    if (key) return key;
    if (this.now() - this.lastFetchAt >= this.cooldownMs) {
      set = await this.refetch(kv);
      key = set.keys.get(kid);
      if (key) return key;
    }
    throw new UnknownKeyError(`No current Google key has kid ${JSON.stringify(kid)}`);
  }

  private fresh(set: KeySet | null): KeySet | null {
    return set && set.expiresAt > this.now() ? set : null;
  }

  private kvKey() {
    return `google-keys:${this.options.url}`;
  }

  private async fromKv(kv: KVNamespace | undefined): Promise<KeySet | null> {
    if (!kv) return null;
    const cached = v.safeParse(CachedKeys, await kv.get(this.kvKey(), "json"));
    if (!cached.success || cached.output.expiresAt <= this.now()) return null;
    const set = { keys: await importKeys(cached.output.body), expiresAt: cached.output.expiresAt };
    this.current = set;
    return set;
  }

  private refetch(kv: KVNamespace | undefined): Promise<KeySet> {
    this.inflight ??= this.download(kv).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async download(kv: KVNamespace | undefined): Promise<KeySet> {
    this.lastFetchAt = this.now();
    const response = await this.fetchImpl(this.options.url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new KeyFetchError(`Key endpoint answered ${response.status}`);
    const body: unknown = await response.json();
    const maxAge = maxAgeSeconds(response.headers.get("Cache-Control"));
    const set = { keys: await importKeys(body), expiresAt: this.now() + maxAge * 1000 };
    this.current = set;
    if (kv && maxAge > 0) {
      await kv.put(this.kvKey(), JSON.stringify({ body, expiresAt: set.expiresAt }), {
        expirationTtl: Math.max(MIN_KV_TTL_SECONDS, maxAge),
      });
    }
    return set;
  }
}

const stores = new Map<string, GoogleKeyStore>();

/** One key store per key URL per isolate, so the in-memory cache outlives a single request. */
export function keyStoreFor(url: string): GoogleKeyStore {
  let store = stores.get(url);
  if (!store) {
    store = new GoogleKeyStore({ url });
    stores.set(url, store);
  }
  return store;
}
