import { describe, expect, it } from "vitest";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { BROWSER_UA, dataPath, request } from "#tests/harness.ts";

/*
 * Login and registration are for visitors: a member who is already signed in and opens one (an
 * old bookmark, the back button, a shared link) goes on instead of seeing the form again. The
 * real Worker renders each screen, as a document and as React Router's data request.
 */

const google = useGoogleKeyEndpoint();

type Session = "verified" | "unverified" | "expired" | "none";

async function cookieFor(session: Session): Promise<string | null> {
  if (session === "none") return null;
  if (session === "expired") return "signed_in=1";
  const token = await google.sign(idTokenClaims({ email_verified: session === "verified" }));
  return `__session=${token}; signed_in=1`;
}

async function open(path: string, session: Session): Promise<Response> {
  const cookie = await cookieFor(session);
  return request(path, {
    env: { GOOGLE_KEYS_URL: google.url },
    headers: { "User-Agent": BROWSER_UA, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe("a signed-in member opening login or registration", () => {
  it.each([
    ["/en/login/", "/en/dashboard/"],
    ["/es/register/", "/es/dashboard/"],
    ["/val/login/?returnTo=%2Fval%2Fdashboard%2Fevents%2F%3Ftab%3Dpast", "/val/dashboard/events/?tab=past"],
    ["/en/login/?returnTo=%2F%2Fevil.example%2F", "/en/dashboard/"],
  ])("verified, %s → %s, never cached", async (path, target) => {
    const response = await open(path, "verified");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(target);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each(["/en/login/", "/val/register/"])("unverified, %s → email verification", async (path) => {
    const response = await open(path, "unverified");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/${path.split("/")[1]}/email-verification/`);
  });

  it("goes on from a client navigation too (the data request redirects)", async () => {
    const response = await open(dataPath("/es/login/"), "verified");
    expect(response.status).toBe(202);
    // React Router's single-fetch redirect, which the client router follows.
    const body = await response.text();
    expect(body).toContain('"SingleFetchRedirect"');
    expect(body).toContain('"redirect","/es/dashboard/"');
  });

  it.each<Session>(["none", "expired"])("%s: the form is shown", async (session) => {
    for (const path of ["/es/login/", "/en/register/"]) {
      const response = await open(path, session);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(await response.text()).toContain('type="password"');
    }
  });
});
