import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "./hold-requests";
import { waitForHydration } from "./hydrated";
import { painted } from "./settled";

// The site's links are React Router's `<Link prefetch="intent">` (app/components/app-link.tsx):
// they navigate in the app and preload the page pointed at.

/** Marks the document, so a test can tell an in-app navigation (mark kept) from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { documentMark: "kept" }));
}
const documentMark = (page: Page) => page.evaluate(() => (window as { documentMark?: string }).documentMark);

test("a link navigates in the app, without loading a new document", async ({ page }) => {
  await page.goto("/en/");
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "The venue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  expect(await documentMark(page)).toBe("kept");
  // A link in the page's content (not only the shell's) does the same.
  await page.goto("/en/events/");
  await waitForHydration(page);
  await markDocument(page);
  const first = page.locator('main a[href^="/en/event/"]').first();
  const name = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name.trim());
  expect(await documentMark(page)).toBe("kept");
});

test("a click with a modifier key is left to the browser (a new tab), the page stays", async ({ page, context }) => {
  await page.goto("/en/");
  await waitForHydration(page);
  const venue = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "The venue" });
  const href = await venue.getAttribute("href");
  const opened = context.waitForEvent("page");
  await venue.click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`${href}$`));
  await expect(page).toHaveURL(/\/en\/$/);
  await tab.close();
});

test("a link to the page shown replaces its history entry instead of adding one", async ({ page }) => {
  await page.goto("/en/");
  await waitForHydration(page);
  const venue = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "The venue" });
  await venue.click();
  await expect(venue).toHaveAttribute("aria-current", "page");
  const entries = await page.evaluate(() => history.length);
  await venue.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Arena Valencia");
});

test("the event filters keep the scroll position; other links go to the top", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto("/en/events/");
  await waitForHydration(page);
  const filter = page.locator("a.event-filter[href*='category=']").first();
  await filter.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 40));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await markDocument(page);
  await filter.click();
  await expect(page).toHaveURL(/category=/);
  await expect(filter).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  expect(await documentMark(page)).toBe("kept");
});

/**
 * How many times the browser fetched the loader data of the page at `path`. Chromium's
 * <link rel="prefetch"> requests do not reach Playwright's request events, only resource timing.
 */
const dataFetchesOf = (page: Page, path: string) =>
  page.evaluate(
    (dataPath) =>
      performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname === dataPath).length,
    `${path}_.data`,
  );

test("a link pointed at before its route is discovered is preloaded on the next intent", async ({ page }) => {
  // React Router learns the routes of the page's links from a `/__manifest` request after
  // hydration; hold it, so the pointer gets there first (as on a slow network or a busy phone).
  const discovery = await holdRequests(page, "**/__manifest?*");
  await page.goto("/en/");
  await waitForHydration(page);
  const venue = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "The venue" });
  await venue.hover();
  await painted(page);
  expect(await dataFetchesOf(page, "/en/about/")).toBe(0);

  // `<Link prefetch="intent">` matches the route once per intent: the pointer that came first
  // preloads nothing, the next one, after discovery, does.
  const discovered = page.waitForResponse("**/__manifest?*");
  discovery.release();
  await discovered;
  await page.mouse.move(0, 0);
  await venue.hover();
  await expect.poll(() => dataFetchesOf(page, "/en/about/")).toBe(1);
});
