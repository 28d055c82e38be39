import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
import { all, parseHtml } from "#tests/html.ts";
import { translatorFor } from "./catalogues.server";
import { siteJsonLd, socialProfiles } from "./site-json-ld";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

async function jsonLdOf(path: string): Promise<Record<string, unknown>[]> {
  const response = await request(new Request(`http://arena.test${path}`, { headers: { "User-Agent": BROWSER } }));
  const html = await response.text();
  return all(parseHtml(html), 'script[type="application/ld+json"]').map((script) =>
    JSON.parse(script.textContent ?? "null"),
  );
}

describe("Organization and WebSite on the home page", () => {
  it("the home page in each language carries both, with absolute URLs and the logo", async () => {
    for (const [lang, tag] of [
      ["es", "es-ES"],
      ["val", "ca-ES-valencia"],
    ] as const) {
      const data = await jsonLdOf(`/${lang}/`);
      expect(data.map((item) => item["@type"])).toEqual(["Organization", "WebSite"]);
      // Every address is one that answers 200: the language's home, never "/" (a redirect).
      expect(data[0]).toMatchObject({
        "@id": "http://arena.test/es/#organization",
        name: "Arena Valencia",
        url: `http://arena.test/${lang}/`,
        logo: "http://arena.test/icons/icon-512.png",
      });
      expect(data[1]).toMatchObject({
        url: `http://arena.test/${lang}/`,
        inLanguage: tag,
        publisher: { "@id": "http://arena.test/es/#organization" },
      });
      // Search results are noindex (docs/seo.md): not advertised as the site's search.
      expect(data[1]).not.toHaveProperty("potentialAction");
      for (const address of [data[0]?.url, data[1]?.url]) {
        expect((await request(String(address), { headers: { "User-Agent": BROWSER } })).status, String(address)).toBe(
          200,
        );
      }
    }
  });

  it("other pages do not repeat them", async () => {
    expect(await jsonLdOf("/en/about/")).toEqual([]);
  });

  it("lists the configuration's https social profiles as sameAs, leaving out anything else", () => {
    const sameAs = socialProfiles({
      social_links: [
        { network: "instagram", url: "https://instagram.com/arena" },
        { network: "x", url: "javascript:alert(1)" },
        "not a link",
        { network: "youtube", url: "https://youtube.com/@arena" },
      ],
    });
    expect(sameAs).toEqual(["https://instagram.com/arena", "https://youtube.com/@arena"]);
    const [organization] = siteJsonLd({
      origin: "https://www.arena.example",
      lang: "en",
      t: translatorFor("en"),
      sameAs,
    });
    expect(organization).toMatchObject({ sameAs });
    expect(socialProfiles({})).toEqual([]);
    const [bare] = siteJsonLd({ origin: "https://www.arena.example", lang: "en", t: translatorFor("en"), sameAs: [] });
    expect(bare).not.toHaveProperty("sameAs");
  });
});
