import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testContext } from "#app/lib/context.testing.ts";
import { readProfile } from "#app/lib/auth/members.server.ts";
import type { SessionUser } from "#app/lib/auth/session.ts";
import { action } from "./settings";

const member: SessionUser = {
  uid: "settings-route-test",
  email: "member@example.com",
  emailVerified: true,
  authTime: 1_700_000_000,
  expiresAt: 4_000_000_000,
};

/** Posts the language form as `member` on the Spanish settings page, with the cookie rule given. */
async function chooseLanguage(lang: string, secure: boolean) {
  const request = new Request("http://arena.test/es/dashboard/settings/", {
    method: "POST",
    body: new URLSearchParams({ lang }),
  });
  const context = testContext({ session: { status: "active", user: member }, services: { cookies: { secure } } });
  try {
    const url = new URL(request.url);
    return await action({ context, request, url, params: { lang: "es" }, pattern: "/:lang/dashboard/settings/" });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the settings page's language form", () => {
  it("saves the language and continues in its tree with the cookie the context's rule asks for", async () => {
    const secure = await chooseLanguage("en", true);
    expect(secure).toBeInstanceOf(Response);
    if (!(secure instanceof Response)) return;
    expect(secure.status).toBe(302);
    expect(secure.headers.get("Location")).toBe("/en/dashboard/settings/");
    expect(secure.headers.get("Set-Cookie")).toMatch(/^lang=en;.*; Secure$/);
    expect((await readProfile(env.DB, member.uid, "es")).lang).toBe("en");

    const plain = await chooseLanguage("val", false);
    expect(plain instanceof Response && plain.headers.get("Set-Cookie")).toMatch(/^lang=val;/);
    expect(plain instanceof Response && plain.headers.get("Set-Cookie")).not.toContain("Secure");
  });

  it("refuses a language the site does not have and keeps the saved one", async () => {
    await chooseLanguage("es", true);
    expect(await chooseLanguage("fr", true)).toEqual({ failed: true });
    expect((await readProfile(env.DB, member.uid, "en")).lang).toBe("es");
  });
});
