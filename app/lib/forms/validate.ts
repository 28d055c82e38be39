import * as v from "valibot";
import { toFieldErrors, type FieldErrors } from "./messages";
import { contactSchema, hospitalitySchema, newsletterSchema, refundRequestSchema, type FormKind } from "./schemas";

export type ValidationResult<T> = { success: true; output: T } | { success: false; errors: FieldErrors };

/**
 * Validates a submission against its form's schema, in the browser and on the server alike.
 * Only each field's first failed rule is kept, so a person sees one clear message per field; the
 * pipes are not aborted early so cross-field rules (company details) report alongside the rest.
 */
export async function validateSubmission<S extends v.GenericSchema | v.GenericSchemaAsync>(
  schema: S,
  input: unknown,
): Promise<ValidationResult<v.InferOutput<S>>> {
  const result = await v.safeParseAsync(schema, input);
  return result.success
    ? { success: true, output: result.output }
    : { success: false, errors: toFieldErrors(result.issues) };
}

/** Validates the fields of form `kind` (the browser's inline validation uses this). */
export function validateFormFields(kind: FormKind, fields: unknown): Promise<ValidationResult<unknown>> {
  switch (kind) {
    case "contact":
      return validateSubmission(contactSchema, fields);
    case "hospitality":
      return validateSubmission(hospitalitySchema, fields);
    case "refund-request":
      return validateSubmission(refundRequestSchema, fields);
    case "newsletter":
      return validateSubmission(newsletterSchema, fields);
  }
}
