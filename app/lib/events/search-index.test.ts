import { describe, expect, it } from "vitest";
import { generateEventStories } from "#tests/fixtures/generated-events.mjs";
import type { Story } from "#app/lib/content-types.ts";
import { EVENT_CATEGORIES } from "./categories";
import { buildEventList, indexEvents, type EventCatalogue } from "./catalogue.server";
import { toEventRecord, type EventRecord } from "./event";
import { matchesWords, searchWords, type EventFilters } from "./filters";
import { buildSearchIndex, findRecords } from "./search-index";

// The event list answers its filters from indexes (month runs, category positions, a trigram
// search index). These tests hold it to what reading every record gives, and check that a
// request does not read every record.

const now = new Date("2026-11-23T12:00:00Z");

function record(story: Story): EventRecord {
  return toEventRecord(story) ?? expect.unreachable(story.slug);
}

/** A hand-written event, with the texts a search must fold and match like the plain scan. */
function special(slug: string, date: string, fields: Record<string, unknown>): EventRecord {
  return record({
    id: 1,
    uuid: `uuid-${slug}`,
    name: slug,
    slug,
    full_slug: `events/${slug}`,
    lang: "es",
    content: { component: "event", _uid: slug, name: slug, category: "concerts", date, location: "Pista", ...fields },
  });
}

const specials = [
  special("circo-del-sol", "2026-12-04 20:00", {
    name: "Circo del Sol",
    performer: "Compañía Ñandú",
    category: "family",
  }),
  special("valencia-basket", "2027-01-10 18:00", { name: "València Basket", location: "Pista central" }),
  special("old-valencia", "2026-10-01 18:00", { name: "València Basket (pasado)" }),
  special("rock-roll", "2026-12-20 21:30", { name: "Rock & Roll: c'est la vie!", summary: "a-ha... ¡Olé!" }),
  special("greek", "2027-02-14 20:00", { name: "Ελλάδα Σήμερα", performer: "Москва Оркестр", category: "comedy" }),
  special("tokyo", "2027-03-01 19:00", { name: "東京 ナイト 🎉", summary: "Straße Zürich" }),
  special("trigrams", "2027-03-02 19:00", { name: "abc bca cab", summary: "xy" }),
  special("spans", "2026-12-31 23:00", { name: "Fin de año", performer: "Marea Alta", promoter_name: "Live Nation" }),
];
const generated = generateEventStories(1_500, { lang: "es", from: "2026-06-01" }).map(record);
const catalogue = indexEvents([...generated, ...specials]);

/** The list as the code before the indexes worked it out: every upcoming record read and tested. */
function scanList(filters: EventFilters, perPage: number) {
  const words = searchWords(filters.search);
  const upcoming = catalogue.records.flatMap((event, index) =>
    (catalogue.starts[index] ?? 0) > now.getTime() ? [{ event, text: catalogue.searchText[index] ?? "" }] : [],
  );
  const months = [...new Set(upcoming.map(({ event }) => event.content.date.slice(0, 7)))];
  const matching = upcoming.filter(
    ({ event, text }) =>
      (!filters.category || event.content.category === filters.category) &&
      (!filters.month || event.content.date.startsWith(filters.month)) &&
      matchesWords(words, text),
  );
  const pageCount = Math.max(1, Math.ceil(matching.length / perPage));
  const page = Math.min(filters.page, pageCount);
  return {
    total: matching.length,
    pageCount,
    page,
    slugs: matching.slice((page - 1) * perPage, page * perPage).map(({ event }) => event.slug),
    months,
  };
}

function indexedList(target: EventCatalogue, filters: EventFilters, perPage: number) {
  const list = buildEventList(target, filters, { lang: "es", now, perPage });
  return {
    total: list.total,
    pageCount: list.pageCount,
    page: list.filters.page,
    slugs: list.events.map((event) => event.slug),
    months: list.months.map((month) => month.key),
  };
}

const SEARCHES = [
  ...["", "a", "e", "ge", "00", "12", "gen", "generated", "GENERATED Event", "génératéd", "event 0012", "00123"],
  ...["performer 01", "number 7 of", "programme.", "arena number", "main arena number 14", "event event"],
  ...["00042 00042", "a a a", "xyz", "zzzz", "circo", "CIRCO", "cír", "compania nandu", "ñandú", "ñ", "n"],
  ...["valencia", "València", "VALÈNCIA basket", "vàlència pasado", "rock & roll", "c'est", "a-ha...", "¡olé!"],
  ...["!", "&", "...", "ελλαδα", "ΕΛΛΆΔΑ", "москва", "оркестр", "東京", "ナイト", "🎉", "strasse", "straße", "zurich"],
  ...["abc", "abcab", "bca cab", "xy", "alta live", "año marea", "ano marea alta live nation", "sol compañía"],
  ...["marea  alta", " event", "event ", "1 of a", "s"],
];

