import * as v from "valibot";
import { translateFieldMessage } from "#app/lib/field-messages.ts";
import type { MessageKey, Translate } from "#app/lib/i18n.ts";
import { dictionary, ownValue } from "#app/lib/own-keys.ts";
import { ProfileFields } from "./profile-schema";

/**
 * The identity forms' rules (SPEC section 5), shared by the screens and their tests. Issue
 * messages are `KEY` or `KEY:n`, like the profile schema, and are translated with the field's label.
 */
const message = (key: MessageKey, n?: number) => (n === undefined ? key : `${key}:${n}`);

const email = v.pipe(
  v.string(message("VALIDATION.DEFAULT")),
  v.trim(),
  v.nonEmpty(message("VALIDATION.REQUIRED")),
  v.minLength(2, message("VALIDATION.MIN_LENGTH", 2)),
  v.maxLength(255, message("VALIDATION.MAX_LENGTH", 255)),
  v.email(message("VALIDATION.EMAIL")),
);

const password = v.pipe(
  v.string(message("VALIDATION.DEFAULT")),
  v.nonEmpty(message("VALIDATION.REQUIRED")),
  v.minLength(6, message("VALIDATION.MIN_LENGTH", 6)),
  v.maxLength(72, message("VALIDATION.MAX_LENGTH", 72)),
);

const requiredPassword = v.pipe(v.string(message("VALIDATION.DEFAULT")), v.nonEmpty(message("VALIDATION.REQUIRED")));

export const LoginSchema = v.object({ email, password: requiredPassword });

export const RegisterSchema = v.pipe(
  v.object({
    name: ProfileFields.name,
    surname: ProfileFields.surname,
    email,
    password,
    passwordConfirmation: requiredPassword,
  }),
  // "Passwords do not match", reported on the confirmation field.
  v.forward(
    v.partialCheck(
      [["password"], ["passwordConfirmation"]],
      (input) => input.password === input.passwordConfirmation,
      message("VALIDATION.PASSWORDS_MISMATCH"),
    ),
    ["passwordConfirmation"],
  ),
);

export const PasswordResetSchema = v.object({ email });

export const PasswordChangeSchema = v.pipe(
  v.object({ currentPassword: requiredPassword, password, passwordConfirmation: requiredPassword }),
  v.forward(
    v.partialCheck(
      [["password"], ["passwordConfirmation"]],
      (input) => input.password === input.passwordConfirmation,
      message("VALIDATION.PASSWORDS_MISMATCH"),
    ),
    ["passwordConfirmation"],
  ),
);

export const ReauthSchema = v.object({ currentPassword: requiredPassword });

/** One field's error, language-free: a message key and the limit it names. */
export interface FieldError {
  key: MessageKey;
  n?: string;
}
export type FieldErrors = Record<string, FieldError>;

const LABELS: Record<string, MessageKey> = {
  name: "FIELD.name",
  surname: "FIELD.surname",
  email: "FIELD.email",
  phone: "FIELD.phone",
  birthdate: "FIELD.birthdate",
  address: "FIELD.address",
  password: "FIELD.password",
  passwordConfirmation: "FIELD.passwordConfirmation",
  currentPassword: "FIELD.currentPassword",
  lang: "LANG.SWITCHER",
};

const KNOWN: readonly MessageKey[] = [
  "VALIDATION.DEFAULT",
  "VALIDATION.REQUIRED",
  "VALIDATION.MIN_LENGTH",
  "VALIDATION.MAX_LENGTH",
  "VALIDATION.EMAIL",
  "VALIDATION.DATE",
  "VALIDATION.PASSWORDS_MISMATCH",
];

/** The first issue of each field, as `{ key, n }`. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = dictionary();
  for (const issue of issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field !== "string" || errors[field]) continue;
    const [code, n] = issue.message.split(":");
    errors[field] = { key: KNOWN.find((known) => known === code) ?? "VALIDATION.DEFAULT", n };
  }
  return errors;
}

export function translateFieldError(t: Translate, field: string, error: FieldError): string {
  return translateFieldMessage(t, error.key, ownValue(LABELS, field) ?? "FIELD.option", error.n);
}
