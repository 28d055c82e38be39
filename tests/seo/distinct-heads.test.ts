import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#app/lib/languages.ts";
import { page, request, SITE_ORIGIN } from "#tests/harness.ts";
import { all, one, parseHtml, textOf } from "#tests/html.ts";

/**
 * Search engines show a page by its title and description: two indexable pages of one language
 * saying the same are one result too many. This crawls one language as a search engine does,
 * from its sitemap entries through every link their pages give in that language (the event
 * list's category, month and page views, the category views event pages link, and any other
 * view a page links), and fails on a repeated title or description among the pages that are
 * indexable: not `noindex`, and canonical to their own address.
 */

/** Pages visited per language at most: far above what the site has, so a loop cannot hang the test. */
const MOST_PAGES = 600;

/** The paths of one language's sitemap entries. */
async function sitemapPaths(lang: string): Promise<string[]> {
  const sitemap = await (await request("/sitemap.xml")).text();
  return all(parseHtml(sitemap), "loc")
    .map((loc) => new URL(loc.textContent ?? "").pathname)
    .filter((path) => path.startsWith(`/${lang}/`));
}

/** The page links of a document in one language, as paths with their query (no fragment). */
function linksIn(document: Document, lang: string): string[] {
  return all(document, "a[href]").flatMap((link) => {
    const url = new URL(link.getAttribute("href") ?? "", SITE_ORIGIN);
    return url.origin === SITE_ORIGIN && url.pathname.startsWith(`/${lang}/`) ? [`${url.pathname}${url.search}`] : [];
  });
}

describe("every indexable page has a title and description of its own", () => {
  it.each(LANGUAGES)("in %s", async (lang) => {
    const queue = await sitemapPaths(lang);
    const seen = new Set(queue);
    const titles = new Map<string, string[]>();
    const descriptions = new Map<string, string[]>();
    let indexable = 0;
    while (queue.length > 0) {
      expect(seen.size, "pages reached").toBeLessThan(MOST_PAGES);
      const path = queue.shift() ?? "";
      const { response, document } = await page(path);
      // A redirect (a member screen to sign in), a missing page or a file (a calendar) is no page to index.
      if (response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("text/html")) continue;
      for (const link of linksIn(document, lang))
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      if (document.querySelector('meta[name="robots"][content*="noindex"]')) continue;
      // A view that names another address as the page (`?box=` on the hospitality page) is that page.
      const canonical = document.querySelector('link[rel="canonical"]');
      expect(canonical, `${path}: canonical`).not.toBeNull();
      if (canonical?.getAttribute("href") !== `${SITE_ORIGIN}${path}`) continue;
      indexable += 1;
      const title = textOf(one(document, "title"));
      const description = one(document, 'meta[name="description"]').getAttribute("content") ?? "";
      expect(description.length, `${path}: "${description}"`).toBeGreaterThanOrEqual(50);
      titles.set(title, [...(titles.get(title) ?? []), path]);
      descriptions.set(description, [...(descriptions.get(description) ?? []), path]);
    }
    // The sitemap's pages and the list views they link (4 categories by 3 months at least).
    expect(indexable).toBeGreaterThan(40);
    const repeated = (found: Map<string, string[]>) => [...found].filter(([, where]) => where.length > 1);
    expect(repeated(titles), "titles on more than one page").toEqual([]);
    expect(repeated(descriptions), "descriptions on more than one page").toEqual([]);
  });
});
