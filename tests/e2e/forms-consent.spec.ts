import { expect, test, type Locator } from "@playwright/test";
import { field, fillPerson, formTitled, submissionsFor, uniqueEmail } from "./forms-helpers";

// Consent that is freely given (GDPR art. 7(4)): marketing and communication consent are their own
// unticked, optional boxes; a form goes without them and the record keeps the choice made. Company
// details are asked of a company only, with and without JavaScript (docs/forms.md).

const COMMUNICATION = "I would also like to receive the venue's news about events and services";
const MARKETING = "I agree to receive news and offers from the venue";
const COMPANY_FIELDS = ["Company name", "CIF", "Position in the company"];

/** The optional box: unticked, not marked or announced as required. */
async function expectOptional(form: Locator, label: string) {
  const box = field(form, label);
  await expect(box).not.toBeChecked();
  await expect(box).not.toHaveAttribute("aria-required");
  await expect(form.locator("label", { hasText: label })).not.toContainText("*");
}

test.describe("with JavaScript", () => {
  test("contact is sent without communication consent, and stored with that choice", async ({ page }) => {
    await page.goto("/en/contact/");
    const form = await formTitled(page, "Write to us", true);
    await expectOptional(form, COMMUNICATION);
    const email = uniqueEmail("contact-consent");
    await fillPerson(form, email);
    await field(form, "Subject").fill("Wheelchair spaces");
    await field(form, "Message").fill("Are there wheelchair spaces on the lower tier?");
    await field(form, "I have read and accept the privacy policy").check();
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByRole("status")).toHaveText("Thank you! Your message has been sent");
    const [row] = submissionsFor(email);
    expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({ privacyAcceptance: true, communicationConsent: false });
  });

  test("hospitality shows company details for a company only", async ({ page }) => {
    await page.goto("/en/hospitality/");
    const form = await formTitled(page, "Ask about hospitality", true);
    await expectOptional(form, MARKETING);
    for (const label of COMPANY_FIELDS) await expect(field(form, label)).toBeHidden();
    await field(form, "Company type").selectOption("company");
    for (const label of COMPANY_FIELDS) {
      await expect(field(form, label)).toBeVisible();
      await expect(field(form, label)).toHaveAttribute("aria-required", "true");
    }
    await field(form, "Company type").selectOption("individual");
    for (const label of COMPANY_FIELDS) await expect(field(form, label)).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an individual's hospitality request goes without company details or marketing consent", async ({ page }) => {
    await page.goto("/es/hospitality/");
    const form = await formTitled(page, "Solicita información de hospitalidad", false);
    await expectOptional(form, "Acepto recibir novedades y ofertas del recinto");
    const companyFields = ["Nombre de la empresa", "CIF", "Cargo en la empresa"];
    for (const label of companyFields) await expect(field(form, label)).toBeHidden();
    await field(form, "Tipo de empresa").selectOption("company");
    for (const label of companyFields) await expect(field(form, label)).toBeVisible();
    await field(form, "Nombre de la empresa").fill("Left over SL");
    await field(form, "Tipo de empresa").selectOption("individual");
    for (const label of companyFields) await expect(field(form, label)).toBeHidden();

    const email = uniqueEmail("hospitality-individual");
    await field(form, "Nombre").fill("Ana");
    await field(form, "Apellidos").fill("García");
    await field(form, "Correo electrónico").fill(email);
    await field(form, "Teléfono").fill("+34 600 000 000");
    await field(form, "Me interesa").selectOption("boxes");
    await field(form, "Mensaje").fill("Un palco para la familia.");
    await field(form, "He leído y acepto la política de privacidad").check();
    await form.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("status")).toHaveText("¡Gracias! Tu mensaje se ha enviado");
    const [row] = submissionsFor(email);
    expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({
      companyType: "individual",
      companyName: "",
      marketingConsent: false,
    });
  });
});
