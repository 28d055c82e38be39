import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
import { LANGUAGES } from "#app/lib/languages.ts";
import { BreadcrumbListSchema, FaqPageSchema, jsonLdScripts } from "./json-ld-schemas";
import { shownHtml } from "#tests/setup/shown-html.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36";

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

async function page(path: string) {
  const res = await request(new Request(`http://arena.test${path}`, { headers: { "User-Agent": browser } }));
  return { res, html: await res.text() };
}

describe("embedded pages", () => {
  it.each(LANGUAGES.flatMap((lang) => PAGES.map((slug) => `/${lang}/${slug}`)))(
    "%s renders with one h1",
    async (path) => {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(html.match(/<h1[ >]/g)).toHaveLength(1);
      // Every block of the page rendered: none was skipped as unknown or invalid.
      expect(html).not.toContain("blok-problem");
    },
  );

  it("publishes valid structured data with the response's CSP nonce and absolute URLs", async () => {
    const { res, html } = await page("/en/faq/");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
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
      const { html } = await page(`/${lang}/boxes/`);
      const applies = [...html.matchAll(/href="([^"]*\?box=[^"]*)"/g)].map(([, href]) => href);
      expect(applies).toEqual([
        `/${lang}/hospitality/?box=box-12`,
        `/${lang}/hospitality/?box=box-20`,
        `/${lang}/hospitality/?box=lounge`,
      ]);
    }
  });

  it("lets the allowlisted map through the Content Security Policy", async () => {
    const { res, html } = await page("/val/getting-here/");
    expect(html).toContain('src="https://www.openstreetmap.org/export/embed.html?');
    expect(res.headers.get("Content-Security-Policy")).toMatch(
      /frame-src 'self' [^;]*https:\/\/www\.openstreetmap\.org/,
    );
  });

  it("opens the home page with the headline event's image, eager and fetched first; the rest lazy", async () => {
    for (const lang of LANGUAGES) {
      const { html } = await page(`/${lang}/`);
      // The page's own images; the header's logo is site chrome, always above the fold.
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      const images = [...shownHtml(main).matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
      const eager = images.filter((tag) => tag.includes('loading="eager"'));
      expect(eager).toHaveLength(1);
      const [hero] = eager;
      expect(hero).toContain('class="event-hero__image"');
      expect(hero).toContain('fetchPriority="high"');
      expect(hero).toMatch(/srcSet="[^"]*-640x360\.webp 640w[^"]*"/);
      expect(hero).toMatch(/ sizes="[^"]+"/);
      expect(images.filter((tag) => tag !== hero).every((tag) => tag.includes('loading="lazy"'))).toBe(true);
      for (const tag of images) expect(tag).toMatch(/ alt="[^"]+"/);
    }
  });
});
