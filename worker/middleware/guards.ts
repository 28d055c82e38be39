import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { dashboardPath, emailVerificationPath, loginRedirectPath, type PageSession } from "../../app/lib/auth/session";
import { isLang, type Lang } from "../../app/lib/languages";
import { checkIdToken } from "../services/auth";
import { hasSignedInHint, requestToken } from "../services/auth/session-cookie";
import type { AppEnv } from "../types";

declare module "hono" {
  interface ContextVariableMap {
    pageSession: PageSession;
  }
}

/** Which guard a member page needs (SPEC section 2, tightened by issue 6 for the dashboard's children). */
export type MemberArea = "dashboard" | "email-verification";

/**
 * The member area a path belongs to, for documents (`/es/dashboard/events/`) and React Router's
 * data requests (`/es/dashboard/events.data`, `/es/dashboard/_.data`) alike.
 */
export function memberAreaOf(pathname: string): { lang: Lang; area: MemberArea; document: boolean } | null {
  const match = /^\/([a-z]+)\/(dashboard|email-verification)(\/.*|\.data)?$/.exec(pathname);
  if (!match || !isLang(match[1])) return null;
  const area = match[2] === "dashboard" ? "dashboard" : "email-verification";
  return { lang: match[1], area, document: !pathname.endsWith(".data") };
}

/** What the guard does with a request: let it through, or send the member somewhere else. */
export type GuardDecision =
  { kind: "allow" } | { kind: "refresh" } | { kind: "redirect"; to: "login" | "email-verification" | "dashboard" };

/**
 * The guard rules:
 * - dashboard (and children): a verified member passes; an unverified one goes to email verification;
 * - email verification: any signed-in member passes, except a verified one, who goes to the dashboard;
 * - nobody signed in goes to login; but when the browser still holds a Firebase session (hint
 *   cookie, or a token that merely expired) the page is served in `refresh` mode instead, with no
 *   personal data, so the client refreshes its token and the page continues.
 */
export function decideAccess(area: MemberArea, session: PageSession): GuardDecision {
  if (session.status === "refresh") return { kind: "refresh" };
  if (session.status === "none") return { kind: "redirect", to: "login" };
  const verified = session.user.emailVerified;
  if (area === "dashboard") return verified ? { kind: "allow" } : { kind: "redirect", to: "email-verification" };
  return verified ? { kind: "redirect", to: "dashboard" } : { kind: "allow" };
}

function redirectTarget(to: "login" | "email-verification" | "dashboard", lang: Lang, url: URL): string {
  if (to === "login") return loginRedirectPath(lang, `${url.pathname}${url.search}`);
  return to === "dashboard" ? dashboardPath(lang) : emailVerificationPath(lang);
}

/** The page session found by `memberGuards` (`none` on pages it does not guard). */
export function getPageSession(c: Context): PageSession {
  return c.get("pageSession") ?? { status: "none" };
}

/**
 * Guards the member pages at the edge, before React Router renders anything. Documents are
 * redirected here; React Router data requests pass with the same session in the context and the
 * member loaders apply `decideAccess` themselves (a raw 302 would break single-fetch decoding).
 * Every guarded response is `private, no-store`.
 */
export function memberGuards() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const guarded = memberAreaOf(url.pathname);
    if (!guarded) return next();

    const presented = requestToken(c.req.raw.headers);
    const checked = await checkIdToken(c.env, presented?.source === "cookie" ? presented.token : null);
    const session: PageSession = checked.user
      ? { status: "active", user: checked.user }
      : hasSignedInHint(c.req.raw.headers) ||
          checked.rejection === "expired" ||
          checked.rejection === "keys_unavailable"
        ? { status: "refresh" }
        : { status: "none" };
    c.set("pageSession", session);

    const decision = decideAccess(guarded.area, session);
    if (decision.kind === "redirect" && guarded.document && (c.req.method === "GET" || c.req.method === "HEAD")) {
      return new Response(null, {
        status: 302,
        headers: { Location: redirectTarget(decision.to, guarded.lang, url), "Cache-Control": "private, no-store" },
      });
    }
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });
}
