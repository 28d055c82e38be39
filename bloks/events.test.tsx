import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "#tests/harness.ts";
import { shownHtml } from "#tests/setup/shown-html.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await request(new Request(`http://arena.test${path}`, { headers: { "User-Agent": browser } }));
  return { status: response.status, html: await response.text() };
}

/** The event list's part of the page (the cards, not the header menu or the filters). */
function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h[23] class="event-card__title"><a [^>]*>([^<]+)<\/a>/g)].map((m) => decode(m[1] ?? ""));
}

/** The text of the list's empty state (before any link), if it shows one. */
function emptyState(html: string): string | undefined {
  return /<p class="empty-state">([^<]*?)(?:<br\/>)?(?:<a |<\/p>)/.exec(html)?.[1];
}

/** The link the empty state offers, if any. */
function emptyStateLink(html: string): { href: string; text: string } | undefined {
  const match = /<p class="empty-state">[^<]*<br\/><a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a><\/p>/.exec(html);
  return match ? { href: decode(match[1] ?? ""), text: decode(match[2] ?? "") } : undefined;
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');
}

function links(html: string, className: string): { href: string; text: string; current: boolean }[] {
  return [...html.matchAll(new RegExp(`<a ([^>]*class="[^"]*${className}[^"]*"[^>]*)>([^<]*)</a>`, "g"))].map((m) => ({
    href: decode(/href="([^"]*)"/.exec(m[1] ?? "")?.[1] ?? ""),
    text: decode(m[2] ?? ""),
    current: (m[1] ?? "").includes('aria-current="page"'),
  }));
}

