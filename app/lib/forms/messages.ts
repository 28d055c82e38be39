import * as v from "valibot";
import { translateFieldMessage } from "#app/lib/field-messages.ts";
import type { MessageKey, Translate } from "#app/lib/i18n.ts";
import { dictionary, ownValue } from "#app/lib/own-keys.ts";
import { MAX_DOCUMENT_MB } from "./document";
import { FORM_FIELDS, type FormKind } from "./schemas";

/** One field's error as a translation key plus the limit it names (`{{n}}`), language-free. */
export interface FieldMessage {
  key: MessageKey;
  n?: number;
}

/** The first error of each invalid field, by field name. */
export type FieldErrors = Partial<Record<string, FieldMessage>>;

/** Every field message a public form can answer (the schemas' messages, app/lib/forms/schemas.ts). */
export const VALIDATION_KEYS: readonly MessageKey[] = [
  "VALIDATION.DEFAULT",
  "VALIDATION.REQUIRED",
  "VALIDATION.MIN_LENGTH",
  "VALIDATION.MAX_LENGTH",
  "VALIDATION.EMAIL",
  "VALIDATION.DATE",
  "VALIDATION.DATE_FUTURE",
  "VALIDATION.ACCEPTED",
  "VALIDATION.FILE_TYPE",
  "VALIDATION.FILE_SIZE",
];

function asValidationKey(message: string): MessageKey {
  return VALIDATION_KEYS.find((key) => key === message) ?? "VALIDATION.DEFAULT";
}

/** The label that fills `{{field}}`: the shared FIELD.* labels, plus the newsletter's consent. */
const LABELS: Record<string, MessageKey> = {
  name: "FIELD.name",
  surname: "FIELD.surname",
  email: "FIELD.email",
  phone: "FIELD.phone",
  subject: "FIELD.subject",
  message: "FIELD.message",
  privacyAcceptance: "FIELD.privacyAcceptance",
  communicationConsent: "FIELD.communicationConsent",
  marketingConsent: "FIELD.marketingConsent",
  companyType: "FIELD.companyType",
  companyName: "FIELD.companyName",
  cif: "FIELD.cif",
  companyPosition: "FIELD.companyPosition",
  interestedIn: "FIELD.interestedIn",
  interestProduct: "FIELD.interestProduct",
  event: "FIELD.event",
  purchaseCode: "FIELD.purchaseCode",
  eventDate: "FIELD.eventDate",
  refundReason: "FIELD.refundReason",
  incidentDetails: "FIELD.incidentDetails",
  incidentDate: "FIELD.incidentDate",
  document: "FIELD.document",
  consent: "FORMS.NEWSLETTER.CONSENT_FIELD",
};

export function fieldLabelKey(field: string): MessageKey {
  return ownValue(LABELS, field) ?? "FIELD.option";
}

/**
 * Turns valibot issues into one message per field (the first, as with `abortPipeEarly`).
 * Lengths come from the failed requirement; the document size limit is stated in MB.
 */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = dictionary();
  for (const issue of issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field !== "string" || errors[field]) continue;
    const key = asValidationKey(issue.message);
    const n =
      key === "VALIDATION.FILE_SIZE"
        ? MAX_DOCUMENT_MB
        : typeof issue.requirement === "number"
          ? issue.requirement
          : undefined;
    errors[field] = n === undefined ? { key } : { key, n };
  }
  return errors;
}

/** The text of one field error in the reader's language, e.g. "Name is required." */
export function translateFieldError(t: Translate, field: string, message: FieldMessage): string {
  return translateFieldMessage(t, message.key, fieldLabelKey(field), message.n);
}

/** Every field error of a form translated, in the form's field order (the API's `fields`). */
export function translateFieldErrors(t: Translate, kind: FormKind, errors: FieldErrors): Record<string, string[]> {
  const translated: Record<string, string[]> = {};
  for (const field of FORM_FIELDS[kind]) {
    const message = errors[field];
    if (message) translated[field] = [translateFieldError(t, field, message)];
  }
  return translated;
}
