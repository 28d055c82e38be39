import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { brokenLinks, internalLinks } from "./link-check";
import { eventPaths, LANGS, notFoundPath, sitemapPaths, stayLocal } from "./site-pages";

/**
 * Walks every public page kind in the three languages with axe (WCAG 2 A and AA): every URL of
 * /sitemap.xml (so each page added to the content is walked without touching this file), the
 * event pages the event lists link to, a ticket page, and the 404 page. Every internal link found
 * on those pages must answer 2xx or 3xx (checked once each, without loading it as a page).
 */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

for (const lang of LANGS) {
  test(`every page in ${lang} renders and passes axe, and its links answer`, async ({ page, baseURL, request }) => {
    test.setTimeout(600_000);
    const origin = baseURL ?? "";
    await stayLocal(page, origin);
    const paths = await sitemapPaths(origin, lang);
    // The sitemap must hold at least this part's pages; other parts add theirs.
    for (const slug of ["", "boxes/", "faq/", "accessibility/", "getting-here/", "bag-policy/", "legal-notice/"])
      expect(paths).toContain(`/${lang}/${slug}`);
    const events = await eventPaths(page, lang);
    expect(events.length).toBeGreaterThan(0);
    const problems: string[] = [];
    const links = new Set<string>();
    for (const path of [...paths, ...events]) {
      const response = await page.goto(path);
      if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
      for (const link of await internalLinks(page, new URL(origin).origin)) links.add(link);
      // One page title at most (the newsletter and ticket-service pages open with their form's h2).
      const headings = await page.locator("h1").count();
      if (headings > 1) problems.push(`${path}: ${headings} h1 elements`);
      for (const violation of await axeViolations(page)) problems.push(`${path}: ${violation}`);
    }
    const notFound = await page.goto(notFoundPath(lang));
    expect(notFound?.status()).toBe(404);
    for (const violation of await axeViolations(page)) problems.push(`404: ${violation}`);
    problems.push(...(await brokenLinks(request, links)));
    expect(problems).toEqual([]);
  });
}
