import { describe, expect, it } from "vitest";
import { page } from "#tests/harness.ts";
import { all, one, textOf } from "#tests/html.ts";

/** What a page's head tells search engines (docs/seo.md). */
async function headOf(path: string) {
  const { response, document } = await page(path);
  expect(response.status, path).toBe(200);
  return {
    title: textOf(one(document, "title")),
    description: one(document, 'meta[name="description"]').getAttribute("content"),
    robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
    canonical: one(document, 'link[rel="canonical"]').getAttribute("href"),
    alternates: all(document, 'link[rel="alternate"][hreflang]').map((link) => link.getAttribute("href")),
  };
}

describe("search results stay out of search engines", () => {
  it.each(["es", "en", "val"])("in %s, whatever the search finds", async (lang) => {
    for (const search of ["zzzz", "marea"]) {
      const head = await headOf(`/${lang}/events/?search=${search}`);
      expect(head.robots).toBe("noindex");
      // The words are the visitor's, in one language: no language versions to offer.
      expect(head.alternates).toEqual([]);
    }
  });

  it.each(["", "%20", "+%09+", "%00", "%E2%80%AE"])(
    "a search with no words (?search=%s) is the whole list, noindex, canonical to the list",
    async (search) => {
      const head = await headOf(`/en/events/?search=${search}`);
      expect(head.robots).toBe("noindex");
      expect(head.canonical).toBe("http://arena.test/en/events/");
    },
  );
});

describe("a filtered or later page of the event list is a list of its own", () => {
  it("with a title and description naming what it lists, at its own address", async () => {
    const list = await headOf("/en/events/");
    const comedy = await headOf("/en/events/?category=comedy");
    expect(comedy.robots).toBeNull();
    expect(comedy.canonical).toBe("http://arena.test/en/events/?category=comedy");
    expect(comedy.title).toContain("Comedy");
    expect(comedy.description).toContain("Comedy");
    const second = await headOf("/es/events/?page=2");
    expect(second.title).toContain("Página 2");
    expect(second.description).toContain("Página 2");
    for (const view of [comedy, second]) {
      expect(view.title).not.toBe(list.title);
      expect(view.description).not.toBe(list.description);
    }
  });
});

describe("a filtered view that lists nothing", () => {
  it("is kept out of search engines; one that lists events is not", async () => {
    const { document } = await page("/en/events/");
    const months = all(document, "main a[href*='month=']").map(
      (link) => new URL(link.getAttribute("href") ?? "", "http://arena.test").searchParams.get("month") ?? "",
    );
    const seen = { empty: 0, listed: 0 };
    for (const category of ["concerts", "basketball", "family", "comedy"])
      for (const month of months) {
        const view = await page(`/en/events/?category=${category}&month=${month}`);
        const empty = view.document.querySelector("main .empty-state") !== null;
        const robots = view.document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null;
        expect(robots, `${category} ${month}`).toBe(empty ? "noindex" : null);
        seen[empty ? "empty" : "listed"] += 1;
      }
    expect(seen.empty).toBeGreaterThan(0);
    expect(seen.listed).toBeGreaterThan(0);
  });
});