describe("event list through the Worker", () => {
  it("lists upcoming events only, nine to a page", async () => {
    const { status, html } = await page("/en/events/");
    expect(status).toBe(200);
    const titles = cardTitles(html);
    expect(titles).toHaveLength(9);
    expect(html).toContain("Events found: 14");
    expect(html).toContain("Page 1 of 2");
    // Past events are not in the list.
    expect(titles).not.toContain("Valencia Gospel Choir");
    expect(emptyState(html)).toBeUndefined();
    const second = await page("/en/events/?page=2");
    expect(cardTitles(second.html)).toHaveLength(5);
    expect(cardTitles(second.html).some((title) => titles.includes(title))).toBe(false);
  });

  it("marks only the page shown as current, never the previous or next page link", async () => {
    const currentInPagination = (html: string) =>
      [...(/<nav class="pagination"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(/<a [^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => tag.includes('aria-current="page"'));
    const first = currentInPagination((await page("/en/events/")).html);
    expect(first).toHaveLength(1);
    expect(first[0]).not.toMatch(/rel="next"/);
    const second = currentInPagination((await page("/en/events/?page=2")).html);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatch(/href="\/en\/events\/\?page=2"/);
  });

  it("fetches the first card's image first (the likely largest paint) and the rest lazily", async () => {
    const { html } = await page("/en/events/");
    const images = [...shownHtml(html).matchAll(/<img [^>]*class="event-card__image"[^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(9);
    expect(images[0]).toMatch(
      /^<img src="\/images\/events\/[^"]+" srcSet="[^"]+".* loading="eager" fetchPriority="high"/,
    );
    // The rest wait for the screen (app/lib/deferred-images.ts): an empty picture, the files for later.
    for (const image of images.slice(1)) {
      expect(image).toMatch(
        /^<img src="data:image\/svg\+xml,[^"]+" data-src="\/images\/events\/[^"]+" data-srcset="[^"]+"/,
      );
      expect(image).toMatch(/loading="lazy"(?! fetchPriority)/);
    }
  });

  it("filters by category with links that keep the other filters", async () => {
    const { html } = await page("/en/events/?category=comedy&search=night");
    expect(cardTitles(html)).toEqual(["Stand-up comedy night"]);
    const filters = links(html, "event-filter");
    expect(filters.find((link) => link.text === "Comedy")).toMatchObject({ current: true });
    expect(filters.find((link) => link.text === "Family")?.href).toBe("/en/events/?category=family&search=night");
    const comedy = await page("/en/events/?category=comedy");
    expect(cardTitles(comedy.html)).toEqual([
      "Pep Soler: Mitja vida (Half a life)",
      "Stand-up comedy night",
      "Lucía Ferrer: No Filter",
    ]);
  });

  it("filters by month, offering only months that have events", async () => {
    const { html } = await page("/en/events/");
    const months = links(html, "event-filter").filter((link) => link.href.includes("month="));
    expect(months.length).toBeGreaterThanOrEqual(2);
    for (const month of months) {
      const key = new URL(month.href, "http://arena.test").searchParams.get("month");
      const filtered = await page(month.href);
      const dates = [...filtered.html.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => m[1]);
      expect(dates.length).toBeGreaterThan(0);
      for (const date of dates) expect(date?.slice(0, 7)).toBe(key);
    }
  });

  it("searches names and performers, ignoring case and accents", async () => {
    expect(cardTitles((await page("/en/events/?search=nora")).html)).toEqual(["Nora Vidal live"]);
    expect(cardTitles((await page("/val/events/?search=CIRC%20ESTRELES")).html)).toEqual(["El Circ de les Estreles"]);
    const { html } = await page("/es/events/?search=taronja");
    expect(cardTitles(html)).toEqual(["Valencia Taronja – Madrid Capital", "Valencia Taronja – Bilbao Itsaso"]);
    // The visitor's words are isolated from the sentence around them (U+2068 … U+2069).
    expect(html).toContain("Resultados de «\u2068taronja\u2069»: 2");
  });

  it("shows a right-to-left override in a search as a space, and the sentence around it in order", async () => {
    const { status, html } = await page("/en/events/?search=abc%E2%80%AEdef");
    expect(status).toBe(200);
    expect(html).toContain("Results for “\u2068abc def\u2069”: 0");
    expect(html).not.toContain("\u202e");
    expect(html).toContain('value="abc def"');
  });

  it("paginates search results and keeps the search in page links", async () => {
    const { html } = await page("/en/events/?search=arena");
    const pages = links(html, "").filter((link) => /[?&]page=2/.test(link.href));
    for (const link of pages) expect(link.href).toContain("search=arena");
  });

  it("says so when a search finds nothing", async () => {
    const { status, html } = await page("/en/events/?search=zzzz");
    expect(status).toBe(200);
    expect(emptyState(html)).toBe("No results match your search");
    expect(emptyStateLink(html)).toEqual({ href: "/en/events/", text: "See all events" });
    expect(cardTitles(html)).toEqual([]);
    expect(emptyState((await page("/es/events/?search=zzzz")).html)).toBe("Ningún resultado coincide con tu búsqueda");
  });

  it("says so when no event matches the filters, and offers every event", async () => {
    const { status, html } = await page("/en/events/?month=2020-01");
    expect(status).toBe(200);
    expect(emptyState(html)).toBe("No events match these filters");
    expect(emptyStateLink(html)).toEqual({ href: "/en/events/", text: "See all events" });
    expect(cardTitles(html)).toEqual([]);
    const val = (await page("/val/events/?month=2020-01")).html;
    expect(emptyState(val)).toBe("Cap esdeveniment coincidix amb estos filtres");
    expect(emptyStateLink(val)).toEqual({ href: "/val/events/", text: "Mostra tots els esdeveniments" });
  });

  async function answer(path: string): Promise<{ status: number; location: string | null }> {
    const response = await request(
      new Request(`http://arena.test${path}`, { headers: { "User-Agent": browser }, redirect: "manual" }),
    );
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
    expect(last.status).toBe(200);
    expect(cardTitles(last.html).length).toBeGreaterThan(0);
  });

  it("never sends a search away: an over-long or control-laden one is cut and shown, canonical cleaned", async () => {
    const long = "circ ".repeat(40);
    const { status, html } = await page(`/en/events/?search=${encodeURIComponent(long)}%E2%80%AE`);
    expect(status).toBe(200);
    expect(cardTitles(html)).toContain("The Circus of the Stars");
    expect(html).toContain(
      `<link rel="canonical" href="http://arena.test/en/events/?search=${long.trim().slice(0, 80).trim().replace(/ /g, "+")}"/>`,
    );
  });

  it("escapes a search, whatever it holds", async () => {
    const { status, html } = await page("/en/events/?search=%3Cscript%3E");
    expect(status).toBe(200);
    expect(html).not.toContain("<script>");
  });

  it("page 2 is its own canonical page, with alternates in every language", async () => {
    const { status, html } = await page("/en/events/?page=2");
    expect(status).toBe(200);
    expect(html).toContain('<link rel="canonical" href="http://arena.test/en/events/?page=2"/>');
    expect(html).toContain('hrefLang="ca" href="http://arena.test/val/events/?page=2"');
    const first = await page("/en/events/?category=&page=1");
    expect(first.html).toContain('<link rel="canonical" href="http://arena.test/en/events/"/>');
    const filtered = await page("/en/events/?category=comedy");
    expect(filtered.html).toContain('<link rel="canonical" href="http://arena.test/en/events/?category=comedy"/>');
  });

  it("searches with a plain GET form that works without JavaScript", async () => {
    const { html } = await page("/en/events/?category=family");
    // The list's own search form (the header has a search form of its own).
    const forms = [...html.matchAll(/<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/g)].map(([form]) => form);
    const form = forms.find((candidate) => candidate.includes('name="category"')) ?? "";
    expect(form).toMatch(/method="get"/);
    expect(form).toMatch(/action="\/en\/events\/"/);
    expect(form).toContain('<input type="hidden" name="category" value="family"/>');
    expect(form).toMatch(/name="search"/);
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
      const { html } = await page("/en/events/?page=2");
      expect(html).toContain("Events found: 14");
      const starts = [...html.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => new Date(m[1] ?? ""));
      expect(starts).toHaveLength(5);
      for (const start of starts) expect(start.getTime()).toBeGreaterThan(Date.parse(now));
    },
  );
});
