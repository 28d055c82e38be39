import { describe, expect, it, vi } from "vitest";
import { request } from "#tests/harness.ts";
import { all, attributesOf, parseHtml } from "#tests/html.ts";
import { translatorFor } from "./catalogues.server";
import { pageSeo, seoMeta } from "./seo";

const origin = "http://arena.test";
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

async function page(path: string) {
  const res = await request(new Request(`${origin}${path}`, { headers: { "User-Agent": browser } }));
  return { res, html: await res.text() };
}

/** The `<head>` tags of a page, as `attribute=value` maps (names lowercased: HTML ignores their case). */
function headTags(html: string, tag: "meta" | "link"): Record<string, string>[] {
  return all(parseHtml(html), `head > ${tag}`).map(attributesOf);
}

function metaContent(html: string, key: string): string[] {
  return headTags(html, "meta")
    .filter((tag) => tag.property === key || tag.name === key)
    .map((tag) => tag.content ?? "");
}

describe("the head of a real page, through the Worker", () => {
  it("has the story's title and description, the canonical URL and four alternates", async () => {
    const { res, html } = await page("/val/about/");
    expect(res.status).toBe(200);
    expect(parseHtml(html).title).toBe("El pavelló | Arena Valencia");
    expect(metaContent(html, "description")).toEqual([
      "L'Arena Valencia per dins: 18.600 localitats, acústica de sala de concerts, una coberta que produeix energia i visites tècniques per a grups.",
    ]);
    const links = headTags(html, "link");
    expect(links.filter((link) => link.rel === "canonical").map((link) => link.href)).toEqual([
      "http://arena.test/val/about/",
    ]);
    const alternates = links.filter((link) => link.rel === "alternate").map((link) => [link.hreflang, link.href]);
    expect(alternates).toEqual([
      ["es", "http://arena.test/es/about/"],
      ["en", "http://arena.test/en/about/"],
      ["ca", "http://arena.test/val/about/"],
      ["x-default", "http://arena.test/es/about/"],
    ]);
  });

  it("has Open Graph and Twitter cards, with an absolute image and the default image when none is set", async () => {
    const { html } = await page("/en/about/");
    expect(metaContent(html, "og:type")).toEqual(["website"]);
    expect(metaContent(html, "og:site_name")).toEqual(["Arena Valencia"]);
    expect(metaContent(html, "og:title")).toEqual(["The arena | Arena Valencia"]);
    expect(metaContent(html, "og:description")[0]).toMatch(/^Inside Arena Valencia: 18,600 seats/);
    expect(metaContent(html, "og:url")).toEqual(["http://arena.test/en/about/"]);
    expect(metaContent(html, "og:locale")).toEqual(["en_US"]);
    expect(metaContent(html, "og:locale:alternate")).toEqual(["es_ES", "ca_ES"]);
    expect(metaContent(html, "og:image")).toEqual(["http://arena.test/images/og/arena-1200x630.jpg"]);
    expect(metaContent(html, "og:image:width")).toEqual(["1200"]);
    expect(metaContent(html, "og:image:height")).toEqual(["630"]);
    expect(metaContent(html, "og:image:alt")).toEqual(["The arena | Arena Valencia"]);
    expect(metaContent(html, "twitter:card")).toEqual(["summary_large_image"]);
    expect(metaContent(html, "twitter:title")).toEqual(["The arena | Arena Valencia"]);
    expect(metaContent(html, "twitter:description")).toEqual(metaContent(html, "og:description"));
    expect(metaContent(html, "twitter:image")).toEqual(["http://arena.test/images/og/arena-1200x630.jpg"]);
    expect(metaContent(html, "robots")).toEqual([]);
  });

  it("gives the home page its language root as canonical and its own image text", async () => {
    const { html } = await page("/es/");
    expect(parseHtml(html).title).toBe("Arena Valencia | Conciertos, baloncesto y espectáculos");
    expect(headTags(html, "link").find((link) => link.rel === "canonical")?.href).toBe("http://arena.test/es/");
    expect(metaContent(html, "og:image:alt")).toEqual(["Silueta del Arena Valencia sobre fondo azul"]);
    expect(metaContent(html, "og:locale")).toEqual(["es_ES"]);
  });

  it.each(["/es/no-such-page/", "/en/bad_slug/", "/xx/"])("never lets %s be indexed", async (path) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(404);
    expect(metaContent(html, "robots")).toEqual(["noindex"]);
    expect(headTags(html, "link").some((link) => link.rel === "canonical")).toBe(false);
  });
});

