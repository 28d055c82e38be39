import { describe, expect, it } from "vitest";
import { readLink, resolveLink, storyPath } from "./links";
import { IMAGE_PROTOCOLS, isExternalUrl, safeUrl } from "./safe-url";

describe("safeUrl", () => {
  it.each([
    "https://arena.test/x",
    "http://arena.test",
    "mailto:a@b.test",
    "tel:+34960000000",
    "/es/about/",
    "about/",
    "#top",
    "?page=2",
  ])("keeps %j", (url) => expect(safeUrl(url)).toBe(url));

  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "\u0000javascript:alert(1)",
    "jav\u0009ascript:alert(1)",
    "java\u200bscript:alert(1)",
    "&#0000106;avascript:alert(1)",
    "&#x6a&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3a;alert(1)",
    "javascript&colon;alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "",
    "   ",
  ])("drops %j", (url) => expect(safeUrl(url)).toBeNull());

  it("trims what browsers ignore around a URL", () => {
    expect(safeUrl("  https://arena.test/\n")).toBe("https://arena.test/");
  });

  it("allows only http and https for images", () => {
    expect(safeUrl("mailto:a@b.test", IMAGE_PROTOCOLS)).toBeNull();
    expect(safeUrl("https://a.storyblok.com/f/1/1x1/a/b.png", IMAGE_PROTOCOLS)).not.toBeNull();
  });

  it("treats absolute and protocol-relative URLs as external", () => {
    for (const url of ["https://x.test", "//x.test", "/\\x.test", "\\\\x.test"]) expect(isExternalUrl(url)).toBe(true);
    for (const url of ["/es/", "mailto:a@b.test", "#a"]) expect(isExternalUrl(url)).toBe(false);
  });
});

describe("resolveLink", () => {
  it("turns story slugs into this site's paths in the current language", () => {
    expect(storyPath("ca/events/concerts", "val")).toBe("/val/events/concerts/");
    expect(storyPath("home", "en")).toBe("/en/");
    expect(storyPath("entradas", "es")).toBe("/es/entradas/");
    expect(resolveLink({ linktype: "story", cached_url: "en/about", anchor: "#map" }, "en")).toEqual({
      href: "/en/about/#map",
      external: false,
    });
  });

  it("resolves a multilink with only an anchor to the same page", () => {
    expect(resolveLink({ linktype: "story", cached_url: "", anchor: "faq" }, "es")).toEqual({
      href: "#faq",
      external: false,
    });
  });

  it("accepts only address-shaped emails", () => {
    expect(resolveLink({ linktype: "email", email: "info@arena.test" }, "es")?.href).toBe("mailto:info@arena.test");
    expect(resolveLink({ linktype: "email", href: "mailto:info@arena.test" }, "es")?.href).toBe(
      "mailto:info@arena.test",
    );
    expect(resolveLink({ linktype: "email", href: "javascript:alert(1)//@x" }, "es")).toBeNull();
  });

  it("keeps target _blank only, and marks external links", () => {
    expect(resolveLink({ linktype: "url", url: "https://x.test", target: "_blank" }, "es")).toEqual({
      href: "https://x.test",
      external: true,
      target: "_blank",
    });
    expect(resolveLink({ linktype: "url", url: "/es/x/", target: "_parent" }, "es")).toEqual({
      href: "/es/x/",
      external: false,
    });
  });

  it("returns null for links to nowhere and malformed input", () => {
    expect(resolveLink({ linktype: "url", href: "" }, "es")).toBeNull();
    expect(resolveLink({ linktype: "story", story: { full_slug: "javascript:alert(1)" } }, "es")).toBeNull();
    expect(resolveLink("https://x.test", "es")).toBeNull();
    expect(resolveLink({ href: 42 }, "es")).toBeNull();
  });
});

describe("readLink", () => {
  it("accepts what LinkSchema accepts, keeping extra keys", () => {
    const link = { linktype: "story", href: null, uuid: "u-1", story: { full_slug: "en/about", id: 7 } };
    expect(readLink(link)).toEqual(link);
    expect(readLink({})).toEqual({});
    expect(readLink({ url: undefined, story: null })).toEqual({ url: undefined, story: null });
  });

  it.each([
    ["null", null],
    ["an array", [{ href: "/es/" }]],
    ["a string", "https://x.test"],
    ["a numeric href", { linktype: "url", href: 42 }],
    ["a numeric linktype", { linktype: 1, href: "/es/" }],
    ["an object target", { href: "/es/", target: { name: "_blank" } }],
    ["a string story", { linktype: "story", story: "en/about" }],
    ["a numeric story slug", { linktype: "story", story: { full_slug: 3 } }],
    ["a boolean story url", { linktype: "story", story: { url: true } }],
  ])("rejects %s", (_, input) => {
    expect(readLink(input)).toBeNull();
    expect(resolveLink(input, "es")).toBeNull();
  });
});
