import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { formTitled } from "./forms-helpers";
import { waitForFormHydration } from "./hydrated";

// Axe (WCAG 2.2 A and AA, the `axe` fixture) on every form: as first shown, and with its errors shown, both after a
// blocked submit in the browser and after the server's answer to a post without JavaScript.

const FORMS = [
  { path: "/en/contact/", title: "Write to us", submit: "Send" },
  { path: "/en/hospitality/?box=palco-vip-12", title: "Ask about hospitality", submit: "Send" },
  { path: "/en/ticket-service/", title: "Refund request", submit: "Send" },
  { path: "/en/newsletter/", title: "Subscribe to the newsletter", submit: "Subscribe" },
];

for (const { path, title, submit } of FORMS) {
  test.describe(title, () => {
    test("has no axe violations, before and after a blocked submit", async ({ page, axe }) => {
      await page.goto(path);
      const form = await formTitled(page, title, true);
      await axe("form.form");
      await form.getByRole("button", { name: submit }).click();
      await expect(form.getByRole("alert").first()).toBeFocused();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      await axe("form.form");
    });
  });

  test.describe(`${title} without JavaScript`, () => {
    // Axe itself needs JavaScript, so the site's own scripts are blocked instead: the page is
    // never hydrated and the form is the plain POST a browser without JavaScript sends.
    test("has no axe violations with the server's errors shown", async ({ page, axe }) => {
      await page.route("**/assets/**/*.js", (route) => route.abort());
      await page.goto(path);
      const form = await formTitled(page, title, false);
      await form.getByRole("button", { name: submit }).click();
      await expect(page.getByRole("form", { name: title }).locator('[aria-invalid="true"]').first()).toBeVisible();
      await axe("form.form");
    });
  });
}

// The member screens: a blocked submit shows the same summary as the public forms, focused,
// with a link to each invalid field (app/components/auth/member-form.tsx, MemberErrorSummary).
const MEMBER_SCREENS = [
  { path: "/en/login/", fields: ["email", "password"] },
  { path: "/val/register/", fields: ["name", "surname", "email", "password", "passwordConfirmation"] },
  { path: "/es/password-reset/", fields: ["email"] },
];

async function expectFocusedSummaryLinkingTo(page: Page, fields: readonly string[]) {
  const summary = page.locator("main .form-summary[role=alert]");
  await expect(summary).toBeFocused();
  const links = summary.getByRole("link");
  await expect(links).toHaveCount(fields.length);
  for (const [index, name] of fields.entries())
    await expect(links.nth(index)).toHaveAttribute("href", new RegExp(`^#[a-z]+-${name}$`));
  await links.last().click();
  await expect(page.locator(`main input[name=${fields.at(-1)}]`)).toBeFocused();
  await expect(summary).toBeVisible();
}

for (const { path, fields } of MEMBER_SCREENS) {
  test(`${path}: a blocked submit focuses a summary that links to each invalid field`, async ({ page, axe }) => {
    await page.goto(path);
    await waitForFormHydration(page);
    await page.locator("main button[type=submit]").click();
    await expectFocusedSummaryLinkingTo(page, fields);
    await axe("main");
    // A second blocked submit focuses the summary again.
    await page.locator("main button[type=submit]").focus();
    await page.locator("main button[type=submit]").press("Enter");
    await expect(page.locator("main .form-summary[role=alert]")).toBeFocused();
  });
}

test("the member's personal data: a blocked submit focuses the summary", async ({ member: page }) => {
  await page.goto("/en/dashboard/user-information/");
  const name = page.locator("main input[name=name]");
  await expect(page.locator("main button[type=submit]")).toBeEnabled();
  await name.fill("");
  await page.locator("main button[type=submit]").click();
  await expectFocusedSummaryLinkingTo(page, ["name"]);
});
