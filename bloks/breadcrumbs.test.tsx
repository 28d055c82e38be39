import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { all, one, parseHtml, textOf } from "#tests/html.ts";
import { breadcrumbListJsonLd } from "./breadcrumbs";
import { BreadcrumbListSchema, jsonLdScripts } from "./shared/json-ld-schemas";
import { renderBlok } from "./shared/render-blok";

const blok = {
  component: "breadcrumbs",
  _uid: "b1",
  items: [
    { _uid: "c1", label: "Inici", link: { linktype: "story", cached_url: "ca/home" } },
    { _uid: "c2", label: "Com arribar", link: { linktype: "story", cached_url: "ca/getting-here" } },
    { _uid: "c3", label: "Accessibilitat <i>", link: { linktype: "story", cached_url: "ca/ignored" } },
  ],
};

function jsonLdIn(html: string): unknown {
  const [script, ...others] = jsonLdScripts(html);
  expect(others).toEqual([]);
  return script?.data;
}

describe("breadcrumbs", () => {
  it("renders the trail as a labelled ordered list, the current page last and not a link", () => {
    const document = parseHtml(renderBlok(blok, { lang: "val", path: "/val/accessibility/" }));
    const nav = one(document, "nav.blok-breadcrumbs");
    expect(nav.getAttribute("aria-label")).toBe("Ruta de navegació");
    const crumbs = all(nav, ":scope > ol > li").map((crumb) => ({
      href: crumb.querySelector("a")?.getAttribute("href"),
      current: crumb.querySelector('[aria-current="page"]') !== null,
      text: textOf(crumb),
    }));
    expect(crumbs).toEqual([
      { href: "/val/", current: false, text: "Inici" },
      { href: "/val/getting-here/", current: false, text: "Com arribar" },
      { href: undefined, current: true, text: "Accessibilitat <i>" },
    ]);
    expect(all(document, '[href="/val/ignored/"]')).toEqual([]);
  });

  it("carries the trail as BreadcrumbList items, the last one the current page", () => {
    // Outside the app there is no origin, so the URLs stay site paths; the Worker test checks them absolute.
    const html = renderBlok(blok, { lang: "val", path: "/val/accessibility/" });
    expect(jsonLdIn(html)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Inici", item: "/val/" },
        { "@type": "ListItem", position: 2, name: "Com arribar", item: "/val/getting-here/" },
        { "@type": "ListItem", position: 3, name: "Accessibilitat <i>", item: "/val/accessibility/" },
      ],
    });
  });

  it("makes site paths absolute with the origin and escapes markup in the script", () => {
    const data = breadcrumbListJsonLd(
      [
        { label: "Home", href: "/en/", current: false },
        { label: "</script><script>alert(1)</script>", href: "/en/faq/", current: true },
      ],
      "https://arena.example",
    );
    expect(v.parse(BreadcrumbListSchema, data).itemListElement[1]?.item).toBe("https://arena.example/en/faq/");
    const html = renderBlok({
      component: "breadcrumbs",
      _uid: "b2",
      items: [{ label: "Home", link: { linktype: "story", cached_url: "home" } }, { label: "</script><b>x</b>" }],
    });
    expect(html).not.toContain("</script><b>");
    expect(JSON.stringify(jsonLdIn(html))).toContain("</script><b>x</b>");
  });

  it("leaves a crumb whose link is unsafe as plain text, out of the structured data", () => {
    const html = renderBlok({
      component: "breadcrumbs",
      _uid: "b3",
      items: [{ label: "Evil", link: { linktype: "url", url: "javascript:alert(1)" } }, { label: "Here" }],
    });
    expect(html).not.toContain("javascript:");
    const evil = all(parseHtml(html), "li").find((crumb) => textOf(crumb) === "Evil");
    expect(evil?.children).toHaveLength(0);
    expect(JSON.stringify(jsonLdIn(html))).not.toContain("Evil");
  });
});
