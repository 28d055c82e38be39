import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
import { memberTestApp } from "#tests/mocks/google-keys/app.ts";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { decideAccess } from "#app/lib/auth/access.ts";
import { canonicalPath } from "#app/lib/paths.ts";
import { memberAreaOf } from "./guards";

const google = useGoogleKeyEndpoint();
const KEYS_URL = google.url;

const now = () => Math.floor(Date.now() / 1000);
type SessionKind = "none" | "unverified" | "verified" | "expired";

async function cookieFor(kind: SessionKind): Promise<string | null> {
  if (kind === "none") return null;
  const claims =
    kind === "expired"
      ? idTokenClaims({ exp: now() - 600, iat: now() - 4200, auth_time: now() - 4200 })
      : idTokenClaims({ email_verified: kind === "verified" });
  return `__session=${await google.sign(claims)}`;
}

async function visit(path: string, kind: SessionKind, { hint = kind === "expired" } = {}) {
  const app = memberTestApp({ GOOGLE_KEYS_URL: KEYS_URL });
  const cookies = [await cookieFor(kind), hint ? "signed_in=1" : null].filter(Boolean).join("; ");
  const response = await app.fetch(path, { headers: cookies ? { Cookie: cookies } : {} });
  return { response, rendered: app.rendered };
}

describe("guards: /{lang}/dashboard/ and its children", () => {
  for (const path of [
    "/es/dashboard/",
    "/en/dashboard/events/",
    "/val/dashboard/settings/",
    "/es/dashboard/user-information/",
  ]) {
    const lang = path.split("/")[1];

    it(`${path}: nobody signed in → login, returning here`, async () => {
      const { response, rendered } = await visit(`${path}?tab=past`, "none");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        `/${lang}/login/?returnTo=${encodeURIComponent(`${path}?tab=past`)}`,
      );
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(rendered).toEqual([]);
    });

    it(`${path}: signed in but unverified → email verification`, async () => {
      const { response, rendered } = await visit(path, "unverified");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/${lang}/email-verification/`);
      expect(rendered).toEqual([]);
    });

    it(`${path}: verified → the page, with the member in the context, never cached`, async () => {
      const { response, rendered } = await visit(path, "verified");
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      // Personal: no cross-origin window keeps a handle to it (worker/middleware/security-headers.ts).
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
      expect(rendered[0]?.session).toMatchObject({ status: "active", user: { uid: "member-1", emailVerified: true } });
    });

    it(`${path}: expired token with a live browser session → the page in refresh mode, no member data`, async () => {
      const { response, rendered } = await visit(path, "expired");
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(rendered[0]?.session).toEqual({ status: "refresh" });
    });
  }

  it("an expired cookie the browser already dropped, with only the hint left, is refreshed too", async () => {
    const { response, rendered } = await visit("/es/dashboard/", "none", { hint: true });
    expect(response.status).toBe(200);
    expect(rendered[0]?.session).toEqual({ status: "refresh" });
  });

  it("an expired cookie without the hint still refreshes (the token only aged)", async () => {
    const { response, rendered } = await visit("/es/dashboard/", "expired", { hint: false });
    expect(response.status).toBe(200);
    expect(rendered[0]?.session).toEqual({ status: "refresh" });
  });

  it("a forged cookie without a browser session goes to login", async () => {
    const app = memberTestApp({ GOOGLE_KEYS_URL: KEYS_URL });
    const response = await app.fetch("/es/dashboard/", { headers: { Cookie: "__session=forged.token.here" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/es\/login\/\?returnTo=/);
  });

  it("data requests are not redirected at the edge: the loaders decide with the same session", async () => {
    const { response, rendered } = await visit("/es/dashboard/events.data", "none");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(rendered[0]?.session).toEqual({ status: "none" });
  });
});

describe("guards: /{lang}/email-verification/", () => {
  it("nobody signed in → login", async () => {
    const { response } = await visit("/val/email-verification/", "none");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/val/login/?returnTo=${encodeURIComponent("/val/email-verification/")}`,
    );
  });

  it("unverified → the page", async () => {
    const { response, rendered } = await visit("/en/email-verification/", "unverified");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(rendered[0]?.session).toMatchObject({ status: "active", user: { emailVerified: false } });
  });

  it("verified → the dashboard (nothing left to verify)", async () => {
    const { response } = await visit("/en/email-verification/", "verified");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en/dashboard/");
  });

  it("expired with a live browser session → refresh mode", async () => {
    const { response, rendered } = await visit("/es/email-verification/", "expired");
    expect(response.status).toBe(200);
    expect(rendered[0]?.session).toEqual({ status: "refresh" });
  });
});

