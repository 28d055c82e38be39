import type { MessageKey } from "#app/lib/i18n.ts";
import type { FieldErrors } from "./messages";
import type { FormKind } from "./schemas";

/**
 * What a form action answers, for the page re-rendered without JavaScript and for the fetcher
 * with it: which form it was, the form-level message, the field errors and, when refused,
 * everything the person typed so the form comes back filled in.
 */
export interface FormActionData {
  form: FormKind;
  ok: boolean;
  messageKey: MessageKey;
  errors: FieldErrors;
  values: Record<string, string | boolean>;
}
