import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#app/lib/languages.ts";
import { page, request } from "#tests/harness.ts";
import { all, one, parseHtml, textOf } from "#tests/html.ts";

/**
 * Search engines show a page by its title and description: two indexable pages of one language
 * saying the same are one result too many. This crawls what the site offers them (the sitemap,
 * and the event list's category, month and page views it links, which are indexable too:
 * docs/seo.md) and fails on a repeated title or description.
 */

/** The indexable pages of one language: its sitemap entries and the list views they link. */
async function indexablePages(lang: string): Promise<string[]> {
  const sitemap = await (await request("/sitemap.xml")).text();
  const paths = all(parseHtml(sitemap), "loc")
    .map((loc) => new URL(loc.textContent ?? "").pathname)
    .filter((path) => path.startsWith(`/${lang}/`));
  const list = await page(`/${lang}/events/`);
  const views = all(list.document, "main a[href]")
    .map((link) => link.getAttribute("href") ?? "")
    .filter((href) => href.startsWith(`/${lang}/events/?`));
  return [...new Set([...paths, ...views])];
}

describe("every indexable page has a title and description of its own", () => {
  it.each(LANGUAGES)("in %s", async (lang) => {
    const paths = await indexablePages(lang);
    expect(paths.length).toBeGreaterThan(20);
    const titles = new Map<string, string[]>();
    const descriptions = new Map<string, string[]>();
    for (const path of paths) {
      const { response, document } = await page(path);
      expect(response.status, path).toBe(200);
      if (document.querySelector('meta[name="robots"][content*="noindex"]')) continue;
      const title = textOf(one(document, "title"));
      const description = one(document, 'meta[name="description"]').getAttribute("content") ?? "";
      expect(description.length, `${path}: "${description}"`).toBeGreaterThanOrEqual(50);
      titles.set(title, [...(titles.get(title) ?? []), path]);
      descriptions.set(description, [...(descriptions.get(description) ?? []), path]);
    }
    const repeated = (seen: Map<string, string[]>) => [...seen].filter(([, where]) => where.length > 1);
    expect(repeated(titles), "titles on more than one page").toEqual([]);
    expect(repeated(descriptions), "descriptions on more than one page").toEqual([]);
  });
});
