import { exportJWK, SignJWT } from "jose";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { memberTestApp, sameOriginJson } from "#tests/mocks/google-keys/app.ts";
import { atStartOfRateLimitWindow, RATE_LIMIT_TEST_TIMEOUT_MS } from "#tests/setup/rate-limit-window.ts";
import {
  createTestKey,
  emulatorIdToken,
  idTokenClaims,
  jwksResponse,
  signIdToken,
  stubOutboundFetch,
  type TestKey,
} from "#tests/mocks/google-keys/index.ts";

// A key URL of this file's own, so the isolate's key cache never mixes with other files' keys.
const KEYS_URL = `https://keys.arena.test/${crypto.randomUUID()}/securetoken.json`;
let google: TestKey;
let stranger: TestKey;
let outbound: ReturnType<typeof stubOutboundFetch>;

beforeAll(async () => {
  google = await createTestKey();
  stranger = await createTestKey();
});
beforeEach(() => {
  outbound = stubOutboundFetch({ [KEYS_URL]: () => jwksResponse([google]) });
});

const now = () => Math.floor(Date.now() / 1000);
let clientCounter = 0;
const app = () => memberTestApp({ GOOGLE_KEYS_URL: KEYS_URL });

function postSession(token: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  // Each call comes from its own client address so the rate limiter only counts where a test means it to.
  clientCounter += 1;
  return memberTestApp({ GOOGLE_KEYS_URL: KEYS_URL, ...overrides }).fetch("/api/__session", {
    method: "POST",
    headers: sameOriginJson({
      "CF-Connecting-IP": `10.0.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`,
      ...headers,
    }),
    body: JSON.stringify({ token }),
  });
}

async function expectRefused(token: string, overrides: Record<string, unknown> = {}) {
  const res = await postSession(token, overrides);
  expect(res.status).toBe(401);
  const body = await res.json<{ error: { code: string; message: string } }>();
  expect(body.error.code).toBe("invalid_token");
  expect(body.error.message).toBe("Tu sesión no es válida. Vuelve a iniciar sesión");
  expect(res.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/^__session=; Max-Age=0/);
  expect(outbound.unhandled).toEqual([]);
}

