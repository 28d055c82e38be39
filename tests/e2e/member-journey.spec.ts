import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForFormHydration } from "./hydrated";
import { EMULATOR } from "./auth-emulator";

// The member journey against the Firebase Auth emulator that scripts/serve.mjs starts
// (project demo-arena): register, verify through the emulator's link, the
// dashboard and its ticket tabs, personal data, password, language, account deletion.

const PROJECT = "demo-arena";
const IMPORT_KEY = "local-tickets-import-key";

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** The newest action link the emulator "sent" to `email` (its oobCodes endpoint lists them all). */
async function emulatorLink(email: string, requestType: "VERIFY_EMAIL" | "PASSWORD_RESET"): Promise<string> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
  if (!code) throw new Error(`No ${requestType} link for ${email}`);
  return code.oobLink;
}

/** The field with exactly this label (required fields append an aria-hidden " *"). */
function labelled(page: Page, text: string) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.locator("main").getByLabel(new RegExp(`^${escaped}(?: \\*)?$`));
}

async function signIn(page: Page, email: string, password: string, submit: string) {
  // By name: the same helper signs in on the English and the Valencian login form.
  await page.locator("main input[name=email]").fill(email);
  await page.locator("main input[name=password]").fill(password);
  await page.getByRole("button", { name: submit, exact: true }).click();
}

const day = 24 * 60 * 60 * 1000;

