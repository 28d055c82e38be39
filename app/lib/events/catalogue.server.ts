import type { ContentSource } from "../content-source";
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

/** The CDN's largest page; an arena's programme fits in a few. */
const PAGE_SIZE = 100;
/** A guard against a listing that never ends: 500 events is far beyond any season. */
const MAX_PAGES = 5;

/** Every valid event story in a language, earliest first. */
export async function loadEvents(content: ContentSource, lang: Lang): Promise<EventRecord[]> {
  const records: EventRecord[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const listing = await content.listStories(lang, {
      startsWith: EVENTS_FOLDER,
      contentType: "event",
      sortBy: "content.date:asc",
      page,
      perPage: PAGE_SIZE,
    });
    for (const story of listing.stories) {
      const record = toEventRecord(story);
      if (record) records.push(record);
    }
    if (listing.stories.length < PAGE_SIZE || page * PAGE_SIZE >= listing.total) break;
  }
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
