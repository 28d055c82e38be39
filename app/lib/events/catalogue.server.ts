import type { ContentSource } from "#app/lib/content-source.ts";
import type { Story } from "#app/lib/content-types.ts";
import type { Lang } from "#app/lib/languages.ts";
import { perObject } from "#app/lib/per-object.ts";
import type { EventCategory } from "./categories";
import { toInstant } from "./dates";
import { EVENTS_FOLDER, hasStarted, toEventRecord, type EventRecord } from "./event";
import { DEFAULT_EVENTS_PER_PAGE, foldText, searchWords, type EventFilters } from "./filters";
import { formatMonth } from "./format";
import type { EventListData } from "./listing";
import { toEventCard } from "./cards.server";
import { buildSearchIndex, findRecords, lowerBound } from "./search-index";

/** The CDN's largest page (`per_page` 100). */
const PAGE_SIZE = 100;
/** Pages asked for at once once the first page has told how many there are. */
const PAGES_AT_ONCE = 4;
/** A guard against a listing that never ends (100,000 events); reaching it is logged, never silent. */
const MAX_PAGES = 1_000;

/**
 * Every event story in a language: the first page says how many there are (`total`), the rest
 * are read a few pages at a time until all have arrived. A listing whose `total` under-reports
 * keeps being read while pages come back full (the Storyblok source then reports "at least one
 * more"); one that over-reports stops at the first empty page.
 */
async function loadEventStories(content: ContentSource, lang: Lang): Promise<Story[]> {
  const readPage = (page: number) =>
    content.listStories(lang, {
      startsWith: EVENTS_FOLDER,
      contentType: "event",
      sortBy: "content.date:asc",
      page,
      perPage: PAGE_SIZE,
    });
  const first = await readPage(1);
  const stories = [...first.stories];
  let total = first.total;
  let lastPage = 1;
  let exhausted = first.stories.length === 0;
  while (!exhausted && stories.length < total && lastPage < MAX_PAGES) {
    const announced = Math.min(Math.ceil(total / PAGE_SIZE), MAX_PAGES);
    const upTo = Math.max(lastPage + 1, Math.min(announced, lastPage + PAGES_AT_ONCE));
    const pages = Array.from({ length: upTo - lastPage }, (_, i) => lastPage + 1 + i);
    for (const listing of await Promise.all(pages.map(readPage))) {
      stories.push(...listing.stories);
      total = Math.max(total, listing.total);
      if (listing.stories.length === 0) exhausted = true;
    }
    lastPage = upTo;
  }
  if (stories.length < total && !exhausted) {
    console.warn(`Event listing (${lang}) stopped at ${MAX_PAGES} pages: ${stories.length} of ${total} events read`);
  }
  return stories;
}

/** The records of one month (`YYYY-MM`): positions `start` to `end` (excluded) in `records`. */
export interface MonthRun {
  key: string;
  start: number;
  end: number;
}

/**
 * A language's events, indexed once per content version: earliest first, with each start as an
 * instant (so "upcoming" is a binary search, not a time-zone lookup per event per request), by
 * slug, uuid, month and category, and with the folded text a search looks in. The list's filters
 * are answered from these without reading every record on each request.
 */
export interface EventCatalogue {
  records: EventRecord[];
  /** Start instants in ms, in the order of `records`. */
  starts: number[];
  bySlug: Map<string, EventRecord>;
  byUuid: Map<string, EventRecord>;
  /** Each month's records, earliest month first (records are sorted by date, so a month is one run). */
  months: MonthRun[];
  /** Each category's positions in `records`, ascending. */
  byCategory: Map<EventCategory, Uint32Array>;
  /** `foldText` of the searchable fields, in the order of `records`. */
  searchText: string[];
}

/** Indexes events (any order) for the list, the upcoming-events block and related events. */
export function indexEvents(events: EventRecord[]): EventCatalogue {
  const records = [...events].sort((a, b) => a.content.date.localeCompare(b.content.date));
  const months: MonthRun[] = [];
  const byCategory = new Map<EventCategory, number[]>();
  records.forEach((record, index) => {
    const key = record.content.date.slice(0, 7);
    const last = months.at(-1);
    if (last?.key === key) last.end = index + 1;
    else months.push({ key, start: index, end: index + 1 });
    const inCategory = byCategory.get(record.content.category);
    if (inCategory) inCategory.push(index);
    else byCategory.set(record.content.category, [index]);
  });
  return {
    records,
    starts: records.map((record) => toInstant(record.start).getTime()),
    bySlug: new Map(records.map((record) => [record.slug, record])),
    byUuid: new Map(records.map((record) => [record.uuid, record])),
    months,
    byCategory: new Map([...byCategory].map(([category, list]) => [category, Uint32Array.from(list)])),
    searchText: records.map((record) => foldText(searchableText(record).join(" "))),
  };
}

/** A catalogue's search index, built the first time it is searched: most catalogues never are. */
const searchIndexOf = perObject((catalogue: EventCatalogue) => buildSearchIndex(catalogue.searchText));

/**
 * How long a catalogue is kept even while the version stands: as long as the listings it is
 * built from stay fresh in KV (the `long` strategy), so a missed webhook still ends.
 */
const CATALOGUE_MAX_AGE_MS = 10 * 60_000;
const catalogues = new Map<string, { builtAt: number; catalogue: Promise<EventCatalogue> }>();

/**
 * The language's event catalogue: built once per content version and isolate (and at most a
 * minute old), shared by every request meanwhile; built afresh for a source without a version
 * (drafts).
 */
