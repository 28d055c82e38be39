import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForFormHydration } from "./hydrated";
import { DEMO, LANGS, type Lang } from "./site-pages";
import { EMULATOR } from "./auth-emulator";

// What members read from the identity screens: emails in the page's language, sign-in
// and reset answers that never tell whether an address has an account, and one answer at a time.

/** The language Firebase is asked to write its emails in (Valencian as Catalan). */
const FIREBASE_LOCALE: Record<Lang, string> = { es: "es", en: "en", val: "ca" };

interface OobCode {
  email: string;
  requestType: string;
}

async function oobCodesFor(email: string, requestType: "VERIFY_EMAIL" | "PASSWORD_RESET"): Promise<OobCode[]> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/demo-arena/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === requestType);
}

/**
 * Runs `action` and returns the `X-Firebase-Locale` of the email request it makes. The emulator
 * writes `lang=en` into every link it lists whatever it is asked (firebase-tools hard-codes it),
 * so the language is read where Firebase takes it: the header the SDK sends with the request.
 */
async function emailLocale(page: Page, action: () => Promise<void>): Promise<string | undefined> {
  const sent = page.waitForRequest((request) => request.url().includes("accounts:sendOobCode"));
  await action();
  return (await (await sent).allHeaders())["x-firebase-locale"];
}

async function submitReset(page: Page, lang: Lang, email: string) {
  await page.goto(`/${lang}/password-reset/`);
  const submit = page.locator("main button[type=submit]");
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill(email);
  await submit.click();
}

for (const lang of LANGS) {
  test(`verification and reset emails are asked for in the page's language (${lang})`, async ({ page, messages }) => {
    const email = `lang-${lang}-${Date.now()}@arena.test`;
    await page.goto(`/${lang}/register/`);
    await waitForFormHydration(page);
    const verification = await emailLocale(page, async () => {
      await page.locator("main input[name=name]").fill("Ana");
      await page.locator("main input[name=surname]").fill("Puig");
      await page.locator("main input[name=email]").fill(email);
      await page.locator("main input[name=password]").fill("lang-pass-1");
      await page.locator("main input[name=passwordConfirmation]").fill("lang-pass-1");
      await page.locator("main button[type=submit]").click();
    });
    expect(verification).toBe(FIREBASE_LOCALE[lang]);
    await expect(page).toHaveURL(new RegExp(`/${lang}/email-verification/$`));
    expect(await oobCodesFor(email, "VERIFY_EMAIL")).toHaveLength(1);

    await page.context().clearCookies();
    const reset = await emailLocale(page, () => submitReset(page, lang, email));
    expect(reset).toBe(FIREBASE_LOCALE[lang]);
    await expect(page.getByRole("status")).toHaveText(messages[lang].SUCCESS.RESET_SENT);
    expect(await oobCodesFor(email, "PASSWORD_RESET")).toHaveLength(1);
  });
}

test("sign-in says the same for an unknown address and a wrong password", async ({ page, messages: { es } }) => {
  const attempt = async (email: string, password: string) => {
    await page.goto("/es/login/");
    const submit = page.locator("main button[type=submit]");
    await waitForFormHydration(page);
    await page.locator("main input[name=email]").fill(email);
    await page.locator("main input[name=password]").fill(password);
    await submit.click();
    const alert = page.locator("main [role=alert]");
    await expect(alert).toBeVisible();
    return alert.textContent();
  };
  const unknown = await attempt(`nobody-${Date.now()}@arena.test`, "whatever-1");
  const wrong = await attempt(DEMO.email, "not-the-password");
  expect(unknown).toBe(es.AUTH_ERROR.INVALID_CREDENTIAL);
  expect(wrong).toBe(unknown);
});

test("a reset for an unknown address answers exactly as for a known one", async ({ page, messages: { en } }) => {
  await submitReset(page, "en", DEMO.email);
  const known = page.locator("main [role=status]");
  await expect(known).toHaveText(en.SUCCESS.RESET_SENT);
  const unknownEmail = `nobody-${Date.now()}@arena.test`;
  await submitReset(page, "en", unknownEmail);
  await expect(page.locator("main [role=status]")).toHaveText(en.SUCCESS.RESET_SENT);
  await expect(page.locator("main [role=alert]")).toHaveCount(0);
  expect(await oobCodesFor(unknownEmail, "PASSWORD_RESET")).toHaveLength(0);
});

test("each settings submission replaces the previous messages", async ({ member: page, messages: { en } }) => {
  await page.goto("/en/dashboard/settings/");
  const form = page.locator("form", { has: page.locator("input[name=currentPassword]") });
  await expect(form.locator("button[type=submit]")).toBeEnabled();
  const section = page.locator("section", { has: form });

  await form.locator("input[name=currentPassword]").fill("not-the-password");
  await form.locator("input[name=password]").fill("brand-new-pass-1");
  await form.locator("input[name=passwordConfirmation]").fill("brand-new-pass-1");
  await form.locator("button[type=submit]").click();
  await expect(section.getByText(en.AUTH_ERROR.WRONG_PASSWORD)).toBeVisible();

  await form.locator("input[name=currentPassword]").fill(DEMO.password);
  await form.locator("input[name=password]").fill("short");
  await form.locator("input[name=passwordConfirmation]").fill("short");
  await form.locator("button[type=submit]").click();
  const tooShort = en.VALIDATION.MIN_LENGTH.replace("{{field}}", en.FIELD.password).replace("{{n}}", "6");
  await expect(section.locator(".form-field__error").getByText(tooShort)).toBeVisible();
  await expect(section.getByText(en.VALIDATION.FORM_INVALID)).toBeVisible();
  await expect(section.getByText(en.AUTH_ERROR.WRONG_PASSWORD)).toHaveCount(0);
});
