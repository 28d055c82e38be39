import { redirect } from "react-router";
import { type AppContext } from "../context.server";
import { decideAccess, type MemberArea, redirectTarget } from "./access";
import { firebaseClientConfig } from "./firebase-config.server";
import type { SessionUser } from "./session";

/**
 * The member behind a member page's loader, by the same rules as the edge guard (which already
 * redirected documents; this covers React Router's data requests). Throws the redirect, or
 * returns null in refresh mode: the page then shows no personal data and refreshes the token.
 */
export function memberForLoader(app: AppContext, request: Request, area: MemberArea): SessionUser | null {
  const decision = decideAccess(area, app.session);
  if (decision.kind === "redirect") {
    const url = new URL(request.url);
    throw redirect(redirectTarget(decision.to, app.lang, `${url.pathname}${url.search}`));
  }
  return app.session.status === "active" ? app.session.user : null;
}

/** What every member screen sends the browser to start Firebase Auth. */
export function memberScreenBasics(app: AppContext) {
  return { firebase: firebaseClientConfig(app.env) };
}

/** Member pages are personal: never stored by the browser or any cache. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" };
