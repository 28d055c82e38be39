import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { SessionUser } from "#app/lib/auth/session.ts";
import { apiError } from "#worker/api/errors.ts";
import { checkIdToken, type TokenRejection } from "#worker/services/auth/index.ts";
import { requestToken } from "#worker/services/auth/session-cookie.ts";
import type { AppEnv } from "#worker/types.ts";

/** What the session middleware found, readable through `getMemberSession`. */
export interface MemberSession {
  user: SessionUser | null;
  /** Where the verified token came from. */
  source: "bearer" | "cookie" | null;
  /** Why a presented token was refused (null when none was presented or it was accepted). */
  rejection: TokenRejection | null;
}

declare module "hono" {
  interface ContextVariableMap {
    memberSession: MemberSession;
  }
}

export interface MemberSessionConfig {
  /** Refuse the request with 401 when there is no valid session (the member API); pages decide themselves. */
  required: boolean;
}

/**
 * Reads the request's Firebase ID token (`Authorization: Bearer`, else the `__session` cookie),
 * verifies it and exposes the result through `getMemberSession(c)`.
 * With `required`, a missing or invalid token is a translated 401, Google's keys being
 * unreachable a 503. Writes from another site never get here: the Worker's same-site rule
 * (worker/middleware/same-site.ts) refuses them first.
 */
export function memberSession(config: MemberSessionConfig) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const presented = requestToken(c.req.raw.headers);
    const checked = await checkIdToken(c.env, presented?.token ?? null);
    const session: MemberSession = {
      user: checked.user,
      source: checked.user && presented ? presented.source : null,
      rejection: checked.rejection,
    };
    c.set("memberSession", session);
    if (config.required) {
      if (checked.rejection === "keys_unavailable")
        throw new HTTPException(503, { res: apiError(c, 503, "auth_unavailable", "AUTH.UNAVAILABLE") });
      if (!session.user)
        throw new HTTPException(401, { res: apiError(c, 401, "unauthenticated", "AUTH_ERROR.SESSION_REQUIRED") });
    }
    await next();
  });
}

/** The session found by `memberSession` (a no-session value when the middleware did not run). */
export function getMemberSession(c: Context): MemberSession {
  return c.get("memberSession") ?? { user: null, source: null, rejection: null };
}

/** The signed-in member behind a route mounted after `memberSession({ required: true })`. */
export function requireMember(c: Context): SessionUser {
  const { user } = getMemberSession(c);
  if (!user) throw new HTTPException(401, { res: apiError(c, 401, "unauthenticated", "AUTH_ERROR.SESSION_REQUIRED") });
  return user;
}
