import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { decideAccess, type MemberArea, redirectTarget } from "#app/lib/auth/access.ts";
import type { PageSession } from "#app/lib/auth/session.ts";
import { isLang, langOfPath, type Lang } from "#app/lib/languages.ts";
import { rulePath } from "#app/lib/paths.ts";
import { checkIdToken } from "#worker/services/auth/index.ts";
import {
  clearedSessionCookies,
  cookiesMustBeSecure,
  hasSignedInHint,
  requestToken,
} from "#worker/services/auth/session-cookie.ts";
import type { AppEnv } from "#worker/types.ts";

declare module "hono" {
  interface ContextVariableMap {
    pageSession: PageSession;
  }
}

/**
 * The member area a path belongs to, for documents (`/es/dashboard/events/`) and React Router's
 * data requests (`/es/dashboard/events.data`, `/es/dashboard/_.data`) alike. The path is read
 * the way the router matches it (`rulePath`: case, percent-escapes, doubled slashes), so no
 * spelling the router sends to a member page can pass the guard.
 */
export function memberAreaOf(rawPathname: string): { lang: Lang; area: MemberArea; document: boolean } | null {
  const pathname = rulePath(rawPathname);
  const match = /^\/([a-z]+)\/(dashboard|email-verification)(\/.*|\.data)?$/.exec(pathname);
  if (!match || !isLang(match[1])) return null;
  const area = match[2] === "dashboard" ? "dashboard" : "email-verification";
  return { lang: match[1], area, document: !pathname.endsWith(".data") };
}

/** Ends a revoked session in the browser too (the cookie and the signed-in hint). */
function withClearedSession(response: Response, requestUrl: string): Response {
  for (const cookie of clearedSessionCookies(cookiesMustBeSecure(requestUrl)))
    response.headers.append("Set-Cookie", cookie);
  return response;
}

/** The page session found by `memberGuards` (`none` on pages it does not guard). */
export function getPageSession(c: Context): PageSession {
  return c.get("pageSession") ?? { status: "none" };
}

/** The session a page request carries: a verified token, an expired one to refresh, or none. */
async function sessionOf(c: Context<AppEnv>): Promise<{ session: PageSession; revoked: boolean }> {
  const presented = requestToken(c.req.raw.headers);
  const checked = await checkIdToken(c.env, presented?.source === "cookie" ? presented.token : null);
  if (checked.user) return { session: { status: "active", user: checked.user }, revoked: false };
  // A revoked session is signed out, whatever the browser's hint says: no refresh can revive it.
  const revoked = checked.rejection === "revoked";
  const refresh =
    !revoked &&
    (hasSignedInHint(c.req.raw.headers) || checked.rejection === "expired" || checked.rejection === "keys_unavailable");
  return { session: refresh ? { status: "refresh" } : { status: "none" }, revoked };
}

/** Whether a request carries anything of a member session (the session cookie or the signed-in hint). */
function carriesSession(headers: Headers): boolean {
  return requestToken(headers)?.source === "cookie" || hasSignedInHint(headers);
}

/**
 * Guards the member pages at the edge, before React Router renders anything. Documents are
 * redirected here; React Router data requests pass with the same session in the context and the
 * member loaders apply `decideAccess` themselves (a raw 302 would break single-fetch decoding).
 * Every guarded response is `private, no-store`.
 *
 * Public pages of the language trees get the session too when the request carries one, so the
 * header greets the member ("Mi cuenta"); such a response is personal, hence `private, no-store`.
 * A request without any session cookie gets `none` and a page anyone may cache.
 */
export function memberGuards() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const guarded = memberAreaOf(url.pathname);
    if (!guarded) {
      if (langOfPath(rulePath(url.pathname)) === null || !carriesSession(c.req.raw.headers)) return next();
      const { session, revoked } = await sessionOf(c);
      c.set("pageSession", session);
      await next();
      c.res.headers.set("Cache-Control", "private, no-store");
      if (revoked) withClearedSession(c.res, c.req.url);
      return;
    }

    const { session, revoked } = await sessionOf(c);
    c.set("pageSession", session);

    const decision = decideAccess(guarded.area, session);
    if (decision.kind === "redirect" && guarded.document && (c.req.method === "GET" || c.req.method === "HEAD")) {
      const redirect = new Response(null, {
        status: 302,
        headers: {
          Location: redirectTarget(decision.to, guarded.lang, `${url.pathname}${url.search}`),
          "Cache-Control": "private, no-store",
        },
      });
      return revoked ? withClearedSession(redirect, c.req.url) : redirect;
    }
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
    if (revoked) withClearedSession(c.res, c.req.url);
  });
}
