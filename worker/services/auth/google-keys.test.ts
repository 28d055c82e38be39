import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { importPKCS8, SignJWT } from "jose";
import { createTestKey, idTokenClaims, jwksResponse, type TestKey } from "../../../tests/mocks/google-keys";
import {
  X509_FIXTURE_CERTIFICATE,
  X509_FIXTURE_KID,
  X509_FIXTURE_PRIVATE_KEY,
} from "../../../tests/mocks/google-keys/x509-fixture";
import { authConfigFromEnv } from "./config";
import { GoogleKeyStore, maxAgeSeconds, UnknownKeyError } from "./google-keys";
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
