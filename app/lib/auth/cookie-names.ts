/**
 * The session's cookie names, in a module of their own: every page's always-loaded code reads the
 * signed-in hint (session-keeper.tsx), and must not pull in the rest of ./session.ts with it.
 */

/** Name of the HttpOnly cookie that carries the Firebase ID token (Firebase Hosting's own name). */
export const SESSION_COOKIE = "__session";
/** A readable, non-secret cookie that says "this browser has a Firebase session to keep fresh". */
export const SIGNED_IN_HINT_COOKIE = "signed_in";
/**
 * A readable copy of the session token's expiry (seconds since the epoch): public pages load the
 * identity SDK only when the token is about to expire, not on every page (session-keeper.tsx).
 */
export const SESSION_EXPIRES_COOKIE = "session_expires";
