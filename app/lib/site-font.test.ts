import { describe, expect, it } from "vitest";
import { SITE_FONT, SITE_FONT_FACE_CSS, SITE_FONT_PRELOAD } from "./site-font.ts";

describe("the site font", () => {
  it("is the Latin subset of the variable file, every weight", () => {
    expect(SITE_FONT.url).toMatch(/archivo-latin-wght-normal.*\.woff2$/);
    expect(SITE_FONT_FACE_CSS).toBe(
      `@font-face{font-family:Archivo;font-style:normal;font-weight:100 900;font-display:swap;src:url(${SITE_FONT.url}) format("woff2")}`,
    );
  });

  it("is preloaded as the face fetches it: the same file, as a font, in CORS mode", () => {
    expect(SITE_FONT_PRELOAD).toEqual({
      rel: "preload",
      href: SITE_FONT.url,
      as: "font",
      type: "font/woff2",
      crossOrigin: "anonymous",
    });
  });
});
