import * as v from "valibot";
import { translateFieldMessage } from "#app/lib/field-messages.ts";
import type { MessageKey, Translate } from "#app/lib/i18n.ts";
import { LANGUAGES } from "#app/lib/languages.ts";
import { dictionary, hasOwnKey } from "#app/lib/own-keys.ts";

/**
 * The member's personal data rules (SPEC section 5), shared by the dashboard form and
 * `PATCH /api/me`. Issue messages are `KEY` or `KEY:n` so either side can translate them
 * with the field's own label.
 */
const message = (key: MessageKey, n?: number) => (n === undefined ? key : `${key}:${n}`);

const text = (min: number, max: number) =>
  v.pipe(
    v.string(message("VALIDATION.DEFAULT")),
    v.trim(),
    v.nonEmpty(message("VALIDATION.REQUIRED")),
    v.minLength(min, message("VALIDATION.MIN_LENGTH", min)),
    v.maxLength(max, message("VALIDATION.MAX_LENGTH", max)),
  );

const birthdate = v.pipe(
  v.string(message("VALIDATION.DEFAULT")),
  v.trim(),
  v.nonEmpty(message("VALIDATION.REQUIRED")),
  v.isoDate(message("VALIDATION.DATE")),
  v.check((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value) &&
      value >= "1900-01-01" &&
      date.getTime() <= Date.now()
    );
  }, message("VALIDATION.DATE")),
);

export const ProfileFields = {
  name: text(2, 50),
  surname: text(2, 50),
  phone: v.pipe(text(6, 30), v.regex(/^\+?[0-9 ()-]+$/, message("VALIDATION.DEFAULT"))),
  birthdate,
  address: text(2, 255),
  lang: v.picklist(LANGUAGES, message("VALIDATION.DEFAULT")),
};

/** Every personal-data field, as the dashboard form submits it. */
export const ProfileSchema = v.strictObject(ProfileFields, message("VALIDATION.DEFAULT"));
/** A partial update (`PATCH /api/me`): any subset of the fields, at least one. */
export const ProfilePatchSchema = v.pipe(
  v.strictObject(
    {
      name: v.optional(ProfileFields.name),
      surname: v.optional(ProfileFields.surname),
      phone: v.optional(ProfileFields.phone),
      birthdate: v.optional(ProfileFields.birthdate),
      address: v.optional(ProfileFields.address),
      lang: v.optional(ProfileFields.lang),
    },
    message("VALIDATION.DEFAULT"),
  ),
  v.check((patch) => Object.keys(patch).length > 0, message("VALIDATION.INCOMPLETE")),
);

export type Profile = v.InferOutput<typeof ProfileSchema>;
export type ProfilePatch = v.InferOutput<typeof ProfilePatchSchema>;
export type ProfileField = keyof typeof ProfileFields;

const FIELD_LABELS: Record<ProfileField, MessageKey> = {
  name: "FIELD.name",
  surname: "FIELD.surname",
  phone: "FIELD.phone",
  birthdate: "FIELD.birthdate",
  address: "FIELD.address",
  lang: "LANG.SWITCHER",
};

const ISSUE_MESSAGES: readonly MessageKey[] = [
  "VALIDATION.DEFAULT",
  "VALIDATION.REQUIRED",
  "VALIDATION.MIN_LENGTH",
  "VALIDATION.MAX_LENGTH",
  "VALIDATION.DATE",
  "VALIDATION.INCOMPLETE",
];

function isProfileField(value: unknown): value is ProfileField {
  return hasOwnKey(FIELD_LABELS, value);
}

/**
 * Translated messages by field (`_form` for issues not tied to one field), in the shape of
 * the API's `error.fields`.
 */
export function profileErrors(issues: v.BaseIssue<unknown>[], t: Translate): Record<string, string[]> {
  const fields = dictionary<string[]>();
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field = isProfileField(key) ? key : "_form";
    const [code, n] = issue.message.split(":");
    const messageKey = ISSUE_MESSAGES.find((known) => known === code) ?? "VALIDATION.DEFAULT";
    (fields[field] ??= []).push(
      field === "_form"
        ? t(messageKey, { field: "", n: n ?? "" })
        : translateFieldMessage(t, messageKey, FIELD_LABELS[field], n),
    );
  }
  return fields;
}
