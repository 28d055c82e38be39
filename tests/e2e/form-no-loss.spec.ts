import { type Locator, type Page, type Request } from "@playwright/test";
import {
  expectRefundStoredWithDocument,
  field,
  fillContact,
  fillHospitality,
  fillRefund,
  formTitled,
  queryD1,
  submissionsFor,
  uniqueEmail,
} from "./forms-helpers";
import { waitForHydration } from "./hydrated";
import { expect, test, type SiteMessages } from "./fixtures";

// Nothing typed is lost when a form's post gets no answer: the network fails (offline, a reset
// connection) or the server errs (5xx). The page stays (no error page, no browser offline page),
// the form keeps every field and its document, says so beside itself, and sending again when the
// connection is back stores exactly one record, also when the lost answer was for a stored one
// (the idempotency key). A draft survives a reload; a chosen document is asked for again by name.

/** How a post fails: cut before the server, or answered by the server but lost (a 500 instead). */
type Failure = "connection reset" | "stored, then a 500" | "offline";

/**
 * Makes the next form post (a POST to one of the site's pages, in a language tree: not the
 * identity SDK's calls nor the site's `/api/`, which a member page makes on its own) fail as
 * `failure`; returns how to bring the network back.
 */
async function failNextPost(page: Page, failure: Failure): Promise<() => Promise<void>> {
  if (failure === "offline") {
    await page.context().setOffline(true);
    return () => page.context().setOffline(false);
  }
  let failed = false;
  const site = new URL(page.url()).origin;
  const isFormPost = (request: Request) => {
    const url = new URL(request.url());
    return request.method() === "POST" && url.origin === site && /^\/(es|en|val)\//.test(url.pathname);
  };
  await page.route("**/*", async (route) => {
    if (failed || !isFormPost(route.request())) return route.fallback();
    failed = true;
    if (failure === "connection reset") return route.abort("connectionreset");
    // The server stores the submission; its answer is lost on the way back.
    await route.fetch();
    return route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" });
  });
  return async () => {};
}

/** The page is still the form's page: no error page replaced it and nothing navigated. */
async function expectFormKept(page: Page, form: Locator, url: string, en: SiteMessages) {
  await expect(form.getByRole("alert")).toHaveText(en.FORM.SUBMIT_ERROR);
  expect(page.url()).toBe(url);
  await expect(page.getByRole("heading", { name: en.ERROR["500"].TITLE })).toHaveCount(0);
  await expect(form.getByRole("button", { name: en.FORM.SUBMIT })).toBeEnabled();
}

const cases: { form: "contact" | "hospitality"; failure: Failure }[] = [
  { form: "contact", failure: "connection reset" },
  { form: "contact", failure: "offline" },
  { form: "hospitality", failure: "connection reset" },
  { form: "hospitality", failure: "stored, then a 500" },
  { form: "hospitality", failure: "offline" },
];

for (const { form: kind, failure } of cases) {
  test(`${kind}: ${failure} on submit keeps everything; sending again stores one record`, async ({
    page,
    messages: { en },
  }) => {
    await page.goto(kind === "contact" ? "/en/contact/" : "/en/hospitality/");
    const form = await formTitled(page, kind === "contact" ? "Write to us" : "Ask about hospitality", true);
    const email = uniqueEmail(`${kind}-lost`);
    await (kind === "contact" ? fillContact(form, email) : fillHospitality(form, email));
    const url = page.url();

    const restore = await failNextPost(page, failure);
    await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
    await expectFormKept(page, form, url, en);
    await expect(field(form, "Email")).toHaveValue(email);
    await expect(field(form, "Name")).toHaveValue("Ana");
    await expect(field(form, "Message")).not.toHaveValue("");
    await expect(field(form, "I have read and accept the privacy policy")).toBeChecked();

    await restore();
    await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
    await expect(form.getByRole("status")).toHaveText(en.SUCCESS.FORM_SUBMITTED);
    expect(submissionsFor(email)).toHaveLength(1);
  });
}

