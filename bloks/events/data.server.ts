import { redirect } from "react-router";
import * as v from "valibot";
import type { Blok } from "#app/lib/content-types.ts";
import { eventImage, toEventCard } from "#app/lib/events/cards.server.ts";
import { buildEventList, loadCatalogue, pickHeadline, pickUpcoming } from "#app/lib/events/catalogue.server.ts";
import { relationUuids } from "#app/lib/events/event.ts";
import {
  cleanEventFilters,
  DEFAULT_EVENTS_PER_PAGE,
  filtersQuery,
  parseEventFilters,
  type EventFilters,
} from "#app/lib/events/filters.ts";
import { formatDay, formatMonth } from "#app/lib/events/format.ts";
import type { Translate } from "#app/lib/i18n.ts";
import type { Lang } from "#app/lib/languages.ts";
import type { EventHeroData, EventListData, UpcomingEventsData } from "#app/lib/events/listing.ts";
import type { BlokDataArgs } from "#bloks/data.server.ts";
import { thaw, type Frozen } from "#app/lib/frozen.ts";
import { HERO_IMAGE } from "#bloks/event-hero-image.ts";
import { eventsSchema } from "#bloks/events.tsx";
import { DEFAULT_UPCOMING_LIMIT, upcomingEventsSchema } from "#bloks/upcoming-events.tsx";

/** A count field from the CMS (number or numeric text) within 1…max, else the default. */
function countField(value: unknown, fallback: number, max: number): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** The list at `url`'s path showing `filters`. */
function listView(url: URL, filters: EventFilters): string {
  return `${url.pathname}${filtersQuery(filters)}`;
}

/**
 * The `events` block: one page of the list for the filters in the page's URL. A URL that is not a
 * view of the list is sent on to the nearest one (the page's loader awaits this resolver, so the
 * redirect is the page's answer), never to a dead end: a malformed value (`?page=abc`,
 * `?category=opera`, `?month=soon`) is dropped with a 301, as it never names a view; a page past
 * the last (an old link, as events pass) goes to the last page with a 302, as it may come back.
 */
export async function resolveEventList(blok: Blok, { app, url }: BlokDataArgs): Promise<EventListData> {
  const filters = parseEventFilters(url.searchParams);
  if (!filters) throw redirect(listView(url, cleanEventFilters(url.searchParams)), 301);
  const parsed = v.safeParse(eventsSchema, blok);
  const perPage = countField(parsed.success ? parsed.output.per_page : undefined, DEFAULT_EVENTS_PER_PAGE, 48);
  const catalogue = await loadCatalogue(app.content, app.lang);
  const list = buildEventList(catalogue, filters, { lang: app.lang, now: new Date(), perPage });
  if (filters.page > list.pageCount) throw redirect(listView(url, { ...filters, page: list.pageCount }), 302);
  return list;
}

/** What the head of a page holding the event list says of the view in its URL. */
export interface EventListView {
  /** The view's query, kept in the canonical URL and alternates: page 2 never claims to be page 1. */
  query: string;
  /** "Conciertos, diciembre de 2026, página 2": what the view lists; null for the whole list. */
  label: string | null;
  /** Search results stay out of search engines (docs/seo.md). */
  noindex: boolean;
}

/**
 * The event list's view as the page's head describes it (docs/seo.md): a category, month or
 * page is a list of its own, indexable under its own title and description naming it; a search
 * is the visitor's words, `noindex` whatever it finds, an empty one too. A URL the list refuses
 * is the whole list (its resolver redirects it).
 */
export function eventListView(url: URL, lang: Lang, t: Translate): EventListView {
  const filters = parseEventFilters(url.searchParams);
  if (!filters) return { query: "", label: null, noindex: false };
  const parts = [
    filters.category ? t(`EVENTS.CATEGORY.${filters.category}`) : null,
    filters.month ? formatMonth(filters.month, lang) : null,
    filters.search ? t("SEO.SEARCH_VIEW", { search: filters.search }) : null,
    filters.page > 1 ? t("EVENTS.PAGE", { page: filters.page }) : null,
  ].filter((part): part is string => part !== null);
  // A search is a search whatever its words, none or blanks included (the form sent with an empty
  // box): its address is the visitor's, never one to index.
  const searched = url.searchParams.has("search");
  return { query: filtersQuery(filters), label: parts.length > 0 ? parts.join(", ") : null, noindex: searched };
}

/**
 * Whether an event list's resolved data (this module's `resolveEventList`, frozen) found
 * nothing for its view. A filtered view with nothing in it is a "no events" page, not one to
 * index (docs/seo.md).
 */
export function eventListEmpty(data: unknown): boolean {
  return typeof data === "string" && thaw(data as Frozen<EventListData>).total === 0;
}

/** The `upcoming_events` block: the picked events, or the next ones. */
export async function resolveUpcomingEvents(blok: Blok, { app }: BlokDataArgs): Promise<UpcomingEventsData> {
  const parsed = v.safeParse(upcomingEventsSchema, blok);
  if (!parsed.success) return { events: [] };
  const now = new Date();
  const limit = countField(parsed.output.limit, DEFAULT_UPCOMING_LIMIT, 24);
  const catalogue = await loadCatalogue(app.content, app.lang);
  const picked = pickUpcoming(catalogue, relationUuids(parsed.output.events), limit, now);
  return { events: picked.map((record) => toEventCard(record, app.lang, now)) };
}

/** The `event_hero` block: the next headline event, with its image at the hero's size. */
export async function resolveEventHero(_blok: Blok, { app }: BlokDataArgs): Promise<EventHeroData> {
  const now = new Date();
  const record = pickHeadline(await loadCatalogue(app.content, app.lang), now);
  if (!record) return { event: null };
  return {
    event: {
      ...toEventCard(record, app.lang, now),
      summary: record.content.summary,
      dayLong: formatDay(record.start, app.lang, "long"),
      hero: eventImage(record, HERO_IMAGE),
    },
  };
}
