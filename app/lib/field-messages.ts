import type { MessageKey, Messages, Translate } from "./i18n";

/**
 * Grammatical agreement of a field's label, from `FIELD_AGREEMENT.<field>` in each locale:
 * masculine or feminine, singular or plural ("Contraseña" → `f`, "Apellidos" → `mp`). Spanish and
 * Valencian messages agree with it ("Contraseña es obligatoria", "Cognoms són obligatoris").
 */
type Agreement = "m" | "f" | "mp" | "fp";
type FieldName = keyof Messages["FIELD"];

/** The messages whose words change with the label's agreement, and their forms by agreement. */
const FORMS: ReadonlyMap<MessageKey, Record<Exclude<Agreement, "m">, MessageKey>> = new Map([
  ["VALIDATION.REQUIRED", { f: "VALIDATION.REQUIRED_F", mp: "VALIDATION.REQUIRED_MP", fp: "VALIDATION.REQUIRED_FP" }],
  [
    "VALIDATION.MIN_LENGTH",
    { f: "VALIDATION.MIN_LENGTH_F", mp: "VALIDATION.MIN_LENGTH_MP", fp: "VALIDATION.MIN_LENGTH_FP" },
  ],
  [
    "VALIDATION.MAX_LENGTH",
    { f: "VALIDATION.MAX_LENGTH_F", mp: "VALIDATION.MAX_LENGTH_MP", fp: "VALIDATION.MAX_LENGTH_FP" },
  ],
]);

/** A field message and the forms it takes with the label's agreement (what a page must be sent). */
export function withAgreementForms(key: MessageKey): MessageKey[] {
  const forms = FORMS.get(key);
  return forms ? [key, forms.f, forms.mp, forms.fp] : [key];
}

function isAgreement(value: string): value is Agreement {
  return value === "m" || value === "f" || value === "mp" || value === "fp";
}

function agreementOf(t: Translate, label: MessageKey): Agreement {
  if (!label.startsWith("FIELD.")) return "m";
  // `FIELD_AGREEMENT` has exactly the keys of `FIELD` (tested), so the name is one of them.
  const value = t(`FIELD_AGREEMENT.${label.slice("FIELD.".length) as FieldName}`);
  return isAgreement(value) ? value : "m";
}

/**
 * One field's message in the reader's language, agreeing with the field's label: `key` is the
 * `VALIDATION.*` message, `label` the field's label key, `n` the limit it names.
 */
export function translateFieldMessage(t: Translate, key: MessageKey, label: MessageKey, n?: number | string): string {
  const agreement = agreementOf(t, label);
  const form = agreement === "m" ? key : (FORMS.get(key)?.[agreement] ?? key);
  return t(form, { field: t(label), n: n ?? "" });
}
