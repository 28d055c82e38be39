import * as v from "valibot";
import { venueToday } from "#app/lib/venue-today.ts";
import { MAX_DOCUMENT_BYTES, sniffFile } from "./document";

/**
 * The four public forms, one valibot schema each, shared by the browser (inline validation)
 * and the server (actions and the JSON API). Messages are translation keys, never text: the
 * field label and the limit are filled in when an issue is shown (see `messages.ts`).
 * Rules are SPEC.md section 5: names and surnames 2–50, email 2–255 with format, required
 * fields, dates that must exist on the calendar. The privacy acceptance (and the newsletter's
 * consent, the service asked for) must be given; marketing and communication consent are
 * optional, each its own choice, stored as made (GDPR art. 7(4): no service depends on them).
 */

const M = {
  DEFAULT: "VALIDATION.DEFAULT",
  REQUIRED: "VALIDATION.REQUIRED",
  MIN_LENGTH: "VALIDATION.MIN_LENGTH",
  MAX_LENGTH: "VALIDATION.MAX_LENGTH",
  EMAIL: "VALIDATION.EMAIL",
  DATE: "VALIDATION.DATE",
  DATE_FUTURE: "VALIDATION.DATE_FUTURE",
  ACCEPTED: "VALIDATION.ACCEPTED",
  FILE_TYPE: "VALIDATION.FILE_TYPE",
  FILE_SIZE: "VALIDATION.FILE_SIZE",
} as const;

/** The options of SPEC.md section 3, in the order the select shows them. */
export const INTERESTED_IN = [
  "annual-membership",
  "boxes",
  "club",
  "restaurant",
  "event-rental",
  "ticket-invoice",
  "other",
] as const;
export const REFUND_REASONS = [
  "illness",
  "death",
  "court-summons",
  "polling-station",
  "home-damage",
  "vehicle",
] as const;
export const COMPANY_TYPES = ["company", "individual"] as const;

// A missing field takes a default so its rules still run (a missing text is empty and thus
// "required", a missing consent is not given); any non-string text is simply invalid.
const text = v.pipe(v.optional(v.string(M.DEFAULT), ""), v.trim());

function requiredText(max: number) {
  return v.pipe(text, v.nonEmpty(M.REQUIRED), v.maxLength(max, M.MAX_LENGTH));
}

function optionalText(max: number) {
  return v.pipe(text, v.maxLength(max, M.MAX_LENGTH));
}

const personName = v.pipe(text, v.nonEmpty(M.REQUIRED), v.minLength(2, M.MIN_LENGTH), v.maxLength(50, M.MAX_LENGTH));

const email = v.pipe(
  text,
  v.nonEmpty(M.REQUIRED),
  v.minLength(2, M.MIN_LENGTH),
  v.maxLength(255, M.MAX_LENGTH),
  v.email(M.EMAIL),
);

const phone = requiredText(30);

