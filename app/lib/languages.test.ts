import { describe, expect, it } from "vitest";
import { detectLang, langCookie, langFromAcceptLanguage, langOfPath, readCookie, switchLangPath } from "./languages";

describe("languages", () => {
  it("maps Accept-Language to a site language by q-value", () => {
    expect(langFromAcceptLanguage("es-MX")).toBe("es");
    expect(langFromAcceptLanguage("EN-us")).toBe("en");
    expect(langFromAcceptLanguage("ca")).toBe("val");
    expect(langFromAcceptLanguage("val")).toBe("val");
    expect(langFromAcceptLanguage("fr, de;q=0.5")).toBeNull();
    expect(langFromAcceptLanguage("es;q=0.1, en;q=0.9")).toBe("en");
    expect(langFromAcceptLanguage("en;q=0, es")).toBe("es");
    expect(langFromAcceptLanguage("")).toBeNull();
    expect(langFromAcceptLanguage(null)).toBeNull();
  });

  it("detects cookie, then Accept-Language, then Spanish", () => {
    expect(detectLang("lang=en", "ca")).toBe("en");
    expect(detectLang("lang=xx", "ca")).toBe("val");
    expect(detectLang(null, null)).toBe("es");
  });

  it("reads one cookie among many, tolerating bad encodings", () => {
    expect(readCookie("a=1; lang=val; b=2", "lang")).toBe("val");
    expect(readCookie("lang=%E0%A4%A", "lang")).toBeNull();
    expect(readCookie("language=en", "lang")).toBeNull();
  });

  it("switches the language prefix and keeps the page", () => {
    expect(switchLangPath("/es/about/", "en")).toBe("/en/about/");
    expect(switchLangPath("/val/", "es")).toBe("/es/");
    expect(langOfPath("/en/event/x/")).toBe("en");
    expect(langOfPath("/fr/")).toBeNull();
  });

  it("builds the cookie that saves the choice for a year", () => {
    expect(langCookie("en", true)).toBe("lang=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure");
  });
});