describe("pageSeo", () => {
  const t = translatorFor("es");

  it("falls back to the page title and the site description, on the public origin without a trailing slash", () => {
    const seo = pageSeo({
      origin: "https://arena.example/",
      lang: "es",
      slug: "events/concerts",
      pageTitle: "Conciertos",
      fields: undefined,
      t,
    });
    expect(seo.title).toBe("Conciertos | Arena Valencia");
    expect(seo.description).toBe(t("SEO.DEFAULT_DESCRIPTION"));
    expect(seo.canonical).toBe("https://arena.example/es/events/concerts/");
    expect(seo.image.url).toBe("https://arena.example/images/og/arena-1200x630.jpg");
  });

  it("crops a Storyblok og_image to 1200x630 JPEG through the image service", () => {
    const seo = pageSeo({
      origin: "https://arena.example",
      lang: "en",
      slug: "",
      pageTitle: "Home",
      fields: {
        title: "  Custom   title ",
        og_image: { filename: "https://a.storyblok.com/f/1/3000x2000/abc/photo.jpg", alt: "Photo", focus: "1x2:3x4" },
      },
      t,
    });
    expect(seo.title).toBe("Custom title");
    expect(seo.image).toEqual({
      url: "https://a.storyblok.com/f/1/3000x2000/abc/photo.jpg/m/1200x630/filters:quality(70):format(jpeg):focal(1x2:3x4)",
      width: 1200,
      height: 630,
      alt: "Photo",
    });
  });

  it("drops a focal point in another shape instead of failing the page", () => {
    const seo = pageSeo({
      origin: "https://a.test",
      lang: "es",
      slug: "",
      pageTitle: "Inicio",
      fields: { og_image: { filename: "https://a.storyblok.com/f/1/3000x2000/abc/photo.jpg", focus: "center" } },
      t,
    });
    expect(seo.image.url).toBe(
      "https://a.storyblok.com/f/1/3000x2000/abc/photo.jpg/m/1200x630/filters:quality(70):format(jpeg)",
    );
  });

  it("ignores a malformed seo field (with a warning) and an unsafe image", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bad = pageSeo({
      origin: "https://a.test",
      lang: "es",
      slug: "",
      pageTitle: "Inicio",
      fields: { title: 42 },
      t,
    });
    expect(bad.title).toBe("Inicio | Arena Valencia");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Invalid seo field on \/es\/ ignored/));
    const hostile = pageSeo({
      origin: "https://a.test",
      lang: "es",
      slug: "",
      pageTitle: "Inicio",
      fields: { og_image: "javascript:alert(1)" },
      t,
    });
    expect(hostile.image.url).toBe("https://a.test/images/og/arena-1200x630.jpg");
  });

  it("keeps previews out of search engines, and only previews", () => {
    const seo = pageSeo({ origin: "https://a.test", lang: "es", slug: "", pageTitle: "Inicio", fields: {}, t });
    expect(seoMeta(seo, { noindex: true })).toContainEqual({ name: "robots", content: "noindex" });
    expect(seoMeta(seo)).not.toContainEqual(expect.objectContaining({ name: "robots" }));
  });

  it("turns into link descriptors React renders without warnings (hrefLang, not hreflang)", () => {
    const meta = seoMeta(
      pageSeo({ origin: "https://a.test", lang: "val", slug: "", pageTitle: "Inici", fields: {}, t }),
    );
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: "https://a.test/es/",
    });
  });
});
