import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { memberTestApp, sameOriginJson } from "#tests/mocks/google-keys/app.ts";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { REVOCATION_CACHE_MS, revokedAt, revokeSessions } from "#worker/services/auth/revocations.ts";

const google = useGoogleKeyEndpoint();
const app = () => memberTestApp({ GOOGLE_KEYS_URL: google.url });
const now = () => Math.floor(Date.now() / 1000);

/** A member's ID token, signed in `signedInAgo` seconds ago (refreshing a token keeps that time). */
function tokenFor(uid: string, signedInAgo: number, refreshedAgo = 0) {
  return google.sign(
    idTokenClaims({ sub: uid, email: `${uid}@example.com`, auth_time: now() - signedInAgo, iat: now() - refreshedAgo }),
  );
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectApiRefused(token: string) {
  const res = await app().fetch("/api/me", { headers: bearer(token) });
  expect(res.status).toBe(401);
  expect((await res.json<{ error: { code: string } }>()).error.code).toBe("unauthenticated");
}

function postSession(token: string) {
  return app().fetch("/api/__session", {
    method: "POST",
    headers: sameOriginJson({ "CF-Connecting-IP": `10.77.${Math.floor(Math.random() * 250)}.1` }),
    body: JSON.stringify({ token }),
  });
}

describe("signed out means signed out: DELETE /api/me/sessions (sign out everywhere)", () => {
  it("refuses every session that signed in before, on the API, the session endpoint and the pages", async () => {
    const uid = "revoke-everywhere";
    const laptop = await tokenFor(uid, 3000);
    const phone = await tokenFor(uid, 600);
    expect((await app().fetch("/api/me", { headers: bearer(phone) })).status).toBe(200);

    const res = await app().fetch("/api/me/sessions", { method: "DELETE", headers: bearer(laptop) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/^__session=; Max-Age=0/);
    const { revokedAt: at } = await res.json<{ revokedAt: number }>();
    expect(Math.abs(at - now())).toBeLessThanOrEqual(1);

    // Both devices, and the phone's token refreshed after the revocation (same auth_time, new iat).
    await expectApiRefused(laptop);
    await expectApiRefused(phone);
    await expectApiRefused(await tokenFor(uid, 600, 0));
    const session = await postSession(phone);
    expect(session.status).toBe(401);
    expect(session.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/^__session=; Max-Age=0/);

    // Pages: signed out (login), not "refresh", even with the signed-in hint; the cookies are cleared.
    const page = await app().fetch("/es/dashboard/", { headers: { Cookie: `__session=${phone}; signed_in=1` } });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/es/login/?returnTo=%2Fes%2Fdashboard%2F");
    expect(page.headers.getSetCookie().find((c) => c.startsWith("signed_in="))).toMatch(/^signed_in=; Max-Age=0/);
  });

  it("lets a fresh sign-in after the revocation in", async () => {
    const uid = "revoke-then-sign-in";
    const old = await tokenFor(uid, 120);
    const res = await app().fetch("/api/me/sessions", { method: "DELETE", headers: bearer(old) });
    const { revokedAt: at } = await res.json<{ revokedAt: number }>();
    const fresh = await google.sign(idTokenClaims({ sub: uid, auth_time: at, iat: at }));
    expect((await app().fetch("/api/me", { headers: bearer(fresh) })).status).toBe(200);
    expect((await postSession(fresh)).status).toBe(200);
    const page = await app().fetch("/es/dashboard/", { headers: { Cookie: `__session=${fresh}` } });
    expect(page.status).toBe(200);
  });

  it("needs this site's origin when the session comes from the cookie", async () => {
    const token = await tokenFor("revoke-csrf", 60);
    const res = await app().fetch("/api/me/sessions", {
      method: "DELETE",
      headers: { Cookie: `__session=${token}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await app().fetch("/api/me", { headers: bearer(token) })).status).toBe(200);
  });
});

describe("signed out means signed out: password change and account deletion", () => {
  it("DELETE /api/me/sessions/others keeps this session and refuses older ones (recent sign-in needed)", async () => {
    const uid = "revoke-others";
    const otherDevice = await tokenFor(uid, 3000);
    const stale = await app().fetch("/api/me/sessions/others", { method: "DELETE", headers: bearer(otherDevice) });
    expect(stale.status).toBe(401);
    expect((await stale.json<{ error: { code: string } }>()).error.code).toBe("requires_recent_login");

    const afterPasswordChange = await tokenFor(uid, 5);
    const res = await app().fetch("/api/me/sessions/others", {
      method: "DELETE",
      headers: bearer(afterPasswordChange),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await app().fetch("/api/me", { headers: bearer(afterPasswordChange) })).status).toBe(200);
    await expectApiRefused(otherDevice);
  });

  it("DELETE /api/me revokes the account's sessions along with its data", async () => {
    const uid = "revoke-deleted";
    const token = await tokenFor(uid, 30);
    await app().fetch("/api/me", {
      method: "PATCH",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ana" }),
    });
    expect((await app().fetch("/api/me", { method: "DELETE", headers: bearer(token) })).status).toBe(200);
    await expectApiRefused(token);
    const row = await env.DB.prepare("SELECT revoked_at FROM session_revocations WHERE uid = ?").bind(uid).first();
    expect(row).toMatchObject({ revoked_at: expect.any(Number) });
  });
});

describe("revocation store", () => {
  it("reads D1 at most once per member per cache period, and never moves a revocation back", async () => {
    const uid = "revoke-store";
    const t0 = 1_900_000_000_000;
    await env.DB.prepare("DELETE FROM session_revocations WHERE uid = ?").bind(uid).run();
    expect(await revokedAt(env.DB, uid, t0)).toBeNull();
    // Written behind the store's back (another isolate): seen once the cached read ages out.
    await env.DB.prepare("INSERT INTO session_revocations (uid, revoked_at) VALUES (?, 100)").bind(uid).run();
    expect(await revokedAt(env.DB, uid, t0 + REVOCATION_CACHE_MS - 1)).toBeNull();
    expect(await revokedAt(env.DB, uid, t0 + REVOCATION_CACHE_MS)).toBe(100);
    expect(await revokeSessions(env.DB, uid, 50, t0 + REVOCATION_CACHE_MS)).toBe(100);
    expect(await revokeSessions(env.DB, uid, 200, t0 + REVOCATION_CACHE_MS)).toBe(200);
    expect(await revokedAt(env.DB, uid, t0 + REVOCATION_CACHE_MS)).toBe(200);
  });
});
