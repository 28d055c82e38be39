import type { Lang } from "#app/lib/languages.ts";
import { dashboardPath, emailVerificationPath, loginRedirectPath, type PageSession } from "./session";

/** Which guard a member page needs (SPEC section 2; the dashboard's children are tighter: they show personal data). */
export type MemberArea = "dashboard" | "email-verification";

/** What a guard does with a request: let it through, ask the client to refresh, or send the member elsewhere. */
export type GuardDecision =
  { kind: "allow" } | { kind: "refresh" } | { kind: "redirect"; to: "login" | "email-verification" | "dashboard" };

/**
 * The guard rules, shared by the edge (documents) and the member loaders (data requests):
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

/**
 * Login and registration are for visitors. A member already signed in goes on: a verified one
 * to where they were going (the dashboard unless login was given a `returnTo`), an unverified
 * one to email verification. A session that only needs refreshing (or none) sees the form.
 */
export function signedInMemberTarget(session: PageSession, lang: Lang, returnTo: string): string | null {
  if (session.status !== "active") return null;
  return session.user.emailVerified ? returnTo : emailVerificationPath(lang);
}

/** Where a redirect decision sends the member; login carries the same-site path they wanted. */
export function redirectTarget(to: "login" | "email-verification" | "dashboard", lang: Lang, wanted: string): string {
  if (to === "login") return loginRedirectPath(lang, wanted);
  return to === "dashboard" ? dashboardPath(lang) : emailVerificationPath(lang);
}
