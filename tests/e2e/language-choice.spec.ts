import { expect, test } from "./fixtures";

/**
 * The language switcher's links are the pages themselves: following one is a single request for
 * the page in the other language, no redirect (crawlers follow them too), and the page it opens
 * saves the choice, so the site's root opens in that language next time. Chromium, JavaScript on.
 */
const DESKTOP = { width: 1366, height: 900 };
// A browser asking for Spanish: only the saved choice can make the root open in English.
test.use({ locale: "es-ES" });

test("a switch opens the page itself and the page remembers the choice", async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  const redirects: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "document" && response.status() >= 300 && response.status() < 400)
      redirects.push(response.url());
  });
  await page.goto("/es/about/");
  expect((await context.cookies()).find((cookie) => cookie.name === "lang")).toBeUndefined();
  await page.locator(".language-button").click();
  const english = page.locator('#language-menu a[hreflang="en-US"]');
  await expect(english).toHaveAttribute("href", "/en/about/");
  await english.click();
  await expect(page).toHaveURL(/\/en\/about\/$/);
  expect(redirects).toEqual([]);
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
  await page.goto("/");
  await expect(page).toHaveURL(/\/en\/$/);
});
