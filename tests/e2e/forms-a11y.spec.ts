import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { formTitled } from "./forms-helpers";

// Axe (WCAG 2 A and AA) on every form: as first shown, and with its errors shown, both after a
// blocked submit in the browser and after the server's answer to a post without JavaScript.

const FORMS = [
  { path: "/en/contact/", title: "Write to us", submit: "Send" },
  { path: "/en/hospitality/?box=palco-vip-12", title: "Ask about hospitality", submit: "Send" },
  { path: "/en/ticket-service/", title: "Refund request", submit: "Send" },
  { path: "/en/newsletter/", title: "Subscribe to the newsletter", submit: "Subscribe" },
];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).include("form.form").withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(" ")}`);
}

for (const { path, title, submit } of FORMS) {
  test.describe(title, () => {
    test("has no axe violations, before and after a blocked submit", async ({ page }) => {
      await page.goto(path);
      const form = await formTitled(page, title, true);
      expect(await violations(page)).toEqual([]);
      await form.getByRole("button", { name: submit }).click();
      await expect(form.getByRole("alert").first()).toBeFocused();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });

  test.describe(`${title} without JavaScript`, () => {
    // Axe itself needs JavaScript, so the site's own scripts are blocked instead: the page is
    // never hydrated and the form is the plain POST a browser without JavaScript sends.
    test("has no axe violations with the server's errors shown", async ({ page }) => {
      await page.route("**/assets/**/*.js", (route) => route.abort());
      await page.goto(path);
      const form = await formTitled(page, title, false);
      await form.getByRole("button", { name: submit }).click();
      await expect(page.getByRole("form", { name: title }).locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