/** `YYYY-MM-DD` that exists on the calendar (no 31 April, no 29 February 2026). */
function isCalendarDate(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const date = v.pipe(text, v.nonEmpty(M.REQUIRED), v.isoDate(M.DATE), v.check(isCalendarDate, M.DATE));

/**
 * A date that has already come at the arena (today included): what happened to keep a ticket
 * holder away cannot lie ahead. Read when the form is checked, so a page left open overnight
 * moves with the calendar.
 */
const pastOrToday = v.pipe(
  date,
  v.check((value) => value <= venueToday(new Date()), M.DATE_FUTURE),
);

/** A consent checkbox: a browser posts "on", a JSON client sends `true`; anything else is refused. */
const accepted = v.pipe(
  v.optional(v.unknown(), false),
  v.transform((value) => value === true || value === "on" || value === "true"),
  v.check((value) => value, M.ACCEPTED),
);

/**
 * An optional consent, stored as the person chose it: given ("on", `true`) or not (absent, empty,
 * "false", `false`). Anything else is refused rather than read as either.
 */
const CONSENT_ANSWERS = new Set<unknown>([true, false, "on", "true", "false", ""]);
const consentChoice = v.pipe(
  v.optional(v.unknown(), false),
  v.check((value) => CONSENT_ANSWERS.has(value), M.DEFAULT),
  v.transform((value) => value === true || value === "on" || value === "true"),
);

function choice<const T extends readonly [string, ...string[]]>(options: T) {
  return v.pipe(text, v.nonEmpty(M.REQUIRED), v.picklist(options, M.DEFAULT));
}

/** The supporting document: present, at most 5 MB, and a PDF, JPEG or PNG by its content. */
const supportingDocument = v.pipeAsync(
  v.optional(v.unknown(), null),
  v.check((value) => value instanceof Blob && value.size > 0, M.REQUIRED),
  v.blob(M.REQUIRED),
  v.maxSize(MAX_DOCUMENT_BYTES, M.FILE_SIZE),
  v.checkAsync(async (file) => (await sniffFile(file)) !== null, M.FILE_TYPE),
);

export const contactFields = v.object({
  name: personName,
  surname: personName,
  email,
  phone,
  subject: requiredText(150),
  message: requiredText(5000),
  privacyAcceptance: accepted,
  communicationConsent: consentChoice,
});
export const contactSchema = contactFields;

export const hospitalityFields = v.object({
  name: personName,
  surname: personName,
  email,
  phone,
  companyType: choice(COMPANY_TYPES),
  companyName: optionalText(150),
  cif: optionalText(20),
  companyPosition: optionalText(100),
  interestedIn: choice(INTERESTED_IN),
  interestProduct: optionalText(150),
  event: optionalText(150),
  message: requiredText(5000),
  privacyAcceptance: accepted,
  marketingConsent: consentChoice,
});

/**
 * Company name, CIF and position are required when the applicant is a company, and an
 * individual's are not kept (whatever a form without JavaScript still sent of them).
 */
export const hospitalitySchema = v.pipe(
  hospitalityFields,
  v.forward(
    v.partialCheck(
      [["companyType"], ["companyName"]],
      (input) => input.companyType !== "company" || input.companyName !== "",
      M.REQUIRED,
    ),
    ["companyName"],
  ),
  v.forward(
    v.partialCheck(
      [["companyType"], ["cif"]],
      (input) => input.companyType !== "company" || input.cif !== "",
      M.REQUIRED,
    ),
    ["cif"],
  ),
  v.forward(
    v.partialCheck(
      [["companyType"], ["companyPosition"]],
      (input) => input.companyType !== "company" || input.companyPosition !== "",
      M.REQUIRED,
    ),
    ["companyPosition"],
  ),
  v.transform((input) =>
    input.companyType === "company" ? input : { ...input, companyName: "", cif: "", companyPosition: "" },
  ),
);

export const refundRequestFields = v.objectAsync({
  name: personName,
  surname: personName,
  email,
  phone,
  purchaseCode: requiredText(50),
  event: requiredText(150),
  eventDate: date,
  refundReason: choice(REFUND_REASONS),
  incidentDetails: requiredText(5000),
  incidentDate: pastOrToday,
  document: supportingDocument,
  privacyAcceptance: accepted,
});
export const refundRequestSchema = refundRequestFields;

export const newsletterFields = v.object({
  email,
  consent: accepted,
});
export const newsletterSchema = newsletterFields;

/** Every public form by the name its URL and its stored record use. */
export const FORM_SCHEMAS = {
  contact: contactSchema,
  hospitality: hospitalitySchema,
  "refund-request": refundRequestSchema,
  newsletter: newsletterSchema,
} as const;
export type FormKind = keyof typeof FORM_SCHEMAS;
export const FORM_KINDS = Object.keys(FORM_SCHEMAS).filter((kind): kind is FormKind => kind in FORM_SCHEMAS);

/** The fields of each form, in the order they are shown (and in which errors are listed). */
export const FORM_FIELDS: Record<FormKind, readonly string[]> = {
  contact: Object.keys(contactFields.entries),
  hospitality: Object.keys(hospitalityFields.entries),
  "refund-request": Object.keys(refundRequestFields.entries),
  newsletter: Object.keys(newsletterFields.entries),
};

export function isFormKind(value: unknown): value is FormKind {
  // Own keys only: `"toString" in FORM_SCHEMAS` is true (app/lib/own-keys.ts).
  return typeof value === "string" && Object.hasOwn(FORM_SCHEMAS, value);
}

export type ContactSubmission = v.InferOutput<typeof contactSchema>;
export type HospitalitySubmission = v.InferOutput<typeof hospitalitySchema>;
export type RefundRequestSubmission = v.InferOutput<typeof refundRequestSchema>;
export type NewsletterSubmission = v.InferOutput<typeof newsletterSchema>;
