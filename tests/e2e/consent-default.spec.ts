import { expect, test } from "@playwright/test";
import { banner, FIRST_VISIT, settingsDialog } from "./consent-helpers";
import { consentRuntimeRunning } from "./settled";

// The default configuration (no chat, widget, tag or pixel: README's configuration table) sets
// only necessary cookies, which need no consent: a first visit is asked nothing. The settings
// stay reachable from the footer and say so (docs/consent.md).
test.use(FIRST_VISIT);

test("a first visit gets no banner: there is nothing optional to consent to", async ({ page }) => {
  for (const path of ["/es/", "/en/events/", "/val/contact/"]) {
    await page.goto(path);
    // The consent runtime runs (update check, settings on request), and shows nothing.
    await consentRuntimeRunning(page);
    await expect(banner(page), path).toHaveCount(0);
  }
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("consent");
});

test("the footer's cookie settings say only necessary cookies are used", async ({ page }) => {
  await page.goto("/en/");
  await consentRuntimeRunning(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(settingsDialog(page)).toContainText(
    "Right now this site uses only necessary cookies: there is nothing to accept or reject.",
  );
  await page.goto("/es/cookie-settings/");
  await expect(page.locator("main")).toContainText(
    "Ahora mismo este sitio solo usa cookies necesarias: no hay nada que aceptar ni rechazar.",
  );
});
