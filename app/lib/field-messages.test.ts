import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  fieldErrors,
  LoginSchema,
  PasswordChangeSchema,
  PasswordResetSchema,
  ReauthSchema,
  RegisterSchema,
  translateFieldError as translateMemberFieldError,
} from "./auth/auth-schemas";
import { profileErrors, ProfileSchema } from "./auth/profile-schema";
import { CATALOGUES, translatorFor } from "./catalogues.server";
import { fieldLabelKey, translateFieldError } from "./forms/messages";
import { FORM_FIELDS, FORM_KINDS } from "./forms/schemas";
import { validateFormFields } from "./forms/validate";
import type { Lang } from "./languages";

/**
 * Spanish and Valencian messages agree with their field's label (gender and number): "Contraseña es
 * obligatoria", "Apellidos son obligatorios", "Data de l'esdeveniment és obligatòria". The
 * grammar below is written out by hand, apart from the locales, for every field a form can
 * refuse, and every required, too-short and too-long message of every form is checked against it.
 */
type Agreement = "m" | "f" | "mp" | "fp";
const GRAMMAR: Record<"es" | "val", Record<string, Agreement>> = {
  es: {
    name: "m", // Nombre
    surname: "mp", // Apellidos
    email: "m", // Correo electrónico
    phone: "m", // Teléfono
    password: "f", // Contraseña
    passwordConfirmation: "f", // Confirmación de la contraseña
    currentPassword: "f", // Contraseña actual
    birthdate: "f", // Fecha de nacimiento
    address: "f", // Dirección
    subject: "m", // Asunto
    message: "m", // Mensaje
    companyType: "m", // Tipo de empresa
    companyName: "m", // Nombre de la empresa
    cif: "m", // CIF
    companyPosition: "m", // Cargo en la empresa
    interestedIn: "m", // Me interesa
    interestProduct: "m", // Producto de interés
    event: "m", // Evento
    purchaseCode: "m", // Código de compra
    eventDate: "f", // Fecha del evento
    refundReason: "m", // Motivo de la devolución
    incidentDetails: "mp", // Detalles de la incidencia
    incidentDate: "f", // Fecha de la incidencia
    document: "m", // Documento justificativo
  },
  val: {
    name: "m", // Nom
    surname: "mp", // Cognoms
    email: "m", // Correu electrònic
    phone: "m", // Telèfon
    password: "f", // Contrasenya
    passwordConfirmation: "f", // Confirmació de la contrasenya
    currentPassword: "f", // Contrasenya actual
    birthdate: "f", // Data de naixement
    address: "f", // Adreça
    subject: "m", // Assumpte
    message: "m", // Missatge
    companyType: "m", // Tipus d'empresa
    companyName: "m", // Nom de l'empresa
    cif: "m", // CIF
    companyPosition: "m", // Càrrec en l'empresa
    interestedIn: "m", // M'interessa
    interestProduct: "m", // Producte d'interés
    event: "m", // Esdeveniment
    purchaseCode: "m", // Codi de compra
    eventDate: "f", // Data de l'esdeveniment
    refundReason: "m", // Motiu de la devolució
    incidentDetails: "mp", // Detalls de la incidència
    incidentDate: "f", // Data de la incidència
    document: "m", // Document justificatiu
  },
};

const plural = (agreement: Agreement) => agreement === "mp" || agreement === "fp";

/** What each message must read, by language and agreement (`{n}` is the limit). */
const EXPECTED: Record<string, Record<Lang, (agreement: Agreement) => string>> = {
  "VALIDATION.REQUIRED": {
    es: (a) => ({ m: "es obligatorio", f: "es obligatoria", mp: "son obligatorios", fp: "son obligatorias" })[a],
    val: (a) => ({ m: "és obligatori", f: "és obligatòria", mp: "són obligatoris", fp: "són obligatòries" })[a],
    en: () => "is required",
  },
  "VALIDATION.MIN_LENGTH": {
    es: (a) => `${plural(a) ? "deben" : "debe"} tener al menos {n} caracteres`,
    val: (a) => `${plural(a) ? "han" : "ha"} de tindre almenys {n} caràcters`,
    en: () => "must be at least {n} characters",
  },
  "VALIDATION.MAX_LENGTH": {
    es: (a) => `${plural(a) ? "deben" : "debe"} tener como máximo {n} caracteres`,
    val: (a) => `${plural(a) ? "han" : "ha"} de tindre com a màxim {n} caràcters`,
    en: () => "must be at most {n} characters",
  },
};

interface Refusal {
  form: string;
  field: string;
  key: string;
  n?: number | string;
  /** The message as the screens show it, in each language. */
  text: (lang: Lang) => string;
  label: (lang: Lang) => string;
}

const LANGS: Lang[] = ["es", "en", "val"];
const TOO_LONG = "x".repeat(6000);

