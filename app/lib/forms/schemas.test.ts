import { describe, expect, it } from "vitest";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { LANGUAGES } from "#app/lib/languages.ts";
import { venueToday } from "#app/lib/venue-today.ts";
import { translateFieldErrors, type FieldErrors } from "./messages";
import {
  contactSchema,
  FORM_KINDS,
  hospitalitySchema,
  isFormKind,
  newsletterSchema,
  refundRequestSchema,
  type FormKind,
} from "./schemas";
import { validateFormFields, validateSubmission } from "./validate";

const contact = {
  name: "Ana",
  surname: "García",
  email: "ana@example.com",
  phone: "600000000",
  subject: "Hola",
  message: "Una pregunta",
  privacyAcceptance: "on",
  communicationConsent: "on",
};

async function errorsOf(kind: FormKind, input: Record<string, unknown>): Promise<FieldErrors> {
  const result = await validateFormFields(kind, input);
  return result.success ? {} : result.errors;
}

const pdf = new File([new TextEncoder().encode("%PDF-1.7\n")], "a.pdf");
const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], "photo.txt");
const refund = {
  name: "Laura",
  surname: "Pérez",
  email: "laura@example.com",
  phone: "600222333",
  purchaseCode: "ABC",
  event: "Concierto",
  eventDate: "2026-12-20",
  refundReason: "vehicle",
  incidentDetails: "Avería",
  incidentDate: "2024-02-29",
  document: pdf,
  privacyAcceptance: "on",
};

describe("the messages of SPEC.md section 5 in es, en and val", () => {
  const expected = {
    es: {
      name: ["Nombre debe tener al menos 2 caracteres."],
      surname: ["Apellidos deben tener como máximo 50 caracteres."],
      email: ["Introduce un correo electrónico válido."],
      phone: ["Teléfono es obligatorio."],
      privacyAcceptance: ["Debes aceptar: Aceptación de la política de privacidad."],
    },
    en: {
      name: ["Name must be at least 2 characters."],
      surname: ["Surname must be at most 50 characters."],
      email: ["Please enter a valid email address."],
      phone: ["Phone is required."],
      privacyAcceptance: ["You must accept: Privacy policy acceptance."],
    },
    val: {
      name: ["Nom ha de tindre almenys 2 caràcters."],
      surname: ["Cognoms han de tindre com a màxim 50 caràcters."],
      email: ["Introduïx un correu electrònic vàlid."],
      phone: ["Telèfon és obligatori."],
      privacyAcceptance: ["Has d'acceptar: Acceptació de la política de privacitat."],
    },
  };
  for (const lang of LANGUAGES) {
    it(`translates every field error (${lang})`, async () => {
      const errors = await errorsOf("contact", {
        ...contact,
        name: " A ",
        surname: "x".repeat(51),
        email: "ana@",
        phone: "   ",
        privacyAcceptance: undefined,
      });
      expect(translateFieldErrors(translatorFor(lang), "contact", errors)).toEqual(expected[lang]);
    });
  }

  it("has the form-level and generic messages in every language", () => {
    const keys = ["VALIDATION.FORM_INVALID", "VALIDATION.FORM_ERRORS", "VALIDATION.DEFAULT"] as const;
    expect(keys.map((key) => translatorFor("en")(key))).toEqual([
      "Sorry, not all fields are filled out correctly.",
      "There were errors in your form.",
      "This field is not valid.",
    ]);
    for (const lang of LANGUAGES)
      for (const key of [
        ...keys,
        "FORM.SUBMIT_ERROR",
        "FORM.NEWSLETTER_ERROR",
        "FORMS.NEWSLETTER.CONSENT_FIELD",
      ] as const)
        expect(translatorFor(lang)(key)).not.toBe(key);
  });
});

