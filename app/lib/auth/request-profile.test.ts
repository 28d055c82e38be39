import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { page, SITE_ORIGIN } from "#tests/harness.ts";
import { one, textOf } from "#tests/html.ts";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { readProfile, requestProfile, saveProfile } from "./members.server";
import type { SessionUser } from "./session";

const google = useGoogleKeyEndpoint();

/** The local database, counting the queries prepared on it. */
function countingDb() {
  const counted = { queries: 0 };
  const DB = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare")
        return (sql: string) => {
          counted.queries += 1;
          return target.prepare(sql);
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { DB, counted };
}

const memberOf = (uid: string): SessionUser => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified: true,
  authTime: 1_700_000_000,
  expiresAt: 4_000_000_000,
});

const personalData = (name: string) => ({
  name,
  surname: "Ferrer",
  phone: "+34 600 000 000",
  birthdate: "1990-04-01",
  address: "Calle Mayor 1",
});

describe("the member's profile of one request", () => {
  it("is read from D1 once however many loaders ask, and afresh by the next request", async () => {
    const uid = `profile-${crypto.randomUUID()}`;
    await saveProfile(env.DB, memberOf(uid), { ...personalData("Lucía"), lang: "en" }, "en");
    const { DB, counted } = countingDb();
    const request = { env: { DB }, lang: "en" as const };
    const [header, screen] = await Promise.all([requestProfile(request, uid), requestProfile(request, uid)]);
    expect(header.name).toBe("Lucía");
    expect(screen).toBe(header);
    expect(counted.queries).toBe(1);

    await saveProfile(env.DB, memberOf(uid), { name: "Marta" }, "en");
    expect((await requestProfile({ env: { DB }, lang: "en" }, uid)).name).toBe("Marta");
    expect(counted.queries).toBe(2);
  });

  it("shows what a plain form post saved in that same response: the header's initial too", async () => {
    const uid = `profile-${crypto.randomUUID()}`;
    await saveProfile(env.DB, memberOf(uid), { ...personalData("Lucía"), lang: "en" }, "en");
    const { response, document } = await page("/en/dashboard/user-information/", {
      method: "POST",
      headers: {
        Cookie: `__session=${await google.sign(idTokenClaims({ sub: uid }))}; signed_in=1`,
        Origin: SITE_ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(personalData("Zoe")),
      env: { GOOGLE_KEYS_URL: google.url },
    });
    expect(response.status).toBe(200);
    expect(textOf(one(document, ".account-link__icon"))).toBe("Z");
    expect((await readProfile(env.DB, uid, "en")).name).toBe("Zoe");
  });
});
