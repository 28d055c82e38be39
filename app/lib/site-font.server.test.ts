import { describe, expect, it } from "vitest";
import { SITE_FONT } from "./site-font";
import { declaresSiteFont, SITE_FONT_FACE_CSS, SITE_FONT_PRELOAD } from "./site-font.server";

const request = (fetchSite?: string) =>
  new Request("https://arena.test/es/", { headers: fetchSite ? { "Sec-Fetch-Site": fetchSite } : {} });

describe("the site font on a full page load", () => {
  it("is declared only for a visitor coming from another page of the site", () => {
    expect(declaresSiteFont(request("same-origin"), false)).toBe(true);
    for (const fetchSite of ["none", "cross-site", "same-site", undefined]) {
      expect(declaresSiteFont(request(fetchSite), false), String(fetchSite)).toBe(false);
    }
  });

  it("is never declared for a crawler", () => {
    expect(declaresSiteFont(request("same-origin"), true)).toBe(false);
  });

  it("declares the same file and descriptors the browser's code loads", () => {
    expect(SITE_FONT_FACE_CSS).toBe(
      `@font-face{font-family:Archivo;font-style:normal;font-weight:100 900;font-display:optional;src:url(${SITE_FONT.url}) format("woff2")}`,
    );
    expect(SITE_FONT.url).toMatch(/archivo-latin-wght-normal.*\.woff2$/);
  });

  it("has a page that declares the face preload the file", () => {
    expect(SITE_FONT_PRELOAD).toBe(`<${SITE_FONT.url}>; rel=preload; as=font; type="font/woff2"; crossorigin`);
  });
});
