import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { importPKCS8, SignJWT } from "jose";
import { createTestKey, idTokenClaims, jwksResponse, type TestKey } from "#tests/mocks/google-keys/index.ts";
import {
  X509_FIXTURE_CERTIFICATE,
  X509_FIXTURE_KID,
  X509_FIXTURE_PRIVATE_KEY,
} from "#tests/mocks/google-keys/x509-fixture.ts";
import { authConfigFromEnv } from "./config";
import { GoogleKeyStore, KeyFetchError, maxAgeSeconds, STALE_IF_ERROR_SECONDS, UnknownKeyError } from "./google-keys";
import { verifyIdToken } from "./verify-id-token";

let first: TestKey;
let rotated: TestKey;
beforeAll(async () => {
  first = await createTestKey();
  rotated = await createTestKey();
});

/** A key endpoint whose answer the test controls, counting requests; time is a variable the test moves. */
function harness(url = `https://keys.arena.test/${crypto.randomUUID()}`) {
  let served: TestKey[] = [first];
  let maxAge = 600;
  let time = 1_700_000_000_000;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe(url);
    return jwksResponse(served, maxAge);
  });
  const store = (kv?: KVNamespace) =>
    new GoogleKeyStore({ url, kv, fetch: fetchMock, now: () => time, refetchCooldownMs: 30_000 });
  return {
    url,
    fetchMock,
    store,
    serve: (keys: TestKey[]) => (served = keys),
    setMaxAge: (seconds: number) => (maxAge = seconds),
    advance: (ms: number) => (time += ms),
  };
}

