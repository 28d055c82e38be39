import type { APIRequestContext, Page } from "@playwright/test";

/** The site's own links on the current page (`<a href>`), absolute, without their `#fragment`. */
export async function internalLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const base = page.url();
  return hrefs
    .map((href) => new URL(href, base))
    .filter((url) => url.origin === origin)
    .map((url) => `${url.pathname}${url.search}`);
}

/**
 * Checks each link once with a plain GET (no page load, redirects not followed): anything but a
 * 2xx or 3xx is reported as `<path>: status <n>`. A few at a time keep the walk short.
 */
export async function brokenLinks(request: APIRequestContext, links: Iterable<string>): Promise<string[]> {
  const pending = [...new Set(links)];
  const broken: string[] = [];
  const worker = async () => {
    for (let path = pending.shift(); path !== undefined; path = pending.shift()) {
      const response = await request.get(path, { maxRedirects: 0 });
      if (response.status() >= 400) broken.push(`${path}: status ${response.status()}`);
      await response.dispose();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return broken;
}
