import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { isLang, langCookie } from "#app/lib/languages.ts";
import { bodyLimit } from "#worker/middleware/body-limit.ts";
import type { AppEnv } from "#worker/types.ts";
import { consentRoutes } from "./consent";
import { apiError } from "./errors";
import { createFormsApi } from "./forms";
import { createWebhooks } from "./webhooks";
import { meRoutes } from "./me";
import { sessionRoutes } from "./session";
import { ticketRoutes } from "./tickets";

const LocaleBody = v.object({ lang: v.picklist(["es", "en", "val"]) });
/** `{"lang":"val"}` and room to spare. */
export const LOCALE_BODY_LIMIT = 1024;

/** The product API under `/api`. Every error answers JSON in the shape of `ApiErrorBody`. */
export function createApi() {
  // Every body is bounded for the whole Worker (`BODY_LIMIT`, worker/app.ts); each route adds its own limit.
  const api = new Hono<AppEnv>();

  // Saves a language choice (the dashboard and API clients use it; the header switcher sets the same cookie).
  api.post("/locale", bodyLimit({ maxBytes: LOCALE_BODY_LIMIT }), async (c) => {
    const parsed = v.safeParse(LocaleBody, await c.req.json().catch(() => null));
    if (!parsed.success || !isLang(parsed.output.lang)) return apiError(c, 400, "bad_request", "FORM.BAD_REQUEST");
    const secure = new URL(c.req.url).protocol === "https:";
    return c.json({ lang: parsed.output.lang }, 200, {
      "Set-Cookie": langCookie(parsed.output.lang, secure),
      "Cache-Control": "no-store",
    });
  });

  api.route("/", createFormsApi());
  api.route("/", consentRoutes());

  api.route("/", sessionRoutes());
  api.route("/", meRoutes());
  api.route("/", ticketRoutes());

  api.route("/webhooks", createWebhooks());

  api.onError((error, c) => {
    // Middleware that already built its translated error (e.g. 401 session required) throws it as `res`.
    if (error instanceof HTTPException && error.res) return error.res;
    if (error instanceof HTTPException && error.status < 500)
      return apiError(c, error.status, "bad_request", "FORM.BAD_REQUEST");
    console.error(`[${c.get("requestId")}] API error`, error);
    return apiError(c, 500, "internal", "ERROR.INTERNAL");
  });
  return api;
}
