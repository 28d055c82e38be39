import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "#tests/harness.ts";
import { one, parseHtml, textOf } from "#tests/html.ts";
import { BUILD_ID } from "#app/lib/build-id.ts";
import { POLICY_VERSION } from "#app/lib/consent/consent.ts";
import { memberTestApp, ORIGIN, sameOriginJson } from "#tests/mocks/google-keys/app.ts";

interface Row {
  consent_id: string;
  action: string;
  preferences: number;
  analytics: number;
  advertising: number;
  policy_version: number;
  lang: string;
  decided_at: string;
}

let client = 0;
/** Each call from its own address, so the per-client rate limit never mixes tests. */
const from = () => ({ "CF-Connecting-IP": `10.12.${Math.floor(++client / 250)}.${client % 250}` });

function postJson(body: unknown, headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) {
  return memberTestApp(overrides).fetch("/api/consent", {
    method: "POST",
    headers: sameOriginJson({ ...from(), ...headers }),
    body: JSON.stringify(body),
  });
}

function postForm(fields: Record<string, string>, headers: Record<string, string> = {}, overrides = {}) {
  return memberTestApp(overrides).fetch("/api/consent", {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...from(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const records = async () =>
  (await env.DB.prepare("SELECT * FROM consent_records ORDER BY decided_at").all<Row>()).results;

/** The rows once the consent queue's consumer has written `count` of them (it writes in batches). */
async function written(count: number): Promise<Row[]> {
  await vi.waitUntil(async () => (await records()).length >= count, { timeout: 15_000, interval: 100 });
  return records();
}
const consentCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("consent="));

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM consent_records").run();
});

describe("POST /api/consent (the proof of consent in D1)", () => {
  it("records an 'accept all' with a random id, the policy version, the time and the language", async () => {
    const res = await postJson({ action: "accept-all", lang: "val" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const { consent } = await res.json<{ consent: { id: string; choices: object; version: number } }>();
    expect(consent.choices).toEqual({ preferences: true, analytics: true, advertising: true });
    expect(consent.version).toBe(POLICY_VERSION);
    expect(consent.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row, ...rest] = await written(1);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      consent_id: consent.id,
      action: "accept-all",
      preferences: 1,
      analytics: 1,
      advertising: 1,
      policy_version: POLICY_VERSION,
      lang: "val",
    });
    expect(Date.now() - Date.parse(row!.decided_at)).toBeLessThan(60_000);
    // No personal data: the table has no column for an address, a user or a browser.
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('consent_records')").all<{
      name: string;
    }>();
    expect(columns.results.map((c) => c.name).sort()).toEqual([
      "action",
      "advertising",
      "analytics",
      "consent_id",
      "decided_at",
      "id",
      "lang",
      "policy_version",
      "preferences",
      "proof_id",
    ]);

    const cookie = consentCookieOf(res)!;
    expect(cookie).toMatch(new RegExp(`^consent=${POLICY_VERSION}\\.111\\.\\d{4}-\\d{2}-\\d{2}\\.${consent.id};`));
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("HttpOnly");
  });

  it("records 'reject all' and a custom choice; a browser's later decisions keep its consent id", async () => {
    const first = await postJson({ action: "reject-all", lang: "es" });
    const { consent } = await first.json<{ consent: { id: string } }>();
    const cookie = consentCookieOf(first)!.split(";")[0]!;
    const second = await postJson(
      { action: "custom", choices: { preferences: false, analytics: true, advertising: false }, lang: "en" },
      { Cookie: cookie },
    );
    expect(second.status).toBe(200);
    expect(consentCookieOf(second)).toContain(`.010.`);
    const rows = await written(2);
    expect(rows.map((r) => [r.consent_id, r.action, r.preferences, r.analytics, r.advertising, r.lang])).toEqual([
      [consent.id, "reject-all", 0, 0, 0, "es"],
      [consent.id, "custom", 0, 1, 0, "en"],
    ]);
  });

  it("takes the settings page's plain form and answers with a redirect back to it", async () => {
    const res = await postForm({ choice: "save", lang: "en", preferences: "on", advertising: "on" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/en/cookie-settings/?saved=1");
    expect(consentCookieOf(res)).toContain(".101.");
    const [row] = await written(1);
    expect(row).toMatchObject({ action: "custom", preferences: 1, analytics: 0, advertising: 1, lang: "en" });

    const rejected = await postForm({ choice: "reject-all", lang: "val", preferences: "on" });
    expect(rejected.headers.get("Location")).toBe("/val/cookie-settings/?saved=1");
    expect(consentCookieOf(rejected)).toContain(".000.");
    await written(2);
  });

  it("refuses another site (403) and bad bodies (400), translated, and records nothing", async () => {
    const cross = await postJson({ action: "accept-all", lang: "es" }, { Origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await cross.json<{ error: { code: string } }>()).error.code).toBe("cross_site");
    const crossForm = await postForm({ choice: "accept-all", lang: "es" }, { "Sec-Fetch-Site": "cross-site" });
    expect(crossForm.status).toBe(403);

    for (const body of [
      { action: "custom", lang: "en" },
      { action: "accept-all", lang: "fr" },
      { action: "maybe", lang: "en" },
      "not json",
    ]) {
      const res = await postJson(body, { "Accept-Language": "en" });
      expect(res.status).toBe(400);
      expect((await res.json<{ error: { message: string } }>()).error.message).toBe("The request is not valid");
    }
    expect(await records()).toEqual([]);
  });

  it("sends a refused plain form back to the settings page with an error, in its language", async () => {
    // A browser without JavaScript shows the answer: the page again, never the API's JSON.
    const badForm = await postForm({ choice: "accept-all", lang: "val", analytics: "yes" });
    expect([badForm.status, badForm.headers.get("Location")]).toEqual([303, "/val/cookie-settings/?error=1"]);
    const noLang = await postForm({ choice: "maybe", lang: "fr" }, { "Accept-Language": "en" });
    expect(noLang.headers.get("Location")).toBe("/en/cookie-settings/?error=1");
    expect(await records()).toEqual([]);

    const page = await request(`${ORIGIN}/val/cookie-settings/?error=1`, {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
    });
    const alert = one(parseHtml(await page.text()), '[role="alert"]');
    expect(alert.matches("p.consent-page__saved.consent-page__saved--error")).toBe(true);
    expect(textOf(alert)).toContain("No hem pogut guardar la teua elecció");
  });

  it("says the day of the stored choice as each language writes dates, never as the cookie holds it", async () => {
    const cookie = `consent=${POLICY_VERSION}.000.2026-11-23.00000000-0000-4000-8000-000000000000`;
    const said = { es: "23 de noviembre de 2026", en: "November 23, 2026", val: "23 de novembre del 2026" };
    for (const [lang, day] of Object.entries(said)) {
      const page = await request(`${ORIGIN}/${lang}/cookie-settings/`, {
        headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0", Cookie: cookie },
      });
      const html = await page.text();
      expect(html).toContain(day);
      expect(html).not.toContain("2026-11-23");
    }
  });

  it("expires the first-party cookies of configured providers the decision no longer allows", async () => {
    const configured = { GOOGLE_TAG_ID: "G-TEST123", META_PIXEL_ID: "1234567890" };
    const res = await postForm(
      { choice: "save", lang: "es", analytics: "on" },
      { Cookie: "_ga=GA1.1.1; _ga_TEST123=GS1; _fbp=fb.1.2; lang=es" },
      configured,
    );
    const expired = res.headers.getSetCookie().filter((c) => c.includes("Max-Age=0"));
    // Analytics stays allowed (Google tag); advertising was not given (Meta Pixel's _fbp goes).
    expect(expired.map((c) => c.split("=")[0])).toEqual(["_fbp", "_fbp"]);
    expect(expired[1]).toContain("Domain=arena.test");
    await written(1);
  });
});

describe("POST /api/consent when D1 is slow or down", () => {
  const away = () => env.DB.exec("ALTER TABLE consent_records RENAME TO consent_records_away");
  const back = () => env.DB.exec("ALTER TABLE consent_records_away RENAME TO consent_records");

  it("answers at once, and the queue's retries write the proof once D1 takes writes again", async () => {
    const failures = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await away();
    try {
      const res = await postJson({ action: "reject-all", lang: "en" });
      expect(res.status).toBe(200);
      expect(consentCookieOf(res)).toContain(".000.");
      // The live consumer tried, failed and handed the message back to the queue.
      await vi.waitUntil(() => failures.mock.calls.some(([m]) => String(m).includes("could not be written")), {
        timeout: 15_000,
        interval: 100,
      });
    } finally {
      await back();
    }
    const [row, ...rest] = await written(1);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ action: "reject-all", preferences: 0, analytics: 0, advertising: 0, lang: "en" });
  });

  it("writes to D1 directly when the queue refuses, and says so (503, no cookie) when neither takes it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refusing = { send: async () => Promise.reject(new Error("queue unavailable")) };
    const direct = await postJson({ action: "accept-all", lang: "es" }, {}, { CONSENT_PROOFS: refusing });
    expect(direct.status).toBe(200);
    expect(await records()).toHaveLength(1);

    await away();
    try {
      const refused = await postJson({ action: "accept-all", lang: "es" }, {}, { CONSENT_PROOFS: refusing });
      expect(refused.status).toBe(503);
      expect(consentCookieOf(refused)).toBeUndefined();
      const form = await postForm({ choice: "accept-all", lang: "val" }, {}, { CONSENT_PROOFS: refusing });
      expect(form.headers.get("Location")).toBe("/val/cookie-settings/?error=1");
    } finally {
      await back();
    }
  });
});

describe("GET /version.json", () => {
  it("answers the running build's id, never cached", async () => {
    const res = await memberTestApp().fetch("/version.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ id: BUILD_ID });
  });
});