describe("contact schema", () => {
  it("accepts a complete form and trims what was typed", async () => {
    const result = await validateSubmission(contactSchema, { ...contact, name: "  Ana  ", privacyAcceptance: true });
    expect(result).toEqual({
      success: true,
      output: { ...contact, privacyAcceptance: true, communicationConsent: true },
    });
  });

  it("enforces the lengths: names 2–50, email 2–255", async () => {
    expect(await errorsOf("contact", { ...contact, name: "x".repeat(50), surname: "xy" })).toEqual({});
    expect(await errorsOf("contact", { ...contact, email: "a" })).toEqual({
      email: { key: "VALIDATION.MIN_LENGTH", n: 2 },
    });
    expect(await errorsOf("contact", { ...contact, email: `${"a".repeat(250)}@example.com` })).toEqual({
      email: { key: "VALIDATION.MAX_LENGTH", n: 255 },
    });
  });

  it("requires every field and the privacy acceptance, and refuses wrong types", async () => {
    const errors = await errorsOf("contact", { subject: 7, communicationConsent: "yes" });
    expect(errors).toEqual({
      name: { key: "VALIDATION.REQUIRED" },
      surname: { key: "VALIDATION.REQUIRED" },
      email: { key: "VALIDATION.REQUIRED" },
      phone: { key: "VALIDATION.REQUIRED" },
      subject: { key: "VALIDATION.DEFAULT" },
      message: { key: "VALIDATION.REQUIRED" },
      privacyAcceptance: { key: "VALIDATION.ACCEPTED" },
      communicationConsent: { key: "VALIDATION.DEFAULT" },
    });
  });

  it("takes a message without communication consent, and keeps the choice as made", async () => {
    for (const [sent, kept] of [
      [undefined, false],
      ["", false],
      ["false", false],
      [false, false],
      ["on", true],
      [true, true],
    ] as const) {
      const result = await validateSubmission(contactSchema, { ...contact, communicationConsent: sent });
      expect(result.success && result.output.communicationConsent).toBe(kept);
      expect(result.success).toBe(true);
    }
  });
});

describe("hospitality schema", () => {
  const base = {
    ...contact,
    companyType: "company",
    companyName: "Soler SL",
    cif: "B1",
    companyPosition: "CEO",
    interestedIn: "event-rental",
    marketingConsent: "on",
  };

  it("requires company name, CIF and position from a company only", async () => {
    expect(await errorsOf("hospitality", { ...base, companyName: "", cif: " ", companyPosition: "" })).toEqual({
      companyName: { key: "VALIDATION.REQUIRED" },
      cif: { key: "VALIDATION.REQUIRED" },
      companyPosition: { key: "VALIDATION.REQUIRED" },
    });
    const individual = { ...base, companyType: "individual", companyName: "", cif: "", companyPosition: "" };
    expect((await validateSubmission(hospitalitySchema, individual)).success).toBe(true);
  });

  it("keeps nothing of an individual's company details, whatever the form still sent", async () => {
    const result = await validateSubmission(hospitalitySchema, { ...base, companyType: "individual" });
    expect(result.success && result.output).toMatchObject({
      companyType: "individual",
      companyName: "",
      cif: "",
      companyPosition: "",
    });
    const company = await validateSubmission(hospitalitySchema, base);
    expect(company.success && company.output).toMatchObject({ companyName: "Soler SL", cif: "B1" });
  });

  it("takes a request without marketing consent, and keeps the choice as made", async () => {
    const without = await validateSubmission(hospitalitySchema, { ...base, marketingConsent: undefined });
    expect(without.success && without.output.marketingConsent).toBe(false);
    const given = await validateSubmission(hospitalitySchema, base);
    expect(given.success && given.output.marketingConsent).toBe(true);
    expect(await errorsOf("hospitality", { ...base, marketingConsent: "yes" })).toEqual({
      marketingConsent: { key: "VALIDATION.DEFAULT" },
    });
  });

  it("reports company details together with the other fields' errors", async () => {
    const errors = await errorsOf("hospitality", { ...base, name: "", companyName: "" });
    expect(Object.keys(errors)).toEqual(["name", "companyName"]);
  });

  it("accepts only the interested-in options and company types of the spec", async () => {
    expect(await errorsOf("hospitality", { ...base, interestedIn: "yachts", companyType: "" })).toEqual({
      interestedIn: { key: "VALIDATION.DEFAULT" },
      companyType: { key: "VALIDATION.REQUIRED" },
    });
  });
});

