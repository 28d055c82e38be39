import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

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
