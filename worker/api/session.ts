import { Hono } from "hono";
import * as v from "valibot";
import { checkIdToken } from "#worker/services/auth/index.ts";
import { clearedSessionCookies, cookiesMustBeSecure, sessionCookies } from "#worker/services/auth/session-cookie.ts";
import { bodyLimit } from "#worker/middleware/body-limit.ts";
import type { AppEnv } from "#worker/types.ts";
import { apiError } from "./errors";

/** `POST /api/__session` body: the current Firebase ID token, or "" to sign out. */
const SessionBody = v.object({ token: v.pipe(v.string(), v.maxLength(8192)) });
/** The token's 8 KiB and the JSON around it. */
export const SESSION_BODY_LIMIT = 9 * 1024;

function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/**
 * `POST /api/__session {token}`: the browser posts every fresh ID token here. A verified token
 * becomes an HttpOnly cookie that expires with it; an empty token clears the session.
 * Only this site's own pages may call it (the Worker's same-site rule, worker/middleware/same-site.ts)
 * and each client IP is rate limited.
 */
export function sessionRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/__session", bodyLimit({ maxBytes: SESSION_BODY_LIMIT }), async (c) => {
    const limiter = c.env.SESSION_RATE_LIMITER;
    const client = c.req.header("CF-Connecting-IP") ?? "unknown";
    if (limiter && !(await limiter.limit({ key: `session:${client}` })).success) {
      const refused = apiError(c, 429, "too_many_requests", "FORM.TOO_MANY_REQUESTS");
      refused.headers.set("Retry-After", "60");
      return refused;
    }

    const parsed = v.safeParse(SessionBody, await c.req.json().catch(() => null));
    if (!parsed.success) return apiError(c, 400, "bad_request", "FORM.BAD_REQUEST");

    const secure = cookiesMustBeSecure(c.req.url);
    const { token } = parsed.output;
    if (token === "") return withCookies(c.json({ user: null }), clearedSessionCookies(secure));

    const checked = await checkIdToken(c.env, token);
    if (checked.rejection === "keys_unavailable") return apiError(c, 503, "auth_unavailable", "AUTH.UNAVAILABLE");
    if (!checked.user)
      return withCookies(apiError(c, 401, "invalid_token", "AUTH.INVALID_TOKEN"), clearedSessionCookies(secure));
    const { uid, email, emailVerified, expiresAt } = checked.user;
    return withCookies(
      c.json({ user: { uid, email, emailVerified, expiresAt } }),
      sessionCookies(token, expiresAt, secure, Math.floor(Date.now() / 1000)),
    );
  });

  return api;
}
