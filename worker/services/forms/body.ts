import { formDataToFields } from "#app/lib/forms/form-data.ts";
import { readBodyWithin } from "#app/lib/request-body.ts";

/**
 * Reading a form body without trusting it: a size cap enforced while streaming (the shared
 * reader in app/lib/request-body.ts; a missing or lying Content-Length does not get past it),
 * then JSON, multipart or URL-encoded parsing where every failure is a clean refusal.
 */

export type BodyFields = Record<string, unknown>;

export type ParsedBody =
  { ok: true; fields: BodyFields } | { ok: false; reason: "too_large" | "malformed" | "unsupported_type" };

function isPlainObject(value: unknown): value is BodyFields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads and parses a submission body; JSON must be an object, forms must be well formed. */
export async function parseSubmissionBody(request: Request, limit: number): Promise<ParsedBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const isJson = mediaType === "application/json";
  const isForm = mediaType === "multipart/form-data" || mediaType === "application/x-www-form-urlencoded";
  if (!isJson && !isForm) return { ok: false, reason: "unsupported_type" };

  const body = await readBodyWithin(request, limit);
  if (!body) return { ok: false, reason: "too_large" };

  if (isJson) {
    try {
      const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
      return isPlainObject(value) ? { ok: true, fields: value } : { ok: false, reason: "malformed" };
    } catch {
      return { ok: false, reason: "malformed" };
    }
  }
  try {
    const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, fields: formDataToFields(form) };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}
