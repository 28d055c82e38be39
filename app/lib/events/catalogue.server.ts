import type { ContentSource } from "../content-source";
import type { Story } from "../content-types";
import type { Lang } from "../languages";
import { toIsoWithOffset } from "./dates";
import { EVENTS_FOLDER, hasStarted, toEventRecord, type EventRecord } from "./event";
import { DEFAULT_EVENTS_PER_PAGE, matchesSearch, type EventFilters } from "./filters";
import { formatDay, formatMonth, formatPrice, formatTime } from "./format";
import type { EventCard, EventImageData, EventListData } from "./listing";
import { buildImage, type ImageRequest } from "../image";

/** Cards show a 16:9 image in a column about 480 pixels wide. */
const CARD_IMAGE: ImageRequest = { width: 480, height: 270 };

/** An event's image as an `<img>` needs it, at the size asked for. */
export function eventImage(record: EventRecord, request: ImageRequest): EventImageData {
  const { image } = record.content;
  return { ...buildImage(image.filename, request), alt: image.alt ?? "" };
}

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

/** Every valid event story in a language, earliest first. */
export async function loadEvents(content: ContentSource, lang: Lang): Promise<EventRecord[]> {
  const records = (await loadEventStories(content, lang)).flatMap((story) => toEventRecord(story) ?? []);
  return records.sort((a, b) => a.content.date.localeCompare(b.content.date));
}

/** An event as a card shows it, formatted for `lang`. */
export function toEventCard(record: EventRecord, lang: Lang, now: Date): EventCard {
  const { content } = record;
  return {
    slug: record.slug,
    name: content.name,
    category: content.category,
    startIso: toIsoWithOffset(record.start),
    dayLabel: formatDay(record.start, lang, "short"),
    time: formatTime(record.start),
    location: content.location,
    image: eventImage(record, CARD_IMAGE),
    priceFrom: content.price_from === null ? null : formatPrice(content.price_from, lang),
    soldOut: content.sold_out,
    comingSoon: content.coming_soon,
    past: hasStarted(record, now),
  };
}

function searchableText(record: EventRecord): string[] {
  const { content } = record;
  return [content.name, content.performer, content.location, content.summary, content.promoter_name];
}

/**
 * One page of the event list: upcoming events only (past ones stay reachable at their own
 * address), filtered by category, month and search. A page past the end shows the last page.
 */
export function buildEventList(
  records: EventRecord[],
  filters: EventFilters,
  options: { lang: Lang; now: Date; perPage?: number },
): EventListData {
  const { lang, now } = options;
  const perPage = options.perPage ?? DEFAULT_EVENTS_PER_PAGE;
  const upcoming = records.filter((record) => !hasStarted(record, now));
  const monthOf = (record: EventRecord) => record.content.date.slice(0, 7);
  const matching = upcoming.filter(
    (record) =>
      (!filters.category || record.content.category === filters.category) &&
      (!filters.month || monthOf(record) === filters.month) &&
      matchesSearch(filters.search, searchableText(record)),
  );
  const pageCount = Math.max(1, Math.ceil(matching.length / perPage));
  const page = Math.min(filters.page, pageCount);
  const months = [...new Set(upcoming.map(monthOf))];
  return {
    filters: { ...filters, page },
    events: matching.slice((page - 1) * perPage, page * perPage).map((record) => toEventCard(record, lang, now)),
    total: matching.length,
    pageCount,
    months: months.map((key) => ({ key, label: formatMonth(key, lang) })),
    hasUpcoming: upcoming.length > 0,
  };
}

/**
 * The events an upcoming-events block shows: the ones editors picked (in their order, past ones
 * dropped), or else the next `limit` events.
 */
export function pickUpcoming(records: EventRecord[], picked: string[], limit: number, now: Date): EventRecord[] {
  const upcoming = records.filter((record) => !hasStarted(record, now));
  if (picked.length === 0) return upcoming.slice(0, limit);
  const byUuid = new Map(upcoming.map((record) => [record.uuid, record]));
  return picked.flatMap((uuid) => byUuid.get(uuid) ?? []).slice(0, limit);
}

/**
 * The event the home page's hero shows: the next upcoming event marked `headline`, or else the
 * next upcoming event, so the hero is never empty while anything is scheduled.
 */
export function pickHeadline(records: EventRecord[], now: Date): EventRecord | null {
  const upcoming = records.filter((record) => !hasStarted(record, now));
  return upcoming.find((record) => record.content.headline) ?? upcoming[0] ?? null;
}
