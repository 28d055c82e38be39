import { afterEach, describe, expect, it, vi } from "vitest";
import { BROWSER_UA, page, request } from "#tests/harness.ts";
import { all, canonicalOf, one, ownTextOf, shown, textOf } from "#tests/html.ts";

/** The titles of the event cards (the list's, not the header menu's or the filters'). */
function cardTitles(document: Document): string[] {
  return all(document, ".event-card__title > a").map(textOf);
}

/** The text of the list's empty state (before any link), if it shows one. */
function emptyState(document: Document): string | undefined {
  const empty = document.querySelector("p.empty-state");
  return empty ? ownTextOf(empty) : undefined;
}

/** The link the empty state offers on a line of its own, if any. */
function emptyStateLink(document: Document): { href: string | null; text: string } | undefined {
  const link = document.querySelector("p.empty-state > br + a");
  return link ? { href: link.getAttribute("href"), text: textOf(link) } : undefined;
}

/** The links matching `selector`: where they lead, their text, and whether they mark the current page. */
function links(document: Document, selector: string): { href: string; text: string; current: boolean }[] {
  return all(document, selector).map((link) => ({
    href: link.getAttribute("href") ?? "",
    text: textOf(link),
    current: link.getAttribute("aria-current") === "page",
  }));
}

describe("event list through the Worker", () => {
  it("lists upcoming events only, nine to a page", async () => {
    const { response, html, document } = await page("/en/events/");
    expect(response.status).toBe(200);
    const titles = cardTitles(document);
    expect(titles).toHaveLength(9);
    expect(html).toContain("Events found: 14");
    expect(html).toContain("Page 1 of 2");
    // Past events are not in the list.
    expect(titles).not.toContain("Valencia Gospel Choir");
    expect(emptyState(document)).toBeUndefined();
    const second = await page("/en/events/?page=2");
    expect(cardTitles(second.document)).toHaveLength(5);
    expect(cardTitles(second.document).some((title) => titles.includes(title))).toBe(false);
  });

  it("marks only the page shown as current, never the previous or next page link", async () => {
    const currentInPagination = (document: Document) => all(document, 'nav.pagination a[aria-current="page"]');
    const first = currentInPagination((await page("/en/events/")).document);
    expect(first).toHaveLength(1);
    expect(first[0]?.getAttribute("rel")).not.toBe("next");
    const second = currentInPagination((await page("/en/events/?page=2")).document);
    expect(second).toHaveLength(1);
    expect(second[0]?.getAttribute("href")).toBe("/en/events/?page=2");
  });

  it("fetches the first card's image first (the likely largest paint) and the rest lazily", async () => {
    const { document } = await page("/en/events/");
    const [lead, ...rest] = all(shown(document), "img.event-card__image");
    expect(rest).toHaveLength(8);
    expect(lead?.getAttribute("src")).toMatch(/^\/images\/events\/./);
    expect(lead?.getAttribute("srcset")).toBeTruthy();
    expect(lead?.getAttribute("loading")).toBe("eager");
    expect(lead?.getAttribute("fetchpriority")).toBe("high");
    // The rest wait for the screen (app/lib/deferred-images.ts): an empty picture, the files for later.
    for (const image of rest) {
      expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml,./);
      expect(image.getAttribute("data-src")).toMatch(/^\/images\/events\/./);
      expect(image.getAttribute("data-srcset")).toBeTruthy();
      expect(image.getAttribute("loading")).toBe("lazy");
      expect(image.getAttribute("fetchpriority")).toBeNull();
    }
  });

  it("filters by category with links that keep the other filters", async () => {
    const { document } = await page("/en/events/?category=comedy&search=night");
    expect(cardTitles(document)).toEqual(["Stand-up comedy night"]);
    const filters = links(document, "a.event-filter");
    expect(filters.find((link) => link.text === "Comedy")).toMatchObject({ current: true });
    expect(filters.find((link) => link.text === "Family")?.href).toBe("/en/events/?category=family&search=night");
    const comedy = await page("/en/events/?category=comedy");
    expect(cardTitles(comedy.document)).toEqual([
      "Pep Soler: Mitja vida (Half a life)",
      "Stand-up comedy night",
      "Lucía Ferrer: No Filter",
    ]);
  });

  it("filters by month, offering only months that have events", async () => {
    const { document } = await page("/en/events/");
    const months = links(document, "a.event-filter").filter((link) => link.href.includes("month="));
    expect(months.length).toBeGreaterThanOrEqual(2);
    for (const month of months) {
      const key = new URL(month.href, "http://arena.test").searchParams.get("month");
      const filtered = await page(month.href);
      const dates = all(filtered.document, "time[datetime]").map((time) => time.getAttribute("datetime"));
      expect(dates.length).toBeGreaterThan(0);
      for (const date of dates) expect(date?.slice(0, 7)).toBe(key);
    }
  });

  it("searches names and performers, ignoring case and accents", async () => {
    expect(cardTitles((await page("/en/events/?search=nora")).document)).toEqual(["Nora Vidal live"]);
    expect(cardTitles((await page("/val/events/?search=CIRC%20ESTRELES")).document)).toEqual([
      "El Circ de les Estreles",
    ]);
    const { html, document } = await page("/es/events/?search=taronja");
    expect(cardTitles(document)).toEqual(["Valencia Taronja – Madrid Capital", "Valencia Taronja – Bilbao Itsaso"]);
    // The visitor's words are isolated from the sentence around them (U+2068 … U+2069).
    expect(html).toContain("Resultados de «\u2068taronja\u2069»: 2");
  });

  it("shows a right-to-left override in a search as a space, and the sentence around it in order", async () => {
    const { response, html, document } = await page("/en/events/?search=abc%E2%80%AEdef");
    expect(response.status).toBe(200);
    expect(html).toContain("Results for “\u2068abc def\u2069”: 0");
    expect(html).not.toContain("\u202e");
    expect(one(document, 'main input[name="search"]').getAttribute("value")).toBe("abc def");
  });

  it("paginates search results and keeps the search in page links", async () => {
    const { document } = await page("/en/events/?search=arena");
    const pages = links(document, "nav.pagination a").filter((link) => /[?&]page=2/.test(link.href));
    expect(pages.length).toBeGreaterThan(0);
    for (const link of pages) expect(link.href).toContain("search=arena");
  });

  it("says so when a search finds nothing", async () => {
    const { response, document } = await page("/en/events/?search=zzzz");
    expect(response.status).toBe(200);
    expect(emptyState(document)).toBe("No results match your search");
    expect(emptyStateLink(document)).toEqual({ href: "/en/events/", text: "See all events" });
    expect(cardTitles(document)).toEqual([]);
    expect(emptyState((await page("/es/events/?search=zzzz")).document)).toBe(
      "Ningún resultado coincide con tu búsqueda",
    );
  });

  it("says so when no event matches the filters, and offers every event", async () => {
    const { response, document } = await page("/en/events/?month=2020-01");
    expect(response.status).toBe(200);
    expect(emptyState(document)).toBe("No events match these filters");
    expect(emptyStateLink(document)).toEqual({ href: "/en/events/", text: "See all events" });
    expect(cardTitles(document)).toEqual([]);
    const val = (await page("/val/events/?month=2020-01")).document;
    expect(emptyState(val)).toBe("Cap esdeveniment coincidix amb estos filtres");
    expect(emptyStateLink(val)).toEqual({ href: "/val/events/", text: "Mostra tots els esdeveniments" });
  });

  async function answer(path: string): Promise<{ status: number; location: string | null }> {
    const response = await request(path, { headers: { "User-Agent": BROWSER_UA } });
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get("Location") };
  }

  it.each([
    ["?page=abc", "/en/events/"],
    ["?page=-1", "/en/events/"],
    ["?page=0", "/en/events/"],
    ["?page=01&category=comedy", "/en/events/?category=comedy"],
    ["?category=opera", "/en/events/"],
    ["?category=opera&search=circ", "/en/events/?search=circ"],
    ["?month=soon", "/en/events/"],
    ["?month=2026-13&category=family", "/en/events/?category=family"],
  ])("sends %s, never a view of the list, on for good to the nearest view: %s", async (query, target) => {
    expect(await answer(`/en/events/${query}`)).toEqual({ status: 301, location: target });
  });

  it("sends a page past the last (an old link) to the last page, for now: it may come back", async () => {
    expect(await answer("/en/events/?page=7")).toEqual({ status: 302, location: "/en/events/?page=2" });
    expect(await answer("/val/events/?category=comedy&page=2")).toEqual({
      status: 302,
      location: "/val/events/?category=comedy",
    });
    const last = await page("/en/events/?page=2");
    expect(last.response.status).toBe(200);
    expect(cardTitles(last.document).length).toBeGreaterThan(0);
  });

  it("never sends a search away: an over-long or control-laden one is cut and shown, canonical cleaned", async () => {
    const long = "circ ".repeat(40);
    const { response, document } = await page(`/en/events/?search=${encodeURIComponent(long)}%E2%80%AE`);
    expect(response.status).toBe(200);
    expect(cardTitles(document)).toContain("The Circus of the Stars");
    expect(canonicalOf(document)).toBe(
      `http://arena.test/en/events/?search=${long.trim().slice(0, 80).trim().replaceAll(" ", "+")}`,
    );
  });

  it("escapes a search, whatever it holds", async () => {
    const { response, html } = await page("/en/events/?search=%3Cscript%3E");
    expect(response.status).toBe(200);
    expect(html).not.toContain("<script>");
  });

  it("page 2 is its own canonical page, with alternates in every language", async () => {
    const { response, document } = await page("/en/events/?page=2");
    expect(response.status).toBe(200);
    expect(canonicalOf(document)).toBe("http://arena.test/en/events/?page=2");
    expect(one(document, 'link[rel="alternate"][hreflang="ca"]').getAttribute("href")).toBe(
      "http://arena.test/val/events/?page=2",
    );
    const first = await page("/en/events/?category=&page=1");
    expect(canonicalOf(first.document)).toBe("http://arena.test/en/events/");
    const filtered = await page("/en/events/?category=comedy");
    expect(canonicalOf(filtered.document)).toBe("http://arena.test/en/events/?category=comedy");
  });

  it("searches with a plain GET form that works without JavaScript", async () => {
    const { document } = await page("/en/events/?category=family");
    // The list's own search form (the header has a search form of its own).
    const form = one(document, 'form[role="search"]:has(input[name="category"])');
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/en/events/");
    const category = one(form, 'input[name="category"]');
    expect([category.getAttribute("type"), category.getAttribute("value")]).toEqual(["hidden", "family"]);
    one(form, 'input[name="search"]');
  });
});

describe("embedded events never go stale", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(["2026-11-22T12:00:00Z", "2027-03-28T12:00:00Z", "2028-08-15T21:30:00Z"])(
    "on %s the list still holds the same upcoming events, all in the future",
    async (now) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(now));
      const { html, document } = await page("/en/events/?page=2");
      expect(html).toContain("Events found: 14");
      const starts = all(document, "time[datetime]").map((time) => new Date(time.getAttribute("datetime") ?? ""));
      expect(starts).toHaveLength(5);
      for (const start of starts) expect(start.getTime()).toBeGreaterThan(Date.parse(now));
    },
  );
});