describe("public pages: no guard, the session only for the header", () => {
  it("a content page without a session cookie gets none and keeps its own caching", async () => {
    const { response, rendered } = await visit("/es/dashboards-and-more/", "none");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(rendered[0]?.session).toEqual({ status: "none" });
  });

  it("a content page with a member's session gets it (the header says 'Mi cuenta') and is never cached", async () => {
    const { response, rendered } = await visit("/es/dashboards-and-more/", "verified");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(rendered[0]?.session).toMatchObject({ status: "active", user: { uid: "member-1" } });
  });

  it("an expired session on a public page is still a member (refresh), never a redirect", async () => {
    const { response, rendered } = await visit("/en/events/", "expired");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(rendered[0]?.session).toEqual({ status: "refresh" });
  });

  it("paths outside the language trees are left alone", async () => {
    const { rendered } = await visit("/no-such-file.txt", "verified");
    expect(rendered[0]?.session).toEqual({ status: "none" });
  });

  it("matches member paths exactly", () => {
    expect(memberAreaOf("/es/dashboard")).toMatchObject({ area: "dashboard", document: true });
    expect(memberAreaOf("/en/dashboard/_.data")).toMatchObject({ area: "dashboard", document: false });
    expect(memberAreaOf("/val/email-verification/")).toMatchObject({ area: "email-verification" });
    expect(memberAreaOf("/es/dashboardx/")).toBeNull();
    expect(memberAreaOf("/fr/dashboard/")).toBeNull();
    expect(memberAreaOf("/dashboard/")).toBeNull();
  });

  it("decides every combination", () => {
    const user = { uid: "u", email: "a@b.c", authTime: 0, expiresAt: 0 };
    const verified = { status: "active" as const, user: { ...user, emailVerified: true } };
    const unverified = { status: "active" as const, user: { ...user, emailVerified: false } };
    expect(decideAccess("dashboard", { status: "none" })).toEqual({ kind: "redirect", to: "login" });
    expect(decideAccess("dashboard", { status: "refresh" })).toEqual({ kind: "refresh" });
    expect(decideAccess("dashboard", unverified)).toEqual({ kind: "redirect", to: "email-verification" });
    expect(decideAccess("dashboard", verified)).toEqual({ kind: "allow" });
    expect(decideAccess("email-verification", { status: "none" })).toEqual({ kind: "redirect", to: "login" });
    expect(decideAccess("email-verification", { status: "refresh" })).toEqual({ kind: "refresh" });
    expect(decideAccess("email-verification", unverified)).toEqual({ kind: "allow" });
    expect(decideAccess("email-verification", verified)).toEqual({ kind: "redirect", to: "dashboard" });
  });
});

describe("guards match paths the way React Router does", () => {
  const real = (path: string, init: RequestInit = {}) =>
    request(new Request(`http://arena.test${path}`, { redirect: "manual", ...init }));

  it.each([
    ["/es/Dashboard/", "es"],
    ["/en/DASHBOARD/settings/", "en"],
    ["/val/dashboard/Settings/", "val"],
    ["/es/d%61shboard/", "es"],
    ["/en/dashboard/%65vents/", "en"],
    ["/es/Email-Verification/", "es"],
  ])("%s: an anonymous visitor is sent to login by the edge, never cached", async (path, lang) => {
    const response = await real(path);
    // Another spelling goes straight where the page's one address sends (edge-rules.ts): one hop.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^/${lang}/login/\\?returnTo=`));
    expect(response.headers.get("Location")).toBe((await real(canonicalPath(path))).headers.get("Location"));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each(["/es/Dashboard/events.data", "/en/D%61shboard/_.data", "/es/dashboard/SETTINGS.data"])(
    "%s: React Router's data request is private too",
    async (path) => {
      const response = await real(path);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    },
  );

  it("normalises case, escapes and doubled slashes, keeping encoded slashes inside a segment", () => {
    expect(memberAreaOf("/es/Dashboard/")).toMatchObject({ lang: "es", area: "dashboard", document: true });
    expect(memberAreaOf("/ES//d%61shboard//events/")).toMatchObject({ lang: "es", area: "dashboard" });
    expect(memberAreaOf("/en/Email-Verification.data")).toMatchObject({ area: "email-verification", document: false });
    expect(memberAreaOf("/es/dashboard%2Fevents/")).toBeNull();
    expect(memberAreaOf("/es/%E0%A4%A/")).toBeNull();
  });
});
