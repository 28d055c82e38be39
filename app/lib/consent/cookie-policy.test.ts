import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
import { all, one, parseHtml } from "#tests/html.ts";
import { SESSION_COOKIE, SESSION_EXPIRES_COOKIE, SIGNED_IN_HINT_COOKIE } from "#app/lib/auth/cookie-names.ts";
import { CONSENT_COOKIE } from "#app/lib/consent/consent.ts";
import { LANG_COOKIE, LANGUAGES } from "#app/lib/languages.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** Every cookie the site itself sets: a new one must be named on the policy page too. */
const SITE_COOKIES = [LANG_COOKIE, CONSENT_COOKIE, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, SESSION_EXPIRES_COOKIE];

describe("the cookie policy page", () => {
  it.each(LANGUAGES)("in %s names every cookie the site sets and links to the cookie settings", async (lang) => {
    const response = await request(
      new Request(`http://arena.test/${lang}/cookies/`, { headers: { "User-Agent": browser } }),
    );
    expect(response.status).toBe(200);
    const main = one(parseHtml(await response.text()), "main");
    const named = all(main, "code").map((code) => code.textContent);
    for (const name of SITE_COOKIES) expect(named, `${lang}: ${name}`).toContain(name);
    expect(all(main, `a[href="/${lang}/cookie-settings/"]`)).not.toHaveLength(0);
  });
});
