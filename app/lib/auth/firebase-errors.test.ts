import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../catalogues.server";
import { createTranslator } from "../i18n";
import { LANGUAGES } from "../languages";
import { authErrorMessage, isRecentLoginRequired } from "./firebase-errors";

/** SPEC section 8: every identity error has its own message. */
const SPEC_ERRORS = {
  "auth/user-not-found": "AUTH_ERROR.USER_NOT_FOUND",
  "auth/wrong-password": "AUTH_ERROR.WRONG_PASSWORD",
  "auth/invalid-email": "AUTH_ERROR.INVALID_EMAIL",
  "auth/invalid-credential": "AUTH_ERROR.INVALID_CREDENTIAL",
  "auth/email-already-in-use": "AUTH_ERROR.EMAIL_ALREADY_IN_USE",
  "auth/weak-password": "AUTH_ERROR.WEAK_PASSWORD",
  "auth/requires-recent-login": "AUTH_ERROR.REQUIRES_RECENT_LOGIN",
} as const;

describe("authErrorMessage", () => {
  it("maps each identity error of SPEC section 8 to its message, translated in es, en and val", () => {
    for (const [code, key] of Object.entries(SPEC_ERRORS)) {
      expect(authErrorMessage({ code })).toBe(key);
      const texts = LANGUAGES.map((lang) => createTranslator(lang, CATALOGUES[lang])(key));
      for (const text of texts) expect(text).not.toBe(key);
      expect(new Set(texts).size).toBe(3);
    }
    expect(createTranslator("en", CATALOGUES.en)(authErrorMessage({ code: "auth/user-not-found" }))).toBe(
      "No account found with this email address",
    );
  });

  it("falls back to what failed, or to the unexpected error", () => {
    expect(authErrorMessage({ code: "auth/network-request-failed" })).toBe("AUTH_ERROR.UNEXPECTED");
    expect(authErrorMessage(new Error("boom"), "AUTH_ERROR.EMAIL_SENT_ERROR")).toBe("AUTH_ERROR.EMAIL_SENT_ERROR");
    expect(authErrorMessage(null)).toBe("AUTH_ERROR.UNEXPECTED");
  });

  it("recognises a stale sign-in", () => {
    expect(isRecentLoginRequired({ code: "auth/requires-recent-login" })).toBe(true);
    expect(isRecentLoginRequired({ code: "auth/wrong-password" })).toBe(false);
  });
});
