import { expect, test, type Page } from "@playwright/test";
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
import { holdRequests } from "./hold-requests";

// JavaScript on: inline validation, sending without a reload, the loading state, and a record
// in D1 (read back from the Worker's local database) for every form.

async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", "yes"));
}

async function expectSameDocument(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-same-document", "yes");
}

test("contact: errors after blur and after a checkbox change, then sent without a reload", async ({ page }) => {
  await page.goto("/en/contact/");
  const form = await formTitled(page, "Write to us", true);
  const name = field(form, "Name");

  await name.fill("A");
  await expect(form.getByText("Name must be at least 2 characters.")).toHaveCount(0);
  await name.blur();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name must be at least 2 characters.");
  await name.fill("Ana");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");

  const privacy = field(form, "I have read and accept the privacy policy");
  await privacy.check();
  await privacy.uncheck();
  await expect(privacy).toHaveAccessibleDescription("You must accept: Privacy policy acceptance.");

  const email = uniqueEmail("contact-js");
  await fillContact(form, email);
  await markDocument(page);
  // Hold the request until the loading state has been seen.
  const sending = await holdRequests(page, "**/*form=contact*");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("button", { name: "Sending…" })).toBeDisabled();
  await expect(field(form, "Message")).toBeDisabled();
  await expect(form).toHaveAttribute("aria-busy", "true");
  sending.release();
  await expect(form.getByRole("status")).toHaveText("Thank you! Your message has been sent");
  await expectSameDocument(page);
  await expect(field(form, "Name")).toHaveValue("");

  const rows = submissionsFor(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: "contact", lang: "en" });
  expect(JSON.parse(rows[0]?.payload ?? "{}")).toMatchObject({ subject: "Wheelchair spaces", privacyAcceptance: true });
  // The delivery queue's consumer picks the record up (locally it records the delivery).
  await expect.poll(() => submissionsFor(email)[0]?.delivery_status, { timeout: 15_000 }).toBe("delivered");
});

test("contact: an incomplete submit is blocked and the summary takes focus", async ({ page }) => {
  await page.goto("/es/contact/");
  const form = await formTitled(page, "Escríbenos", true);
  await form.getByRole("button", { name: "Enviar" }).click();
  const summary = form
    .getByRole("alert")
    .filter({ hasText: "Lo sentimos, no todos los campos están rellenados correctamente." });
  await expect(summary).toBeFocused();
  // One link per required field: name, surname, email, phone, subject, message and privacy (the news
  // consent is optional).
  await expect(summary.getByRole("link")).toHaveCount(7);
  await summary.getByRole("link", { name: "Nombre es obligatorio." }).click();
  await expect(field(form, "Nombre")).toBeFocused();
});

test("contact: a double click stores one record", async ({ page }) => {
  await page.goto("/en/contact/");
  const form = await formTitled(page, "Write to us", true);
  const email = uniqueEmail("double");
  await fillContact(form, email);
  await form.getByRole("button", { name: "Send" }).dblclick();
  await expect(form.getByRole("status")).toHaveText("Thank you! Your message has been sent");
  expect(submissionsFor(email)).toHaveLength(1);
});

test("hospitality: a box card's link preselects the box, and the request is stored", async ({ page }) => {
  await page.goto("/en/hospitality/?box=box-20");
  const form = await formTitled(page, "Ask about hospitality", true);
  await expect(field(form, "Interested in")).toHaveValue("boxes");
  // The box is shown by its name; its code is what the form sends.
  await expect(field(form, "Product of interest")).toHaveValue("20-seat box");
  const email = uniqueEmail("hospitality-js");
  await fillHospitality(form, email);
  await markDocument(page);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("status")).toHaveText("Thank you! Your message has been sent");
  await expectSameDocument(page);
  const [row] = submissionsFor(email);
  expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({
    companyType: "company",
    interestedIn: "boxes",
    interestProduct: "box-20",
  });
});

test("refund request: a document that is not a PDF/JPEG/PNG is refused in the browser; a PDF is stored", async ({
  page,
}) => {
  await page.goto("/en/ticket-service/");
  const form = await formTitled(page, "Refund request", true);
  const email = uniqueEmail("refund-js");
  await fillRefund(form, email);
  const documentField = field(form, "Supporting document");
  await documentField.setInputFiles({
    name: "scan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("MZ\x90\x00"),
  });
  await expect(documentField).toHaveAccessibleDescription(/The document must be a PDF, JPEG or PNG file\./);
  await fillRefund(form, email);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("status")).toHaveText("Thank you! Your message has been sent");
  expectRefundStoredWithDocument(email);
});

test("newsletter in the footer: subscribed, then 'already subscribed' with the address kept", async ({ page }) => {
  await page.goto("/en/about/");
  const footer = page.locator("footer");
  const form = await formTitled(page, "Newsletter", true);
  await expect(footer.getByRole("form", { name: "Newsletter" })).toBeVisible();
  const email = uniqueEmail("newsletter-js");
  await field(form, "Email").fill(email);
  await field(form, "I want to receive the newsletter and accept the privacy policy").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText("You are now subscribed to our newsletter");
  expect(queryD1("SELECT email FROM newsletter_subscriptions WHERE email = ?", email)).toHaveLength(1);

  await field(form, "Email").fill(email);
  await field(form, "I want to receive the newsletter and accept the privacy policy").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("alert")).toHaveText("This email address is already subscribed");
  await expect(field(form, "Email")).toHaveValue(email);
  expect(queryD1("SELECT email FROM newsletter_subscriptions WHERE email = ?", email)).toHaveLength(1);
});
