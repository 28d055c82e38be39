import { langOfPath, type Lang } from "#app/lib/languages.ts";

/** The signed-in member as the Worker knows them after verifying their Firebase ID token. */
export interface SessionUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the member last typed their password (seconds since the epoch); sensitive actions need it recent. */
  authTime: number;
  /** When the ID token (and so the session cookie) expires, in seconds since the epoch. */
  expiresAt: number;
}

/**
 * What the edge knows about the request's session:
 * - `active`: a verified, unexpired ID token;
 * - `refresh`: no usable token, but the browser says it holds a signed-in Firebase session
 *   (the token simply expired), so the page asks the client to refresh instead of bouncing to login;
 * - `none`: nobody is signed in.
 */
export type PageSession = { status: "active"; user: SessionUser } | { status: "refresh" } | { status: "none" };

export { SESSION_COOKIE, SESSION_EXPIRES_COOKIE, SIGNED_IN_HINT_COOKIE } from "./cookie-names";

export const loginPath = (lang: Lang) => `/${lang}/login/`;
export const registerPath = (lang: Lang) => `/${lang}/register/`;
export const passwordResetPath = (lang: Lang) => `/${lang}/password-reset/`;
export const emailVerificationPath = (lang: Lang) => `/${lang}/email-verification/`;
export const dashboardPath = (lang: Lang) => `/${lang}/dashboard/`;

/** The login page that brings the member back to `returnTo` once signed in (normalised first). */
export function loginRedirectPath(lang: Lang, returnTo: string): string {
  return `${loginPath(lang)}?returnTo=${encodeURIComponent(safeReturnPath(returnTo, lang))}`;
}

/** A fixed origin to resolve return paths against: only what stays on it is a path of this site. */
const RETURN_BASE = "http://same-site.invalid";

/**
 * Every redirect target that comes from request data (the login `returnTo`, the guards' wanted
 * page) goes through here. The value is resolved the way a browser would (`new URL` against a
 * fixed origin: dot segments and `%2e%2e` collapsed, `\` read as `/`), then the *result* is
 * checked: the same origin, a path inside a language tree (`/es/…`, `/en/…`, `/val/…`), no empty
 * segment (`//`) and no encoded slash or backslash. Control characters (tabs and newlines, which
 * browsers silently drop) are refused before parsing. Anything else falls back to the dashboard.
 */
export function safeReturnPath(value: string | null | undefined, lang: Lang): string {
  const fallback = dashboardPath(lang);
  if (typeof value !== "string" || value === "" || value.length > 2048) return fallback;
  if (!value.startsWith("/") || /\p{Cc}/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return fallback;
  }
  const path = url.pathname;
  const tree = langOfPath(path);
  if (url.origin !== RETURN_BASE || !tree || !path.startsWith(`/${tree}/`)) return fallback;
  if (path.includes("//") || /%(?:2f|5c)/i.test(path)) return fallback;
  return `${path}${url.search}${url.hash}`;
}
