import type { MessageKey } from "#app/lib/i18n.ts";
import type { Lang } from "#app/lib/languages.ts";
import { MAX_DOCUMENT_BYTES, sniffFile } from "#app/lib/forms/document.ts";
import type { FieldErrors } from "#app/lib/forms/messages.ts";
import {
  contactSchema,
  FORM_FIELDS,
  hospitalitySchema,
  newsletterSchema,
  refundRequestSchema,
  type FormKind,
} from "#app/lib/forms/schemas.ts";
import type { KeptValues, SubmissionOutcome } from "#app/lib/forms/service.ts";
import { validateSubmission } from "#app/lib/forms/validate.ts";
import { enqueueDelivery } from "#worker/queue/message.ts";
import { parseSubmissionBody, type BodyFields } from "./body";
import { clientAddress, withinRateLimit } from "./guards";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "./field-names";
import { storeNewsletterSubscription, storeRefundRequest, storeSubmission, type StoreResult } from "./store";

export interface SubmissionContext {
  env: Env;
  lang: Lang;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;
export const TEXT_BODY_LIMIT = 64 * 1024;
export const REFUND_BODY_LIMIT = MAX_DOCUMENT_BYTES + 256 * 1024;
const KEPT_VALUE_LIMIT = 10_000;

function keptValues(kind: FormKind, fields: BodyFields): KeptValues {
  const kept: KeptValues = {};
  for (const name of [...FORM_FIELDS[kind], IDEMPOTENCY_FIELD]) {
    const value = fields[name];
    if (typeof value === "string") kept[name] = value.slice(0, KEPT_VALUE_LIMIT);
    else if (typeof value === "boolean") kept[name] = value;
  }
  return kept;
}

function refused(
  status: 400 | 409 | 413 | 415 | 429 | 503,
  code: string,
  messageKey: MessageKey,
  values: KeptValues = {},
  errors?: FieldErrors,
): SubmissionOutcome {
  return { ok: false, status, code, messageKey, values, ...(errors ? { errors } : {}) };
}

function accepted(kind: FormKind, result: StoreResult | null): SubmissionOutcome {
  return {
    ok: true,
    status: result?.stored ? 201 : 200,
    id: result?.id ?? null,
    messageKey: kind === "newsletter" ? "SUCCESS.NEWSLETTER_SUBSCRIBED" : "SUCCESS.FORM_SUBMITTED",
  };
}

/**
 * Validates and stores one submission of form `kind` (already past the Worker's same-site rule),
 * in this order: rate limit, body size, body shape, honeypot, schema, then the D1 (and R2) write
 * and the delivery queue. Nothing is written unless every check passed; nothing is called "sent" unless written.
 */
export async function submitForm(
  kind: FormKind,
  request: Request,
  { env, lang }: SubmissionContext,
): Promise<SubmissionOutcome> {
  if (!(await withinRateLimit(env.FORM_RATE_LIMITER, `${kind}:${clientAddress(request)}`)))
    return refused(429, "too_many_requests", "FORM.TOO_MANY_REQUESTS");

  const body = await parseSubmissionBody(request, kind === "refund-request" ? REFUND_BODY_LIMIT : TEXT_BODY_LIMIT);
  if (!body.ok) {
    if (body.reason === "too_large") return refused(413, "payload_too_large", "FORM.PAYLOAD_TOO_LARGE");
    if (body.reason === "unsupported_type") return refused(415, "unsupported_media_type", "FORM.BAD_REQUEST");
    return refused(400, "bad_request", "FORM.BAD_REQUEST");
  }
  const { fields } = body;
  const values = keptValues(kind, fields);

  // Bots fill every field; people never see this one. They are told "sent" and nothing is kept.
  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== "") return accepted(kind, null);

  const key = request.headers.get("Idempotency-Key") ?? fields[IDEMPOTENCY_FIELD] ?? crypto.randomUUID();
  if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key))
    return refused(400, "bad_request", "FORM.BAD_REQUEST", values);

  try {
    return await validateAndStore(kind, fields, { env, lang, key, values });
  } catch (error) {
    console.error(`Storing a ${kind} submission failed`, error);
    const messageKey = kind === "newsletter" ? "FORM.NEWSLETTER_ERROR" : "FORM.SUBMIT_ERROR";
    return refused(503, "storage_unavailable", messageKey, values);
  }
}

interface StoreContext extends SubmissionContext {
  key: string;
  values: KeptValues;
}

function invalid(values: KeptValues, errors: FieldErrors): SubmissionOutcome {
  return refused(400, "validation_failed", "VALIDATION.FORM_ERRORS", values, errors);
}

/**
 * The key a submission is stored under: the sender's key scoped by what was sent. The same key
 * with the same content is a retry (a double click, a client retrying); with other content it is
 * another submission, never a "retry" that would silently drop it: a page's key can be seen twice
 * (the browser's back button before a second message, a cached copy of the page).
 */
async function contentScopedKey(key: string, kind: FormKind, content: unknown, document?: ArrayBuffer) {
  const hexOf = (digest: ArrayBuffer) =>
    [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const documentDigest = document ? hexOf(await crypto.subtle.digest("SHA-256", document)) : null;
  const sent = new TextEncoder().encode(JSON.stringify([kind, content, documentDigest]));
  const hex = hexOf(await crypto.subtle.digest("SHA-256", sent)).slice(0, 32);
  // At most 128 characters, as every key (the delivery queue's message carries it).
  return `${key.slice(0, 128 - hex.length - 1)}.${hex}`;
}

async function validateAndStore(kind: FormKind, fields: BodyFields, context: StoreContext) {
  const { env, lang, key, values } = context;
  const recordOf = async (content: unknown, document?: ArrayBuffer) => ({
    idempotencyKey: await contentScopedKey(key, kind, content, document),
    lang,
  });
  let result: StoreResult;
  switch (kind) {
    case "contact": {
      const parsed = await validateSubmission(contactSchema, fields);
      if (!parsed.success) return invalid(values, parsed.errors);
      const payload = parsed.output;
      result = await storeSubmission(env.DB, { ...(await recordOf(payload)), kind, payload });
      break;
    }
    case "hospitality": {
      const parsed = await validateSubmission(hospitalitySchema, fields);
      if (!parsed.success) return invalid(values, parsed.errors);
      const payload = parsed.output;
      result = await storeSubmission(env.DB, { ...(await recordOf(payload)), kind, payload });
      break;
    }
    case "refund-request": {
      const parsed = await validateSubmission(refundRequestSchema, fields);
      if (!parsed.success) return invalid(values, parsed.errors);
      const { document, ...payload } = parsed.output;
      const detected = await sniffFile(document);
      if (!detected) return invalid(values, { document: { key: "VALIDATION.FILE_TYPE" } });
      const upload = { bytes: await document.arrayBuffer(), ...detected };
      const record = { ...(await recordOf(payload, upload.bytes)), kind, payload };
      result = await storeRefundRequest(env.DB, env.DOCUMENTS, record, upload);
      break;
    }
    case "newsletter": {
      const parsed = await validateSubmission(newsletterSchema, fields);
      if (!parsed.success) return invalid(values, parsed.errors);
      const email = parsed.output.email.toLowerCase();
      const subscribed = await storeNewsletterSubscription(env.DB, { ...(await recordOf(email)), email });
      if ("alreadySubscribed" in subscribed)
        return refused(409, "already_subscribed", "FORM.ALREADY_SUBSCRIBED", values);
      result = subscribed;
      break;
    }
  }
  if (result.stored) await enqueueDelivery(env.FORM_DELIVERIES, { kind, id: result.id });
  return accepted(kind, result);
}