for (const failure of ["offline", "connection reset"] as const) {
  test(`refund request: ${failure} on submit keeps the fields and the document; sent once back online`, async ({
    page,
    messages: { en },
  }) => {
    await page.goto("/en/ticket-service/");
    const form = await formTitled(page, "Refund request", true);
    const email = uniqueEmail("refund-lost");
    await fillRefund(form, email);
    const url = page.url();

    const restore = await failNextPost(page, failure);
    await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
    await expectFormKept(page, form, url, en);
    await expect(field(form, "Purchase code")).toHaveValue("ABC-123");
    expect(await field(form, "Supporting document").evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe(
      "justificante.pdf",
    );

    await restore();
    await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
    await expect(form.getByRole("status")).toHaveText(en.SUCCESS.FORM_SUBMITTED);
    expect(submissionsFor(email)).toHaveLength(1);
    expectRefundStoredWithDocument(email);
  });
}

test("refund request: a lost answer after the record was stored; the retry stores nothing more", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/ticket-service/");
  const form = await formTitled(page, "Refund request", true);
  const email = uniqueEmail("refund-500");
  await fillRefund(form, email);
  await failNextPost(page, "stored, then a 500");
  await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
  await expect(form.getByRole("alert")).toHaveText(en.FORM.SUBMIT_ERROR);
  expect(submissionsFor(email)).toHaveLength(1);
  await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
  await expect(form.getByRole("status")).toHaveText(en.SUCCESS.FORM_SUBMITTED);
  expect(submissionsFor(email)).toHaveLength(1);
});

for (const failure of ["connection reset", "offline"] as const) {
  test(`footer newsletter: ${failure} keeps the address and says the subscription failed`, async ({
    page,
    messages: { en },
  }) => {
    await page.goto("/en/about/");
    const form = await formTitled(page, en.FORMS.NEWSLETTER.TITLE, true);
    const email = uniqueEmail(`newsletter-lost-${failure.replace(" ", "-")}`);
    await field(form, "Email").fill(email);
    await field(form, en.FORMS.NEWSLETTER.CONSENT_LABEL).check();
    const url = page.url();

    const restore = await failNextPost(page, failure);
    await form.getByRole("button", { name: en.FORMS.NEWSLETTER.SUBMIT }).click();
    await expect(form.getByRole("alert")).toHaveText(en.FORM.NEWSLETTER_ERROR);
    expect(page.url()).toBe(url);
    await expect(field(form, "Email")).toHaveValue(email);
    await expect(field(form, en.FORMS.NEWSLETTER.CONSENT_LABEL)).toBeChecked();

    await restore();
    await form.getByRole("button", { name: en.FORMS.NEWSLETTER.SUBMIT }).click();
    await expect(form.getByRole("status")).toHaveText(en.SUCCESS.NEWSLETTER_SUBSCRIBED);
    expect(queryD1("SELECT email FROM newsletter_subscriptions WHERE email = ?", email)).toHaveLength(1);
  });
}

test("contact: a draft survives a reload, and is gone once sent", async ({ page, messages: { en } }) => {
  await page.goto("/en/contact/");
  let form = await formTitled(page, "Write to us", true);
  const email = uniqueEmail("contact-draft");
  await fillContact(form, email);
  await page.reload();
  form = await formTitled(page, "Write to us", true);
  await expect(field(form, "Email")).toHaveValue(email);
  await expect(field(form, "Message")).toHaveValue("Are there wheelchair spaces on the lower tier?");
  await expect(field(form, "I have read and accept the privacy policy")).toBeChecked();

  await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
  await expect(form.getByRole("status")).toHaveText(en.SUCCESS.FORM_SUBMITTED);
  await page.reload();
  form = await formTitled(page, "Write to us", true);
  await expect(field(form, "Email")).toHaveValue("");
  expect(submissionsFor(email)).toHaveLength(1);
});

test("refund request: after a reload the draft is back and the form names the document to choose again", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/ticket-service/");
  let form = await formTitled(page, "Refund request", true);
  const email = uniqueEmail("refund-draft");
  await fillRefund(form, email);
  await page.reload();
  form = await formTitled(page, "Refund request", true);
  await expect(field(form, "Purchase code")).toHaveValue("ABC-123");
  const again = form.getByText(/justificante\.pdf/);
  await expect(again).toHaveText(
    en.FORM.CHOOSE_DOCUMENT_AGAIN.replace("{{field}}", en.FIELD.document).replace("{{files}}", "justificante.pdf"),
  );
  await field(form, "Supporting document").setInputFiles({
    name: "justificante.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
  });
  await expect(again).toHaveCount(0);
  await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
  await expect(form.getByRole("status")).toHaveText(en.SUCCESS.FORM_SUBMITTED);
  expectRefundStoredWithDocument(email);
});

