import { type Browser, type Page } from "@playwright/test";
import { waitForFormHydration } from "./hydrated";
import { expect, test } from "./fixtures";
import { EMULATOR } from "./auth-emulator";

// Signed out means signed out (docs/auth.md): "Sign out of all devices" on one browser
// ends the session on every other browser, even though Firebase's browser session there lives
// on; a new sign-in after it works.

async function createVerifiedMember(): Promise<{ email: string; password: string }> {
  const member = { email: `revoke-${Date.now()}@arena.test`, password: "revoke-pass-2026", emailVerified: true };
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-arena/accounts`, {
    method: "POST",
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: JSON.stringify(member),
  });
  expect(response.ok).toBe(true);
  return member;
}

/** Waits until the clock has moved past the whole second it reads now (auth times are whole seconds). */
async function nextSecond() {
  const second = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [50] }).toBeGreaterThan(second);
}

async function signIn(page: Page, member: { email: string; password: string }) {
  const submit = page.locator("main button[type=submit]");
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill(member.email);
  await page.locator("main input[name=password]").fill(member.password);
  await submit.click();
}

async function signedInBrowser(browser: Browser, member: { email: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/en/login/");
  await signIn(page, member);
  await expect(page).toHaveURL(/\/en\/dashboard\/$/);
  return page;
}

test("Sign out of all devices ends every browser's session; a new sign-in works", async ({
  browser,
  messages: { en },
}) => {
  const member = await createVerifiedMember();
  const laptop = await signedInBrowser(browser, member);
  const phone = await signedInBrowser(browser, member);
  // Auth times are in whole seconds: the revocation must come after both sign-ins' second.
  await nextSecond();

  await phone.goto("/en/dashboard/settings/");
  const button = phone.getByRole("button", { name: en.DASHBOARD.SETTINGS.SIGN_OUT_ALL_BUTTON });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(phone).toHaveURL(/\/en\/login\/$/);

  // The laptop still holds its cookie and Firebase session, but the Worker refuses them.
  await laptop.goto("/en/dashboard/events/");
  await expect(laptop).toHaveURL(/\/en\/login\/\?returnTo=%2Fen%2Fdashboard%2Fevents%2F$/);
  const cookies = await laptop.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "__session")).toBeUndefined();

  await nextSecond();
  await signIn(laptop, member);
  await expect(laptop).toHaveURL(/\/en\/dashboard\/events\/$/);
});

test("a password change ends the other browsers' sessions and keeps this one", async ({
  browser,
  messages: { en },
}) => {
  const member = await createVerifiedMember();
  const laptop = await signedInBrowser(browser, member);
  const phone = await signedInBrowser(browser, member);
  await nextSecond();

  await phone.goto("/en/dashboard/settings/");
  // Required fields carry " *" after their label.
  const labelled = (label: string) =>
    phone.locator("main").getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?: \\*)?$`));
  await labelled(en.FIELD.currentPassword).fill(member.password);
  await labelled(en.DASHBOARD.SETTINGS.NEW_PASSWORD).fill("changed-pass-2027");
  await labelled(en.FIELD.passwordConfirmation).fill("changed-pass-2027");
  await phone.getByRole("button", { name: en.DASHBOARD.SETTINGS.PASSWORD_SUBMIT }).click();
  await expect(phone.getByRole("status")).toHaveText(en.SUCCESS.PASSWORD_UPDATED);

  await phone.goto("/en/dashboard/events/");
  await expect(phone).toHaveURL(/\/en\/dashboard\/events\/$/);
  await laptop.goto("/en/dashboard/events/");
  await expect(laptop).toHaveURL(/\/en\/login\/\?returnTo=%2Fen%2Fdashboard%2Fevents%2F$/);
});
