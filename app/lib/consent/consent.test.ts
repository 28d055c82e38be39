import { describe, expect, it } from "vitest";
import { consentCookie, currentConsent, parseConsent, POLICY_VERSION, serializeConsent, type Consent } from "./consent";
import { isMemberPath } from "#app/lib/paths.ts";
import { allowedBy, widgetLanguage } from "./third-parties";

const consent: Consent = {
  choices: { preferences: true, analytics: false, advertising: true },
  version: POLICY_VERSION,
  date: "2026-11-23",
  id: "3f0c2a5e-8a1b-4f6e-9d2c-1b2a3c4d5e6f",
};

describe("the consent cookie", () => {
  it("round-trips a decision: version, one digit per category, date, id", () => {
    const value = serializeConsent(consent);
    expect(value).toBe(`${POLICY_VERSION}.101.2026-11-23.3f0c2a5e-8a1b-4f6e-9d2c-1b2a3c4d5e6f`);
    expect(parseConsent(value)).toEqual(consent);
    expect(consentCookie(consent, true)).toBe(`consent=${value}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`);
  });

  it("asks again under a new policy version, and treats anything malformed as no decision", () => {
    expect(currentConsent(serializeConsent(consent))).toEqual(consent);
    expect(currentConsent(serializeConsent({ ...consent, version: POLICY_VERSION - 1 }))).toBeNull();
    for (const bad of [null, "", "1.11.2026-11-23.x", "1.101.2026-11-23.<script>", "yes"]) {
      expect(currentConsent(bad)).toBeNull();
    }
  });
});

describe("third parties and categories", () => {
  it("lets each provider load only with one of its categories", () => {
    const only = (k: "preferences" | "analytics" | "advertising") => ({
      preferences: k === "preferences",
      analytics: k === "analytics",
      advertising: k === "advertising",
    });
    expect(allowedBy("chat", only("preferences"))).toBe(true);
    expect(allowedBy("chat", only("analytics"))).toBe(false);
    expect(allowedBy("accessibility", only("preferences"))).toBe(true);
    expect(allowedBy("googleTag", only("analytics"))).toBe(true);
    expect(allowedBy("googleTag", only("advertising"))).toBe(true);
    expect(allowedBy("googleTag", only("preferences"))).toBe(false);
    expect(allowedBy("metaPixel", only("advertising"))).toBe(true);
    expect(allowedBy("metaPixel", only("analytics"))).toBe(false);
  });

  it("knows the member pages, documents and data requests alike", () => {
    for (const path of [
      "/es/dashboard/",
      "/en/dashboard/events/",
      "/val/login/",
      "/en/register/",
      "/es/password-reset/",
      "/en/email-verification/",
      "/es/dashboard.data",
      // Any spelling the router serves as one of them.
      "/es/%64ashboard/",
      "/en/regist%65r/",
      "/VAL//Password-Reset/",
      "/es/./dashboard/settings/",
    ])
      expect(isMemberPath(path), path).toBe(true);
    for (const path of ["/es/", "/en/events/", "/en/event/x/", "/es/cookie-settings/", "/en/login-help/"])
      expect(isMemberPath(path), path).toBe(false);
  });

  it("gives widgets Valencian as ca", () => {
    expect([widgetLanguage("es"), widgetLanguage("en"), widgetLanguage("val")]).toEqual(["es", "en", "ca"]);
  });
});