describe("the event list's indexes give what reading every record gives", () => {
  it("finds the same records as testing every text, for every search", () => {
    const index = buildSearchIndex(catalogue.searchText);
    for (const search of SEARCHES) {
      const words = searchWords(search);
      const scanned = catalogue.searchText.flatMap((text, i) => (matchesWords(words, text) ? [i] : []));
      expect(findRecords(index, catalogue.searchText, words), search).toEqual(scanned);
    }
    // The pieces "abc", "bca" and "cab" are all in one text, "abcab" is not: candidates are confirmed.
    expect(findRecords(index, catalogue.searchText, ["abcab"])).toEqual([]);
  });

  it("lists the same page, total and months for every filter", () => {
    const months = [null, "2026-11", "2026-12", "2027-01", "2026-10", "2027-06", "2031-01"];
    for (const search of SEARCHES) {
      for (const category of [null, ...EVENT_CATEGORIES]) {
        for (const month of months) {
          for (const page of [1, 2, 40]) {
            const filters: EventFilters = { category, month, search, page };
            expect(indexedList(catalogue, filters, 9), JSON.stringify(filters)).toEqual(scanList(filters, 9));
          }
        }
      }
    }
  });

  it("leaves past events out and keeps the earliest first", () => {
    const list = indexedList(catalogue, { category: null, month: null, search: "valencia", page: 1 }, 9);
    expect(list.slugs).toEqual(["valencia-basket"]);
    const first = indexedList(catalogue, { category: null, month: null, search: "", page: 1 }, 9);
    expect(first.months[0]).toBe("2026-11");
    expect(first.total).toBe(scanList({ category: null, month: null, search: "", page: 1 }, 9).total);
    expect(first.total).toBeLessThan(catalogue.records.length - 600);
  });

  it("finds nothing in an empty catalogue, with or without a search", () => {
    const empty = indexEvents([]);
    for (const search of ["", "a", "circo"]) {
      expect(indexedList(empty, { category: null, month: null, search, page: 1 }, 9)).toEqual({
        total: 0,
        pageCount: 1,
        page: 1,
        slugs: [],
        months: [],
      });
    }
  });
});

describe("a request reads only the records it shows", () => {
  /** The catalogue with its records and texts counting each read of one of them. */
  function counting(target: EventCatalogue) {
    let reads = 0;
    const counted = <T>(list: T[]) =>
      new Proxy(list, {
        get(array, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
          return Reflect.get(array, key, receiver) as unknown;
        },
      });
    return {
      catalogue: { ...target, records: counted(target.records), searchText: counted(target.searchText) },
      reads: () => reads,
      reset: () => void (reads = 0),
    };
  }

  it("reads a handful of records per list view, not all of them", () => {
    const counted = counting(catalogue);
    const list = (filters: Partial<EventFilters>) =>
      buildEventList(
        counted.catalogue,
        { category: null, month: null, search: "", page: 1, ...filters },
        { lang: "es", now },
      );
    // The first search builds the catalogue's search index (every text, once).
    list({ search: "warm up" });
    expect(counted.reads()).toBeGreaterThanOrEqual(catalogue.records.length);

    const views: Partial<EventFilters>[] = [
      {},
      { page: 50 },
      { category: "comedy" },
      { category: "comedy", page: 20 },
      { month: "2027-01" },
      { month: "2027-01", category: "family", page: 3 },
      { search: "performer 00777" },
      { search: "circo" },
      { search: "ñandú", category: "family" },
      { search: "zzzz" },
    ];
    for (const view of views) {
      counted.reset();
      const shown = list(view);
      expect(shown.total, JSON.stringify(view)).toBeGreaterThanOrEqual(view.search === "zzzz" ? 0 : 1);
      // The page's nine cards and, for a search, the candidates it confirms: never the 1,508 records.
      expect(counted.reads(), JSON.stringify(view)).toBeLessThanOrEqual(40);
    }
  });
});
