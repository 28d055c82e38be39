import { expect, test } from "@playwright/test";
import { waitForHydration } from "./hydrated";

// After a deploy the old build's code is gone: a link whose page code fails to load makes React
// Router reload the page the visitor is on. The visitor still gets where they were going
// (app/lib/chunk-reload.ts, docs/consent.md "Update check").

test("a link whose page code fails to load still leads to the page clicked", async ({ page }) => {
  await page.goto("/en/events/");
  await waitForHydration(page);
  // The event page's own module, as the manifest names it: fails once, as a deleted chunk would.
  // React Router discovers the routes a page links to after hydration (a /__manifest request), so
  // wait until the event route is known rather than read it at once.
  const module = String(
    await (
      await page.waitForFunction(
        () =>
          (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
            .__reactRouterManifest.routes["event"]?.module,
      )
    ).jsonValue(),
  );
  expect(module).toMatch(/\.js$/);
  let failed = 0;
  await page.route(`**${module}`, (route) => {
    failed += 1;
    return failed === 1 ? route.abort("failed") : route.continue();
  });

  const first = page.locator('main a[href^="/en/event/"]').first();
  const href = (await first.getAttribute("href")) ?? "";
  const name = ((await first.textContent()) ?? "").trim();
  await first.click();

  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.?]/g, "\\$&")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(failed).toBeGreaterThanOrEqual(1);
});

test("a reload with no link under way stays on its page", async ({ page }) => {
  await page.goto("/en/events/");
  await waitForHydration(page);
  await page.reload();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/en\/events\/$/);
});