/** Every refusal of the public forms: each field empty, one character, and far too long. */
async function publicFormRefusals(): Promise<Refusal[]> {
  const refusals: Refusal[] = [];
  for (const kind of FORM_KINDS) {
    for (const fill of ["", "a", TOO_LONG]) {
      const input = Object.fromEntries(FORM_FIELDS[kind].map((field) => [field, fill]));
      // Company details are required only for a company.
      for (const extra of [{}, { companyType: "company" }]) {
        const result = await validateFormFields(kind, { ...input, ...extra });
        if (result.success) continue;
        for (const [field, message] of Object.entries(result.errors)) {
          if (!message) continue;
          refusals.push({
            form: kind,
            field,
            key: message.key,
            n: message.n,
            text: (lang) => translateFieldError(translatorFor(lang), field, message),
            label: (lang) => translatorFor(lang)(fieldLabelKey(field)),
          });
        }
      }
    }
  }
  return refusals;
}

/** Every refusal of the member screens (sign-in, registration, reset, password) and personal data. */
function memberRefusals(): Refusal[] {
  const refusals: Refusal[] = [];
  const schemas = { LoginSchema, RegisterSchema, PasswordResetSchema, PasswordChangeSchema, ReauthSchema };
  const fields = ["name", "surname", "email", "password", "passwordConfirmation", "currentPassword"];
  for (const [form, schema] of Object.entries(schemas)) {
    for (const fill of ["", "a", TOO_LONG]) {
      const result = v.safeParse(schema, Object.fromEntries(fields.map((field) => [field, fill])));
      if (result.success) continue;
      for (const [field, error] of Object.entries(fieldErrors(result.issues)))
        refusals.push({
          form,
          field,
          key: error.key,
          n: error.n,
          text: (lang) => translateMemberFieldError(translatorFor(lang), field, error),
          label: (lang) => translatorFor(lang)(`FIELD.${field as "name"}`),
        });
    }
  }
  for (const fill of ["", "a", TOO_LONG]) {
    const profile = { name: fill, surname: fill, phone: fill, birthdate: fill, address: fill, lang: "es" };
    const result = v.safeParse(ProfileSchema, profile);
    if (result.success) continue;
    const byLang = Object.fromEntries(LANGS.map((lang) => [lang, profileErrors(result.issues, translatorFor(lang))]));
    // The API lists every issue of a field; the first is the one its rules found first.
    for (const field of Object.keys(byLang.en ?? {})) {
      const issue = result.issues.find((i) => i.path?.[0]?.key === field);
      const [key = "", n] = (issue?.message ?? "").split(":");
      refusals.push({
        form: "PATCH /api/me",
        field,
        key,
        n,
        text: (lang) => byLang[lang]?.[field]?.[0] ?? "",
        label: (lang) => translatorFor(lang)(`FIELD.${field as "name"}`),
      });
    }
  }
  return refusals;
}

describe("field messages agree with their field", () => {
  it("every required, too-short and too-long message of every form, in es, en and val", async () => {
    const refusals = [...(await publicFormRefusals()), ...memberRefusals()];
    const checked = refusals.filter((refusal) => refusal.key in EXPECTED);
    const problems: string[] = [];
    for (const refusal of checked) {
      for (const lang of LANGS) {
        const agreement = lang === "en" ? "m" : GRAMMAR[lang][refusal.field];
        if (!agreement) {
          problems.push(`${lang} ${refusal.form}.${refusal.field}: no grammar written for this field`);
          continue;
        }
        const rule = EXPECTED[refusal.key]?.[lang](agreement).replace("{n}", String(refusal.n ?? ""));
        const expected = `${refusal.label(lang)} ${rule}.`;
        const actual = refusal.text(lang);
        if (actual !== expected) problems.push(`${lang} ${refusal.form}.${refusal.field}: "${actual}" ≠ "${expected}"`);
      }
    }
    expect(problems).toEqual([]);
    // The check reached the fields the audit named, and each kind of message.
    const seen = new Set(checked.map((refusal) => `${refusal.field}:${refusal.key}`));
    for (const expected of [
      "eventDate:VALIDATION.REQUIRED",
      "password:VALIDATION.REQUIRED",
      "surname:VALIDATION.MIN_LENGTH",
      "incidentDetails:VALIDATION.MAX_LENGTH",
      "address:VALIDATION.REQUIRED",
      "currentPassword:VALIDATION.REQUIRED",
    ])
      expect(seen).toContain(expected);
  });

  it("names the three audited messages correctly", () => {
    const form = (lang: Lang, field: string) =>
      translateFieldError(translatorFor(lang), field, { key: "VALIDATION.REQUIRED" });
    expect(form("es", "eventDate")).toBe("Fecha del evento es obligatoria.");
    expect(translateMemberFieldError(translatorFor("es"), "password", { key: "VALIDATION.REQUIRED" })).toBe(
      "Contraseña es obligatoria.",
    );
    expect(form("val", "eventDate")).toBe("Data de l'esdeveniment és obligatòria.");
  });

  it("has an agreement for every field label, and only known agreements", () => {
    for (const lang of LANGS) {
      const { FIELD, FIELD_AGREEMENT } = CATALOGUES[lang];
      expect(Object.keys(FIELD_AGREEMENT).sort()).toEqual(Object.keys(FIELD).sort());
      for (const agreement of Object.values(FIELD_AGREEMENT)) expect(["m", "f", "mp", "fp"]).toContain(agreement);
    }
  });
});
