import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generatedDate, generatedSlug, generateEventStories } from "#tests/fixtures/generated-events.mjs";
import { clearCache } from "#tests/mocks/storyblok/worker.ts";
import { replayStoryblok, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { createKvCache } from "#worker/services/cache/kv-cache.ts";
import { cachedContentSource } from "#worker/services/content/cached.ts";
import { createEmbeddedContentSource } from "#worker/services/content/embedded.ts";
import { watchForOutage } from "#worker/services/content/outage.ts";
import { createStoryblokSource, storyblokClient } from "#worker/services/content/storyblok.ts";
import type { ContentSource } from "#app/lib/content-source.ts";
import type { Story } from "#app/lib/content-types.ts";
import { buildEventList, loadCatalogue, loadEvents } from "#app/lib/events/catalogue.server.ts";
import { createDateShifter } from "#app/lib/events/date-shift.ts";
import { parseEventFilters } from "#app/lib/events/filters.ts";

// The catalogue used to stop at five pages of 100 stories, so at 1,000 events half of
// them vanished from the list, the month filter and the search. 1,200 events, through both sources.

const COUNT = 1_200;
const FROM = "2030-01-01";
const now = new Date("2026-11-23T12:00:00Z");
const events = generateEventStories(COUNT, { lang: "es", from: FROM });

/** What the list must find at this size: the last events by month, by search, and on the last page. */
async function expectWholeCatalogue(content: ContentSource) {
  const records = await loadEvents(content, "es");
  expect(records).toHaveLength(COUNT);
  expect(new Set(records.map((record) => record.slug)).size).toBe(COUNT);
  const list = (query: string) =>
    buildEventList(records, parseEventFilters(new URLSearchParams(query)) ?? expect.unreachable(query), {
      lang: "es",
      now,
      perPage: 12,
    });
  expect(list("").total).toBe(COUNT);
  expect(list("").pageCount).toBe(COUNT / 12);
  expect(list(`page=${COUNT / 12}`).events.at(-1)?.slug).toBe(generatedSlug(COUNT - 1));
  // Event 1,150 is past the old 500-story cut: its month and its name find it.
  const late = 1_150;
  const month = generatedDate(late, FROM).slice(0, 7);
  const inMonth = list(`month=${month}`);
  expect(inMonth.total).toBe(events.filter((story) => String(story.content.date).startsWith(month)).length);
  expect(inMonth.total).toBeGreaterThan(100);
  const monthPages = Array.from({ length: inMonth.pageCount }, (_, i) => list(`month=${month}&page=${i + 1}`).events);
  expect(monthPages.flat().map((e) => e.slug)).toContain(generatedSlug(late));
  expect(list(`search=Generated event ${String(late).padStart(5, "0")}`).events.map((e) => e.slug)).toEqual([
    generatedSlug(late),
  ]);
  expect(list("").months.map((m) => m.key)).toContain(month);
}

describe("the event catalogue beyond 500 events", () => {
  it("reads every event from the embedded source", async () => {
    const storyFiles = Object.fromEntries(
      events.map((story) => [`content/stories/es/events/${story.slug}.json`, { story }]),
    );
    const shiftDates = createDateShifter({ anchor: "2026-11-22" }, () => now);
    await expectWholeCatalogue(createEmbeddedContentSource({ storyFiles, shiftDates }));
  });

  describe("from Storyblok (the CDN's paging: per_page at most 100, a total header)", { timeout: 30_000 }, () => {
    let replay: Replay;
    beforeEach(async () => {
      await clearCache();
      replay = replayStoryblok();
    });
    afterEach(() => expect(replay.unhandled).toEqual([]));

    /** Answers `cdn/stories` like the CDN: a page of the generated events and the paging headers. */
    function serveListing(options: { totalHeader: boolean }) {
      replay.override((url) => {
        if (url.pathname !== "/v2/cdn/stories") return null;
        const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 25), 100);
        const page = Number(url.searchParams.get("page") ?? 1);
        const stories: Story[] = events.slice((page - 1) * perPage, page * perPage);
        const headers = new Headers({ "Content-Type": "application/json" });
        if (options.totalHeader) {
          headers.set("total", String(COUNT));
          headers.set("per-page", String(perPage));
        }
        return new Response(JSON.stringify({ stories, cv: 1, rels: [], links: [] }), { headers });
      });
    }

    const client = () =>
      storyblokClient({
        region: "eu",
        apiBase: "",
        timeoutMs: 5000,
        accessToken: "test-public-token",
        version: "published",
      });
    const cv = { get: async () => 1, set: async () => undefined };

    it("reads all twelve pages", async () => {
      serveListing({ totalHeader: true });
      await expectWholeCatalogue(createStoryblokSource(client(), "published", cv));
      const pages = replay.calls.filter((url) => url.pathname === "/v2/cdn/stories");
      expect(pages.map((url) => Number(url.searchParams.get("page"))).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
      expect(pages.every((url) => url.searchParams.get("per_page") === "100")).toBe(true);
    });

    it("keeps paging while pages come back full when the total header is missing", async () => {
      serveListing({ totalHeader: false });
      await expectWholeCatalogue(createStoryblokSource(client(), "published", cv));
    });

    it("reads them all through the KV cache too, and again from KV alone", async () => {
      serveListing({ totalHeader: true });
      const cached = () =>
        cachedContentSource(
          createStoryblokSource(client(), "published", cv),
          createKvCache({ kv: env.CACHE, waitUntil: () => undefined }),
          env.CACHE,
        );
      await expectWholeCatalogue(cached());
      // Let the background KV writes land, then read with the CDN gone.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const calls = replay.calls.length;
      await expectWholeCatalogue(cached());
      expect(replay.calls.length).toBe(calls);
    });
  });
});

