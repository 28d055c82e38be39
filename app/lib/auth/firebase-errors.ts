import type { MessageKey } from "#app/lib/i18n.ts";

/**
 * Sign-in failures that would tell whether an address has an account (email enumeration): an
 * unknown address and a wrong password get one message, as Firebase's email enumeration
 * protection answers both with `auth/invalid-credential`.
 */
const CREDENTIAL_CODES: ReadonlySet<string> = new Set([
  "auth/user-not-found",
  "auth/wrong-password",
  "auth/invalid-credential",
  "auth/invalid-login-credentials",
]);

/** Firebase Auth error codes → the identity messages of SPEC section 8 (a Map: no inherited keys). */
const MESSAGES: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ...[...CREDENTIAL_CODES].map((code): [string, MessageKey] => [code, "AUTH_ERROR.INVALID_CREDENTIAL"]),
  ["auth/invalid-email", "AUTH_ERROR.INVALID_EMAIL"],
  ["auth/email-already-in-use", "AUTH_ERROR.EMAIL_ALREADY_IN_USE"],
  ["auth/weak-password", "AUTH_ERROR.WEAK_PASSWORD"],
  ["auth/password-does-not-meet-requirements", "AUTH_ERROR.WEAK_PASSWORD"],
  ["auth/requires-recent-login", "AUTH_ERROR.REQUIRES_RECENT_LOGIN"],
  ["auth/user-token-expired", "AUTH_ERROR.REQUIRES_RECENT_LOGIN"],
  ["auth/too-many-requests", "FORM.TOO_MANY_REQUESTS"],
]);

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
  return (code && MESSAGES.get(code)) || fallback;
}

/**
 * A signed-in member confirming their own password (password change, account removal): here a
 * refused credential can only mean the password, and saying so reveals nothing.
 */
export function currentPasswordErrorMessage(error: unknown): MessageKey {
  const code = codeOf(error);
  return code && CREDENTIAL_CODES.has(code) ? "AUTH_ERROR.WRONG_PASSWORD" : authErrorMessage(error);
}

/**
 * The outcome of a password reset request. An unknown address gets the same answer as a known
 * one ("if an account exists, we have sent a link"); only failures that say nothing about
 * accounts (a malformed address, too many requests, the network) are shown as errors.
 */
export function passwordResetOutcome(error: unknown): { tone: "error" | "success"; key: MessageKey } {
  if (error === null || codeOf(error) === "auth/user-not-found") return { tone: "success", key: "SUCCESS.RESET_SENT" };
  return { tone: "error", key: authErrorMessage(error, "AUTH_ERROR.RESET_PASSWORD_ERROR") };
}

export function isRecentLoginRequired(error: unknown): boolean {
  return codeOf(error) === "auth/requires-recent-login";
}
