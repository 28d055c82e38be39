import { describe, expect, it } from "vitest";
import { CATALOGUES } from "#app/lib/catalogues.server.ts";
import { createTranslator, type MessageKey } from "#app/lib/i18n.ts";
import { LANGUAGES } from "#app/lib/languages.ts";
import {
  authErrorMessage,
  currentPasswordErrorMessage,
  isRecentLoginRequired,
  passwordResetOutcome,
} from "./firebase-errors";

/** Identity errors of SPEC section 8 that say nothing about whether an account exists. */
const OWN_MESSAGES = {
  "auth/invalid-email": "AUTH_ERROR.INVALID_EMAIL",
  "auth/email-already-in-use": "AUTH_ERROR.EMAIL_ALREADY_IN_USE",
  "auth/weak-password": "AUTH_ERROR.WEAK_PASSWORD",
  "auth/requires-recent-login": "AUTH_ERROR.REQUIRES_RECENT_LOGIN",
} as const;

/** What Firebase answers a failed sign-in with, with and without email enumeration protection. */
const CREDENTIAL_CODES = [
  "auth/user-not-found",
  "auth/wrong-password",
  "auth/invalid-credential",
  "auth/invalid-login-credentials",
];

const translate = (key: MessageKey) => LANGUAGES.map((lang) => createTranslator(lang, CATALOGUES[lang])(key));

describe("authErrorMessage", () => {
  it("maps each identity error of SPEC section 8 to its message, translated in es, en and val", () => {
    for (const [code, key] of Object.entries(OWN_MESSAGES)) {
      expect(authErrorMessage({ code })).toBe(key);
      const texts = translate(key);
      for (const text of texts) expect(text).not.toBe(key);
      expect(new Set(texts).size).toBe(3);
    }
  });

  it("gives an unknown address and a wrong password the same sign-in message (no account enumeration)", () => {
    for (const code of CREDENTIAL_CODES) expect(authErrorMessage({ code })).toBe("AUTH_ERROR.INVALID_CREDENTIAL");
    expect(translate("AUTH_ERROR.INVALID_CREDENTIAL")).toEqual([
      "El correo electrónico o la contraseña no son correctos",
      "The email or password is not correct",
      "El correu electrònic o la contrasenya no són correctes",
    ]);
    // No message of the catalogue says that an address has no account.
    for (const lang of LANGUAGES)
      expect(JSON.stringify(CATALOGUES[lang])).not.toMatch(
        /No account found|No existe ninguna cuenta|No hi ha cap compte/,
      );
  });

  it("tells a signed-in member that their own current password is wrong", () => {
    for (const code of CREDENTIAL_CODES)
      expect(currentPasswordErrorMessage({ code })).toBe("AUTH_ERROR.WRONG_PASSWORD");
    expect(currentPasswordErrorMessage({ code: "auth/weak-password" })).toBe("AUTH_ERROR.WEAK_PASSWORD");
  });

  it("answers a reset for an unknown address exactly as for a known one", () => {
    const sent = passwordResetOutcome(null);
    expect(sent).toEqual({ tone: "success", key: "SUCCESS.RESET_SENT" });
    expect(passwordResetOutcome({ code: "auth/user-not-found" })).toEqual(sent);
    expect(translate("SUCCESS.RESET_SENT")[1]).toBe(
      "If an account exists for this email address, we have sent it a link to reset the password",
    );
    expect(passwordResetOutcome({ code: "auth/invalid-email" })).toEqual({
      tone: "error",
      key: "AUTH_ERROR.INVALID_EMAIL",
    });
    expect(passwordResetOutcome({ code: "auth/network-request-failed" })).toEqual({
      tone: "error",
      key: "AUTH_ERROR.RESET_PASSWORD_ERROR",
    });
  });

  it("falls back to what failed, or to the unexpected error", () => {
    expect(authErrorMessage({ code: "auth/network-request-failed" })).toBe("AUTH_ERROR.UNEXPECTED");
    expect(authErrorMessage({ code: "constructor" })).toBe("AUTH_ERROR.UNEXPECTED");
    expect(authErrorMessage(new Error("boom"), "AUTH_ERROR.EMAIL_SENT_ERROR")).toBe("AUTH_ERROR.EMAIL_SENT_ERROR");
    expect(authErrorMessage(null)).toBe("AUTH_ERROR.UNEXPECTED");
  });

  it("recognises a stale sign-in", () => {
    expect(isRecentLoginRequired({ code: "auth/requires-recent-login" })).toBe(true);
    expect(isRecentLoginRequired({ code: "auth/wrong-password" })).toBe(false);
  });
});
