import { expect, test } from "@playwright/test";
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

// JavaScript off: every form is a plain POST to its page's action; the server validates,
// re-renders the page with the errors and everything typed, or stores the record.
test.use({ javaScriptEnabled: false });

test("contact: server errors come back translated, with the input kept, then the form is stored", async ({ page }) => {
  await page.goto("/val/contact/");
  let form = await formTitled(page, "Escriu-nos", false);
  await field(form, "Nom").fill("A");
  await field(form, "Assumpte").fill("Accessibilitat <b>");
  await form.getByRole("button", { name: "Envia" }).click();

  form = await formTitled(page, "Escriu-nos", false);
  await expect(form.getByRole("alert").first()).toContainText("Hi ha errors en el formulari.");
  await expect(field(form, "Nom")).toHaveValue("A");
  await expect(field(form, "Nom")).toHaveAttribute("aria-invalid", "true");
  await expect(field(form, "Nom")).toHaveAccessibleDescription("Nom ha de tindre almenys 2 caràcters.");
  await expect(field(form, "Assumpte")).toHaveValue("Accessibilitat <b>");

  await page.goto("/en/contact/");
  form = await formTitled(page, "Write to us", false);
  const email = uniqueEmail("contact-nojs");
  await fillContact(form, email);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you! Your message has been sent");
  const rows = submissionsFor(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: "contact", lang: "en" });
});

test("hospitality: a company without its details is refused, then stored once completed", async ({ page }) => {
  await page.goto("/en/hospitality/?box=box-20");
  let form = await formTitled(page, "Ask about hospitality", false);
  const email = uniqueEmail("hospitality-nojs");
  await fillHospitality(form, email);
  await field(form, "CIF").fill("");
  await form.getByRole("button", { name: "Send" }).click();

  form = await formTitled(page, "Ask about hospitality", false);
  await expect(field(form, "CIF")).toHaveAccessibleDescription("CIF is required.");
  await expect(field(form, "Company name")).toHaveValue("Soler SL");
  // The box is shown by its name; its code is what the form sends.
  await expect(field(form, "Product of interest")).toHaveValue("20-seat box");
  await expect(field(form, "I have read and accept the privacy policy")).toBeChecked();
  expect(submissionsFor(email)).toHaveLength(0);

  await field(form, "CIF").fill("B12345678");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you! Your message has been sent");
  const [row] = submissionsFor(email);
  expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({ cif: "B12345678", interestProduct: "box-20" });
});

test("hospitality: an individual's answer page does not ask for company details", async ({ page }) => {
  await page.goto("/es/hospitality/");
  let form = await formTitled(page, "Solicita información de hospitalidad", false);
  await field(form, "Tipo de empresa").selectOption("individual");
  await form.getByRole("button", { name: "Enviar" }).click();

  // Refused (nothing else was filled in): the answer shows the choice, and with it the company
  // fields as optional, neither marked nor announced as required.
  form = await formTitled(page, "Solicita información de hospitalidad", false);
  await expect(field(form, "Tipo de empresa")).toHaveValue("individual");
  await expect(field(form, "Nombre")).toHaveAttribute("aria-required", "true");
  for (const label of ["Nombre de la empresa", "CIF", "Cargo en la empresa"]) {
    await expect(field(form, label)).not.toHaveAttribute("aria-required");
    await expect(field(form, label)).not.toHaveAttribute("aria-invalid");
    await expect(form.locator("label", { hasText: label })).not.toContainText("*");
  }
});

test("refund request: sent as multipart with its document, stored with the document in R2", async ({ page }) => {
  await page.goto("/en/ticket-service/");
  const form = await formTitled(page, "Refund request", false);
  const email = uniqueEmail("refund-nojs");
  await fillRefund(form, email);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you! Your message has been sent");
  expectRefundStoredWithDocument(email);
});

test("newsletter from the footer: lands on the newsletter page at the answer", async ({ page }) => {
  await page.goto("/es/about/");
  let form = page.locator("footer").getByRole("form", { name: "Newsletter" });
  const email = uniqueEmail("newsletter-nojs");
  await field(form, "Correo electrónico").fill(email);
  await field(form, "Quiero recibir la newsletter y acepto la política de privacidad").check();
  await form.getByRole("button", { name: "Suscribirme" }).click();
  await expect(page).toHaveURL(/\/es\/newsletter\/\?form=newsletter#newsletter-answer$/);
  form = page.getByRole("main").getByRole("form", { name: "Suscríbete a la newsletter" });
  await expect(form.getByRole("status")).toHaveText("Te has suscrito a nuestro boletín");
  // The page opens at the form that answers, not at the footer the visitor used.
  await expect(form.getByRole("status")).toBeInViewport();
  expect(queryD1("SELECT lang FROM newsletter_subscriptions WHERE email = ?", email)).toEqual([{ lang: "es" }]);

  await field(form, "Correo electrónico").fill(email);
  await field(form, "Quiero recibir la newsletter y acepto la política de privacidad").check();
  await form.getByRole("button", { name: "Suscribirme" }).click();
  form = page.getByRole("main").getByRole("form", { name: "Suscríbete a la newsletter" });
  await expect(form.getByRole("alert")).toHaveText("Este correo electrónico ya está suscrito");
  await expect(field(form, "Correo electrónico")).toHaveValue(email);
});
