import { Hono, type Context } from "hono";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { translateFieldErrors } from "#app/lib/forms/messages.ts";
import type { FormKind } from "#app/lib/forms/schemas.ts";
import type { SubmissionOutcome } from "#app/lib/forms/service.ts";
import { submitForm } from "#worker/services/forms/submit.ts";
import type { AppEnv } from "#worker/types.ts";
import { apiError, apiLang } from "./errors";

/** Successful answers: `{ ok: true, id, message, requestId }`; `id` is null for a dropped bot post. */
export interface FormAcceptedBody {
  ok: true;
  id: string | null;
  message: string;
  requestId: string;
}

function respond(c: Context<AppEnv>, kind: FormKind, outcome: SubmissionOutcome): Response {
  const lang = apiLang(c);
  const t = translatorFor(lang);
  if (outcome.ok) {
    const body: FormAcceptedBody = {
      ok: true,
      id: outcome.id,
      message: t(outcome.messageKey),
      requestId: c.get("requestId"),
    };
    return c.json(body, outcome.status, { "Cache-Control": "no-store" });
  }
  const fields = outcome.errors ? translateFieldErrors(t, kind, outcome.errors) : undefined;
  const response = apiError(c, outcome.status, outcome.code, outcome.messageKey, fields);
  if (outcome.status === 429) response.headers.set("Retry-After", "60");
  return response;
}

async function handle(c: Context<AppEnv>, kind: FormKind): Promise<Response> {
  const lang = apiLang(c);
  return respond(c, kind, await submitForm(kind, c.req.raw, { env: c.env, lang }));
}

/**
 * The forms as JSON API endpoints (the same pipeline as the pages' actions):
 * `POST /forms/contact`, `/forms/hospitality`, `/forms/refund-request` (multipart, with the
 * document) and `/newsletter`. Bodies are JSON, URL-encoded or multipart; an `Idempotency-Key`
 * header (or `idempotencyKey` field) makes retries safe. Errors use the `ApiErrorBody` shape
 * with translated `fields`.
 */
export function createFormsApi() {
  const api = new Hono<AppEnv>();
  api.post("/forms/contact", (c) => handle(c, "contact"));
  api.post("/forms/hospitality", (c) => handle(c, "hospitality"));
  api.post("/forms/refund-request", (c) => handle(c, "refund-request"));
  api.post("/newsletter", (c) => handle(c, "newsletter"));
  return api;
}