describe("refund request schema", () => {
  it("accepts a PDF or JPEG by content, whatever the file is called", async () => {
    expect((await validateSubmission(refundRequestSchema, refund)).success).toBe(true);
    expect((await validateSubmission(refundRequestSchema, { ...refund, document: jpeg })).success).toBe(true);
  });

  it("refuses other content, more than 5 MB and a missing document", async () => {
    const renamed = new File([new TextEncoder().encode("MZ\x90\x00")], "scan.pdf", { type: "application/pdf" });
    expect(await errorsOf("refund-request", { ...refund, document: renamed })).toEqual({
      document: { key: "VALIDATION.FILE_TYPE" },
    });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.pdf");
    expect(await errorsOf("refund-request", { ...refund, document: big })).toEqual({
      document: { key: "VALIDATION.FILE_SIZE", n: 5 },
    });
    const { document: _document, ...withoutDocument } = refund;
    expect(await errorsOf("refund-request", withoutDocument)).toEqual({ document: { key: "VALIDATION.REQUIRED" } });
    expect(await errorsOf("refund-request", { ...refund, document: new File([], "empty.pdf") })).toEqual({
      document: { key: "VALIDATION.REQUIRED" },
    });
  });

  it("takes only dates that exist and the six refund reasons", async () => {
    expect(
      await errorsOf("refund-request", {
        ...refund,
        eventDate: "2026-02-29",
        incidentDate: "18/12/2026",
        refundReason: "changed-my-mind",
      }),
    ).toEqual({
      eventDate: { key: "VALIDATION.DATE" },
      incidentDate: { key: "VALIDATION.DATE" },
      refundReason: { key: "VALIDATION.DEFAULT" },
    });
  });
});

describe("refund request schema: the incident date", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("may be today at the arena, not a day later", async () => {
    expect(await errorsOf("refund-request", { ...refund, incidentDate: venueToday(new Date()) })).toEqual({});
    expect(
      await errorsOf("refund-request", { ...refund, incidentDate: venueToday(new Date(Date.now() + DAY)) }),
    ).toEqual({ incidentDate: { key: "VALIDATION.DATE_FUTURE" } });
  });

  it("says so in each language", async () => {
    const errors = await errorsOf("refund-request", { ...refund, incidentDate: "2999-01-01" });
    expect(LANGUAGES.map((lang) => translateFieldErrors(translatorFor(lang), "refund-request", errors))).toEqual([
      { incidentDate: ["Fecha de la incidencia no puede ser posterior a hoy."] },
      { incidentDate: ["Incident date cannot be later than today."] },
      { incidentDate: ["Data de la incidència no pot ser posterior a hui."] },
    ]);
  });
});

describe("newsletter schema", () => {
  it("needs a valid email and the consent", async () => {
    expect((await validateSubmission(newsletterSchema, { email: "fan@example.com", consent: true })).success).toBe(
      true,
    );
    expect(await errorsOf("newsletter", { email: "fan@", consent: "false" })).toEqual({
      email: { key: "VALIDATION.EMAIL" },
      consent: { key: "VALIDATION.ACCEPTED" },
    });
  });
});

describe("isFormKind", () => {
  it("knows the four forms and nothing an object inherits", () => {
    expect(FORM_KINDS.filter(isFormKind)).toEqual(["contact", "hospitality", "refund-request", "newsletter"]);
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf", "bogus", ""])
      expect(isFormKind(name)).toBe(false);
  });
});
