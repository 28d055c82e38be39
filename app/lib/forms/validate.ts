import * as v from "valibot";
import { toFieldErrors, type FieldErrors } from "./messages";

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
