import { type Locator, type Page } from "@playwright/test";
import { expect, test, type SiteMessages } from "./fixtures";
import { field, formTitled } from "./forms-helpers";
import { waitForFormHydration } from "./hydrated";

// The first click on a submit button was lost when pressing it blurred a field whose
// error then appeared above the button, pushing it down before the pointer came up. A press is
// a real one here: down and up at a point read before the press, with a person's press time
// between them (the blur's validation has rendered by then).

const PRESS_MS = 150;

/** Presses and releases the mouse at the button's centre as it was before the press. */
async function clickWhereTheButtonWas(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error("the submit button is not laid out");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
}

test("contact: pressing Send while the message just typed and erased has focus submits on the first click", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/contact/");
  const form = await formTitled(page, "Write to us", true);
  const message = field(form, "Message");
  await message.fill("Hello");
  await message.fill("");
  await expect(message).toBeFocused();

  await clickWhereTheButtonWas(page, form.getByRole("button", { name: en.FORM.SUBMIT }));
  const summary = form.getByRole("alert").filter({ hasText: en.VALIDATION.FORM_INVALID });
  await expect(summary).toBeFocused();
  await expect(message).toHaveAttribute("aria-invalid", "true");
});

test("contact: leaving the field with Tab still shows its error at once", async ({ page }) => {
  await page.goto("/en/contact/");
  const form = await formTitled(page, "Write to us", true);
  const name = field(form, "Name");
  await name.fill("A");
  await page.keyboard.press("Tab");
  await expect(name).toHaveAccessibleDescription("Name must be at least 2 characters.");
});

test("footer newsletter: pressing Subscribe after a bad address submits on the first click", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/");
  const form = await enhancedFooterNewsletter(page, en);
  const email = field(form, en.FIELD.email);
  await email.fill("not-an-address");
  await expect(email).toBeFocused();

  await clickWhereTheButtonWas(page, form.getByRole("button", { name: en.FORMS.NEWSLETTER.SUBMIT }));
  await expect(form.getByRole("alert").filter({ hasText: en.VALIDATION.FORM_INVALID })).toBeFocused();
  await expect(email).toHaveAccessibleDescription(en.VALIDATION.EMAIL);
});

test("register: pressing Create account after a mismatched confirmation submits on the first click", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/register/");
  const main = page.locator("main");
  const button = main.getByRole("button", { name: en.AUTH.REGISTER.SUBMIT });
  await waitForFormHydration(page, { timeout: 20_000 });
  const confirmation = field(main, en.FIELD.passwordConfirmation);
  await field(main, en.FIELD.password).fill("first-pass-1");
  await confirmation.fill("other-pass-2");
  await expect(confirmation).toBeFocused();

  await clickWhereTheButtonWas(page, button);
  await expect(main.getByRole("alert").filter({ hasText: en.VALIDATION.FORM_INVALID })).toBeVisible();
  await expect(confirmation).toHaveAttribute("aria-invalid", "true");
});

test("contact: pressing Send while the empty message has focus submits on the first click (es)", async ({ page }) => {
  await page.goto("/es/contact/");
  const form = await formTitled(page, "Escríbenos", true);
  const message = field(form, "Mensaje");
  await message.focus();
  await clickWhereTheButtonWas(page, form.getByRole("button", { name: "Enviar" }));
  await expect(form.getByRole("alert").filter({ hasText: "Lo sentimos" })).toBeFocused();
  await expect(message).toHaveAttribute("aria-invalid", "true");
});

test("contact: ticking the privacy box right after a message over 5,000 characters ticks it", async ({ page }) => {
  await page.goto("/en/contact/");
  const form = await formTitled(page, "Write to us", true);
  const message = field(form, "Message");
  await message.fill("a".repeat(5_001));
  await expect(message).toBeFocused();
  const privacy = field(form, "I have read and accept the privacy policy");
  await clickWhereTheButtonWas(page, privacy);
  await expect(privacy).toBeChecked();
  // The held error shows once the press has ended.
  await expect(message).toHaveAttribute("aria-invalid", "true");
});

/** The footer's newsletter form with its code loaded (it loads once reached for: app/components/footer-on-demand.tsx). */
async function enhancedFooterNewsletter(page: Page, en: SiteMessages): Promise<Locator> {
  const form = page.locator("footer").getByRole("form", { name: en.FORMS.NEWSLETTER.TITLE });
  await form.scrollIntoViewIfNeeded();
  await form.hover();
  await expect(form).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
  return form;
}

const SUBMITS = [
  {
    path: "/en/hospitality/",
    title: "Ask about hospitality",
    last: "Message",
    box: "I agree to receive news and offers from the venue",
  },
  {
    path: "/en/ticket-service/",
    title: "Refund request",
    last: "Incident details",
    box: "I have read and accept the privacy policy",
  },
];

for (const { path, title, last, box } of SUBMITS) {
  test(`${title}: the box and Send each take the first click after a blur that shows an error above them`, async ({
    page,
    messages: { en },
  }) => {
    await page.goto(path);
    const form = await formTitled(page, title, true);
    const text = field(form, last);
    await text.fill("x");
    await text.fill("");
    const checkbox = field(form, box);
    await clickWhereTheButtonWas(page, checkbox);
    await expect(checkbox).toBeChecked();
    await expect(text).toHaveAttribute("aria-invalid", "true");

    await text.fill("x");
    await text.fill("");
    await clickWhereTheButtonWas(page, form.getByRole("button", { name: en.FORM.SUBMIT }));
    await expect(form.getByRole("alert").filter({ hasText: en.VALIDATION.FORM_INVALID })).toBeFocused();
  });
}

test("footer newsletter: the consent box takes the first click after a bad address", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/");
  const form = await enhancedFooterNewsletter(page, en);
  const email = field(form, en.FIELD.email);
  await email.fill("not-an-address");
  const consent = field(form, en.FORMS.NEWSLETTER.CONSENT_LABEL);
  await clickWhereTheButtonWas(page, consent);
  await expect(consent).toBeChecked();
  await expect(email).toHaveAccessibleDescription(en.VALIDATION.EMAIL);
});
