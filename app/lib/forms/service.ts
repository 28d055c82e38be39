import type { MessageKey } from "#app/lib/i18n.ts";
import type { FieldErrors } from "./messages";
import type { FormKind } from "./schemas";

/** What a person typed, as it came (files aside), so a refused form is shown filled in again. */
export type KeptValues = Record<string, string | boolean>;

/** The result of one submission, for the JSON API and the pages' actions alike. */
export type SubmissionOutcome =
  | { ok: true; status: 200 | 201; id: string | null; messageKey: MessageKey }
  | {
      ok: false;
      status: 400 | 409 | 413 | 415 | 429 | 503;
      code: string;
      messageKey: MessageKey;
      errors?: FieldErrors;
      values: KeptValues;
    };

/**
 * The form pipeline as page actions see it (worker/services/forms/submit.ts implements it):
 * validates and stores one submission of form `kind` in the request's language.
 */
export interface FormsService {
  submit(kind: FormKind, request: Request): Promise<SubmissionOutcome>;
}
