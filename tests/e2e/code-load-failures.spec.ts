import { type Page } from "@playwright/test";
import { field, fillContact, formTitled, submissionsFor, uniqueEmail } from "./forms-helpers";
import { waitForHydration } from "./hydrated";
import { expect, test } from "./fixtures";

// The code a page loads after hydration (its form, header panels, footer, the whole stylesheet, the
// update check) can fail to arrive for two reasons: the network (offline, or a connection the
// browser already calls online that carries no request yet) or a newer deploy that removed it.
// Only the second may cost the visitor the page (a reload, once); the first never does: the page
// stays, with whatever its forms hold, and the code comes when it can (app/lib/load-code.ts).

/** Every code file (`/assets/…`) fails its first request, as on a connection not up yet. */
async function failEachAssetOnce(page: Page): Promise<Set<string>> {
  const failed = new Set<string>();
  await page.route("**/assets/**", (route) => {
    const url = route.request().url();
    if (failed.has(url)) return route.fallback();
    failed.add(url);
    return route.abort("internetdisconnected");
  });
  return failed;
}

/** Marks this document, to tell later whether the page reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
}

test("code the network keeps away while the browser says online: the page stays, the form is sent once", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/contact/");
  await waitForHydration(page);
  await markDocument(page);
  const failed = await failEachAssetOnce(page);

  // The form's code fails first, then arrives: the form becomes the enhanced one.
  const form = await formTitled(page, "Write to us", true);
  const email = uniqueEmail("code-kept-away");
  await fillContact(form, email);
  // The header's panels fail too, then work.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: en.NAV.MENU, exact: true }).focus();
  await expect(page.locator("#site-menu[data-hydrated]")).toBeAttached({ timeout: 20_000 });

  // The submit asks for the whole stylesheet, which fails: it goes on without it.
  await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
  await expect(form.getByRole("status")).toHaveText(en.SUCCESS.FORM_SUBMITTED);
  expect(submissionsFor(email)).toHaveLength(1);
  await expect(page.locator("html[data-same-document]")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: en.ERROR["500"].TITLE })).toHaveCount(0);
  expect([...failed].some((url) => /\/stylesheet-[\w-]+\.css$/.test(url))).toBe(true);
  expect(failed.size).toBeGreaterThanOrEqual(3);
});

test("code a newer deploy removed: the page reloads once, to the new build", async ({ page, messages: { en } }) => {
  await page.goto("/en/contact/");
  await waitForHydration(page);
  await markDocument(page);
  await page.route("**/version.json", (route) => route.fulfill({ json: { id: "a-newer-build" } }));
  await failEachAssetOnce(page);

  const reloaded = page.waitForEvent("load");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: en.NAV.MENU, exact: true }).focus();
  await reloaded;
  await expect(page.locator("html[data-same-document]")).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/contact\/$/);
  await expect(field(page.getByRole("form", { name: "Write to us" }), "Email")).toBeVisible();
});
