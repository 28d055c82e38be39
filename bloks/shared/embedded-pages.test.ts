import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { page } from "#tests/harness.ts";
import { all, attributesOf, one, shown } from "#tests/html.ts";
import { LANGUAGES } from "#app/lib/languages.ts";
import { BreadcrumbListSchema, FaqPageSchema, jsonLdScripts } from "./json-ld-schemas";

/** The pages this part of the site publishes in every language (content/stories/<lang>/). */
const PAGES = [
  "",
  "about/",
  "boxes/",
  "faq/",
  "accessibility/",
  "getting-here/",
  "bag-policy/",
  "legal-notice/",
  "privacy/",
  "cookies/",
  // The form pages, whose forms carry their own h2/h3 titles under the page's h1.
  "contact/",
  "hospitality/",
  "newsletter/",
  "ticket-service/",
];

describe("embedded pages", () => {
  it.each(LANGUAGES.flatMap((lang) => PAGES.map((slug) => `/${lang}/${slug}`)))(
    "%s renders with one h1",
    async (path) => {
      const { response, document } = await page(path);
      expect(response.status).toBe(200);
      expect(all(document, "h1")).toHaveLength(1);
      // Every block of the page rendered: none was skipped as unknown or invalid.
      expect(all(document, ".blok-problem")).toEqual([]);
    },
  );

  it("publishes valid structured data with the response's CSP nonce and absolute URLs", async () => {
    const { response, html } = await page("/en/faq/");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    const [breadcrumbs, ...faqs] = jsonLdScripts(html);
    for (const script of [breadcrumbs, ...faqs]) expect(script?.nonce).toBe(nonce);
    expect(v.parse(BreadcrumbListSchema, breadcrumbs?.data).itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "http://arena.test/en/" },
      { "@type": "ListItem", position: 2, name: "FAQs", item: "http://arena.test/en/faq/" },
    ]);
    expect(faqs).toHaveLength(2);
    for (const faq of faqs) expect(v.parse(FaqPageSchema, faq.data).mainEntity).toHaveLength(3);
  });

  it("links every box offer to the hospitality form with that box chosen", async () => {
    for (const lang of LANGUAGES) {
      const { document } = await page(`/${lang}/boxes/`);
      const applies = all(document, 'a[href*="?box="]').map((link) => link.getAttribute("href"));
      expect(applies).toEqual([
        `/${lang}/hospitality/?box=box-12`,
        `/${lang}/hospitality/?box=box-20`,
        `/${lang}/hospitality/?box=lounge`,
      ]);
    }
  });

  it("lets the allowlisted map through the Content Security Policy", async () => {
    const { response, document } = await page("/val/getting-here/");
    one(document, 'iframe[src^="https://www.openstreetmap.org/export/embed.html?"]');
    expect(response.headers.get("Content-Security-Policy")).toMatch(
      /frame-src 'self' [^;]*https:\/\/www\.openstreetmap\.org/,
    );
  });

  it("opens the home page with the headline event's image, eager and fetched first; the rest lazy", async () => {
    for (const lang of LANGUAGES) {
      const { document } = await page(`/${lang}/`);
      // The page's own images; the header's logo is site chrome, always above the fold.
      const images = all(shown(document), "main img").map(attributesOf);
      const eager = images.filter((image) => image.loading === "eager");
      expect(eager).toHaveLength(1);
      const [hero] = eager;
      expect(hero?.class?.split(" ")).toContain("event-hero__image");
      expect(hero?.fetchpriority).toBe("high");
      expect(hero?.srcset?.split(", ")).toContainEqual(expect.stringMatching(/-640x360\.webp 640w$/));
      expect(hero?.sizes).toBeTruthy();
      expect(images.filter((image) => image !== hero).every((image) => image.loading === "lazy")).toBe(true);
      for (const image of images) expect(image.alt).toBeTruthy();
    }
  });
});
