import { describe, expect, it } from "vitest";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { all, one, parseHtml } from "#tests/html.ts";
import { BROWSER_UA, page, request } from "#tests/harness.ts";

async function head(path: string): Promise<HTMLHeadElement> {
  const { response, document } = await page(path);
  expect(response.status).toBe(200);
  return document.head;
}

describe("sign-in, registration, password reset and cookie settings say what they are to search engines", () => {
  it.each([
    ["/en/login/", "login", "Access your tickets and your details."],
    ["/es/register/", "register", null],
    ["/val/password-reset/", "password-reset", null],
    // Cookie settings too, in every language.
    ["/es/cookie-settings/", "cookie-settings", null],
    ["/en/cookie-settings/", "cookie-settings", null],
    ["/val/cookie-settings/", "cookie-settings", null],
  ])("%s: description, canonical, hreflang alternates, noindex", async (path, slug, description) => {
    const tags = await head(path);
    const descriptions = all(tags, 'meta[name="description"]').map((meta) => meta.getAttribute("content"));
    expect(descriptions).toEqual([description ?? expect.stringMatching(/\S/)]);
    expect(one(tags, 'link[rel="canonical"]').getAttribute("href")).toBe(`http://arena.test${path}`);
    const alternates = all(tags, 'link[rel="alternate"][hreflang]').map((link) => [
      link.getAttribute("hreflang"),
      link.getAttribute("href"),
    ]);
    for (const [hreflang, lang] of [
      ["es", "es"],
      ["en", "en"],
      ["ca", "val"],
      ["x-default", "es"],
    ])
      expect(alternates).toContainEqual([hreflang, `http://arena.test/${lang}/${slug}/`]);
    expect(one(tags, 'meta[name="robots"]').getAttribute("content")).toBe("noindex");
  });
});

describe("every screen's title names the site, as the content pages' do", () => {
  const google = useGoogleKeyEndpoint();
  const cookieFor = async (verified: boolean) =>
    `__session=${await google.sign(idTokenClaims({ email_verified: verified }))}; signed_in=1`;

  it.each([
    ["/en/cookie-settings/", null, "Cookie settings | Arena Valencia"],
    ["/val/login/", null, "Iniciar la sessió | Arena Valencia"],
    ["/es/dashboard/", true, "Mi cuenta | Arena Valencia"],
    // Each section of the account its own title (WCAG 2.4.2).
    ["/es/dashboard/settings/", true, "Ajustes · Mi cuenta | Arena Valencia"],
    ["/en/dashboard/events/", true, "My events · My account | Arena Valencia"],
    ["/val/dashboard/user-information/", true, "Dades personals · El meu compte | Arena Valencia"],
    ["/en/email-verification/", false, "Verify your email address | Arena Valencia"],
  ] as const)("%s", async (path, verified, title) => {
    const cookie = verified === null ? null : await cookieFor(verified);
    const response = await request(path, {
      env: { GOOGLE_KEYS_URL: google.url },
      headers: { "User-Agent": BROWSER_UA, ...(cookie ? { Cookie: cookie } : {}) },
    });
    expect(response.status).toBe(200);
    expect(parseHtml(await response.text()).title).toBe(title);
  });
});
