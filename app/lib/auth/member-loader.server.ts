import { redirect } from "react-router";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { screenMeta } from "#app/lib/seo.ts";
import { type AppContext } from "#app/lib/context.server.ts";
import { decideAccess, type MemberArea, redirectTarget, signedInMemberTarget } from "./access";
import { dashboardPath, type SessionUser } from "./session";

/**
 * The page a request is for, also when it is React Router's data request for it
 * (`/en/dashboard/_.data?_routes=…` → `/en/dashboard/`, `/en/dashboard/events.data` → `/en/dashboard/events/`).
 */
export function documentPath(requestUrl: string): string {
  const url = new URL(requestUrl);
  url.searchParams.delete("_routes");
  let path = url.pathname;
  if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
  else if (path.endsWith(".data")) path = `${path.slice(0, -".data".length)}/`;
  return `${path}${url.search}`;
}

/**
 * The member behind a member page's loader, by the same rules as the edge guard (which already
 * redirected documents; this covers React Router's data requests). Throws the redirect, or
 * returns null in refresh mode: the page then shows no personal data and refreshes the token.
 */
export function memberForLoader(app: AppContext, request: Request, area: MemberArea): SessionUser | null {
  const decision = decideAccess(area, app.session);
  if (decision.kind === "redirect") throw redirect(redirectTarget(decision.to, app.lang, documentPath(request.url)));
  return app.session.status === "active" ? app.session.user : null;
}

/**
 * Throws the redirect that takes a signed-in member past a sign-in screen (login, register),
 * for documents and React Router's data requests alike (`signedInMemberTarget`).
 */
export function passSignedInMember(app: AppContext, returnTo: string = dashboardPath(app.lang)): void {
  const target = signedInMemberTarget(app.session, app.lang, returnTo);
  if (target) throw redirect(target);
}

/** What every member screen sends the browser to start Firebase Auth. */
export function memberScreenBasics(app: AppContext) {
  return { firebase: app.services.auth.clientConfig() };
}

/** Member pages are personal: never stored by the browser or any cache. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" };

/** The title and head of a sign-in screen, from its messages (`AUTH.LOGIN` → TITLE, INTRO). */
export function screenHead(app: AppContext, slug: string, messages: "AUTH.LOGIN" | "AUTH.REGISTER" | "AUTH.RESET") {
  const t = translatorFor(app.lang);
  const title = t(`${messages}.TITLE`);
  const description = t(`${messages}.INTRO`);
  return { title, meta: screenMeta({ origin: app.origin, lang: app.lang, slug, title, description, t }) };
}
