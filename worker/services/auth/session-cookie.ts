import { readCookie } from "#app/lib/languages.ts";
import { SESSION_COOKIE, SESSION_EXPIRES_COOKIE, SIGNED_IN_HINT_COOKIE } from "#app/lib/auth/session.ts";

/** The hint lives as long as a Firebase browser session usually does; signing out clears it. */
const HINT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Cookies are Secure everywhere except plain-http loopback development (`npm start`, e2e),
 * where a browser would otherwise drop them.
 */
export function cookiesMustBeSecure(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) || url.hostname.endsWith(".localhost");
  return !(url.protocol === "http:" && loopback);
}

/** RFC 6265 cookie-octets: all a cookie value may hold (a verified ID token always does). */
const COOKIE_OCTETS = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

function cookie(name: string, value: string, maxAge: number, options: { httpOnly: boolean; secure: boolean }) {
  // A last line of defence: request data is never written into a header unchecked.
  if (!COOKIE_OCTETS.test(value)) throw new TypeError(`Refusing an unsafe value for the ${name} cookie`);
  const parts = [`${name}=${value}`, `Max-Age=${maxAge}`, "Path=/", "SameSite=Lax"];
  if (maxAge > 0) parts.push(`Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}`);
  else parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** `Set-Cookie` values that store a verified ID token until it expires, plus the signed-in hint. */
export function sessionCookies(token: string, expiresAt: number, secure: boolean, nowSeconds: number): string[] {
  const maxAge = Math.max(0, expiresAt - nowSeconds);
  return [
    cookie(SESSION_COOKIE, token, maxAge, { httpOnly: true, secure }),
    cookie(SIGNED_IN_HINT_COOKIE, "1", HINT_MAX_AGE_SECONDS, { httpOnly: false, secure }),
    // Outlives the token on purpose: once it is past, the next page knows a refresh is due.
    cookie(SESSION_EXPIRES_COOKIE, String(Math.trunc(expiresAt)), HINT_MAX_AGE_SECONDS, { httpOnly: false, secure }),
  ];
}

/** `Set-Cookie` values that end the session and the hint (signing out, deleting the account). */
export function clearedSessionCookies(secure: boolean): string[] {
  return [
    cookie(SESSION_COOKIE, "", 0, { httpOnly: true, secure }),
    cookie(SIGNED_IN_HINT_COOKIE, "", 0, { httpOnly: false, secure }),
    cookie(SESSION_EXPIRES_COOKIE, "", 0, { httpOnly: false, secure }),
  ];
}

/** The ID token a request carries: `Authorization: Bearer` first, then the session cookie. */
export function requestToken(headers: Headers): { token: string; source: "bearer" | "cookie" } | null {
  const authorization = headers.get("Authorization");
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (bearer) return { token: bearer, source: "bearer" };
  const fromCookie = readCookie(headers.get("Cookie"), SESSION_COOKIE);
  return fromCookie ? { token: fromCookie, source: "cookie" } : null;
}

export function hasSignedInHint(headers: Headers): boolean {
  return readCookie(headers.get("Cookie"), SIGNED_IN_HINT_COOKIE) === "1";
}
