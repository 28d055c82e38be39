import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page's shell: its header links carry React's props. A page
 * paints before it hydrates (docs/performance.md, "Paint first"), so `goto` resolving says
 * nothing about hydration; until then a link is a plain link that loads a whole new page.
 */
export async function waitForHydration(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const link = document.querySelector(".site-header a[href]");
        return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps$"));
      }),
    )
    .toBe(true);
}