describe("GoogleKeyStore", () => {
  it("caches the keys in memory for the Cache-Control max-age, then refetches", async () => {
    const h = harness();
    const store = h.store();
    await store.keyFor(first.kid);
    await store.keyFor(first.kid);
    h.advance(599_000);
    await store.keyFor(first.kid);
    expect(h.fetchMock).toHaveBeenCalledTimes(1);
    h.advance(2_000);
    await store.keyFor(first.kid);
    expect(h.fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shares the keys through KV, so a fresh isolate does not call Google", async () => {
    const h = harness();
    await h.store(env.CACHE).keyFor(first.kid);
    const cached = await env.CACHE.get(`google-keys:${h.url}`, "json");
    expect(cached).toMatchObject({ body: { keys: [{ kid: first.kid }] } });
    await h.store(env.CACHE).keyFor(first.kid);
    expect(h.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("ignores a KV entry whose max-age has passed", async () => {
    const h = harness();
    await h.store(env.CACHE).keyFor(first.kid);
    h.advance(601_000);
    await h.store(env.CACHE).keyFor(first.kid);
    expect(h.fetchMock).toHaveBeenCalledTimes(2);
  });

  it("refetches once for an unknown kid (Google rotated), at most once per cooldown", async () => {
    const h = harness();
    const store = h.store();
    await store.keyFor(first.kid);
    h.serve([first, rotated]);
    h.advance(31_000);
    await expect(store.keyFor(rotated.kid)).resolves.toBeDefined();
    expect(h.fetchMock).toHaveBeenCalledTimes(2);

    // A flood of forged kids inside the cooldown costs no request to Google.
    for (const forged of ["a", "b", "c"]) await expect(store.keyFor(forged)).rejects.toBeInstanceOf(UnknownKeyError);
    expect(h.fetchMock).toHaveBeenCalledTimes(2);
    h.advance(30_000);
    await expect(store.keyFor("d")).rejects.toBeInstanceOf(UnknownKeyError);
    expect(h.fetchMock).toHaveBeenCalledTimes(3);
  });

  it("drops keys Google no longer lists once their max-age passes", async () => {
    const h = harness();
    const store = h.store();
    await store.keyFor(first.kid);
    h.serve([rotated]);
    h.advance(601_000);
    await expect(store.keyFor(first.kid)).rejects.toBeInstanceOf(UnknownKeyError);
  });

  it("keeps only RSA signing keys", async () => {
    const url = `https://keys.arena.test/${crypto.randomUUID()}`;
    const store = new GoogleKeyStore({
      url,
      fetch: async () =>
        Response.json({
          keys: [
            { ...first.publicJwk, kid: "enc", use: "enc" },
            { ...first.publicJwk, kid: "ps", alg: "PS256" },
            { kty: "oct", kid: "oct", k: "c2VjcmV0" },
          ],
        }),
    });
    for (const kid of ["enc", "ps", "oct"]) await expect(store.keyFor(kid)).rejects.toBeInstanceOf(UnknownKeyError);
  });
});

/**
 * A key endpoint the test can make hang (a fetch that never answers, like a connection Google
 * never completes), fail, or recover; real time bounds the hang, test time drives max-age.
 */
function unreliableEndpoint() {
  const url = `https://keys.arena.test/${crypto.randomUUID()}/unreliable`;
  let mode: "ok" | "hang" | "html" | "drop" | "500" = "ok";
  let served: TestKey[] = [first];
  let time = 1_700_000_000_000;
  let calls = 0;
  const fetchImpl = async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls += 1;
    if (mode === "hang") {
      // Never answers, even when aborted: the store must not depend on the signal being honoured.
      void init;
      return new Promise<Response>(() => {});
    }
    if (mode === "drop") throw new TypeError("Network connection lost.");
    if (mode === "html") return new Response("<html>502 Bad Gateway</html>", { status: 200 });
    if (mode === "500") return new Response("oops", { status: 500 });
    return jwksResponse(served, 600);
  };
  const store = new GoogleKeyStore({
    url,
    fetch: fetchImpl,
    now: () => time,
    timeoutMs: 50,
    refetchCooldownMs: 30_000,
  });
  return {
    store,
    set: (next: typeof mode) => (mode = next),
    serve: (keys: TestKey[]) => (served = keys),
    advance: (ms: number) => (time += ms),
    calls: () => calls,
  };
}

/** Real milliseconds a promise takes to settle. */
async function timed<T>(work: Promise<T>): Promise<{ ms: number; result: PromiseSettledResult<T> }> {
  const start = performance.now();
  const [result] = await Promise.allSettled([work]);
  return { ms: performance.now() - start, result: result as PromiseSettledResult<T> };
}

describe("GoogleKeyStore: the key endpoint can never stall sign-in", () => {
  it("with no keys yet, a hanging endpoint fails within the time-out, and the next check retries", async () => {
    const e = unreliableEndpoint();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    e.set("hang");
    const [a, b] = await Promise.all([timed(e.store.keyFor(first.kid)), timed(e.store.keyFor(first.kid))]);
    for (const { ms, result } of [a, b]) {
      expect(result.status).toBe("rejected");
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(KeyFetchError);
      expect(ms).toBeLessThan(1000);
    }
    // Concurrent checks shared one request; the hung promise is not kept for later checks.
    expect(e.calls()).toBe(1);
    e.set("ok");
    await expect(e.store.keyFor(first.kid)).resolves.toBeDefined();
    expect(e.calls()).toBe(2);
  });

  it("keeps verifying with the last good keys while the endpoint hangs, then recovers", async () => {
    const e = unreliableEndpoint();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await e.store.keyFor(first.kid);
    e.advance(601_000); // past max-age: a refresh is due
    e.set("hang");
    const stale = await timed(e.store.keyFor(first.kid));
    expect(stale.result.status).toBe("fulfilled");
    expect(stale.ms).toBeLessThan(1000);
    expect(warn).toHaveBeenCalledWith("google-keys: refresh failed, serving the last good keys", expect.any(String));
    // Inside the cooldown the stale keys answer at once, without another hanging request.
    const callsAfterFailure = e.calls();
    const quick = await timed(e.store.keyFor(first.kid));
    expect(quick.result.status).toBe("fulfilled");
    expect(quick.ms).toBeLessThan(40);
    expect(e.calls()).toBe(callsAfterFailure);

    // The endpoint recovers with a rotated key: the next check after the cooldown picks it up.
    e.set("ok");
    e.serve([rotated]);
    e.advance(30_000);
    await expect(e.store.keyFor(rotated.kid)).resolves.toBeDefined();
    await expect(e.store.keyFor(first.kid)).rejects.toBeInstanceOf(UnknownKeyError);
  });

  it("stops serving stale keys once the stale-if-error window has passed", async () => {
    const e = unreliableEndpoint();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await e.store.keyFor(first.kid);
    e.set("drop");
    e.advance(601_000 + STALE_IF_ERROR_SECONDS * 1000);
    await expect(e.store.keyFor(first.kid)).rejects.toBeInstanceOf(KeyFetchError);
  });

  it("turns a non-JSON answer, a dropped connection or a 5xx into KeyFetchError, never another error", async () => {
    for (const mode of ["html", "drop", "500"] as const) {
      const e = unreliableEndpoint();
      e.set(mode);
      await expect(e.store.keyFor(first.kid)).rejects.toBeInstanceOf(KeyFetchError);
    }
  });
});

describe("maxAgeSeconds", () => {
  it("reads Google's Cache-Control and defaults to five minutes", () => {
    expect(maxAgeSeconds("public, max-age=19204, must-revalidate, no-transform")).toBe(19204);
    expect(maxAgeSeconds("no-cache")).toBe(300);
    expect(maxAgeSeconds(null)).toBe(300);
  });
});

describe("Google's x509 format", () => {
  it("verifies a token against a PEM certificate served by kid", async () => {
    const url = `https://keys.arena.test/${crypto.randomUUID()}/x509`;
    const keys = new GoogleKeyStore({
      url,
      fetch: async () =>
        Response.json(
          { [X509_FIXTURE_KID]: X509_FIXTURE_CERTIFICATE },
          { headers: { "Cache-Control": "public, max-age=19204" } },
        ),
    });
    const privateKey = await importPKCS8(X509_FIXTURE_PRIVATE_KEY, "RS256");
    const token = await new SignJWT(idTokenClaims())
      .setProtectedHeader({ alg: "RS256", kid: X509_FIXTURE_KID })
      .sign(privateKey);
    const config = authConfigFromEnv({ FIREBASE_PROJECT_ID: "demo-arena", GOOGLE_KEYS_URL: url });
    await expect(verifyIdToken(token, { config, keys })).resolves.toMatchObject({ uid: "member-1" });
    const forged = await new SignJWT(idTokenClaims())
      .setProtectedHeader({ alg: "RS256", kid: X509_FIXTURE_KID })
      .sign((await createTestKey()).privateKey);
    await expect(verifyIdToken(forged, { config, keys })).rejects.toMatchObject({ reason: "signature" });
  });
});
