import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { siteTestApp, SITE_ORIGIN } from "#tests/mocks/site-app.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

async function head(path: string): Promise<string> {
  const response = await exports.default.fetch(
    new Request(`http://arena.test${path}`, { headers: { "User-Agent": BROWSER } }),
  );
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.slice(0, html.indexOf("</head>"));
}

describe("sign-in, registration and password reset say what they are to search engines", () => {
  it.each([
    ["/en/login/", "login", "Access your tickets and your details."],
    ["/es/register/", "register", null],
    ["/val/password-reset/", "password-reset", null],
  ])("%s: description, canonical, hreflang alternates, noindex", async (path, slug, description) => {
    const html = await head(path);
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
    if (description) expect(html).toContain(`<meta name="description" content="${description}"/>`);
    expect(html).toContain(`<link rel="canonical" href="http://arena.test${path}"/>`);
    for (const [hreflang, lang] of [
      ["es", "es"],
      ["en", "en"],
      ["ca", "val"],
      ["x-default", "es"],
    ])
      expect(html).toContain(
        `<link rel="alternate" hrefLang="${hreflang}" href="http://arena.test/${lang}/${slug}/"/>`,
      );
    expect(html).toContain('<meta name="robots" content="noindex"/>');
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
    const response = await siteTestApp({ GOOGLE_KEYS_URL: google.url })(
      new Request(`${SITE_ORIGIN}${path}`, {
        headers: { "User-Agent": BROWSER, ...(cookie ? { Cookie: cookie } : {}) },
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.text()).match(/<title>([^<]*)<\/title>/)?.[1]).toBe(title);
  });
});
