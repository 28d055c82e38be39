import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Walks every public page kind in the three languages with axe (WCAG 2 A and AA): every URL of
 * /sitemap.xml (so each page added to the content is walked without touching this file), the
 * event pages the event lists link to, a ticket page, and the 404 page.
 */
const LANGS = ["es", "en", "val"] as const;

/** Only the Worker under test is reached: embedded maps and players are refused, not fetched. */
async function stayLocal(page: Page, baseURL: string) {
  const local = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin !== local,
    (route) => route.abort("blockedbyclient"),
  );
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

async function sitemapPaths(baseURL: string, lang: string): Promise<string[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc ?? "").pathname);
  return [...new Set(paths.filter((path) => path.startsWith(`/${lang}/`)))];
}

/** Event detail pages live outside the content tree: take the first ones the event list links to. */
async function eventPaths(page: Page, lang: string): Promise<string[]> {
  await page.goto(`/${lang}/events/`);
  const hrefs = await page
    .locator(`a[href^="/${lang}/event/"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const events = [...new Set(hrefs.filter((href) => /^\/[a-z]+\/event\/[a-z0-9-]+\/$/.test(href)))].slice(0, 2);
  return events.length > 0 ? [...events, `${events[0]}tickets/`] : [];
}

for (const lang of LANGS) {
  test(`every page in ${lang} renders and passes axe`, async ({ page, baseURL }) => {
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
    for (const path of [...paths, ...events]) {
      const response = await page.goto(path);
      if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
      // One page title at most (the newsletter and ticket-service pages open with their form's h2).
      const headings = await page.locator("h1").count();
      if (headings > 1) problems.push(`${path}: ${headings} h1 elements`);
      for (const violation of await axeViolations(page)) problems.push(`${path}: ${violation}`);
    }
    const notFound = await page.goto(`/${lang}/no-such-page/`);
    expect(notFound?.status()).toBe(404);
    for (const violation of await axeViolations(page)) problems.push(`404: ${violation}`);
    expect(problems).toEqual([]);
  });
}