describe("the event catalogue is indexed once per content version", () => {
  function countingSource(version: () => string) {
    const source = createEmbeddedContentSource({
      storyFiles: Object.fromEntries(
        events.slice(0, 250).map((story) => [`content/stories/es/events/${story.slug}.json`, { story }]),
      ),
      shiftDates: createDateShifter({ anchor: "2026-11-22" }, () => now),
    });
    let listings = 0;
    const counted: ContentSource = {
      ...source,
      version: async () => version(),
      listStories: (lang, query) => {
        listings += 1;
        return source.listStories(lang, query);
      },
    };
    return { counted, listings: () => listings };
  }

  it("shares one index while the version holds, and builds another when it moves", async () => {
    let version = `test-${crypto.randomUUID()}`;
    const { counted, listings } = countingSource(() => version);
    const first = await loadCatalogue(counted, "es");
    expect(first.records).toHaveLength(250);
    expect(first.bySlug.get(generatedSlug(249))?.uuid).toBe(events[249]?.uuid);
    expect(await loadCatalogue(counted, "es")).toBe(first);
    expect(listings()).toBe(3);
    version = `test-${crypto.randomUUID()}`;
    expect(await loadCatalogue(counted, "es")).not.toBe(first);
    expect(listings()).toBe(6);
  });

  it("keeps it through the outage guard the Worker wraps every request's source in", async () => {
    const version = `test-${crypto.randomUUID()}`;
    const { counted, listings } = countingSource(() => version);
    const { content } = watchForOutage(counted);
    expect(await loadCatalogue(content, "es")).toBe(await loadCatalogue(content, "es"));
    expect(listings()).toBe(3);
  });

  it("never keeps the index of a source without a version (drafts)", async () => {
    const { counted, listings } = countingSource(() => "unused");
    const { version: _ignored, ...draft } = counted;
    await loadCatalogue(draft, "es");
    await loadCatalogue(draft, "es");
    expect(listings()).toBe(6);
  });
});
