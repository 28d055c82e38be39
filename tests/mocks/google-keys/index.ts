import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { beforeAll, beforeEach, vi } from "vitest";

/**
 * A stand-in for Google's securetoken key endpoint: RSA keys generated in the test, served as a
 * JWKS with a Cache-Control max-age like Google's, and a signer for Firebase-shaped ID tokens.
 */
export interface TestKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: Record<string, unknown>;
}

export const TEST_PROJECT_ID = "demo-arena";

export async function createTestKey(kid = `test-${crypto.randomUUID()}`): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return { kid, privateKey, publicJwk };
}

/** A JWKS response like `…/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com`. */
export function jwksResponse(keys: TestKey[], maxAgeSeconds = 21_600): Response {
  return Response.json(
    { keys: keys.map((key) => key.publicJwk) },
    { headers: { "Cache-Control": `public, max-age=${maxAgeSeconds}, must-revalidate, no-transform` } },
  );
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims of a valid ID token for `uid`, issued a minute ago, expiring in an hour. */
export function idTokenClaims(overrides: JWTPayload & Record<string, unknown> = {}): JWTPayload {
  const now = nowSeconds();
  return {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    sub: "member-1",
    iat: now - 60,
    exp: now + 3600,
    auth_time: now - 60,
    email: "member@example.com",
    email_verified: true,
    firebase: { identities: { email: ["member@example.com"] }, sign_in_provider: "password" },
    ...overrides,
  };
}

/** Signs claims with `key` (RS256, its kid in the header) exactly as Google would; header fields can be overridden. */
export async function signIdToken(
  key: TestKey,
  claims: JWTPayload = idTokenClaims(),
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT", ...header })
    .sign(key.privateKey);
}

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** An unsigned token like the Firebase Auth emulator issues (`alg: none`, no kid, empty signature). */
export function emulatorIdToken(claims: JWTPayload = idTokenClaims()): string {
  return `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`;
}

/**
 * Replaces the isolate's outbound `fetch` with `routes`: every other URL is recorded in
 * `unhandled` and rejected, so a test that calls out unexpectedly fails. Returns the calls made.
 */
export function stubOutboundFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  const unhandled: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push(url);
    const route = routes[url];
    if (!route) {
      unhandled.push(url);
      throw new TypeError(`Unhandled outbound request in a test: ${url}`);
    }
    return route();
  });
  return { calls, unhandled };
}

/**
 * One test file's Google key endpoint: a key URL of the file's own (so the isolate's key cache
 * never mixes files), one signing key created before the tests and served by the outbound
 * fetch stub before each test. `sign(claims)` makes a valid ID token with that key.
 */
export function useGoogleKeyEndpoint() {
  const url = `https://keys.arena.test/${crypto.randomUUID()}/securetoken.json`;
  let key: TestKey | undefined;
  beforeAll(async () => {
    key = await createTestKey();
  });
  beforeEach(() => {
    stubOutboundFetch({ [url]: () => jwksResponse(key ? [key] : []) });
  });
  return {
    url,
    sign(claims: JWTPayload) {
      if (!key) throw new Error("the test key is created in beforeAll");
      return signIdToken(key, claims);
    },
  };
}
