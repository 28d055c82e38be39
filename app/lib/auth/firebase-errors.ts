import type { MessageKey } from "../i18n";
import { ownValue } from "../own-keys";

/** Firebase Auth error codes → the identity messages of SPEC section 8. */
const MESSAGES: Record<string, MessageKey> = {
  "auth/user-not-found": "AUTH_ERROR.USER_NOT_FOUND",
  "auth/wrong-password": "AUTH_ERROR.WRONG_PASSWORD",
  "auth/invalid-email": "AUTH_ERROR.INVALID_EMAIL",
  "auth/invalid-credential": "AUTH_ERROR.INVALID_CREDENTIAL",
  "auth/invalid-login-credentials": "AUTH_ERROR.INVALID_CREDENTIAL",
  "auth/email-already-in-use": "AUTH_ERROR.EMAIL_ALREADY_IN_USE",
  "auth/weak-password": "AUTH_ERROR.WEAK_PASSWORD",
  "auth/password-does-not-meet-requirements": "AUTH_ERROR.WEAK_PASSWORD",
  "auth/requires-recent-login": "AUTH_ERROR.REQUIRES_RECENT_LOGIN",
  "auth/user-token-expired": "AUTH_ERROR.REQUIRES_RECENT_LOGIN",
  "auth/too-many-requests": "FORM.TOO_MANY_REQUESTS",
};

function codeOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  return typeof error.code === "string" ? error.code : null;
}

/**
 * The message for a failed identity call. `fallback` names what failed when the code is not
 * one of the catalogue's (sending an email, resetting a password); otherwise "unexpected".
 */
export function authErrorMessage(error: unknown, fallback: MessageKey = "AUTH_ERROR.UNEXPECTED"): MessageKey {
  const code = codeOf(error);
  return (code && ownValue(MESSAGES, code)) || fallback;
}

export function isRecentLoginRequired(error: unknown): boolean {
  return codeOf(error) === "auth/requires-recent-login";
}
