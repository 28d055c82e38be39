import { type Page } from "@playwright/test";
import { expect, test, type SiteMessages } from "./fixtures";
import { field } from "./forms-helpers";

// The footer, with its newsletter form, is rendered by the server and hydrated only when it is
// wanted (app/components/footer-on-demand.tsx): its code stays off the first load of every page.

/** Names of the form scripts the page has fetched so far. */
function recordFormScripts(page: Page): string[] {
  const fetched: string[] = [];
  page.on("response", (response) => {
    const name = new URL(response.url()).pathname.split("/").pop() ?? "";
    if (/^(newsletter-signup|form-shell|valibot)-.+\.js$/.test(name)) fetched.push(name);
  });
  return fetched;
}

const footerForm = (page: Page, en: SiteMessages) =>
  page.locator("footer").getByRole("form", { name: en.FORMS.NEWSLETTER.TITLE });

test("the footer form's code loads only once someone reaches for the form, then it validates inline", async ({
  page,
  messages: { en },
}) => {
  const fetched = recordFormScripts(page);
  await page.goto("/en/");
  await page.waitForLoadState("networkidle");
  const form = footerForm(page, en);
  // The server's form is there, below the fold, as a plain POST form.
  await expect(form).toBeAttached();
  await expect(form).not.toBeInViewport();
  await expect(form).not.toHaveAttribute("data-enhanced", "true");
  expect(fetched).toEqual([]);

  // In view is not enough (a short page shows its footer on the first screen)…
  await form.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);
  // …pointing at it is.
  await form.hover();
  await expect(form).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
  expect(fetched.some((name) => name.startsWith("form-shell-"))).toBe(true);

  const email = field(form, en.FIELD.email);
  await email.fill("not-an-address");
  await email.blur();
  await expect(email).toHaveAccessibleDescription(en.VALIDATION.EMAIL);
});

test("a client-side navigation hydrates the footer form in place, without rendering it anew", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/");
  await page.waitForLoadState("networkidle");
  const form = footerForm(page, en);
  await expect(form).not.toHaveAttribute("data-enhanced", "true");
  // An expando on the server's element survives only if React keeps that element.
  await form.evaluate((element) => Object.assign(element, { serverRendered: true }));

  await page.locator("header nav").getByRole("link", { name: "Events", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/events\/$/);
  await expect(form).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
  expect(await form.evaluate((element) => "serverRendered" in element)).toBe(true);
});

test("the newsletter page shows one signup form: the footer does not repeat its own", async ({ page }) => {
  for (const [path, visible] of [
    ["/val/newsletter/", 1],
    ["/val/", 1],
  ] as const) {
    await page.goto(path);
    const forms = page.locator("form:has(input[name=email][type=email])").filter({ visible: true });
    await expect(forms, path).toHaveCount(visible);
    await expect(page.locator(".site-footer__newsletter"), path).toBeVisible({ visible: path === "/val/" });
  }
});