describe("POST /api/__session: the token matrix", () => {
  it("accepts a valid token and sets an HttpOnly, SameSite=Lax, Path=/ cookie that expires with it", async () => {
    const exp = now() + 1800;
    const token = await signIdToken(google, idTokenClaims({ exp }));
    const res = await postSession(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      user: { uid: "member-1", email: "member@example.com", emailVerified: true, expiresAt: exp },
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(cookie).toContain(`__session=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    // arena.test is not loopback, so the cookie is Secure.
    expect(cookie).toMatch(/Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(1790);
    expect(maxAge).toBeLessThanOrEqual(1800);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(outbound.calls).toEqual([KEYS_URL]);
  });

  it("refuses an expired token (beyond the 60 s skew) but tolerates one expired 30 s ago", async () => {
    await expectRefused(
      await signIdToken(google, idTokenClaims({ exp: now() - 120, iat: now() - 3700, auth_time: now() - 3700 })),
    );
    const res = await postSession(await signIdToken(google, idTokenClaims({ exp: now() - 30 })));
    expect(res.status).toBe(200);
  });

  it("refuses a token without exp", async () => {
    const { exp: _exp, ...claims } = idTokenClaims();
    await expectRefused(await signIdToken(google, claims));
  });

  it("refuses a token issued in the future", async () => {
    await expectRefused(await signIdToken(google, idTokenClaims({ iat: now() + 300 })));
  });

  it("refuses a token whose auth_time is in the future", async () => {
    await expectRefused(await signIdToken(google, idTokenClaims({ auth_time: now() + 300 })));
  });

  it("refuses a token without auth_time", async () => {
    const { auth_time: _authTime, ...claims } = idTokenClaims();
    await expectRefused(await signIdToken(google, claims));
  });

  it("refuses a wrong audience", async () => {
    await expectRefused(await signIdToken(google, idTokenClaims({ aud: "demo-other" })));
  });

  it("refuses a wrong issuer", async () => {
    await expectRefused(await signIdToken(google, idTokenClaims({ iss: "https://evil.example/demo-arena" })));
  });

  it("refuses another project's token (its aud and iss both name the other project)", async () => {
    await expectRefused(
      await signIdToken(google, idTokenClaims({ aud: "demo-other", iss: "https://securetoken.google.com/demo-other" })),
    );
  });

  it("refuses alg none outside emulator mode", async () => {
    await expectRefused(emulatorIdToken());
  });

  it("refuses HS256 signed with Google's public key as the HMAC secret", async () => {
    const secret = new TextEncoder().encode(JSON.stringify(google.publicJwk));
    const token = await new SignJWT(idTokenClaims()).setProtectedHeader({ alg: "HS256", kid: google.kid }).sign(secret);
    await expectRefused(token);
  });

  it("refuses a token signed by a key Google does not list (unknown kid)", async () => {
    await expectRefused(await signIdToken(stranger));
  });

  it("refuses a token without kid", async () => {
    const token = await new SignJWT(idTokenClaims()).setProtectedHeader({ alg: "RS256" }).sign(google.privateKey);
    await expectRefused(token);
  });

  it("refuses a token that embeds its own key (jwk header), even under a listed kid", async () => {
    const jwk = await exportJWK(stranger.privateKey).then(({ kty, n, e }) => ({ kty, n, e }));
    await expectRefused(await signIdToken(stranger, idTokenClaims(), { jwk }));
    await expectRefused(await signIdToken(stranger, idTokenClaims(), { jwk, kid: google.kid }));
  });

  it("refuses a token signed by another key under Google's kid", async () => {
    await expectRefused(await signIdToken(stranger, idTokenClaims(), { kid: google.kid }));
  });

  it("refuses an empty sub and a 129-character sub, accepts 128 characters", async () => {
    await expectRefused(await signIdToken(google, idTokenClaims({ sub: "" })));
    await expectRefused(await signIdToken(google, idTokenClaims({ sub: "u".repeat(129) })));
    expect((await postSession(await signIdToken(google, idTokenClaims({ sub: "u".repeat(128) })))).status).toBe(200);
  });

  it("refuses garbage", async () => {
    await expectRefused("not-a-jwt");
  });
});

describe("POST /api/__session: emulator tokens", () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };

  it("accepts the emulator's unsigned token only when the emulator variable is set", async () => {
    await expectRefused(emulatorIdToken());
    const res = await postSession(emulatorIdToken(), emulator);
    expect(res.status).toBe(200);
    expect(outbound.calls).toEqual([]);
  });

  it("still checks the claims of emulator tokens", async () => {
    await expectRefused(emulatorIdToken(idTokenClaims({ aud: "demo-other" })), emulator);
    await expectRefused(emulatorIdToken(idTokenClaims({ exp: now() - 600 })), emulator);
  });

  it("never accepts them in a production configuration, even with the variable set", async () => {
    const production = { ...emulator, APP_ENV: "production" };
    const logged: unknown[] = [];
    const { vi } = await import("vitest");
    vi.spyOn(console, "error").mockImplementation((...args) => void logged.push(args));
    const res = await postSession(emulatorIdToken(), production);
    expect(res.status).toBe(500);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=ey"))).toBe(false);
    expect(String(logged[0])).toMatch(/FIREBASE_AUTH_EMULATOR_HOST must not be set/);
  });
});

describe("POST /api/__session: cookies, origin, rate limit", () => {
  it("clears the session and the signed-in hint for an empty token", async () => {
    const res = await postSession("");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__session="))).toMatch(/^__session=; Max-Age=0;.*HttpOnly/);
    expect(cookies.find((c) => c.startsWith("signed_in="))).toMatch(/^signed_in=; Max-Age=0/);
  });

  it("sets a readable signed-in hint next to the HttpOnly session", async () => {
    const res = await postSession(await signIdToken(google));
    const hint = res.headers.getSetCookie().find((c) => c.startsWith("signed_in="));
    expect(hint).toMatch(/^signed_in=1; Max-Age=2592000; Path=\/; SameSite=Lax/);
    expect(hint).not.toMatch(/HttpOnly/);
  });

  it("leaves Secure off only on plain-http loopback", async () => {
    const token = await signIdToken(google);
    const { env } = memberTestApp();
    const { createApp } = await import("#worker/app.ts");
    const local = createApp(async () => new Response("page"));
    const { createExecutionContext } = await import("cloudflare:test");
    const res = await local.fetch(
      new Request("http://127.0.0.1:8794/api/__session", {
        method: "POST",
        headers: {
          Origin: "http://127.0.0.1:8794",
          "Content-Type": "application/json",
          "CF-Connecting-IP": "10.9.9.9",
        },
        body: JSON.stringify({ token }),
      }),
      { ...env, GOOGLE_KEYS_URL: KEYS_URL },
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__session="))).not.toMatch(/Secure/);
  });

  it("refuses cross-site posts, and posts without Origin that carry cookies", async () => {
    const token = await signIdToken(google);
    const crossSite = await postSession(token, {}, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json<{ error: { code: string } }>()).error.code).toBe("cross_site");
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    const fetchMetadata = await postSession(token, {}, { "Sec-Fetch-Site": "cross-site" });
    expect(fetchMetadata.status).toBe(403);
    // The Worker's one same-site rule (worker/middleware/same-site.ts): no browser headers and
    // cookies to ride on → refused.
    const noOrigin = await app().fetch("/api/__session", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.8.8.8", Cookie: "lang=es" },
      body: JSON.stringify({ token }),
    });
    expect(noOrigin.status).toBe(403);
  });

  it("answers a malformed body with a translated 400", async () => {
    const res = await app().fetch("/api/__session", {
      method: "POST",
      headers: sameOriginJson({ "Accept-Language": "en", "CF-Connecting-IP": "10.7.7.7" }),
      body: JSON.stringify({ token: 42 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "bad_request", message: "The request is not valid" } });
  });

  it("rate limits each client address", { timeout: RATE_LIMIT_TEST_TIMEOUT_MS }, async () => {
    const headers = sameOriginJson({ "CF-Connecting-IP": "10.99.99.99", "Accept-Language": "ca" });
    await atStartOfRateLimitWindow(60);
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await app().fetch("/api/__session", { method: "POST", headers, body: JSON.stringify({ token: "" }) });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toBe("60");
        expect((await res.json<{ error: { code: string } }>()).error.code).toBe("too_many_requests");
      }
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("POST /api/__session: hostile tokens never become a 5xx", () => {
  it("refuses a valid token with whitespace or a control character around it (401, cookies cleared)", async () => {
    const token = await signIdToken(google);
    for (const extra of ["\n", "\r", "\r\n", " ", "\t", "\u0000", "\u007f", "\u2028"]) {
      for (const spelled of [`${token}${extra}`, `${extra}${token}`]) await expectRefused(spelled);
    }
  });

  it("refuses a cookie or bearer token with encoded control characters on the member API", async () => {
    const token = await signIdToken(google);
    const viaCookie = await app().fetch("/api/me", { headers: { Cookie: `__session=${token}%0D%0A` } });
    expect(viaCookie.status).toBe(401);
    const viaBearer = await app().fetch("/api/me", { headers: { Authorization: `Bearer ${token}%0A` } });
    expect(viaBearer.status).toBe(401);
  });
});

describe("POST /api/__session: Google's key endpoint failing", () => {
  /** A key endpoint of the test's own (so no other test's cache answers) whose behaviour the test sets. */
  function flakyKeys() {
    const url = `https://keys.arena.test/${crypto.randomUUID()}/flaky.json`;
    let answer: () => Response | Promise<Response> = () => jwksResponse([google], 0);
    stubOutboundFetch({ [url]: () => answer() });
    const post = async (token: string) => {
      clientCounter += 1;
      return memberTestApp({ GOOGLE_KEYS_URL: url, GOOGLE_KEYS_TIMEOUT_MS: "50" }).fetch("/api/__session", {
        method: "POST",
        headers: sameOriginJson({
          "CF-Connecting-IP": `10.1.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`,
        }),
        body: JSON.stringify({ token }),
      });
    };
    return { post, answerWith: (next: () => Response | Promise<Response>) => (answer = next) };
  }

  it("answers 503 (not 500) when the endpoint sends non-JSON or drops the connection", async () => {
    const token = await signIdToken(google);
    const keys = flakyKeys();
    for (const failure of [
      () => new Response("<html>Bad gateway</html>", { status: 200, headers: { "Content-Type": "text/html" } }),
      () => Response.json({ keys: "none" }),
      () => Promise.reject(new TypeError("Network connection lost.")),
      () => new Response("unavailable", { status: 502 }),
    ]) {
      keys.answerWith(failure);
      const res = await keys.post(token);
      expect(res.status).toBe(503);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("auth_unavailable");
    }
  });

  it("answers 503 within the time-out when the endpoint never answers, and recovers with it", async () => {
    const token = await signIdToken(google);
    const keys = flakyKeys();
    keys.answerWith(() => new Promise<Response>(() => {}));
    const started = performance.now();
    const res = await keys.post(token);
    expect(res.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(1000);
    keys.answerWith(() => jwksResponse([google]));
    expect((await keys.post(token)).status).toBe(200);
  });

  it("keeps verifying valid tokens with the last good keys while the endpoint hangs", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const keys = flakyKeys();
    // max-age=0: the keys are stale at once, so every later check needs a refresh.
    expect((await keys.post(await signIdToken(google))).status).toBe(200);
    keys.answerWith(() => new Promise<Response>(() => {}));
    const started = performance.now();
    const res = await keys.post(await signIdToken(google));
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(warn).toHaveBeenCalled();
  });
});