for (const failure of ["offline", "connection reset"] as const) {
  test.describe(failure, () => {
    // Playwright's routing does not see the posts of a page the member area's service worker
    // controls: without it here, the connection can be reset (offline needs no routing).
    if (failure === "connection reset") test.use({ serviceWorkers: "block" });
    test(`personal data: ${failure} on save keeps what was typed and says so; saved once back online`, async ({
      member: page,
      messages: { en },
    }) => {
      await page.goto("/en/dashboard/user-information/");
      await waitForHydration(page);
      const main = page.locator("main");
      const address = field(main, en.FIELD.address);
      const typed = `Calle Mayor ${Date.now() % 1000}`;
      await address.fill(typed);
      const url = page.url();

      const restore = await failNextPost(page, failure);
      await main.getByRole("button", { name: en.DASHBOARD.USER_INFORMATION.SUBMIT }).click();
      await expect(main.getByRole("alert")).toHaveText(en.FORM.SUBMIT_ERROR);
      expect(page.url()).toBe(url);
      await expect(address).toHaveValue(typed);

      await restore();
      await main.getByRole("button", { name: en.DASHBOARD.USER_INFORMATION.SUBMIT }).click();
      await expect(main.getByRole("status")).toHaveText(en.SUCCESS.DATA_UPDATED);
      await page.reload();
      await expect(field(page.locator("main"), en.FIELD.address)).toHaveValue(typed);
    });

    test(`member language: ${failure} on save keeps the choice and says so; sent again once back`, async ({
      member: page,
      messages: { en },
    }) => {
      await page.goto("/en/dashboard/settings/");
      await waitForHydration(page);
      const language = page.getByRole("combobox", { name: en.LANG.SWITCHER, exact: true });
      const saved = await language.inputValue();
      const other = saved === "val" ? "es" : "val";
      await language.selectOption(other);
      const url = page.url();

      const restore = await failNextPost(page, failure);
      await page.getByRole("button", { name: en.DASHBOARD.SETTINGS.LANGUAGE_SUBMIT }).click();
      await expect(page.getByRole("alert")).toHaveText(en.FORM.GENERIC_ERROR);
      expect(page.url()).toBe(url);
      await expect(language).toHaveValue(other);

      // Sent again (with the demo member's own language, which other tests share): it goes through.
      await restore();
      await language.selectOption(saved);
      await page.getByRole("button", { name: en.DASHBOARD.SETTINGS.LANGUAGE_SUBMIT }).click();
      await expect(page).toHaveURL(new RegExp(`/${saved}/dashboard/settings/$`));
    });
  });
}

test("password change: offline keeps what was typed and says it was not changed", async ({
  member: page,
  messages: { en },
}) => {
  await page.goto("/en/dashboard/settings/");
  await waitForHydration(page);
  const current = field(page.locator("main"), en.FIELD.currentPassword);
  const next = field(page.locator("main"), en.DASHBOARD.SETTINGS.NEW_PASSWORD);
  await expect(page.getByRole("button", { name: en.DASHBOARD.SETTINGS.PASSWORD_SUBMIT })).toBeEnabled();
  await current.fill("typed-before-the-tunnel");
  await next.fill("a-new-pass-123");
  await field(page.locator("main"), en.FIELD.passwordConfirmation).fill("a-new-pass-123");

  // Only offline: sent again, it would change the demo member's password, which other tests share.
  await page.context().setOffline(true);
  await page.getByRole("button", { name: en.DASHBOARD.SETTINGS.PASSWORD_SUBMIT }).click();
  await expect(page.getByRole("alert")).toHaveText(en.AUTH_ERROR.UNEXPECTED);
  await expect(current).toHaveValue("typed-before-the-tunnel");
  await expect(next).toHaveValue("a-new-pass-123");
  await page.context().setOffline(false);
});
