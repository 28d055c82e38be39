import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page has hydrated and its links navigate in the app (`data-hydrated` on the
 * root element, set by the root layout's first effect, app/root.tsx). A page paints before it
 * hydrates (docs/performance.md, "Paint first"), so `goto` resolving says nothing about
 * hydration; until then a link is a plain link that loads a whole new page.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Waits until the page's member form (sign-in, registration, password reset, or a member-area
 * form) has hydrated: its fields are usable from the first paint, but only a hydrated form runs
 * its own validation and messages (docs/auth.md, "Usable from the first paint"). The pointer
 * goes over the form first, as a visitor's does: the sign-in form's code loads only once someone
 * reaches for it (app/routes/auth/login.tsx).
 */
export async function waitForFormHydration(page: Page, options: { timeout?: number } = {}) {
  await page.locator("main form").first().hover(options);
  await expect(page.locator("main form[data-hydrated]")).toBeAttached(options);
}