export async function loadCatalogue(content: ContentSource, lang: Lang, now = Date.now()): Promise<EventCatalogue> {
  const version = content.version ? await content.version() : null;
  if (version === null) return indexEvents(await readEvents(content, lang));
  const key = `${version}|${lang}`;
  const known = catalogues.get(key);
  if (known && now - known.builtAt < CATALOGUE_MAX_AGE_MS) return known.catalogue;
  const catalogue = readEvents(content, lang).then(indexEvents);
  for (const old of catalogues.keys()) if (!old.startsWith(`${version}|`)) catalogues.delete(old);
  catalogues.set(key, { builtAt: now, catalogue });
  // A failed load is not kept: the next request tries again.
  catalogue.catch(() => catalogues.delete(key));
  return catalogue;
}

async function readEvents(content: ContentSource, lang: Lang): Promise<EventRecord[]> {
  return (await loadEventStories(content, lang)).flatMap((story) => toEventRecord(story) ?? []);
}

/** Every valid event story in a language, earliest first. */
export async function loadEvents(content: ContentSource, lang: Lang): Promise<EventRecord[]> {
  return (await loadCatalogue(content, lang)).records;
}

/** The index of the first event that has not started by `now` (records are earliest first). */
function firstUpcoming(catalogue: EventCatalogue, now: Date): number {
  const at = now.getTime();
  let [low, high] = [0, catalogue.starts.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((catalogue.starts[middle] ?? 0) <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

const asCatalogue = (events: EventRecord[] | EventCatalogue) => (Array.isArray(events) ? indexEvents(events) : events);

function searchableText(record: EventRecord): string[] {
  const { content } = record;
  return [content.name, content.performer, content.location, content.summary, content.promoter_name];
}

/**
 * One page of the event list: upcoming events only (past ones stay reachable at their own
 * address), filtered by category, month and search. A page past the end shows the last page.
 * Works from the catalogue's indexes: a date range for "upcoming" and the month, the category's
 * or the search's record positions, and only the page's cards built, so a request costs the same
 * at 17 events as at 10,000 (a search costs its matches).
 */
export function buildEventList(
  events: EventRecord[] | EventCatalogue,
  filters: EventFilters,
  options: { lang: Lang; now: Date; perPage?: number },
): EventListData {
  const { lang, now } = options;
  const catalogue = asCatalogue(events);
  const perPage = options.perPage ?? DEFAULT_EVENTS_PER_PAGE;
  const from = firstUpcoming(catalogue, now);
  const upcomingMonths = catalogue.months.filter((run) => run.end > from);
  // The positions in `records` the list may show: upcoming, and in the month if one is chosen.
  let [low, high] = [from, catalogue.records.length];
  if (filters.month) {
    const run = upcomingMonths.find((month) => month.key === filters.month);
    [low, high] = run ? [Math.max(low, run.start), run.end] : [0, 0];
  }
  const selected = selectedPositions(catalogue, filters);
  const [first, end] = selected ? [lowerBound(selected, low), lowerBound(selected, high)] : [low, high];
  const total = end - first;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(filters.page, pageCount);
  const pageStart = first + (page - 1) * perPage;
  const cards = Array.from({ length: Math.max(0, Math.min(end, pageStart + perPage) - pageStart) }, (_, i) => {
    const position = pageStart + i;
    const record = catalogue.records[selected ? (selected[position] ?? 0) : position] as EventRecord;
    return toEventCard(record, lang, now);
  });
  return {
    filters: { ...filters, page },
    events: cards,
    total,
    pageCount,
    months: upcomingMonths.map(({ key }) => ({ key, label: formatMonth(key, lang) })),
    hasUpcoming: from < catalogue.records.length,
  };
}

/**
 * The positions in `records` (ascending, past events too) that the search and the category let
 * through; null when neither is set (every position).
 */
function selectedPositions(catalogue: EventCatalogue, filters: EventFilters): ArrayLike<number> | null {
  const words = searchWords(filters.search);
  const { category } = filters;
  if (words.length === 0) return category ? (catalogue.byCategory.get(category) ?? []) : null;
  const found = findRecords(searchIndexOf(catalogue), catalogue.searchText, words);
  return category ? found.filter((index) => catalogue.records[index]?.content.category === category) : found;
}

/**
 * The events an upcoming-events block shows: the ones editors picked (in their order, past ones
 * dropped), or else the next `limit` events.
 */
export function pickUpcoming(
  events: EventRecord[] | EventCatalogue,
  picked: string[],
  limit: number,
  now: Date,
): EventRecord[] {
  const catalogue = asCatalogue(events);
  const from = firstUpcoming(catalogue, now);
  if (picked.length === 0) return catalogue.records.slice(from, from + limit);
  return picked
    .flatMap((uuid) => {
      const record = catalogue.byUuid.get(uuid);
      return record && !hasStarted(record, now) ? [record] : [];
    })
    .slice(0, limit);
}

/**
 * The event the home page's hero shows: the next upcoming event marked `headline`, or else the
 * next upcoming event, so the hero is never empty while anything is scheduled.
 */
export function pickHeadline(events: EventRecord[] | EventCatalogue, now: Date): EventRecord | null {
  const catalogue = asCatalogue(events);
  const upcoming = catalogue.records.slice(firstUpcoming(catalogue, now));
  return upcoming.find((record) => record.content.headline) ?? upcoming[0] ?? null;
}
