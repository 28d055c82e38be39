import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { DEFAULT_LANG, HTML_LANG, langFromAcceptLanguage, type Lang } from "#app/lib/languages.ts";

/**
 * The one shape every `/api/*` error has:
 * `{ "error": { "code": "not_found", "message": "<translated>", "fields"?: {...} }, "requestId": "…" }`.
 * Messages follow `Accept-Language` (`ca` is Valencian). No stack trace is ever included.
 */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
  requestId: string;
}

/**
 * The language an API answer is written in (`Accept-Language`, else Spanish), said on the answer
 * this context builds: `Content-Language`, and `Vary: Accept-Language` so no cache hands one
 * visitor's language to another.
 */
export function apiLang(c: Context): Lang {
  const lang = langFromAcceptLanguage(c.req.header("Accept-Language") ?? null) ?? DEFAULT_LANG;
  c.header("Content-Language", HTML_LANG[lang]);
  c.header("Vary", "Accept-Language");
  return lang;
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  messageKey: MessageKey,
  fields?: Record<string, string[]>,
): Response {
  const lang = apiLang(c);
  const body: ApiErrorBody = {
    error: { code, message: translatorFor(lang)(messageKey), ...(fields ? { fields } : {}) },
    requestId: String(c.get("requestId") ?? ""),
  };
  return c.json(body, status, { "Cache-Control": "no-store" });
}