test("a member registers, verifies, uses the dashboard, and deletes the account", async ({
  page,
  request,
  messages: { en, val },
}) => {
  test.setTimeout(120_000);
  const email = `fan-${Date.now()}@arena.test`;

  await page.goto("/en/register/");
  const createButton = page.getByRole("button", { name: en.AUTH.REGISTER.SUBMIT });
  await waitForFormHydration(page);
  await labelled(page, en.FIELD.name).fill("Alex");
  await labelled(page, en.FIELD.surname).fill("Rivers");
  await labelled(page, en.FIELD.email).fill(email);
  await labelled(page, en.FIELD.password).fill("first-pass-1");
  await labelled(page, en.FIELD.passwordConfirmation).fill("first-pass-1");
  await createButton.click();
  await expect(page).toHaveURL(/\/en\/email-verification\/$/);
  await expect(page.getByText(email)).toBeVisible();

  // Not verified yet: the screen says to check the inbox.
  const already = page.getByRole("button", { name: en.AUTH.VERIFY.ALREADY });
  await expect(already).toBeEnabled();
  await already.click();
  await expect(page.getByRole("alert")).toHaveText(en.AUTH_ERROR.STILL_UNVERIFIED);

  // The dashboard is still closed to an unverified member.
  await page.goto("/en/dashboard/events/");
  await expect(page).toHaveURL(/\/en\/email-verification\/$/);

  // Verify through the emulator's link, and let the ticketing platform send two tickets.
  expect((await fetch(await emulatorLink(email, "VERIFY_EMAIL"))).ok).toBe(true);
  const imported = await request.post("/api/tickets/import", {
    headers: { Authorization: `Bearer ${IMPORT_KEY}` },
    data: {
      tickets: [
        {
          id: `${email}-future`,
          email,
          eventSlug: "summer-gala",
          eventName: "Summer Gala",
          eventStartsAt: new Date(Date.now() + 20 * day).toISOString(),
          purchasedAt: new Date(Date.now() - day).toISOString(),
          priceCents: 5500,
          seat: "Row 3, seat 7",
        },
        {
          id: `${email}-past`,
          email,
          eventSlug: "spring-cup",
          eventName: "Spring Cup Final",
          eventStartsAt: new Date(Date.now() - 20 * day).toISOString(),
          purchasedAt: new Date(Date.now() - 60 * day).toISOString(),
          priceCents: 3000,
          seat: "Stand B",
        },
      ],
    },
  });
  expect(imported.status()).toBe(200);

  await expect(already).toBeEnabled();
  await already.click();
  await expect(page).toHaveURL(/\/en\/dashboard\/$/);
  await expect(page.getByRole("heading", { name: "Hello, Alex" })).toBeVisible();

  // Both ticket tabs.
  await page.getByRole("link", { name: en.DASHBOARD.NAV.EVENTS }).click();
  await expect(page.getByRole("link", { name: "Summer Gala", exact: true })).toBeVisible();
  await expect(page.getByText("Row 3, seat 7")).toBeVisible();
  await expect(page.getByText("Spring Cup Final")).toHaveCount(0);
  await page.getByRole("link", { name: en.DASHBOARD.EVENTS.PAST }).click();
  await expect(page.getByRole("link", { name: "Spring Cup Final", exact: true })).toBeVisible();
  await expect(page.getByText("Summer Gala")).toHaveCount(0);

  // Personal data, validated, saved in D1 and still there after a reload.
  await page.getByRole("link", { name: en.DASHBOARD.NAV.USER_INFORMATION }).click();
  await labelled(page, en.FIELD.phone).fill("+34 611 222 333");
  await labelled(page, en.FIELD.birthdate).fill("1991-07-09");
  await labelled(page, en.FIELD.address).fill("");
  await page.getByRole("button", { name: en.DASHBOARD.USER_INFORMATION.SUBMIT }).click();
  // The field's own message (the summary above the form links to it with the same words).
  await expect(page.locator(".form-field__error", { hasText: "Address is required." })).toBeVisible();
  await labelled(page, en.FIELD.address).fill("Avinguda del Port 1, València");
  await page.getByRole("button", { name: en.DASHBOARD.USER_INFORMATION.SUBMIT }).click();
  await expect(page.getByRole("status")).toHaveText(en.SUCCESS.DATA_UPDATED);
  await page.reload();
  await expect(labelled(page, en.FIELD.address)).toHaveValue("Avinguda del Port 1, València");

  // Change the password, sign out, sign in with the new one (coming back to the page wanted).
  await page.getByRole("link", { name: en.DASHBOARD.NAV.SETTINGS, exact: true }).click();
  await labelled(page, en.FIELD.currentPassword).fill("first-pass-1");
  await labelled(page, en.DASHBOARD.SETTINGS.NEW_PASSWORD).fill("second-pass-2");
  await labelled(page, en.FIELD.passwordConfirmation).fill("second-pass-2");
  await page.getByRole("button", { name: en.DASHBOARD.SETTINGS.PASSWORD_SUBMIT }).click();
  await expect(page.getByRole("status")).toHaveText(en.SUCCESS.PASSWORD_UPDATED);
  await page.getByRole("button", { name: en.AUTH.SESSION.SIGN_OUT, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\/$/);
  await page.goto("/en/dashboard/settings/");
  await expect(page).toHaveURL(/\/en\/login\/\?returnTo=%2Fen%2Fdashboard%2Fsettings%2F$/);
  await waitForFormHydration(page);
  await signIn(page, email, "first-pass-1", en.AUTH.LOGIN.SUBMIT);
  await expect(page.getByRole("alert")).toHaveText(en.AUTH_ERROR.INVALID_CREDENTIAL);
  await signIn(page, email, "second-pass-2", en.AUTH.LOGIN.SUBMIT);
  await expect(page).toHaveURL(/\/en\/dashboard\/settings\/$/);

  // Change the language: saved, and the dashboard continues in Valencian.
  await page.getByRole("combobox", { name: en.LANG.SWITCHER, exact: true }).selectOption("val");
  await page.getByRole("button", { name: en.DASHBOARD.SETTINGS.LANGUAGE_SUBMIT }).click();
  await expect(page).toHaveURL(/\/val\/dashboard\/settings\/$/);
  await expect(page.getByRole("heading", { name: val.DASHBOARD.SETTINGS.DELETE_TITLE })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe("val");

  // Delete the account: confirmed first, then gone from Firebase and D1.
  await page.getByRole("button", { name: val.DASHBOARD.SETTINGS.DELETE_BUTTON }).click();
  await expect(page.getByText(val.DASHBOARD.SETTINGS.DELETE_WARNING)).toBeVisible();
  await page.getByRole("button", { name: val.DASHBOARD.SETTINGS.DELETE_CONFIRM }).click();
  await expect(page).toHaveURL(/\/val\/login\/\?deleted=1$/);
  await expect(page.getByRole("status")).toHaveText(val.SUCCESS.USER_DELETED);

  // The account can no longer sign in.
  await waitForFormHydration(page);
  await signIn(page, email, "second-pass-2", val.AUTH.LOGIN.SUBMIT);
  // The same words as a wrong password: the sign-in form never tells which addresses have an account.
  await expect(page.getByRole("alert")).toHaveText(val.AUTH_ERROR.INVALID_CREDENTIAL);
});
