import { Hono } from "hono";
import * as v from "valibot";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { deleteMemberData, readProfile, readTickets, saveProfile } from "#app/lib/auth/members.server.ts";
import { ProfilePatchSchema, profileErrors } from "#app/lib/auth/profile-schema.ts";
import { memberSession, requireMember } from "#worker/middleware/session.ts";
import { revokeSessions } from "#worker/services/auth/revocations.ts";
import { clearedSessionCookies, cookiesMustBeSecure } from "#worker/services/auth/session-cookie.ts";
import { bodyLimit } from "#worker/middleware/body-limit.ts";
import type { AppEnv } from "#worker/types.ts";
import { apiError, apiLang } from "./errors";

/** Deleting an account needs a sign-in this recent, like Firebase's own `requires-recent-login`. */
export const RECENT_LOGIN_SECONDS = 5 * 60;

/** Six short profile fields as JSON. */
export const PROFILE_BODY_LIMIT = 16 * 1024;

const TicketsQuery = v.object({ period: v.picklist(["future", "past"]) });

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The member API, authenticated by `Authorization: Bearer <ID token>` or the session cookie:
 * `GET /api/me`, `PATCH /api/me`, `DELETE /api/me`, `GET /api/me/tickets?period=future|past`,
 * `DELETE /api/me/sessions` (sign out everywhere) and `DELETE /api/me/sessions/others` (after a
 * password change: every other session ends, this one stays).
 * Every answer is private and never stored; errors follow `Accept-Language`.
 */
function withClearedCookies(requestUrl: string, response: Response): Response {
  for (const cookie of clearedSessionCookies(cookiesMustBeSecure(requestUrl)))
    response.headers.append("Set-Cookie", cookie);
  return response;
}

export function meRoutes() {
  const api = new Hono<AppEnv>();
  // "/me/*" also matches "/me" itself in Hono, so one registration covers every member route.
  api.use("/me/*", memberSession({ required: true }));

  api.get("/me", async (c) => {
    const user = requireMember(c);
    const lang = apiLang(c);
    const profile = await readProfile(c.env.DB, user.uid, lang);
    return c.json({ uid: user.uid, email: user.email, emailVerified: user.emailVerified, profile }, 200, PRIVATE);
  });

  api.patch("/me", bodyLimit({ maxBytes: PROFILE_BODY_LIMIT }), async (c) => {
    const user = requireMember(c);
    const lang = apiLang(c);
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return apiError(c, 400, "bad_request", "FORM.BAD_REQUEST");
    const parsed = v.safeParse(ProfilePatchSchema, body, { abortPipeEarly: true });
    if (!parsed.success)
      return apiError(
        c,
        422,
        "validation",
        "VALIDATION.FORM_INVALID",
        profileErrors(parsed.issues, translatorFor(lang)),
      );
    const profile = await saveProfile(c.env.DB, user, parsed.output, lang);
    return c.json({ uid: user.uid, email: user.email, emailVerified: user.emailVerified, profile }, 200, PRIVATE);
  });

  api.delete("/me", async (c) => {
    const user = requireMember(c);
    if (Math.floor(Date.now() / 1000) - user.authTime > RECENT_LOGIN_SECONDS)
      return apiError(c, 401, "requires_recent_login", "AUTH_ERROR.REQUIRES_RECENT_LOGIN");
    // Revoked first: the account's tokens must stop working even if the deletion were interrupted.
    await revokeSessions(c.env.DB, user.uid, Math.floor(Date.now() / 1000));
    await deleteMemberData(c.env.DB, user);
    return withClearedCookies(c.req.url, c.json({ deleted: true }, 200, PRIVATE));
  });

  // Sign out everywhere: every session that signed in until now, this one included, is refused.
  api.delete("/me/sessions", async (c) => {
    const user = requireMember(c);
    const revokedAt = await revokeSessions(c.env.DB, user.uid, Math.floor(Date.now() / 1000));
    return withClearedCookies(c.req.url, c.json({ revokedAt }, 200, PRIVATE));
  });

  // After a password change: sessions that signed in before this one are refused, this one stays.
  // It needs a recent sign-in, so an old stolen token cannot lock the member out of their other devices.
  api.delete("/me/sessions/others", async (c) => {
    const user = requireMember(c);
    if (Math.floor(Date.now() / 1000) - user.authTime > RECENT_LOGIN_SECONDS)
      return apiError(c, 401, "requires_recent_login", "AUTH_ERROR.REQUIRES_RECENT_LOGIN");
    const revokedAt = await revokeSessions(c.env.DB, user.uid, user.authTime);
    return c.json({ revokedAt }, 200, PRIVATE);
  });

  api.get("/me/tickets", async (c) => {
    const user = requireMember(c);
    const query = v.safeParse(TicketsQuery, { period: c.req.query("period") });
    if (!query.success) {
      const t = translatorFor(apiLang(c));
      return apiError(c, 400, "bad_request", "FORM.BAD_REQUEST", { period: [t("VALIDATION.DEFAULT")] });
    }
    if (!user.emailVerified) return apiError(c, 403, "email_unverified", "AUTH_ERROR.STILL_UNVERIFIED");
    const tickets = await readTickets(c.env.DB, user, query.output.period);
    return c.json({ period: query.output.period, tickets }, 200, PRIVATE);
  });

  return api;
}
